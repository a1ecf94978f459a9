#pragma once

#include "model/Dataset.h"

#include <QString>

#include <vector>

namespace wb {

// One figure of each run of a group (its p99, its SUM): what run-level statistics compare.
struct RunStatistic {
    QString name;               // "p99 (ms)", "SUM (Mbits/s)", ...
    std::vector<double> values; // one per run, in the order of the runs
};

class RunValues {
public:
    // Latency runs: p50 and p99 of each run's RTTs (ms) and, when every run knows what it
    // sent, its loss (% of requests, LossStructure). Throughput runs: SUM (Mbits/s),
    // Jain's index and, when every run has them, the mean congestion window (KBytes of 1024),
    // smoothed RTT (ms) and retransmissions per 10^6 bytes sent of its TCP senders. A run without a
    // figure (no replies) is left out of that figure; all runs must be of one kind.
    static std::vector<RunStatistic> of(const std::vector<const Dataset*>& runs);

    // The runs that are measurements of their own, in order: an ss/tcp-info log recorded in
    // the same step as an iperf log of the list describes that log's flows (their TCP
    // state, which `of` reads from it), so it is not another run.
    static std::vector<const Dataset*> measurements(const std::vector<const Dataset*>& runs);
};

} // namespace wb
