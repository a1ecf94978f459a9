#include "GroupSummaryReport.h"

#include "report/DatasetJson.h"

#include <QJsonArray>

#include <algorithm>
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

Table GroupSummaryReport::sideBySide(const GroupSummary& a, const GroupSummary& b) {
    Table table({"statistic", "A runs", "A mean of runs", "B runs", "B mean of runs", "B − A"},
                {false, true, true, true, true, true},
                QStringLiteral("A: %1, B: %2; with one run a side the values are that run's")
                    .arg(a.name, b.name));
    for (const QString& name : statisticNames({a, b})) {
        const GroupStatistic* inA = a.find(name);
        const GroupStatistic* inB = b.find(name);
        const auto runs = [](const GroupStatistic* s) {
            return s ? QString::number(s->runs.runs) : QStringLiteral("-");
        };
        const auto mean = [&name](const GroupStatistic* s) {
            return s ? valueText(s->runs.mean, name) : QStringLiteral("-");
        };
        table.rows.push_back(
            {name, runs(inA), mean(inA), runs(inB), mean(inB),
             inA && inB ? valueText(inB->runs.mean - inA->runs.mean, name) : QStringLiteral("-")});
    }
    return table;
}

Table GroupSummaryReport::runsTable(const NamedRuns& runs) {
    std::vector<std::vector<RunStatistic>> values;
    QStringList names;
    for (const auto& run : runs) {
        values.push_back(RunValues::of(run.second));
        for (const RunStatistic& statistic : values.back())
            if (!names.contains(statistic.name))
                names << statistic.name;
    }
    Table table(
        {"run"}, {false},
        QStringLiteral("Latency-under-load steps, one run each: its latency member's (ping, irtt) "
                       "percentiles and loss, its flows' SUMs and Jain's indices"));
    table.header << names;
    table.rightAligned.insert(table.rightAligned.end(), std::size_t(names.size()), true);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        QStringList row{runs[i].first};
        for (const QString& name : names) {
            const auto found = std::find_if(values[i].begin(), values[i].end(),
                                            [&](const RunStatistic& s) { return s.name == name; });
            row << (found != values[i].end() && found->values.size() == 1
                        ? valueText(found->values.front(), name)
                        : QStringLiteral("-"));
        }
        table.rows.push_back(row);
    }
    return table;
}

QJsonArray GroupSummaryReport::runsJson(const NamedRuns& runs) {
    QJsonArray out;
    for (const auto& [name, datasets] : runs) {
        QJsonObject values;
        for (const RunStatistic& statistic : RunValues::of(datasets))
            if (statistic.values.size() == 1)
                values.insert(statistic.name, DatasetJson::number(statistic.values.front()));
        out.append(QJsonObject{{"run", name}, {"kind", "latency_under_load"}, {"values", values}});
    }
    return out;
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
