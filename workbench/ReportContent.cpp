#include "ReportContent.h"

#include "DatasetMetadata.h"
#include "report/ComparisonReport.h"
#include "report/FlowReport.h"
#include "report/GroupSummaryReport.h"
#include "report/LoadPhasesReport.h"
#include "stats/DatasetGroups.h"
#include "stats/LoadTimeline.h"
#include "stats/Measured.h"

#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace wb {

namespace {

QString orDash(const QString& text) {
    return text.isEmpty() ? QStringLiteral("-") : text;
}

// The plan's parameters, "NAME=VALUE, …", with the values the user set (parameters.NAME)
// in place of the plan's and marked.
QString parametersText(const ReportRun& run) {
    QMap<QString, QString> parameters = run.dataset().info.parameters;
    const QLatin1String prefix("parameters.");
    for (auto it = run.metadata.cbegin(); it != run.metadata.cend(); ++it)
        if (it.key().startsWith(prefix))
            parameters.insert(it.key().mid(prefix.size()), DatasetMetadata::markedAsUsers(*it));
    QStringList parts;
    for (auto it = parameters.cbegin(); it != parameters.cend(); ++it)
        parts << it.key() + QLatin1Char('=') + it.value();
    return parts.join(QStringLiteral(", "));
}

// A metadata column: its header, the metadata key it shows (nullptr: none the user sets)
// and the cell of one run as its log gives it.
struct MetadataColumn {
    const char* header;
    const char* key;
    QString (*cell)(const ReportRun& run);
};

const MetadataColumn kRunColumns[] = {
    {"label", nullptr, [](const ReportRun& r) { return r.label; }},
    {"file", nullptr,
     [](const ReportRun& r) { return QFileInfo(r.dataset().sourceFile).fileName(); }},
    {"tool", "tool",
     [](const ReportRun& r) {
         const RunInfo& info = r.dataset().info;
         return info.dialect.isEmpty() || info.dialect == info.tool
                    ? info.tool
                    : QStringLiteral("%1 (%2)").arg(info.tool, info.dialect);
     }},
    {"target", "target", [](const ReportRun& r) { return r.dataset().info.target; }},
    {"protocol", "protocol", [](const ReportRun& r) { return r.dataset().info.protocol; }},
    {"role", "role", [](const ReportRun& r) { return r.dataset().info.role; }},
    {"streams", "streams",
     [](const ReportRun& r) {
         return r.dataset().info.streams > 0 ? QString::number(r.dataset().info.streams)
                                             : QString();
     }},
    {"congestion control", "congestion_control",
     [](const ReportRun& r) { return r.dataset().info.congestionControl; }},
    {"start (ISO 8601)", nullptr,
     [](const ReportRun& r) {
         const QDateTime& start = r.dataset().info.start;
         return start.isValid() ? start.toString(Qt::ISODate) : QString();
     }},
};

const MetadataColumn kEnvironmentColumns[] = {
    {"label", nullptr, [](const ReportRun& r) { return r.label; }},
    {"host", "host", [](const ReportRun& r) { return r.dataset().info.host; }},
    {"kernel", "kernel", [](const ReportRun& r) { return r.dataset().info.kernel; }},
    {"command line", "command_line",
     [](const ReportRun& r) { return r.dataset().info.commandLine; }},
    {"plan parameters", nullptr, [](const ReportRun& r) { return parametersText(r); }},
    {"tags", nullptr, [](const ReportRun& r) { return r.tags.join(QStringLiteral(", ")); }},
};

// A column of the metadata table: a fixed one, or one of a key only the user's metadata has.
struct ShownColumn {
    QString header;
    QString key; // empty: nothing the user sets
    const MetadataColumn* fixed = nullptr;

    // The run's value: the user's, marked, where the user set one; else the log's.
    QString cell(const ReportRun& run) const {
        if (const auto set = run.metadata.constFind(key);
            !key.isEmpty() && set != run.metadata.cend())
            return DatasetMetadata::markedAsUsers(*set);
        return fixed ? fixed->cell(run) : QString();
    }
};

// The keys the user set that no fixed column shows (their own, or a log field such as
// version), sorted; plan parameters are shown with the plan's.
QStringList extraUserKeys(const std::vector<ReportRun>& runs) {
    QStringList shown;
    const auto addKeys = [&shown](const auto& columns) {
        for (const MetadataColumn& column : columns)
            if (column.key)
                shown << QLatin1String(column.key);
    };
    addKeys(kRunColumns);
    addKeys(kEnvironmentColumns);
    QStringList keys;
    for (const ReportRun& run : runs)
        for (const QString& key : run.metadata.keys())
            if (!shown.contains(key) && !keys.contains(key) &&
                !key.startsWith(QLatin1String("parameters.")))
                keys << key;
    keys.sort();
    return keys;
}

// A table of the columns that say something about at least one run (imported logs know no
// host or command line; a column of dashes only takes room). The label always stays.
template <std::size_t N>
Table metadataTable(const MetadataColumn (&columns)[N], const QStringList& extraKeys,
                    const std::vector<ReportRun>& runs) {
    std::vector<ShownColumn> candidates;
    for (const MetadataColumn& column : columns)
        candidates.push_back({QString::fromUtf8(column.header),
                              column.key ? QString::fromLatin1(column.key) : QString(), &column});
    for (const QString& key : extraKeys)
        candidates.push_back({key, key, nullptr});
    Table table;
    std::vector<const ShownColumn*> kept{&candidates[0]};
    for (std::size_t c = 1; c < candidates.size(); ++c)
        for (const ReportRun& run : runs)
            if (!candidates[c].cell(run).isEmpty()) {
                kept.push_back(&candidates[c]);
                break;
            }
    if (kept.size() == 1)
        return table;
    for (const ShownColumn* column : kept) {
        table.header << column->header;
        table.rightAligned.push_back(column->header == QLatin1String("streams"));
    }
    for (const ReportRun& run : runs) {
        QStringList row;
        for (const ShownColumn* column : kept)
            row << orDash(column->cell(run));
        table.rows.push_back(row);
    }
    return table;
}

void addIssues(Table* table, const QString& file, const QString& kind, const IssueList& issues) {
    const auto& kept = issues.kept();
    const std::size_t shown = std::min(kept.size(), ReportContent::kIssuesShownPerFile);
    for (std::size_t i = 0; i < shown; ++i)
        table->rows.push_back(
            {file, QString::number(kept[i].line), kind, kept[i].message, kept[i].text});
    const std::int64_t more = issues.count() - static_cast<std::int64_t>(shown);
    if (more > 0)
        table->rows.push_back(
            {file, QStringLiteral("-"), kind,
             QStringLiteral("%1 more %2s like these (wirebench-cli stats lists them)")
                 .arg(more)
                 .arg(kind),
             QStringLiteral("-")});
}

Table warningsTable(const std::vector<ReportRun>& runs, const std::vector<ReportProblem>& problems,
                    std::int64_t* count) {
    Table table({"file", "line", "kind", "what is wrong", "line text"},
                {false, true, false, false, false},
                QStringLiteral("Problems the parsers found, with the line of the raw log"));
    for (const ReportProblem& problem : problems) {
        table.rows.push_back({QFileInfo(problem.file).fileName(), QStringLiteral("-"),
                              QStringLiteral("not loaded"), problem.why, QStringLiteral("-")});
        ++*count;
    }
    // Several datasets of one file (fping's targets) share its parse report: list it once.
    QSet<QString> listed;
    for (const ReportRun& run : runs) {
        const QString file = QFileInfo(run.dataset().sourceFile).fileName();
        if (listed.contains(run.dataset().sourceFile))
            continue;
        listed.insert(run.dataset().sourceFile);
        const ParseReport& report = *run.parseReport;
        addIssues(&table, file, QStringLiteral("parse error"), report.parseErrors);
        addIssues(&table, file, QStringLiteral("range error"), report.rangeErrors);
        addIssues(&table, file, QStringLiteral("warning"), report.warnings);
        *count += report.parseErrors.count() + report.rangeErrors.count() + report.warnings.count();
    }
    return table.rows.empty() ? Table() : table;
}

// A against B, each one run or a group of runs: at run level first when a side has
// repetitions (AnalysisComparison), the summary saying so.
ReportComparison comparison(const ComparisonSide& a, const ComparisonSide& b) {
    AnalysisComparison c = AnalysisComparison::of(a, b);
    ReportComparison out;
    out.title = QStringLiteral("%1 vs %2").arg(a.name, b.name);
    out.summary = c.summary();
    out.tables = std::move(c.tables);
    if (!c.levelNote.isEmpty())
        out.summary = c.levelNote.trimmed().replace(QLatin1Char('\n'), QStringLiteral(". ")) +
                      QStringLiteral(". ") + out.summary;
    return out;
}

std::vector<GroupMember> membersOf(const std::vector<const ReportRun*>& runs) {
    std::vector<GroupMember> members;
    for (const ReportRun* run : runs)
        members.push_back({&run->dataset(), run->tags, run->label, run->metadata});
    return members;
}

// One group of runs as a side: pooled into one dataset, as the workbench's grouped views and
// the Compare tab show it, and its runs.
ComparisonSide pooledSide(const std::vector<GroupMember>& members, const DatasetGroup& group) {
    std::vector<const Dataset*> datasets = DatasetGroups::runsOf(members, group);
    auto analysis = DatasetAnalysis::of(
        std::make_shared<const Dataset>(DatasetGroups::pool(datasets, group.name())));
    return {group.name(), std::move(analysis), std::move(datasets)};
}

// "Warning: cubic: pools -P 1 and -P 30 runs." for the groups whose runs differ in more than
// the key (DatasetGroups::mixes, the user's values counted); empty when none does.
QString mixSentence(const std::vector<GroupMember>& members,
                    const std::vector<DatasetGroup>& groups) {
    QStringList warnings;
    for (const DatasetGroup& group : groups) {
        const QString warning =
            DatasetGroups::mixWarning(group.name(), DatasetGroups::mixes(members, group));
        if (!warning.isEmpty())
            warnings << warning;
    }
    return warnings.isEmpty()
               ? QString()
               : QStringLiteral(" Warning: %1.").arg(warnings.join(QStringLiteral("; ")));
}

// One side of a chosen comparison among the runs of one kind: the run of that label, or the
// group of that name pooled; no analysis when the runs shown have none (hidden, renamed).
ComparisonSide chosenSide(const std::vector<const ReportRun*>& runs, const QString& name,
                          bool group, const QString& key) {
    if (!group) {
        for (const ReportRun* run : runs)
            if (run->label == name)
                return {name, run->analysis, {&run->dataset()}};
        return {};
    }
    if (key.isEmpty())
        return {};
    const std::vector<GroupMember> members = membersOf(runs);
    for (const DatasetGroup& candidate : DatasetGroups::group(members, key))
        if (candidate.name() == name)
            return pooledSide(members, candidate);
    return {};
}

// The chosen comparisons with a side among the runs of this kind, made where both sides are;
// a choice one of whose sides is not among them (hidden, renamed) is named in the notes.
// True when any was made: then the automatic ones of this kind are left out.
bool addChosen(ReportContent* content, const std::vector<const ReportRun*>& ofKind,
               const QString& what, const QString& groupKey,
               const std::vector<ChosenComparison>& chosen) {
    int made = 0;
    QStringList missing;
    for (const ChosenComparison& pair : chosen) {
        const ComparisonSide a = chosenSide(ofKind, pair.a, pair.groups, groupKey);
        const ComparisonSide b = chosenSide(ofKind, pair.b, pair.groups, groupKey);
        if (a.analysis && b.analysis) {
            content->comparisons.push_back(comparison(a, b));
            ++made;
        } else if (a.analysis || b.analysis) {
            missing << QStringLiteral("%1 vs %2").arg(pair.a, pair.b);
        }
    }
    if (made > 0)
        content->comparisonNotes << QStringLiteral(
                                        "The %1 comparison(s) chosen in the Compare tab, A "
                                        "against B as chosen there.")
                                        .arg(what);
    if (!missing.isEmpty())
        content->comparisonNotes
            << QStringLiteral("Left out, chosen in the Compare tab but with a side that is not "
                              "among the %1 runs shown (hidden or renamed): %2.")
                   .arg(what, missing.join(QStringLiteral("; ")));
    return made > 0;
}

void addComparisons(ReportContent* content, const std::vector<ReportRun>& runs, Dataset::Kind kind,
                    const QString& groupKey, const std::vector<ChosenComparison>& chosen) {
    std::vector<const ReportRun*> ofKind;
    for (const ReportRun& run : runs)
        if (run.dataset().kind == kind)
            ofKind.push_back(&run);
    const QString what =
        kind == Dataset::Kind::Latency ? QStringLiteral("latency") : QStringLiteral("throughput");
    if (addChosen(content, ofKind, what, groupKey, chosen))
        return;
    if (ofKind.size() < 2)
        return;
    // Grouped by a key that makes two groups or more: the first two, each pooled. The runs
    // without a value for the key are no such group: compared only when chosen.
    const std::vector<GroupMember> members = membersOf(ofKind);
    std::vector<DatasetGroup> groups;
    if (!groupKey.isEmpty())
        groups = DatasetGroups::group(members, groupKey);
    if (!groups.empty() && groups.back().value.isEmpty())
        groups.pop_back(); // DatasetGroups::group puts it last
    if (groups.size() >= 2) {
        groups.resize(2);
        content->comparisons.push_back(
            comparison(pooledSide(members, groups[0]), pooledSide(members, groups[1])));
        content->comparisonNotes << QStringLiteral(
                                        "The %1 runs grouped by %2: the first two groups, A "
                                        "against B, at run level first when a group has two "
                                        "runs or more, then each pooled into one sample.%3")
                                        .arg(what, groupKey, mixSentence(members, groups));
        return;
    }
    // Run against run: an ss log is no run of its own (Measured).
    ofKind = Measured<const ReportRun*>::of(ofKind, [](const ReportRun* run) -> const Dataset& {
                 return run->dataset();
             }).runs;
    if (ofKind.size() < 2)
        return;
    const std::size_t last = std::min(ofKind.size() - 1, ReportContent::kMaxBaselineComparisons);
    for (std::size_t i = 1; i <= last; ++i)
        content->comparisons.push_back(
            comparison({ofKind[0]->label, ofKind[0]->analysis, {&ofKind[0]->dataset()}},
                       {ofKind[i]->label, ofKind[i]->analysis, {&ofKind[i]->dataset()}}));
    content->comparisonNotes << QStringLiteral("The first %1 run (%2) as A against %3 other "
                                               "%1 run(s) as B.")
                                    .arg(what, ofKind[0]->label)
                                    .arg(last);
}

// The groups of each kind's runs by groupKey at run level, when it makes two groups or more.
std::vector<Table> groupSummariesOf(const std::vector<ReportRun>& runs, const QString& groupKey) {
    std::vector<Table> tables;
    if (groupKey.isEmpty())
        return tables;
    std::vector<const ReportRun*> all;
    for (const ReportRun& run : runs)
        all.push_back(&run);
    // A step of a ping beside flows is one run of its own kind, in a table of its own.
    using RunKind = DatasetGroups::RunKind;
    for (RunKind kind : {RunKind::Latency, RunKind::Throughput, RunKind::LoadStep}) {
        const std::vector<GroupMember> members = DatasetGroups::ofRunKind(membersOf(all), kind);
        const std::vector<DatasetGroup> groups = DatasetGroups::group(members, groupKey);
        if (groups.size() < 2)
            continue;
        Table table = GroupSummaryReport::table(GroupSummaries::of(members, groups), {});
        const QString how = table.caption;
        QString what = DatasetGroups::runKindName(kind);
        what[0] = what[0].toUpper();
        table.caption = QStringLiteral("%1 runs grouped by %2.").arg(what, groupKey);
        if (!how.isEmpty())
            table.caption += QLatin1Char(' ') + how + QLatin1Char('.');
        table.warning = mixSentence(members, groups).trimmed();
        tables.push_back(std::move(table));
    }
    return tables;
}

// The TCP state figures (cwnd, RTT) some throughput run has over time, each connection
// counted once (DatasetAnalysis::tcpLines).
std::vector<TcpMetric> tcpFiguresOf(const std::vector<ReportRun>& runs) {
    std::vector<TcpMetric> figures;
    for (TcpMetric metric : {TcpMetric::Cwnd, TcpMetric::Rtt})
        if (std::any_of(runs.begin(), runs.end(), [metric](const ReportRun& run) {
                return TcpStateLines::has(run.analysis->tcpLines, metric);
            }))
            figures.push_back(metric);
    return figures;
}

} // namespace

ReportContent ReportContent::of(const QString& title, const std::vector<ReportRun>& runs,
                                const std::vector<ReportProblem>& problems, const QString& groupKey,
                                const std::vector<ChosenComparison>& chosen) {
    ReportContent content;
    content.title = title;
    content.runs = metadataTable(kRunColumns, extraUserKeys(runs), runs);
    content.runs.caption = QStringLiteral("The runs shown in this report");
    content.environment = metadataTable(kEnvironmentColumns, {}, runs);
    content.environment.caption = QStringLiteral("How the runs were made");
    // Every value the user set is in a column: its key's, its own, or the plan parameters.
    if (std::any_of(runs.begin(), runs.end(),
                    [](const ReportRun& run) { return !run.metadata.isEmpty(); }))
        content.metadataNote = DatasetMetadata::userMarkNote();
    std::vector<const Dataset*> all;
    std::vector<const ReportRun*> everyRun;
    for (const ReportRun& run : runs) {
        all.push_back(&run.dataset());
        everyRun.push_back(&run);
    }
    // The throughput runs, each with its TCP state; an ss log beside its run is that state,
    // and one without its run is listed as the TCP state of its connections, not as a run.
    const auto reportOf = [](const ReportRun& run) {
        FlowReport report = FlowReport::of(run.dataset().sourceFile, run.formatId, run.analysis);
        report.label = run.label;
        return report;
    };
    const auto measured = Measured<const ReportRun*>::of(
        everyRun, [](const ReportRun* run) -> const Dataset& { return run->dataset(); });
    std::vector<FlowReport> flows;
    for (const ReportRun* run : measured.runs)
        if (run->dataset().kind == Dataset::Kind::Throughput)
            flows.push_back(reportOf(*run));
    if (!flows.empty())
        content.throughput = FlowReport::comparisonTable(flows);
    for (const ReportRun* sampler : measured.samplers)
        flows.push_back(reportOf(*sampler));
    if (FlowReport::anyTcpState(flows)) {
        content.tcp = FlowReport::tcpTable(flows, true);
        content.tcp.caption = QStringLiteral("TCP sender state per run");
    }
    addComparisons(&content, runs, Dataset::Kind::Latency, groupKey, chosen);
    addComparisons(&content, runs, Dataset::Kind::Throughput, groupKey, chosen);
    content.groupSummaries = groupSummariesOf(runs, groupKey);
    content.warnings = warningsTable(runs, problems, &content.issueCount);
    content.tcpFigures = tcpFiguresOf(runs);
    content.latencyUnderLoad = LoadTimeline::isLoadStep(all);
    content.loadPhases = LoadPhasesReport::tables(LoadPhases::ofSteps(all));
    return content;
}

} // namespace wb
