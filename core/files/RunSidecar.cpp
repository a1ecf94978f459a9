#include "files/RunSidecar.h"

#include "files/OutputFile.h"
#include "files/SmallFile.h"
#include "import/CompressedInput.h"
#include "report/DatasetJson.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QSysInfo>

namespace wb {

namespace {

constexpr char kSidecarSuffix[] = ".run.json";
constexpr char kServerLogSuffix[] = ".server.log";
constexpr qint64 kMaxSidecarBytes = 1 << 20;

QJsonArray toArray(const QStringList& words) {
    return QJsonArray::fromStringList(words);
}

// With its offset from UTC, so that a reader in another time zone places the run where the
// epoch times of its logs (ping -D) are; a time without one (older sidecars) is read as local.
QString isoTime(const QDateTime& time) {
    return time.isValid() ? time.toOffsetFromUtc(time.offsetFromUtc()).toString(Qt::ISODateWithMs)
                          : QString();
}

QString readBootId() {
    QFile file(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).trimmed()
                                          : QString();
}

// Field 22 of /proc/PID/stat; -1 when the process does not exist. The command name (field
// 2) is in parentheses and may hold spaces and parentheses itself, so fields are counted
// after the last ')'.
qint64 startTicksOf(qint64 pid) {
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = file.readAll();
    const qsizetype end = stat.lastIndexOf(')');
    if (end < 0)
        return -1;
    const QList<QByteArray> fields = stat.mid(end + 1).simplified().split(' ');
    constexpr int kStartTimeAfterName = 22 - 3; // field 3 (state) is the first after ')'
    bool ok = false;
    const qint64 ticks =
        fields.size() > kStartTimeAfterName ? fields[kStartTimeAfterName].toLongLong(&ok) : -1;
    return ok ? ticks : -1;
}

} // namespace

ProcessIdentity ProcessIdentity::current() {
    ProcessIdentity identity;
    identity.pid = QCoreApplication::applicationPid();
    identity.bootId = readBootId();
    identity.startTicks = startTicksOf(identity.pid);
    return identity;
}

QJsonObject ProcessIdentity::toJson() const {
    return QJsonObject{{"pid", pid}, {"boot_id", bootId}, {"start_ticks", startTicks}};
}

ProcessIdentity ProcessIdentity::fromJson(const QJsonObject& object) {
    ProcessIdentity identity;
    identity.pid = object.value(QLatin1String("pid")).toInteger();
    identity.bootId = object.value(QLatin1String("boot_id")).toString();
    identity.startTicks = object.value(QLatin1String("start_ticks")).toInteger(-1);
    return identity;
}

bool ProcessIdentity::alive() const {
    const QString now = readBootId();
    if (!known() || now.isEmpty())
        return true;
    return now == bootId && startTicksOf(pid) == startTicks;
}

QString RunSidecar::pathFor(const QString& logPath) {
    // A log compressed after the run ("run-3.txt.gz") keeps its description ("run-3.run.json").
    const QFileInfo info(CompressedInput::withoutSuffix(logPath));
    return info.dir().filePath(info.completeBaseName() + QLatin1String(kSidecarSuffix));
}

bool RunSidecar::isRunCompanion(const QString& path) {
    const QString plain = CompressedInput::withoutSuffix(path);
    return plain.endsWith(QLatin1String(kSidecarSuffix)) ||
           plain.endsWith(QLatin1String(kServerLogSuffix));
}

bool RunSidecar::write(const QString& path, const RunRecord& record, QString* why) {
    QJsonObject root{{"wirebench_run", kVersion},
                     {"label", record.label},
                     {"status", record.status},
                     {"tool", record.tool},
                     {"tool_version", record.toolVersion},
                     {"format", record.formatId},
                     {"command", toArray(record.command)},
                     {"command_line", record.command.join(QLatin1Char(' '))},
                     {"host", record.host},
                     {"kernel", record.kernel},
                     {"congestion_control", record.congestionControl},
                     {"start", isoTime(record.start)},
                     {"parameters", DatasetJson::object(record.parameters)}};
    if (!record.hosts.isEmpty()) {
        QJsonObject hosts;
        for (auto it = record.hosts.begin(); it != record.hosts.end(); ++it)
            hosts.insert(it.key(), it.value().toJson());
        root.insert(QStringLiteral("hosts"), hosts);
    }
    if (!record.error.isEmpty())
        root.insert(QStringLiteral("error"), record.error);
    if (!record.serverCommand.isEmpty())
        root.insert(QStringLiteral("server_command"), toArray(record.serverCommand));
    if (!record.serverLog.isEmpty())
        root.insert(QStringLiteral("server_log"), record.serverLog);
    if (record.end.isValid())
        root.insert(QStringLiteral("end"), isoTime(record.end));
    if (record.exitCode)
        root.insert(QStringLiteral("exit_code"), *record.exitCode);
    if (record.writer.known())
        root.insert(QStringLiteral("writer"), record.writer.toJson());
    QString reason;
    if (OutputFile::write(path, QJsonDocument(root).toJson(), &reason))
        return true;
    if (why)
        *why = QStringLiteral("cannot write %1: %2").arg(path, reason);
    return false;
}

std::optional<RunRecord> RunSidecar::read(const QString& path, QString* why) {
    std::optional<RunRecord> record = readAsWritten(path, why);
    if (record)
        markIfInterrupted(*record);
    return record;
}

bool RunSidecar::markIfInterrupted(RunRecord& record) {
    if (!writerGone(record.status, record.host, record.writer))
        return false;
    record.status = QStringLiteral("interrupted");
    record.error = interruptedReason(record.writer);
    return true;
}

bool RunSidecar::writerGone(const QString& status, const QString& host,
                            const ProcessIdentity& writer) {
    // Another machine's process cannot be looked up here: its run may still be going.
    return status == QLatin1String("running") && writer.known() &&
           host == QSysInfo::machineHostName() && !writer.alive();
}

QString RunSidecar::interruptedReason(const ProcessIdentity& writer) {
    return QStringLiteral("the Wirebench process that ran it (pid %1) ended before the run did: "
                          "it was killed, crashed or the machine restarted")
        .arg(writer.pid);
}

QStringList RunSidecar::settleInterrupted(const QString& folder) {
    QStringList settled;
    const QDir dir(folder);
    const QStringList names = dir.entryList({QStringLiteral("*") + QLatin1String(kSidecarSuffix)},
                                            QDir::Files | QDir::NoSymLinks);
    for (const QString& name : names) {
        if (settle(dir.filePath(name)))
            settled << dir.filePath(name);
    }
    return settled;
}

bool RunSidecar::settle(const QString& path) {
    QString ignored;
    if (std::optional<RunRecord> record = readAsWritten(path, &ignored)) {
        if (!markIfInterrupted(*record) || !write(path, *record, &ignored))
            return false;
        // The step it was a member of was cut short by the same death.
        const QString step = record->parameters.value(QStringLiteral("step"));
        if (!step.isEmpty() && !step.contains(QLatin1Char('/')))
            settleStepRecord(QFileInfo(path).dir().filePath(step + QLatin1String(kSidecarSuffix)));
        return true;
    }
    return settleStepRecord(path);
}

bool RunSidecar::settleStepRecord(const QString& path) {
    QFile file(path);
    if (QFileInfo(path).isSymLink() || !QFileInfo(path).isFile() ||
        file.size() > kMaxSidecarBytes || !file.open(QIODevice::ReadOnly))
        return false;
    QJsonObject root = QJsonDocument::fromJson(file.read(kMaxSidecarBytes)).object();
    file.close();
    const ProcessIdentity writer =
        ProcessIdentity::fromJson(root.value(QLatin1String("writer")).toObject());
    if (!root.contains(QLatin1String("wirebench_step")) ||
        !writerGone(root.value(QLatin1String("status")).toString(),
                    root.value(QLatin1String("host")).toString(), writer))
        return false;
    const QString interrupted = QStringLiteral("interrupted");
    root.insert(QStringLiteral("status"), interrupted);
    root.insert(QStringLiteral("error"), interruptedReason(writer));
    QJsonArray members = root.value(QLatin1String("members")).toArray();
    for (QJsonValueRef value : members) {
        QJsonObject member = value.toObject();
        const QString status = member.value(QLatin1String("status")).toString();
        if (status == QLatin1String("running") || status == QLatin1String("waiting")) {
            member.insert(QStringLiteral("status"), interrupted);
            value = member;
        }
    }
    root.insert(QStringLiteral("members"), members);
    QString ignored;
    return OutputFile::write(path, QJsonDocument(root).toJson(QJsonDocument::Indented), &ignored);
}

std::optional<RunRecord> RunSidecar::readAsWritten(const QString& path, QString* why) {
    const std::optional<QByteArray> bytes =
        SmallFile::read(path, kMaxSidecarBytes, QStringLiteral("a run description"), why);
    if (!bytes)
        return std::nullopt;
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(*bytes, &error);
    const QJsonObject root = document.object();
    if (error.error != QJsonParseError::NoError || !root.contains(QLatin1String("wirebench_run"))) {
        *why = error.error != QJsonParseError::NoError ? error.errorString()
                                                       : QStringLiteral("not a Wirebench run "
                                                                        "description");
        return std::nullopt;
    }
    if (root.value(QLatin1String("wirebench_run")).toInt() > kVersion) {
        *why = QStringLiteral("written by a newer Wirebench (format %1)")
                   .arg(root.value(QLatin1String("wirebench_run")).toInt());
        return std::nullopt;
    }
    RunRecord record;
    const auto text = [&](const char* key) { return root.value(QLatin1String(key)).toString(); };
    record.label = text("label");
    record.status = text("status");
    record.error = text("error");
    record.tool = text("tool");
    record.toolVersion = text("tool_version");
    record.formatId = text("format");
    record.command = jsonStrings(root.value(QLatin1String("command")));
    record.serverCommand = jsonStrings(root.value(QLatin1String("server_command")));
    record.host = text("host");
    record.kernel = text("kernel");
    record.congestionControl = text("congestion_control");
    const QJsonObject hosts = root.value(QLatin1String("hosts")).toObject();
    for (auto it = hosts.begin(); it != hosts.end(); ++it)
        record.hosts.insert(it.key(), HostFacts::fromJson(it.value().toObject()));
    record.start = QDateTime::fromString(text("start"), Qt::ISODateWithMs);
    record.end = QDateTime::fromString(text("end"), Qt::ISODateWithMs);
    if (root.contains(QLatin1String("exit_code")))
        record.exitCode = root.value(QLatin1String("exit_code")).toInt();
    record.serverLog = text("server_log");
    const QJsonObject parameters = root.value(QLatin1String("parameters")).toObject();
    for (auto it = parameters.begin(); it != parameters.end(); ++it)
        record.parameters.insert(it.key(), it.value().toString());
    record.writer = ProcessIdentity::fromJson(root.value(QLatin1String("writer")).toObject());
    return record;
}

void RunSidecar::applyTo(const RunRecord& record, Dataset& dataset) {
    RunInfo& info = dataset.info;
    if (!record.label.isEmpty())
        dataset.label = record.label;
    info.commandLine = record.command.join(QLatin1Char(' '));
    // The client's host measured, when it told; else (older sidecars) the machine that ran it.
    const HostFacts client = record.hosts.value(QStringLiteral("client"));
    const QString clientHost = client.value(QStringLiteral("host_name"));
    const QString clientKernel = client.value(QStringLiteral("kernel"));
    info.host = clientHost.isEmpty() && client.isEmpty() ? record.host : clientHost;
    info.kernel = clientKernel.isEmpty() && client.isEmpty() ? record.kernel : clientKernel;
    info.parameters = record.parameters;
    if (record.start.isValid())
        info.start = record.start;
    if (record.end.isValid())
        info.end = record.end;
    // What the run asked for wins over what the log shows (iperf2 names no algorithm).
    if (!record.congestionControl.isEmpty())
        info.congestionControl = record.congestionControl;
    if (!record.toolVersion.isEmpty())
        info.extra.insert(QStringLiteral("tool_version"), record.toolVersion);
    if (!record.status.isEmpty())
        info.extra.insert(QStringLiteral("run_status"), record.status);
}

} // namespace wb
