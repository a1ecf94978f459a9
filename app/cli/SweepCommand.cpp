#include "CliContext.h"
#include "Commands.h"
#include "GroupOptions.h"
#include "OptionParser.h"

#include "files/NamePattern.h"
#include "report/SweepReport.h"
#include "stats/SweepTable.h"

#include <QJsonDocument>

#include <memory>

namespace wb::cli {

namespace {

struct SweepArguments {
    QString parameter;
    QString names;
    QString metric;
    std::size_t first = 0;
};

void bindSweepOptions(OptionParser& parser, CliContext& context, SweepArguments* arguments) {
    parser.on(QStringLiteral("--param"), &arguments->parameter);
    parser.on(QStringLiteral("--names"), &arguments->names);
    parser.on(QStringLiteral("--metric"), &arguments->metric);
    parser.on(QStringLiteral("--first"), [&context, arguments](const QString& value) {
        bool ok = false;
        const qulonglong first = value.toULongLong(&ok);
        ok = ok && first > 0;
        if (!ok)
            context.usageError(
                QStringLiteral("--first \"%1\": needs a positive whole number").arg(value));
        arguments->first = ok ? static_cast<std::size_t>(first) : 0;
        return ok;
    });
}

QStringList metricIds() {
    QStringList ids;
    for (const SweepMetricInfo& metric : SweepTables::metrics())
        ids << metric.id;
    return ids;
}

// The options as SweepTables reads them; false after a usage error.
bool sweepOptionsOf(const SweepArguments& arguments, const GroupOptions& group,
                    const CommonOptions& common, CliContext& context, SweepOptions* options) {
    if (arguments.parameter.isEmpty()) {
        context.usageError(QStringLiteral("--param NAME is required"));
        return false;
    }
    const std::optional<SweepMetricInfo> metric =
        SweepTables::metricNamed(arguments.metric, &options->percentile);
    if (!metric) {
        context.usageError(
            arguments.metric.isEmpty()
                ? QStringLiteral("--metric METRIC is required (%1)")
                      .arg(metricIds().join(QStringLiteral(", ")))
                : QStringLiteral("unknown metric \"%1\" (%2)")
                      .arg(arguments.metric, metricIds().join(QStringLiteral(", "))));
        return false;
    }
    QStringList patternFields;
    if (!arguments.names.isEmpty()) {
        QString error;
        const std::optional<NamePattern> pattern = NamePattern::parse(arguments.names, &error);
        if (!pattern) {
            context.usageError(QStringLiteral("--names: ") + error);
            return false;
        }
        patternFields = pattern->fields();
    }
    // A key of the pattern's is one the logs will have.
    if (!patternFields.contains(group.groupBy) && !checkGroupKey(group.groupBy, common, context))
        return false;
    options->parameter = arguments.parameter;
    options->metric = metric->metric;
    options->firstIntervals = arguments.first;
    options->groupBy = group.groupBy;
    options->namePattern = arguments.names;
    options->bootstrap = group.bootstrap;
    return true;
}

void print(const SweepTable& sweep, const CommonOptions& options, CliContext& context) {
    if (options.json) {
        context.out() << QJsonDocument(SweepReport::json(sweep)).toJson(QJsonDocument::Indented);
        return;
    }
    const bool forPrograms = options.table == TableWriter::Format::Csv;
    const Table table = SweepReport::table(sweep, forPrograms ? SweepReport::Units::InHeader
                                                              : SweepReport::Units::InCells);
    // Markdown and LaTeX carry the caption themselves; text shows it above the table.
    if (options.table == TableWriter::Format::Text)
        context.out() << table.caption << "\n\n";
    context.out() << TableWriter::write(table, options.table);
}

} // namespace

int runSweep(const QStringList& args, CliContext& context) {
    CommonOptions options;
    GroupOptions group;
    SweepArguments arguments;
    if (!parseCommonOptions("sweep", args, context, &options, &group, [&](OptionParser& parser) {
            bindSweepOptions(parser, context, &arguments);
        }))
        return context.exitCode();
    SweepOptions sweepOptions;
    if (!sweepOptionsOf(arguments, group, options, context, &sweepOptions))
        return context.exitCode();

    std::vector<std::unique_ptr<ImportResult>> imports;
    std::vector<const Dataset*> datasets;
    forEachImport(options, context, [&](ImportResult& result) {
        if (result.report.hasProblems())
            context.markProblem();
        imports.push_back(std::make_unique<ImportResult>(std::move(result)));
        for (const Dataset& dataset : imports.back()->datasets)
            datasets.push_back(&dataset);
    });
    const SweepTable sweep =
        SweepTables::of(groupMembers(options, datasets, context), sweepOptions);
    for (const QString& file : sweep.unmatchedFiles)
        context.fileWarning(file, QStringLiteral("does not match the name pattern \"%1\"; left "
                                                 "out")
                                      .arg(arguments.names));
    for (const QString& skipped : sweep.skipped) {
        const qsizetype colon = skipped.indexOf(QLatin1String(": "));
        context.fileWarning(skipped.left(colon), skipped.mid(colon + 2) + QStringLiteral("; left "
                                                                                         "out"));
    }
    if (sweep.series.empty()) {
        context.fileProblem(sweepOptions.parameter,
                            QStringLiteral("no log has both a value and a %1")
                                .arg(SweepTables::metricNamed(arguments.metric, nullptr)->title));
        return context.exitCode();
    }
    context.fileReported();
    print(sweep, options, context);
    return context.exitCode();
}

} // namespace wb::cli
