#pragma once

#include "Bootstrap.h"

namespace wb {

struct DatasetAnalysis;
struct FlowStatistics;

// A figure with its bootstrap confidence interval, as the plots draw it with error bars.
struct Estimate {
    double value = 0;
    ConfidenceInterval interval;

    // Percentile `level` of a latency dataset (ms) and its CI (Bootstrap::percentile).
    static Estimate percentile(const DatasetAnalysis& analysis, double level,
                               const BootstrapOptions& options = {});
    // Mean per-flow throughput (bit/s) over the flows the Compare tab and the CLI compare
    // (ThroughputComparison::perFlowBitsPerSecond) and its CI (Bootstrap::mean).
    static Estimate meanFlowThroughput(const FlowStatistics& stats,
                                       const BootstrapOptions& options = {});
};

} // namespace wb
