#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

namespace wb {

// The ranges of what the views and the report read from saved view settings (a workspace's
// "views", keyed by WorkbenchView::settingsKey()): the ranges their controls offer. A
// workspace is a file someone may have sent; a bin count of two billion would have the
// histogram allocate gigabytes, and a font family of megabytes would be repeated in every
// text of every figure. The views read their numbers through number() and the report's
// callers warn of what clamp() changed.
class ViewSettingsLimits {
public:
    static constexpr int kMaxHistogramBins = 10000;
    static constexpr int kMaxBandWindowReplies = 10'000'000;
    static constexpr double kMaxTimelineIntervalSeconds = 3600;
    // A histogram's chosen range, in ms: far beyond any round-trip time, and hi - lo stays finite.
    static constexpr double kMaxHistogramRangeMs = 1e9;
    static constexpr double kMinFontSize = 4; // points, as the export dialog and --font-size
    static constexpr double kMaxFontSize = 72;
    static constexpr int kMaxLevels = 100;           // percentile columns, CDF markers
    static constexpr int kMaxFontFamilyLength = 200; // characters; real families are short

    // Setting `key` of the settings of view `view` (its settingsKey(), or "figures"): a number
    // clamped to its range, or fallback when the setting is absent or not a number.
    static double number(const QJsonObject& settings, const QString& view, const QString& key,
                         double fallback);
    // The percentile levels of a list setting (CDF markers, percentile columns): the numbers
    // from 0 to 100, at most kMaxLevels of them.
    static std::vector<double> levels(const QJsonObject& settings, const QString& key);

    // Brings every bounded setting of every view into its range in place; one sentence for
    // each value changed or left out ("wb::DistributionsView.bins: 2000000000 is beyond 1 to
    // 10000; 10000 is used"), for the caller to show as a warning.
    static QStringList clamp(QMap<QString, QJsonObject>* viewSettings);
};

} // namespace wb
