#include "files/RunSidecar.h"

#include "files/OutputFile.h"
#include "files/SmallFile.h"
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

#include <algorithm>

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

// At most limit bytes of bytes, cut before a UTF-8 sequence that would be split; *note says
// how much was printed and kept when it was cut.
QString keptText(const QByteArray& bytes, qsizetype limit, QString* note) {
    note->clear();
    if (bytes.size() <= limit)
        return QString::fromUtf8(bytes);
    qsizetype end = std::max<qsizetype>(limit, 0);
    while (end > 0 && (static_cast<unsigned char>(bytes[end]) & 0xC0) == 0x80)
        --end;
    *note = QStringLiteral("cut: %1 bytes printed, the first %2 kept").arg(bytes.size()).arg(end);
    return QString::fromUtf8(bytes.left(end));
}

QJsonArray commandsToJson(const std::vector<CommandRecord>& commands) {
    QJsonArray array;
    for (const CommandRecord& command : commands)
        array.append(command.toJson());
    return array;
}

std::vector<CommandRecord> commandsFromJson(const QJsonValue& value) {
    std::vector<CommandRecord> commands;
    for (const QJsonValue& item : value.toArray())
        commands.push_back(CommandRecord::fromJson(item.toObject()));
    return commands;
}

} // namespace

void CommandRecord::keepOutput(const QByteArray& out, const QByteArray& err, qsizetype limit) {
    limit = std::min(limit, kMaxStreamBytes);
    output = keptText(out, limit, &outputNote);
    errors = keptText(err, limit, &errorsNote);
}

QJsonObject CommandRecord::toJson() const {
    QJsonObject object{{"command", QJsonArray::fromStringList(argv)},
                       {"command_line", argv.join(QLatin1Char(' '))},
                       {"ended", ended},
                       {"stdout", output},
                       {"stderr", errors}};
    if (!place.isEmpty())
        object.insert(QStringLiteral("place"), place);
    if (exitCode)
        object.insert(QStringLiteral("exit_code"), *exitCode);
    if (!error.isEmpty())
        object.insert(QStringLiteral("error"), error);
    if (!outputNote.isEmpty())
        object.insert(QStringLiteral("stdout_note"), outputNote);
    if (!errorsNote.isEmpty())
        object.insert(QStringLiteral("stderr_note"), errorsNote);
    return object;
}

CommandRecord CommandRecord::fromJson(const QJsonObject& object) {
    const auto text = [&](const char* key) { return object.value(QLatin1String(key)).toString(); };
    CommandRecord record;
    record.argv = jsonStrings(object.value(QLatin1String("command")));
    record.place = text("place");
    record.ended = text("ended");
    if (object.value(QLatin1String("exit_code")).isDouble())
        record.exitCode = object.value(QLatin1String("exit_code")).toInt();
    record.error = text("error");
    record.output = text("stdout");
    record.errors = text("stderr");
    record.outputNote = text("stdout_note");
    record.errorsNote = text("stderr_note");
    return record;
}

QJsonObject StepConfiguration::toJson() const {
    return QJsonObject{{"setup", commandsToJson(setup)},
                       {"teardown", commandsToJson(teardown)},
                       {"qdiscs", QJsonObject{{"after_setup", commandsToJson(qdiscsAfterSetup)},
                                              {"after_run", commandsToJson(qdiscsAfterRun)}}}};
}

StepConfiguration StepConfiguration::fromJson(const QJsonObject& object) {
    StepConfiguration configured;
    configured.setup = commandsFromJson(object.value(QLatin1String("setup")));
    configured.teardown = commandsFromJson(object.value(QLatin1String("teardown")));
    const QJsonObject qdiscs = object.value(QLatin1String("qdiscs")).toObject();
    configured.qdiscsAfterSetup = commandsFromJson(qdiscs.value(QLatin1String("after_setup")));
    configured.qdiscsAfterRun = commandsFromJson(qdiscs.value(QLatin1String("after_run")));
    return configured;
}

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
    const QFileInfo info(logPath);
    return info.dir().filePath(info.completeBaseName() + QLatin1String(kSidecarSuffix));
}

bool RunSidecar::isRunCompanion(const QString& path) {
    return path.endsWith(QLatin1String(kSidecarSuffix)) ||
           path.endsWith(QLatin1String(kServerLogSuffix));
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
    if (!record.configured.empty())
        root.insert(QStringLiteral("configured"), record.configured.toJson());
    QString reason;
    if (OutputFile::write(path, QJsonDocument(root).toJson(), &reason))
        return true;
    if (why)
        *why = QStringLiteral("cannot write %1: %2").arg(path, reason);
    return false;
}

bool RunSidecar::keepConfiguration(const QString& path, const StepConfiguration& configured,
                                   QString* why) {
    const auto fail = [&](const QString& reason) {
        if (why)
            *why = QStringLiteral("cannot keep what was configured in %1: %2").arg(path, reason);
        return false;
    };
    QString reason;
    const std::optional<QByteArray> bytes =
        SmallFile::read(path, kMaxSidecarBytes, QStringLiteral("a run description"), &reason);
    if (!bytes)
        return fail(reason);
    QJsonParseError error{};
    QJsonObject root = QJsonDocument::fromJson(*bytes, &error).object();
    if (error.error != QJsonParseError::NoError)
        return fail(error.errorString());
    if (!root.contains(QLatin1String("wirebench_run")) &&
        !root.contains(QLatin1String("wirebench_step")))
        return fail(QStringLiteral("not a Wirebench run description"));
    root.insert(QStringLiteral("configured"), configured.toJson());
    if (!OutputFile::write(path, QJsonDocument(root).toJson(), &reason))
        return fail(reason);
    return true;
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
    record.configured =
        StepConfiguration::fromJson(root.value(QLatin1String("configured")).toObject());
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
