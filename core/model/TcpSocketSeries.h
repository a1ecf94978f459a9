#pragma once

#include "CompactOptional.h"

#include <QString>

#include <cstdint>
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

} // namespace wb
