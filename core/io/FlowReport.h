#pragma once

#include "TableWriter.h"
#include "stats/FlowStatistics.h"

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

    static FlowReport of(const ImportResult& result, const Dataset& dataset);
    // The same for a dataset already imported (a workspace's): file and registry format id.
    static FlowReport of(const QString& file, const QString& formatId, const Dataset& dataset);

    // One row per report: SUM, spread across flows and fairness in Mbits/s (`table`'s layout).
    static Table comparisonTable(const std::vector<FlowReport>& reports);

    // `flows --format json` dataset object (keys as DESIGN.md lists them).
    QJsonObject toJson() const;
    // analyze.pl's line: "Mean: %f\tMedian: %f\tStdDev: %f" over the interval lines.
    QString intervalText() const;
};

} // namespace wb
