#pragma once

#include "model/Dataset.h"

#include <optional>
#include <vector>

namespace wb {

// Which iperf flow a sampled TCP connection (ss/tcp-info) is: the one whose ports are the
// connection's. iperf names each connection's ends ("local 198.18.2.1 port 50228 connected
// to 198.18.1.1 port 5201"), and so does the sampler; a sampler on the other end of the
// connection sees the two ports swapped.
struct SocketFlowMatch {
    std::size_t socket = 0;          // index into the sampler's FlowSeries::flows
    std::optional<std::size_t> flow; // index into the iperf dataset's FlowSeries::flows
    bool fromOtherEnd = false;       // the sampler ran at the iperf log's peer
};

class SocketFlowMatcher {
public:
    // One match per connection of `sockets`, in its order; a connection no flow (or more than
    // one flow with the same addresses too) has the ports of is left without one.
    static std::vector<SocketFlowMatch> match(const Dataset& sockets, const Dataset& iperf);
    // The port of "198.18.2.1 port 50228", or nullopt when the text names none.
    static std::optional<int> portOf(const QString& endpoint);
    // The address of "198.18.2.1 port 50228" ("198.18.2.1").
    static QString addressOf(const QString& endpoint);
};

} // namespace wb
