#pragma once

#include "files/HostFacts.h"
#include "model/Dataset.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace wb {

// A process told apart from any later one with the same pid: its pid, the boot it runs in
// (/proc/sys/kernel/random/boot_id) and its start time in clock ticks after boot
// (/proc/PID/stat). A run's sidecar records the Wirebench process writing it, so that a
// later reader can tell a run still going from one whose Wirebench was killed.
struct ProcessIdentity {
    qint64 pid = 0;
    QString bootId;
    qint64 startTicks = -1;

    static ProcessIdentity current();
    bool known() const { return pid > 0 && !bootId.isEmpty() && startTicks >= 0; }
    // False once the process has ended (the machine rebooted, the pid is gone or taken by
    // another process); true while it runs, and when that cannot be told here.
    bool alive() const;

    // {"pid", "boot_id", "start_ticks"}, as run sidecars and step records keep it.
    QJsonObject toJson() const;
    static ProcessIdentity fromJson(const QJsonObject& object);
};

// A command Wirebench ran around a plan's step (a setup or teardown command, a reading of a
// place's queues) and what came of it, as the step's sidecar keeps it under "configured".
struct CommandRecord {
    // Most of each stream kept; a longer one is cut there, with a note (outputNote).
    static constexpr qsizetype kMaxStreamBytes = 16 * 1024;

    QStringList argv;
    // A queue reading's place: the network namespace or host it was read in. Empty otherwise.
    QString place;
    // "exited" (exitCode holds its status), "killed" (by a signal or the time limit) or
    // "not started" (error says why).
    QString ended;
    std::optional<int> exitCode;
    QString error;
    QString output; // what it printed on stdout, at most kMaxStreamBytes of it
    QString errors; // on stderr, likewise
    // "cut: N bytes printed, the first M kept" when a stream was cut; empty otherwise.
    QString outputNote;
    QString errorsNote;

    bool succeeded() const { return ended == QLatin1String("exited") && exitCode == 0; }
    // Keeps at most limit bytes of each stream (never more than kMaxStreamBytes), cut on a
    // character boundary, with the notes saying so.
    void keepOutput(const QByteArray& out, const QByteArray& err, qsizetype limit);

    QJsonObject toJson() const;
    static CommandRecord fromJson(const QJsonObject& object);
};

// What a plan's step set up around its measurement and what the kernel held: its setup and
// teardown commands with their output, and the queueing disciplines (`tc -s qdisc show`, with
// their drop and backlog counters) of every place the step names, read after the setup and
// again after the measurement, before the teardown.
struct StepConfiguration {
    std::vector<CommandRecord> setup;
    std::vector<CommandRecord> teardown;
    std::vector<CommandRecord> qdiscsAfterSetup;
    std::vector<CommandRecord> qdiscsAfterRun;

    bool empty() const {
        return setup.empty() && teardown.empty() && qdiscsAfterSetup.empty() &&
               qdiscsAfterRun.empty();
    }
    // {"setup": [...], "teardown": [...], "qdiscs": {"after_setup": [...], "after_run": [...]}}
    QJsonObject toJson() const;
    static StepConfiguration fromJson(const QJsonObject& object);
};

// What Wirebench knows about a run it started, kept beside the raw log as STEM.run.json so
// that importing the log later restores it (label, command line, parameters, ...).
struct RunRecord {
    QString label;
    // "running", "completed", "cancelled", "failed"; "interrupted" when read back from a
    // "running" sidecar whose writer is gone.
    QString status;
    QString error;
    QString tool;
    QString toolVersion;
    QString formatId;
    QStringList command;
    QStringList serverCommand;
    // The machine Wirebench ran on (its host name tells whether the writer can be looked up);
    // the client's and server's own facts are in hosts.
    QString host;
    QString kernel;
    // Asked for, else the sending side's default as its host reported it.
    QString congestionControl;
    // Each side's facts as read through its prefix: "client", "server" (when the run started
    // one), "workbench". Empty in sidecars written before they were recorded.
    QMap<QString, HostFacts> hosts;
    // When the client (the tool whose log this is) was started, once it was: the origin of
    // the times in a log that has no clock of its own (iperf's intervals), on which other
    // logs of the same step are placed. Before that, when the run began.
    QDateTime start;
    QDateTime end;
    std::optional<int> exitCode;
    QString serverLog; // file name beside the log, when a server was started
    QMap<QString, QString> parameters;
    ProcessIdentity writer; // the Wirebench process that ran it
    // A plan's step: what its setup and teardown did and the queues it ran through (empty
    // for a run started alone, and in sidecars written before it was kept).
    StepConfiguration configured;
};

class RunSidecar {
public:
    static constexpr int kVersion = 1;

    // STEM.log -> STEM.run.json (any extension of the log is replaced).
    static QString pathFor(const QString& logPath);
    // The files a run leaves besides its log: a folder import skips them.
    static bool isRunCompanion(const QString& path);

    // Written atomically (temporary file + rename), so a crash never leaves half a sidecar.
    static bool write(const QString& path, const RunRecord& record, QString* why);
    // Puts configured into the sidecar or step record at path as its "configured" (replacing
    // the file atomically), leaving every other key as it is.
    static bool keepConfiguration(const QString& path, const StepConfiguration& configured,
                                  QString* why);
    // A record that says "running" while the Wirebench that ran it has gone (killed,
    // crashed, the machine rebooted) comes back "interrupted", with the reason in error.
    static std::optional<RunRecord> read(const QString& path, QString* why);
    // Rewrites the sidecars and step records in folder that still say "running" although
    // their Wirebench has gone, as "interrupted"; returns their paths. A later run in the
    // folder calls it.
    static QStringList settleInterrupted(const QString& folder);
    // Rewrites the sidecar at path as "interrupted" (atomically) when it says "running" but
    // its Wirebench has gone, and so the record of the step it was a member of
    // (STEP.run.json); path may be such a step record itself. True when it rewrote path;
    // false also where the folder cannot be written (readers still say "interrupted").
    static bool settle(const QString& path);
    // Fills a dataset's RunInfo and label from the record.
    static void applyTo(const RunRecord& record, Dataset& dataset);

private:
    static std::optional<RunRecord> readAsWritten(const QString& path, QString* why);
    // Marks a stale "running" record "interrupted"; true when it did.
    static bool markIfInterrupted(RunRecord& record);
    static bool writerGone(const QString& status, const QString& host,
                           const ProcessIdentity& writer);
    static QString interruptedReason(const ProcessIdentity& writer);
    static bool settleStepRecord(const QString& path);
};

} // namespace wb
