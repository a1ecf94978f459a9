#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

class QFile;
class QIODevice;

namespace wb {

// Every file Wirebench writes as a result (plots, reports, tables, workspaces, run sidecars) goes
// through here, so it appears whole or not at all: the bytes go to a temporary file in the
// target's folder (QSaveFile), are checked to the last one, synced to the disk, and only
// then renamed over the target. On any failure the temporary file is removed, an existing
// target keeps its bytes, and the reason is the system's own ("No space left on device").
// A target that is a symbolic link is refused, not followed.
class OutputFile {
public:
    // Writes what produce() puts into the device (a buffer in memory). produce returns
    // false, with *why, when it cannot make its content.
    using Producer = std::function<bool(QIODevice& device, QString* why)>;
    static bool write(const QString& path, const Producer& produce, QString* why);
    static bool write(const QString& path, const QByteArray& bytes, QString* why);

    // Opens file at path as a new file for writing (O_EXCL), never one that exists, a
    // dangling symbolic link included: for logs written as they arrive, and names reserved
    // for files that write() replaces later. False with *why otherwise; *exists tells a taken
    // name from other failures.
    static bool createNew(QFile& file, const QString& path, bool* exists, QString* why);
    // Appends bytes to a log opened by createNew and flushes them to the system: false, with
    // "cannot write PATH: REASON" in *why, when not every byte got there (a full disk).
    static bool append(QFile& file, const QByteArray& bytes, QString* why);
};

} // namespace wb
