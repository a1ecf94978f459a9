#pragma once

#include "Comparison.h"
#include "TcpState.h"

#include <QString>

namespace wb {

struct DatasetAnalysis;

// The TCP senders' state of two throughput datasets (or pooled groups) side by side: each
// side's analysis' figures of all its flows (DatasetAnalysis::tcpAll), and B − A per figure. A
// figure a log does not have is NaN on that side (and in the difference).
struct TcpComparison {
    QString nameA;
    QString nameB;
    TcpStateSource sourceA = TcpStateSource::None; // DatasetAnalysis::tcpSource
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

    static TcpComparison of(const QString& nameA, const DatasetAnalysis& a, const QString& nameB,
                            const DatasetAnalysis& b);
    // The same for sides that pool runs: a side of several runs is summarised over its runs'
    // flows, each with its TCP state matched within its run's step (TcpState::statesOfRuns:
    // the ss samples of its step where they are), which its pooled analysis cannot match.
    static TcpComparison of(const QString& nameA, const DatasetAnalysis& a,
                            const std::vector<const Dataset*>& runsA, const QString& nameB,
                            const DatasetAnalysis& b, const std::vector<const Dataset*>& runsB);
};

} // namespace wb
