#include "SweepPlotSource.h"

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

// The unit of one axis: its name for the title, and what one unit is in the table's values.
struct AxisUnit {
    QString name;
    double scale = 1; // table value / scale = plotted value
};

double largestOf(const SweepTable& table, bool configured) {
    double largest = 0;
    for (const SweepSeries& series : table.series)
        for (const SweepRow& row : series.rows) {
            const double value = configured ? row.configured.value : row.measured;
            if (std::isfinite(value))
                largest = std::max(largest, std::abs(value));
        }
    return largest;
}

AxisUnit unitOf(Quantity quantity, const QString& ownUnit, double largest) {
    if (quantity == Quantity::BitsPerSecond) {
        const SweepPlotSource::RateUnit unit = SweepPlotSource::rateUnitFor(largest);
        return {unit.name, unit.bits};
    }
    const QString name = wb::unitOf(quantity);
    return {name.isEmpty() ? ownUnit : name, 1};
}

QString titled(const QString& title, const QString& unit) {
    return unit.isEmpty() ? title : QStringLiteral("%1 (%2)").arg(title, unit);
}

QString number(double value) {
    return QString::number(value, 'g', 4);
}

// The error bars the rows support: every row's run-level CI, else a spread.
SweepPlotSource::ErrorBars barsFor(const SweepTable& table, SweepPlotSource::ErrorBars asked) {
    if (asked != SweepPlotSource::ErrorBars::Auto)
        return asked;
    bool anyRow = false;
    bool everyInterval = true;
    bool anySpread = false;
    for (const SweepSeries& series : table.series)
        for (const SweepRow& row : series.rows) {
            anyRow = true;
            everyInterval = everyInterval && row.runs.meanInterval.valid();
            anySpread = anySpread || row.sampleStddev || row.runs.runs >= 2;
        }
    return anyRow && everyInterval ? SweepPlotSource::ErrorBars::RunInterval
           : anySpread             ? SweepPlotSource::ErrorBars::Spread
                                   : SweepPlotSource::ErrorBars::None;
}

} // namespace

QString SweepPlotSource::noteOf(const SweepPlotData& data) {
    QStringList notes;
    if (data.sameQuantity && !data.empty())
        notes << tr("Dashed line: measured = configured.");
    if (!data.barsNote.isEmpty())
        notes << data.barsNote + QLatin1Char('.');
    return notes.join(QLatin1Char(' '));
}

SweepPlotSource::RateUnit SweepPlotSource::rateUnitFor(double largest) {
    if (largest >= 1e9)
        return {QStringLiteral("Gbit/s"), 1e9};
    if (largest >= 1e6)
        return {QStringLiteral("Mbit/s"), 1e6};
    return {QStringLiteral("kbit/s"), 1e3};
}

QString SweepPlotSource::nameOf(ErrorBars bars) {
    switch (bars) {
    case ErrorBars::Spread:
        return QStringLiteral("spread");
    case ErrorBars::RunInterval:
        return QStringLiteral("ci");
    case ErrorBars::None:
        return QStringLiteral("none");
    case ErrorBars::Auto:
        break;
    }
    return QStringLiteral("auto");
}

std::optional<SweepPlotSource::ErrorBars> SweepPlotSource::errorBarsNamed(const QString& name) {
    for (ErrorBars bars :
         {ErrorBars::Auto, ErrorBars::Spread, ErrorBars::RunInterval, ErrorBars::None})
        if (name == nameOf(bars))
            return bars;
    return std::nullopt;
}

SweepPlotData SweepPlotSource::of(const SweepTable& table, ErrorBars asked) {
    SweepPlotData data;
    data.sameQuantity = table.sameQuantity();
    const Quantity configuredQuantity = table.configuredQuantity();
    const Quantity measuredQuantity = table.metric.quantity;
    double largestConfigured = largestOf(table, true);
    double largestMeasured = largestOf(table, false);
    if (data.sameQuantity) // one unit on both axes: y = x compares like with like
        largestConfigured = largestMeasured = std::max(largestConfigured, largestMeasured);
    const AxisUnit x = unitOf(configuredQuantity, {}, largestConfigured);
    const AxisUnit y = unitOf(measuredQuantity, table.metric.unit, largestMeasured);
    data.configuredTitle = titled(tr("configured %1").arg(table.parameter), x.name);
    data.measuredTitle = titled(table.metric.title, y.name);
    data.measuredShortTitle = titled(tr("measured"), y.name);

    const ErrorBars bars = barsFor(table, asked);
    const bool ci = bars == ErrorBars::RunInterval;
    bool samplesSpread = false;
    int index = 0;
    for (const SweepSeries& series : table.series) {
        SweepPlotData::Series drawn;
        drawn.name = series.group;
        drawn.color = SeriesColor::palette(index++);
        for (const SweepRow& row : series.rows) {
            SweepPlotData::Point point;
            point.configured = row.configured.value / x.scale;
            point.measured = row.measured / y.scale;
            point.runs = static_cast<int>(row.runs.runs);
            point.configuredText = row.configured.display();
            point.measuredText = QStringLiteral("%1 %2").arg(number(point.measured), y.name);
            if (ci && row.runs.meanInterval.valid()) {
                point.low = row.runs.meanInterval.low / y.scale;
                point.high = row.runs.meanInterval.high / y.scale;
            } else if (bars == ErrorBars::Spread && (row.sampleStddev || row.runs.runs >= 2)) {
                // A mean's samples spread within the runs; other metrics' between the runs.
                const double spread = (row.sampleStddev ? *row.sampleStddev : row.runs.stddev);
                samplesSpread = samplesSpread || row.sampleStddev.has_value();
                point.low = point.measured - spread / y.scale;
                point.high = point.measured + spread / y.scale;
            }
            if (point.hasBar())
                point.measuredText +=
                    QStringLiteral(" [%1, %2]").arg(number(point.low), number(point.high));
            drawn.points.push_back(std::move(point));
        }
        data.series.push_back(std::move(drawn));
    }
    if (ci)
        data.barsNote = tr("Error bars: 95 % bootstrap CI of the mean over runs");
    else if (bars == ErrorBars::Spread)
        data.barsNote = samplesSpread ? tr("Error bars: ± 1 population stddev of the samples")
                                      : tr("Error bars: ± 1 stddev between runs");
    return data;
}

} // namespace wb
