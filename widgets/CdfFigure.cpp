#include "CdfFigure.h"

#include "DatasetStore.h"
#include "DrawnRuns.h"
#include "PlotStyle.h"
#include "ViewSettingsLimits.h"
#include "stats/CdfReducer.h"

#include <QHash>
#include <QJsonArray>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

// "p97.3", with more decimals in the tail so p99.99 does not read as p100.
QString formatLevel(double fraction) {
    const double level = 100 * fraction;
    int decimals = 1;
    while (decimals < 4 && fraction < 1 && QString::number(level, 'f', decimals).toDouble() >= 100)
        ++decimals;
    // Rounded, then without trailing zeros.
    return QStringLiteral("p") +
           QString::number(QString::number(level, 'f', decimals).toDouble(), 'g', 15);
}

// The x extent of the visible data; in log scale only positive samples can be drawn.
struct Extent {
    double min = 0;
    double max = 0;
    std::size_t largestCount = 0;
    bool valid = false;
};

Extent extentOf(const std::vector<const DatasetEntry*>& entries, bool positiveOnly) {
    Extent extent;
    for (const DatasetEntry* e : entries) {
        const std::vector<double>& sorted = e->analysis->sortedRttMs;
        auto first =
            positiveOnly ? std::upper_bound(sorted.begin(), sorted.end(), 0.0) : sorted.begin();
        if (first == sorted.end())
            continue;
        extent.min = extent.valid ? std::min(extent.min, *first) : *first;
        extent.max = extent.valid ? std::max(extent.max, sorted.back()) : sorted.back();
        extent.largestCount = std::max(extent.largestCount, sorted.size());
        extent.valid = true;
    }
    return extent;
}

// A group's runs behind its pooled curve: visible enough to show the spread between
// repetitions, faint enough that the bold curve reads first.
constexpr int kFaintAlpha = 110;
constexpr double kFaintWidth = 0.6;
constexpr double kGroupLineWidth = 1.4;

} // namespace

struct CdfFigure::Ranges {
    bool logX = true;
    QCPRange x;
    QCPRange y;
    bool operator==(const Ranges& other) const {
        return logX == other.logX && x == other.x && y == other.y;
    }
};

CdfFigure::CdfFigure(QCustomPlot* plot, std::function<bool()> legendMayMove)
    : m_plot(plot), m_legendMayMove(std::move(legendMayMove)) {
    PlotStyle::apply(m_plot);
    m_plot->legend->setVisible(true);
    // Once the plot is laid out, on screen or at an export's size, the curves are reduced
    // for its width in the output's pixels, and where the legend fits is known.
    QObject::connect(m_plot, &QCustomPlot::afterLayout, m_plot, [this] {
        if (!m_drawn.empty() &&
            PlotStyle::outputColumns(m_plot, m_plot->axisRect()) != m_reducedColumns)
            reduce();
        placeLegend();
        placeMarkerLabels(); // where a label is free depends on the layout and the legend
    });
    // Drawn empty first, as a view is before its data: fitted axis titles keep what they
    // learnt in that layout (OwnValue), so the figure alone has the bytes of a view's.
    updateAxes();
    resetRanges({});
}

QJsonObject CdfFigure::Options::toSettings() const {
    QJsonArray markers;
    for (double level : markerLevels)
        markers.append(level);
    QJsonObject settings{{"ccdf", ccdf}, {"markers", markers}};
    if (logX) // else chosen by the data again when read
        settings.insert(QStringLiteral("logX"), *logX);
    return settings;
}

CdfFigure::Options CdfFigure::Options::fromSettings(const QJsonObject& settings) {
    Options options;
    if (settings.value(QStringLiteral("logX")).isBool())
        options.logX = settings.value(QStringLiteral("logX")).toBool();
    options.ccdf = settings.value(QStringLiteral("ccdf")).toBool(options.ccdf);
    options.markerLevels = ViewSettingsLimits::levels(settings, QStringLiteral("markers"));
    return options;
}

void CdfFigure::setOptions(const std::vector<const DatasetEntry*>& visible,
                           const Options& options) {
    m_options = options;
    if (m_options.logX)
        m_logX = *m_options.logX;
    updateAxes();
    resetRanges(visible);
}

void CdfFigure::setMarkerLevels(const std::vector<double>& levels) {
    m_options.markerLevels = levels;
    rebuildMarkers();
    redraw();
}

void CdfFigure::redraw() {
    m_plot->replot(m_redrawWhenIdle ? QCustomPlot::rpQueuedReplot : QCustomPlot::rpRefreshHint);
}

void CdfFigure::updateAxes() {
    QCPAxis* x = m_plot->xAxis;
    QCPAxis* y = m_plot->yAxis;
    x->setLabel(tr("%1 (ms)").arg(latencyMetricName(m_metric)));
    PlotStyle::setLogScale(x, m_logX);
    x->setNumberFormat(QStringLiteral("g"));
    if (m_options.ccdf) {
        y->setLabel(tr("fraction of samples > x (CCDF)"));
        PlotStyle::setLogScale(y, true);
        y->grid()->setSubGridVisible(false);
        y->setNumberFormat(QStringLiteral("eb")); // 10⁻³ rather than 0.001
        y->setNumberPrecision(0);
        // Every curve starts at 1 on the left and falls to the right: above 1 the legend
        // hides none of them.
        PlotStyle::letLegendRaiseTop(y);
    } else {
        y->setLabel(tr("fraction of samples ≤ x"));
        auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setTickStep(0.1); // a gridline per decile makes p10…p90 readable at a glance
        y->setTicker(ticker);
        y->setScaleType(QCPAxis::stLinear);
        y->setNumberFormat(QStringLiteral("g"));
        y->setNumberPrecision(2);
        PlotStyle::letLegendRaiseTop(y, false); // a corner between the curves is free
    }
}

double CdfFigure::fractionToY(double cdf) const {
    return m_options.ccdf ? 1 - cdf : cdf;
}

QCPGraph* CdfFigure::addCurve(Curve curve) {
    QCPGraph* graph = m_plot->addGraph();
    graph->setName(curve.label);
    QColor color = curve.color;
    if (curve.faint) {
        color.setAlpha(kFaintAlpha);
        graph->removeFromLegend();
        graph->setSelectable(QCP::stNone);
    }
    graph->setPen(QPen(color, PlotStyle::lineWidth(curve.faint         ? kFaintWidth
                                                   : curve.memberCount ? kGroupLineWidth
                                                                       : 1.0)));
    graph->setLineStyle(QCPGraph::lsStepLeft);
    graph->setAdaptiveSampling(false); // already reduced; sampling again would drop steps
    curve.graph = graph;
    m_drawn.push_back(std::move(curve));
    return graph;
}

QStringList CdfFigure::curveKeys() const {
    QStringList keys;
    for (const Curve& curve : m_drawn)
        keys << curve.key;
    keys.sort();
    return keys;
}

void CdfFigure::reduce() {
    const QCPRange range = m_plot->xAxis->range();
    const int columns = PlotStyle::outputColumns(m_plot, m_plot->axisRect());
    m_reducedColumns = columns;
    const auto scale = m_logX ? CdfReducer::Scale::Log : CdfReducer::Scale::Linear;
    for (const Curve& curve : m_drawn) {
        const CdfReducer::Points points = CdfReducer::reduce(
            curve.analysis->sortedRttMs, range.lower, range.upper, columns, scale);
        QVector<QCPGraphData> data;
        data.reserve(static_cast<int>(points.x.size()) + 1);
        double previous = 0; // F before the first drawn point
        for (std::size_t i = 0; i < points.x.size(); ++i) {
            if (m_logX && points.x[i] <= 0) { // cannot sit on a log axis
                previous = points.y[i];
                continue;
            }
            if (data.isEmpty()) // the vertical rise at the minimum
                data.append(QCPGraphData(points.x[i], fractionToY(previous)));
            data.append(QCPGraphData(points.x[i], fractionToY(points.y[i])));
        }
        // In a CCDF the last step falls to 0, off a log axis: end with a flat segment at 1/n
        // up to the maximum instead, as tail plots usually do.
        if (m_options.ccdf && data.size() >= 2)
            data.last().value = data[data.size() - 2].value;
        curve.graph->data()->set(data, true);
    }
    rebuildMarkers();
}

void CdfFigure::placeLegend() {
    // Which part of the plot is empty depends on the data (with log x, a CDF's bottom right
    // holds the slow rise of loaded runs and its top left the idle run), so measure how much
    // curve each corner would hide and take the first free one, the conventional corner
    // first. When none is free (many runs, a paper-width export) the legend goes above the
    // plot rather than over curves; while the user zooms and pans it keeps its side.
    const Qt::Alignment top = Qt::AlignTop, bottom = Qt::AlignBottom;
    const Qt::Alignment left = Qt::AlignLeft, centre = Qt::AlignHCenter, right = Qt::AlignRight;
    const std::vector<Qt::Alignment> places =
        m_options.ccdf ? std::vector<Qt::Alignment>{bottom | left,  bottom | centre, top | right,
                                                    bottom | right, top | left,      top | centre}
                       : std::vector<Qt::Alignment>{top | left,  bottom | right,  top | centre,
                                                    top | right, bottom | centre, bottom | left};
    PlotStyle::placeLegendClear(m_plot, places, m_legendMayMove(), [this](const QRectF& box) {
        double hidden = 0;
        for (const Curve& curve : m_drawn)
            hidden += curveLengthIn(curve.graph, box);
        return hidden;
    });
}

double CdfFigure::curveLengthIn(QCPGraph* graph, const QRectF& box) const {
    // Step segments are axis-parallel, so clipping one to the box is clamping its ends.
    auto clipped = [&box](double from, double to, double lo, double hi) {
        return std::max(0.0, std::min(std::max(from, to), hi) - std::max(std::min(from, to), lo));
    };
    double length = 0;
    QPointF previous;
    bool first = true;
    for (const QCPGraphData& point : *graph->data()) {
        const QPointF pixel(m_plot->xAxis->coordToPixel(point.key),
                            m_plot->yAxis->coordToPixel(point.value));
        if (!first) {
            if (previous.y() >= box.top() && previous.y() <= box.bottom()) // horizontal part
                length += clipped(previous.x(), pixel.x(), box.left(), box.right());
            if (pixel.x() >= box.left() && pixel.x() <= box.right()) // vertical part
                length += clipped(previous.y(), pixel.y(), box.top(), box.bottom());
        }
        previous = pixel;
        first = false;
    }
    return length;
}

void CdfFigure::rebuildMarkers() {
    for (QCPGraph* graph : m_markerGraphs)
        m_plot->removeGraph(graph);
    m_markerGraphs.clear();
    m_markerTexts.clear();
    for (const Curve& curve : m_drawn) {
        if (m_options.markerLevels.empty() || curve.faint) // a group's are its pooled curve's
            continue;
        QCPGraph* markers = m_plot->addGraph();
        markers->removeFromLegend();
        markers->setLineStyle(QCPGraph::lsNone);
        markers->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDisc, curve.color, kMarkerDiameter));
        markers->setSelectable(QCP::stNone);
        const double n = static_cast<double>(curve.analysis->sortedRttMs.size());
        for (double level : m_options.markerLevels) {
            const double value = curve.analysis->percentile(level); // core computes, we place
            // p100 in a CCDF would sit at 0; put it where the curve ends (1/n).
            const double y = m_options.ccdf ? std::max(1 - level / 100, 1 / n) : level / 100;
            if (m_logX && value <= 0)
                continue;
            markers->addData(value, y);
            m_markerTexts.push_back({QStringLiteral("%1 %2 ms")
                                         .arg(formatLevel(level / 100), PlotStyle::formatMs(value)),
                                     QPointF(value, y), curve.color.darker(120)});
        }
        m_markerGraphs.push_back(markers);
    }
    placeMarkerLabels();
}

void CdfFigure::placeMarkerLabels() {
    for (QCPItemText* label : m_markerLabels)
        m_plot->removeItem(label);
    m_markerLabels.clear();
    const QRectF area = m_plot->axisRect()->rect();
    if (m_markerTexts.empty() || area.isEmpty())
        return;
    // What a label may not cover: every marker's dot, the legend inside the axes, and the
    // labels placed before it (curves are measured per candidate).
    std::vector<QRectF> taken;
    std::vector<QPointF> dots;
    const double radius = kMarkerDiameter / 2.0;
    for (const MarkerText& marker : m_markerTexts) {
        dots.push_back(pixelOf(marker.at));
        taken.emplace_back(dots.back() - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius));
    }
    if (m_plot->legend->visible() && area.intersects(m_plot->legend->outerRect()))
        taken.push_back(m_plot->legend->outerRect());
    for (std::size_t i = 0; i < m_markerTexts.size(); ++i)
        addMarkerLabel(m_markerTexts[i], area, dots, &taken);
}

namespace {

// How far `point` is from the nearest point of `box` (0 inside it).
double distanceBetween(const QRectF& box, const QPointF& point) {
    const double dx = std::max({box.left() - point.x(), 0.0, point.x() - box.right()});
    const double dy = std::max({box.top() - point.y(), 0.0, point.y() - box.bottom()});
    return std::hypot(dx, dy);
}

} // namespace

QPointF CdfFigure::pixelOf(const QPointF& at) const {
    return {m_plot->xAxis->coordToPixel(at.x()), m_plot->yAxis->coordToPixel(at.y())};
}

bool CdfFigure::crossesCurve(const QRectF& box) const {
    return std::any_of(m_drawn.begin(), m_drawn.end(),
                       [&](const Curve& curve) { return curveLengthIn(curve.graph, box) > 0; });
}

void CdfFigure::addMarkerLabel(const MarkerText& marker, const QRectF& area,
                               const std::vector<QPointF>& dots, std::vector<QRectF>* taken) {
    // Curves of similar runs put their markers close together, and a label beside its dot
    // may lie on another curve or run out of the axes. Positions around the dot are tried,
    // nearest first, on the side of the curve that is empty near the dot (right of a rising
    // CDF's step and below it, or left and above); the first that covers no curve, dot, label
    // or legend, lies inside the axes and is nearer its own dot than any other takes the label. A
    // label with no such place is left out (the dot stays; hover and the table give the number)
    // rather than overprinted.
    enum Side { Left, Right };
    enum Level { Above, Middle, Below };
    const Level under = m_options.ccdf ? Above : Below; // the empty side of the curve
    const Level over = m_options.ccdf ? Below : Above;
    const std::pair<Side, Level> sides[] = {{Right, under}, {Left, over},  {Right, Middle},
                                            {Left, Middle}, {Right, over}, {Left, under}};
    const QFont font = PlotStyle::axisFont(0.9);
    // Measured as QCPItemText measures it, so the box is where the text lands.
    const QSizeF size =
        QFontMetrics(font)
            .boundingRect(0, 0, 0, 0, Qt::TextDontClip | Qt::AlignTop | Qt::AlignHCenter,
                          marker.text)
            .size();
    const QPointF dot = pixelOf(marker.at);
    constexpr double kClearance = 1.5; // pixels kept between a label and a curve or the edge
    for (const int distance : {4, 10, 16, 26, 40, 60}) {
        for (const auto& [side, level] : sides) {
            const double left =
                side == Right ? dot.x() + distance : dot.x() - distance - size.width();
            const double top = level == Middle  ? dot.y() - size.height() / 2
                               : level == Below ? dot.y() + distance / 2
                                                : dot.y() - distance / 2 - size.height();
            const QRectF box(QPointF(left, top), size);
            const QRectF clear = box.adjusted(-kClearance, -kClearance, kClearance, kClearance);
            const double own = distanceBetween(box, dot);
            if (!area.contains(clear) || crossesCurve(clear) ||
                std::any_of(taken->begin(), taken->end(),
                            [&clear](const QRectF& r) { return r.intersects(clear); }) ||
                std::any_of(dots.begin(), dots.end(), [&](const QPointF& other) {
                    return other != dot && distanceBetween(box, other) < own;
                }))
                continue;
            taken->push_back(box);
            // The text at `box`: aligned on the dot, its distance from the dot as padding.
            const int gap = distance;
            auto* label = new QCPItemText(m_plot);
            label->position->setCoords(marker.at);
            label->setPositionAlignment((side == Right ? Qt::AlignLeft : Qt::AlignRight) |
                                        (level == Middle  ? Qt::AlignVCenter
                                         : level == Below ? Qt::AlignTop
                                                          : Qt::AlignBottom));
            label->setPadding(QMargins(side == Right ? gap : 0, level == Below ? gap / 2 : 0,
                                       side == Left ? gap : 0, level == Above ? gap / 2 : 0));
            label->setFont(font);
            label->setColor(marker.color);
            label->setText(marker.text);
            label->setClipToAxisRect(true);
            m_markerLabels.push_back(label);
            return;
        }
    }
}

Readout CdfFigure::readoutAt(const QPointF& pixel) const {
    const double x = m_plot->xAxis->pixelToCoord(pixel.x());
    const Curve* best = nullptr;
    QCPGraphData bestPoint;
    double bestDistance = 40; // pixels: further away the read-out would guess
    for (const Curve& curve : m_drawn) {
        const QSharedPointer<QCPGraphDataContainer> data = curve.graph->data();
        auto point = data->findEnd(x, false); // first step right of x
        if (point == data->constBegin())
            continue;
        --point; // the step the curve is on at x
        const double distance = std::abs(m_plot->yAxis->coordToPixel(point->value) - pixel.y());
        // Ties go to the later curve: a group's pooled curve over its faint runs.
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = &curve;
            bestPoint = *point;
        }
    }
    if (!best)
        return {};
    const double fraction = m_options.ccdf ? 1 - bestPoint.value : bestPoint.value;
    const QString name = best->memberCount > 1 ? tr("%1 (%2 runs pooled, %3 samples)")
                                                     .arg(best->label)
                                                     .arg(best->memberCount)
                                                     .arg(best->analysis->sortedRttMs.size())
                                               : best->label;
    return {QStringLiteral("%1: %2 ms at %3")
                .arg(name, PlotStyle::formatMs(bestPoint.key), formatLevel(fraction)),
            pixelOf({bestPoint.key, bestPoint.value})};
}

QString CdfFigure::draw(const DatasetStore& store, const std::vector<PooledGroup>& groups,
                        const Options& options, bool keepRanges) {
    QString pooling;
    QString note;
    m_metric = store.latencyMetric();
    std::vector<Curve> next = curvesOf(store, groups, &pooling, &note);
    const std::vector<const DatasetEntry*> visible = store.visibleLatency();
    const bool sameCurves = std::equal(next.begin(), next.end(), m_drawn.begin(), m_drawn.end(),
                                       [](const Curve& a, const Curve& b) {
                                           return a.key == b.key && a.analysis == b.analysis &&
                                                  a.label == b.label && a.color == b.color &&
                                                  a.memberCount == b.memberCount;
                                       });
    const bool sameOptions = options.toSettings() == m_options.toSettings();
    m_options = options;
    // The ranges the data asks for, computed once: for the test below and to apply.
    const std::optional<Ranges> ranges =
        keepRanges ? std::nullopt : std::optional<Ranges>(rangesFor(visible));
    // Runs added beyond the drawn ones change neither curves nor ranges: nothing to redraw.
    if (sameCurves && sameOptions && pooling == m_pooling && (!ranges || *ranges == shownRanges()))
        return note;
    m_pooling = pooling;
    const QStringList before = curveKeys();
    m_plot->clearGraphs();
    m_curves.clear();
    m_drawn.clear();
    m_markerGraphs.clear();
    for (Curve& curve : next) {
        const int id = curve.datasetId;
        QCPGraph* graph = addCurve(std::move(curve));
        if (id >= 0)
            m_curves.insert(id, graph);
    }
    // A label or colour edit keeps the user's zoom; a different set of curves needs new ranges.
    if (before != curveKeys() || !keepRanges)
        applyRanges(ranges ? *ranges : rangesFor(visible));
    else {
        reduce();
        redraw();
    }
    return note;
}

std::vector<CdfFigure::Curve> CdfFigure::curvesOf(const DatasetStore& store,
                                                  const std::vector<PooledGroup>& groups,
                                                  QString* pooling, QString* note) const {
    // Every group's pooled curve is drawn; of the datasets' own (or faint member) curves at
    // most DrawnRuns::kMaxDrawn, the rest named in the drawing note.
    std::vector<const DatasetEntry*> perRun;
    QHash<int, QColor> groupColors; // member id -> its group's colour
    if (groups.empty()) {
        for (const DatasetEntry* e : store.visibleLatency())
            if (!e->analysis->sortedRttMs.empty())
                perRun.push_back(e);
    }
    for (const PooledGroup& group : groups) {
        for (int id : group.memberIds) {
            const DatasetEntry* e = store.find(id);
            if (!e->analysis->sortedRttMs.empty()) {
                perRun.push_back(e);
                groupColors.insert(id, PlotStyle::toColor(group.color));
            }
        }
    }
    DrawnRuns drawn =
        DrawnRuns::of(perRun, groups.empty() ? tr("runs") : tr("faint per-run curves"));
    *note = drawn.note;
    std::vector<Curve> curves;
    for (const DatasetEntry* e : drawn.drawn) {
        if (groups.empty())
            curves.push_back({QStringLiteral("dataset:%1").arg(e->id), nullptr, e->analysis,
                              e->label, PlotStyle::toColor(e->color), false, 0, e->id});
        else
            curves.push_back({QStringLiteral("member:%1").arg(e->id), nullptr, e->analysis,
                              e->label, groupColors.value(e->id), true, 0, e->id});
    }
    for (const PooledGroup& group : groups) {
        if (!group.analysis) { // still pooling: its runs are drawn, the curve follows
            *pooling = group.name;
            continue;
        }
        const std::size_t samples = group.analysis->sortedRttMs.size();
        if (samples == 0)
            continue;
        // The legend names the group; the read-out adds how many runs it pools.
        curves.push_back({QStringLiteral("group:") + group.name, nullptr, group.analysis,
                          group.name, PlotStyle::toColor(group.color), false,
                          static_cast<int>(group.memberIds.size())});
    }
    return curves;
}

CdfFigure::Ranges CdfFigure::rangesFor(const std::vector<const DatasetEntry*>& visible) const {
    Ranges ranges;
    ranges.logX = m_logX;
    if (!m_options.logX) {
        const Extent all = extentOf(visible, false);
        if (all.valid)
            ranges.logX = all.min > 0 && all.max >= 10 * all.min;
    }
    const Extent extent = extentOf(visible, ranges.logX);
    ranges.x = ranges.logX ? QCPRange(0.01, 100) : QCPRange(0, 1);
    if (extent.valid && ranges.logX) {
        // Pad by a fraction of the decades shown, so the padding looks the same at every scale.
        const double decades = std::log10(extent.max / extent.min);
        const double pad = std::pow(10.0, std::max(0.04 * decades, 0.05));
        ranges.x = QCPRange(extent.min / pad, extent.max * pad);
    } else if (extent.valid) {
        const double span = extent.max - extent.min;
        const double pad = span > 0 ? 0.03 * span : std::max(0.1 * std::abs(extent.max), 0.001);
        const double lower = extent.min - pad;
        ranges.x = QCPRange(extent.min >= 0 ? std::max(lower, 0.0) : lower, extent.max + pad);
    }
    ranges.y = QCPRange(0, 1.02);
    if (m_options.ccdf) {
        // Down to the decade below 1/n, where the last step of the largest dataset ends.
        const double smallest =
            extent.valid ? 0.5 / static_cast<double>(extent.largestCount) : 1e-3;
        ranges.y = QCPRange(std::pow(10.0, std::floor(std::log10(smallest))), 1.5);
    }
    return ranges;
}

CdfFigure::Ranges CdfFigure::shownRanges() const {
    return {m_logX, m_plot->xAxis->range(), m_plot->yAxis->range()};
}

void CdfFigure::resetRanges(const std::vector<const DatasetEntry*>& visible) {
    applyRanges(rangesFor(visible));
}

void CdfFigure::applyRanges(const Ranges& ranges) {
    if (ranges.logX != m_logX) {
        m_logX = ranges.logX;
        updateAxes();
    }
    {
        const QSignalBlocker block(m_plot->xAxis); // reduce once below, not via the timer
        m_plot->xAxis->setRange(ranges.x);
    }
    m_plot->yAxis->setRange(ranges.y);
    reduce();
    redraw();
}

} // namespace wb
