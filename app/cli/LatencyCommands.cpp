#include "CliContext.h"
#include "Commands.h"

#include "io/DatasetJson.h"
#include "io/LatencyReport.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace wb::cli {

namespace {

// The artifact refuses to report on fewer points than this.
constexpr std::int64_t kQjumpMinimumSamples = 100;

QString number(double value, int decimals) {
    return std::isnan(value) ? QStringLiteral("-") : QString::number(value, 'f', decimals);
}

QString optionalNumber(const std::optional<std::int64_t>& value) {
    return value ? QString::number(*value) : QStringLiteral("-");
}

// The header of a dataset in text reports: the file, plus the target when a file has several.
QString heading(const ImportResult& result, const Dataset& dataset) {
    if (result.datasets.size() > 1)
        return QStringLiteral("### %1 [%2] ###\n").arg(result.file, dataset.info.target);
    return QStringLiteral("### %1 ###\n").arg(result.file);
}

std::vector<LatencyReport> collectReports(const CommonOptions& options, CliContext& context,
                                          std::vector<QString>* headings) {
    std::vector<LatencyReport> reports;
    forEachImport(options, context, [&](const ImportResult& result) {
        for (const Dataset& dataset : result.datasets) {
            LatencyReport report = LatencyReport::of(result, dataset, options.percentiles);
            const std::int64_t minimum = options.qjumpCompat ? kQjumpMinimumSamples : 1;
            if (report.stats.count < minimum) {
                context.fileProblem(result.file,
                                    options.qjumpCompat
                                        ? QStringLiteral("only %1 samples; the QJump artifact "
                                                         "needs at least %2")
                                              .arg(report.stats.count)
                                              .arg(kQjumpMinimumSamples)
                                        : QStringLiteral("no replies to compute statistics from"));
            } else {
                context.fileReported();
            }
            if (result.report.hasProblems())
                context.markProblem();
            if (headings)
                headings->push_back(heading(result, dataset));
            reports.push_back(std::move(report));
        }
    });
    return reports;
}

Table statsTable(const std::vector<LatencyReport>& reports, const std::vector<double>& levels) {
    Table table;
    table.header = QStringList{QStringLiteral("file"), QStringLiteral("tool"), QStringLiteral("dialect"),
                               QStringLiteral("transmitted"), QStringLiteral("received"),
                               QStringLiteral("duplicates"), QStringLiteral("loss %"),
                               QStringLiteral("samples"), QStringLiteral("parse errors"),
                               QStringLiteral("range errors"), QStringLiteral("min (ms)"),
                               QStringLiteral("mean (ms)"), QStringLiteral("stddev (ms)"),
                               QStringLiteral("max (ms)")};
    for (double level : levels)
        table.header << QStringLiteral("p%1 (ms)").arg(LatencyReport::levelName(level));
    table.rightAligned.assign(static_cast<std::size_t>(table.header.size()), true);
    table.rightAligned[0] = table.rightAligned[1] = table.rightAligned[2] = false;
    for (const LatencyReport& r : reports) {
        const bool any = r.stats.count > 0;
        QStringList row{r.label, r.tool, r.dialect, optionalNumber(r.transmitted),
                        optionalNumber(r.received), QString::number(r.duplicates),
                        r.lossPercent ? number(*r.lossPercent, 3) : QStringLiteral("-"),
                        QString::number(r.stats.count), QString::number(r.parseErrors),
                        QString::number(r.rangeErrors), any ? number(r.stats.min, 3) : "-",
                        any ? number(r.stats.mean, 3) : "-", any ? number(r.stats.stddev, 3) : "-",
                        any ? number(r.stats.max, 3) : "-"};
        for (double value : r.stats.percentileValues)
            row << (any ? number(value, 3) : QStringLiteral("-"));
        table.rows.push_back(row);
    }
    return table;
}

void printJson(CliContext& context, const std::vector<LatencyReport>& reports) {
    QJsonArray datasets;
    for (const LatencyReport& report : reports)
        datasets.append(report.toJson());
    context.out() << QJsonDocument(QJsonObject{{"datasets", datasets}}).toJson(QJsonDocument::Indented);
}

} // namespace

int runStats(const QStringList& args, CliContext& context) {
    CommonOptions options;
    options.percentiles = LatencySummary::defaultLevels();
    if (!parseCommonOptions(args, context, &options, true, true))
        return context.exitCode();
    std::vector<QString> headings;
    const auto reports = collectReports(options, context, &headings);
    if (options.json) {
        printJson(context, reports);
    } else if (options.table == TableWriter::Format::Text) {
        const std::int64_t minimum = options.qjumpCompat ? kQjumpMinimumSamples : 1;
        for (std::size_t i = 0; i < reports.size(); ++i)
            context.out() << headings[i] << reports[i].artifactText(minimum);
    } else {
        context.out() << TableWriter::write(statsTable(reports, options.percentiles), options.table);
    }
    return context.exitCode();
}

int runTable(const QStringList& args, CliContext& context) {
    CommonOptions options;
    options.percentiles = {50, 99};
    if (!parseCommonOptions(args, context, &options, false, true))
        return context.exitCode();
    const auto reports = collectReports(options, context, nullptr);
    if (options.json) {
        QJsonArray rows;
        for (const LatencyReport& r : reports)
            rows.append(QJsonObject{{"label", r.label},
                                    {"file", r.file},
                                    {"samples", static_cast<qint64>(r.stats.count)},
                                    {"p50_us", DatasetJson::number(r.stats.percentile(50) * 1000)},
                                    {"p99_us", DatasetJson::number(r.stats.percentile(99) * 1000)}});
        context.out() << QJsonDocument(QJsonObject{{"rows", rows}}).toJson(QJsonDocument::Indented);
        return context.exitCode();
    }
    Table table;
    table.header = QStringList{QStringLiteral("label"), QStringLiteral("samples"),
                               QStringLiteral("p50 (µs)"), QStringLiteral("p99 (µs)")};
    table.rightAligned = {false, true, true, true};
    table.caption = QStringLiteral("Latency percentiles per configuration");
    for (const LatencyReport& r : reports)
        table.rows.push_back({r.label, QString::number(r.stats.count),
                              number(r.stats.percentile(50) * 1000, 1),
                              number(r.stats.percentile(99) * 1000, 1)});
    context.out() << TableWriter::write(table, options.table);
    return context.exitCode();
}

} // namespace wb::cli
