#include "TimelineFigure.h"

#include "DatasetStore.h"
#include "DrawnRuns.h"
#include "PlotStyle.h"
#include "ViewSettingsLimits.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace wb {

namespace {

const QColor kLostColor(200, 0, 0);
const QColor kErrorColor(90, 90, 90);
const QColor kNoteColor(90, 90, 90);
// Px per dataset lane on the loss strip: a line of the lane labels' font (the tick labels'
// size, 9 pt = 12 px at 96 dpi, so they read as large as the figure's other text and a
// report's captions), so neighbouring labels do not touch.
constexpr int kLaneHeight = 14;
// Lanes narrow down to this when the figure is short (a paper column), so the data keeps its
// share of the height; the lane labels take the smallest plot font then.
constexpr int kSmallestLaneHeight = 9;
constexpr int kStripPadding = 6;
// Room above and below the lanes for the loss ticks; the loss-free note's words need none.
const QMargins kLaneMargins(0, 4, 0, 2);
const QMargins kNoteMargins(0, 0, 0, 0);
// Widest run label the strip shows beside its lane (about 22 characters at the lane font);
// wider ones would take the plot's width (the strip and the plot share their left margin), so
// the lanes are numbered instead.
constexpr int kLaneLabelWidth = 130;

// A short vertical stroke: loss marks must stay readable when thousands sit side by side,
// which filled symbols do not.
QCPScatterStyle tickStyle(const QColor& color) {
    QPainterPath path;
    path.moveTo(0, -kLaneHeight / 2.0 + 1);
    path.lineTo(0, kLaneHeight / 2.0 - 1);
    QCPScatterStyle style(path, QPen(color, 1.5), Qt::NoBrush, 6); // size 6 = no scaling
    return style;
}

// The lane labels' font, and the loss-free note's: the tick labels' (they label the strip's
// lanes as ticks do an axis), the smallest plot font once lanes narrow.
QFont laneFont(int lane) {
    return lane < kLaneHeight ? PlotStyle::shrinkingFonts(PlotStyle::axisFont()).back()
                              : PlotStyle::axisFont();
}

// Any loss in a column shows at least this shade (of 1 for a column where every request was
// lost): one loss among millions of requests stays visible without painting a solid band.
constexpr double kLeastLossShade = 0.3;

QString percentText(double percent) {
    const int decimals = percent >= 10 ? 0 : percent >= 1 ? 1 : 2;
    // Rounded, then without trailing zeros.
    QString text = QString::number(QString::number(percent, 'f', decimals).toDouble(), 'g', 15);
    if (percent > 0 && text == QLatin1String("0"))
        text = QStringLiteral("<0.01");
    return text + QStringLiteral(" %");
}

QVector<QCPGraphData> toGraphData(const std::vector<double>& x, double y) {
    QVector<QCPGraphData> data;
    data.reserve(static_cast<int>(x.size()));
    for (double v : x)
        data.append(QCPGraphData(v, y));
    return data;
}

} // namespace

TimelineFigure::TimelineFigure(QCustomPlot* plot) : m_plot(plot) {
    PlotStyle::apply(m_plot);
    buildLayout();
    // Dragging or wheeling on the strip moves the plot too, and the plot's x moves the strip.
    QCPAxis* stripX = m_strip->axis(QCPAxis::atBottom);
    QObject::connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), stripX,
                     qOverload<const QCPRange&>(&QCPAxis::setRange));
    QObject::connect(stripX, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), m_plot->xAxis,
                     qOverload<const QCPRange&>(&QCPAxis::setRange));
    // After PlotStyle's fitting (connected in apply): the legend has given way already. Then
    // the runs are reduced for the plot's width in the output's pixels, on screen or exported.
    QObject::connect(m_plot, &QCustomPlot::afterLayout, m_plot, [this] {
        fitStrip();
        if (!m_tracks.empty() &&
            PlotStyle::outputColumns(m_plot, m_plot->xAxis->axisRect()) != m_reducedColumns)
            reduce();
    });
    updateAxes();
    draw({}, m_options); // as a view is before its data
}

TimelineFigure::Options TimelineFigure::Options::fromSettings(const QJsonObject& settings,
                                                              const QString& key, Options options) {
    options.logY = settings.value(QStringLiteral("logY")).toBool(options.logY);
    options.interval =
        std::max(0.0, ViewSettingsLimits::number(settings, key, QStringLiteral("interval"),
                                                 options.interval));
    return options;
}

void TimelineFigure::buildLayout() {
    // The loss strip: its own axis rect above the plot, sharing the x range, so loss marks
    // never cover the data and stay visible whatever the y range or scale is.
    // Taken before the strip exists: QCustomPlot::axisRect() means the first rect in layout
    // order, which is the strip afterwards.
    QCPAxisRect* main = m_plot->axisRect();
    m_strip = new QCPAxisRect(m_plot, false);
    m_strip->addAxes(QCPAxis::atBottom | QCPAxis::atLeft);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_strip);
    QCPAxis* sx = m_strip->axis(QCPAxis::atBottom);
    QCPAxis* sy = m_strip->axis(QCPAxis::atLeft);
    sx->setTickLabels(false);
    sx->setTicks(false);
    sx->grid()->setPen(PlotStyle::gridPen());
    sy->setTicks(false);
    sy->setTickLabelFont(laneFont(kLaneHeight));
    sy->grid()->setVisible(false);
    sy->setRangeReversed(true); // lane 0 (first dataset) on top, as in the legend
    m_strip->setRangeDrag(Qt::Horizontal);
    m_strip->setRangeZoom(Qt::Horizontal);
    m_strip->setAutoMargins(QCP::msLeft | QCP::msRight);
    m_strip->setMargins(kLaneMargins);
    // Left and right margins shared, so the strip's x lines up with the plot's x.
    auto* group = new QCPMarginGroup(m_plot);
    m_strip->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    main->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    // Inside the strip, not as a lane label: a label would widen the left margin the strip
    // shares with the RTT axis, taking the plot's width to say that nothing happened.
    m_lossFreeNote = new QCPItemText(m_plot);
    m_lossFreeNote->setText(tr("no lost requests"));
    m_lossFreeNote->setColor(kNoteColor);
    m_lossFreeNote->setPositionAlignment(Qt::AlignCenter);
    m_lossFreeNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_lossFreeNote->position->setAxisRect(m_strip);
    m_lossFreeNote->position->setCoords(0.5, 0.5);
    m_lossFreeNote->setClipAxisRect(m_strip);
    m_lossFreeNote->setSelectable(false);
    m_lossFreeNote->setVisible(false);
    main->setAutoMargins(QCP::msLeft | QCP::msRight | QCP::msBottom);
    main->setMargins(QMargins(0, 4, 0, 0));
    // RTT timelines fill their whole rect: x-only zoom and pan by default, y follows the data.
    main->setRangeDrag(Qt::Horizontal);
    main->setRangeZoom(Qt::Horizontal);

    m_plot->legend->setVisible(true);
    PlotStyle::placeLegendAbove(m_plot);    // rows: legend, strip, plot
    PlotStyle::fitLegendColumns(m_plot, 2); // two entries per row where they fit whole
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
}

QCPItemText* TimelineFigure::lossFreeNote() const {
    return m_lossFreeNote->visible() ? m_lossFreeNote : nullptr;
}

void TimelineFigure::fitStrip() {
    const int current = m_strip->minimumSize().height();
    const double allowed = current + PlotStyle::dataSpare(m_plot);
    const int lane = std::clamp(static_cast<int>((allowed - kStripPadding) / m_lanes),
                                kSmallestLaneHeight, kLaneHeight);
    if (stripHeight(lane) == current)
        return;
    setLaneHeight(lane);
    PlotStyle::relayout(m_plot);
}

int TimelineFigure::stripHeight(int lane) const {
    if (m_lossFreeNote->visible()) // one lane, as tall as the note's words and a pixel around
        return QFontMetrics(laneFont(lane)).height() + 2;
    return kStripPadding + lane * m_lanes;
}

void TimelineFigure::setLaneHeight(int lane) {
    const int height = stripHeight(lane);
    m_strip->setMinimumSize(0, height);
    m_strip->setMaximumSize(QWIDGETSIZE_MAX, height);
    m_strip->axis(QCPAxis::atLeft)->setTickLabelFont(laneFont(lane));
    m_lossFreeNote->setFont(laneFont(lane));
}

void TimelineFigure::updateAxes() {
    QCPAxis* x = m_plot->xAxis;
    QCPAxis* y = m_plot->yAxis;
    switch (m_xAxis) {
    case TimelineReducer::XAxis::TimeSinceFirstReply:
        x->setLabel(tr("time since first reply (s)"));
        break;
    case TimelineReducer::XAxis::SequenceTimesInterval:
        x->setLabel(tr("sequence number × interval (s), interval %1 s")
                        .arg(QString::number(m_options.interval, 'g', 4)));
        break;
    case TimelineReducer::XAxis::Sequence:
        x->setLabel(m_mixedAxes ? tr("sequence number (not every run has timestamps)")
                                : tr("sequence number"));
        break;
    }
    y->setLabel(tr("RTT (ms)"));
    PlotStyle::setLogScale(y, m_options.logY);
    y->setNumberFormat(QStringLiteral("g"));
}

QString TimelineFigure::draw(const std::vector<const DatasetEntry*>& visible,
                             const Options& options, bool keepRanges) {
    m_options = options;
    std::vector<int> before;
    for (const Track& t : m_tracks)
        before.push_back(t.id);
    for (const Track& t : m_tracks)
        if (t.lossShade)
            m_plot->removePlottable(t.lossShade);
    m_plot->clearGraphs(); // the strip's too
    m_tracks.clear();

    std::vector<const DatasetEntry*> withData;
    for (const DatasetEntry* e : visible)
        if (e->dataset().latency.size() > 0 || !e->dataset().latency.lostSequence.empty())
            withData.push_back(e);
    DrawnRuns runs = DrawnRuns::of(withData);
    const std::vector<const DatasetEntry*>& entries = runs.drawn;
    // One x axis for all: time only when every run has timestamps, else sequence numbers
    // (time since first reply and sequence number are different quantities).
    const bool allTimed =
        !entries.empty() && std::all_of(entries.begin(), entries.end(), [](const DatasetEntry* e) {
            return e->dataset().latency.hasTimestamps();
        });
    const bool anyTimed = std::any_of(entries.begin(), entries.end(), [](const DatasetEntry* e) {
        return e->dataset().latency.hasTimestamps();
    });
    m_mixedAxes = anyTimed && !allTimed;
    m_xAxis = allTimed                 ? TimelineReducer::XAxis::TimeSinceFirstReply
              : m_options.interval > 0 ? TimelineReducer::XAxis::SequenceTimesInterval
                                       : TimelineReducer::XAxis::Sequence;

    QCPAxis* stripX = m_strip->axis(QCPAxis::atBottom);
    QCPAxis* stripY = m_strip->axis(QCPAxis::atLeft);
    auto laneTicker = QSharedPointer<QCPAxisTickerText>::create();
    // Nothing to mark on the strip: one lane that says so, not a lane per run left empty,
    // which in a short figure would take most of the RTT plot's height.
    const bool lossFree =
        !entries.empty() && std::none_of(entries.begin(), entries.end(), [](const DatasetEntry* e) {
            const LatencySeries& series = e->dataset().latency;
            return !series.lostSequence.empty() || !series.errorSequence.empty();
        });
    m_lanes = lossFree ? 1 : std::max<int>(1, static_cast<int>(entries.size()));
    m_lossFreeNote->setVisible(lossFree);
    m_strip->setMargins(lossFree ? kNoteMargins : kLaneMargins);
    stripX->grid()->setVisible(!lossFree); // no marks to place in x, no lines across the words
    // Lanes carry the run's label when every label fits beside the strip; else a number,
    // which the run's legend entry starts with: every lane stays identifiable, none elided.
    // Each lane says its run's loss %, as the tool (or the listed losses) count it.
    QStringList lossTexts;
    for (const DatasetEntry* e : entries)
        lossTexts << percentText(e->analysis->loss.lossPercent);
    const QFontMetrics laneMetrics(laneFont(kLaneHeight));
    bool numbered = false;
    for (std::size_t i = 0; i < entries.size() && !lossFree && entries.size() > 1; ++i)
        numbered = numbered ||
                   laneMetrics.horizontalAdvance(entries[i]->label + QLatin1Char(' ') +
                                                 lossTexts[static_cast<int>(i)]) > kLaneLabelWidth;
    auto laneKey = [](std::size_t lane) { return QStringLiteral("(%1)").arg(lane + 1); };
    // Lines first, then duplicates, then loss marks: that is the legend's order too.
    for (const DatasetEntry* e : entries) {
        const LatencySeries& series = e->dataset().latency;
        Track track;
        track.id = e->id;
        track.analysis = e->analysis;
        track.label = e->label;
        track.x = TimelineReducer::xValues(series, m_xAxis, m_options.interval);
        track.sorted = std::is_sorted(track.x.begin(), track.x.end());
        track.lostX =
            TimelineReducer::xOfSequences(series, series.lostSequence, m_xAxis, m_options.interval);
        track.dupX = TimelineReducer::xOfSequences(series, series.duplicateSequence, m_xAxis,
                                                   m_options.interval);
        track.errorX = TimelineReducer::xOfSequences(series, series.errorSequence, m_xAxis,
                                                     m_options.interval);
        track.line = m_plot->addGraph();
        track.line->setName(numbered ? laneKey(m_tracks.size()) + QLatin1Char(' ') + e->label
                                     : e->label);
        track.line->setPen(QPen(PlotStyle::toColor(e->color), PlotStyle::lineWidth(0.8)));
        track.line->setAdaptiveSampling(false); // already reduced; sampling again drops spikes
        m_tracks.push_back(std::move(track));
    }
    for (std::size_t i = 0; i < m_tracks.size(); ++i) {
        Track& track = m_tracks[i];
        const DatasetEntry* e = entries[i];
        const LatencySeries& series = e->dataset().latency;
        if (!track.dupX.empty()) {
            track.duplicates = m_plot->addGraph();
            track.duplicates->setName(tr("%1: duplicate").arg(e->label));
            track.duplicates->setLineStyle(QCPGraph::lsNone);
            track.duplicates->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssTriangle,
                                QPen(PlotStyle::toColor(e->color).darker(130), 1.3), Qt::white, 8));
            QVector<QCPGraphData> data;
            for (std::size_t k = 0; k < track.dupX.size() && k < series.duplicateRttMs.size(); ++k)
                data.append(QCPGraphData(track.dupX[k], series.duplicateRttMs[k]));
            track.duplicates->data()->set(data);
        }
        if (!lossFree)
            laneTicker->addTick(static_cast<double>(i) + 0.5, (entries.size() == 1 ? tr("lost")
                                                               : numbered          ? laneKey(i)
                                                                                   : e->label) +
                                                                  QLatin1Char(' ') +
                                                                  lossTexts[static_cast<int>(i)]);
    }
    bool lostInLegend = false, errorsInLegend = false;
    for (std::size_t i = 0; i < m_tracks.size(); ++i) {
        Track& track = m_tracks[i];
        const double lane = static_cast<double>(i) + 0.5;
        track.lane = lane;
        if (!track.lostX.empty()) {
            // The marks stay for the hover read-out and the legend's icon; the shading draws.
            track.lost = m_plot->addGraph(stripX, stripY);
            track.lost->setName(tr("lost requests (strip above, darker: more)"));
            track.lost->setLineStyle(QCPGraph::lsNone);
            track.lost->setScatterStyle(tickStyle(kLostColor));
            track.lost->setPen(QPen(kLostColor));
            track.lost->data()->set(toGraphData(track.lostX, lane));
            track.lost->setVisible(false);
            if (lostInLegend)
                track.lost->removeFromLegend();
            lostInLegend = true;
            track.lossShade = new QCPColorMap(stripX, stripY);
            track.lossShade->removeFromLegend();
            track.lossShade->setInterpolate(false);
            track.lossShade->setTightBoundary(false);
            QCPColorGradient shades;
            shades.clearColorStops();
            shades.setColorStopAt(0, PlotStyle::translucent(kLostColor, 0));
            shades.setColorStopAt(1, kLostColor);
            track.lossShade->setGradient(shades);
            track.lossShade->setDataRange(QCPRange(0, 1));
        }
        if (!track.errorX.empty()) {
            track.errors = m_plot->addGraph(stripX, stripY);
            track.errors->setName(tr("ICMP error (strip above)"));
            track.errors->setLineStyle(QCPGraph::lsNone);
            track.errors->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssCross, QPen(kErrorColor, 1.3), Qt::NoBrush, 7));
            track.errors->setPen(QPen(kErrorColor));
            track.errors->data()->set(toGraphData(track.errorX, lane));
            if (errorsInLegend)
                track.errors->removeFromLegend();
            errorsInLegend = true;
        }
    }
    stripY->setTicker(laneTicker);
    stripY->setTicks(true);
    stripY->setSubTicks(false);
    stripY->setTickLength(0, 0);
    stripY->setRange(0, m_lanes);
    setLaneHeight(kLaneHeight); // fitStrip narrows the lanes once laid out
    m_plot->legend->setVisible(!m_tracks.empty());
    updateAxes();

    // A label or colour edit keeps the user's zoom; a different set of lines needs new ranges.
    std::vector<int> after;
    for (const Track& t : m_tracks)
        after.push_back(t.id);
    if (before != after || !keepRanges) {
        resetRanges();
        return std::move(runs.note);
    }
    reduce();
    m_plot->replot();
    return std::move(runs.note);
}

void TimelineFigure::resetRanges() {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const Track& t : m_tracks)
        for (const std::vector<double>* xs : {&t.x, &t.lostX, &t.dupX, &t.errorX})
            if (!xs->empty()) {
                const auto [mn, mx] = std::minmax_element(xs->begin(), xs->end());
                lo = std::min(lo, *mn);
                hi = std::max(hi, *mx);
            }
    QCPRange range(0, 1);
    if (lo <= hi) {
        const double pad = hi > lo ? 0.01 * (hi - lo) : 1;
        range = QCPRange(lo - pad, hi + pad);
    }
    {
        const QSignalBlocker block(m_plot->xAxis); // reduce once below, not via the timer
        m_plot->xAxis->setRange(range);
    }
    {
        const QSignalBlocker block(m_strip->axis(QCPAxis::atBottom));
        m_strip->axis(QCPAxis::atBottom)->setRange(range);
    }
    reduce();
    m_plot->replot();
}

void TimelineFigure::shadeLosses(Track& track, const QCPRange& range, int columns) {
    const std::vector<double> share =
        TimelineReducer::lossPerColumn(track.x, track.lostX, range.lower, range.upper, columns);
    // Two equal rows: the map's cells are centred on its ranges, so a column c spans
    // [lower + c·w, lower + (c+1)·w] and the rows the lane but a gap above and below.
    QCPColorMapData* data = track.lossShade->data();
    data->setSize(columns, 2);
    const double width = range.size() / columns;
    data->setRange(QCPRange(range.lower + width / 2, range.upper - width / 2),
                   QCPRange(track.lane - 0.2, track.lane + 0.2));
    for (int c = 0; c < columns; ++c) {
        const double lost = share[static_cast<std::size_t>(c)];
        // The square root keeps an outage (a column mostly lost) far darker than scattered
        // single losses, which every column of a long run may hold.
        const double shade =
            lost > 0 ? kLeastLossShade + (1 - kLeastLossShade) * std::sqrt(lost) : 0.0;
        data->setCell(c, 0, shade);
        data->setCell(c, 1, shade);
    }
}

void TimelineFigure::reduce() {
    const QCPRange range = m_plot->xAxis->range();
    const int columns = PlotStyle::outputColumns(m_plot, m_plot->xAxis->axisRect());
    m_reducedColumns = columns;
    // Whether replies are far enough apart to be told apart is a matter of the layout's units,
    // whatever resolution the output has.
    const int layoutColumns = PlotStyle::layoutColumns(m_plot, m_plot->xAxis->axisRect());
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (Track& t : m_tracks) {
        if (t.lossShade)
            shadeLosses(t, range, columns);
        const LatencySeries& series = t.analysis->dataset->latency;
        const std::vector<double>& rtt = series.rttMs;
        const TimelineReducer::Columns reduced =
            TimelineReducer::reduce(t.x, rtt, range.lower, range.upper, columns, t.sorted);
        t.drawn = TimelineReducer::toPolyLine(reduced, t.x, rtt);
        QVector<QCPGraphData> data;
        data.reserve(static_cast<int>(t.drawn.x.size()));
        for (std::size_t k = 0; k < t.drawn.x.size(); ++k)
            data.append(QCPGraphData(t.drawn.x[k], t.drawn.y[k]));
        t.line->data()->set(data, t.sorted);
        // Zoomed in far enough to tell replies apart, show each one: a straight segment
        // between two replies otherwise looks like measured data where there was none.
        const bool sparse = reduced.column.size() * 6 < static_cast<std::size_t>(layoutColumns);
        t.line->setScatterStyle(sparse ? QCPScatterStyle(QCPScatterStyle::ssDisc, 4)
                                       : QCPScatterStyle());
        // y follows what is visible, so a zoom into a quiet second is not flattened by a
        // spike elsewhere in the run.
        for (std::size_t k = 0; k < reduced.min.size(); ++k) {
            if (!m_options.logY || reduced.min[k] > 0)
                lo = std::min(lo, reduced.min[k]);
            else if (reduced.max[k] > 0) // a 0-ms reply cannot sit on a log axis
                lo = std::min(lo, reduced.max[k]);
            hi = std::max(hi, reduced.max[k]);
        }
        if (t.duplicates) {
            const auto& dupRtt = series.duplicateRttMs;
            for (std::size_t k = 0; k < t.dupX.size() && k < dupRtt.size(); ++k)
                if (t.dupX[k] >= range.lower && t.dupX[k] <= range.upper &&
                    (!m_options.logY || dupRtt[k] > 0)) {
                    lo = std::min(lo, dupRtt[k]);
                    hi = std::max(hi, dupRtt[k]);
                }
        }
    }
    fitY(lo, hi);
}

void TimelineFigure::fitY(double lo, double hi) {
    QCPRange range = m_options.logY ? QCPRange(0.01, 100) : QCPRange(0, 1);
    if (lo <= hi && m_options.logY && lo > 0) {
        const double decades = std::log10(hi / lo);
        const double pad = std::pow(10.0, std::max(0.05 * decades, 0.05));
        range = QCPRange(lo / pad, hi * pad);
    } else if (lo <= hi && !m_options.logY) {
        // From 0: RTTs are compared as magnitudes, and a baseline at 0 keeps that honest.
        range = QCPRange(std::min(0.0, lo), hi > 0 ? hi * 1.06 : 1);
    }
    m_plot->yAxis->setRange(range);
}

QString TimelineFigure::xText(double x) const {
    switch (m_xAxis) {
    case TimelineReducer::XAxis::TimeSinceFirstReply:
    case TimelineReducer::XAxis::SequenceTimesInterval:
        return QStringLiteral("t = %1 s").arg(QString::number(x, 'f', x < 100 ? 3 : 2));
    case TimelineReducer::XAxis::Sequence:
        break;
    }
    return {};
}

Readout TimelineFigure::readoutAt(const QPointF& pixel) const {
    const bool inStrip = m_strip->rect().contains(pixel.toPoint());
    QCPAxis* stripX = m_strip->axis(QCPAxis::atBottom);
    QCPAxis* stripY = m_strip->axis(QCPAxis::atLeft);
    double best = 30; // pixels: further away the read-out would guess
    Readout readout;
    QString& text = readout.text;
    for (const Track& t : m_tracks) {
        const LatencySeries& series = t.analysis->dataset->latency;
        const QString& label = t.label;
        if (inStrip) { // loss marks: nearest in x within the dataset's lane
            for (std::size_t k = 0; k < t.lostX.size(); ++k) {
                const double dx = std::abs(stripX->coordToPixel(t.lostX[k]) - pixel.x());
                const double lane = static_cast<double>(&t - m_tracks.data()) + 0.5;
                const double dy = std::abs(stripY->coordToPixel(lane) - pixel.y());
                if (dy <= kLaneHeight / 2.0 && dx < best) {
                    best = dx;
                    readout.point =
                        QPointF(stripX->coordToPixel(t.lostX[k]), stripY->coordToPixel(lane));
                    const QString at = xText(t.lostX[k]);
                    text = tr("%1: request seq %2 lost").arg(label).arg(series.lostSequence[k]) +
                           (at.isEmpty() ? QString() : tr(" (%1, interpolated)").arg(at));
                }
            }
            continue;
        }
        auto consider = [&](double x, double y, std::int64_t seq, bool duplicate) {
            if (m_options.logY && y <= 0)
                return;
            const double d = std::hypot(m_plot->xAxis->coordToPixel(x) - pixel.x(),
                                        m_plot->yAxis->coordToPixel(y) - pixel.y());
            if (d >= best)
                return;
            best = d;
            readout.point = QPointF(m_plot->xAxis->coordToPixel(x), m_plot->yAxis->coordToPixel(y));
            const QString at = xText(x);
            text = tr("%1: %2RTT %3 ms, seq %4%5")
                       .arg(label, at.isEmpty() ? QString() : at + QStringLiteral(", "),
                            PlotStyle::formatMs(y))
                       .arg(seq)
                       .arg(duplicate ? tr(" (duplicate)") : QString());
        };
        for (std::size_t k = 0; k < t.drawn.x.size(); ++k) {
            const std::size_t i = t.drawn.index[k];
            consider(t.drawn.x[k], t.drawn.y[k],
                     i < series.sequence.size() ? series.sequence[i]
                                                : static_cast<std::int64_t>(i + 1),
                     false);
        }
        const QCPRange range = m_plot->xAxis->range();
        for (std::size_t k = 0; k < t.dupX.size() && k < series.duplicateRttMs.size(); ++k)
            if (t.dupX[k] >= range.lower && t.dupX[k] <= range.upper)
                consider(t.dupX[k], series.duplicateRttMs[k], series.duplicateSequence[k], true);
    }
    return readout;
}

} // namespace wb
