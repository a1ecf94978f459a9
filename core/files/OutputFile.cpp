#include "files/OutputFile.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstring>

#include <unistd.h>

namespace wb {

namespace {

QString systemError(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

// Every byte to fd. QSaveFile alone is not enough: Qt 6.4's commit() renames the temporary
// file into place although its last flush failed, and a write the disk cut short returns a
// short count without setting an error. Written here, a short write is an errno.
bool writeAll(int fd, const char* data, std::size_t left, QString* why) {
    while (left > 0) {
        const ssize_t written = ::write(fd, data, left);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0) {
            *why = systemError(written < 0 ? errno : ENOSPC);
            return false;
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    return true;
}

// The bytes written to fd, on the disk.
bool synced(int fd, QString* why) {
    if (::fsync(fd) != 0 && errno != EINVAL) { // EINVAL: a file system that cannot sync
        *why = systemError(errno);
        return false;
    }
    return true;
}

// Why path cannot be a target at all; empty when it can.
QString refusedTarget(const QFileInfo& info) {
    // Replacing the link's target would write wherever a planted link points (as root:
    // anywhere); replacing the link itself would surprise whoever made it.
    if (info.isSymLink())
        return QStringLiteral("it is a symbolic link (to %1); name the file itself")
            .arg(info.symLinkTarget());
    if (info.isDir())
        return QStringLiteral("it is a folder");
    return {};
}

// Opens a temporary file beside path, lets fill() write into its descriptor and renames it
// over path when fill() succeeded and the bytes are on the disk; removes it otherwise.
bool replaceWith(const QString& path, const std::function<bool(int fd, QString* why)>& fill,
                 QString* why) {
    QString reason = refusedTarget(QFileInfo(path));
    if (reason.isEmpty()) {
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly)) {
            reason = file.errorString();
        } else if (fill(file.handle(), &reason) && synced(file.handle(), &reason) &&
                   file.commit()) {
            return true;
        } else {
            if (reason.isEmpty())
                reason = file.errorString();
            file.cancelWriting();
        }
    }
    if (why)
        *why = reason.isEmpty() ? QStringLiteral("the content could not be made") : reason;
    return false;
}

} // namespace

bool OutputSink::write(const char* data, std::size_t size) {
    return !failed() && writeAll(m_fd, data, size, &m_error);
}

bool OutputFile::write(const QString& path, const Producer& produce, QString* why) {
    // Made in memory first (plots and reports are a few MB at most), so that producers
    // that do not check their writes (Qt's PDF engine) cannot hide a failure.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QString reason;
    if (!produce(buffer, &reason)) {
        if (why)
            *why = reason.isEmpty() ? QStringLiteral("the content could not be made") : reason;
        return false;
    }
    return write(path, buffer.data(), why);
}

bool OutputFile::write(const QString& path, const QByteArray& bytes, QString* why) {
    return replaceWith(
        path,
        [&bytes](int fd, QString* reason) {
            return writeAll(fd, bytes.constData(), static_cast<std::size_t>(bytes.size()), reason);
        },
        why);
}

bool OutputFile::stream(const QString& path, const StreamProducer& produce, QString* why) {
    return replaceWith(
        path,
        [&produce](int fd, QString* reason) {
            OutputSink sink(fd);
            const bool made = produce(sink, reason);
            if (sink.failed())
                *reason = sink.error();
            return made && !sink.failed();
        },
        why);
}

bool OutputFile::createNew(QFile& file, const QString& path, bool* exists, QString* why) {
    file.setFileName(path);
    *exists = false;
    if (file.open(QIODevice::WriteOnly | QIODevice::NewOnly))
        return true;
    *exists = QFileInfo::exists(path) || QFileInfo(path).isSymLink();
    *why = file.errorString();
    return false;
}

bool OutputFile::append(QFile& file, const QByteArray& bytes, QString* why) {
    if (file.write(bytes) == bytes.size() && file.flush())
        return true;
    *why = QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
    return false;
}

} // namespace wb
