#include "ViewSettingsLimits.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

struct NumberLimit {
    const char* view;
    const char* key;
    double minimum;
    double maximum;
    bool whole;
};

using Limits = ViewSettingsLimits;

// clang-format off
const NumberLimit kNumbers[] = {
    {"wb::DistributionsView", "bins", 1, Limits::kMaxHistogramBins, true},
    {"wb::DistributionsView", "min", -Limits::kMaxHistogramRangeMs, Limits::kMaxHistogramRangeMs, false},
    {"wb::DistributionsView", "max", -Limits::kMaxHistogramRangeMs, Limits::kMaxHistogramRangeMs, false},
    {"wb::BandsView", "windowReplies", 0, Limits::kMaxBandWindowReplies, true},
    {"wb::TimelineView", "interval", 0, Limits::kMaxTimelineIntervalSeconds, false},
    {"figures", "fontSize", Limits::kMinFontSize, Limits::kMaxFontSize, false},
};
const std::pair<const char*, const char*> kLevelLists[] = {
    {"wb::PercentileView", "levels"},
    {"wb::CdfView", "markers"},
};
// clang-format on

const NumberLimit* limitOf(const QString& view, const QString& key) {
    for (const NumberLimit& limit : kNumbers)
        if (view == QLatin1String(limit.view) && key == QLatin1String(limit.key))
            return &limit;
    return nullptr;
}

double bounded(const NumberLimit& limit, double value) {
    const double clamped = std::clamp(value, limit.minimum, limit.maximum);
    return limit.whole ? std::round(clamped) : clamped;
}

bool isLevel(const QJsonValue& value) {
    return value.isDouble() && value.toDouble() >= 0 && value.toDouble() <= 100;
}

QString shown(double value) {
    return QString::number(value, 'g', 12);
}

} // namespace

double ViewSettingsLimits::number(const QJsonObject& settings, const QString& view,
                                  const QString& key, double fallback) {
    const QJsonValue value = settings.value(key);
    if (!value.isDouble())
        return fallback;
    const NumberLimit* limit = limitOf(view, key);
    return limit ? bounded(*limit, value.toDouble()) : value.toDouble();
}

std::vector<double> ViewSettingsLimits::levels(const QJsonObject& settings, const QString& key) {
    std::vector<double> out;
    for (const QJsonValue& level : settings.value(key).toArray()) {
        if (out.size() >= static_cast<std::size_t>(kMaxLevels))
            break;
        if (isLevel(level))
            out.push_back(level.toDouble());
    }
    return out;
}

QStringList ViewSettingsLimits::clamp(QMap<QString, QJsonObject>* viewSettings) {
    QStringList warnings;
    for (const NumberLimit& limit : kNumbers) {
        const QString view = QLatin1String(limit.view);
        if (!viewSettings->contains(view))
            continue;
        QJsonObject& settings = (*viewSettings)[view];
        const QJsonValue value = settings.value(QLatin1String(limit.key));
        if (!value.isDouble())
            continue;
        const double now = bounded(limit, value.toDouble());
        if (now == value.toDouble())
            continue;
        warnings << QStringLiteral("%1.%2: %3 is not %4 from %5 to %6; %7 is used")
                        .arg(view, QLatin1String(limit.key), shown(value.toDouble()),
                             limit.whole ? QStringLiteral("a whole number")
                                         : QStringLiteral("a number"),
                             shown(limit.minimum), shown(limit.maximum), shown(now));
        settings.insert(QLatin1String(limit.key), now);
    }
    for (const auto& [viewName, key] : kLevelLists) {
        const QString view = QLatin1String(viewName);
        if (!viewSettings->contains(view))
            continue;
        QJsonObject& settings = (*viewSettings)[view];
        const QJsonArray given = settings.value(QLatin1String(key)).toArray();
        const std::vector<double> kept = levels(settings, QLatin1String(key));
        if (static_cast<qsizetype>(kept.size()) == given.size())
            continue;
        warnings << QStringLiteral("%1.%2: %3 of its %4 values left out (at most %5 "
                                   "percentiles from 0 to 100 are used)")
                        .arg(view, QLatin1String(key))
                        .arg(given.size() - static_cast<qsizetype>(kept.size()))
                        .arg(given.size())
                        .arg(kMaxLevels);
        QJsonArray array;
        for (double level : kept)
            array.append(level);
        settings.insert(QLatin1String(key), array);
    }
    const QString figures = QStringLiteral("figures");
    if (viewSettings->contains(figures)) {
        QJsonObject& settings = (*viewSettings)[figures];
        const QString family = settings.value(QLatin1String("fontFamily")).toString();
        if (family.size() > kMaxFontFamilyLength) {
            warnings << QStringLiteral("figures.fontFamily: %1 characters are no font family "
                                       "(at most %2); the plots' own is used")
                            .arg(family.size())
                            .arg(kMaxFontFamilyLength);
            settings.remove(QLatin1String("fontFamily"));
        }
    }
    return warnings;
}

} // namespace wb
