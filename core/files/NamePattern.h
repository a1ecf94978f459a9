#pragma once

#include <QMap>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace wb {

// A file-name pattern that reads metadata fields from names: "udp-loss-{loss}pct-client.txt"
// gives loss = "0.125pct" for udp-loss-0.125pct-client.txt. `{NAME}` matches one or more
// characters (as few as possible), `*` any characters, everything else itself. A unit written
// in the pattern right after a field ("pct", "ms", "M": ConfiguredValue::unitPrefixLength)
// belongs to the field's value, so the value carries its unit. The pattern matches the whole
// file name (without folders) unless it contains '/', then the end of the path.
class NamePattern {
public:
    // nullopt with *error set when the pattern has no field, an empty or repeated field name,
    // or an unclosed brace.
    static std::optional<NamePattern> parse(const QString& pattern, QString* error);

    const QString& text() const { return m_text; }
    const QStringList& fields() const { return m_fields; }

    // The fields of a file that matches, field -> value; nullopt for one that does not.
    std::optional<QMap<QString, QString>> match(const QString& path) const;

    // Files split by whether they match, each list in the order given.
    struct Split {
        std::vector<std::pair<QString, QMap<QString, QString>>> matched; // path, fields
        QStringList unmatched;
    };
    Split split(const QStringList& paths) const;

private:
    QString m_text;
    QStringList m_fields;
    QStringList m_units; // per field, the unit the pattern writes after it ("" for none)
    QRegularExpression m_regex;
    bool m_matchesPath = false;
};

} // namespace wb
