#pragma once

#include "RunCommands.h"
#include "RunSpec.h"
#include "files/HostFacts.h"
#include "files/RunSidecar.h"
#include "import/FileImporter.h"
#include "import/StreamParseThread.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QProcess>
#include <QTimer>

#include <chrono>
#include <memory>
#include <optional>

namespace wb {

class RunFactsStage;

// How a run ended and what it left behind. The raw log is kept in every case.
struct RunOutcome {
    enum class Status { Completed, Cancelled, Failed };
    Status status = Status::Failed;
    QString error;         // why it failed, in plain words (empty when completed)
    QString logPath;       // raw stdout of the client, as it arrived
    QString sidecarPath;   // JSON: command line, tool version, start, host, kernel, ...
    QString serverLogPath; // raw output of a started server (empty when none)
    ImportResult result;   // the raw log parsed exactly as an import would
    // CPU time spent parsing the client's output (on the parser's thread) and cutting the
    // snapshots: what a live run's parsing costs, for benchmarks and tests.
    double parseCpuSeconds = 0;
    // A step of several members (ConcurrentStep): each member's own outcome, in the order
    // of the step; logPath is then the step's record and result holds every member's data.
    std::vector<RunOutcome> members;
    // A step's ss -tin samples (STEM.ss.log), when it sampled its TCP flows.
    QString samplesLogPath;

    bool completed() const { return status == Status::Completed; }
    static QString statusName(Status status);
};

// Runs one measurement: optional server start, the client, its stdout written to a raw log
// (flushed per chunk, so a crash loses nothing) and parsed as it arrives. Needs an event loop.
class MeasurementRun : public QObject {
    Q_OBJECT

public:
    // Output files go into outputDir as STEM.log, STEM.run.json and STEM.server.log, each
    // created new: an existing file is never opened for writing (STEM-2, STEM-3, ... are
    // tried). An output folder that is a symbolic link is refused (OutputFolder).
    MeasurementRun(RunSpec spec, QString outputDir, QString fileStem, QObject* parent = nullptr);
    ~MeasurementRun() override;

    // Starts asynchronously; a spec that fails validation ends at once with Failed.
    void start();
    // Stops the client (SIGINT, so ping and iperf print their summaries; then SIGTERM,
    // then SIGKILL) and the server; finished() reports Cancelled with what was measured,
    // and why (e.g. "interrupted by SIGTERM") as its error and in the sidecar. irtt writes
    // its JSON only when it ends by itself, so a cancelled irtt run has measured nothing.
    void cancel(const QString& why = QString());

    // Call before start(): the files become STEM.SUFFIX.log, STEM.SUFFIX.run.json and
    // STEM.SUFFIX.server.log (the members of a concurrent step, e.g. STEM.iperf-1.log).
    void setFileSuffix(const QString& suffix) { m_fileSuffix = suffix; }
    // Wall-clock time at which the client was started (again, when a refused client was
    // retried, as its log starts over); empty before that. Full system_clock resolution, so
    // the members of a step can be put on one time axis.
    std::optional<std::chrono::system_clock::time_point> clientStart() const {
        return m_clientStart;
    }

    // The raw log once start() created it (empty before).
    QString logPath() const { return m_log.fileName(); }

    const RunSpec& spec() const { return m_spec; }
    const RunCommands& commands() const { return m_commands; }
    bool running() const { return m_state != State::Idle && m_state != State::Done; }

    // Seconds a client may take beyond the expected time before it is stopped as hung.
    static constexpr double kGraceSeconds = 20;
    // How long a started server gets to print that it listens.
    static constexpr int kServerStartMs = 5000;
    // A client refused by the server we just started is started again, this often, after this.
    static constexpr int kRefusedTries = 5;
    static constexpr int kRetryAfterRefusalMs = 200;

signals:
    void status(const QString& text); // "starting server", "running ping -c 10 ...", ...
    void progress(double elapsedSeconds, double expectedSeconds);
    // What the log gained since the previous snapshot, parsed; at most a few times a second
    // (throttled to its own cost). The parser reads the output as it arrives, so a snapshot
    // costs what arrived since the previous one however long the run.
    void snapshot(const wb::LiveSnapshot& growth);
    // The outcome lives as long as the run.
    void finished(const wb::RunOutcome& outcome);

private:
    enum class State { Idle, Probing, StartingServer, Running, Stopping, Done };

    void collectFacts();
    void onFacts(const QMap<QString, HostFacts>& hosts);
    void startServer();
    void startClient();
    void onClientOutput();
    void onClientFinished(int exitCode, QProcess::ExitStatus exitStatus);
    bool refusedByOurNewServer() const;
    void onClientError(QProcess::ProcessError error);
    void onServerOutput();
    void onServerFinished();
    void onTick();
    void emitSnapshot();
    void startParsing();
    void keepForDiagnosis(const QByteArray& data);
    void fail(const QString& why);
    void finish(RunOutcome::Status status, const QString& why);
    void stopProcess(QProcess* process);
    // False, with the reason in *problem, when the sidecar could not be replaced.
    bool writeSidecar(const QString& state, const QString& why, QString* problem);
    // Why a client that was not cancelled failed, from its exit and what it printed; empty
    // when it measured and exited cleanly.
    QString clientFailure(bool measured) const;
    bool openOutputs(QString* why);
    bool createOutputs(const QDir& dir, const QString& stem, bool* taken, QString* why);
    void describeRun();
    RunRecord record(const QString& state, const QString& why) const;
    ImportOptions importOptions() const;

    RunSpec m_spec;
    RunCommands m_commands;
    QString m_outputDir;
    QString m_fileStem;
    QString m_fileSuffix;
    std::optional<std::chrono::system_clock::time_point> m_clientStart;
    State m_state = State::Idle;
    bool m_cancelRequested = false;
    QString m_cancelReason;
    bool m_hung = false;
    int m_refusedTries = 0;
    std::optional<int> m_exitCode; // empty when the client was killed by a signal
    // Known when the client ended, reported once the server has stopped too.
    RunOutcome::Status m_pendingStatus = RunOutcome::Status::Completed;

    std::unique_ptr<QProcess> m_client;
    std::unique_ptr<QProcess> m_server;
    std::unique_ptr<RunFactsStage> m_facts;
    QFile m_log;
    QFile m_serverLog;
    QString m_sidecarPath;
    // The client's stdout, parsed as it arrives; finished, it is what importing the log gives.
    std::unique_ptr<StreamParseThread> m_parse;
    // Its first and last bytes, for the reasons a client failed (clientFailure()).
    QByteArray m_receivedHead;
    QByteArray m_receivedTail;
    QByteArray m_clientErrors;
    QByteArray m_serverOutput;
    // What the sidecar says of the run apart from its state: fixed when it starts (the hosts'
    // facts once probed), so snapshots do not ask the system again.
    RunRecord m_description;
    QElapsedTimer m_elapsed;
    QTimer m_tick;
    QTimer m_serverTimeout;
    qint64 m_lastSnapshotAt = -1; // ms since start
    qint64 m_snapshotCostMs = 0;
    qint64 m_snapshotBytes = -1;
    RunOutcome m_outcome; // what finished() reported
};

} // namespace wb
