#include "NamePattern.h"

#include "stats/ConfiguredValue.h"

#include <QFileInfo>

namespace wb {

std::optional<NamePattern> NamePattern::parse(const QString& pattern, QString* error) {
    NamePattern out;
    out.m_text = pattern;
    out.m_matchesPath = pattern.contains(QLatin1Char('/'));
    QString regex = QStringLiteral("^");
    if (out.m_matchesPath)
        regex = QStringLiteral("(?:^|/)");
    int i = 0;
    while (i < pattern.size()) {
        const QChar c = pattern[i];
        if (c == QLatin1Char('{')) {
            const int close = pattern.indexOf(QLatin1Char('}'), i + 1);
            if (close < 0) {
                *error = QStringLiteral("unclosed '{' in name pattern \"%1\"").arg(pattern);
                return std::nullopt;
            }
            const QString field = pattern.mid(i + 1, close - i - 1).trimmed();
            if (field.isEmpty() || out.m_fields.contains(field)) {
                *error = QStringLiteral("name pattern \"%1\": %2")
                             .arg(pattern, field.isEmpty()
                                               ? QStringLiteral("empty field {}")
                                               : QStringLiteral("field {%1} twice").arg(field));
                return std::nullopt;
            }
            const int unit = ConfiguredValue::unitPrefixLength(pattern.mid(close + 1));
            out.m_fields << field;
            out.m_units << pattern.mid(close + 1, unit);
            regex += QStringLiteral("(.+?)");
            i = close + 1;
        } else if (c == QLatin1Char('*')) {
            regex += QStringLiteral(".*");
            ++i;
        } else {
            regex += QRegularExpression::escape(QString(c));
            ++i;
        }
    }
    if (out.m_fields.isEmpty()) {
        *error = QStringLiteral("name pattern \"%1\" has no {FIELD}").arg(pattern);
        return std::nullopt;
    }
    out.m_regex = QRegularExpression(regex + QLatin1Char('$'));
    return out;
}

std::optional<QMap<QString, QString>> NamePattern::match(const QString& path) const {
    const QString subject =
        m_matchesPath ? QString(path).replace(QLatin1Char('\\'), '/') : QFileInfo(path).fileName();
    const QRegularExpressionMatch found = m_regex.match(subject);
    if (!found.hasMatch())
        return std::nullopt;
    QMap<QString, QString> fields;
    for (int k = 0; k < m_fields.size(); ++k)
        fields.insert(m_fields[k], found.captured(k + 1) + m_units[k]);
    return fields;
}

NamePattern::Split NamePattern::split(const QStringList& paths) const {
    Split out;
    for (const QString& path : paths) {
        if (auto fields = match(path))
            out.matched.emplace_back(path, std::move(*fields));
        else
            out.unmatched << path;
    }
    return out;
}

} // namespace wb
