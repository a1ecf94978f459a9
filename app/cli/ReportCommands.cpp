#include "CliContext.h"
#include "Commands.h"
#include "GroupOptions.h"
#include "LoadPhasesOutput.h"

#include "model/LatencyMetric.h"
#include "parse/FormatRegistry.h"
#include "report/DatasetJson.h"
#include "report/FlowReport.h"
#include "report/GroupSummaryReport.h"
#include "report/LatencyReport.h"
#include "stats/LoadTimeline.h"
#include "stats/Measured.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <unordered_set>

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

QString megabits(double bitsPerSecond) {
    return number(bitsPerSecond / 1e6, 2);
}

// Reports of every dataset of every file, split by kind, each with its text heading.
struct Reports {
    std::vector<LatencyReport> latency;
    std::vector<QString> latencyHeadings;
    std::vector<FlowReport> flows; // throughput runs (Measured::runs)
    std::vector<QString> flowHeadings;
    // ss logs whose step has no run among the files: TCP state, not a run (Measured::samplers).
    // An ss log beside its run is that run's flows' TCP state and in neither list.
    std::vector<FlowReport> sampled;
    std::vector<QString> sampledHeadings;
    std::vector<std::shared_ptr<const Dataset>> datasets; // of every file, in order

    std::vector<const Dataset*> all() const {
        std::vector<const Dataset*> out;
        for (const auto& dataset : datasets)
            out.push_back(dataset.get());
        return out;
    }
};

// "### FILE ###", plus the target when a file holds several datasets.
QString heading(const ImportResult& result, const Dataset& dataset) {
    if (result.datasets.size() > 1)
        return QStringLiteral("### %1 [%2] ###\n").arg(result.file, dataset.label);
    return QStringLiteral("### %1 ###\n").arg(result.file);
}

// What a command analyses latency with: the levels it prints, selected without sorting the
// samples (the window keeps them sorted for its views).
AnalysisOptions analysisOptions(const CommonOptions& options) {
    return {options.percentiles, false};
}

void checkLatency(const LatencyReport& report, const CommonOptions& options, CliContext& context) {
    const std::int64_t minimum = options.qjumpCompat ? kQjumpMinimumSamples : 1;
    if (report.stats().count >= minimum) {
        context.fileReported();
        return;
    }
    context.fileProblem(
        report.file, options.qjumpCompat
                         ? QStringLiteral("only %1 samples; the QJump artifact needs at least %2")
                               .arg(report.stats().count)
                               .arg(kQjumpMinimumSamples)
                         : QStringLiteral("no replies to compute statistics from"));
}

void checkFlows(const FlowReport& report, CliContext& context) {
    const FlowStatistics& stats = report.stats();
    if (stats.flows.empty()) {
        context.fileProblem(report.file, QStringLiteral("no flow results in this log"));
        return;
    }
    context.fileReported();
    if (stats.sumFromTool && stats.sumDisagreement > FlowStatistics::kSumTolerance)
        context.fileWarning(
            report.file,
            QStringLiteral("the log's SUM (%1 Mbits/sec) and the sum of its flows (%2 Mbits/sec) "
                           "differ by %3 %")
                .arg(megabits(stats.sum.bitsPerSecond), megabits(stats.computedSum.bitsPerSecond),
                     number(stats.sumDisagreement * 100, 1)));
}

// The ss logs that describe no run read with them: not a run, so not in `stats` or `table`;
// `flows` shows their connections' TCP state.
void noteSampled(const Reports& reports, CliContext& context) {
    for (const FlowReport& r : reports.sampled)
        context.fileWarning(r.file,
                            QStringLiteral("ss -tin samples of %1 connections: their TCP state, "
                                           "not a throughput run (see flows)")
                                .arg(r.analysis->dataset->flows.flows.size()));
}

// The latency dataset with the chosen metric in place of its RTTs (withLatencyMetric);
// nullptr when the dataset does not carry that metric: a problem of the file, unless another
// series of the file carries it (a Flent file's ping beside its irtt), which is only noted.
std::shared_ptr<const Dataset> withMetric(const std::shared_ptr<const Dataset>& dataset,
                                          const QString& file, bool fileCarriesIt,
                                          LatencyMetric metric, CliContext& context) {
    if (metric == LatencyMetric::Rtt)
        return dataset;
    if (!hasLatencyMetric(dataset->latency, metric)) {
        if (fileCarriesIt)
            context.fileWarning(file,
                                QStringLiteral("%1 has no %2 (only irtt measures one-way delays "
                                               "and IPDV); left out")
                                    .arg(dataset->label, latencyMetricName(metric)));
        else
            context.fileProblem(file,
                                QStringLiteral("no %1 in this log: only irtt logs carry one-way "
                                               "delays and IPDV")
                                    .arg(latencyMetricName(metric)));
        return nullptr;
    }
    return std::make_shared<const Dataset>(withLatencyMetric(*dataset, metric));
}

// Every dataset analysed as the window analyses it (DatasetAnalysis::of), the TCP state of
// iperf flows matched with the ss samples of their step read beside them.
Reports collect(const CommonOptions& options, CliContext& context) {
    Reports reports;
    std::vector<ImportResult> imports;
    imports.reserve(static_cast<std::size_t>(options.files.size()));
    forEachImport(options, context, [&](ImportResult& result) {
        if (result.report.hasProblems())
            context.markProblem();
        imports.push_back(std::move(result));
    });
    for (ImportResult& result : imports)
        for (Dataset& dataset : result.datasets)
            reports.datasets.push_back(std::make_shared<const Dataset>(std::move(dataset)));
    const DatasetAnalysis::Samplers samplers = DatasetAnalysis::samplersAmong(reports.datasets);
    const auto measured = Measured<std::shared_ptr<const Dataset>>::of(
        reports.datasets, [](const auto& dataset) -> const Dataset& { return *dataset; });
    const auto setOf = [](const std::vector<std::shared_ptr<const Dataset>>& list) {
        std::unordered_set<const Dataset*> set;
        for (const auto& item : list)
            set.insert(item.get());
        return set;
    };
    const std::unordered_set<const Dataset*> runs = setOf(measured.runs);
    const std::unordered_set<const Dataset*> lone = setOf(measured.samplers);
    auto dataset = reports.datasets.begin();
    for (const ImportResult& result : imports) {
        const bool fileCarriesMetric = std::any_of(
            dataset, dataset + std::ptrdiff_t(result.datasets.size()),
            [&](const auto& d) { return hasLatencyMetric(d->latency, options.metric); });
        for (std::size_t i = 0; i < result.datasets.size(); ++i, ++dataset) {
            const QString format =
                result.format ? QString::fromLatin1(result.format->id) : QString();
            if (lone.count(dataset->get())) {
                reports.sampled.push_back(
                    FlowReport::of(result.file, format, DatasetAnalysis::of(*dataset)));
                reports.sampledHeadings.push_back(heading(result, **dataset));
                context.fileReported();
            } else if ((*dataset)->kind == Dataset::Kind::Throughput) {
                // An ss log read with the run of its step is reported with that run's flows.
                if (!runs.count(dataset->get())) {
                    context.fileReported();
                    continue;
                }
                reports.flows.push_back(
                    FlowReport::of(result.file, format, DatasetAnalysis::of(*dataset, samplers)));
                reports.flowHeadings.push_back(heading(result, **dataset));
                checkFlows(reports.flows.back(), context);
            } else {
                const std::shared_ptr<const Dataset> measuredDataset =
                    withMetric(*dataset, result.file, fileCarriesMetric, options.metric, context);
                if (!measuredDataset)
                    continue;
                reports.latency.push_back(LatencyReport::of(
                    result.file, result.report,
                    DatasetAnalysis::of(measuredDataset, {}, analysisOptions(options))));
                reports.latencyHeadings.push_back(heading(result, **dataset));
                checkLatency(reports.latency.back(), options, context);
            }
        }
    }
    return reports;
}

// The statistics' columns name the metric when it is not the RTT ("send delay p50 (ms)").
Table latencyStatsTable(const std::vector<LatencyReport>& reports,
                        const std::vector<double>& levels, LatencyMetric metric) {
    Table table;
    table.header = QStringList{"file",       "tool",   "dialect", "transmitted",  "received",
                               "duplicates", "loss %", "samples", "parse errors", "range errors"};
    const QString of =
        metric == LatencyMetric::Rtt ? QString() : latencyMetricName(metric) + QLatin1Char(' ');
    for (const char* statistic : {"min", "mean", "stddev", "max"})
        table.header << of + QLatin1String(statistic) + QStringLiteral(" (ms)");
    for (double level : levels)
        table.header << of + QStringLiteral("p%1 (ms)").arg(LatencyReport::levelName(level));
    // A column of damaged replies beside the duplicates where any file had some (few do).
    const bool anyDamaged = std::any_of(reports.begin(), reports.end(),
                                        [](const LatencyReport& r) { return r.damaged > 0; });
    const auto damagedColumn = table.header.indexOf(QStringLiteral("duplicates")) + 1;
    if (anyDamaged)
        table.header.insert(damagedColumn, QStringLiteral("damaged"));
    table.rightAligned.assign(static_cast<std::size_t>(table.header.size()), true);
    table.rightAligned[0] = table.rightAligned[1] = table.rightAligned[2] = false;
    for (const LatencyReport& r : reports) {
        const bool any = r.stats().count > 0;
        auto stat = [any](double value) { return any ? number(value, 3) : QStringLiteral("-"); };
        QStringList row{r.label,
                        r.info().tool,
                        r.info().dialect,
                        optionalNumber(r.transmitted),
                        optionalNumber(r.received),
                        QString::number(r.duplicates),
                        r.lossPercent ? number(*r.lossPercent, 3) : QStringLiteral("-"),
                        QString::number(r.stats().count),
                        QString::number(r.parseErrors),
                        QString::number(r.rangeErrors),
                        stat(r.stats().min),
                        stat(r.stats().mean),
                        stat(r.stats().stddev),
                        stat(r.stats().max)};
        for (double value : r.stats().percentileValues)
            row << stat(value);
        if (anyDamaged)
            row.insert(damagedColumn, QString::number(r.damaged));
        table.rows.push_back(row);
    }
    return table;
}

Table perFlowTable(const FlowReport& report) {
    Table table;
    table.header = QStringList{"flow", "bytes", "seconds", "Mbits/s", "jitter (ms)", "lost/total"};
    table.rightAligned = {false, true, true, true, true, true};
    auto addRow = [&table](const QString& id, const FlowTotals& totals,
                           const FlowStatistics::PerFlow* udp) {
        const bool hasLoss = udp && udp->lost && udp->totalDatagrams;
        table.rows.push_back(
            {id, QString::number(totals.bytes, 'f', 0), number(totals.seconds, 2),
             megabits(totals.bitsPerSecond),
             udp && udp->jitterMs ? number(*udp->jitterMs, 3) : QStringLiteral("-"),
             hasLoss ? QStringLiteral("%1/%2 (%3 %)")
                           .arg(*udp->lost)
                           .arg(*udp->totalDatagrams)
                           .arg(number(udp->lossPercent.value_or(0), 3))
                     : QStringLiteral("-")});
    };
    for (const FlowStatistics::PerFlow& flow : report.stats().flows)
        addRow(flow.id, flow.totals, &flow);
    addRow(report.stats().sumFromTool ? QStringLiteral("SUM") : QStringLiteral("SUM (computed)"),
           report.stats().sum, nullptr);
    return table;
}

QJsonObject intervalStatsJson(const FlowReport& report) {
    return {{"file", report.file},
            {"label", report.label},
            {"tool", report.info().tool},
            {"kind", "throughput"},
            {"unit", "bits/s"},
            {"intervals", static_cast<qint64>(report.stats().intervals.count)},
            {"mean", report.stats().intervals.mean},
            {"median", report.stats().intervals.median},
            {"stddev", report.stats().intervals.stddev}};
}

// With the load phases of the steps among the logs, when there are any.
void printJson(CliContext& context, const QString& key, const QJsonArray& items,
               const LoadPhasesOutput* phases = nullptr) {
    QJsonObject json{{key, items}};
    if (phases && !phases->empty())
        json.insert("load_phases", phases->json());
    context.out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
}

} // namespace

int runStats(const QStringList& args, CliContext& context) {
    CommonOptions options;
    options.percentiles = LatencySummary::defaultLevels();
    if (!parseCommonOptions("stats", args, context, &options))
        return context.exitCode();
    const Reports reports = collect(options, context);
    noteSampled(reports, context);
    const LoadPhasesOutput phases(reports.all());
    phases.warn(context);
    if (options.json) {
        QJsonArray datasets;
        for (const LatencyReport& report : reports.latency) {
            QJsonObject json = report.toJson();
            if (options.metric != LatencyMetric::Rtt)
                json.insert("metric", latencyMetricId(options.metric));
            datasets.append(json);
        }
        for (const FlowReport& report : reports.flows)
            datasets.append(intervalStatsJson(report));
        printJson(context, "datasets", datasets, &phases);
    } else if (options.table == TableWriter::Format::Text) {
        const std::int64_t minimum = options.qjumpCompat ? kQjumpMinimumSamples : 1;
        // The artifact's report stays as it is; a metric other than the RTT is named above it.
        const QString metricLine =
            options.metric == LatencyMetric::Rtt
                ? QString()
                : QStringLiteral("Metric: %1\n").arg(latencyMetricName(options.metric));
        for (std::size_t i = 0; i < reports.latency.size(); ++i)
            context.out() << reports.latencyHeadings[i] << metricLine
                          << reports.latency[i].artifactText(minimum);
        for (std::size_t i = 0; i < reports.flows.size(); ++i)
            context.out() << reports.flowHeadings[i]
                          << QStringLiteral(
                                 "Throughput log (%1): bandwidth statistics of %2 interval lines "
                                 "(bits/sec) instead of latency\n")
                                 .arg(reports.flows[i].format)
                                 .arg(reports.flows[i].stats().intervals.count)
                          << reports.flows[i].intervalText();
        phases.printTables(options.table, context);
    } else {
        context.out() << TableWriter::write(
            latencyStatsTable(reports.latency, options.percentiles, options.metric), options.table);
        phases.printTables(options.table, context);
    }
    return context.exitCode();
}

namespace {

// `table`'s rows of latency and throughput reports, as text tables or JSON: one per file, or
// with pooledGroups one per group whose runs' samples were pooled as one run.
void printTableRows(const std::vector<LatencyReport>& latency, const std::vector<FlowReport>& flows,
                    bool pooledGroups, const CommonOptions& options, CliContext& context,
                    const GroupSummaryReport::NamedRuns& steps = {},
                    const LoadPhasesOutput* phases = nullptr) {
    const QString pooledNote = QStringLiteral(", pooled samples (runs treated as one)");
    if (options.json) {
        QJsonArray rows;
        for (const LatencyReport& r : latency)
            rows.append(
                QJsonObject{{"label", r.label},
                            {"file", r.file},
                            {"kind", "latency"},
                            {"samples", static_cast<qint64>(r.stats().count)},
                            {"p50_us", DatasetJson::number(r.stats().percentile(50) * 1000)},
                            {"p99_us", DatasetJson::number(r.stats().percentile(99) * 1000)}});
        for (const FlowReport& r : flows)
            rows.append(QJsonObject{{"label", r.label},
                                    {"file", r.file},
                                    {"kind", "throughput"},
                                    {"flows", static_cast<qint64>(r.stats().flows.size())},
                                    {"sum_bits_per_second", r.stats().sum.bitsPerSecond},
                                    {"jain_fairness", r.stats().jainFairness}});
        if (pooledGroups)
            for (QJsonValueRef row : rows) {
                QJsonObject pooled = row.toObject();
                pooled.insert("level", "pooled samples (runs treated as one)");
                row = pooled;
            }
        for (const QJsonValue& step : GroupSummaryReport::runsJson(steps))
            rows.append(step);
        printJson(context, "rows", rows, phases);
        return;
    }
    if (!latency.empty()) {
        Table table;
        table.header = QStringList{"label", "samples", "p50 (µs)", "p99 (µs)"};
        table.rightAligned = {false, true, true, true};
        table.caption = pooledGroups ? QStringLiteral("Latency percentiles per group") + pooledNote
                                     : QStringLiteral("Latency percentiles per configuration");
        for (const LatencyReport& r : latency)
            table.rows.push_back({r.label, QString::number(r.stats().count),
                                  number(r.stats().percentile(50) * 1000, 1),
                                  number(r.stats().percentile(99) * 1000, 1)});
        if (pooledGroups && options.table == TableWriter::Format::Text)
            context.out() << table.caption << '\n';
        context.out() << TableWriter::write(table, options.table);
    }
    if (!flows.empty()) {
        if (!latency.empty())
            context.out() << '\n';
        Table table = FlowReport::comparisonTable(flows);
        if (pooledGroups) {
            table.caption = QStringLiteral("Throughput per group") + pooledNote;
            table.header[0] = QStringLiteral("group");
            if (options.table == TableWriter::Format::Text)
                context.out() << table.caption << '\n';
        }
        context.out() << TableWriter::write(table, options.table);
    }
    if (!steps.empty()) {
        if (!latency.empty() || !flows.empty())
            context.out() << '\n';
        const Table table = GroupSummaryReport::runsTable(steps);
        if (options.table == TableWriter::Format::Text)
            context.out() << table.caption << '\n';
        context.out() << TableWriter::write(table, options.table);
    }
    if (phases)
        phases->printTables(options.table, context);
}

// `table` without grouping: a row per log, then a row per latency-under-load step, which is
// one run of its own (GroupSummaryReport::runsTable), named by its members' common label.
void printRunRows(const Reports& reports, const CommonOptions& options, CliContext& context,
                  const LoadPhasesOutput& phases) {
    std::vector<GroupMember> members;
    for (const auto& dataset : reports.datasets)
        members.push_back({dataset.get(), {}, {}, {}});
    GroupSummaryReport::NamedRuns steps;
    QStringList stepNames;
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (DatasetGroups::runKindOf(members, i) != DatasetGroups::RunKind::LoadStep)
            continue;
        const Dataset& dataset = *members[i].dataset;
        const QString step = LoadTimeline::stepOf(dataset);
        if (!stepNames.contains(step)) {
            stepNames << step;
            // A plan labels a member "STEP-LABEL MEMBER".
            const QString suffix =
                QLatin1Char(' ') + dataset.info.parameters.value(QStringLiteral("member"));
            steps.push_back(
                {dataset.label.endsWith(suffix) ? dataset.label.chopped(suffix.size()) : step, {}});
        }
        steps[std::size_t(stepNames.indexOf(step))].second.push_back(&dataset);
    }
    printTableRows(reports.latency, reports.flows, false, options, context, steps, &phases);
}

// `table --group-by KEY`: one row per group of each kind. Run level by default (each run
// summarised first, GroupSummaries); with --pooled the old figures of every sample of a
// group's runs pooled as one run.
void printGroupTable(const Reports& reports, const GroupOptions& group,
                     const CommonOptions& options, CliContext& context) {
    std::vector<const Dataset*> all;
    for (const auto& dataset : reports.datasets)
        all.push_back(dataset.get());
    // Every log's members at once: the user's values (--set, --metadata), and the warning of
    // metadata naming a log not read given once.
    const std::vector<GroupMember> allMembers = groupMembers(options, all, context);
    QJsonObject json{{"group_by", group.groupBy}};
    QJsonArray warnings; // what a group pools besides its key, as on stderr
    std::vector<LatencyReport> pooledLatency;
    std::vector<FlowReport> pooledFlows;
    bool first = true;
    // At run level a step of a ping beside flows is one run of its own kind (RunKind::LoadStep);
    // pooling joins samples of one kind of dataset.
    using RunKind = DatasetGroups::RunKind;
    for (RunKind runKind : {RunKind::Latency, RunKind::Throughput, RunKind::LoadStep}) {
        const Dataset::Kind kind =
            runKind == RunKind::Latency ? Dataset::Kind::Latency : Dataset::Kind::Throughput;
        // Pooled: the datasets of one kind, grouped among all (a step's ping by its step's
        // values) and pooled with the other datasets of their kind.
        const std::vector<GroupMember> members =
            group.pooled ? allMembers : DatasetGroups::ofRunKind(allMembers, runKind);
        std::vector<DatasetGroup> groups;
        for (DatasetGroup found : DatasetGroups::group(members, group.groupBy)) {
            if (group.pooled) {
                if (runKind == RunKind::LoadStep)
                    break;
                std::vector<std::size_t> ofKind;
                for (std::size_t i : found.members)
                    if (members[i].dataset->kind == kind)
                        ofKind.push_back(i);
                found.members = std::move(ofKind);
            }
            if (!found.members.empty())
                groups.push_back(std::move(found));
        }
        if (groups.empty())
            continue;
        for (const DatasetGroup& found : groups) {
            const QStringList mixes = DatasetGroups::mixes(members, found);
            if (!mixes.isEmpty()) {
                context.fileWarning(
                    found.name(), QStringLiteral("pools %1").arg(mixes.join(QStringLiteral("; "))));
                warnings.append(DatasetGroups::mixWarning(found.name(), mixes));
            }
            if (!group.pooled)
                continue;
            auto pooled = DatasetAnalysis::of(
                std::make_shared<const Dataset>(
                    DatasetGroups::pool(DatasetGroups::runsOf(members, found), found.name())),
                DatasetAnalysis::samplersAmong(reports.datasets), analysisOptions(options));
            if (kind == Dataset::Kind::Latency) {
                LatencyReport report;
                report.label = report.file = found.name();
                report.analysis = std::move(pooled);
                pooledLatency.push_back(report);
            } else {
                pooledFlows.push_back(FlowReport::of(found.name(), {}, std::move(pooled)));
                pooledFlows.back().label = found.name();
            }
        }
        if (group.pooled)
            continue;
        const std::vector<GroupSummary> summaries =
            GroupSummaries::of(members, groups, group.bootstrap);
        if (options.json) {
            QJsonObject groupsJson = GroupSummaryReport::json(summaries, group.bootstrap);
            addGroupValues(groups, &groupsJson);
            json.insert(runKind == RunKind::LoadStep ? QStringLiteral("latency_under_load")
                                                     : kindName(kind),
                        groupsJson);
            continue;
        }
        if (!first)
            context.out() << '\n';
        first = false;
        Table table = GroupSummaryReport::table(summaries, group.bootstrap);
        if (options.table == TableWriter::Format::Csv)
            addGroupValueColumn(groups, &table);
        if (options.table == TableWriter::Format::Text)
            context.out() << table.caption << '\n';
        context.out() << TableWriter::write(table, options.table);
    }
    if (group.pooled)
        printTableRows(pooledLatency, pooledFlows, true, options, context);
    else if (options.json) {
        if (!warnings.isEmpty())
            json.insert("warnings", warnings);
        context.out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
    }
}

} // namespace

int runTable(const QStringList& args, CliContext& context) {
    GroupOptions group;
    CommonOptions options;
    options.percentiles = {50, 99};
    if (!parseCommonOptions("table", args, context, &options, &group))
        return context.exitCode();
    if (group.groupBy.isEmpty() && group.pooled) {
        context.usageError(QStringLiteral("--pooled needs --group-by KEY"));
        return context.exitCode();
    }
    if (!checkGroupKey(group.groupBy, options, context))
        return context.exitCode();
    const Reports reports = collect(options, context);
    noteSampled(reports, context);
    if (!group.groupBy.isEmpty()) {
        printGroupTable(reports, group, options, context);
    } else {
        // A latency-under-load step's ping by phase: its percentiles above mix idle and loaded.
        const LoadPhasesOutput phases(reports.all());
        phases.warn(context);
        printRunRows(reports, options, context, phases);
    }
    return context.exitCode();
}

int runFlows(const QStringList& args, CliContext& context) {
    CommonOptions options;
    if (!parseCommonOptions("flows", args, context, &options))
        return context.exitCode();
    const Reports reports = collect(options, context);
    for (const LatencyReport& r : reports.latency)
        context.fileProblem(r.file, QStringLiteral("a latency log (%1/%2) has no flows; use stats")
                                        .arg(r.info().tool, r.info().dialect));
    if (options.json) {
        QJsonArray datasets;
        for (const FlowReport& report : reports.flows)
            datasets.append(report.toJson());
        QJsonObject json{{"datasets", datasets}};
        if (!reports.sampled.empty())
            json.insert("sampled_connections", FlowReport::sampledJson(reports.sampled));
        context.out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
        return context.exitCode();
    }
    for (std::size_t i = 0; i < reports.flows.size(); ++i) {
        const FlowReport& r = reports.flows[i];
        if (options.table == TableWriter::Format::Text)
            context.out() << reports.flowHeadings[i];
        context.out() << TableWriter::write(perFlowTable(r), options.table);
        if (options.table == TableWriter::Format::Text)
            context.out() << QStringLiteral(
                                 "flows %1  min %2  max %3  stddev %4 Mbits/s  Jain fairness %5\n"
                                 "intervals %6  mean %7  median %8  stddev %9 Mbits/s\n")
                                 .arg(r.stats().flows.size())
                                 .arg(megabits(r.stats().minBitsPerSecond),
                                      megabits(r.stats().maxBitsPerSecond),
                                      megabits(r.stats().stddevBitsPerSecond),
                                      number(r.stats().jainFairness, 4))
                                 .arg(r.stats().intervals.count)
                                 .arg(megabits(r.stats().intervals.mean),
                                      megabits(r.stats().intervals.median),
                                      megabits(r.stats().intervals.stddev));
    }
    if (reports.sampled.empty())
        return context.exitCode();
    const Table sampled = FlowReport::sampledTable(reports.sampled, true);
    if (options.table == TableWriter::Format::Text)
        context.out() << (reports.flows.empty() ? "" : "\n") << sampled.caption << '\n';
    context.out() << TableWriter::write(sampled, options.table);
    return context.exitCode();
}

} // namespace wb::cli
