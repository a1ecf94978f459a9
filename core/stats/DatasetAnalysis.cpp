#include "DatasetAnalysis.h"

#include "Percentiles.h"

#include <algorithm>

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

TcpStateSource DatasetAnalysis::tcpSource() const {
    return TcpState::sourceOf(tcp);
}

void DatasetAnalysis::matchTcpState() {
    std::vector<const Dataset*> others;
    for (const auto& sampler : samplers)
        others.push_back(sampler.get());
    tcp = TcpState::statesOf(*dataset, others);
    tcpPerFlow.clear();
    for (const TcpFlowState& state : tcp)
        tcpPerFlow.push_back(TcpState::summarize(state));
    tcpAll = TcpState::summarize(tcp);
    tcpLines = TcpStateLines::whole(*dataset, tcp);
}

namespace {

bool sameLines(const TcpDatasetLines& a, const TcpDatasetLines& b) {
    return a.drawnAs == b.drawnAs &&
           std::equal(
               a.flows.begin(), a.flows.end(), b.flows.begin(), b.flows.end(),
               [](const TcpFlowState& x, const TcpFlowState& y) { return x.flow == y.flow; });
}

} // namespace

DatasetAnalysis::Analyses DatasetAnalysis::matchedAmong(const Analyses& analyses) {
    Analyses matched = analyses;
    std::vector<std::shared_ptr<const Dataset>> datasets;
    for (const auto& analysis : analyses)
        datasets.push_back(analysis->dataset);
    const Samplers samplers = samplersAmong(datasets);
    std::vector<TcpDatasetLines> lines;
    for (auto& analysis : matched) {
        if (!analysis->isLatency() && !TcpState::isSampler(*analysis->dataset) &&
            analysis->samplers != samplers) {
            auto rematched = std::make_shared<DatasetAnalysis>(*analysis);
            rematched->samplers = samplers;
            rematched->matchTcpState();
            analysis = std::move(rematched);
        }
        lines.push_back(TcpStateLines::whole(*analysis->dataset, analysis->tcp));
    }
    TcpStateLines::withoutFedSockets(lines);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (sameLines(lines[i], matched[i]->tcpLines))
            continue;
        auto trimmed = std::make_shared<DatasetAnalysis>(*matched[i]);
        trimmed->tcpLines = std::move(lines[i]);
        matched[i] = std::move(trimmed);
    }
    return matched;
}

DatasetAnalysis::Samplers
DatasetAnalysis::samplersAmong(const std::vector<std::shared_ptr<const Dataset>>& datasets) {
    Samplers samplers;
    for (const auto& dataset : datasets)
        if (TcpState::isSampler(*dataset))
            samplers.push_back(dataset);
    return samplers;
}

std::shared_ptr<const DatasetAnalysis> DatasetAnalysis::of(std::shared_ptr<const Dataset> dataset,
                                                           Samplers samplers,
                                                           const AnalysisOptions& options) {
    auto analysis = std::make_shared<DatasetAnalysis>();
    analysis->dataset = std::move(dataset);
    if (analysis->isLatency()) {
        const auto& samples = analysis->dataset->latency.rttMs;
        if (options.keepSorted) {
            // One sort serves the summary's percentiles and every later view (CDF, percentiles).
            Percentiles percentiles(samples); // sorted, NaN removed
            analysis->latency = LatencySummary::of(samples, percentiles, options.levels);
            analysis->sortedRttMs = std::move(percentiles).sorted();
        } else {
            analysis->latency = LatencySummary::of(samples, options.levels);
        }
        analysis->loss = LossStructure::of(analysis->dataset->latency);
    } else {
        analysis->flows = FlowStatistics::of(analysis->dataset->flows);
        analysis->samplers = std::move(samplers);
        analysis->matchTcpState();
    }
    return analysis;
}

} // namespace wb
