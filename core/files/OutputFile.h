#pragma once

#include <QByteArray>
#include <QString>

#include <cstddef>
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
// Bytes on their way to a file OutputFile::stream writes (or to an open descriptor such as
// standard output): every write reaches the system whole, or the first failure is kept, with
// the system's reason, and every later write refused.
class OutputSink {
public:
    explicit OutputSink(int fd) : m_fd(fd) {}
    bool write(const char* data, std::size_t size);
    bool failed() const { return !m_error.isEmpty(); }
    const QString& error() const { return m_error; }

private:
    int m_fd;
    QString m_error;
};

class OutputFile {
public:
    // Writes what produce() puts into the device (a buffer in memory). produce returns
    // false, with *why, when it cannot make its content.
    using Producer = std::function<bool(QIODevice& device, QString* why)>;
    static bool write(const QString& path, const Producer& produce, QString* why);
    static bool write(const QString& path, const QByteArray& bytes, QString* why);
    // The same for content too large to hold in memory (a tidy export of millions of rows):
    // produce() writes it piece by piece into the temporary file through the sink; the file
    // is synced and renamed only when produce() returned true and every write reached it.
    using StreamProducer = std::function<bool(OutputSink& sink, QString* why)>;
    static bool stream(const QString& path, const StreamProducer& produce, QString* why);

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
