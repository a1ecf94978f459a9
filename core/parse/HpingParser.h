#pragma once

#include "PingParser.h"

namespace wb {

// hping3 in any mode (ICMP -1, TCP -S/-A/..., UDP -2): one line per reply, then statistics.
//   HPING 198.18.5.2 (veth0 198.18.5.2): icmp mode set, 28 headers + 0 data bytes
//   len=28 ip=198.18.5.2 ttl=64 id=17265 icmp_seq=0 rtt=3.0 ms
//   len=40 ip=198.18.5.2 ttl=64 DF id=0 sport=5001 flags=RA seq=0 win=0 rtt=0.3 ms
//   DUP! len=28 ip=198.18.5.2 ttl=64 id=17266 icmp_seq=0 rtt=3.1 ms
//   --- 198.18.5.2 hping statistic ---
//   200 packets transmitted, 169 packets received, 16% packet loss
//   round-trip min/avg/max = 0.1/0.7/3.8 ms
// hping3 writes the statistics to stderr and the replies to stdout, so in a log of both they
// may stand anywhere, even inside a reply line cut in two. Sequence numbers count from 0.
// Runs appended to one file are told apart by a second header or a second statistics block
// within a run (the statistics may come before or after the run's header and replies).
class HpingParser : public PingParser {
public:
    HpingParser();
    static int sniff(std::string_view head);

protected:
    void parseLine(std::string_view line) override;
    void finishRun() override;

private:
    void readReply(std::string_view line, std::string_view body);
    void readHeader(std::string_view body);
    // A part of a run (header or statistics) the current run already has: the next run starts.
    void nextRunIfSeen(bool seen);

    bool m_runHasHeader = false;
    bool m_runHasStatistics = false;
};

} // namespace wb
