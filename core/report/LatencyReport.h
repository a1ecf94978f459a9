#pragma once

#include "stats/DatasetAnalysis.h"

#include <QJsonObject>
#include <QString>

#include <memory>
#include <optional>

namespace wb {

struct ParseReport;

// Everything a latency report shows for one dataset: counts from the tool's summary (or
// derived from the replies when the log was cut off) and the dataset's analysis.
struct LatencyReport {
    QString file;
    QString label;
    std::optional<std::int64_t> transmitted;
    std::optional<std::int64_t> received;
    std::int64_t duplicates = 0;
    std::int64_t damaged = 0; // replies that arrived damaged (LatencySeries::damagedRttMs)
    std::optional<double> lossPercent;
    std::int64_t parseErrors = 0;
    std::int64_t rangeErrors = 0;
    std::shared_ptr<const DatasetAnalysis> analysis; // its summary at the report's levels

    // `parseReport`: of the file the dataset came from.
    static LatencyReport of(const QString& file, const ParseReport& parseReport,
                            std::shared_ptr<const DatasetAnalysis> analysis);
    const LatencySummary& stats() const { return analysis->latency; }
    const RunInfo& info() const { return analysis->dataset->info; }

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
