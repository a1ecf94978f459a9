#pragma once

#include "TableWriter.h"
#include "stats/FlowStatistics.h"
#include "stats/TcpState.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

namespace wb {

struct Dataset;
struct ImportResult;

// What a throughput report shows for one dataset, in the shapes the CLI contract fixes.
struct FlowReport {
    QString file;
    QString label;
    QString tool;
    QString format;
    QString protocol;
    QString role;
    QString congestionControl;
    QMap<QString, QString> parameters; // what a plan varied for this run
    const Dataset* dataset = nullptr;
    FlowStatistics stats;
    // Each flow's TCP state (TcpState::statesOf) and its figures, in the order of the flows.
    std::vector<TcpFlowState> tcp;
    std::vector<TcpFlowSummary> tcpPerFlow;
    TcpFlowSummary tcpAll; // every flow's together

    // `others`: the datasets read beside this one, where ss samples of the same step are looked
    // for (TcpState::statesOf); they must outlive the report.
    static FlowReport of(const ImportResult& result, const Dataset& dataset,
                         const std::vector<const Dataset*>& others = {});
    // The same for a dataset already imported (a workspace's): file and registry format id.
    static FlowReport of(const QString& file, const QString& formatId, const Dataset& dataset,
                         const std::vector<const Dataset*>& others = {});
    // The best source any flow's TCP state is read from; None when no flow has any.
    TcpStateSource tcpSource() const;

    // One row per report: SUM, spread across flows and fairness in Mbits/s (`table`'s layout).
    static Table comparisonTable(const std::vector<FlowReport>& reports);

    // One row per flow (unless runsOnly) and one for all flows of each report: throughput and
    // the TCP sender's state (window in KBytes of 1024 bytes as iperf prints it, RTT in ms,
    // retransmissions), "-" where the log has no such figure.
    static Table tcpTable(const std::vector<FlowReport>& reports, bool runsOnly = false);
    // Whether any flow of any report has TCP state to show.
    static bool anyTcpState(const std::vector<FlowReport>& reports);

    // `flows --format json` dataset object (keys as the README's CLI section lists them).
    QJsonObject toJson() const;
    // analyze.pl's line: "Mean: %f\tMedian: %f\tStdDev: %f" over the interval lines.
    QString intervalText() const;
};

} // namespace wb
