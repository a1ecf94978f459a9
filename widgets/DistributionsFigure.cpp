#include "DistributionsFigure.h"

#include "DatasetStore.h"
#include "DrawnRuns.h"
#include "PlotStyle.h"
#include "ViewSettingsLimits.h"

#include <QJsonValue>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

QString formatNumber(double value) {
    return QString::number(value, 'g', 4);
}

} // namespace

QJsonObject DistributionsFigure::Options::toSettings() const {
    QJsonObject settings{{"mode", mode == Mode::Box ? "box" : "histogram"},
                         {"bins", bins},
                         {"logY", logY},
                         {"whiskers", whiskers == BoxSummary::Whiskers::Tukey ? "tukey" : "p1p99"}};
    if (rangeMin)
        settings.insert(QStringLiteral("min"), *rangeMin);
    if (rangeMax)
        settings.insert(QStringLiteral("max"), *rangeMax);
    return settings;
}

DistributionsFigure::Options DistributionsFigure::Options::fromSettings(const QJsonObject& settings,
                                                                        const QString& key) {
    Options options;
    options.mode = settings.value(QStringLiteral("mode")).toString() == QLatin1String("box")
                       ? Mode::Box
                       : Mode::Histogram;
    options.bins =
        static_cast<int>(ViewSettingsLimits::number(settings, key, QStringLiteral("bins"), 25));
    options.logY = settings.value(QStringLiteral("logY")).toBool(false);
    options.whiskers =
        settings.value(QStringLiteral("whiskers")).toString() == QLatin1String("tukey")
            ? BoxSummary::Whiskers::Tukey
            : BoxSummary::Whiskers::Percentile1To99;
    auto optionalNumber = [&key, &settings](const char* name) -> std::optional<double> {
        const QString field = QLatin1String(name);
        return settings.value(field).isDouble()
                   ? std::optional<double>(ViewSettingsLimits::number(settings, key, field, 0))
                   : std::nullopt;
    };
    options.rangeMin = optionalNumber("min");
    options.rangeMax = optionalNumber("max");
    return options;
}

DistributionsFigure::DistributionsFigure(QCustomPlot* plot, std::function<bool()> legendMayMove)
    : m_plot(plot), m_legendMayMove(std::move(legendMayMove)) {
    PlotStyle::apply(m_plot);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    // Where the legend fits and how box labels break depend on the laid-out size, the
    // screen's or an export's.
    QObject::connect(m_plot, &QCustomPlot::afterLayout, m_plot, [this] {
        if (m_options.mode == Mode::Histogram)
            placeHistogramLegend();
        else
            m_boxLabels.fit(m_plot);
    });
}

const Histogram* DistributionsFigure::histogramOf(int datasetId) const {
    auto it = m_histograms.constFind(datasetId);
    return it == m_histograms.cend() ? nullptr : &*it;
}

const BoxSummary* DistributionsFigure::boxSummaryOf(int datasetId) const {
    auto it = m_summaries.constFind(datasetId);
    return it == m_summaries.cend() ? nullptr : &*it;
}

QString DistributionsFigure::exportName(Mode mode) {
    return mode == Mode::Histogram ? QStringLiteral("rtt-histogram")
                                   : QStringLiteral("rtt-boxplots");
}

QString DistributionsFigure::draw(const std::vector<const DatasetEntry*>& visible,
                                  const Options& options) {
    m_options = options;
    std::vector<const std::vector<double>*> samples;
    std::vector<const DatasetEntry*> withSamples;
    for (const DatasetEntry* e : visible) {
        samples.push_back(&e->analysis->sortedRttMs);
        if (!e->analysis->sortedRttMs.empty())
            withSamples.push_back(e);
    }
    m_range = LatencyDistributions::range(samples, options.rangeMin, options.rangeMax);
    const DrawnRuns runs = DrawnRuns::of(withSamples);
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_bars.clear();
    m_histograms.clear();
    m_boxes.clear();
    m_summaries.clear();
    updateAxes();
    if (options.mode == Mode::Histogram)
        drawHistograms(runs.drawn);
    else
        drawBoxes(runs.drawn);
    m_plot->replot();
    return runs.note;
}

void DistributionsFigure::updateAxes() {
    QCPAxis* x = m_plot->xAxis;
    QCPAxis* y = m_plot->yAxis;
    PlotStyle::setLogScale(y, m_options.logY);
    y->setNumberFormat(QStringLiteral("g"));
    x->setTickLabelRotation(0);
    x->setTickLabelFont(PlotStyle::axisFont()); // box labels may have made it smaller
    m_plot->axisRect()->setMinimumMargins(PlotStyle::minimumMargins());
    if (m_options.mode == Mode::Histogram) {
        m_boxLabels.dropNote(m_plot);
        x->setTicker(QSharedPointer<QCPAxisTicker>::create());
        x->setLabel(tr("RTT (ms)"));
        y->setLabel(m_options.rangeMin || m_options.rangeMax ? tr("samples in range (%)")
                                                             : tr("samples (%)"));
    } else {
        y->setLabel(tr("RTT (ms)"));
    }
}

void DistributionsFigure::drawHistograms(const std::vector<const DatasetEntry*>& entries) {
    const auto [lo, hi] = m_range;
    // Side by side in common bins: overlaid bars of runs hide each other.
    auto* group = new QCPBarsGroup(m_plot);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(0);
    double largest = 0, smallest = 0; // of the non-zero percentages, for the y range
    std::size_t shown = 0;
    for (const DatasetEntry* e : entries)
        shown += e->analysis->sortedRttMs.empty() ? 0 : 1;
    double binWidth = 1;
    std::vector<const std::vector<double>*> runs;
    for (const DatasetEntry* e : entries)
        runs.push_back(&e->analysis->sortedRttMs);
    std::vector<Histogram> histograms =
        LatencyDistributions::histograms(runs, m_options.bins, lo, hi);
    for (std::size_t run = 0; run < entries.size(); ++run) {
        const DatasetEntry* e = entries[run];
        Histogram& histogram = histograms[run];
        if (e->analysis->sortedRttMs.empty() || histogram.edges.size() < 2)
            continue;
        binWidth = histogram.edges[1] - histogram.edges[0];
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(e->label);
        const QColor color = PlotStyle::toColor(e->color);
        bars->setBrush(PlotStyle::translucent(color, 200));
        bars->setPen(QPen(color.darker(130), 0.8));
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(binWidth / static_cast<double>(shown));
        bars->setBarsGroup(group);
        QVector<double> keys, values;
        for (std::size_t bin = 0; bin < histogram.counts.size(); ++bin) {
            const double percent = histogram.percent(bin);
            if (m_options.logY && percent <= 0)
                continue; // nothing to draw, and 0 has no place on a log axis
            keys.append(0.5 * (histogram.edges[bin] + histogram.edges[bin + 1]));
            values.append(percent);
            if (percent > 0) {
                largest = std::max(largest, percent);
                smallest = smallest > 0 ? std::min(smallest, percent) : percent;
            }
        }
        bars->setData(keys, values, true);
        m_bars.insert(e->id, bars);
        m_histograms.insert(e->id, std::move(histogram));
    }
    m_plot->xAxis->setLabel(
        tr("RTT (ms) — %Ln bins of %1 ms", "", m_options.bins).arg(formatNumber(binWidth)));
    m_plot->xAxis->setRange(lo - 0.02 * (hi - lo), hi + 0.02 * (hi - lo));
    if (m_options.logY) {
        const double floor = smallest > 0 ? smallest / 2 : 0.01;
        for (QCPBars* bars : std::as_const(m_bars))
            bars->setBaseValue(floor); // bars grow from the bottom of the log axis
        m_plot->yAxis->setRange(floor, std::max(largest, floor) * 2);
    } else {
        m_plot->yAxis->setRange(0, largest > 0 ? largest * 1.08 : 1);
    }
    m_plot->legend->setVisible(!m_bars.isEmpty());
}

void DistributionsFigure::placeHistogramLegend() {
    // A corner at the top where no bar reaches, else above the plot: bars hidden behind the
    // legend would be read as absent.
    const std::vector<Qt::Alignment> corners{Qt::AlignTop | Qt::AlignRight,
                                             Qt::AlignTop | Qt::AlignLeft,
                                             Qt::AlignTop | Qt::AlignHCenter};
    PlotStyle::placeLegendClear(m_plot, corners, m_legendMayMove(), [this](const QRectF& box) {
        double hidden = 0;
        for (const QCPBars* bars : std::as_const(m_bars))
            hidden += bars->selectTestRect(box, false).dataPointCount();
        return hidden;
    });
}

void DistributionsFigure::drawBoxes(const std::vector<const DatasetEntry*>& entries) {
    double lo = 0, hi = 1;
    bool any = false;
    int key = 0;
    std::vector<CategoryAxisLabels::Category> categories;
    for (const DatasetEntry* e : entries) {
        const std::vector<double>& sorted = e->analysis->sortedRttMs;
        ++key;
        LatencyDistributions::Box drawn = LatencyDistributions::box(sorted, m_options.whiskers);
        const BoxSummary& summary = drawn.summary;
        auto* box = new QCPStatisticalBox(m_plot->xAxis, m_plot->yAxis);
        box->setName(e->label);
        box->removeFromLegend(); // the x axis names every run
        const QColor color = PlotStyle::toColor(e->color);
        box->setBrush(PlotStyle::translucent(color, 70));
        box->setPen(QPen(color.darker(120), 1.2));
        box->setMedianPen(QPen(color.darker(150), 2.5));
        box->setWhiskerPen(QPen(color.darker(120), 1.0, Qt::SolidLine));
        box->setWhiskerBarPen(QPen(color.darker(120), 1.2));
        box->setWidth(0.55);
        box->setWhiskerWidth(0.3);
        box->setOutlierStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, PlotStyle::translucent(color, 110), 3.5));
        box->addData(key, summary.lowerWhisker, summary.q1, summary.median, summary.q3,
                     summary.upperWhisker,
                     QVector<double>(drawn.outlierMarks.begin(), drawn.outlierMarks.end()));
        const double bottom =
            m_options.logY ? std::max(summary.min, summary.q1 * 1e-3) : summary.min;
        if (!m_options.logY || bottom > 0) {
            lo = any ? std::min(lo, bottom) : bottom;
            hi = any ? std::max(hi, summary.max) : summary.max;
            any = true;
        }
        categories.push_back({e->label,
                              tr("%L1 outside (%2 %)")
                                  .arg(summary.outliers())
                                  .arg(100.0 * static_cast<double>(summary.outliers()) /
                                           static_cast<double>(summary.count),
                                       0, 'f', 1),
                              tr("(%L1 out)").arg(summary.outliers())});
        m_boxes.insert(e->id, box);
        m_summaries.insert(e->id, summary);
    }
    m_boxLabels.setCategories(std::move(categories));
    m_boxLabels.setTitleMayBeNote(true); // the legend names no runs: the x axis does
    const bool tukey = m_options.whiskers == BoxSummary::Whiskers::Tukey;
    const QString title =
        tukey ? tr("box p25–p75 with median; whiskers at the furthest samples within 1.5 IQR")
              : tr("box p25–p75 with median; whiskers at p1 and p99");
    m_plot->xAxis->setLabel(title);
    // In a column-wide figure the title keeps to one line, leaving the run names another.
    m_boxLabels.setTitle(title, tukey ? tr("box p25–p75, median; whiskers within 1.5 IQR")
                                      : tr("box p25–p75, median; whiskers p1, p99"));
    m_plot->xAxis->setRange(0.4, key + 0.6);
    if (!any)
        m_plot->yAxis->setRange(m_options.logY ? QCPRange(0.01, 100) : QCPRange(0, 1));
    else if (m_options.logY)
        m_plot->yAxis->setRange(lo / 1.3, hi * 1.3);
    else
        m_plot->yAxis->setRange(std::max(0.0, lo - 0.04 * (hi - lo)), hi + 0.04 * (hi - lo));
    // The x axis names every run; the legend holds the title where the axis is too short
    // for it (m_boxLabels), above the boxes when no corner is free.
    m_plot->legend->setVisible(false);
    PlotStyle::placeLegendInside(m_plot, Qt::AlignTop | Qt::AlignRight); // no rows above
    PlotStyle::letLegendRaiseTop(m_plot->yAxis);
}

} // namespace wb
