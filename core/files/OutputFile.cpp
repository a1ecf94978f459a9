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

// Every byte to fd, then to the disk. QSaveFile alone is not enough: Qt 6.4's commit()
// renames the temporary file into place although its last flush failed, and a write the
// disk cut short returns a short count without setting an error. Written here, a short
// write is an errno.
bool writeFully(int fd, const QByteArray& bytes, QString* why) {
    const char* data = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, static_cast<std::size_t>(left));
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0) {
            *why = systemError(written < 0 ? errno : ENOSPC);
            return false;
        }
        data += written;
        left -= written;
    }
    if (::fsync(fd) != 0 && errno != EINVAL) { // EINVAL: a file system that cannot sync
        *why = systemError(errno);
        return false;
    }
    return true;
}

} // namespace

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
    QString reason;
    const QFileInfo info(path);
    if (info.isSymLink()) {
        // Replacing the link's target would write wherever a planted link points (as root:
        // anywhere); replacing the link itself would surprise whoever made it.
        reason = QStringLiteral("it is a symbolic link (to %1); name the file itself")
                     .arg(info.symLinkTarget());
    } else if (info.isDir()) {
        reason = QStringLiteral("it is a folder");
    } else {
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly)) {
            reason = file.errorString();
        } else if (writeFully(file.handle(), bytes, &reason) && file.commit()) {
            return true;
        } else {
            if (reason.isEmpty())
                reason = file.errorString();
            file.cancelWriting();
        }
    }
    if (why)
        *why = reason;
    return false;
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
