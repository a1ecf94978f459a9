#pragma once

#include <QByteArray>
#include <QString>

namespace wb {

// "line 3, column 14" for a QJsonParseError offset into bytes (Qt's offset points just past
// the character it choked on), so a user can find the mistake in an editor.
QString jsonErrorPosition(const QByteArray& bytes, qsizetype offset);

} // namespace wb
