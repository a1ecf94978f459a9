#include "DatasetAnalysis.h"

#include "Percentiles.h"

#include <algorithm>
#include <cmath>

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
        analysis->latency = LatencySummary::of(samples);
        analysis->loss = LossStructure::of(analysis->dataset->latency);
        analysis->sortedRttMs = samples;
        auto nan = std::remove_if(analysis->sortedRttMs.begin(), analysis->sortedRttMs.end(),
                                  [](double v) { return std::isnan(v); });
        analysis->sortedRttMs.erase(nan, analysis->sortedRttMs.end());
        std::sort(analysis->sortedRttMs.begin(), analysis->sortedRttMs.end());
    } else {
        analysis->flows = FlowStatistics::of(analysis->dataset->flows);
    }
    return analysis;
}

} // namespace wb
