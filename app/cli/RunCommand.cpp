#include "CliContext.h"
#include "Commands.h"
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
    for (int i = 0; i < args.size(); ++i) {
        const QString& arg = args[i];
        const QString name = arg.section(QLatin1Char('='), 0, 0);
        const bool inlineValue =
            arg.contains(QLatin1Char('=')) && arg.startsWith(QLatin1String("--"));
        auto value = [&](QString* into) {
            if (inlineValue) {
                *into = arg.section(QLatin1Char('='), 1);
                return true;
            }
            if (i + 1 >= args.size()) {
                context.usageError(QStringLiteral("%1 needs a value").arg(arg));
                return false;
            }
            *into = args[++i];
            return true;
        };
        QString text;
        const bool memberOption = name == QLatin1String("--start") ||
                                  name == QLatin1String("--name") ||
                                  name == QLatin1String("--until");
        const bool stepOption =
            name == QLatin1String("--member") || name == QLatin1String("--ss-interval");
        if (member ? stepOption || name == QLatin1String("--plan") || name == QLatin1String("-o") ||
                         name == QLatin1String("--output") || name == QLatin1String("--format")
                   : memberOption) {
            context.usageError(member ? QStringLiteral("%1 belongs outside --member").arg(name)
                                      : QStringLiteral("%1 belongs inside --member").arg(name));
            return false;
        }
        if (memberOption || stepOption) {
            if (!value(&text))
                return false;
            bool ok = true;
            if (name == QLatin1String("--member")) {
                parsed->memberTexts << text;
            } else if (name == QLatin1String("--name")) {
                parsed->memberName = text;
            } else if (name == QLatin1String("--until")) {
                parsed->until = text;
            } else if (name == QLatin1String("--start")) {
                parsed->startSeconds = text.toDouble(&ok);
                ok = ok && parsed->startSeconds >= 0;
            } else {
                parsed->sampleSeconds = text.toDouble(&ok);
                parsed->sampleGiven = true;
            }
            if (!ok) {
                context.usageError(
                    QStringLiteral("%1: \"%2\" is not a valid value").arg(name, text));
                return false;
            }
            continue;
        }
        if (name == QLatin1String("--plan") || name == QLatin1String("-o") ||
            name == QLatin1String("--output") || name == QLatin1String("--format")) {
            if (!value(&text))
                return false;
            if (name == QLatin1String("--plan"))
                parsed->planPath = text;
            else if (name == QLatin1String("--format"))
                parsed->tableArgs << QStringLiteral("--format") << text;
            else
                parsed->outputDir = text;
            continue;
        }
        const auto& options = RunOptions::all();
        const auto option = std::find_if(options.begin(), options.end(),
                                         [&](const RunOption& o) { return name == flagName(o); });
        if (option != options.end()) {
            if (option->kind != RunOption::Kind::Flag && !value(&text))
                return false;
            const QJsonValue parsedValue = optionValue(*option, text);
            if (parsedValue.isNull()) {
                context.usageError(
                    QStringLiteral("%1: \"%2\" is not a valid value").arg(name, text));
                return false;
            }
            option->set(parsed->spec, parsedValue);
            parsed->given.insert(QString::fromLatin1(option->key));
            parsed->toolGiven = parsed->toolGiven || option->kind == RunOption::Kind::Tool;
            continue;
        }
        if (arg.startsWith(QLatin1Char('-')) && arg.size() > 1) {
            context.usageError(QStringLiteral("unknown option \"%1\" for run").arg(arg));
            return false;
        }
        if (!parsed->spec.target.isEmpty()) {
            context.usageError(QStringLiteral("run takes one target; \"%1\" is a second").arg(arg));
            return false;
        }
        parsed->spec.target = arg;
    }
    return true;
}

// Each --member "TOOL TARGET [OPTIONS]" over the options given outside the members.
bool parseMembers(const RunArguments& args, CliContext& context, std::vector<StepMember>* members) {
    for (const QString& text : args.memberTexts) {
        const QStringList words = QProcess::splitCommand(text);
        if (words.isEmpty() || !runToolFromName(words.front())) {
            context.usageError(QStringLiteral("--member \"%1\": a member starts with its tool "
                                              "(ping, iperf, iperf2 or iperf3)")
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
    if (!args.memberTexts.isEmpty()) {
        if (args.toolGiven || !args.spec.target.isEmpty()) {
            context.usageError(QStringLiteral("with --member, each member names its tool and "
                                              "target; give no --tool or target outside them"));
            return false;
        }
        PlanStep step;
        if (!parseMembers(args, context, &step.members))
            return false;
        plan->name = QStringLiteral("run");
        plan->outputDir = QDir(args.outputDir).absolutePath();
        step.spec.label = args.spec.label.isEmpty() ? QStringLiteral("step") : args.spec.label;
        step.tcpSampleSeconds = args.sampleSeconds;
        step.fileStem = QStringLiteral("step-") +
                        QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
        plan->steps.push_back(step);
        return usableOutput(*plan, context);
    }
    if (args.sampleGiven) {
        context.usageError(QStringLiteral("--ss-interval is for steps of several members "
                                          "(--member)"));
        return false;
    }
    const QStringList problems = RunValidation::check(args.spec);
    if (!problems.isEmpty()) {
        for (const QString& problem : problems)
            context.usageError(problem);
        return false;
    }
    plan->name = QStringLiteral("run");
    plan->outputDir = QDir(args.outputDir).absolutePath();
    PlanStep step;
    step.spec = args.spec;
    step.spec.label = args.spec.displayLabel();
    step.fileStem = runToolProgram(args.spec.tool) + QStringLiteral("-") +
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
    for (std::size_t i = 0; i < runner.outcomes().size(); ++i) {
        const RunOutcome& stepOutcome = runner.outcomes()[i];
        // A step of several members: the step's own row (its record), then one per member.
        std::vector<std::pair<QString, const RunOutcome*>> rows;
        if (!plan.steps[i].members.empty()) {
            runs.rows.push_back(
                {plan.steps[i].spec.displayLabel(), RunOutcome::statusName(stepOutcome.status),
                 stepOutcome.logPath.isEmpty() ? QStringLiteral("-")
                                               : QFileInfo(stepOutcome.logPath).fileName(),
                 stepOutcome.error.isEmpty() ? QStringLiteral("-") : stepOutcome.error});
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
            runs.rows.push_back({rowLabel, RunOutcome::statusName(outcome.status),
                                 outcome.logPath.isEmpty() ? QStringLiteral("-")
                                                           : QFileInfo(outcome.logPath).fileName(),
                                 outcome.error.isEmpty() ? QStringLiteral("-") : outcome.error});
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
