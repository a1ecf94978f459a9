#include "MeasurementRun.h"

#include "ChildProcess.h"
#include "ExperimentPlan.h"
#include "HostFactsProbe.h"
#include "OutputFolder.h"
#include "RunValidation.h"
#include "files/OutputFile.h"
#include "files/RunSidecar.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QSysInfo>

#include <signal.h>

#include <functional>

namespace wb {

// The facts stage of a run: the client's host through the client prefix, toward the target;
// then, when the run starts a server, the server's host through the server prefix, toward
// the address the client's route leaves from; and the machine Wirebench runs on (the same
// probe as the client's when the client runs here). Reported once all have answered.
class RunFactsStage {
public:
    // The sides' names in RunRecord::hosts and the sidecar's "hosts".
    static constexpr char kClient[] = "client";
    static constexpr char kServer[] = "server";
    static constexpr char kWorkbench[] = "workbench";
    using Finished = std::function<void(const QMap<QString, HostFacts>& hosts)>;

    RunFactsStage(const RunSpec& spec, const RunCommands& commands, Finished finished)
        : m_spec(spec), m_versionCommand(commands.versionCommand),
          m_startsServer(!commands.server.isEmpty()), m_finished(std::move(finished)) {}

    void start() {
        HostFactsProbe* client = probe(QLatin1String(kClient), m_spec.clientPrefix, m_spec.target);
        if (!m_spec.clientPrefix.isEmpty())
            probe(QLatin1String(kWorkbench), {}, m_spec.target)->start();
        client->start();
    }

    // Kills the probes still running; finished is not called afterwards.
    void stop() {
        m_stopped = true;
        for (const auto& probe : std::as_const(m_probes))
            probe->stop();
    }

private:
    // The probes die with the stage, and their connections with them.
    HostFactsProbe* probe(const QString& side, const QStringList& prefix, const QString& target,
                          const QString& noTargetReason = QString()) {
        auto probe =
            std::make_shared<HostFactsProbe>(prefix, target, m_versionCommand, noTargetReason);
        QObject::connect(probe.get(), &HostFactsProbe::finished, probe.get(),
                         [this, side](const HostFacts& facts) { onProbed(side, facts); });
        m_probes.insert(side, probe);
        ++m_pending;
        return probe.get();
    }

    void onProbed(const QString& side, const HostFacts& facts) {
        if (m_stopped)
            return;
        m_hosts.insert(side, facts);
        --m_pending;
        if (side == QLatin1String(kClient)) {
            if (m_spec.clientPrefix.isEmpty())
                m_hosts.insert(QLatin1String(kWorkbench), facts);
            if (m_startsServer) {
                // Toward the client as the server sees it: where the client's route leaves from.
                const QString source = facts.value(QStringLiteral("source_address"));
                const QString why = QStringLiteral("the client's source address is unknown (%1)")
                                        .arg(facts.unknown.value(QStringLiteral("source_address")));
                probe(QLatin1String(kServer), m_spec.serverPrefix, source, why)->start();
            }
        }
        // A probe that cannot start reports at once, possibly inside this call.
        if (m_pending == 0 && !m_reported) {
            m_reported = true;
            m_finished(m_hosts);
        }
    }

    RunSpec m_spec;
    QStringList m_versionCommand;
    bool m_startsServer = false;
    Finished m_finished;
    QMap<QString, std::shared_ptr<HostFactsProbe>> m_probes;
    QMap<QString, HostFacts> m_hosts;
    int m_pending = 0;
    bool m_stopped = false;
    bool m_reported = false;
};

namespace {

constexpr int kTickMs = 200;
constexpr int kMinSnapshotGapMs = 250;
constexpr int kSnapshotCostFactor = 10; // a snapshot may take at most a tenth of the time
constexpr int kInterruptToTerminateMs = 2000;
constexpr int kTerminateToKillMs = 2000;
constexpr qsizetype kKeptErrorBytes = 64 * 1024;
constexpr qsizetype kKeptLastBytes = 4096;

// The algorithm a run used: the one asked for, else the default of the side that sends, as
// its host reported it (unknown when that side's facts are).
QString congestionControlOf(const RunSpec& spec, const QMap<QString, HostFacts>& hosts) {
    if (!spec.isIperf() || spec.udp)
        return {};
    if (!spec.congestionControl.isEmpty())
        return spec.congestionControl;
    const char* sender = spec.reverse ? RunFactsStage::kServer : RunFactsStage::kClient;
    return hosts.value(QLatin1String(sender)).value(QStringLiteral("congestion_control"));
}

// The server a run starts, as messages name it: "iperf" for both iperf2 and iperf3.
QString serverName(const RunSpec& spec) {
    return spec.isIperf() ? QStringLiteral("iperf") : runToolProgram(spec.tool);
}

// iperf prints the C library's "Connection refused", irtt Go's "connection refused".
bool saysRefused(const QByteArray& output) {
    return output.contains("Connection refused") || output.contains("connection refused");
}

bool isInstalled(const QString& program) {
    if (program.contains(QLatin1Char('/')))
        return QFileInfo(program).isExecutable();
    return !QStandardPaths::findExecutable(program).isEmpty();
}

} // namespace

QString RunOutcome::statusName(Status status) {
    switch (status) {
    case Status::Completed:
        return QStringLiteral("completed");
    case Status::Cancelled:
        return QStringLiteral("cancelled");
    case Status::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

MeasurementRun::MeasurementRun(RunSpec spec, QString outputDir, QString fileStem, QObject* parent)
    : QObject(parent), m_spec(std::move(spec)), m_outputDir(std::move(outputDir)),
      m_fileStem(std::move(fileStem)) {
    m_spec.label = m_spec.displayLabel();
    m_fileStem = ExperimentPlan::fileStemFor(m_fileStem.isEmpty() ? m_spec.label : m_fileStem);
    m_tick.setInterval(kTickMs);
    connect(&m_tick, &QTimer::timeout, this, &MeasurementRun::onTick);
    m_serverTimeout.setSingleShot(true);
    connect(&m_serverTimeout, &QTimer::timeout, this, [this] {
        fail(QStringLiteral("the %1 server did not report that it listens within %2 s%3")
                 .arg(serverName(m_spec))
                 .arg(kServerStartMs / 1000)
                 .arg(m_serverOutput.isEmpty()
                          ? QString()
                          : QStringLiteral(": ") + RunCommands::lastLines(m_serverOutput)));
    });
}

MeasurementRun::~MeasurementRun() {
    // Never leave a measurement running behind a closed window or a finished command.
    if (m_facts)
        m_facts->stop();
    for (QProcess* process : {m_client.get(), m_server.get()})
        ChildProcess::killNow(process, this);
    if (running() && m_log.isOpen()) {
        if (m_client)
            m_log.write(m_client->readAllStandardOutput());
        m_log.close();
        QString ignored; // nobody is left to tell
        writeSidecar(RunOutcome::statusName(RunOutcome::Status::Cancelled),
                     m_cancelReason.isEmpty() ? QStringLiteral("Wirebench stopped during the run")
                                              : m_cancelReason,
                     &ignored);
    }
}

void MeasurementRun::start() {
    if (m_state != State::Idle)
        return;
    m_state = State::Probing;
    const QStringList problems = RunValidation::check(m_spec);
    if (!problems.isEmpty()) {
        // Reported from the event loop, so a caller connects before it hears the result.
        QTimer::singleShot(0, this,
                           [this, problems] { fail(problems.join(QStringLiteral("; "))); });
        return;
    }
    m_commands = RunCommands::build(m_spec);
    for (const QStringList* command : {&m_commands.client, &m_commands.server}) {
        if (!command->isEmpty() && !isInstalled(command->front())) {
            const QString program = command->front();
            QTimer::singleShot(0, this, [this, program] {
                fail(QStringLiteral("cannot run \"%1\": it is not installed here (not found in "
                                    "PATH)")
                         .arg(program));
            });
            return;
        }
    }
    QString why;
    if (!openOutputs(&why)) {
        QTimer::singleShot(0, this, [this, why] { fail(why); });
        return;
    }
    describeRun();
    if (!writeSidecar(QStringLiteral("running"), QString(), &why)) {
        QTimer::singleShot(0, this, [this, why] { fail(why); });
        return;
    }
    collectFacts();
}

bool MeasurementRun::openOutputs(QString* why) {
    return OutputFolder::claimStem(
        m_outputDir, m_fileStem,
        [this](const QDir& dir, const QString& stem, QString* failure) {
            bool taken = false;
            if (createOutputs(dir, stem, &taken, failure))
                return OutputFolder::StemTry::Created;
            return taken ? OutputFolder::StemTry::Taken : OutputFolder::StemTry::Failed;
        },
        why);
}

bool MeasurementRun::createOutputs(const QDir& dir, const QString& stem, bool* taken,
                                   QString* why) {
    // Every file of a run is created new (O_EXCL), so no file that exists, whoever wrote it,
    // is ever opened for writing: a name taken by any of the three moves the whole run on to
    // the next stem. The sidecar's name is reserved the same way; its contents are replaced
    // atomically later.
    const QString base = m_fileSuffix.isEmpty() ? stem : stem + QLatin1Char('.') + m_fileSuffix;
    const QString logPath = dir.filePath(base + QStringLiteral(".log"));
    m_sidecarPath = RunSidecar::pathFor(logPath);
    const QString serverLogPath = m_commands.server.isEmpty()
                                      ? QString()
                                      : dir.filePath(base + QStringLiteral(".server.log"));
    QStringList created;
    QFile sidecar;
    const auto claim = [&](QFile& file, const QString& path) {
        if (OutputFile::createNew(file, path, taken, why)) {
            created << path;
            return true;
        }
        *why = QStringLiteral("cannot create %1: %2").arg(path, *why);
        return false;
    };
    if (claim(m_log, logPath) && claim(sidecar, m_sidecarPath) &&
        (serverLogPath.isEmpty() || claim(m_serverLog, serverLogPath)))
        return true;
    m_log.close();
    m_serverLog.close();
    for (const QString& path : created)
        QFile::remove(path);
    return false;
}

void MeasurementRun::collectFacts() {
    emit status(QStringLiteral("reading the hosts' facts (kernel, congestion control, qdisc, "
                               "%1 version)")
                    .arg(runToolProgram(m_spec.tool)));
    m_facts = std::make_unique<RunFactsStage>(
        m_spec, m_commands, [this](const QMap<QString, HostFacts>& hosts) { onFacts(hosts); });
    m_facts->start();
}

void MeasurementRun::onFacts(const QMap<QString, HostFacts>& hosts) {
    if (m_state != State::Probing)
        return;
    m_description.hosts = hosts;
    m_description.toolVersion =
        hosts.value(QLatin1String(RunFactsStage::kClient)).value(QStringLiteral("tool_version"));
    m_description.congestionControl = congestionControlOf(m_spec, hosts);
    QString why;
    if (!writeSidecar(QStringLiteral("running"), QString(), &why)) {
        fail(why);
        return;
    }
    m_commands.server.isEmpty() ? startClient() : startServer();
}

void MeasurementRun::startServer() {
    m_state = State::StartingServer;
    emit status(QStringLiteral("starting server: %1").arg(RunCommands::display(m_commands.server)));
    m_server = std::make_unique<QProcess>();
    ChildProcess::prepare(m_server.get());
    m_server->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_server.get(), &QProcess::readyRead, this, &MeasurementRun::onServerOutput);
    connect(m_server.get(), &QProcess::finished, this, &MeasurementRun::onServerFinished);
    connect(m_server.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            fail(QStringLiteral("cannot start the server \"%1\": %2")
                     .arg(RunCommands::display(m_commands.server), m_server->errorString()));
    });
    m_serverTimeout.start(kServerStartMs);
    m_server->start(m_commands.server.front(), m_commands.server.mid(1));
}

void MeasurementRun::onServerOutput() {
    const QByteArray data = m_server->readAll();
    QString why;
    if (m_serverLog.isOpen() && !OutputFile::append(m_serverLog, data, &why)) {
        fail(why);
        return;
    }
    if (m_serverOutput.size() < kKeptErrorBytes)
        m_serverOutput += data;
    if (m_state == State::StartingServer && m_serverOutput.contains(m_commands.serverReady)) {
        m_serverTimeout.stop();
        startClient();
    }
}

void MeasurementRun::onServerFinished() {
    onServerOutput();
    if (m_state == State::StartingServer) {
        fail(QStringLiteral("the %1 server exited before it listened: %2")
                 .arg(serverName(m_spec), RunCommands::lastLines(m_serverOutput)));
    } else if (m_state == State::Stopping) {
        finish(m_pendingStatus, QString());
    }
}

void MeasurementRun::startClient() {
    m_state = State::Running;
    emit status(QStringLiteral("running %1").arg(RunCommands::display(m_commands.client)));
    m_client = std::make_unique<QProcess>();
    ChildProcess::prepare(m_client.get());
    connect(m_client.get(), &QProcess::readyReadStandardOutput, this,
            &MeasurementRun::onClientOutput);
    connect(m_client.get(), &QProcess::readyReadStandardError, this, [this] {
        const QByteArray data = m_client->readAllStandardError();
        if (m_clientErrors.size() < kKeptErrorBytes)
            m_clientErrors += data;
    });
    connect(m_client.get(), &QProcess::finished, this, &MeasurementRun::onClientFinished);
    connect(m_client.get(), &QProcess::errorOccurred, this, &MeasurementRun::onClientError);
    if (!m_parse)
        startParsing();
    m_elapsed.start();
    m_tick.start();
    m_clientStart = std::chrono::system_clock::now();
    // The log's times count from here, not from the run's start: the host facts and a
    // started server come before it.
    m_description.start = QDateTime::fromMSecsSinceEpoch(
        std::chrono::duration_cast<std::chrono::milliseconds>(m_clientStart->time_since_epoch())
            .count());
    m_client->start(m_commands.client.front(), m_commands.client.mid(1));
}

void MeasurementRun::onClientOutput() {
    const QByteArray data = m_client->readAllStandardOutput();
    // Written and flushed as it arrives: a crash of Wirebench loses nothing measured. A log
    // that cannot take it (a full disk) ends the run: it would go on measuring into nothing.
    QString why;
    if (!OutputFile::append(m_log, data, &why)) {
        fail(why);
        return;
    }
    keepForDiagnosis(data);
    m_parse->append(data);
}

void MeasurementRun::keepForDiagnosis(const QByteArray& data) {
    if (m_receivedHead.size() < kKeptErrorBytes)
        m_receivedHead += data.left(kKeptErrorBytes - m_receivedHead.size());
    m_receivedTail = data.size() >= kKeptLastBytes ? data.right(kKeptLastBytes)
                                                   : (m_receivedTail + data).right(kKeptLastBytes);
}

void MeasurementRun::startParsing() {
    m_parse = std::make_unique<StreamParseThread>(m_log.fileName(), importOptions());
    m_receivedHead.clear();
    m_receivedTail.clear();
    m_snapshotBytes = 0;
}

void MeasurementRun::onClientError(QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart && m_state == State::Running)
        fail(QStringLiteral("cannot start \"%1\": %2")
                 .arg(m_commands.client.front(), m_client->errorString()));
}

void MeasurementRun::onTick() {
    const double elapsed = m_elapsed.elapsed() / 1000.0;
    emit progress(elapsed, m_commands.expectedSeconds);
    if (m_state == State::Running && !m_hung &&
        elapsed > m_commands.expectedSeconds + kGraceSeconds) {
        m_hung = true;
        emit status(
            QStringLiteral("stopping: the run took %1 s longer than expected").arg(kGraceSeconds));
        stopProcess(m_client.get());
    }
    const qint64 now = m_elapsed.elapsed();
    const qint64 gap = std::max<qint64>(kMinSnapshotGapMs, kSnapshotCostFactor * m_snapshotCostMs);
    if (m_parse->bytesAppended() != m_snapshotBytes && now - m_lastSnapshotAt >= gap)
        emitSnapshot();
}

void MeasurementRun::describeRun() {
    RunRecord& d = m_description;
    d.label = m_spec.label;
    d.tool = runToolProgram(m_spec.tool);
    d.formatId = m_commands.formatId;
    d.command = m_commands.client;
    d.serverCommand = m_commands.server;
    d.host = QSysInfo::machineHostName();
    d.kernel = QSysInfo::kernelType() + QLatin1Char(' ') + QSysInfo::kernelVersion();
    d.congestionControl = congestionControlOf(m_spec, {});
    d.start = QDateTime::currentDateTime();
    d.parameters = m_spec.parameters;
    d.writer = ProcessIdentity::current();
    if (!m_serverLog.fileName().isEmpty())
        d.serverLog = QFileInfo(m_serverLog.fileName()).fileName();
}

RunRecord MeasurementRun::record(const QString& state, const QString& why) const {
    RunRecord record = m_description;
    record.status = state;
    record.error = why;
    return record;
}

ImportOptions MeasurementRun::importOptions() const {
    ImportOptions options;
    options.format = m_commands.formatId;
    return options;
}

void MeasurementRun::emitSnapshot() {
    QElapsedTimer cost;
    cost.start();
    // The parser that reads the output as it arrives, as an import reads a file: what a user
    // would see importing the log at this moment, less what only its end completes. While it
    // is reading a piece, the next tick asks again.
    std::optional<LiveSnapshot> growth = m_parse->trySnapshot();
    if (!growth)
        return;
    m_snapshotBytes = growth->bytesRead;
    if (!growth->datasets.empty()) {
        const RunRecord now = record(QStringLiteral("running"), QString());
        for (DatasetGrowth& dataset : growth->datasets)
            RunSidecar::applyTo(now, dataset.part);
        emit snapshot(*growth);
    }
    m_snapshotCostMs = cost.elapsed();
    m_lastSnapshotAt = m_elapsed.elapsed();
}

void MeasurementRun::cancel(const QString& why) {
    if (!running() || m_cancelRequested)
        return;
    m_cancelRequested = true;
    m_cancelReason = why;
    emit status(QStringLiteral("cancelling"));
    if (m_state == State::Running) {
        stopProcess(m_client.get());
    } else if (m_state == State::Stopping) {
        stopProcess(m_server.get());
    } else {
        finish(RunOutcome::Status::Cancelled, QString());
    }
}

void MeasurementRun::stopProcess(QProcess* process) {
    if (!process || process->state() == QProcess::NotRunning)
        return;
    // SIGINT first: ping and iperf print their summaries on it, so the log stays complete.
    ChildProcess::signal(process, SIGINT);
    QTimer::singleShot(kInterruptToTerminateMs, process,
                       [process] { ChildProcess::signal(process, SIGTERM); });
    QTimer::singleShot(kInterruptToTerminateMs + kTerminateToKillMs, process,
                       [process] { ChildProcess::signal(process, SIGKILL); });
}

QString MeasurementRun::clientFailure(bool measured) const {
    const QString program = runToolProgram(m_spec.tool);
    if (m_hung)
        return QStringLiteral("%1 ran %2 s past its expected end and was stopped")
            .arg(program)
            .arg(kGraceSeconds);
    if (!m_exitCode)
        return QStringLiteral("%1 stopped unexpectedly after %2 s (killed by a signal)")
            .arg(program)
            .arg(m_elapsed.elapsed() / 1000.0, 0, 'f', 1);
    // iperf2 exits 0 when it cannot connect; ping exits 1 when nothing came back.
    if (*m_exitCode == 0 && measured)
        return {};
    const QByteArray output = m_clientErrors + m_receivedTail;
    const QString said = RunCommands::lastLines(output);
    const QString& target = m_spec.target;
    const auto saw = [&](const char* text) { return output.contains(text); };
    if (saw("minimal interval allowed") || saw("cannot flood"))
        return QStringLiteral("this ping interval needs root (ping said: %1)").arg(said);
    if (saysRefused(output))
        return QStringLiteral("nothing listens on %1 port %2 (connection refused): start an "
                              "%3 server there, or let Wirebench start one")
            .arg(target)
            .arg(RunCommands::serverPort(m_spec))
            .arg(serverName(m_spec));
    if (saw("Name or service not known") || saw("Temporary failure in name resolution") ||
        saw("unknown host"))
        return QStringLiteral("cannot resolve the target \"%1\" (%2)").arg(target, said);
    if (saw("Network is unreachable") || saw("No route to host") || saw("Unreachable"))
        return QStringLiteral("%1 is unreachable (%2)").arg(target, said);
    if (saw("Operation not permitted") || saw("Permission denied"))
        return QStringLiteral("permission denied (%1)").arg(said);
    if (*m_exitCode == 127)
        return QStringLiteral("command not found (%1)").arg(said);
    if (m_spec.tool == RunTool::Ping && *m_exitCode == 1)
        return QStringLiteral("no reply from %1: every request was lost").arg(target);
    if (*m_exitCode != 0)
        return QStringLiteral("%1 exited with status %2%3")
            .arg(program)
            .arg(*m_exitCode)
            .arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said);
    return QStringLiteral("%1 printed no measurements%2")
        .arg(program, said.isEmpty() ? QString() : QStringLiteral(": ") + said);
}

void MeasurementRun::onClientFinished(int exitCode, QProcess::ExitStatus exitStatus) {
    if (m_state != State::Running)
        return;
    onClientOutput();
    if (m_state != State::Running)
        return; // the log could not take the output
    if (refusedByOurNewServer()) {
        // iperf2 can print "Server listening" (from its reporter thread) a moment before the
        // socket listens, so a client started on that line may be refused: seen in CI under
        // ASan. irtt's server starts its IPv6 listener first, its IPv4 one a moment later. Our own
        // server gets a few more tries; the refused attempt leaves no trace in the raw log.
        ++m_refusedTries;
        m_log.resize(0);
        m_log.seek(0);
        startParsing();
        m_clientErrors.clear();
        emit status(QStringLiteral("the server was not listening yet; trying again"));
        QTimer::singleShot(kRetryAfterRefusalMs, this, [this] {
            if (m_state == State::Running && !m_cancelRequested)
                startClient();
        });
        return;
    }
    m_tick.stop();
    m_exitCode = exitStatus == QProcess::NormalExit ? std::optional<int>(exitCode) : std::nullopt;
    // Whether it failed is decided once the log is parsed (finish()).
    const RunOutcome::Status result =
        m_cancelRequested ? RunOutcome::Status::Cancelled : RunOutcome::Status::Completed;
    if (m_server && m_server->state() != QProcess::NotRunning) {
        // Let the server write its final report (iperf3 -1 exits by itself), then stop it.
        m_state = State::Stopping;
        m_pendingStatus = result;
        emit status(QStringLiteral("stopping the server"));
        QProcess* server = m_server.get();
        QTimer::singleShot(m_spec.tool == RunTool::Iperf3 ? 1500 : 300, server,
                           [this, server] { stopProcess(server); });
        return;
    }
    finish(result, QString());
}

bool MeasurementRun::refusedByOurNewServer() const {
    const bool ourServerRuns = m_server && m_server->state() != QProcess::NotRunning;
    return ourServerRuns && !m_cancelRequested && m_refusedTries < kRefusedTries &&
           saysRefused(m_clientErrors + m_receivedHead + m_receivedTail);
}

void MeasurementRun::fail(const QString& why) {
    finish(RunOutcome::Status::Failed, why);
}

void MeasurementRun::finish(RunOutcome::Status result, const QString& why) {
    if (m_state == State::Done)
        return;
    m_state = State::Done;
    m_tick.stop();
    m_serverTimeout.stop();
    if (m_facts)
        m_facts->stop();
    for (QProcess* process : {m_client.get(), m_server.get()}) {
        if (process && process->state() != QProcess::NotRunning) {
            process->disconnect(this);
            stopProcess(process);
        }
    }
    // Kept by the run, so that a receiver may read the result after the signal (off the GUI
    // thread, as the Run panel does) for as long as it keeps the run.
    RunOutcome& outcome = m_outcome;
    outcome.status = result;
    outcome.error = why.isEmpty() && result == RunOutcome::Status::Cancelled ? m_cancelReason : why;
    if (m_log.isOpen()) {
        m_log.close();
        m_serverLog.close();
        outcome.logPath = m_log.fileName();
        outcome.sidecarPath = m_sidecarPath;
        outcome.serverLogPath = m_serverLog.fileName();
        // The parser that read the output as it arrived, finished: exactly what importing the
        // saved log gives (tst_runs checks it), without reading the log again.
        outcome.result = m_parse ? m_parse->finish()
                                 : FileImporter::importFile(outcome.logPath, importOptions());
        outcome.parseCpuSeconds = m_parse ? m_parse->cpuSeconds() : 0;
        if (result == RunOutcome::Status::Completed) {
            outcome.error = clientFailure(outcome.result.report.samples > 0);
            if (!outcome.error.isEmpty())
                outcome.status = RunOutcome::Status::Failed;
        }
        QString why;
        if (!writeSidecar(RunOutcome::statusName(outcome.status), outcome.error, &why)) {
            // Its last word stays "running": the run did not end as it should have.
            outcome.status = RunOutcome::Status::Failed;
            outcome.error =
                outcome.error.isEmpty() ? why : outcome.error + QStringLiteral("; ") + why;
        }
        // The sidecar now tells the final status; the datasets carry it too.
        const RunRecord final = record(RunOutcome::statusName(outcome.status), outcome.error);
        for (Dataset& dataset : outcome.result.datasets)
            RunSidecar::applyTo(final, dataset);
    }
    emit status(RunOutcome::statusName(outcome.status) +
                (outcome.error.isEmpty() ? QString() : QStringLiteral(": ") + outcome.error));
    emit finished(outcome);
}

bool MeasurementRun::writeSidecar(const QString& state, const QString& why, QString* problem) {
    RunRecord now = record(state, why);
    if (state != QLatin1String("running"))
        now.end = QDateTime::currentDateTime();
    now.exitCode = m_exitCode;
    return RunSidecar::write(m_sidecarPath, now, problem);
}

} // namespace wb
