#include "DatasetJson.h"

#include "FileImporter.h"
#include "parse/FormatRegistry.h"

#include <QFileInfo>
#include <QJsonArray>

#include <cmath>
#include <optional>

namespace wb {

namespace {

template <typename T> QJsonArray array(const std::vector<T>& values) {
    QJsonArray out;
    for (const T& value : values) {
        if constexpr (std::is_floating_point_v<T>)
            out.append(DatasetJson::number(value));
        else
            out.append(static_cast<qint64>(value));
    }
    return out;
}

template <typename T> QJsonValue optional(const std::optional<T>& value) {
    if (!value)
        return QJsonValue::Null;
    if constexpr (std::is_floating_point_v<T>)
        return DatasetJson::number(*value);
    else
        return static_cast<qint64>(*value);
}

QJsonObject describe(const PingSummary& s) {
    return {{"transmitted", optional(s.transmitted)}, {"received", optional(s.received)},
            {"duplicates", optional(s.duplicates)},   {"errors", optional(s.errors)},
            {"loss_percent", optional(s.lossPercent)}, {"time_ms", optional(s.timeMs)},
            {"rtt_min", optional(s.rttMin)},          {"rtt_avg", optional(s.rttAvg)},
            {"rtt_max", optional(s.rttMax)},          {"rtt_deviation", optional(s.rttDeviation)}};
}

QJsonArray describe(const IssueList& issues) {
    QJsonArray out;
    for (const ParseIssue& issue : issues.kept())
        out.append(QJsonObject{{"line", static_cast<qint64>(issue.line)},
                               {"message", issue.message},
                               {"text", issue.text}});
    return out;
}

} // namespace

QJsonValue DatasetJson::number(double value) {
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

QJsonObject DatasetJson::describe(const Dataset& dataset) {
    const LatencySeries& latency = dataset.latency;
    QJsonObject out{{"label", dataset.label},
                    {"tool", dataset.info.tool},
                    {"dialect", dataset.info.dialect},
                    {"target", dataset.info.target},
                    {"samples", static_cast<qint64>(latency.size())},
                    {"rtt_ms", array(latency.rttMs)},
                    {"sequence", array(latency.sequence)},
                    {"duplicate_rtt_ms", array(latency.duplicateRttMs)},
                    {"duplicate_sequence", array(latency.duplicateSequence)},
                    {"lost_sequence", array(latency.lostSequence)},
                    {"error_sequence", array(latency.errorSequence)},
                    {"summary", wb::describe(latency.summary)}};
    if (latency.hasTimestamps())
        out.insert(QStringLiteral("timestamps"), array(latency.timestamps));
    return out;
}

QJsonObject DatasetJson::describe(const ParseReport& report) {
    return {{"lines_read", static_cast<qint64>(report.linesRead)},
            {"samples", static_cast<qint64>(report.samples)},
            {"ignored_lines", static_cast<qint64>(report.ignoredLines)},
            {"parse_errors", wb::describe(report.parseErrors)},
            {"range_errors", wb::describe(report.rangeErrors)},
            {"warnings", wb::describe(report.warnings)}};
}

QJsonObject DatasetJson::describe(const ImportResult& result) {
    QJsonArray datasets;
    for (const Dataset& dataset : result.datasets)
        datasets.append(describe(dataset));
    return {{"file", QFileInfo(result.file).fileName()},
            {"format", result.format ? QString::fromLatin1(result.format->id) : QString()},
            {"error", result.error},
            {"datasets", datasets},
            {"report", describe(result.report)}};
}

} // namespace wb
