#pragma once

#include "FlowStatistics.h"
#include "LatencySummary.h"
#include "LossStructure.h"
#include "TcpStateLines.h"
#include "model/Dataset.h"

#include <memory>
#include <vector>

namespace wb {

// What an analysis computes besides the summary. The window keeps the sorted samples for its
// views; a command that prints a few percentiles selects them without sorting.
struct AnalysisOptions {
    std::vector<double> levels = LatencySummary::defaultLevels();
    bool keepSorted = true;
};

// The statistics of one dataset, computed once (off the GUI thread, right after import) and
// then shared read-only by every view, table and report: sorted samples for CDFs and
// percentiles at any level, the latency summary, the loss structure, the flow statistics and
// each flow's TCP state. The window and wirebench-cli both analyse through of().
struct DatasetAnalysis {
    using Samplers = std::vector<std::shared_ptr<const Dataset>>;

    std::shared_ptr<const Dataset> dataset;
    std::vector<double>
        sortedRttMs;        // ascending, NaN removed; empty unless AnalysisOptions::keepSorted
    LatencySummary latency; // at AnalysisOptions::levels
    LossStructure loss;     // losses, bursts, reordering, duplicates
    FlowStatistics flows;
    // Each flow's TCP state (TcpState::statesOf against `samplers`) and its figures, in the
    // order of the flows, and every flow's together.
    std::vector<TcpFlowState> tcp;
    std::vector<TcpFlowSummary> tcpPerFlow;
    TcpFlowSummary tcpAll;
    Samplers samplers; // the ss datasets the TCP state was matched against; tcp points into them
    // What a plot of TCP state draws of the dataset among those it was matched with
    // (matchedAmong): a sampler without the sockets another's flow is drawn from.
    TcpDatasetLines tcpLines;

    bool isLatency() const { return dataset->kind == Dataset::Kind::Latency; }
    // Percentile at any level from the sorted samples (numpy's linear method).
    double percentile(double level) const;
    LatencySummary latencyAt(const std::vector<double>& levels) const;
    // The best source any flow's TCP state is read from; None when no flow has any.
    TcpStateSource tcpSource() const;
    using Analyses = std::vector<std::shared_ptr<const DatasetAnalysis>>;
    // The analyses with their TCP state matched among them: each
    // throughput dataset's flows against the samplers among them, nothing else computed
    // again. An analysis that stays as it was is the same pointer.
    static Analyses matchedAmong(const Analyses& analyses);

    static std::shared_ptr<const DatasetAnalysis> of(std::shared_ptr<const Dataset> dataset,
                                                     Samplers samplers = {},
                                                     const AnalysisOptions& options = {});
    // The socket samplers (TcpState::isSampler) among datasets.
    static Samplers samplersAmong(const std::vector<std::shared_ptr<const Dataset>>& datasets);

private:
    void matchTcpState();
};

} // namespace wb
