#include "CliContext.h"
#include "Commands.h"
#include "GroupOptions.h"

#include "report/ComparisonReport.h"
#include "report/GroupSummaryReport.h"
#include "report/LoadPhasesReport.h"
#include "report/TextEscaping.h"
#include "stats/DatasetGroups.h"
#include "stats/LatencySummary.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <memory>

namespace wb::cli {

namespace {

// The paths an operand names: a file, a folder (forEachImport reads every log in it, as a
// folder dropped on the workbench: not the runs' sidecars or workspaces), or files joined
// with commas.
QStringList logsOf(const QString& operand) {
    return QFileInfo::exists(operand) ? QStringList{operand}
                                      : operand.split(QLatin1Char(','), Qt::SkipEmptyParts);
}

// Every dataset of the imported logs; the imports own them.
struct Loaded {
    std::vector<std::unique_ptr<ImportResult>> imports;
    std::vector<const Dataset*> datasets;
};

void load(const QStringList& files, const CommonOptions& common, CliContext& context,
          Loaded* loaded) {
    CommonOptions options = common;
    options.files = files;
    forEachImport(options, context, [&](ImportResult& result) {
        if (result.report.hasProblems())
            context.markProblem();
        loaded->imports.push_back(std::make_unique<ImportResult>(std::move(result)));
        for (const Dataset& dataset : loaded->imports.back()->datasets)
            loaded->datasets.push_back(&dataset);
    });
}

// One side of the comparison: its runs, and their data (one dataset, or the runs pooled)
// analysed as the window analyses it.
struct Side : ComparisonSide {
    std::vector<GroupMember> members; // the runs with the user's values

    Dataset::Kind kind() const { return analysis->dataset->kind; }
};

// The datasets of the side's latency-under-load steps (a ping beside flows), or none: the
// samples such a side compares are its pings', its flows are among its steps' run values.
std::vector<const Dataset*> loadStepPings(const Side& side) {
    std::vector<const Dataset*> pings;
    for (std::size_t i = 0; i < side.members.size(); ++i)
        if (DatasetGroups::runKindOf(side.members, i) == DatasetGroups::RunKind::LoadStep &&
            side.members[i].dataset->kind == Dataset::Kind::Latency)
            pings.push_back(side.members[i].dataset);
    return pings;
}

// The ss logs among the runs, where the imports keep them, for the side's TCP state.
DatasetAnalysis::Samplers samplersOf(const std::vector<const Dataset*>& runs) {
    DatasetAnalysis::Samplers samplers;
    for (const Dataset* run : runs)
        if (TcpState::isSampler(*run))
            samplers.push_back(
                std::shared_ptr<const Dataset>(std::shared_ptr<const Dataset>(), run));
    return samplers;
}

bool checkSide(Side* side, CliContext& context) {
    if (side->runs.empty()) {
        context.fileProblem(side->name, QStringLiteral("no usable log to compare"));
        return false;
    }
    std::vector<const Dataset*> compared = side->runs;
    if (const std::vector<const Dataset*> pings = loadStepPings(*side); !pings.empty()) {
        for (std::size_t i = 0; i < side->members.size(); ++i) {
            if (DatasetGroups::runKindOf(side->members, i) == DatasetGroups::RunKind::LoadStep)
                continue;
            context.usageError(QStringLiteral("%1 mixes latency-under-load steps and other logs; "
                                              "compare needs runs of one kind on each side")
                                   .arg(side->name));
            return false;
        }
        compared = pings;
    }
    if (!DatasetGroups::sameKind(compared)) {
        context.usageError(QStringLiteral("%1 mixes latency and throughput logs; compare needs "
                                          "logs of one kind on each side")
                               .arg(side->name));
        return false;
    }
    // One dataset is analysed where the imports keep it (they outlive the side); an ss log
    // beside its run is that run's TCP state, not more flows of the side.
    const std::vector<const Dataset*> measured = RunValues::measurements(compared);
    side->analysis = DatasetAnalysis::of(
        measured.size() == 1
            ? std::shared_ptr<const Dataset>(std::shared_ptr<const Dataset>(), measured.front())
            : std::make_shared<const Dataset>(DatasetGroups::pool(measured, side->name)),
        samplersOf(side->runs));
    return true;
}

// A and B from the two operands.
bool sidesFromOperands(const CommonOptions& common, CliContext& context, Loaded* loaded, Side* a,
                       Side* b) {
    if (common.files.size() != 2) {
        context.usageError(QStringLiteral("compare needs two operands A and B (a log, a folder "
                                          "or FILE,FILE,...), or --group-by KEY FILE..."));
        return false;
    }
    std::size_t firstOfB = 0;
    for (Side* side : {a, b}) {
        side->name = common.files[side == a ? 0 : 1];
        const std::size_t before = loaded->datasets.size();
        load(logsOf(side->name), common, context, loaded);
        side->runs.assign(loaded->datasets.begin() + static_cast<std::ptrdiff_t>(before),
                          loaded->datasets.end());
        firstOfB = side == a ? loaded->datasets.size() : firstOfB;
    }
    const std::vector<GroupMember> members = groupMembers(common, loaded->datasets, context);
    const auto split = members.begin() + static_cast<std::ptrdiff_t>(firstOfB);
    a->members.assign(members.begin(), split);
    b->members.assign(split, members.end());
    return true;
}

// A and B from the two values of the group key among all the logs.
bool sidesFromGroups(const CommonOptions& common, const QString& key, CliContext& context,
                     Loaded* loaded, Side* a, Side* b) {
    QStringList files;
    for (const QString& operand : common.files)
        files += logsOf(operand);
    load(files, common, context, loaded);
    const std::vector<GroupMember> members = groupMembers(common, loaded->datasets, context);
    std::vector<DatasetGroup> groups = DatasetGroups::group(members, key);
    if (!groups.empty() && groups.back().value.isEmpty()) {
        for (std::size_t i : groups.back().members)
            context.fileWarning(loaded->datasets[i]->sourceFile,
                                QStringLiteral("has no %1; left out").arg(key));
        groups.pop_back();
    }
    if (groups.size() != 2) {
        QStringList values;
        for (const DatasetGroup& group : groups)
            values << group.value;
        context.usageError(
            QStringLiteral("--group-by %1 needs exactly two values among the logs, found %2%3")
                .arg(key)
                .arg(groups.size())
                .arg(values.isEmpty() ? QString()
                                      : QStringLiteral(" (%1)").arg(values.join(", "))));
        return false;
    }
    for (Side* side : {a, b}) {
        const DatasetGroup& group = groups[side == a ? 0 : 1];
        side->name = group.name();
        for (std::size_t i : group.members) {
            side->runs.push_back(loaded->datasets[i]);
            side->members.push_back(members[i]);
        }
    }
    return true;
}

QString sideLine(const char* letter, const Side& side, std::size_t count, const char* unit) {
    return QStringLiteral("%1: %2 (%3 %4 from %5 log%6)\n")
        .arg(QLatin1String(letter), side.name)
        .arg(count)
        .arg(QLatin1String(unit))
        .arg(RunValues::measurements(side.runs).size())
        .arg(RunValues::measurements(side.runs).size() == 1 ? "" : "s");
}

void print(const std::vector<Table>& tables, const QStringList& findings, const QString& heading,
           const CommonOptions& options, CliContext& context) {
    const bool text = options.table == TableWriter::Format::Text;
    if (text)
        context.out() << heading << '\n';
    for (std::size_t i = 0; i < tables.size(); ++i) {
        if (i > 0)
            context.out() << '\n';
        context.out() << TableWriter::write(tables[i], options.table);
    }
    // Text reads best a finding per line; Markdown wants them as one paragraph.
    if (text)
        context.out() << '\n' << findings.join(QLatin1Char('\n')) << '\n';
    else if (options.table == TableWriter::Format::Markdown)
        context.out() << '\n' << TextEscaping::markdown(findings.join(QLatin1Char(' '))) << '\n';
}

// Both operands latency-under-load steps: their increases under load side by side. The
// comparison below them is of the steps' pings (a step's flows are another kind).
struct StepSides {
    std::vector<LoadPhases> a;
    std::vector<LoadPhases> b;

    bool both() const { return !a.empty() && !b.empty(); }
    // The sides are left whole: checkSide compares a step side's pings, GroupSummaries
    // reads its steps' values from all of its members.
    static StepSides of(const Side& a, const Side& b) {
        StepSides phases{LoadPhases::ofSteps(a.runs), LoadPhases::ofSteps(b.runs)};
        return phases.both() ? phases : StepSides();
    }
    Table table(const Side& sideA, const Side& sideB) const {
        return LoadPhasesReport::increaseComparison(sideA.name, a.front(), sideB.name, b.front());
    }
};

QString bootstrapNote(const BootstrapOptions& options) {
    return QStringLiteral("Bootstrap: percentile method, %1 resamples, seed %2\n")
        .arg(options.resamples)
        .arg(options.seed);
}

} // namespace

int runCompare(const QStringList& args, CliContext& context) {
    GroupOptions compare;
    CommonOptions common;
    common.percentiles = LatencySummary::defaultLevels();
    if (!parseCommonOptions("compare", args, context, &common, &compare) ||
        !checkGroupKey(compare.groupBy, common, context))
        return context.exitCode();

    Loaded loaded;
    Side a;
    Side b;
    const bool sides = compare.groupBy.isEmpty()
                           ? sidesFromOperands(common, context, &loaded, &a, &b)
                           : sidesFromGroups(common, compare.groupBy, context, &loaded, &a, &b);
    const StepSides phases = sides && compare.groupBy.isEmpty() ? StepSides::of(a, b) : StepSides();
    if (!sides || !checkSide(&a, context) || !checkSide(&b, context))
        return context.exitCode();
    for (const std::vector<LoadPhases>* side : {&phases.a, &phases.b})
        for (const QString& warning : LoadPhasesReport::warnings(*side))
            context.fileWarning(side->front().step(), warning);
    // A side whose runs differ in how they were made (or holds a run that did not complete)
    // compares more than the key: said on stderr, and in the JSON's "warnings".
    QJsonArray warnings;
    for (const Side* side : {&a, &b}) {
        const QStringList mixes = DatasetGroups::mixes(side->members, compare.groupBy);
        if (mixes.isEmpty())
            continue;
        context.fileWarning(side->name,
                            QStringLiteral("pools %1").arg(mixes.join(QStringLiteral("; "))));
        warnings.append(DatasetGroups::mixWarning(side->name, mixes));
    }
    if (a.kind() != b.kind()) {
        context.usageError(QStringLiteral("%1 is a %2 log and %3 a %4 log; compare needs two of "
                                          "the same kind")
                               .arg(a.name, kindName(a.kind()), b.name, kindName(b.kind())));
        return context.exitCode();
    }
    const bool latency = a.kind() == Dataset::Kind::Latency;
    const auto empty = [latency](const Side& side) {
        return latency ? side.analysis->sortedRttMs.empty() : side.analysis->flows.flows.empty();
    };
    if (empty(a) || empty(b)) {
        context.fileProblem(empty(a) ? a.name : b.name,
                            latency ? QStringLiteral("no replies to compare")
                                    : QStringLiteral("no flow results to compare"));
        return UsageOrNothingUsable;
    }

    ComparisonOptions options;
    options.levels = common.percentiles;
    options.bootstrap = compare.bootstrap;
    const AnalysisComparison c = AnalysisComparison::of(a, b, options);
    // A side of latency-under-load steps compares its pings' samples; each step's SUMs,
    // Jain's indices and TCP figures are its values as a run, shown per side.
    std::vector<GroupSummary> steps;
    if (!loadStepPings(a).empty())
        steps = {GroupSummaries::of(a.name, a.runs, options.bootstrap),
                 GroupSummaries::of(b.name, b.runs, options.bootstrap)};
    if (common.json) {
        QJsonObject json = latency ? ComparisonReport::toJson(*c.latency)
                                   : ComparisonReport::toJson(*c.throughput);
        if (ComparisonReport::hasRepetitions(a.runs, b.runs)) {
            json.insert("run_level",
                        ComparisonReport::runLevelJson(RunValues::of(a.runs), RunValues::of(b.runs),
                                                       options.bootstrap));
            // The result in words is the run level's; the pooled samples' stays beside it.
            json.insert("sample_summary", json.value("summary"));
            json.insert("summary", c.summary());
        }
        if (!steps.empty())
            json.insert("steps", GroupSummaryReport::json(steps, options.bootstrap));
        if (!warnings.isEmpty())
            json.insert("warnings", warnings);
        if (phases.both())
            json.insert("load_phases", QJsonObject{{"a", LoadPhasesReport::toJson(phases.a)},
                                                   {"b", LoadPhasesReport::toJson(phases.b)}});
        context.out() << QJsonDocument(json).toJson();
    } else {
        const char* unit = latency ? "samples" : "flows";
        std::vector<Table> tables = c.tables;
        QString stepsNote;
        if (!steps.empty()) {
            Table table = GroupSummaryReport::sideBySide(steps[0], steps[1]);
            table.caption = QStringLiteral("Latency-under-load steps, each one run; the samples "
                                           "compared below are their pings'. ") +
                            table.caption;
            stepsNote = table.caption + QLatin1Char('\n');
            tables.insert(tables.begin(), std::move(table));
        }
        print(tables, c.findings(),
              sideLine("A", a, latency ? c.latency->countA : c.throughput->flowsA, unit) +
                  sideLine("B", b, latency ? c.latency->countB : c.throughput->flowsB, unit) +
                  bootstrapNote(options.bootstrap) + c.levelNote + stepsNote,
              common, context);
        if (phases.both()) {
            const Table increases = phases.table(a, b);
            context.out() << '\n';
            if (common.table == TableWriter::Format::Text)
                context.out() << increases.caption << '\n';
            context.out() << TableWriter::write(increases, common.table);
        }
    }
    context.fileReported();
    return context.exitCode();
}

} // namespace wb::cli
