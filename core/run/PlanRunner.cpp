#include "PlanRunner.h"

#include "ChildProcess.h"
#include "OutputFolder.h"
#include "RunCommands.h"
#include "files/RunSidecar.h"

#include <QDir>
#include <QTimer>

#include <csignal>

namespace wb {

PlanRunner::PlanRunner(ExperimentPlan plan, QObject* parent)
    : QObject(parent), m_plan(std::move(plan)) {}

PlanRunner::~PlanRunner() {
    ChildProcess::killNow(m_process.get(), this);
}

void PlanRunner::start() {
    if (m_step >= 0)
        return;
    m_step = 0;
    QTimer::singleShot(0, this, [this] {
        // A run whose Wirebench was killed left its sidecar saying "running". A folder the
        // steps will refuse is not touched either.
        const QStringList stale = OutputFolder::problem(m_plan.outputDir).isEmpty()
                                      ? RunSidecar::settleInterrupted(m_plan.outputDir)
                                      : QStringList();
        for (const QString& path : stale)
            emit status(QStringLiteral("%1: an earlier run here was interrupted (its Wirebench "
                                       "ended before it did); marked \"interrupted\"")
                            .arg(QDir::toNativeSeparators(path)));
        startStep();
    });
}

void PlanRunner::cancel(const QString& why) {
    if (m_cancelled || m_step < 0 || m_step >= static_cast<int>(m_plan.steps.size()))
        return;
    m_cancelled = true;
    m_cancelReason = why;
    emit status(QStringLiteral("cancelling the plan"));
    if (m_phase == Phase::Measure && m_run) {
        m_run->cancel(m_cancelReason); // its finished() leads to the teardown
    } else if (m_phase == Phase::Measure && m_members) {
        m_members->cancel(m_cancelReason);
    } else if (m_phase == Phase::Setup) {
        // The measurement is skipped; the teardown still undoes what setup did.
        ChildProcess::signal(m_process.get(), SIGKILL);
    }
}

void PlanRunner::startStep() {
    if (m_step >= static_cast<int>(m_plan.steps.size())) {
        emit finished(m_cancelled);
        return;
    }
    const PlanStep& step = m_plan.steps[static_cast<std::size_t>(m_step)];
    emit stepStarted(m_step, static_cast<int>(m_plan.steps.size()), step.spec.displayLabel());
    m_current = RunOutcome();
    m_phase = Phase::Setup;
    m_command = 0;
    runNextCommand();
}

void PlanRunner::runNextCommand() {
    const PlanStep& step = m_plan.steps[static_cast<std::size_t>(m_step)];
    const QList<QStringList>& commands = m_phase == Phase::Setup ? step.setup : step.teardown;
    if (m_command >= commands.size()) {
        if (m_phase == Phase::Setup && !m_cancelled)
            startMeasurement();
        else if (m_phase == Phase::Setup) {
            m_current.status = RunOutcome::Status::Cancelled;
            m_current.error = m_cancelReason;
            onMeasurementFinished(m_current);
        } else
            endStep();
        return;
    }
    const QStringList& argv = commands[m_command];
    emit status(QStringLiteral("%1: %2").arg(m_phase == Phase::Setup ? QStringLiteral("setup")
                                                                     : QStringLiteral("teardown"),
                                             RunCommands::display(argv)));
    m_process = std::make_unique<QProcess>();
    ChildProcess::prepare(m_process.get());
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process.get(), &QProcess::finished, this, &PlanRunner::onCommandFinished);
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            onCommandFinished(-1, QProcess::CrashExit);
    });
    QTimer::singleShot(kCommandTimeoutMs, m_process.get(),
                       [process = m_process.get()] { ChildProcess::signal(process, SIGKILL); });
    m_process->start(argv.front(), argv.mid(1));
}

void PlanRunner::onCommandFinished(int exitCode, QProcess::ExitStatus exitStatus) {
    if (!m_process)
        return;
    std::unique_ptr<QProcess> process = std::move(m_process);
    process->disconnect(this);
    const PlanStep& step = m_plan.steps[static_cast<std::size_t>(m_step)];
    const QList<QStringList>& commands = m_phase == Phase::Setup ? step.setup : step.teardown;
    const QString command = RunCommands::display(commands[m_command]);
    ++m_command;
    if (exitStatus == QProcess::NormalExit && exitCode == 0) {
        runNextCommand();
        return;
    }
    const QString said = process->error() == QProcess::FailedToStart
                             ? process->errorString()
                             : RunCommands::lastLines(process->readAll(), 1);
    const QString why =
        QStringLiteral("%1 command \"%2\" failed%3%4")
            .arg(m_phase == Phase::Setup ? QStringLiteral("setup") : QStringLiteral("teardown"),
                 command,
                 exitStatus == QProcess::NormalExit
                     ? QStringLiteral(" (exit status %1)").arg(exitCode)
                     : QString(),
                 said.isEmpty() ? QString() : QStringLiteral(": ") + said);
    if (m_phase == Phase::Setup) {
        // The measurement would run on a half-configured network: skip it, still tear down.
        m_current.status = m_cancelled ? RunOutcome::Status::Cancelled : RunOutcome::Status::Failed;
        m_current.error = m_cancelled ? m_cancelReason : why;
        onMeasurementFinished(m_current);
        return;
    }
    // A failing teardown is reported with the step; the remaining teardown still runs.
    m_current.error += (m_current.error.isEmpty() ? QString() : QStringLiteral("; ")) + why;
    if (m_current.status == RunOutcome::Status::Completed)
        m_current.status = RunOutcome::Status::Failed;
    runNextCommand();
}

void PlanRunner::startMeasurement() {
    m_phase = Phase::Measure;
    const PlanStep& step = m_plan.steps[static_cast<std::size_t>(m_step)];
    if (!step.members.empty()) {
        m_members = std::make_unique<ConcurrentStep>(step.spec.displayLabel(), step.members,
                                                     m_plan.outputDir, step.fileStem,
                                                     step.tcpSampleSeconds);
        connect(m_members.get(), &ConcurrentStep::status, this, &PlanRunner::status);
        connect(m_members.get(), &ConcurrentStep::progress, this, &PlanRunner::progress);
        connect(m_members.get(), &ConcurrentStep::snapshot, this,
                [this](int member, const LiveSnapshot& growth) {
                    emit snapshot(m_step, member, growth);
                });
        connect(m_members.get(), &ConcurrentStep::finished, this,
                &PlanRunner::onMeasurementFinished);
        m_members->start();
        return;
    }
    m_run = std::make_unique<MeasurementRun>(step.spec, m_plan.outputDir, step.fileStem);
    connect(m_run.get(), &MeasurementRun::status, this, &PlanRunner::status);
    connect(m_run.get(), &MeasurementRun::progress, this, &PlanRunner::progress);
    connect(m_run.get(), &MeasurementRun::snapshot, this,
            [this](const LiveSnapshot& growth) { emit snapshot(m_step, 0, growth); });
    connect(m_run.get(), &MeasurementRun::finished, this, &PlanRunner::onMeasurementFinished);
    m_run->start();
}

void PlanRunner::onMeasurementFinished(const RunOutcome& outcome) {
    m_current = outcome;
    if (m_run) {
        // Deleted later: this is called from inside the run's own signal.
        m_run.release()->deleteLater();
    }
    if (m_members)
        m_members.release()->deleteLater();
    m_phase = Phase::Teardown;
    m_command = 0;
    runNextCommand();
}

void PlanRunner::endStep() {
    m_outcomes.push_back(m_current);
    emit stepFinished(m_step, m_outcomes.back());
    ++m_step;
    if (m_cancelled || m_step >= static_cast<int>(m_plan.steps.size())) {
        emit finished(m_cancelled);
        return;
    }
    startStep();
}

} // namespace wb
