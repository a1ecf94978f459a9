#include "TcpComparison.h"

#include "model/Dataset.h"

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

TcpStateSource sourceOf(const std::vector<TcpFlowState>& states) {
    for (const TcpFlowState& state : states)
        if (state.kind != TcpStateSource::None)
            return state.kind;
    return TcpStateSource::None;
}

} // namespace

bool TcpComparison::any() const {
    for (const TcpFlowSummary* side : {&a, &b})
        if (side->cwndMeanBytes || side->rttMeanMs || side->retransmits)
            return true;
    return false;
}

TcpComparison TcpComparison::of(const QString& nameA, const Dataset& a, const QString& nameB,
                                const Dataset& b, const std::vector<const Dataset*>& others) {
    TcpComparison c;
    c.nameA = nameA;
    c.nameB = nameB;
    const std::vector<TcpFlowState> statesA = TcpState::statesOf(a, others);
    const std::vector<TcpFlowState> statesB = TcpState::statesOf(b, others);
    c.sourceA = sourceOf(statesA);
    c.sourceB = sourceOf(statesB);
    c.a = TcpState::summarize(statesA);
    c.b = TcpState::summarize(statesB);
    c.cwndMeanBytes = differenceOf(c.a.cwndMeanBytes, c.b.cwndMeanBytes);
    c.cwndMaxBytes = differenceOf(c.a.cwndMaxBytes, c.b.cwndMaxBytes);
    c.rttMeanMs = differenceOf(c.a.rttMeanMs, c.b.rttMeanMs);
    c.rttP99Ms = differenceOf(c.a.rttP99Ms, c.b.rttP99Ms);
    c.retransmits = differenceOf(c.a.retransmits, c.b.retransmits);
    c.retransmitsPerMB = differenceOf(c.a.retransmitsPerMB, c.b.retransmitsPerMB);
    return c;
}

} // namespace wb
