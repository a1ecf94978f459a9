#include "import/NativePath.h"

#include <boost/locale/utf.hpp>

namespace wb {

namespace {

constexpr char16_t kEscapeBase = 0xDC00; // bytes 0x80..0xFF become U+DC80..U+DCFF

// A low surrogate with no high one before it: an escaped byte (valid text has none).
bool isEscapedByte(const QString& path, qsizetype at) {
    const char16_t c = path[at].unicode();
    return c >= kEscapeBase + 0x80 && c <= kEscapeBase + 0xFF &&
           (at == 0 || !path[at - 1].isHighSurrogate());
}

} // namespace

QString NativePath::decode(const std::string& bytes) {
    using Utf8 = boost::locale::utf::utf_traits<char>;
    QString path;
    path.reserve(static_cast<qsizetype>(bytes.size()));
    for (auto at = bytes.begin(); at != bytes.end();) {
        auto next = at;
        const boost::locale::utf::code_point code = Utf8::decode(next, bytes.end());
        if (code == boost::locale::utf::illegal || code == boost::locale::utf::incomplete) {
            path.append(QChar(char16_t(kEscapeBase + static_cast<unsigned char>(*at))));
            ++at;
            continue;
        }
        const char32_t character = code;
        path.append(QString::fromUcs4(&character, 1));
        at = next;
    }
    return path;
}

QByteArray NativePath::encode(const QString& path) {
    QByteArray bytes;
    bytes.reserve(path.size());
    qsizetype runStart = 0; // the text since the last escaped byte, encoded as UTF-8 at once
    for (qsizetype at = 0; at <= path.size(); ++at) {
        const bool end = at == path.size();
        if (!end && !isEscapedByte(path, at))
            continue;
        bytes += QStringView(path).mid(runStart, at - runStart).toUtf8();
        if (!end)
            bytes += static_cast<char>(path[at].unicode() - kEscapeBase);
        runStart = at + 1;
    }
    return bytes;
}

bool NativePath::isUtf8(const QString& path) {
    for (qsizetype at = 0; at < path.size(); ++at)
        if (isEscapedByte(path, at))
            return false;
    return true;
}

QString NativePath::display(const QString& path) {
    QString shown;
    for (qsizetype at = 0; at < path.size(); ++at) {
        if (isEscapedByte(path, at))
            shown += QStringLiteral("\\x") +
                     QString::number(path[at].unicode() - kEscapeBase, 16).toUpper();
        else
            shown += path[at];
    }
    return shown;
}

} // namespace wb
