#include "files/JsonErrors.h"

#include <QJsonArray>

#include <algorithm>

namespace wb {

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
