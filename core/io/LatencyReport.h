#pragma once

#include "stats/LatencySummary.h"
#include "stats/LossStructure.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

#include <optional>

namespace wb {

struct Dataset;
struct ImportResult;

// Everything a latency report shows for one dataset: counts from the tool's summary (or
// derived from the replies when the log was cut off) and the statistics of its samples.
struct LatencyReport {
    QString file;
    QString label;
    QString tool;
    QString dialect;
    QString target;
    std::optional<std::int64_t> transmitted;
    std::optional<std::int64_t> received;
    std::int64_t duplicates = 0;
    std::optional<double> lossPercent;
    std::int64_t parseErrors = 0;
    std::int64_t rangeErrors = 0;
    LatencySummary stats;
    LossStructure loss;
    QMap<QString, QString> parameters; // what a plan varied for this run // JSON only: the text
                                       // report is the QJump artifact's, byte for byte

    static LatencyReport of(const ImportResult& result, const Dataset& dataset,
                            const std::vector<double>& levels);

    // The QJump artifact's report ("Parse errors found: N", "%3i%% - %fms", "Range = %fms").
    // With fewer than minimumSamples samples it ends with the artifact's fatal-error line.
    QString artifactText(std::int64_t minimumSamples) const;
    QJsonObject toJson() const;

    // "50" for 50, "99.9" for 99.9: the key a percentile level has in JSON and table headers.
    static QString levelName(double level);
    // "0,1,50,99.9" <-> levels; false (levels untouched) when an item is not a number in [0, 100].
    static bool parseLevels(const QString& text, std::vector<double>* levels);
    static QString levelsText(const std::vector<double>& levels);
};

} // namespace wb
