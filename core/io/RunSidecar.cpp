#include "RunSidecar.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace wb {

namespace {

constexpr char kSidecarSuffix[] = ".run.json";
constexpr char kServerLogSuffix[] = ".server.log";
constexpr qint64 kMaxSidecarBytes = 1 << 20;

QJsonArray toArray(const QStringList& words) {
    return QJsonArray::fromStringList(words);
}

QStringList toStrings(const QJsonValue& value) {
    QStringList out;
    for (const QJsonValue& word : value.toArray())
        out << word.toString();
    return out;
}

QString isoTime(const QDateTime& time) {
    return time.isValid() ? time.toString(Qt::ISODateWithMs) : QString();
}

} // namespace

QString RunSidecar::pathFor(const QString& logPath) {
    const QFileInfo info(logPath);
    return info.dir().filePath(info.completeBaseName() + QLatin1String(kSidecarSuffix));
}

bool RunSidecar::isRunCompanion(const QString& path) {
    return path.endsWith(QLatin1String(kSidecarSuffix)) ||
           path.endsWith(QLatin1String(kServerLogSuffix));
}

bool RunSidecar::write(const QString& path, const RunRecord& record, QString* why) {
    QJsonObject parameters;
    for (auto it = record.parameters.begin(); it != record.parameters.end(); ++it)
        parameters.insert(it.key(), it.value());
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
                     {"parameters", parameters}};
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
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(root).toJson()) < 0 ||
        !file.commit()) {
        if (why)
            *why = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

std::optional<RunRecord> RunSidecar::read(const QString& path, QString* why) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *why = file.errorString();
        return std::nullopt;
    }
    if (file.size() > kMaxSidecarBytes) {
        *why = QStringLiteral("%1 bytes is too large for a run description").arg(file.size());
        return std::nullopt;
    }
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
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
    record.command = toStrings(root.value(QLatin1String("command")));
    record.serverCommand = toStrings(root.value(QLatin1String("server_command")));
    record.host = text("host");
    record.kernel = text("kernel");
    record.congestionControl = text("congestion_control");
    record.start = QDateTime::fromString(text("start"), Qt::ISODateWithMs);
    record.end = QDateTime::fromString(text("end"), Qt::ISODateWithMs);
    if (root.contains(QLatin1String("exit_code")))
        record.exitCode = root.value(QLatin1String("exit_code")).toInt();
    record.serverLog = text("server_log");
    const QJsonObject parameters = root.value(QLatin1String("parameters")).toObject();
    for (auto it = parameters.begin(); it != parameters.end(); ++it)
        record.parameters.insert(it.key(), it.value().toString());
    return record;
}

void RunSidecar::applyTo(const RunRecord& record, Dataset& dataset) {
    RunInfo& info = dataset.info;
    if (!record.label.isEmpty())
        dataset.label = record.label;
    info.commandLine = record.command.join(QLatin1Char(' '));
    info.host = record.host;
    info.kernel = record.kernel;
    info.parameters = record.parameters;
    if (record.start.isValid())
        info.start = record.start;
    // What the run asked for wins over what the log shows (iperf2 names no algorithm).
    if (!record.congestionControl.isEmpty())
        info.congestionControl = record.congestionControl;
    if (!record.toolVersion.isEmpty())
        info.extra.insert(QStringLiteral("tool_version"), record.toolVersion);
    if (!record.status.isEmpty())
        info.extra.insert(QStringLiteral("run_status"), record.status);
}

} // namespace wb
