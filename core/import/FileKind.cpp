#include "import/FileKind.h"

#include "import/NativePath.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wb {

namespace fs = std::filesystem;

QString FileKind::name(fs::file_type type) {
    switch (type) {
    case fs::file_type::regular:
        return QStringLiteral("regular file");
    case fs::file_type::directory:
        return QStringLiteral("directory");
    case fs::file_type::symlink:
        return QStringLiteral("symbolic link");
    case fs::file_type::fifo:
        return QStringLiteral("FIFO");
    case fs::file_type::socket:
        return QStringLiteral("socket");
    case fs::file_type::character:
        return QStringLiteral("character device");
    case fs::file_type::block:
        return QStringLiteral("block device");
    case fs::file_type::not_found:
    case fs::file_type::none:
        break;
    case fs::file_type::unknown:
        return QStringLiteral("file of unknown type");
    }
    return QStringLiteral("missing file");
}

QString FileKind::refusal(fs::file_type type) {
    switch (type) {
    case fs::file_type::regular:
        return {};
    case fs::file_type::not_found:
    case fs::file_type::none:
        return QStringLiteral("no such file");
    case fs::file_type::directory:
        return QStringLiteral("is a directory, not a log file");
    default:
        break;
    }
    return QStringLiteral("is a %1, not a regular file; only regular files and folders are read")
        .arg(name(type));
}

QString FileKind::refusal(const QString& path) {
    std::error_code error;
    const fs::file_status status =
        fs::status(fs::path(NativePath::encode(path).toStdString()), error);
    if (error && status.type() != fs::file_type::not_found)
        return QStringLiteral("cannot read: %1").arg(QString::fromStdString(error.message()));
    return refusal(status.type());
}

bool FileKind::exists(const QString& path) {
    std::error_code error;
    return fs::status(fs::path(NativePath::encode(path).toStdString()), error).type() !=
           fs::file_type::not_found;
}

fs::file_type FileKind::typeOf(int fd) {
    struct stat info {};
    if (::fstat(fd, &info) != 0)
        return fs::file_type::unknown;
    if (S_ISREG(info.st_mode))
        return fs::file_type::regular;
    if (S_ISDIR(info.st_mode))
        return fs::file_type::directory;
    if (S_ISFIFO(info.st_mode))
        return fs::file_type::fifo;
    if (S_ISSOCK(info.st_mode))
        return fs::file_type::socket;
    if (S_ISCHR(info.st_mode))
        return fs::file_type::character;
    if (S_ISBLK(info.st_mode))
        return fs::file_type::block;
    return fs::file_type::unknown;
}

// O_NONBLOCK keeps open() from waiting for a writer when the path was swapped for a FIFO after
// refusal() looked at it; the descriptor is then used for nothing but a regular file.
int FileKind::openRegular(const QString& path, QString* why) {
    *why = refusal(path);
    if (!why->isEmpty())
        return -1;
    const int fd = ::open(NativePath::encode(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *why = QStringLiteral("cannot open: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return -1;
    }
    const fs::file_type type = typeOf(fd);
    if (type != fs::file_type::regular) {
        ::close(fd);
        *why = refusal(type);
        return -1;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

} // namespace wb
