#pragma once

#include "FlowStatistics.h"
#include "LatencySummary.h"
#include "LossStructure.h"
#include "model/Dataset.h"

#include <memory>
#include <vector>

namespace wb {

// The statistics of one dataset, computed once (off the GUI thread, right after import) and
// then shared read-only by every view: sorted samples for CDFs and percentiles at any level,
// the default latency summary, and the flow statistics.
struct DatasetAnalysis {
    std::shared_ptr<const Dataset> dataset;
    std::vector<double> sortedRttMs; // ascending, NaN removed
    LatencySummary latency;          // at LatencySummary::defaultLevels()
    LossStructure loss;              // losses, bursts, reordering, duplicates
    FlowStatistics flows;

    bool isLatency() const { return dataset->kind == Dataset::Kind::Latency; }
    // Percentile at any level from the sorted samples (numpy's linear method).
    double percentile(double level) const;
    LatencySummary latencyAt(const std::vector<double>& levels) const;

    static std::shared_ptr<const DatasetAnalysis> of(std::shared_ptr<const Dataset> dataset);
};

} // namespace wb
