#pragma once

#include "report/TableWriter.h"
#include "stats/DatasetAnalysis.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <memory>

namespace wb {

// What a throughput report shows for one dataset (its analysis: flow statistics and TCP
// state), in the shapes the CLI contract fixes.
struct FlowReport {
    QString file;
    QString label;
    QString format;
    std::shared_ptr<const DatasetAnalysis> analysis;

    // `formatId`: the registry id of the log's format.
    static FlowReport of(const QString& file, const QString& formatId,
                         std::shared_ptr<const DatasetAnalysis> analysis);
    const FlowStatistics& stats() const { return analysis->flows; }
    const RunInfo& info() const { return analysis->dataset->info; }

    // One row per report: SUM, spread across flows and fairness in Mbits/s (`table`'s layout).
    static Table comparisonTable(const std::vector<FlowReport>& reports);

    // One row per flow (unless runsOnly) and one for all flows of each report: throughput and
    // the TCP sender's state (window in KBytes of 1024 bytes as iperf prints it, RTT in ms,
    // retransmissions), "-" where the log has no such figure.
    static Table tcpTable(const std::vector<FlowReport>& reports, bool runsOnly = false);
    // Socket samplers (ss/tcp-info) that describe no run read with them (Measured::samplers):
    // the TCP state of the connections they sampled, one row per sampler (per connection
    // with perConnection), without throughput: a sampler is not a throughput run.
    static Table sampledTable(const std::vector<FlowReport>& samplers, bool perConnection);
    // The same for `flows --format json`: per sampler its file, label and connections, each
    // with its samples and TCP figures (the keys of a flow's TCP figures), no throughput.
    static QJsonArray sampledJson(const std::vector<FlowReport>& samplers);
    // Whether any flow of any report has TCP state to show.
    static bool anyTcpState(const std::vector<FlowReport>& reports);

    // `flows --format json` dataset object (keys as the README's CLI section lists them).
    QJsonObject toJson() const;
    // Where the SUM comes from: "tool" (the tool's figure of record), "sender" (the tool's
    // sender figure: the receiver never reported) or "computed" (added up from the flows).
    const char* sumSource() const;
    // analyze.pl's line: "Mean: %f\tMedian: %f\tStdDev: %f" over the interval lines.
    QString intervalText() const;
};

} // namespace wb
