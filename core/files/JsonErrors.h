#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace wb {

// "line 3, column 14" for a QJsonParseError offset into bytes (Qt's offset points just past
// the character it choked on), so a user can find the mistake in an editor.
QString jsonErrorPosition(const QByteArray& bytes, qsizetype offset);

// The strings of a JSON array of words (a command line, prefixes); "" for an element that is
// not a string, nothing for a value that is not an array.
QStringList jsonStrings(const QJsonValue& value);

} // namespace wb
