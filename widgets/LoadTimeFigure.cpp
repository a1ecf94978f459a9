#include "LoadTimeFigure.h"

#include "DatasetStore.h"
#include "DrawnRuns.h"
#include "PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>

namespace wb {

namespace {

constexpr double kKilo = 1e3;
const QColor kLostColor(200, 30, 30);
const QColor kSumColor(40, 40, 40);
const QColor kLoadShade(255, 170, 60, 45);
constexpr char kLoadLayer[] = "load";

// Tick labels, titles and the grid as PlotStyle::apply sets them on the first axis rect, on
// the layers QCustomPlot gives the first rect's (a new rect's grids would draw on its axes).
void styleAxes(QCPAxisRect* rect) {
    rect->setLayer(QStringLiteral("background"));
    // In a fixed order (axes() comes from a hash): the layers then draw alike in every run.
    for (auto type : {QCPAxis::atBottom, QCPAxis::atLeft, QCPAxis::atTop, QCPAxis::atRight}) {
        QCPAxis* axis = rect->axis(type);
        axis->setLayer(QStringLiteral("axes"));
        axis->grid()->setLayer(QStringLiteral("grid"));
        PlotStyle::styleAxis(axis);
    }
}

// A note in the middle of a lane that has nothing to draw.
void addLaneNote(QCustomPlot* plot, QCPAxisRect* lane, const QString& text) {
    auto* note = new QCPItemText(plot);
    note->setClipAxisRect(lane);
    note->position->setAxisRect(lane);
    note->position->setType(QCPItemPosition::ptAxisRectRatio);
    note->position->setCoords(0.5, 0.5);
    note->setText(text);
    note->setFont(PlotStyle::axisFont());
    note->setColor(QColor(110, 110, 110));
}

QString labelsOf(const std::vector<const Dataset*>& datasets,
                 const LoadTimeFigure::Entries& entries) {
    QStringList labels;
    for (const Dataset* dataset : datasets)
        labels << (entries.contains(dataset) ? entries.value(dataset)->label : dataset->label);
    return labels.join(QStringLiteral(", "));
}

} // namespace

LoadTimeFigure::LoadTimeFigure(QCustomPlot* plot) : m_plot(plot) {
    PlotStyle::apply(m_plot);
    m_plot->setInteraction(QCP::iSelectLegend, false);
    buildLanes();
    // Lanes are named by their axis titles; the legend above them says which run is which
    // colour, and covers no data.
    PlotStyle::placeLegendAbove(m_plot);
    PlotStyle::sampleLinesOnScreenOnly(m_plot);
}

void LoadTimeFigure::buildLanes() {
    m_plot->addLayer(QString::fromLatin1(kLoadLayer), m_plot->layer(QStringLiteral("grid")),
                     QCustomPlot::limAbove);
    auto* margins = new QCPMarginGroup(m_plot);
    m_lanes[LatencyLane] = m_plot->axisRect();
    for (int lane = 1; lane < kLaneCount; ++lane) {
        m_lanes[lane] = new QCPAxisRect(m_plot);
        m_plot->plotLayout()->addElement(lane, 0, m_lanes[lane]);
    }
    m_plot->plotLayout()->setRowSpacing(0);
    for (int lane = 0; lane < kLaneCount; ++lane) {
        QCPAxisRect* rect = m_lanes[lane];
        styleAxes(rect);
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        rect->setRangeDrag(Qt::Horizontal | Qt::Vertical);
        rect->setRangeZoom(Qt::Horizontal);
        const bool bottom = lane == kLaneCount - 1;
        // Only the bottom lane carries the time axis' numbers and title; the others sit
        // close above it.
        rect->axis(QCPAxis::atBottom)->setTickLabels(bottom);
        rect->setAutoMargins(bottom ? QCP::msLeft | QCP::msRight | QCP::msBottom
                                    : QCP::msLeft | QCP::msRight);
        // Lanes as close as their tick labels allow: the top label of a lane and the bottom
        // one of the lane above reach half a line past their edges.
        rect->setMargins(
            QMargins(0, lane == 0 ? PlotStyle::minimumMargins().top() : 4, 0, bottom ? 0 : 4));
        QObject::connect(rect->axis(QCPAxis::atBottom),
                         QOverload<const QCPRange&>::of(&QCPAxis::rangeChanged), m_plot,
                         [this, lane](const QCPRange& range) {
                             for (int other = 0; other < kLaneCount; ++other)
                                 if (other != lane)
                                     m_lanes[other]->axis(QCPAxis::atBottom)->setRange(range);
                         });
    }
    // The lost requests' marks sit on a hidden 0..1 scale at the RTT lane's top.
    QCPAxis* marks = m_lanes[LatencyLane]->axis(QCPAxis::atRight);
    marks->setRange(0, 1);
    marks->setVisible(false);
}

QJsonObject LoadTimeFigure::Options::toSettings() const {
    return {{QStringLiteral("tcpMetric"), TcpState::key(tcpMetric)}};
}

LoadTimeFigure::Options LoadTimeFigure::Options::fromSettings(const QJsonObject& settings) {
    const std::optional<TcpMetric> metric =
        TcpState::fromKey(settings.value(QStringLiteral("tcpMetric")).toString());
    return {metric == TcpMetric::Rtt ? TcpMetric::Rtt : TcpMetric::Cwnd};
}

void LoadTimeFigure::resetRanges() {
    double left = 0;
    if (m_timeline.loadPeriod())
        left = std::min(left, m_timeline.loadPeriod()->first);
    m_lanes[LatencyLane]->axis(QCPAxis::atBottom)->setRange(left, m_right > left ? m_right : 1);
    for (QCPAxisRect* rect : m_lanes)
        PlotStyle::setRangeFromZero(rect->axis(QCPAxis::atLeft));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QCPGraph* LoadTimeFigure::addGraph(Lane lane, const QPen& pen, const QString& legendName) {
    QCPAxisRect* rect = m_lanes[lane];
    QCPGraph* graph = m_plot->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    graph->setPen(pen);
    graph->setAdaptiveSampling(true);
    graph->setName(legendName);
    if (legendName.isEmpty())
        graph->removeFromLegend();
    return graph;
}

void LoadTimeFigure::drawLatency(const Entries& entries) {
    for (const LoadTimeline::Placement& placement : m_timeline.latency()) {
        const DatasetEntry* entry = entries.value(placement.dataset);
        const QColor color = PlotStyle::toColor(entry->color);
        QCPGraph* rtt =
            addGraph(LatencyLane, QPen(color, PlotStyle::lineWidth() * 0.6), entry->label);
        rtt->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 2.5));
        const std::vector<double> times = m_timeline.replyTimes(placement);
        const std::vector<double>& values = placement.dataset->latency.rttMs;
        rtt->setData(QVector<double>(times.begin(), times.end()),
                     QVector<double>(values.begin(), values.end()));
        m_rtt.insert(entry->id, rtt);
        if (!times.empty())
            m_right = std::max(m_right, *std::max_element(times.begin(), times.end()));
        const std::vector<double> lost = m_timeline.lossTimes(placement);
        if (lost.empty())
            continue;
        QCPGraph* marks = m_plot->addGraph(m_lanes[LatencyLane]->axis(QCPAxis::atBottom),
                                           m_lanes[LatencyLane]->axis(QCPAxis::atRight));
        marks->setLineStyle(QCPGraph::lsNone);
        marks->setName(tr("lost request"));
        if (m_lost.size() > 0)
            marks->removeFromLegend();
        marks->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, kLostColor, kLostColor, 6));
        marks->setData(QVector<double>(lost.begin(), lost.end()),
                       QVector<double>(int(lost.size()), 0.94));
        m_lost.insert(entry->id, marks);
    }
    if (m_timeline.latency().empty())
        addLaneNote(m_plot, m_lanes[LatencyLane], tr("no visible ping with reply times (ping -D)"));
}

void LoadTimeFigure::drawThroughput(const Entries& entries) {
    for (const LoadTimeline::Placement& placement : m_timeline.throughput()) {
        const DatasetEntry* entry = entries.value(placement.dataset);
        const QColor color = PlotStyle::toColor(entry->color);
        // One legend entry per run, however many flows it has.
        QString name = entry->label;
        for (const Flow& flow : placement.dataset->flows.flows) {
            if (flow.intervals.empty())
                continue;
            QVector<double> keys, values;
            for (const FlowInterval& interval : flow.intervals) {
                keys << placement.offset + interval.start;
                values << interval.bitsPerSecond / PlotStyle::kBitsPerMbit;
            }
            keys << placement.offset + flow.intervals.back().end;
            values << values.back();
            QCPGraph* graph =
                addGraph(ThroughputLane, QPen(PlotStyle::translucent(color, 200), 1.0), name);
            name.clear();
            graph->setLineStyle(QCPGraph::lsStepLeft);
            graph->setData(keys, values, true);
        }
    }
    double end = 0;
    const std::vector<LoadTimeline::Step> sum = m_timeline.sumOfFlows(&end);
    if (sum.empty()) {
        addLaneNote(m_plot, m_lanes[ThroughputLane],
                    tr("no visible throughput log with interval lines"));
        return;
    }
    QVector<double> keys, values;
    for (const LoadTimeline::Step& step : sum) {
        keys << step.start;
        values << step.bitsPerSecond / PlotStyle::kBitsPerMbit;
    }
    keys << end;
    values << values.back();
    m_sum = addGraph(ThroughputLane, QPen(kSumColor, PlotStyle::lineWidth() * 1.3),
                     tr("SUM of the flows"));
    m_sum->setLineStyle(QCPGraph::lsStepLeft);
    m_sum->setData(keys, values, true);
    m_right = std::max(m_right, end);
}

void LoadTimeFigure::drawTcp(const Entries& entries) {
    const double scale = m_options.tcpMetric == TcpMetric::Cwnd ? 1 / kKilo : 1;
    for (const LoadTimeline::Placement& placement : m_timeline.throughput()) {
        const QColor color = PlotStyle::toColor(entries.value(placement.dataset)->color);
        for (const TcpFlowState& state : placement.tcpStates) {
            const std::vector<TcpPoint> points = TcpState::series(state, m_options.tcpMetric);
            if (points.empty())
                continue;
            QVector<double> keys, values;
            for (const TcpPoint& point : points) {
                keys << placement.offset + point.t;
                values << point.value * scale;
            }
            addGraph(TcpLane, QPen(color, 1.0), QString())->setData(keys, values, true);
            const QString source = TcpState::describe(state.kind);
            if (!m_tcpSources.contains(source))
                m_tcpSources << source;
        }
    }
    if (m_tcpSources.isEmpty())
        addLaneNote(m_plot, m_lanes[TcpLane],
                    tr("no %1 in these logs (ss -tin samples, iperf3 -J or text, iperf 2 -e)")
                        .arg(m_options.tcpMetric == TcpMetric::Cwnd ? tr("congestion window")
                                                                    : tr("TCP RTT")));
}

void LoadTimeFigure::shadeLoad() {
    if (!m_timeline.loadPeriod())
        return;
    const auto [start, end] = *m_timeline.loadPeriod();
    for (int lane = 0; lane < kLaneCount; ++lane) {
        QCPAxisRect* rect = m_lanes[lane];
        auto* shade = new QCPItemRect(m_plot);
        shade->setLayer(QString::fromLatin1(kLoadLayer));
        shade->setClipAxisRect(rect);
        for (QCPItemPosition* corner : {shade->topLeft, shade->bottomRight}) {
            corner->setAxisRect(rect);
            corner->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            corner->setTypeX(QCPItemPosition::ptPlotCoords);
            corner->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        shade->topLeft->setCoords(start, 0);
        shade->bottomRight->setCoords(end, 1);
        shade->setPen(Qt::NoPen);
        shade->setBrush(kLoadShade);
        shade->setSelectable(false);
        m_shades[lane] = shade;
    }
}

QString LoadTimeFigure::axisText() const {
    QString text;
    switch (m_timeline.basis()) {
    case LoadTimeline::Basis::ConcurrentStep:
        text = tr("time (s) from the first member's start");
        break;
    case LoadTimeline::Basis::AbsoluteTimes:
        text = tr("time (s) since the earliest start");
        break;
    case LoadTimeline::Basis::None:
        return tr("time (s) since each run's start (no run has a start time)");
    }
    if (!m_timeline.unplaced().empty())
        text += tr("; runs without a start from 0");
    return text;
}

QStringList LoadTimeFigure::notes(const Entries& entries) const {
    QStringList notes;
    if (!m_timeline.unplaced().empty())
        notes << tr("Drawn from 0 s for want of a recorded start time: %1.")
                     .arg(labelsOf(m_timeline.unplaced(), entries));
    if (!m_timeline.leftOut().empty())
        notes << (m_timeline.basis() == LoadTimeline::Basis::ConcurrentStep
                      ? tr("Not drawn: %1 (not members of step %2, or pings without reply "
                           "times).")
                            .arg(labelsOf(m_timeline.leftOut(), entries), m_timeline.step())
                      : tr("Not drawn: %1 (pings without reply times; ping -D gives them).")
                            .arg(labelsOf(m_timeline.leftOut(), entries)));
    return notes;
}

void LoadTimeFigure::setAxisLabels() {
    m_lanes[LatencyLane]->axis(QCPAxis::atLeft)->setLabel(tr("ping RTT (ms)"));
    m_lanes[ThroughputLane]
        ->axis(QCPAxis::atLeft)
        ->setLabel(tr("throughput (Mbit/s)\nflows and SUM"));
    const QString metric =
        m_options.tcpMetric == TcpMetric::Cwnd ? tr("cwnd (kB)") : tr("TCP sRTT (ms)");
    m_lanes[TcpLane]
        ->axis(QCPAxis::atLeft)
        ->setLabel(m_tcpSources.isEmpty()
                       ? metric
                       : tr("%1\n%2").arg(metric, m_tcpSources.join(QStringLiteral(", "))));
    m_lanes[TcpLane]->axis(QCPAxis::atBottom)->setLabel(axisText());
}

QString LoadTimeFigure::draw(const DatasetStore& store, const Options& options, bool keepRanges) {
    m_options = options;
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_shades.fill(nullptr);
    m_rtt.clear();
    m_lost.clear();
    m_sum = nullptr;
    m_tcpSources.clear();
    m_right = 0;

    std::vector<const DatasetEntry*> visible;
    for (const DatasetEntry& entry : store.entries())
        if (entry.visible)
            visible.push_back(&entry);
    const DrawnRuns runs = DrawnRuns::of(visible);
    Entries entries;
    std::vector<const Dataset*> datasets;
    for (const DatasetEntry* entry : runs.drawn) {
        entries.insert(&entry->dataset(), entry);
        datasets.push_back(&entry->dataset());
    }
    m_timeline = LoadTimeline::of(datasets);

    drawLatency(entries);
    drawThroughput(entries);
    drawTcp(entries);
    shadeLoad();
    setAxisLabels();

    QStringList notes = this->notes(entries);
    if (!runs.note.isEmpty())
        notes << runs.note;
    m_shownNote.clear();
    if (visible.empty())
        m_shownNote = tr("No visible dataset. Load the logs of a latency-under-load step (ping "
                         "and iperf members, and its ss -tin samples).");
    else if (m_timeline.loadPeriod())
        m_shownNote = tr("Shaded: the load, %1 s to %2 s.")
                          .arg(m_timeline.loadPeriod()->first, 0, 'f', 2)
                          .arg(m_timeline.loadPeriod()->second, 0, 'f', 2);
    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
    if (!keepRanges)
        resetRanges();
    else
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    return notes.join(QLatin1Char(' '));
}

} // namespace wb
