#include "CliContext.h"
#include "Commands.h"
#include "OptionParser.h"
#include "run/StopSignals.h"

#include "run/ExperimentPlan.h"
#include "run/OutputFolder.h"
#include "run/PlanRunner.h"
#include "run/RunOptions.h"
#include "run/RunValidation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QSet>

#include <algorithm>
#include <csignal>

namespace wb::cli {

namespace {

// A run option's command-line value as the JSON value RunOptions sets: "--report-interval
// 0.5" is the plan's "report_interval": 0.5. Null when the text is not such a value.
QJsonValue optionValue(const RunOption& option, const QString& text) {
    bool ok = false;
    switch (option.kind) {
    case RunOption::Kind::Flag:
        return true;
    case RunOption::Kind::Integer: {
        const int number = text.toInt(&ok);
        return ok ? QJsonValue(number) : QJsonValue();
    }
    case RunOption::Kind::Seconds: {
        const double number = text.toDouble(&ok);
        return ok ? QJsonValue(number) : QJsonValue();
    }
    case RunOption::Kind::Words:
        return QJsonArray::fromStringList(QProcess::splitCommand(text));
    case RunOption::Kind::Tool:
        return runToolFromName(text) ? QJsonValue(text) : QJsonValue();
    default:
        return text;
    }
}

// --report-interval for "report_interval".
QString flagName(const RunOption& option) {
    return QStringLiteral("--") + QString::fromLatin1(option.key).replace(QLatin1Char('_'), '-');
}

struct RunArguments {
    RunSpec spec;
    QString planPath;
    QString outputDir;
    QStringList tableArgs; // --format for the summary, passed on to `table`
    bool toolGiven = false;
    QSet<QString> given;     // run option keys given
    QStringList memberTexts; // each --member, as written
    double sampleSeconds = StepMembers::kDefaultSampleSeconds;
    bool sampleGiven = false;
    // Inside a --member only:
    double startSeconds = 0;
    QString memberName;
    QString until;
};

bool parseRunArguments(const QStringList& args, CliContext& context, RunArguments* parsed,
                       bool member = false) {
    OptionParser parser("run", context);
    parser.unknownOption = QStringLiteral("unknown option \"%1\" for run");
    // Options of a --member only, or of the command only: each refused on the wrong side.
    auto scoped = [&](const QString& name, bool memberOption, auto take) {
        parser.on(name, [=, &context](const QString& text) {
            if (member != memberOption) {
                context.usageError(member ? QStringLiteral("%1 belongs outside --member").arg(name)
                                          : QStringLiteral("%1 belongs inside --member").arg(name));
                return false;
            }
            if (take(text))
                return true;
            context.usageError(QStringLiteral("%1: \"%2\" is not a valid value").arg(name, text));
            return false;
        });
    };
    auto text = [](QString* into) {
        return [into](const QString& value) {
            *into = value;
            return true;
        };
    };
    scoped(QStringLiteral("--start"), true, [parsed](const QString& value) {
        bool ok = false;
        parsed->startSeconds = value.toDouble(&ok);
        return ok && parsed->startSeconds >= 0;
    });
    scoped(QStringLiteral("--name"), true, text(&parsed->memberName));
    scoped(QStringLiteral("--until"), true, text(&parsed->until));
    scoped(QStringLiteral("--member"), false, [parsed](const QString& value) {
        parsed->memberTexts << value;
        return true;
    });
    scoped(QStringLiteral("--ss-interval"), false, [parsed](const QString& value) {
        bool ok = false;
        parsed->sampleSeconds = value.toDouble(&ok);
        parsed->sampleGiven = true;
        return ok;
    });
    scoped(QStringLiteral("--plan"), false, text(&parsed->planPath));
    scoped(QStringLiteral("--output"), false, text(&parsed->outputDir));
    scoped(QStringLiteral("--format"), false, [parsed](const QString& value) {
        parsed->tableArgs << QStringLiteral("--format") << value;
        return true;
    });
    for (const RunOption& option : RunOptions::all()) {
        const QString name = flagName(option);
        parser.on(name, [&context, &option, name, parsed](const QString& text) {
            const QJsonValue value = optionValue(option, text);
            if (value.isNull()) {
                context.usageError(
                    QStringLiteral("%1: \"%2\" is not a valid value").arg(name, text));
                return false;
            }
            option.set(parsed->spec, value);
            parsed->given.insert(QString::fromLatin1(option.key));
            parsed->toolGiven = parsed->toolGiven || option.kind == RunOption::Kind::Tool;
            return true;
        });
    }
    QStringList targets;
    if (!parser.parse(args, &targets))
        return false;
    if (targets.size() > 1 || (!targets.isEmpty() && !parsed->spec.target.isEmpty())) {
        context.usageError(
            QStringLiteral("run takes one target; \"%1\" is a second").arg(targets.back()));
        return false;
    }
    if (!targets.isEmpty())
        parsed->spec.target = targets.front();
    return true;
}

// Each --member "TOOL TARGET [OPTIONS]" over the options given outside the members.
bool parseMembers(const RunArguments& args, CliContext& context, std::vector<StepMember>* members) {
    for (const QString& text : args.memberTexts) {
        const QStringList words = QProcess::splitCommand(text);
        if (words.isEmpty() || !runToolFromName(words.front())) {
            context.usageError(QStringLiteral("--member \"%1\": a member starts with its tool "
                                              "(ping, irtt, iperf, iperf2 or iperf3)")
                                   .arg(text));
            return false;
        }
        RunArguments parsed;
        parsed.spec = args.spec;
        parsed.spec.tool = *runToolFromName(words.front());
        if (!parseRunArguments(words.mid(1), context, &parsed, true))
            return false;
        if (parsed.spec.tool == RunTool::Ping && !parsed.given.contains(QStringLiteral("count")) &&
            (parsed.given.contains(QStringLiteral("duration")) ||
             args.given.contains(QStringLiteral("duration"))))
            StepMembers::pingFor(&parsed.spec, parsed.spec.durationSeconds);
        parsed.spec.label.clear();
        members->push_back({parsed.memberName, parsed.spec, parsed.startSeconds, parsed.until});
    }
    StepMembers::complete(members);
    QStringList problems = StepMembers::check(*members);
    if (const QString problem = StepMembers::checkSampleSeconds(args.sampleSeconds);
        !problem.isEmpty())
        problems << QStringLiteral("--ss-interval: ") + problem;
    for (const QString& problem : problems)
        context.usageError(problem);
    return problems.isEmpty();
}

// Checked before anything runs, so a refused folder starts no setup command.
bool usableOutput(const ExperimentPlan& plan, CliContext& context) {
    const QString problem = OutputFolder::problem(plan.outputDir);
    if (problem.isEmpty())
        return true;
    context.usageError(QStringLiteral("the output folder %1 %2")
                           .arg(QDir::toNativeSeparators(plan.outputDir), problem));
    return false;
}

// A single run is a plan of one step: one way through the runner for both.
bool planFor(const RunArguments& args, CliContext& context, ExperimentPlan* plan) {
    if (!args.planPath.isEmpty()) {
        if (args.toolGiven || !args.spec.target.isEmpty()) {
            context.usageError(
                QStringLiteral("--plan describes the runs; give no --tool or target with it"));
            return false;
        }
        QStringList errors;
        if (!ExperimentPlan::load(args.planPath, plan, &errors)) {
            for (const QString& error : errors)
                context.fileProblem(args.planPath, error);
            context.markProblem();
            return false;
        }
        if (!args.outputDir.isEmpty())
            plan->outputDir = QDir(args.outputDir).absolutePath();
        return usableOutput(*plan, context);
    }
    if (args.outputDir.isEmpty()) {
        context.usageError(QStringLiteral("run needs -o DIR, the folder for the raw logs"));
        return false;
    }
    PlanStep step;
    QString stemPrefix;
    if (!args.memberTexts.isEmpty()) {
        if (args.toolGiven || !args.spec.target.isEmpty()) {
            context.usageError(QStringLiteral("with --member, each member names its tool and "
                                              "target; give no --tool or target outside them"));
            return false;
        }
        if (!parseMembers(args, context, &step.members))
            return false;
        step.spec.label = args.spec.label.isEmpty() ? QStringLiteral("step") : args.spec.label;
        step.tcpSampleSeconds = args.sampleSeconds;
        stemPrefix = QStringLiteral("step");
    } else {
        if (args.sampleGiven) {
            context.usageError(QStringLiteral("--ss-interval is for steps of several members "
                                              "(--member)"));
            return false;
        }
        const QStringList problems = RunValidation::check(args.spec);
        for (const QString& problem : problems)
            context.usageError(problem);
        if (!problems.isEmpty())
            return false;
        step.spec = args.spec;
        step.spec.label = args.spec.displayLabel();
        stemPrefix = runToolProgram(args.spec.tool);
    }
    plan->name = QStringLiteral("run");
    plan->outputDir = QDir(args.outputDir).absolutePath();
    step.fileStem = stemPrefix + QLatin1Char('-') +
                    QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    plan->steps.push_back(step);
    return usableOutput(*plan, context);
}

QString stepPrefix(int index, int count) {
    return QStringLiteral("[%1/%2]").arg(index + 1).arg(count);
}

} // namespace

int runRun(const QStringList& args, CliContext& context) {
    RunArguments parsed;
    ExperimentPlan plan;
    if (!parseRunArguments(args, context, &parsed) || !planFor(parsed, context, &plan))
        return context.exitCode();

    // A closed output (`run ... | head -1`) must not end the process mid-step, past its
    // teardown: the writes fail instead (EPIPE), progress stops, the run goes on to its end,
    // and a runs table that could not be written makes the exit status 2 (main()).
    std::signal(SIGPIPE, SIG_IGN);
    PlanRunner runner(plan);
    const int count = static_cast<int>(plan.steps.size());
    QObject::connect(&runner, &PlanRunner::stepStarted, [&](int index, int, const QString& label) {
        context.progress(QStringLiteral("%1 %2").arg(stepPrefix(index, count), label));
    });
    QObject::connect(&runner, &PlanRunner::status, [&](const QString& text) {
        context.progress(QStringLiteral("      %1").arg(text));
    });
    bool cancelled = false;
    bool ended = false;
    QObject::connect(&runner, &PlanRunner::finished, [&](bool wasCancelled) {
        cancelled = wasCancelled;
        ended = true;
    });
    QObject::connect(&runner, &PlanRunner::finished, QCoreApplication::instance(),
                     &QCoreApplication::quit, Qt::QueuedConnection);
    // The first stop signal cancels as the Run panel's Cancel does: the running step ends
    // with its summary and its teardown, no later step starts. A second one stops at once:
    // the runner's destructor kills what still runs and writes its sidecar.
    int stops = 0;
    const StopSignals stopSignals([&](int signal) {
        const QString name = StopSignals::nameOf(signal);
        if (++stops == 1) {
            context.progress(
                QStringLiteral("%1: cancelling the run; the same again stops at once").arg(name));
            runner.cancel(QStringLiteral("cancelled by %1").arg(name));
            cancelled = !ended;
        } else {
            context.progress(QStringLiteral("%1: stopping now").arg(name));
            QCoreApplication::quit();
        }
    });
    runner.start();
    QCoreApplication::exec();

    Table runs;
    runs.header = QStringList{"run", "status", "log", "note"};
    runs.rightAligned = {false, false, false, false};
    runs.caption = QStringLiteral("Runs of %1").arg(plan.name);
    QStringList logs;
    const auto addRow = [&runs](const QString& label, const RunOutcome& outcome) {
        runs.rows.push_back({label, RunOutcome::statusName(outcome.status),
                             outcome.logPath.isEmpty() ? QStringLiteral("-")
                                                       : QFileInfo(outcome.logPath).fileName(),
                             outcome.error.isEmpty() ? QStringLiteral("-") : outcome.error});
    };
    for (std::size_t i = 0; i < runner.outcomes().size(); ++i) {
        const RunOutcome& stepOutcome = runner.outcomes()[i];
        // A step of several members: the step's own row (its record), then one per member.
        std::vector<std::pair<QString, const RunOutcome*>> rows;
        if (!plan.steps[i].members.empty()) {
            addRow(plan.steps[i].spec.displayLabel(), stepOutcome);
            // Members that did not complete report themselves below.
            if (!stepOutcome.completed() &&
                std::all_of(stepOutcome.members.begin(), stepOutcome.members.end(),
                            [](const RunOutcome& member) { return member.completed(); }))
                context.fileProblem(plan.steps[i].spec.displayLabel(), stepOutcome.error);
            for (std::size_t m = 0; m < stepOutcome.members.size(); ++m)
                rows.emplace_back(QStringLiteral("  ") + plan.steps[i].members[m].name,
                                  &stepOutcome.members[m]);
        } else {
            rows.emplace_back(plan.steps[i].spec.displayLabel(), &stepOutcome);
        }
        for (const auto& [rowLabel, outcomePointer] : rows) {
            const RunOutcome& outcome = *outcomePointer;
            addRow(rowLabel, outcome);
            if (!outcome.completed()) {
                context.fileProblem(outcome.logPath.isEmpty() ? rowLabel : outcome.logPath,
                                    outcome.error.isEmpty() ? RunOutcome::statusName(outcome.status)
                                                            : outcome.error);
            }
            if (!outcome.result.datasets.empty())
                logs << outcome.logPath;
        }
    }
    for (std::size_t i = runner.outcomes().size(); cancelled && i < plan.steps.size(); ++i)
        runs.rows.push_back({plan.steps[i].spec.displayLabel(), QStringLiteral("not started"),
                             QStringLiteral("-"), QStringLiteral("the run was cancelled")});
    if (std::any_of(runner.outcomes().begin(), runner.outcomes().end(),
                    [](const RunOutcome& outcome) { return !outcome.logPath.isEmpty(); }))
        context.progress(QStringLiteral("logs are in %1").arg(plan.outputDir));
    if (!parsed.tableArgs.contains(QLatin1String("json")))
        context.out() << TableWriter::write(runs, TableWriter::Format::Text) << '\n';
    // Nothing reported is nothing usable; a cancelled run is a run that did not complete.
    const int status =
        logs.isEmpty() ? context.exitCode() : runTable(parsed.tableArgs + logs, context);
    return cancelled ? SomeFilesFailed : status;
}

} // namespace wb::cli
