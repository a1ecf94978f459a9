#include "SocketFlowMatch.h"

namespace wb {

namespace {

const QLatin1String kPortWord(" port ");

struct Ends {
    std::optional<int> localPort;
    std::optional<int> remotePort;
    QString localAddress;
    QString remoteAddress;
};

Ends endsOf(const Flow& flow) {
    return {SocketFlowMatcher::portOf(flow.localAddress),
            SocketFlowMatcher::portOf(flow.remoteAddress),
            SocketFlowMatcher::addressOf(flow.localAddress),
            SocketFlowMatcher::addressOf(flow.remoteAddress)};
}

// IPv4 addresses an IPv6 socket prints as "::ffff:198.18.1.1" are the same address.
QString plainAddress(const QString& address) {
    return address.startsWith(QLatin1String("::ffff:")) ? address.mid(7) : address;
}

bool sameAddresses(const Ends& a, const QString& local, const QString& remote) {
    return plainAddress(a.localAddress) == plainAddress(local) &&
           plainAddress(a.remoteAddress) == plainAddress(remote);
}

} // namespace

std::optional<int> SocketFlowMatcher::portOf(const QString& endpoint) {
    const int at = endpoint.lastIndexOf(kPortWord);
    if (at < 0)
        return std::nullopt;
    bool ok = false;
    const int port = endpoint.mid(at + kPortWord.size()).trimmed().toInt(&ok);
    return ok && port >= 0 && port <= 65535 ? std::optional<int>(port) : std::nullopt;
}

QString SocketFlowMatcher::addressOf(const QString& endpoint) {
    const int at = endpoint.lastIndexOf(kPortWord);
    return (at < 0 ? endpoint : endpoint.left(at)).trimmed();
}

std::vector<SocketFlowMatch> SocketFlowMatcher::match(const Dataset& sockets,
                                                      const Dataset& iperf) {
    std::vector<Ends> flows;
    for (const Flow& flow : iperf.flows.flows)
        flows.push_back(endsOf(flow));
    std::vector<SocketFlowMatch> matches;
    for (std::size_t s = 0; s < sockets.flows.flows.size(); ++s) {
        const Ends socket = endsOf(sockets.flows.flows[s]);
        SocketFlowMatch match;
        match.socket = s;
        if (socket.localPort && socket.remotePort) {
            // Candidates by ports, seen from this end or from the other; addresses settle a tie.
            std::vector<std::pair<std::size_t, bool>> byPorts;
            for (std::size_t f = 0; f < flows.size(); ++f) {
                if (flows[f].localPort == socket.localPort &&
                    flows[f].remotePort == socket.remotePort)
                    byPorts.push_back({f, false});
                else if (flows[f].localPort == socket.remotePort &&
                         flows[f].remotePort == socket.localPort)
                    byPorts.push_back({f, true});
            }
            if (byPorts.size() > 1) {
                std::vector<std::pair<std::size_t, bool>> byAddresses;
                for (const auto& [f, swapped] : byPorts)
                    if (swapped
                            ? sameAddresses(flows[f], socket.remoteAddress, socket.localAddress)
                            : sameAddresses(flows[f], socket.localAddress, socket.remoteAddress))
                        byAddresses.push_back({f, swapped});
                byPorts = byAddresses;
            }
            if (byPorts.size() == 1) {
                match.flow = byPorts.front().first;
                match.fromOtherEnd = byPorts.front().second;
            }
        }
        matches.push_back(match);
    }
    return matches;
}

} // namespace wb
