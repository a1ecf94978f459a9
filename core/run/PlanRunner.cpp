#include "PlanRunner.h"

#include "ChildProcess.h"
#include "OutputFolder.h"
#include "RunCommands.h"
#include "files/OutputFile.h"
#include "files/RunSidecar.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSysInfo>
#include <QTimer>

#include <algorithm>

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
    m_measurementSkipped = false;
    m_places = StepPlaces::of(step);
    m_configured = StepConfiguration();
    m_outputBudget = kOutputBudgetBytes;
    enterPhase(Phase::Setup);
}

void PlanRunner::enterPhase(Phase phase) {
    m_phase = phase;
    m_command = 0;
    runNextCommand();
}

QList<QStringList> PlanRunner::commandsOf(Phase phase) const {
    const PlanStep& step = m_plan.steps[static_cast<std::size_t>(m_step)];
    QList<QStringList> readings;
    switch (phase) {
    case Phase::Setup:
        return step.setup;
    case Phase::Teardown:
        return step.teardown;
    case Phase::QdiscsAfterSetup:
    case Phase::QdiscsAfterRun:
        for (const StepPlace& place : m_places)
            readings << StepPlaces::qdiscReading(place);
        break;
    case Phase::Measure:
        break;
    }
    return readings;
}

std::vector<CommandRecord>& PlanRunner::recordsOf(Phase phase) {
    switch (phase) {
    case Phase::Setup:
        return m_configured.setup;
    case Phase::QdiscsAfterSetup:
        return m_configured.qdiscsAfterSetup;
    case Phase::QdiscsAfterRun:
        return m_configured.qdiscsAfterRun;
    case Phase::Measure:
    case Phase::Teardown:
        break;
    }
    return m_configured.teardown;
}

QString PlanRunner::phaseName() const {
    switch (m_phase) {
    case Phase::Setup:
        return QStringLiteral("setup");
    case Phase::QdiscsAfterSetup:
    case Phase::QdiscsAfterRun:
        return QStringLiteral("qdiscs");
    case Phase::Measure:
        return QStringLiteral("measurement");
    case Phase::Teardown:
        break;
    }
    return QStringLiteral("teardown");
}

void PlanRunner::runNextCommand() {
    const QList<QStringList> commands = commandsOf(m_phase);
    if (m_command >= commands.size()) {
        finishPhase();
        return;
    }
    const QStringList& argv = commands[m_command];
    emit status(QStringLiteral("%1: %2").arg(phaseName(), RunCommands::display(argv)));
    m_process = std::make_unique<QProcess>();
    ChildProcess::prepare(m_process.get());
    connect(m_process.get(), &QProcess::finished, this, &PlanRunner::onCommandFinished);
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            onCommandFinished(-1, QProcess::CrashExit);
    });
    const bool reading = m_phase == Phase::QdiscsAfterSetup || m_phase == Phase::QdiscsAfterRun;
    const int timeoutMs = reading ? kReadingTimeoutMs : kCommandTimeoutMs;
    QTimer::singleShot(timeoutMs, m_process.get(), [process = m_process.get(), timeoutMs] {
        process->setProperty("wbTimedOutAfterMs", timeoutMs);
        ChildProcess::signal(process, SIGKILL);
    });
    m_process->start(argv.front(), argv.mid(1));
}

void PlanRunner::finishPhase() {
    switch (m_phase) {
    case Phase::Setup:
        if (m_cancelled && !m_measurementSkipped) {
            m_current.status = RunOutcome::Status::Cancelled;
            m_current.error = m_cancelReason;
            m_measurementSkipped = true;
        }
        // After a failed setup the queues still tell what it left; a cancelled plan is not kept
        // waiting for them.
        enterPhase(m_cancelled ? Phase::Teardown : Phase::QdiscsAfterSetup);
        return;
    case Phase::QdiscsAfterSetup:
        if (m_cancelled && !m_measurementSkipped) {
            m_current.status = RunOutcome::Status::Cancelled;
            m_current.error = m_cancelReason;
            m_measurementSkipped = true;
        }
        if (m_measurementSkipped)
            enterPhase(Phase::Teardown);
        else
            startMeasurement();
        return;
    case Phase::QdiscsAfterRun:
        enterPhase(Phase::Teardown);
        return;
    case Phase::Teardown:
        endStep();
        return;
    case Phase::Measure:
        return;
    }
}

void PlanRunner::onCommandFinished(int exitCode, QProcess::ExitStatus exitStatus) {
    if (!m_process)
        return;
    std::unique_ptr<QProcess> process = std::move(m_process);
    process->disconnect(this);
    const bool reading = m_phase == Phase::QdiscsAfterSetup || m_phase == Phase::QdiscsAfterRun;
    CommandRecord record;
    record.argv = commandsOf(m_phase)[m_command];
    if (reading)
        record.place = m_places[static_cast<std::size_t>(m_command)].name;
    ++m_command;
    const int timedOutAfterMs = process->property("wbTimedOutAfterMs").toInt();
    if (process->error() == QProcess::FailedToStart) {
        record.ended = QStringLiteral("not started");
        record.error = process->errorString();
    } else if (exitStatus == QProcess::NormalExit) {
        record.ended = QStringLiteral("exited");
        record.exitCode = exitCode;
    } else {
        record.ended = QStringLiteral("killed");
        record.error = timedOutAfterMs > 0
                           ? QStringLiteral("still running after %1 s").arg(timedOutAfterMs / 1000)
                           : QStringLiteral("ended by a signal");
    }
    const QByteArray out = process->readAllStandardOutput();
    const QByteArray err = process->readAllStandardError();
    const qsizetype limit = std::min(CommandRecord::kMaxStreamBytes, m_outputBudget / 2);
    record.keepOutput(out, err, limit);
    m_outputBudget -= std::min(out.size(), limit) + std::min(err.size(), limit);
    recordsOf(m_phase).push_back(record);
    if (reading || record.succeeded()) {
        // A reading that failed (the namespace is gone, no tc there) is kept as it is.
        runNextCommand();
        return;
    }
    const QString said = !record.error.isEmpty() && record.ended == QLatin1String("not started")
                             ? record.error
                             : RunCommands::lastLines(err.isEmpty() ? out : err, 1);
    const QString why =
        QStringLiteral("%1 command \"%2\" failed%3%4")
            .arg(phaseName(), RunCommands::display(record.argv),
                 record.exitCode ? QStringLiteral(" (exit status %1)").arg(*record.exitCode)
                                 : QString(),
                 said.isEmpty() ? QString() : QStringLiteral(": ") + said);
    if (m_phase == Phase::Setup) {
        // The measurement would run on a half-configured network: skip it, still tear down.
        m_current.status = m_cancelled ? RunOutcome::Status::Cancelled : RunOutcome::Status::Failed;
        m_current.error = m_cancelled ? m_cancelReason : why;
        m_measurementSkipped = true;
        finishPhase();
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
    enterPhase(Phase::QdiscsAfterRun);
}

void PlanRunner::keepConfiguration() {
    QString why;
    const bool kept =
        m_current.sidecarPath.isEmpty() || !QFileInfo::exists(m_current.sidecarPath)
            ? writeSkippedStepSidecar(&why)
            : RunSidecar::keepConfiguration(m_current.sidecarPath, m_configured, &why);
    if (kept)
        return;
    emit status(why);
    m_current.error += (m_current.error.isEmpty() ? QString() : QStringLiteral("; ")) + why;
    if (m_current.status == RunOutcome::Status::Completed)
        m_current.status = RunOutcome::Status::Failed;
}

bool PlanRunner::writeSkippedStepSidecar(QString* why) {
    // The measurement never started (its setup failed, the plan was cancelled): a sidecar of
    // the step's own keeps why, with what the setup printed.
    const PlanStep& step = m_plan.steps[static_cast<std::size_t>(m_step)];
    QString path;
    const bool claimed = OutputFolder::claimStem(
        m_plan.outputDir, step.fileStem,
        [&path](const QDir& dir, const QString& stem, QString* failure) {
            QFile file;
            bool taken = false;
            path = dir.filePath(stem + QStringLiteral(".run.json"));
            if (OutputFile::createNew(file, path, &taken, failure))
                return OutputFolder::StemTry::Created;
            return taken ? OutputFolder::StemTry::Taken : OutputFolder::StemTry::Failed;
        },
        why);
    if (!claimed)
        return false;
    RunRecord record;
    record.label = step.spec.displayLabel();
    record.status = RunOutcome::statusName(m_current.status);
    record.error = m_current.error;
    record.host = QSysInfo::machineHostName();
    record.kernel = QSysInfo::kernelType() + QLatin1Char(' ') + QSysInfo::kernelVersion();
    record.parameters = step.spec.parameters;
    record.writer = ProcessIdentity::current();
    record.configured = m_configured;
    if (!RunSidecar::write(path, record, why))
        return false;
    m_current.sidecarPath = path;
    return true;
}

void PlanRunner::endStep() {
    keepConfiguration();
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
