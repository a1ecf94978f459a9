#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

// A small file read beside the logs (a run's description STEM.run.json, a metadata table, a
// workspace, a plan), with the checks a log gets: only a regular file is opened (a FIFO would
// wait for a writer, /dev/zero never ends; FileKind), a read whose data does not come is given
// up (AbandonableReader), and no more than the limit is read: a larger file is refused.
class SmallFile {
public:
    // The file's bytes; nullopt with the reason in *why: "is a FIFO, not a regular file; ...",
    // "cannot open: ...", "cannot read: ...", "cannot read: no data for 20 s; ...", "2000000
    // bytes is too large for WHAT (at most 1 MiB)". `what` names the file for that last one;
    // why may be null.
    static std::optional<QByteArray> read(const QString& path, qint64 maxBytes, const QString& what,
                                          QString* why);
};

// "line 3, column 14" for a QJsonParseError offset into bytes (Qt's offset points just past
// the character it choked on), so a user can find the mistake in an editor.
QString jsonErrorPosition(const QByteArray& bytes, qsizetype offset);

// The strings of a JSON array of words (a command line, prefixes); "" for an element that is
// not a string, nothing for a value that is not an array.
QStringList jsonStrings(const QJsonValue& value);

} // namespace wb
