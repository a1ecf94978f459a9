#include "BandsView.h"

#include "DatasetStore.h"
#include "PlotStyle.h"
#include "ToolBarToggle.h"
#include "ViewSettingsLimits.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QTimer>
#include <QToolBar>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

constexpr std::size_t kAutoWindows = 200; // enough to see structure, few enough to read bands

// SmokePing draws its smoke grey so the loss colours of the median stand out.
const QColor kOuterBand(0, 0, 0, 28);
const QColor kInnerBand(0, 0, 0, 70);

// Replies whose x lies in [lo, hi]: x grows with the reply index (up to reordering, which
// moves a window boundary by a reply or two at most).
std::pair<std::size_t, std::size_t> repliesIn(const LatencySeries& series, bool seconds, double lo,
                                              double hi) {
    const std::size_t n = series.size();
    auto xAt = [&](std::size_t i) {
        if (seconds)
            return series.timestamps[i] - series.timestamps.front();
        return series.sequence.size() == n ? static_cast<double>(series.sequence[i])
                                           : static_cast<double>(i);
    };
    std::size_t begin = 0, end = n;
    // Binary searches by hand: partition_point needs iterators over an index range.
    for (std::size_t count = n; count > 0;) {
        const std::size_t half = count / 2;
        if (xAt(begin + half) < lo) {
            begin += half + 1;
            count -= half + 1;
        } else {
            count = half;
        }
    }
    std::size_t first = begin;
    for (std::size_t count = n - first; count > 0;) {
        const std::size_t half = count / 2;
        if (xAt(first + half) <= hi) {
            first += half + 1;
            count -= half + 1;
        } else {
            count = half;
        }
    }
    end = first;
    return {begin, end};
}

// The legend's name of a loss class; the first names the run too (a figure shows one run).
QString lossClassName(BandsView::LossClass lossClass, const QString& run) {
    switch (lossClass) {
    case BandsView::LossClass::None:
        return BandsView::tr("median of %1, loss 0 %").arg(run);
    case BandsView::LossClass::Below1:
        return BandsView::tr("loss < 1 %");
    case BandsView::LossClass::Below5:
        return BandsView::tr("loss < 5 %");
    case BandsView::LossClass::AtLeast5:
        return BandsView::tr("loss ≥ 5 %");
    }
    return {};
}

} // namespace

BandsView::BandsView(DatasetStore* store, QWidget* parent)
    : WorkbenchView(store, parent), m_plot(new QCustomPlot(this)) {
    m_recomputeTimer = coalescingTimer([this] {
        recompute();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    buildToolBar(layOutPlot(m_plot));

    PlotStyle::apply(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // The legend goes where LegendLayout puts every plot's: the bands fill the rect, so mostly
    // under it, band shades and loss colours left to right like SmokePing's legend. While
    // the user pans, it keeps its side (watchNavigation).
    // Only the horizontal axis zooms: the y range follows the data shown.
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);

    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &BandsView::scheduleRecompute);

    followStore(this, &BandsView::rebuild);
    rebuild();
}

// A focused spin box emits editingFinished while ~QWidget deletes it, when this view's
// members are already gone; it must not reach our slots then.
BandsView::~BandsView() {
    m_windowSpin->disconnect(this);
}

QString BandsView::title() const {
    return tr("Percentile bands");
}

QString BandsView::exportName() const {
    return QStringLiteral("rtt-bands");
}

void BandsView::buildToolBar(QToolBar* bar) {
    m_datasetCombo = new QComboBox(bar);
    m_datasetCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_datasetCombo->setToolTip(tr("The run whose bands are drawn, or all runs overlaid"));
    connect(m_datasetCombo, qOverload<int>(&QComboBox::activated), this,
            [this](int index) { setShownDataset(m_datasetCombo->itemData(index).toInt()); });
    bar->addWidget(m_datasetCombo);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr("window (replies) "), bar));
    m_windowSpin = new QSpinBox(bar);
    m_windowSpin->setRange(0, ViewSettingsLimits::kMaxBandWindowReplies);
    m_windowSpin->setSpecialValueText(tr("auto"));
    m_windowSpin->setToolTip(
        tr("Replies per window; auto gives about %1 windows across the visible range")
            .arg(kAutoWindows));
    connect(m_windowSpin, &QSpinBox::editingFinished, this,
            [this] { setWindowReplies(m_windowSpin->value()); });
    bar->addWidget(m_windowSpin);
    bar->addSeparator();
    m_logYAction = ToolBarToggle::add(bar, tr("Log y"), this, [this](bool on) { setLogY(on); });
    m_logYAction->setToolTip(tr("Logarithmic RTT axis: quiet and loaded periods side by side"));
    bar->addSeparator();
    addResetAction(bar, tr("Show the whole run again"));
}

void BandsView::setWindowReplies(int replies) {
    m_windowReplies = std::max(replies, 0);
    syncControls();
    recompute();
    m_plot->replot();
}

void BandsView::setLogY(bool on) {
    m_logY = on;
    updateAxes();
    resetView();
}

void BandsView::setShownDataset(int datasetId) {
    m_shown = datasetId;
    rebuild();
}

QJsonObject BandsView::saveSettings() const {
    return {{"windowReplies", m_windowReplies}, {"logY", m_logY}, {"all", m_shown == kAllDatasets}};
}

void BandsView::restoreSettings(const QJsonObject& settings) {
    m_windowReplies = static_cast<int>(
        ViewSettingsLimits::number(settings, settingsKey(), QStringLiteral("windowReplies"), 0));
    m_logY = settings.value(QStringLiteral("logY")).toBool(m_logY);
    // Dataset ids are per session; only "all datasets" survives a workspace round trip.
    if (settings.value(QStringLiteral("all")).toBool(false))
        m_shown = kAllDatasets;
    updateAxes();
    rebuild();
}

void BandsView::syncControls() {
    const QSignalBlocker blockSpin(m_windowSpin), blockLog(m_logYAction);
    m_windowSpin->setValue(m_windowReplies);
    m_logYAction->setChecked(m_logY);
}

std::vector<const DatasetEntry*> BandsView::shownEntries() const {
    std::vector<const DatasetEntry*> entries;
    for (const DatasetEntry* e : store()->visibleLatency())
        if (!e->dataset().latency.rttMs.empty() && (m_shown == kAllDatasets || e->id == m_shown))
            entries.push_back(e);
    return entries;
}

bool BandsView::useSeconds() const {
    const std::vector<const DatasetEntry*> entries = shownEntries();
    return !entries.empty() &&
           std::all_of(entries.begin(), entries.end(),
                       [](const DatasetEntry* e) { return e->dataset().latency.hasTimestamps(); });
}

double BandsView::xOf(const PercentileWindow& window) const {
    return useSeconds() ? window.timeCentre : window.sequenceCentre;
}

void BandsView::updateAxes() {
    QCPAxis* y = m_plot->yAxis;
    y->setLabel(tr("RTT (ms)"));
    PlotStyle::setLogScale(y, m_logY);
    y->setNumberFormat(QStringLiteral("g"));
    syncControls();
}

void BandsView::rebuild() {
    // The combo lists the visible runs; the shown one falls back to the first when hidden.
    const std::vector<const DatasetEntry*> visible = store()->visibleLatency();
    const bool shownVisible =
        m_shown == kAllDatasets ||
        std::any_of(visible.begin(), visible.end(), [this](auto* e) { return e->id == m_shown; });
    if (!shownVisible)
        m_shown = visible.empty() ? 0 : visible.front()->id;
    {
        const QSignalBlocker block(m_datasetCombo);
        m_datasetCombo->clear();
        for (const DatasetEntry* e : visible)
            m_datasetCombo->addItem(e->label, e->id);
        if (visible.size() > 1)
            m_datasetCombo->addItem(tr("All runs overlaid (p5–p95)"), kAllDatasets);
        m_datasetCombo->setCurrentIndex(std::max(0, m_datasetCombo->findData(m_shown)));
    }
    updateAxes();
    resetView();
}

void BandsView::resetView() {
    double lo = 0, hi = 1;
    bool any = false;
    const bool seconds = useSeconds();
    for (const DatasetEntry* e : shownEntries()) {
        const LatencySeries& s = e->dataset().latency;
        double first = 0, last = static_cast<double>(s.size() - 1);
        if (seconds) {
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
    followData();
    {
        const QSignalBlocker block(m_plot->xAxis); // recompute once below, not via the timer
        m_plot->xAxis->setRange(lo, hi);
    }
    recompute();
    m_plot->replot();
}

void BandsView::scheduleRecompute() {
    if (!m_recomputing)
        m_recomputeTimer->start();
}

void BandsView::recompute() {
    m_recomputing = true;
    m_plot->clearGraphs();
    m_drawn.clear();
    m_lossGraphs.clear();
    const std::vector<const DatasetEntry*> entries = shownEntries();
    for (const DatasetEntry* e : entries)
        fillDataset(*e, entries.size() == 1 && m_shown != kAllDatasets);

    // The y range follows the windows shown, padded; only x is zoomed by the user.
    double lo = 0, hi = 0;
    bool any = false;
    for (const Drawn& drawn : std::as_const(m_drawn))
        for (const PercentileWindow& w : drawn.windows) {
            const double bottom = m_shown == kAllDatasets ? w.p5 : w.p1;
            const double top = m_shown == kAllDatasets ? w.p95 : w.p99;
            if (std::isnan(bottom) || (m_logY && bottom <= 0))
                continue;
            lo = any ? std::min(lo, bottom) : bottom;
            hi = any ? std::max(hi, top) : top;
            any = true;
        }
    if (!any)
        m_plot->yAxis->setRange(m_logY ? QCPRange(0.01, 100) : QCPRange(0, 1));
    else if (m_logY)
        m_plot->yAxis->setRange(lo / 1.25, hi * 1.25);
    else
        m_plot->yAxis->setRange(std::max(0.0, lo - 0.05 * (hi - lo)), hi + 0.05 * (hi - lo));

    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
    // The window size is part of what the figure means, so the axis says it.
    const QString axis =
        useSeconds() ? tr("time since the first reply (s)") : tr("ICMP sequence number");
    const std::size_t window = m_drawn.isEmpty() ? 0 : m_drawn.first().window;
    m_plot->xAxis->setLabel(
        window == 0 ? axis
                    : tr("%1 — percentiles per window of %Ln replies", "", static_cast<int>(window))
                          .arg(axis));
    m_recomputing = false;
}

void BandsView::fillDataset(const DatasetEntry& entry, bool alone) {
    const LatencySeries& series = entry.dataset().latency;
    const QCPRange range = m_plot->xAxis->range();
    const auto [begin, end] = repliesIn(series, useSeconds(), range.lower, range.upper);
    Drawn drawn;
    drawn.window = m_windowReplies > 0 ? static_cast<std::size_t>(m_windowReplies)
                                       : WindowedPercentiles::windowFor(end - begin, kAutoWindows);
    // One window more on each side, so the bands run to the edges of the plot when panning.
    const std::size_t from = begin > drawn.window ? begin - drawn.window : 0;
    drawn.windows = WindowedPercentiles::of(series, drawn.window, from, end + drawn.window);

    auto addCurve = [&](Curve curve, double PercentileWindow::*field) {
        QCPGraph* graph = m_plot->addGraph();
        QVector<QCPGraphData> data;
        data.reserve(static_cast<int>(drawn.windows.size()));
        for (const PercentileWindow& w : drawn.windows)
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
    QColor inner = kInnerBand;
    if (!alone) {
        inner = PlotStyle::toColor(entry.color);
        inner.setAlpha(60);
    }
    p5->setBrush(inner);
    p5->setChannelFillGraph(p95);
    if (alone) {
        p5->setName(tr("p5–p95"));
        p5->addToLegend();
    }
    QCPGraph* median = addCurve(Curve::Median, &PercentileWindow::p50);
    const bool lossKnown = !drawn.windows.empty() && !std::isnan(drawn.windows.front().lossPercent);
    median->setPen(
        QPen(alone ? QColor(Qt::black) : PlotStyle::toColor(entry.color), PlotStyle::lineWidth()));
    median->setName(alone ? tr("median of %1").arg(entry.label) : entry.label);
    if (alone && lossKnown)
        median->setPen(Qt::NoPen); // the loss-coloured segments draw it
    else
        median->addToLegend();
    m_drawn.insert(entry.id, std::move(drawn));
    if (alone && lossKnown)
        addLossSegments(entry, m_drawn[entry.id]);
}

void BandsView::addLossSegments(const DatasetEntry& entry, const Drawn& drawn) {
    // One graph per loss class; the segment from window i to i+1 takes window i's colour and
    // a NaN point breaks the line where another class takes over.
    const std::vector<PercentileWindow>& windows = drawn.windows;
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
                i + 1 < windows.size() ? xOf(windows[i + 1]) : x + 0.5 * drawn.window;
            const double nextY = i + 1 < windows.size() ? windows[i + 1].p50 : windows[i].p50;
            data.append(QCPGraphData(nextX, nextY));
            lastAdded = i + 1;
        }
        graph->data()->set(data, false);
        // Only the classes drawn are named: a colour the figure does not show explains nothing.
        if (lastAdded == static_cast<std::size_t>(-1))
            graph->removeFromLegend();
        m_lossGraphs.push_back(graph);
    }
}

QCPGraph* BandsView::graphOf(int datasetId, Curve curve) const {
    auto it = m_drawn.constFind(datasetId);
    return it == m_drawn.cend() ? nullptr : it->graphs.value(curve, nullptr);
}

const std::vector<PercentileWindow>& BandsView::windowsOf(int datasetId) const {
    static const std::vector<PercentileWindow> none;
    auto it = m_drawn.constFind(datasetId);
    return it == m_drawn.cend() ? none : it->windows;
}

std::size_t BandsView::effectiveWindow(int datasetId) const {
    auto it = m_drawn.constFind(datasetId);
    return it == m_drawn.cend() ? 0 : it->window;
}

BandsView::LossClass BandsView::lossClassOf(double lossPercent) {
    if (!(lossPercent > 0))
        return LossClass::None;
    if (lossPercent < 1)
        return LossClass::Below1;
    return lossPercent < 5 ? LossClass::Below5 : LossClass::AtLeast5;
}

QColor BandsView::lossColor(LossClass lossClass) {
    // Okabe–Ito green, blue, orange and vermilion: ordered, and apart for colour-blind readers.
    switch (lossClass) {
    case LossClass::None:
        return QColor(0, 158, 115);
    case LossClass::Below1:
        return QColor(0, 114, 178);
    case LossClass::Below5:
        return QColor(230, 159, 0);
    case LossClass::AtLeast5:
        return QColor(213, 94, 0);
    }
    return Qt::black;
}

} // namespace wb
