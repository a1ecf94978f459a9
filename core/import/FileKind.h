#pragma once

#include <QString>

#include <filesystem>

namespace wb {

// What a path is, read from the file system without opening it. Opening a FIFO waits for a
// writer and reading a character device (/dev/kmsg) waits for data, possibly forever, so
// anything that is not a regular file or a folder is refused before it is opened.
class FileKind {
public:
    // Empty for a regular file (or a link to one); otherwise why it is not read as a log:
    // "no such file", "is a directory, not a log file", "is a FIFO, not a regular file; ...".
    static QString refusal(const QString& path);
    // Empty for a regular file; the reason for anything else, as refusal() words it.
    static QString refusal(std::filesystem::file_type type);
    // "FIFO", "socket", "character device", "block device", ...
    static QString name(std::filesystem::file_type type);
    // Whether anything is at the path (a link to nothing is not), by the bytes of its name; a
    // path that cannot be looked at (a folder on the way is unreadable) counts as there, so
    // that opening it names the reason.
    static bool exists(const QString& path);
    // The kind of an open file's descriptor (fstat), for the check after opening.
    static std::filesystem::file_type typeOf(int fd);
    // Opens a regular file for reading by the bytes of its name: the descriptor (blocking,
    // close-on-exec), or -1 with the reason in *why. refusal() is asked first, and the
    // descriptor is checked again, for a path swapped for a FIFO or device in between.
    static int openRegular(const QString& path, QString* why);
};

} // namespace wb
