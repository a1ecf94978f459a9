#include "import/FileKind.h"

#include "import/NativePath.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wb {

namespace fs = std::filesystem;

namespace {

// The kinds of file fstat() tells apart, with their names.
struct Kind {
    fs::file_type type;
    mode_t mode;
    const char* name;
};

constexpr Kind kKinds[] = {{fs::file_type::regular, S_IFREG, "regular file"},
                           {fs::file_type::directory, S_IFDIR, "directory"},
                           {fs::file_type::symlink, S_IFLNK, "symbolic link"},
                           {fs::file_type::fifo, S_IFIFO, "FIFO"},
                           {fs::file_type::socket, S_IFSOCK, "socket"},
                           {fs::file_type::character, S_IFCHR, "character device"},
                           {fs::file_type::block, S_IFBLK, "block device"}};

} // namespace

QString FileKind::name(fs::file_type type) {
    for (const Kind& kind : kKinds)
        if (kind.type == type)
            return QString::fromLatin1(kind.name);
    return type == fs::file_type::unknown ? QStringLiteral("file of unknown type")
                                          : QStringLiteral("missing file");
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
    if (::fstat(fd, &info) == 0)
        for (const Kind& kind : kKinds)
            if ((info.st_mode & S_IFMT) == kind.mode)
                return kind.type;
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
