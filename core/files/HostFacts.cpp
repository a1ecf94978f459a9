#include "files/HostFacts.h"

#include "report/DatasetJson.h"

#include <QJsonArray>

namespace wb {

const QStringList& HostFacts::names() {
    static const QStringList facts{QStringLiteral("host_name"),
                                   QStringLiteral("kernel"),
                                   QStringLiteral("congestion_control"),
                                   QStringLiteral("available_congestion_control"),
                                   QStringLiteral("target_address"),
                                   QStringLiteral("interface"),
                                   QStringLiteral("source_address"),
                                   QStringLiteral("qdisc"),
                                   QStringLiteral("mtu"),
                                   QStringLiteral("tool_version")};
    return facts;
}

void HostFacts::set(const QString& fact, const QString& value) {
    values.insert(fact, value);
    unknown.remove(fact);
}

void HostFacts::setUnknown(const QString& fact, const QString& why) {
    if (!values.contains(fact) && !unknown.contains(fact))
        unknown.insert(fact, why);
}

void HostFacts::explainMissing(const QString& why) {
    for (const QString& fact : names())
        setUnknown(fact, why);
}

QJsonObject HostFacts::toJson() const {
    QJsonObject out{{"prefix", QJsonArray::fromStringList(prefix)}};
    if (!target.isEmpty())
        out.insert(QStringLiteral("target"), target);
    for (auto it = values.begin(); it != values.end(); ++it)
        out.insert(it.key(), it.value());
    if (!unknown.isEmpty())
        out.insert(QStringLiteral("unknown"), DatasetJson::object(unknown));
    return out;
}

HostFacts HostFacts::fromJson(const QJsonObject& object) {
    HostFacts facts;
    for (const QJsonValue& word : object.value(QLatin1String("prefix")).toArray())
        facts.prefix << word.toString();
    facts.target = object.value(QLatin1String("target")).toString();
    // Facts a later Wirebench records come back too: every string member but the above.
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.value().isString() && it.key() != QLatin1String("target"))
            facts.values.insert(it.key(), it.value().toString());
    }
    const QJsonObject reasons = object.value(QLatin1String("unknown")).toObject();
    for (auto it = reasons.begin(); it != reasons.end(); ++it)
        facts.unknown.insert(it.key(), it.value().toString());
    return facts;
}

} // namespace wb
