#pragma once

#include "Comparison.h"
#include "TcpState.h"

#include <QString>

#include <vector>

namespace wb {

struct Dataset;

// The TCP senders' state of two throughput datasets (or pooled groups) side by side: each
// side's TcpState::summarize over all its flows, and B − A per figure. A figure a log does
// not have is NaN on that side (and in the difference).
struct TcpComparison {
    QString nameA;
    QString nameB;
    TcpStateSource sourceA = TcpStateSource::None; // the first flow's source with any state
    TcpStateSource sourceB = TcpStateSource::None;
    TcpFlowSummary a;
    TcpFlowSummary b;
    Difference cwndMeanBytes;
    Difference cwndMaxBytes;
    Difference rttMeanMs;
    Difference rttP99Ms;
    Difference retransmits;
    Difference retransmitsPerMB;

    // Whether either side has any TCP figure at all (a UDP or a plain iperf 2 log has none).
    bool any() const;

    // others: the datasets TcpState::statesOf may read a flow's state from (ss samples of the
    // same step); the compared datasets themselves may be among them.
    static TcpComparison of(const QString& nameA, const Dataset& a, const QString& nameB,
                            const Dataset& b, const std::vector<const Dataset*>& others);
};

} // namespace wb
