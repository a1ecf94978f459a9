#include "TcpComparison.h"

#include "DatasetAnalysis.h"

#include <cmath>
#include <optional>

namespace wb {

namespace {

template <typename T> double valueOr(const std::optional<T>& value) {
    return value ? static_cast<double>(*value) : std::nan("");
}

template <typename T>
Difference differenceOf(const std::optional<T>& a, const std::optional<T>& b) {
    return Difference::of(valueOr(a), valueOr(b));
}

} // namespace

bool TcpComparison::any() const {
    for (const TcpFlowSummary* side : {&a, &b})
        if (side->cwndMeanBytes || side->rttMeanMs || side->retransmits)
            return true;
    return false;
}

TcpComparison TcpComparison::of(const QString& nameA, const DatasetAnalysis& a,
                                const QString& nameB, const DatasetAnalysis& b) {
    return of(nameA, a, {}, nameB, b, {});
}

TcpComparison TcpComparison::of(const QString& nameA, const DatasetAnalysis& a,
                                const std::vector<const Dataset*>& runsA, const QString& nameB,
                                const DatasetAnalysis& b,
                                const std::vector<const Dataset*>& runsB) {
    TcpComparison c;
    c.nameA = nameA;
    c.nameB = nameB;
    const auto side = [](const DatasetAnalysis& analysis, const std::vector<const Dataset*>& runs,
                         TcpStateSource* source, TcpFlowSummary* summary) {
        if (runs.size() < 2) {
            *source = analysis.tcpSource();
            *summary = analysis.tcpAll;
            return;
        }
        const std::vector<TcpFlowState> states = TcpState::statesOfRuns(runs);
        *source = TcpState::sourceOf(states);
        *summary = TcpState::summarize(states);
    };
    side(a, runsA, &c.sourceA, &c.a);
    side(b, runsB, &c.sourceB, &c.b);
    c.cwndMeanBytes = differenceOf(c.a.cwndMeanBytes, c.b.cwndMeanBytes);
    c.cwndMaxBytes = differenceOf(c.a.cwndMaxBytes, c.b.cwndMaxBytes);
    c.rttMeanMs = differenceOf(c.a.rttMeanMs, c.b.rttMeanMs);
    c.rttP99Ms = differenceOf(c.a.rttP99Ms, c.b.rttP99Ms);
    c.retransmits = differenceOf(c.a.retransmits, c.b.retransmits);
    c.retransmitsPerMB = differenceOf(c.a.retransmitsPerMB, c.b.retransmitsPerMB);
    return c;
}

} // namespace wb
