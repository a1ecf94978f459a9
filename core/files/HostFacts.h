#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

namespace wb {

// What one side of a run (the client's host, the server's, or the machine Wirebench runs on)
// said about itself, read through the prefix that reaches it. Every fact is either known, with
// the value as the host printed it, or unknown, with the reason; a fact is never guessed.
struct HostFacts {
    // The facts every side records, in the order the sidecar lists them.
    static const QStringList& names();

    QStringList prefix; // how the side was reached; empty = the machine Wirebench runs on
    QString target;     // what routes were looked up toward (host name or address)
    QMap<QString, QString> values;  // fact -> value
    QMap<QString, QString> unknown; // fact -> why it could not be read

    bool isEmpty() const { return values.isEmpty() && unknown.isEmpty(); }
    QString value(const QString& fact) const { return values.value(fact); }
    void set(const QString& fact, const QString& value);
    // Records the reason unless the fact is known or already has one.
    void setUnknown(const QString& fact, const QString& why);
    // Every fact of names() that is neither known nor explained gets why.
    void explainMissing(const QString& why);

    QJsonObject toJson() const;
    static HostFacts fromJson(const QJsonObject& object);
};

} // namespace wb
