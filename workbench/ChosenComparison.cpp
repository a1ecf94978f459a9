#include "ChosenComparison.h"

namespace wb {

const QString& ChosenComparison::settingsKey() {
    static const QString key = QStringLiteral("wb::CompareView");
    return key;
}

QJsonArray ChosenComparison::toJson(const std::vector<ChosenComparison>& chosen) {
    QJsonArray array;
    for (const ChosenComparison& pair : chosen)
        array.append(QJsonObject{{"a", pair.a}, {"b", pair.b}, {"groups", pair.groups}});
    return array;
}

std::vector<ChosenComparison> ChosenComparison::fromSettings(const QJsonObject& settings) {
    std::vector<ChosenComparison> chosen;
    for (const QJsonValue& value : settings.value(QStringLiteral("chosen")).toArray()) {
        const QJsonObject pair = value.toObject();
        ChosenComparison comparison{pair.value(QStringLiteral("a")).toString(),
                                    pair.value(QStringLiteral("b")).toString(),
                                    pair.value(QStringLiteral("groups")).toBool()};
        if (!comparison.a.isEmpty() && !comparison.b.isEmpty())
            chosen.push_back(comparison);
    }
    return chosen;
}

std::vector<ChosenComparison>
ChosenComparison::fromViewSettings(const QMap<QString, QJsonObject>& viewSettings) {
    return fromSettings(viewSettings.value(settingsKey()));
}

} // namespace wb
