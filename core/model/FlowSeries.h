#pragma once

#include "CompactOptional.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace wb {

// What a socket sampler (`ss -ti`) read of one TCP connection's state at one sample: the
// kernel's tcp_info beyond what FlowInterval already holds for every TCP flow (cwnd in bytes,
// smoothed RTT and retransmissions per interval, which iperf3 and iperf 2 -e report too).
// Absent figures are ones the line did not print: ss shows ssthresh only after the first
// loss, retrans only once there were some, rates only once the kernel estimated them.
struct TcpSocketSample {
    std::int64_t sample = 0; // number of the log's sample it was read in, from 0
    CompactOptional<std::int64_t> cwndSegments;
    CompactOptional<std::int64_t> ssthreshSegments;
    CompactOptional<std::int64_t> mssBytes;
    CompactOptional<double> rttvarMs;
    CompactOptional<std::int64_t> retransmitsTotal; // since the connection began
    CompactOptional<std::int64_t> bytesAcked;       // since the connection began
    CompactOptional<std::int64_t> bytesReceived;
    CompactOptional<double> deliveryRateBitsPerSecond;
    CompactOptional<double> pacingRateBitsPerSecond;
};

// The sampled state of one TCP connection over time. Flow::intervals holds one interval per
// sample (ending at the sample, starting at the sample before it), and samples[i] the rest of
// what sample i read.
struct TcpSocketSeries {
    QString congestionControl; // as the last sample named it ("cubic", "bbr")
    QString state;             // as the last sample named it ("ESTAB", "LISTEN")
    // Why a socket is kept beside the flows instead of among them (FlowSeries::otherSockets):
    // "listening", "little data (an iperf3 control connection or an idle one)".
    QString note;
    std::vector<TcpSocketSample> samples;

    bool empty() const { return samples.empty(); }
};

// One report line of a throughput tool: an interval of one stream (or of the SUM).
// A one-hour -P 30 -i 1 log has over 100,000 of them, so the optional figures keep their
// absence inside the value (CompactOptional) and the flag comes last, in the padding: 104
// bytes instead of 168, over a third fewer fresh pages to fault in.
struct FlowInterval {
    double start = 0; // seconds since the test started
    double end = 0;
    double bytes = 0;         // transferred in the interval
    double bitsPerSecond = 0; // as the tool printed it (or bytes*8/duration for CSV)
    // UDP (server report / receiver side)
    CompactOptional<double> jitterMs;
    CompactOptional<std::int64_t> lostDatagrams;
    CompactOptional<std::int64_t> totalDatagrams;
    CompactOptional<std::int64_t> outOfOrder;
    // TCP sender details (iperf3 Retr/Cwnd, iperf2 -e Rtry/Cwnd/RTT)
    CompactOptional<std::int64_t> retransmits;
    CompactOptional<double> cwndBytes;
    CompactOptional<double> rttMs;
    CompactOptional<double> rttvarMs; // iperf3 -J, iperf 2 -e (2.1 and later)
    // False when bytes were derived from a rounded human-readable figure ("13.1 MBytes");
    // CSV and JSON output carry exact byte counts.
    bool bytesExact = false;

    double seconds() const { return end - start; }
};

static_assert(sizeof(FlowInterval) == 104, "FlowInterval grew: see its comment");

// How the parsers add an interval. A long run has thousands of intervals per flow. Doubling
// would copy them a dozen times and touch about twice the memory they end up in, and fresh
// pages cost more than the parsing; growing eightfold (8, 64, 512, 4096: an hour of -i 1 …)
// copies an eighth, and capacity not yet written costs address space only.
inline void appendInterval(std::vector<FlowInterval>& intervals, const FlowInterval& interval) {
    if (intervals.size() == intervals.capacity())
        intervals.reserve(std::max<std::size_t>(8, intervals.size() * 8));
    intervals.push_back(interval);
}

// One connection of a throughput test. iperf reuses stream ids across directions (-d, -r,
// --bidir) and prints them out of order, so a flow is identified by its connection, not by
// the number in brackets alone.
struct Flow {
    QString id;            // unique within the dataset, e.g. "3", "3/rx", "5#2"
    int streamNumber = -1; // the number iperf printed in brackets
    QString direction;     // "send", "receive", or empty when the log does not say
    QString localAddress;  // "198.18.0.1 port 53755" when the log names the connection
    QString remoteAddress;
    std::vector<FlowInterval> intervals; // -i report lines, in order
    // The whole-run figure statistics use: the receiver's view when the log has it (iperf3's
    // "receiver" line, iperf2's UDP "Server Report"), else the tool's own whole-run line.
    std::optional<FlowInterval> total;
    // The sender's whole-run line when the log also has the receiver's.
    std::optional<FlowInterval> senderTotal;
    // A socket sampler's view of the connection (ss/tcp-info), one sample per interval;
    // empty for iperf's own reports.
    TcpSocketSeries tcp;
};

// Everything a throughput log reports. The SUM lines are kept as the tool printed them so
// a computed SUM can be checked against them.
struct FlowSeries {
    std::vector<Flow> flows;
    std::vector<FlowInterval> sumIntervals;
    std::optional<FlowInterval> sumTotal;
    // sumTotal is the sender's figure because the receiver's never came (an iperf3 run cut
    // short: its receiver figures are zero or missing); the parser warns about it.
    bool sumTotalFromSender = false;
    // The direction of the flows the SUM lines add up when the log prints a SUM per direction
    // (iperf3 --bidir: the client-to-server one is kept); empty: every flow.
    QString sumDirection;
    // --bidir: the other direction's SUM, against which the other direction's flows are checked.
    std::optional<FlowInterval> otherDirectionSumTotal;
    // Sockets a sampler's log shows beside the flows (a listening socket, an iperf3 control
    // connection): kept with their samples and the reason (Flow::tcp.note), never counted.
    std::vector<Flow> otherSockets;

    bool empty() const { return flows.empty() && !sumTotal; }
};

} // namespace wb
