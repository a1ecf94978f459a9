#include "LatencyReport.h"

#include "model/ParseReport.h"
#include "parse/PingRuns.h"
#include "report/DatasetJson.h"

#include <QJsonArray>

#include <cmath>

namespace wb {

namespace {

// printf("%f") as Python prints it: glibc may write "-nan" where Python writes "nan".
QString fixed(double value) {
    return std::isnan(value) ? QStringLiteral("nan") : QString::asprintf("%f", value);
}

QString levelLabel(double level) {
    if (level == std::floor(level))
        return QString::asprintf("%3i", static_cast<int>(level));
    return QString::asprintf("%g", level);
}

// A run without bursts has no mean burst length; null says so where 0 would read as a length.
QJsonObject burstsJson(const LossStructure& loss) {
    return {{"count", static_cast<qint64>(loss.burstCount)},
            {"longest", static_cast<qint64>(loss.longestBurst)},
            {"mean_length",
             loss.burstCount > 0 ? DatasetJson::number(loss.meanBurstLength) : QJsonValue()}};
}

} // namespace

QString LatencyReport::levelName(double level) {
    return QString::number(level, 'g', 10);
}

bool LatencyReport::parseLevels(const QString& text, std::vector<double>* levels) {
    std::vector<double> parsed;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double level = part.trimmed().toDouble(&ok);
        if (!ok || !(level >= 0 && level <= 100))
            return false;
        parsed.push_back(level);
    }
    *levels = std::move(parsed);
    return true;
}

QString LatencyReport::levelsText(const std::vector<double>& levels) {
    QStringList parts;
    for (double level : levels)
        parts << levelName(level);
    return parts.join(QLatin1Char(','));
}

LatencyReport LatencyReport::of(const QString& file, const ParseReport& parseReport,
                                std::shared_ptr<const DatasetAnalysis> analysis) {
    const Dataset& dataset = *analysis->dataset;
    const LatencySeries& series = dataset.latency;
    const PingSummary& summary = series.summary;
    LatencyReport report;
    report.file = file;
    report.label = dataset.label;
    report.parseErrors = parseReport.parseErrors.count();
    report.rangeErrors = parseReport.rangeErrors.count();
    report.duplicates = summary.duplicates.value_or(series.duplicateCount());
    report.damaged = series.damagedCount();
    report.analysis = std::move(analysis);

    // The tool's own counts win; a log cut off before its summary gets counts derived from
    // what it shows (replies, and requests known to have gone unanswered).
    const bool countsKnown =
        summary.transmitted || !series.sequence.empty() || !series.lostSequence.empty();
    if (dataset.info.dialect != QLatin1String("qjump-compat") && countsKnown) {
        const auto replies = static_cast<std::int64_t>(series.size());
        report.received = summary.received.value_or(replies);
        report.transmitted = summary.transmitted.value_or(
            replies + static_cast<std::int64_t>(series.lostSequence.size()));
        // Loss is what was sent and not answered; the printed percent stands when its counts
        // give it (it carries the tool's rounding), never against them.
        if (summary.lossPercent &&
            lossPercentAgrees(*summary.lossPercent, *report.transmitted, *report.received))
            report.lossPercent = summary.lossPercent;
        else if (*report.transmitted > 0)
            report.lossPercent = 100.0 *
                                 static_cast<double>(*report.transmitted - *report.received) /
                                 static_cast<double>(*report.transmitted);
    }
    return report;
}

QString LatencyReport::artifactText(std::int64_t minimumSamples) const {
    const LatencySummary& stats = this->stats();
    QString out = QStringLiteral("Parse errors found: %1\nRange errors found: %2\n")
                      .arg(parseErrors)
                      .arg(rangeErrors);
    if (stats.count < minimumSamples) {
        out += QStringLiteral("Fatal Error! Not enough points (%1)\n").arg(stats.count);
        return out;
    }
    out += QStringLiteral("Total samples %1\n").arg(stats.count);
    for (std::size_t i = 0; i < stats.percentileLevels.size(); ++i)
        out += QStringLiteral("%1% - %2ms\n")
                   .arg(levelLabel(stats.percentileLevels[i]), fixed(stats.percentileValues[i]));
    out += QStringLiteral("Range = %1ms\n").arg(fixed(stats.range));
    return out;
}

QJsonObject LatencyReport::toJson() const {
    const LatencySummary& stats = this->stats();
    QJsonObject percentiles;
    for (std::size_t i = 0; i < stats.percentileLevels.size(); ++i)
        percentiles.insert(levelName(stats.percentileLevels[i]),
                           DatasetJson::number(stats.percentileValues[i]));
    const bool any = stats.count > 0;
    auto statistic = [any](double value) {
        return any ? DatasetJson::number(value) : QJsonValue();
    };
    QJsonObject out{{"file", file},
                    {"label", label},
                    {"tool", info().tool},
                    {"dialect", info().dialect},
                    {"target", info().target},
                    {"transmitted", DatasetJson::optional(transmitted)},
                    {"received", DatasetJson::optional(received)},
                    {"duplicates", static_cast<qint64>(duplicates)},
                    {"loss_percent", DatasetJson::optional(lossPercent)},
                    {"samples", static_cast<qint64>(stats.count)},
                    {"parse_errors", static_cast<qint64>(parseErrors)},
                    {"range_errors", static_cast<qint64>(rangeErrors)},
                    {"unit", "ms"},
                    {"min", statistic(stats.min)},
                    {"max", statistic(stats.max)},
                    {"mean", statistic(stats.mean)},
                    {"stddev", statistic(stats.stddev)},
                    {"range", statistic(stats.range)},
                    {"percentiles", percentiles},
                    {"loss_bursts", burstsJson(analysis->loss)},
                    {"reordered", static_cast<qint64>(analysis->loss.reordered)}};
    if (analysis->loss.lostUp) {
        out.insert(QStringLiteral("lost_up"), static_cast<qint64>(*analysis->loss.lostUp));
        out.insert(QStringLiteral("lost_down"), static_cast<qint64>(*analysis->loss.lostDown));
    }
    // Only where there were damaged replies, as few logs have any.
    if (damaged > 0)
        out.insert(QStringLiteral("damaged"), static_cast<qint64>(damaged));
    DatasetJson::insertParameters(&out, info().parameters);
    return out;
}

} // namespace wb
