#include "CliContext.h"
#include "Commands.h"
#include "StopSignals.h"

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

#include <algorithm>

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
};

bool parseRunArguments(const QStringList& args, CliContext& context, RunArguments* parsed) {
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
        const RunOutcome& outcome = runner.outcomes()[i];
        runs.rows.push_back({plan.steps[i].spec.displayLabel(),
                             RunOutcome::statusName(outcome.status),
                             outcome.logPath.isEmpty() ? QStringLiteral("-")
                                                       : QFileInfo(outcome.logPath).fileName(),
                             outcome.error.isEmpty() ? QStringLiteral("-") : outcome.error});
        if (!outcome.completed()) {
            context.fileProblem(
                outcome.logPath.isEmpty() ? plan.steps[i].spec.displayLabel() : outcome.logPath,
                outcome.error.isEmpty() ? RunOutcome::statusName(outcome.status) : outcome.error);
        }
        if (!outcome.result.datasets.empty())
            logs << outcome.logPath;
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
