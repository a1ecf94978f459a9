#include "SsSocketLine.h"

#include "IperfUnits.h"
#include "TextScan.h"

#include <QDateTime>
#include <QString>

#include <array>

namespace wb::ss {

using namespace scan;

namespace {

// The states ss names in its State column (iproute2's sstate_name).
bool isState(std::string_view word) {
    static constexpr std::array<std::string_view, 13> kStates = {
        "ESTAB",    "SYN-SENT", "SYN-RECV", "FIN-WAIT-1", "FIN-WAIT-2", "TIME-WAIT", "CLOSE-WAIT",
        "LAST-ACK", "LISTEN",   "CLOSING",  "UNCONN",     "UNKNOWN",    "CLOSED"};
    return std::find(kStates.begin(), kStates.end(), word) != kStates.end();
}

bool isLowerWord(std::string_view word) {
    return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

bool isCount(std::string_view word) {
    return !word.empty() &&
           std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "198.18.2.1:50228", "[::1]:5201", "[::ffff:198.18.1.1]:5201", "*:*", "0.0.0.0%lo:22".
bool splitEndpoint(std::string_view word, std::string* address, std::string* port) {
    const std::size_t colon = word.rfind(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == word.size())
        return false;
    std::string_view host = word.substr(0, colon);
    if (host.size() >= 2 && host.front() == '[') {
        const std::size_t close = host.find(']');
        if (close == std::string_view::npos)
            return false;
        address->assign(host.substr(1, close - 1));
        address->append(host.substr(close + 1)); // a zone ("%eth0") after the bracket
    } else {
        address->assign(host);
    }
    port->assign(word.substr(colon + 1));
    return !address->empty();
}

// The words of the tcp_info part that no congestion control is called.
bool isFlag(std::string_view word) {
    static constexpr std::array<std::string_view, 8> kFlags = {
        "ts", "sack", "ecn", "ecnseen", "fastopen", "app_limited", "<->", "tcp-ulp-tls"};
    return std::find(kFlags.begin(), kFlags.end(), word) != kFlags.end();
}

// The fields ss prints right after the congestion control's name.
bool startsTcpInfo(std::string_view key) {
    return key == "wscale" || key == "rto" || key == "backoff" || key == "rtt" || key == "ato" ||
           key == "mss" || key == "pmtu" || key == "cwnd";
}

std::optional<std::int64_t> wholeCount(std::string_view value) {
    const auto count = takeInt(value);
    return count && *count >= 0 && value.empty() ? count : std::nullopt;
}

// "24.362/0.09" (rtt) or "0/68" (retrans): both figures, each read by `read`.
template <typename T, typename Read>
bool readPair(std::string_view value, Read read, std::optional<T>* first,
              std::optional<T>* second) {
    const std::size_t slash = value.find('/');
    if (slash == std::string_view::npos)
        return false;
    const auto a = read(value.substr(0, slash));
    const auto b = read(value.substr(slash + 1));
    if (!a || !b)
        return false;
    *first = a;
    *second = b;
    return true;
}

std::optional<double> wholeDouble(std::string_view value) {
    const auto number = takeDouble(value);
    return number && value.empty() && std::isfinite(*number) && *number >= 0 ? number
                                                                             : std::nullopt;
}

void noteUnreadable(TcpInfo& info, std::string_view key) {
    if (!info.unreadable.empty())
        info.unreadable += ", ";
    info.unreadable.append(key);
}

// One key:value field; false when its value does not read.
bool readField(std::string_view key, std::string_view value, TcpInfo& info) {
    std::optional<std::int64_t>* count = key == "mss"              ? &info.mss
                                         : key == "cwnd"           ? &info.cwnd
                                         : key == "ssthresh"       ? &info.ssthresh
                                         : key == "bytes_acked"    ? &info.bytesAcked
                                         : key == "bytes_received" ? &info.bytesReceived
                                         : key == "segs_out"       ? &info.segsOut
                                                                   : nullptr;
    if (count) {
        *count = wholeCount(value);
        info.read = true;
        return count->has_value();
    }
    if (key == "rtt") {
        info.read = true;
        return readPair(value, wholeDouble, &info.rttMs, &info.rttvarMs);
    }
    if (key == "retrans") {
        std::optional<std::int64_t> now;
        info.read = true;
        return readPair(value, wholeCount, &now, &info.retransmitsTotal);
    }
    return true;
}

} // namespace

std::optional<SocketLine> readSocketLine(std::string_view line, std::string_view* rest) {
    std::string_view text = line;
    std::string_view word = iperf::takeWord(text);
    SocketLine socket;
    if (isLowerWord(word) && !isCount(word)) // the Netid column ("tcp")
        word = iperf::takeWord(text);
    if (isState(word)) {
        socket.state.assign(word);
        word = iperf::takeWord(text);
    }
    const std::string_view sendQueue = iperf::takeWord(text);
    if (!isCount(word) || !isCount(sendQueue))
        return std::nullopt;
    if (!splitEndpoint(iperf::takeWord(text), &socket.localAddress, &socket.localPort) ||
        !splitEndpoint(iperf::takeWord(text), &socket.peerAddress, &socket.peerPort))
        return std::nullopt;
    if (rest)
        *rest = text;
    return socket;
}

bool isHeader(std::string_view body) {
    return contains(body, "Recv-Q") && contains(body, "Send-Q") &&
           contains(body, "Local Address:Port") && contains(body, "Peer Address:Port");
}

namespace {

// The first nine digits of a fraction of a second, as nanoseconds.
std::int64_t nanosecondsOf(std::string_view fraction) {
    std::int64_t nanoseconds = 0;
    std::int64_t scale = 100000000;
    for (std::size_t i = 0; i < fraction.size() && i < 9; ++i, scale /= 10)
        nanoseconds += (fraction[i] - '0') * scale;
    return nanoseconds;
}

// "1764633228.123456789" (date +%s.%N), "1764633228" (date +%s).
std::optional<EpochTime> readEpochTime(std::string_view body) {
    const std::size_t dot = body.find('.');
    const std::string_view whole = body.substr(0, dot);
    const std::string_view fraction =
        dot == std::string_view::npos ? std::string_view() : body.substr(dot + 1);
    // Up to 12 digits (the year 33658): milliseconds since the epoch stay far inside 64 bits.
    if (!isCount(whole) || whole.size() > 12 ||
        (dot != std::string_view::npos && !isCount(fraction)))
        return std::nullopt;
    std::string_view digits = whole;
    return EpochTime{*takeInt(digits), nanosecondsOf(fraction)};
}

// "2026-12-01T21:16:03,123456789+00:00" (date -Ins), "2026-12-01 21:16:03.123456789+00:00"
// (date --rfc-3339=ns), "2026-12-01T21:16:03+0000", "…Z"; without a zone, UTC.
std::optional<EpochTime> readIsoTime(std::string_view body) {
    static constexpr std::string_view kShape = "dddd-dd-dd?dd:dd:dd";
    if (body.size() < kShape.size())
        return std::nullopt;
    for (std::size_t i = 0; i < kShape.size(); ++i) {
        const char c = body[i];
        const bool fits = kShape[i] == 'd'   ? c >= '0' && c <= '9'
                          : kShape[i] == '?' ? c == 'T' || c == ' '
                                             : c == kShape[i];
        if (!fits)
            return std::nullopt;
    }
    std::string_view rest = body.substr(kShape.size());
    std::string_view fraction;
    if (!rest.empty() && (rest.front() == '.' || rest.front() == ',')) {
        std::size_t end = 1;
        while (end < rest.size() && rest[end] >= '0' && rest[end] <= '9')
            ++end;
        fraction = rest.substr(1, end - 1);
        rest.remove_prefix(end);
    }
    const QString dateTime = QString::fromLatin1(body.data(), 10) + QLatin1Char('T') +
                             QString::fromLatin1(body.data() + 11, 8);
    QDateTime time;
    if (rest.empty()) {
        time = QDateTime::fromString(dateTime, Qt::ISODate);
        time.setTimeSpec(Qt::UTC);
    } else {
        const bool zone =
            rest == "Z" ||
            ((rest.front() == '+' || rest.front() == '-') &&
             (rest.size() == 3 || rest.size() == 5 || (rest.size() == 6 && rest[3] == ':')));
        if (!zone)
            return std::nullopt;
        time = QDateTime::fromString(
            dateTime + QString::fromLatin1(rest.data(), qsizetype(rest.size())), Qt::ISODate);
    }
    if (!time.isValid())
        return std::nullopt;
    return EpochTime{time.toSecsSinceEpoch(), nanosecondsOf(fraction)};
}

} // namespace

std::optional<EpochTime> readTimeLine(std::string_view body) {
    if (auto epoch = readEpochTime(body))
        return epoch;
    return readIsoTime(body);
}

std::optional<double> readRate(std::string_view word) {
    auto number = takeDouble(word);
    if (!number || !std::isfinite(*number) || *number < 0)
        return std::nullopt;
    double factor = 1;
    if (!word.empty() && word.size() == 4) {
        static constexpr std::string_view kPrefixes = "KMGT"; // and 'k' for kilo
        static constexpr double kFactors[] = {1e3, 1e6, 1e9, 1e12};
        const std::size_t prefix = kPrefixes.find(word.front() == 'k' ? 'K' : word.front());
        if (prefix == std::string_view::npos)
            return std::nullopt;
        factor = kFactors[prefix];
        word.remove_prefix(1);
    }
    if (word != "bps")
        return std::nullopt;
    return *number * factor;
}

void readTcpInfo(std::string_view text, TcpInfo& info) {
    std::string_view candidate; // the last bare word: the congestion control's name
    for (std::string_view word = iperf::takeWord(text); !word.empty();
         word = iperf::takeWord(text)) {
        const std::size_t colon = word.find(':');
        if (colon != std::string_view::npos) {
            const std::string_view key = word.substr(0, colon);
            if (startsTcpInfo(key) && !candidate.empty()) {
                info.congestionControl.assign(candidate);
                candidate = {};
            }
            if (!readField(key, word.substr(colon + 1), info))
                noteUnreadable(info, key);
            continue;
        }
        if (word == "send" || word == "pacing_rate" || word == "delivery_rate") {
            const std::string_view value = iperf::takeWord(text);
            const std::optional<double> rate = readRate(value);
            if (word == "send")
                continue;
            (word == "pacing_rate" ? info.pacingRate : info.deliveryRate) = rate;
            info.read = true;
            if (!rate)
                noteUnreadable(info, word);
            continue;
        }
        if (!isFlag(word) && isLowerWord(word))
            candidate = word;
    }
}

} // namespace wb::ss
