#include "DatasetAnalysis.h"

#include "Percentiles.h"

namespace wb {

double DatasetAnalysis::percentile(double level) const {
    return Percentiles::ofSorted(sortedRttMs, level);
}

LatencySummary DatasetAnalysis::latencyAt(const std::vector<double>& levels) const {
    LatencySummary summary = latency;
    summary.percentileLevels = levels;
    summary.percentileValues.clear();
    for (double level : levels)
        summary.percentileValues.push_back(percentile(level));
    return summary;
}

std::shared_ptr<const DatasetAnalysis> DatasetAnalysis::of(std::shared_ptr<const Dataset> dataset) {
    auto analysis = std::make_shared<DatasetAnalysis>();
    analysis->dataset = std::move(dataset);
    if (analysis->isLatency()) {
        const auto& samples = analysis->dataset->latency.rttMs;
        // One sort serves the summary's percentiles and every later view (CDF, percentiles).
        const Percentiles percentiles(samples); // sorted, NaN removed
        analysis->latency =
            LatencySummary::of(samples, percentiles, LatencySummary::defaultLevels());
        analysis->sortedRttMs = percentiles.sorted();
        analysis->loss = LossStructure::of(analysis->dataset->latency);
    } else {
        analysis->flows = FlowStatistics::of(analysis->dataset->flows);
    }
    return analysis;
}

} // namespace wb
