#include "GroupSummaryReport.h"

#include "report/DatasetJson.h"

#include <QJsonArray>

#include <cmath>

namespace wb {

namespace {

// Jain's index reads in 4 decimals, as `table` prints it; the rest in 3.
int decimalsOf(const QString& statistic) {
    return statistic.contains(QLatin1String("Jain")) ? 4 : 3;
}

QString levelName(const GroupSummary& group) {
    return group.runLevel() ? QStringLiteral("run") : QStringLiteral("sample (one run)");
}

} // namespace

QString GroupSummaryReport::valueText(double value, const QString& statistic) {
    return std::isfinite(value) ? QString::number(value, 'f', decimalsOf(statistic))
                                : QStringLiteral("-");
}

QString GroupSummaryReport::intervalText(const ConfidenceInterval& interval,
                                         const QString& statistic) {
    if (!interval.valid())
        return QStringLiteral("-");
    return QStringLiteral("[%1, %2]")
        .arg(valueText(interval.low, statistic), valueText(interval.high, statistic));
}

QStringList GroupSummaryReport::statisticNames(const std::vector<GroupSummary>& groups) {
    QStringList names;
    for (const GroupSummary& group : groups)
        for (const GroupStatistic& statistic : group.statistics)
            if (!names.contains(statistic.name))
                names << statistic.name;
    return names;
}

Table GroupSummaryReport::table(const std::vector<GroupSummary>& groups,
                                const BootstrapOptions& options) {
    const QStringList names = statisticNames(groups);
    const QString confidence = QString::number(options.confidence * 100, 'g', 3);
    Table table({"group", "runs", "level"}, {false, true, false},
                GroupSummaries::levelCaption(groups, options));
    for (const QString& name : names) {
        table.header << name + QStringLiteral(" mean of runs")
                     << name + QStringLiteral(" %1 % CI (runs resampled)").arg(confidence)
                     << name + QStringLiteral(" min–max of runs");
        table.rightAligned.insert(table.rightAligned.end(), {true, true, true});
    }
    for (const GroupSummary& group : groups) {
        QStringList row{group.name, QString::number(group.runCount), levelName(group)};
        for (const QString& name : names) {
            const GroupStatistic* statistic = group.find(name);
            if (!statistic) {
                row << QStringLiteral("-") << QStringLiteral("-") << QStringLiteral("-");
                continue;
            }
            const RunLevelSummary& runs = statistic->runs;
            row << valueText(runs.mean, name) << intervalText(runs.meanInterval, name)
                << (runs.runs >= 2 ? QStringLiteral("%1–%2").arg(valueText(runs.min, name),
                                                                 valueText(runs.max, name))
                                   : QStringLiteral("-"));
        }
        table.rows.push_back(row);
    }
    return table;
}

QJsonObject GroupSummaryReport::json(const std::vector<GroupSummary>& groups,
                                     const BootstrapOptions& options) {
    QJsonArray out;
    for (const GroupSummary& group : groups) {
        QJsonArray statistics;
        for (const GroupStatistic& statistic : group.statistics) {
            const RunLevelSummary& runs = statistic.runs;
            const bool spread = runs.runs >= 2;
            statistics.append(QJsonObject{
                {"statistic", statistic.name},
                {"mean", DatasetJson::number(runs.mean)},
                {"ci", runs.meanInterval.valid()
                           ? QJsonValue(QJsonArray{DatasetJson::number(runs.meanInterval.low),
                                                   DatasetJson::number(runs.meanInterval.high)})
                           : QJsonValue()},
                {"median", DatasetJson::number(runs.median)},
                {"min", spread ? DatasetJson::number(runs.min) : QJsonValue()},
                {"max", spread ? DatasetJson::number(runs.max) : QJsonValue()},
                {"stddev", spread ? DatasetJson::number(runs.stddev) : QJsonValue()}});
        }
        out.append(QJsonObject{{"group", group.name},
                               {"runs", qint64(group.runCount)},
                               {"level", group.runLevel() ? "run" : "sample"},
                               {"statistics", statistics}});
    }
    return {{"level", "run"},
            {"groups", out},
            {"bootstrap", QJsonObject{{"resamples", options.resamples},
                                      {"seed", QString::number(options.seed)},
                                      {"confidence", options.confidence},
                                      {"resampled", "runs"}}}};
}

} // namespace wb
