#pragma once

#include <QByteArray>
#include <QString>

#include <string>

namespace wb {

// File names on Linux are bytes; Qt decodes them as UTF-8 and replaces every byte that is
// not, so a file whose name is not valid UTF-8 cannot be opened again from its QString (and
// QDirIterator does not list it at all). These keep each byte of an invalid sequence as a
// lone surrogate U+DC80..U+DCFF (Python's "surrogateescape"), which QString holds and which
// encode() turns back into the same byte: the file is opened by the bytes of its name.
class NativePath {
public:
    static QString decode(const std::string& bytes);
    // The bytes to give open()/stat(); a valid UTF-8 name is its UTF-8 encoding.
    static QByteArray encode(const QString& path);
    // False when the name held bytes that are not UTF-8 (decode() escaped them).
    static bool isUtf8(const QString& path);
    // For messages: the escaped bytes written as \xE9, the rest as it is.
    static QString display(const QString& path);
};

} // namespace wb
