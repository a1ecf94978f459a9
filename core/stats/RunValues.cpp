#include "RunValues.h"

#include "FlowStatistics.h"
#include "LossStructure.h"
#include "Percentiles.h"
#include "TcpState.h"

#include <algorithm>

namespace wb {

std::vector<RunStatistic> RunValues::of(const std::vector<const Dataset*>& runs) {
    if (runs.empty())
        return {};
    if (runs.front()->kind == Dataset::Kind::Latency) {
        RunStatistic p50{QStringLiteral("p50 (ms)"), {}};
        RunStatistic p99{QStringLiteral("p99 (ms)"), {}};
        RunStatistic loss{QStringLiteral("loss %"), {}};
        for (const Dataset* run : runs) {
            // A run whose replies all went missing still has its loss.
            if (const LossStructure lost = LossStructure::of(run->latency); lost.requests > 0)
                loss.values.push_back(lost.lossPercent);
            if (run->latency.rttMs.empty())
                continue;
            const std::vector<double> levels = Percentiles::select(run->latency.rttMs, {50, 99});
            p50.values.push_back(levels[0]);
            p99.values.push_back(levels[1]);
        }
        std::vector<RunStatistic> out{p50, p99};
        if (loss.values.size() == runs.size())
            out.push_back(loss);
        return out;
    }
    RunStatistic sum{QStringLiteral("SUM (Mbits/s)"), {}};
    RunStatistic jain{QStringLiteral("Jain's index"), {}};
    RunStatistic cwnd{QStringLiteral("mean cwnd (KBytes)"), {}};
    RunStatistic rtt{QStringLiteral("mean RTT (ms)"), {}};
    RunStatistic retransmits{QStringLiteral("retransmits per 10^6 bytes"), {}};
    for (const Dataset* run : measurements(runs)) {
        const FlowStatistics stats = FlowStatistics::of(run->flows);
        if (stats.flows.empty())
            continue;
        sum.values.push_back(stats.sum.bitsPerSecond / 1e6);
        jain.values.push_back(stats.jainFairness);
        const TcpFlowSummary tcp = TcpState::summarize(TcpState::statesOf(*run, runs));
        if (tcp.cwndMeanBytes)
            cwnd.values.push_back(*tcp.cwndMeanBytes / 1024);
        if (tcp.rttMeanMs)
            rtt.values.push_back(*tcp.rttMeanMs);
        if (tcp.retransmitsPerMB)
            retransmits.values.push_back(*tcp.retransmitsPerMB);
    }
    std::vector<RunStatistic> out{sum, jain};
    for (const RunStatistic* tcp : {&cwnd, &rtt, &retransmits})
        if (!tcp->values.empty() && tcp->values.size() == sum.values.size())
            out.push_back(*tcp);
    return out;
}

std::vector<const Dataset*> RunValues::measurements(const std::vector<const Dataset*>& runs) {
    const auto stepOf = [](const Dataset* run) {
        return run->info.parameters.value(QStringLiteral("step"));
    };
    std::vector<const Dataset*> out;
    for (const Dataset* run : runs) {
        const bool describesAnother =
            TcpState::isSampler(*run) && !stepOf(run).isEmpty() &&
            std::any_of(runs.begin(), runs.end(), [&](const Dataset* other) {
                return !TcpState::isSampler(*other) && stepOf(other) == stepOf(run);
            });
        if (!describesAnother)
            out.push_back(run);
    }
    return out;
}

} // namespace wb
