#include "Estimate.h"

#include "Comparison.h"
#include "DatasetAnalysis.h"

#include <cmath>
#include <numeric>

namespace wb {

Estimate Estimate::percentile(const DatasetAnalysis& analysis, double level,
                              const BootstrapOptions& options) {
    if (analysis.sortedRttMs.empty())
        return {std::nan(""), {}};
    return {analysis.percentile(level),
            Bootstrap::percentile(analysis.sortedRttMs, level, options)};
}

Estimate Estimate::meanFlowThroughput(const FlowStatistics& stats,
                                      const BootstrapOptions& options) {
    const std::vector<double> flows = ThroughputComparison::perFlowBitsPerSecond(stats);
    if (flows.empty())
        return {std::nan(""), {}};
    return {std::accumulate(flows.begin(), flows.end(), 0.0) / static_cast<double>(flows.size()),
            Bootstrap::mean(flows, options)};
}

} // namespace wb
