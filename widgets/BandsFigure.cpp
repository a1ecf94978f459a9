#include "BandsFigure.h"

#include "DatasetStore.h"
#include "PlotStyle.h"
#include "ViewSettingsLimits.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

// Steps of 1, 2 or 5 times a power of ten, never 2.5: the RTT axis' labels keep a digit fewer
// ("0.05" rather than "0.025"), and the data the width it saves.
class OneTwoFiveTicker : public QCPAxisTicker {
protected:
    double getTickStep(const QCPRange& range) override {
        const double exact = range.size() / (tickCount() + 1e-10);
        const double magnitude = std::pow(10.0, std::floor(std::log10(exact)));
        for (double mantissa : {1.0, 2.0, 5.0})
            if (exact <= mantissa * magnitude * (1 + 1e-9))
                return mantissa * magnitude;
        return 10 * magnitude;
    }
};

// The x axis' ticks with no number where it would stick out past the rect's right edge: the
// run's last sequence number or second is often a round tick at the very edge, and its half
// label would cost the data that much width of margin. The ticks before it give the scale.
class EdgeClearTicker : public QCPAxisTicker {
public:
    explicit EdgeClearTicker(const QCPAxis* axis) : m_axis(axis) {}

protected:
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale& locale,
                                       QChar formatChar, int precision) override {
        QVector<QString> labels =
            QCPAxisTicker::createLabelVector(ticks, locale, formatChar, precision);
        const double right = m_axis->axisRect()->rect().right();
        for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
            const double half = PlotStyle::widestLine(labels[i], m_axis->tickLabelFont()) / 2;
            if (m_axis->coordToPixel(ticks[i]) + half > right)
                labels[i].clear();
        }
        return labels;
    }

private:
    const QCPAxis* m_axis;
};

// SmokePing draws its smoke grey so the loss colours of the median stand out.
const QColor kOuterBand(0, 0, 0, 28);
const QColor kInnerBand(0, 0, 0, 70);

// The legend's name of a loss class; the first names the run too (a figure shows one run).
QString lossClassName(BandsFigure::LossClass lossClass, const QString& run) {
    const QString names[] = {BandsFigure::tr("median of %1, loss 0 %").arg(run),
                             BandsFigure::tr("loss < 1 %"), BandsFigure::tr("loss < 5 %"),
                             BandsFigure::tr("loss ≥ 5 %")};
    return names[static_cast<int>(lossClass)];
}

} // namespace

BandsFigure::BandsFigure(QCustomPlot* plot) : m_plot(plot) {
    PlotStyle::apply(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // The legend goes where LegendLayout puts every plot's: the bands fill the rect, so mostly
    // under it, band shades and loss colours left to right like SmokePing's legend.
    // Only the horizontal axis zooms: the y range follows the data shown.
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->xAxis->setTicker(QSharedPointer<EdgeClearTicker>::create(m_plot->xAxis));
}

BandsFigure::Options BandsFigure::Options::fromSettings(const QJsonObject& settings,
                                                        const QString& key, Options options) {
    options.windowReplies = static_cast<int>(
        ViewSettingsLimits::number(settings, key, QStringLiteral("windowReplies"), 0));
    options.logY = settings.value(QStringLiteral("logY")).toBool(options.logY);
    if (settings.value(QStringLiteral("all")).toBool(false))
        options.shown = kAllDatasets;
    return options;
}

int BandsFigure::draw(const DatasetStore& store, Options options) {
    const std::vector<const DatasetEntry*> visible = store.visibleLatency();
    if (options.shown != kAllDatasets &&
        std::none_of(visible.begin(), visible.end(),
                     [&options](auto* e) { return e->id == options.shown; }))
        options.shown = visible.empty() ? 0 : visible.front()->id;
    m_store = &store;
    m_options = options;
    m_plot->yAxis->setLabel(tr("RTT (ms)"));
    PlotStyle::setLogScale(m_plot->yAxis, m_options.logY);
    if (!m_options.logY)
        m_plot->yAxis->setTicker(QSharedPointer<OneTwoFiveTicker>::create());
    m_plot->yAxis->setNumberFormat(QStringLiteral("g"));
    resetRanges();
    return options.shown;
}

void BandsFigure::setWindowReplies(int replies) {
    m_options.windowReplies = std::max(replies, 0);
    recompute();
    m_plot->replot();
}

std::vector<const DatasetEntry*> BandsFigure::shownEntries() {
    std::vector<const DatasetEntry*> entries;
    for (const DatasetEntry* e : m_store->visibleLatency())
        if (!e->dataset().latency.rttMs.empty() &&
            (m_options.shown == kAllDatasets || e->id == m_options.shown))
            entries.push_back(e);
    m_seconds = !entries.empty() && std::all_of(entries.begin(), entries.end(), [](auto* e) {
        return e->dataset().latency.hasTimestamps();
    });
    return entries;
}

void BandsFigure::resetRanges() {
    double lo = 0, hi = 1;
    bool any = false;
    for (const DatasetEntry* e : shownEntries()) {
        const LatencySeries& s = e->dataset().latency;
        double first = 0, last = static_cast<double>(s.size() - 1);
        if (m_seconds) {
            last = s.timestamps.back() - s.timestamps.front();
        } else if (s.sequence.size() == s.size()) {
            first = static_cast<double>(s.sequence.front());
            last = static_cast<double>(s.sequence.back());
        }
        lo = any ? std::min(lo, first) : first;
        hi = any ? std::max(hi, last) : last;
        any = true;
    }
    if (hi <= lo)
        hi = lo + 1;
    {
        const QSignalBlocker block(m_plot->xAxis); // recompute once below, not on the signal
        m_plot->xAxis->setRange(lo, hi);
    }
    recompute();
    m_plot->replot();
}

void BandsFigure::recompute() {
    m_plot->clearGraphs();
    m_drawn.clear();
    const std::vector<const DatasetEntry*> entries = shownEntries();
    for (const DatasetEntry* e : entries)
        drawBands(*e, entries.size() == 1 && m_options.shown != kAllDatasets);

    // The y range follows the windows shown, padded; only x is zoomed by the user.
    const bool all = m_options.shown == kAllDatasets;
    double lo = 0, hi = 0;
    bool any = false;
    for (const Drawn& drawn : std::as_const(m_drawn))
        for (const PercentileWindow& w : drawn.bands.windows) {
            const double bottom = all ? w.p5 : w.p1;
            const double top = all ? w.p95 : w.p99;
            if (std::isnan(bottom) || (m_options.logY && bottom <= 0))
                continue;
            lo = any ? std::min(lo, bottom) : bottom;
            hi = any ? std::max(hi, top) : top;
            any = true;
        }
    if (!any)
        m_plot->yAxis->setRange(m_options.logY ? QCPRange(0.01, 100) : QCPRange(0, 1));
    else if (m_options.logY)
        m_plot->yAxis->setRange(lo / 1.25, hi * 1.25);
    else
        m_plot->yAxis->setRange(std::max(0.0, lo - 0.05 * (hi - lo)), hi + 0.05 * (hi - lo));
    // The bands fill the plot's width: the legend sits above them.
    PlotStyle::letLegendRaiseTop(m_plot->yAxis);

    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
    // The window size is part of what the figure means, so the axis says it.
    const QString axis =
        m_seconds ? tr("time since the first reply (s)") : tr("ICMP sequence number");
    const std::size_t window = m_drawn.isEmpty() ? 0 : m_drawn.first().bands.window;
    const int replies = static_cast<int>(window);
    m_plot->xAxis->setLabel(
        window == 0 ? axis
                    : tr("%1 — percentiles per window of %Ln replies", "", replies).arg(axis));
    // One line where a paper column's axis is too short for the whole title.
    PlotStyle::setShortTitle(m_plot->xAxis,
                             window == 0 ? QString()
                                         : tr("%1; windows of %Ln replies", "", replies).arg(axis));
}

void BandsFigure::drawBands(const DatasetEntry& entry, bool alone) {
    const QCPRange range = m_plot->xAxis->range();
    Drawn drawn;
    drawn.bands =
        WindowedPercentiles::bandsIn(entry.dataset().latency, m_seconds, range.lower, range.upper,
                                     static_cast<std::size_t>(m_options.windowReplies));
    auto addCurve = [&](Curve curve, double PercentileWindow::*field) {
        QCPGraph* graph = m_plot->addGraph();
        QVector<QCPGraphData> data;
        data.reserve(static_cast<int>(drawn.bands.windows.size()));
        for (const PercentileWindow& w : drawn.bands.windows)
            data.append(QCPGraphData(xOf(w), w.*field));
        graph->data()->set(data, true);
        graph->removeFromLegend();
        graph->setPen(Qt::NoPen);
        graph->setSelectable(QCP::stNone);
        drawn.graphs.insert(curve, graph);
        return graph;
    };
    // Band edges first, the median last so it is drawn on top.
    if (alone) {
        QCPGraph* p99 = addCurve(Curve::P99, &PercentileWindow::p99);
        QCPGraph* p1 = addCurve(Curve::P1, &PercentileWindow::p1);
        p1->setBrush(kOuterBand);
        p1->setChannelFillGraph(p99);
        p1->setName(tr("p1–p99"));
        p1->addToLegend();
    }
    QCPGraph* p95 = addCurve(Curve::P95, &PercentileWindow::p95);
    QCPGraph* p5 = addCurve(Curve::P5, &PercentileWindow::p5);
    p5->setBrush(alone ? kInnerBand : PlotStyle::translucent(PlotStyle::toColor(entry.color), 60));
    p5->setChannelFillGraph(p95);
    if (alone) {
        p5->setName(tr("p5–p95"));
        p5->addToLegend();
    }
    QCPGraph* median = addCurve(Curve::Median, &PercentileWindow::p50);
    const std::vector<PercentileWindow>& windows = drawn.bands.windows;
    const bool lossKnown = !windows.empty() && !std::isnan(windows.front().lossPercent);
    median->setPen(
        QPen(alone ? QColor(Qt::black) : PlotStyle::toColor(entry.color), PlotStyle::lineWidth()));
    median->setName(alone ? tr("median of %1").arg(entry.label) : entry.label);
    if (alone && lossKnown)
        median->setPen(Qt::NoPen); // the loss-coloured segments draw it
    else
        median->addToLegend();
    const Drawn& kept = *m_drawn.insert(entry.id, std::move(drawn));
    if (alone && lossKnown)
        addLossSegments(entry, kept.bands);
}

void BandsFigure::addLossSegments(const DatasetEntry& entry, const PercentileBands& bands) {
    // One graph per loss class; the segment from window i to i+1 takes window i's colour and
    // a NaN point breaks the line where another class takes over.
    const std::vector<PercentileWindow>& windows = bands.windows;
    for (LossClass lossClass :
         {LossClass::None, LossClass::Below1, LossClass::Below5, LossClass::AtLeast5}) {
        QCPGraph* graph = m_plot->addGraph();
        graph->setPen(QPen(lossColor(lossClass), PlotStyle::lineWidth(1.2)));
        graph->setName(lossClassName(lossClass, entry.label));
        graph->setSelectable(QCP::stNone);
        QVector<QCPGraphData> data;
        std::size_t lastAdded = static_cast<std::size_t>(-1);
        for (std::size_t i = 0; i < windows.size(); ++i) {
            const double x = xOf(windows[i]);
            if (lossClassOf(windows[i].lossPercent) != lossClass) {
                if (lastAdded + 1 == i) // the line ends here
                    data.append(QCPGraphData(x + 1e-9 * std::max(1.0, std::abs(x)), std::nan("")));
                continue;
            }
            if (lastAdded != i)
                data.append(QCPGraphData(x, windows[i].p50));
            // A lone last window still gets a visible mark: a short flat segment.
            const double nextX =
                i + 1 < windows.size() ? xOf(windows[i + 1]) : x + 0.5 * bands.window;
            const double nextY = i + 1 < windows.size() ? windows[i + 1].p50 : windows[i].p50;
            data.append(QCPGraphData(nextX, nextY));
            lastAdded = i + 1;
        }
        graph->data()->set(data, false);
        // Only the classes drawn are named: a colour the figure does not show explains nothing.
        if (lastAdded == static_cast<std::size_t>(-1))
            graph->removeFromLegend();
    }
}

QCPGraph* BandsFigure::graphOf(int datasetId, Curve curve) const {
    auto it = m_drawn.constFind(datasetId);
    return it == m_drawn.cend() ? nullptr : it->graphs.value(curve, nullptr);
}

const PercentileBands& BandsFigure::bandsOf(int datasetId) const {
    static const PercentileBands none;
    auto it = m_drawn.constFind(datasetId);
    return it == m_drawn.cend() ? none : it->bands;
}

BandsFigure::LossClass BandsFigure::lossClassOf(double lossPercent) {
    if (!(lossPercent > 0))
        return LossClass::None;
    if (lossPercent < 1)
        return LossClass::Below1;
    return lossPercent < 5 ? LossClass::Below5 : LossClass::AtLeast5;
}

QColor BandsFigure::lossColor(LossClass lossClass) {
    // Okabe–Ito green, blue, orange and vermilion: ordered, and apart for colour-blind readers.
    static const QColor colors[] = {{0, 158, 115}, {0, 114, 178}, {230, 159, 0}, {213, 94, 0}};
    return colors[static_cast<int>(lossClass)];
}

} // namespace wb
