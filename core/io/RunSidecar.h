#pragma once

#include "model/Dataset.h"

#include <QDateTime>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace wb {

// What Wirebench knows about a run it started, kept beside the raw log as STEM.run.json so
// that importing the log later restores it (label, command line, parameters, ...).
struct RunRecord {
    QString label;
    QString status; // "running", "completed", "cancelled", "failed"
    QString error;
    QString tool;
    QString toolVersion;
    QString formatId;
    QStringList command;
    QStringList serverCommand;
    QString host;
    QString kernel;
    QString congestionControl;
    QDateTime start;
    QDateTime end;
    std::optional<int> exitCode;
    QString serverLog; // file name beside the log, when a server was started
    QMap<QString, QString> parameters;
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
    static std::optional<RunRecord> read(const QString& path, QString* why);
    // Fills a dataset's RunInfo and label from the record.
    static void applyTo(const RunRecord& record, Dataset& dataset);
};

} // namespace wb
