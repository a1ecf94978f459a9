#include "RunValues.h"

#include "FlowStatistics.h"
#include "LoadTimeline.h"
#include "LossStructure.h"
#include "Percentiles.h"

#include <algorithm>
#include <array>
#include <functional>
#include <optional>

namespace wb {

namespace {

// The figures a run can have, in the order tables show them.
enum Figure {
    P50,
    P99,
    Loss,
    Sum,
    UploadSum,
    DownloadSum,
    Jain,
    UploadJain,
    DownloadJain,
    Cwnd,
    Rtt,
    Retransmits,
    CwndReductions,
    FigureCount
};

const char* const kFigureNames[FigureCount] = {"p50 (ms)",
                                               "p99 (ms)",
                                               "loss %",
                                               "SUM (Mbits/s)",
                                               "upload SUM (Mbits/s)",
                                               "download SUM (Mbits/s)",
                                               "Jain's index",
                                               "upload Jain's index",
                                               "download Jain's index",
                                               "mean cwnd (KBytes)",
                                               "mean RTT (ms)",
                                               "retransmits per 10^6 bytes",
                                               "cwnd reductions /s per flow"};

using Figures = std::array<std::optional<double>, FigureCount>;

// A run's figures, and whether it measured latency (has a latency measurement) and
// throughput (has flows).
struct RunFigures {
    Figures values;
    bool latency = false;
    bool throughput = false;
};

void addLatency(const MeasuredRun& run, RunFigures* figures) {
    Figures* out = &figures->values;
    std::vector<double> rtts;
    std::int64_t requests = 0;
    std::int64_t lost = 0;
    bool knowsLoss = true;
    bool any = false;
    for (const Dataset* dataset : run.measurements) {
        if (dataset->kind != Dataset::Kind::Latency)
            continue;
        any = true;
        rtts.insert(rtts.end(), dataset->latency.rttMs.begin(), dataset->latency.rttMs.end());
        const LossStructure loss = LossStructure::of(dataset->latency);
        knowsLoss = knowsLoss && loss.requests > 0;
        requests += loss.requests;
        lost += loss.lost;
    }
    if (!any)
        return;
    figures->latency = true;
    // A run whose replies all went missing still has its loss; a step's latency members'
    // requests and losses add up.
    if (knowsLoss)
        (*out)[Loss] = 100.0 * double(lost) / double(requests);
    if (rtts.empty())
        return;
    const std::vector<double> levels = Percentiles::select(rtts, {50, 99});
    (*out)[P50] = levels[0];
    (*out)[P99] = levels[1];
}

// "upload" or "download" for a flow of a step's member; empty when neither says.
QString directionOf(const Dataset& member, const Flow& flow) {
    const QString& direction = member.info.direction;
    if (direction == QLatin1String("upload") || direction == QLatin1String("download"))
        return direction;
    if (direction == QLatin1String("bidir") && member.info.role != QLatin1String("server")) {
        if (flow.direction == QLatin1String("send"))
            return QStringLiteral("upload");
        if (flow.direction == QLatin1String("receive"))
            return QStringLiteral("download");
    }
    return {};
}

// all: every dataset given, where a run outside any step finds an ss log recorded over the
// same time (TcpState::statesOf); a step's flows find theirs in the step.
void addThroughput(const MeasuredRun& run, const std::vector<const Dataset*>& all,
                   RunFigures* figures) {
    Figures* out = &figures->values;
    std::vector<const Dataset*> flowing;
    for (const Dataset* dataset : run.measurements)
        if (dataset->kind == Dataset::Kind::Throughput && !dataset->flows.flows.empty())
            flowing.push_back(dataset);
    if (flowing.empty())
        return;
    figures->throughput = true;
    std::vector<TcpFlowState> states;
    for (const Dataset* dataset : flowing) {
        const std::vector<TcpFlowState> own =
            TcpState::statesOf(*dataset, run.step.isEmpty() ? all : run.datasets);
        states.insert(states.end(), own.begin(), own.end());
    }
    if (flowing.size() == 1) {
        const FlowStatistics stats = FlowStatistics::of(flowing.front()->flows);
        (*out)[Sum] = stats.sum.bitsPerSecond / 1e6;
        (*out)[Jain] = stats.jainFairness;
    } else {
        std::vector<double> rates;
        std::vector<double> upload;
        std::vector<double> download;
        for (const Dataset* member : flowing)
            for (const Flow& flow : member->flows.flows) {
                const double rate = FlowStatistics::totalsOf(flow).bitsPerSecond;
                rates.push_back(rate);
                const QString direction = directionOf(*member, flow);
                if (direction == QLatin1String("upload"))
                    upload.push_back(rate);
                else if (direction == QLatin1String("download"))
                    download.push_back(rate);
            }
        const auto megabits = [](const std::vector<double>& rates) {
            double sum = 0;
            for (double rate : rates)
                sum += rate;
            return sum / 1e6;
        };
        (*out)[Sum] = megabits(rates);
        (*out)[Jain] = FlowStatistics::jain(rates);
        if (!upload.empty() && !download.empty()) {
            (*out)[UploadSum] = megabits(upload);
            (*out)[DownloadSum] = megabits(download);
            (*out)[UploadJain] = FlowStatistics::jain(upload);
            (*out)[DownloadJain] = FlowStatistics::jain(download);
        }
    }
    const TcpFlowSummary tcp = TcpState::summarize(states);
    if (tcp.cwndMeanBytes)
        (*out)[Cwnd] = *tcp.cwndMeanBytes / 1024;
    if (tcp.rttMeanMs)
        (*out)[Rtt] = *tcp.rttMeanMs;
    if (tcp.retransmitsPerMB)
        (*out)[Retransmits] = *tcp.retransmitsPerMB;
    (*out)[CwndReductions] = RunValues::cwndReductionsPerSecond(states);
}

} // namespace

std::vector<RunStatistic> RunValues::of(const std::vector<const Dataset*>& datasets) {
    std::vector<RunFigures> figures;
    for (const MeasuredRun& run : runs(datasets)) {
        RunFigures own;
        addLatency(run, &own);
        addThroughput(run, datasets, &own);
        figures.push_back(own);
    }
    const auto count = [&](const std::function<bool(const RunFigures&)>& counted) {
        return std::count_if(figures.begin(), figures.end(), counted);
    };
    const auto latencyRuns = count([](const RunFigures& f) { return f.latency; });
    const auto throughputRuns = count([](const RunFigures& f) { return f.throughput; });
    std::vector<RunStatistic> out;
    for (int figure = 0; figure < FigureCount; ++figure) {
        const auto have =
            count([figure](const RunFigures& f) { return f.values[figure].has_value(); });
        // Loss only when every run that measured latency knows its requests, the TCP figures
        // only when every run with flows has them: a figure of some runs only would compare
        // a subset under the group's name.
        if (have == 0 || (figure == Loss && have < latencyRuns) ||
            (figure >= Cwnd && have < throughputRuns))
            continue;
        RunStatistic statistic{QString::fromUtf8(kFigureNames[figure]), {}};
        for (const RunFigures& run : figures)
            if (run.values[figure])
                statistic.values.push_back(*run.values[figure]);
        out.push_back(std::move(statistic));
    }
    return out;
}

std::vector<MeasuredRun> RunValues::runs(const std::vector<const Dataset*>& datasets) {
    std::vector<MeasuredRun> out;
    for (const Dataset* dataset : datasets) {
        const QString step = LoadTimeline::stepOf(*dataset);
        const auto same = std::find_if(out.begin(), out.end(), [&](const MeasuredRun& run) {
            return !step.isEmpty() && run.step == step;
        });
        if (same != out.end())
            same->datasets.push_back(dataset);
        else
            out.push_back({step, {dataset}, {}});
    }
    for (MeasuredRun& run : out)
        run.measurements = measurements(run.datasets);
    return out;
}

std::vector<const Dataset*> RunValues::measurements(const std::vector<const Dataset*>& datasets) {
    std::vector<const Dataset*> out;
    for (const Dataset* dataset : datasets) {
        const QString step = LoadTimeline::stepOf(*dataset);
        const bool describesAnother =
            TcpState::isSampler(*dataset) && !step.isEmpty() &&
            std::any_of(datasets.begin(), datasets.end(), [&](const Dataset* other) {
                return !TcpState::isSampler(*other) && LoadTimeline::stepOf(*other) == step;
            });
        if (!describesAnother)
            out.push_back(dataset);
    }
    return out;
}

int RunValues::cwndReductions(const std::vector<TcpPoint>& cwnd) {
    int reductions = 0;
    bool falling = false; // the last change was a fall
    for (std::size_t i = 1; i < cwnd.size(); ++i) {
        const double previous = cwnd[i - 1].value;
        const double value = cwnd[i].value;
        if (value < previous && !falling)
            ++reductions;
        if (value != previous)
            falling = value < previous;
    }
    return reductions;
}

std::optional<double> RunValues::cwndReductionsPerSecond(const std::vector<TcpFlowState>& states) {
    double reductions = 0;
    double seconds = 0;
    bool anySender = false;
    for (const TcpFlowState& state : states) {
        const std::vector<TcpPoint> cwnd = TcpState::series(state, TcpMetric::Cwnd);
        if (cwnd.size() < 2 || !state.flow)
            continue;
        anySender = true;
        reductions += cwndReductions(cwnd);
        seconds += FlowStatistics::totalsOf(*state.flow).seconds;
    }
    if (!anySender || seconds <= 0)
        return std::nullopt;
    return reductions / seconds;
}

} // namespace wb
