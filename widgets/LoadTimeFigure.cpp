#include "LoadTimeFigure.h"

#include "DatasetStore.h"
#include "DrawnRuns.h"
#include "LaneTitles.h"
#include "LegendLayout.h"
#include "PlotStyle.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <qcustomplot.h>

#include <algorithm>

namespace wb {

namespace {

constexpr double kKilo = 1e3;
const QColor kLostColor(200, 30, 30);
const QColor kSumColor(40, 40, 40);
const QColor kLoadShade(255, 170, 60, 45);
constexpr char kLoadLayer[] = "load";
// The least figure height (layout units, 1/96 in) that names the phases above the RTT lane: a
// shorter one (a paper column's 2.5 in, two columns' 3 in) gives that row to the lanes, and
// the RTT lane's title says what the shading is.
constexpr int kPhaseRowLeastHeight = 300;

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
    // After the legend's fitting (connected by PlotStyle::apply), before the titles' (which
    // raise each lane's range to its height): the phase row and the rows' stretch set the
    // lanes' heights.
    QObject::connect(m_plot, &QCustomPlot::afterLayout, m_plot, [this] {
        fitPhaseRow();
        shareHeightAlike();
    });
    m_laneTitles = std::make_unique<LaneTitles>(
        m_plot, std::vector<QCPAxisRect*>(m_lanes.begin(), m_lanes.end()));
    // Lanes are named by their titles; the legend says which run is which colour. It sits at
    // the throughput lane's top right, beside its title, with the lane's range raised below
    // both: rows of its own would take a fifth of a column figure's height from the lanes.
    LegendLayout::setHome(m_plot, m_lanes[ThroughputLane]);
    LegendLayout* legend = LegendLayout::of(m_plot);
    legend->setCorners({Qt::AlignTop | Qt::AlignRight}, [plot = m_plot](const QRectF& box) {
        return LegendLayout::dataIn(plot, box);
    });
    legend->keepInHome(3);
    // Short keys: the lane's width holds three entries beside its title. A graph draws its
    // key's line 5 px past the icon (QCPGraph::drawLegendIcon), which the padding clears with
    // room for a thick pen's cap.
    m_plot->legend->setIconSize(5, 15);
    m_plot->legend->setIconTextPadding(9);
    m_laneTitles->setLegendLane(ThroughputLane);
    m_laneTitles->setTopMarks(LatencyLane, m_lanes[LatencyLane]->axis(QCPAxis::atRight));
    PlotStyle::sampleLinesOnScreenOnly(m_plot);
}

LoadTimeFigure::~LoadTimeFigure() = default;

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
        // Lanes as close as their tick labels allow: the top label of a lane reaches past its
        // edge by what PlotStyle fits the top margin to, the bottom one of the lane above by
        // half a line, which its lane's bottom margin and the top margin's least share.
        rect->setAutoMargins(bottom ? QCP::msLeft | QCP::msRight | QCP::msTop | QCP::msBottom
                                    : QCP::msLeft | QCP::msRight | QCP::msTop);
        rect->setMargins(QMargins(0, 0, 0, bottom ? 0 : 4));
        QObject::connect(rect->axis(QCPAxis::atBottom),
                         QOverload<const QCPRange&>::of(&QCPAxis::rangeChanged), m_plot,
                         [this, lane](const QCPRange& range) {
                             for (int other = 0; other < kLaneCount; ++other)
                                 if (other != lane)
                                     m_lanes[other]->axis(QCPAxis::atBottom)->setRange(range);
                             // The phase names above the RTT lane follow its time axis.
                             m_lanes[LatencyLane]->axis(QCPAxis::atTop)->setRange(range);
                         });
    }
    // The lost requests' marks sit on a hidden 0..1 scale at the RTT lane's top, below its
    // title when that is inside the lane.
    QCPAxis* marks = m_lanes[LatencyLane]->axis(QCPAxis::atRight);
    marks->setRange(0, 1);
    marks->setVisible(false);
}

QJsonObject LoadTimeFigure::Options::toSettings() const {
    QJsonObject settings{{QStringLiteral("tcpMetric"), TcpState::key(tcpMetric)}};
    if (!hiddenSteps.isEmpty())
        settings.insert(QStringLiteral("hiddenSteps"), QJsonArray::fromStringList(hiddenSteps));
    return settings;
}

LoadTimeFigure::Options LoadTimeFigure::Options::fromSettings(const QJsonObject& settings) {
    const std::optional<TcpMetric> metric =
        TcpState::fromKey(settings.value(QStringLiteral("tcpMetric")).toString());
    Options options;
    options.tcpMetric = metric == TcpMetric::Rtt ? TcpMetric::Rtt : TcpMetric::Cwnd;
    for (const QJsonValue step : settings.value(QStringLiteral("hiddenSteps")).toArray())
        options.hiddenSteps << step.toString();
    return options;
}

QColor LoadTimeFigure::StepPen::of(const DatasetEntry* entry) const {
    return color ? *color : PlotStyle::toColor(entry->color);
}

void LoadTimeFigure::resetRanges() {
    double left = 0;
    for (const LoadTimeline& timeline : m_timelines)
        if (timeline.loadPeriod())
            left = std::min(left, timeline.loadPeriod()->first);
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

void LoadTimeFigure::drawLatency(const LoadTimeline& timeline, const Entries& entries,
                                 const StepPen& pen) {
    for (const LoadTimeline::Placement& placement : timeline.latency()) {
        const DatasetEntry* entry = entries.value(placement.dataset);
        const QColor color = pen.of(entry);
        QCPGraph* rtt =
            addGraph(LatencyLane, QPen(color, PlotStyle::lineWidth() * 0.6), entry->label);
        rtt->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 2.5));
        const std::vector<double> times = timeline.replyTimes(placement);
        const std::vector<double>& values = placement.dataset->latency.rttMs;
        rtt->setData(QVector<double>(times.begin(), times.end()),
                     QVector<double>(values.begin(), values.end()));
        m_rtt.insert(entry->id, rtt);
        if (!times.empty())
            m_right = std::max(m_right, *std::max_element(times.begin(), times.end()));
        const std::vector<double> lost = timeline.lossTimes(placement);
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
}

void LoadTimeFigure::drawThroughput(const LoadTimeline& timeline, const Entries& entries,
                                    const StepPen& pen) {
    for (const LoadTimeline::Placement& placement : timeline.throughput()) {
        const DatasetEntry* entry = entries.value(placement.dataset);
        const QColor color = pen.of(entry);
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
    const std::vector<LoadTimeline::Step> sum = timeline.sumOfFlows(&end);
    if (sum.empty()) {
        m_sums.push_back(nullptr);
        return;
    }
    QVector<double> keys, values;
    for (const LoadTimeline::Step& step : sum) {
        keys << step.start;
        values << step.bitsPerSecond / PlotStyle::kBitsPerMbit;
    }
    keys << end;
    values << values.back();
    QCPGraph* graph =
        addGraph(ThroughputLane, QPen(pen.color.value_or(kSumColor), PlotStyle::lineWidth() * 1.3),
                 tr("SUM"));
    graph->setLineStyle(QCPGraph::lsStepLeft);
    graph->setData(keys, values, true);
    m_sums.push_back(graph);
    m_right = std::max(m_right, end);
}

void LoadTimeFigure::drawTcp(const LoadTimeline& timeline, const Entries& entries,
                             const StepPen& pen) {
    const double scale = m_options.tcpMetric == TcpMetric::Cwnd ? 1 / kKilo : 1;
    for (const LoadTimeline::Placement& placement : timeline.throughput()) {
        const QColor color = pen.of(entries.value(placement.dataset));
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
}

void LoadTimeFigure::drawStep(const LoadTimeline& timeline, const Entries& entries,
                              const StepPen& pen) {
    drawLatency(timeline, entries, pen);
    drawThroughput(timeline, entries, pen);
    drawTcp(timeline, entries, pen);
    LoadPhases phases = LoadPhases::of(timeline);
    shadeLoad(timeline, phases);
    if (!phases.empty())
        m_phases.push_back(std::move(phases));
}

void LoadTimeFigure::nameStep(int firstGraph, const QString& step) {
    QCPGraph* named = nullptr;
    for (int i = firstGraph; i < m_plot->graphCount(); ++i) {
        QCPGraph* graph = m_plot->graph(i);
        if (std::find(m_lost.cbegin(), m_lost.cend(), graph) != m_lost.cend())
            continue; // "lost request" keeps its one entry
        graph->removeFromLegend();
        if (!named || graph == m_sums.back())
            named = graph;
    }
    if (!named)
        return;
    named->setName(step);
    named->addToLegend();
}

// One step's runs are named alike ("rrul congestion=cubic up-1"): their legend entries keep
// what tells them apart, and the time axis' title names what they share once.
void LoadTimeFigure::dropCommonPrefix() {
    std::vector<QCPGraph*> named;
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        QCPGraph* graph = m_plot->graph(i);
        const bool own = std::find(m_lost.cbegin(), m_lost.cend(), graph) == m_lost.cend() &&
                         std::find(m_sums.cbegin(), m_sums.cend(), graph) == m_sums.cend();
        if (own && !graph->name().isEmpty() && m_plot->legend->hasItemWithPlottable(graph))
            named.push_back(graph);
    }
    if (named.size() < 2)
        return;
    QString prefix = named.front()->name();
    for (const QCPGraph* graph : named) {
        int same = 0;
        while (same < prefix.size() && same < graph->name().size() &&
               prefix[same] == graph->name()[same])
            ++same;
        prefix.truncate(same);
    }
    // Whole words only, and every entry keeps a name of its own.
    prefix.truncate(prefix.lastIndexOf(QLatin1Char(' ')) + 1);
    // Said in the time axis' title, without the separator that ended it in the names.
    static const QRegularExpression separator(QStringLiteral("[\\s:;,\\-]+$"));
    const QString said = QString(prefix).remove(separator);
    if (said.isEmpty())
        return;
    for (const QCPGraph* graph : named)
        if (graph->name().size() <= prefix.size())
            return;
    for (QCPGraph* graph : named)
        graph->setName(graph->name().mid(prefix.size()));
    m_commonPrefix = said;
}

void LoadTimeFigure::addLaneNotes() {
    const auto none = [this](auto has) {
        return std::none_of(m_timelines.begin(), m_timelines.end(), has);
    };
    if (none([](const LoadTimeline& t) { return !t.latency().empty(); }))
        addLaneNote(m_plot, m_lanes[LatencyLane], tr("no visible ping with reply times (ping -D)"));
    if (std::all_of(m_sums.begin(), m_sums.end(), [](QCPGraph* sum) { return !sum; }))
        addLaneNote(m_plot, m_lanes[ThroughputLane],
                    tr("no visible throughput log with interval lines"));
    if (m_tcpSources.isEmpty())
        addLaneNote(m_plot, m_lanes[TcpLane],
                    tr("no %1 in these logs (ss -tin samples, iperf3 -J or text, iperf 2 -e)")
                        .arg(m_options.tcpMetric == TcpMetric::Cwnd ? tr("congestion window")
                                                                    : tr("TCP RTT")));
}

void LoadTimeFigure::shadeLoad(const LoadTimeline& timeline, const LoadPhases& phases) {
    // The phases' load (the members' recorded starts and ends) where the step has them, else
    // from the flows' intervals.
    const auto period = phases.empty() ? timeline.loadPeriod() : phases.load();
    if (!period)
        return;
    const auto [start, end] = *period;
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
        if (!m_shades[lane]) // the first step's
            m_shades[lane] = shade;
    }
}

void LoadTimeFigure::labelPhases(const LoadPhases* phases) {
    m_phaseLabels.clear();
    // Their names only, short enough for their spans: the figures are in the phase table.
    if (phases && !phases->pings().empty())
        for (const LoadPhases::PhaseLatency& phase : phases->pings().front().phases)
            m_phaseLabels.emplace_back((phase.from + phase.to) / 2,
                                       LoadPhases::phaseName(phase.phase));
    // On the lane's top axis: tick labels lie outside the data, which no text may cover.
    QCPAxisRect* lane = m_lanes[LatencyLane];
    QCPAxis* top = lane->axis(QCPAxis::atTop);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (const auto& [x, text] : m_phaseLabels)
        ticker->addTick(x, text);
    top->setTicker(ticker);
    top->setTickLength(0, 0);
    top->setSubTicks(false);
    top->setBasePen(Qt::NoPen);
    top->setTickPen(Qt::NoPen);
    top->grid()->setVisible(false);
    top->setRange(lane->axis(QCPAxis::atBottom)->range());
    showPhaseRow(!m_phaseLabels.empty());
}

bool LoadTimeFigure::showPhaseRow(bool shown) {
    QCPAxis* top = m_lanes[LatencyLane]->axis(QCPAxis::atTop);
    if (top->visible() == shown && top->tickLabels() == shown)
        return false;
    top->setVisible(shown);
    top->setTickLabels(shown);
    return true;
}

void LoadTimeFigure::shareHeightAlike() {
    // Each lane's row stretched by its data height plus its bottom margin (the bottom lane's
    // holds the time axis), in whole pixels: QCustomPlot's rounding of fractional rows could
    // push the last one past the figure. Not by the top margins, which follow the tick labels
    // (PlotStyle) and so the ranges that the lanes' heights give: a few pixels that would make
    // the next layout of the same size differ.
    QCPLayoutGrid* grid = m_plot->plotLayout();
    std::array<int, kLaneCount> rows{};
    int lanesHeight = grid->rect().height(), margins = 0;
    for (int row = 0; row < grid->rowCount(); ++row) {
        QCPLayoutElement* element = grid->element(row, 0);
        const auto lane = std::find(m_lanes.begin(), m_lanes.end(), element);
        if (lane == m_lanes.end()) { // a legend's or a title's row
            lanesHeight -= element ? element->outerRect().height() : 0;
            continue;
        }
        rows[static_cast<std::size_t>(lane - m_lanes.begin())] = row;
        margins += (*lane)->margins().bottom();
    }
    const int data = std::max(0, lanesHeight - margins);
    bool changed = false;
    for (int lane = 0; lane < kLaneCount; ++lane) {
        const int share = data / kLaneCount + (lane == kLaneCount - 1 ? data % kLaneCount : 0);
        const double factor = std::max(1, share + m_lanes[lane]->margins().bottom());
        if (grid->rowStretchFactors().value(rows[lane]) != factor) {
            grid->setRowStretchFactor(rows[lane], factor);
            changed = true;
        }
    }
    if (changed)
        PlotStyle::relayout(m_plot);
}

void LoadTimeFigure::fitPhaseRow() {
    const bool room = m_plot->viewport().height() >= kPhaseRowLeastHeight;
    if (showPhaseRow(!m_phaseLabels.empty() && room))
        PlotStyle::relayout(m_plot);
}

QString LoadTimeFigure::axisText() const {
    const LoadTimeline& first = m_timelines.front();
    QString text;
    switch (first.basis()) {
    case LoadTimeline::Basis::ConcurrentStep:
        // A step starts with its first member.
        text = m_timelines.size() > 1     ? tr("time (s) from each step's start")
               : m_commonPrefix.isEmpty() ? tr("time (s) from the step's start")
                                          : tr("time (s) from the start of %1").arg(m_commonPrefix);
        break;
    case LoadTimeline::Basis::AbsoluteTimes:
        text = tr("time (s) since the earliest start");
        break;
    case LoadTimeline::Basis::None:
        return tr("time (s) since each run's start (no run has a start time)");
    }
    if (std::any_of(m_timelines.begin(), m_timelines.end(),
                    [](const LoadTimeline& timeline) { return !timeline.unplaced().empty(); }))
        text += tr("; runs without a start from 0");
    if (!m_commonPrefix.isEmpty() && first.basis() != LoadTimeline::Basis::ConcurrentStep)
        text = tr("%1: %2").arg(m_commonPrefix, text);
    return text;
}

QStringList LoadTimeFigure::notes(const Entries& entries) const {
    QStringList notes;
    std::vector<const Dataset*> unplaced;
    for (const LoadTimeline& timeline : m_timelines)
        for (const Dataset* dataset : timeline.unplaced())
            unplaced.push_back(dataset);
    if (!unplaced.empty())
        notes << tr("Drawn from 0 s for want of a recorded start time: %1.")
                     .arg(labelsOf(unplaced, entries));
    QStringList hidden;
    for (const QString& step : m_steps)
        if (m_options.hiddenSteps.contains(step))
            hidden << step;
    if (!hidden.isEmpty())
        notes << tr("Steps not drawn (unticked in Steps): %1.")
                     .arg(hidden.join(QStringLiteral(", ")));
    const LoadTimeline& first = m_timelines.front();
    if (!m_leftOut.empty())
        notes << (first.basis() != LoadTimeline::Basis::ConcurrentStep
                      ? tr("Not drawn: %1 (pings without reply times; ping -D gives them).")
                            .arg(labelsOf(m_leftOut, entries))
                  : m_timelines.size() > 1
                      ? tr("Not drawn: %1 (members of no step drawn, or pings without reply "
                           "times).")
                            .arg(labelsOf(m_leftOut, entries))
                      : tr("Not drawn: %1 (not members of step %2, or pings without reply "
                           "times).")
                            .arg(labelsOf(m_leftOut, entries), first.step()));
    return notes;
}

QString LoadTimeFigure::latencyLaneTitle() const {
    QStringList tools;
    for (const LoadTimeline& timeline : m_timelines)
        for (const LoadTimeline::Placement& placement : timeline.latency())
            if (!tools.contains(placement.dataset->info.tool))
                tools << placement.dataset->info.tool;
    const QString quantity = latencyMetricName(m_metric);
    if (tools.size() == 1 && !tools.front().isEmpty())
        return tr("%1 %2 (ms)").arg(tools.front(), quantity);
    return tr("%1 (ms)").arg(quantity);
}

void LoadTimeFigure::setAxisLabels() {
    const QString metric =
        m_options.tcpMetric == TcpMetric::Cwnd ? tr("cwnd (kB)") : tr("TCP sRTT (ms)");
    m_laneTitles->setTitles(
        {std::any_of(m_shades.begin(), m_shades.end(), [](QCPItemRect* shade) { return shade; })
             ? tr("%1\nshaded: under load").arg(latencyLaneTitle())
             : latencyLaneTitle(),
         tr("throughput (Mbit/s)"),
         m_tcpSources.isEmpty()
             ? metric
             : tr("%1\n%2").arg(metric, m_tcpSources.join(QStringLiteral(", ")))});
    m_lanes[TcpLane]->axis(QCPAxis::atBottom)->setLabel(axisText());
}

QString LoadTimeFigure::draw(const DatasetStore& store, const Options& options, bool keepRanges) {
    m_options = options;
    m_metric = store.latencyMetric();
    m_plot->clearGraphs();
    m_plot->clearItems();

    m_shades.fill(nullptr);
    m_phases.clear();
    m_rtt.clear();
    m_lost.clear();
    m_sums.clear();
    m_tcpSources.clear();
    m_commonPrefix.clear();
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
    m_steps = LoadTimeline::steps(datasets);
    m_timelines.clear();
    std::vector<int> stepIndex; // each timeline's place among m_steps: its colour
    for (int k = 0; k < m_steps.size(); ++k)
        if (!options.hiddenSteps.contains(m_steps[k])) {
            m_timelines.push_back(LoadTimeline::ofStep(datasets, m_steps[k]));
            stepIndex.push_back(k);
        }
    if (m_steps.isEmpty())
        m_timelines.push_back(LoadTimeline::of(datasets));
    else if (m_timelines.empty()) // every step hidden: empty lanes that say so
        m_timelines.push_back(LoadTimeline::ofStep({}, QString()));

    const bool overlaid = m_timelines.size() > 1;
    for (std::size_t k = 0; k < m_timelines.size(); ++k) {
        StepPen pen;
        if (overlaid)
            pen.color = PlotStyle::toColor(SeriesColor::palette(stepIndex[k]));
        const int firstGraph = m_plot->graphCount();
        drawStep(m_timelines[k], entries, pen);
        if (overlaid)
            nameStep(firstGraph, m_timelines[k].step());
    }
    if (!overlaid)
        dropCommonPrefix();
    // One ping is named by its lane's title; the legend keeps the flows' colours.
    if (!overlaid && m_rtt.size() == 1)
        m_rtt.begin().value()->removeFromLegend();
    labelPhases(!overlaid && !m_phases.empty() ? &m_phases.front() : nullptr);
    addLaneNotes();
    m_leftOut.clear();
    for (const Dataset* dataset : datasets) {
        const auto drawnIn = [dataset](const LoadTimeline& timeline) {
            for (const auto* placements : {&timeline.latency(), &timeline.throughput()})
                for (const LoadTimeline::Placement& placement : *placements)
                    if (placement.dataset == dataset)
                        return true;
            return false;
        };
        if (!LoadTimeline::isSampler(*dataset) &&
            !options.hiddenSteps.contains(LoadTimeline::stepOf(*dataset)) &&
            std::none_of(m_timelines.begin(), m_timelines.end(), drawnIn))
            m_leftOut.push_back(dataset);
    }
    setAxisLabels();

    QStringList notes = this->notes(entries);
    if (!runs.note.isEmpty())
        notes << runs.note;
    m_shownNote.clear();
    QStringList loads;
    for (const LoadTimeline& timeline : m_timelines) {
        const auto phases = std::find_if(m_phases.begin(), m_phases.end(), [&](const auto& p) {
            return p.step() == timeline.step();
        });
        const auto period = phases != m_phases.end() ? phases->load() : timeline.loadPeriod();
        if (period)
            loads
                << tr("%1 s to %2 s").arg(period->first, 0, 'f', 2).arg(period->second, 0, 'f', 2);
    }
    if (visible.empty())
        m_shownNote = tr("No visible dataset. Load the logs of a latency-under-load step (ping "
                         "and iperf members, and its ss -tin samples).");
    else if (overlaid && !loads.isEmpty())
        m_shownNote = tr("%1 steps overlaid, each from its own start in its own colour. Shaded: "
                         "the load of each, %2.")
                          .arg(m_timelines.size())
                          .arg(loads.join(QStringLiteral("; ")));
    else if (!loads.isEmpty())
        m_shownNote = tr("Shaded: the load, %1.").arg(loads.front());
    // Each step's headline, named by its step when several are overlaid.
    QStringList increases;
    QStringList late;
    for (const LoadPhases& phases : m_phases) {
        if (phases.pings().empty())
            continue;
        const LoadPhases::PingPhases& ping = phases.pings().front();
        const QString increase = tr("p50 %1 ms, p99 %2 ms")
                                     .arg(ping.increaseP50Ms, 0, 'f', 3)
                                     .arg(ping.increaseP99Ms, 0, 'f', 3);
        increases << (m_phases.size() > 1 ? phases.step() + QStringLiteral(": ") + increase
                                          : increase);
        late << phases.lateWarnings();
    }
    if (!increases.isEmpty())
        m_shownNote += QLatin1Char(' ') + tr("Latency increase under load (loaded less idle): %1.")
                                              .arg(increases.join(QStringLiteral("; ")));
    for (const QString& warning : late)
        m_shownNote += QLatin1Char(' ') + warning + QLatin1Char('.');
    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
    if (!keepRanges)
        resetRanges();
    else
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    return notes.join(QLatin1Char(' '));
}

} // namespace wb
