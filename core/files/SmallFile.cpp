#include "files/SmallFile.h"

#include "import/AbandonableReader.h"
#include "import/FileKind.h"

#include <QJsonArray>

#include <algorithm>

#include <sys/stat.h>
#include <unistd.h>

namespace wb {

namespace {

QString limitText(qint64 maxBytes) {
    constexpr qint64 mebibyte = 1024 * 1024;
    if (maxBytes % mebibyte == 0)
        return QStringLiteral("%1 MiB").arg(maxBytes / mebibyte);
    return QStringLiteral("%1 bytes").arg(maxBytes);
}

} // namespace

std::optional<QByteArray> SmallFile::read(const QString& path, qint64 maxBytes, const QString& what,
                                          QString* why) {
    QString ignored;
    if (!why)
        why = &ignored;
    const int fd = FileKind::openRegular(path, why);
    if (fd < 0)
        return std::nullopt;
    const auto closeFd = [fd] { ::close(fd); };
    struct stat info {};
    if (::fstat(fd, &info) == 0 && info.st_size > maxBytes) {
        closeFd();
        *why = QStringLiteral("%1 bytes is too large for %2 (at most %3)")
                   .arg(qint64(info.st_size))
                   .arg(what, limitText(maxBytes));
        return std::nullopt;
    }
    // Read to the end, one byte past the limit at most: the size may change after the check,
    // and files of /proc and /sys say 0 or 4096 whatever they hold.
    QByteArray bytes;
    QByteArray piece;
    AbandonableReader reader(fd);
    closeFd(); // the reader has its own copy
    for (;;) {
        const qint64 want = std::min<qint64>(maxBytes + 1 - bytes.size(), qint64{1} << 20);
        QString failure;
        if (reader.read(piece, want, &failure) != AbandonableReader::Status::Read) {
            *why = QStringLiteral("cannot read: %1").arg(failure);
            return std::nullopt;
        }
        if (piece.isEmpty())
            return bytes;
        bytes.append(piece);
        if (bytes.size() > maxBytes) {
            *why = QStringLiteral("too large for %1 (at most %2)").arg(what, limitText(maxBytes));
            return std::nullopt;
        }
    }
}

QString jsonErrorPosition(const QByteArray& bytes, qsizetype offset) {
    offset = std::clamp<qsizetype>(offset, 0, bytes.size());
    const qsizetype culprit = std::max<qsizetype>(offset - 1, 0);
    const QByteArray before = bytes.left(culprit);
    const qsizetype line = before.count('\n') + 1;
    const qsizetype column = culprit - (before.lastIndexOf('\n') + 1) + 1;
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

QStringList jsonStrings(const QJsonValue& value) {
    QStringList out;
    for (const QJsonValue& word : value.toArray())
        out << word.toString();
    return out;
}

} // namespace wb
