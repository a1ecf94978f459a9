#include "ThroughputTimeFigure.h"

#include "DatasetStore.h"
#include "DrawnRuns.h"
#include "PlotStyle.h"

#include "stats/TcpStateLines.h"

#include <QJsonValue>
#include <qcustomplot.h>

#include <algorithm>

namespace wb {

namespace {

constexpr double kKilobyte = 1024; // iperf's KBytes, which its Cwnd column prints

// How each metric reads: its name in the choice, its axis title with the unit the values
// are drawn in, and what a value of TcpState's unit (bytes, ms, bits/s, count) is divided by.
struct MetricText {
    TcpMetric metric;
    const char* name;
    const char* axis;
    double divisor;
};

constexpr MetricText kMetricTexts[] = {
    {TcpMetric::Throughput, QT_TRANSLATE_NOOP("ThroughputTimeFigure", "Throughput"),
     QT_TRANSLATE_NOOP("ThroughputTimeFigure", "throughput (Mbit/s)"), PlotStyle::kBitsPerMbit},
    {TcpMetric::Cwnd, QT_TRANSLATE_NOOP("ThroughputTimeFigure", "Congestion window"),
     QT_TRANSLATE_NOOP("ThroughputTimeFigure", "congestion window (KBytes)"), kKilobyte},
    {TcpMetric::Rtt, QT_TRANSLATE_NOOP("ThroughputTimeFigure", "Smoothed RTT"),
     QT_TRANSLATE_NOOP("ThroughputTimeFigure", "smoothed RTT (ms)"), 1},
    {TcpMetric::Retransmits, QT_TRANSLATE_NOOP("ThroughputTimeFigure", "Retransmits per interval"),
     QT_TRANSLATE_NOOP("ThroughputTimeFigure", "retransmits per interval"), 1},
    {TcpMetric::PacingRate, QT_TRANSLATE_NOOP("ThroughputTimeFigure", "Pacing rate (ss)"),
     QT_TRANSLATE_NOOP("ThroughputTimeFigure", "pacing rate (Mbit/s)"), PlotStyle::kBitsPerMbit},
    {TcpMetric::DeliveryRate, QT_TRANSLATE_NOOP("ThroughputTimeFigure", "Delivery rate (ss)"),
     QT_TRANSLATE_NOOP("ThroughputTimeFigure", "delivery rate (Mbit/s)"), PlotStyle::kBitsPerMbit},
};

const MetricText& textOf(TcpMetric metric) {
    for (const MetricText& text : kMetricTexts)
        if (text.metric == metric)
            return text;
    return kMetricTexts[0];
}

// The y axis title, with the unit the values are drawn in (displayValue).
QString axisLabel(TcpMetric metric) {
    return ThroughputTimeFigure::tr(textOf(metric).axis);
}

double displayValue(TcpMetric metric, double value) {
    return value / textOf(metric).divisor;
}

// Flow k of n in the dataset's hue, lightness spread so neighbouring lines differ, and
// translucent so 30 overlapping lines read as a band with the SUM on top.
QColor flowColor(const QColor& base, std::size_t k, std::size_t n) {
    const double t = n > 1 ? static_cast<double>(k) / static_cast<double>(n - 1) : 0.5;
    QColor color =
        QColor::fromHslF(std::max(0.0f, base.hslHueF()), std::max(0.35f, base.hslSaturationF()),
                         static_cast<float>(0.30 + 0.40 * t));
    color.setAlpha(n > ThroughputTimeFigure::kMaxAutoFlows ? 110 : 200);
    return color;
}

} // namespace

QJsonObject ThroughputTimeFigure::Options::toSettings() const {
    return {{QStringLiteral("legend"), legend},
            {QStringLiteral("flows"), flows ? QJsonValue(*flows) : QJsonValue()},
            {QStringLiteral("metric"), TcpState::key(metric)},
            {QStringLiteral("groupLine"), groupCentre == RunsOverTime::Centre::Median
                                              ? QStringLiteral("median")
                                              : QStringLiteral("mean")},
            {QStringLiteral("groupBand"), groupSpread == RunsOverTime::Spread::MinMax
                                              ? QStringLiteral("min-max")
                                              : QStringLiteral("interquartile")}};
}

ThroughputTimeFigure::Options
ThroughputTimeFigure::Options::fromSettings(const QJsonObject& settings) {
    Options options;
    const QJsonValue flows = settings.value(QStringLiteral("flows"));
    options.flows = flows.isBool() ? std::optional<bool>(flows.toBool()) : std::nullopt;
    options.metric = TcpState::fromKey(settings.value(QStringLiteral("metric")).toString())
                         .value_or(TcpMetric::Throughput);
    options.legend = settings.value(QStringLiteral("legend")).toBool(true);
    if (settings.value(QStringLiteral("groupLine")).toString() == QLatin1String("mean"))
        options.groupCentre = RunsOverTime::Centre::Mean;
    if (settings.value(QStringLiteral("groupBand")).toString() == QLatin1String("interquartile"))
        options.groupSpread = RunsOverTime::Spread::Interquartile;
    return options;
}

ThroughputTimeFigure::ThroughputTimeFigure(QCustomPlot* plot) : m_plot(plot) {
    PlotStyle::apply(m_plot);
    m_plot->setInteraction(QCP::iSelectLegend, false);
    // Legend above the axis rect: the SUM lines run along the top, where an inset would sit.
    PlotStyle::placeLegendAbove(m_plot);
    PlotStyle::sampleLinesOnScreenOnly(m_plot);
}

QString ThroughputTimeFigure::exportName(TcpMetric metric) {
    if (metric == TcpMetric::Throughput)
        return QStringLiteral("throughput-time");
    return QStringLiteral("tcp-%1-time").arg(TcpState::key(metric));
}

QString ThroughputTimeFigure::metricName(TcpMetric metric) {
    return tr(textOf(metric).name);
}

std::vector<TcpMetric> ThroughputTimeFigure::metrics() {
    std::vector<TcpMetric> metrics;
    for (const MetricText& text : kMetricTexts)
        metrics.push_back(text.metric);
    return metrics;
}

bool ThroughputTimeFigure::metricAvailable(TcpMetric metric) const {
    return std::find(m_available.begin(), m_available.end(), metric) != m_available.end();
}

void ThroughputTimeFigure::setLegendShown(bool shown) {
    m_options.legend = shown;
    m_plot->legend->setVisible(shown && m_plot->legend->itemCount() > 0);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ThroughputTimeFigure::resetRanges() {
    double right = 0;
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it) {
        if (!it.value().intervals.empty())
            right = std::max(right, it.value().intervals.back().end);
        if (!it.value().points.empty())
            right = std::max(right, it.value().points.back().t);
    }
    m_plot->xAxis->setRange(0, right > 0 ? right : 1);
    PlotStyle::setRangeFromZero(m_plot->yAxis); // the rttvar bands too
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QCPGraph* ThroughputTimeFigure::addSeries(Series series, const QPen& pen) {
    QVector<double> keys;
    QVector<double> values;
    for (const FlowInterval& interval : series.intervals) {
        keys.push_back((interval.start + interval.end) / 2);
        values.push_back(interval.bitsPerSecond / PlotStyle::kBitsPerMbit);
    }
    for (const TcpPoint& point : series.points) {
        keys.push_back(point.t);
        values.push_back(displayValue(m_options.metric, point.value));
    }
    auto* graph = m_plot->addGraph();
    graph->setName(series.name);
    graph->setPen(pen);
    graph->setAdaptiveSampling(true);
    graph->setData(keys, values, true);
    m_series.insert(graph, std::move(series));
    return graph;
}

// srtt ± rttvar as a filled channel between two graphs that have no legend entry and no
// read-out of their own.
void ThroughputTimeFigure::addBand(const std::vector<TcpPoint>& points, const QColor& color) {
    QVector<double> keys;
    QVector<double> lows;
    QVector<double> highs;
    for (const TcpPoint& point : points)
        if (point.low && point.high) {
            keys.push_back(point.t);
            lows.push_back(displayValue(m_options.metric, *point.low));
            highs.push_back(displayValue(m_options.metric, *point.high));
        }
    if (keys.isEmpty())
        return;
    auto* low = m_plot->addGraph();
    auto* high = m_plot->addGraph();
    for (QCPGraph* edge : {low, high}) {
        edge->setPen(Qt::NoPen);
        edge->removeFromLegend();
        edge->setSelectable(QCP::stNone);
    }
    low->setData(keys, lows, true);
    high->setData(keys, highs, true);
    high->setBrush(PlotStyle::translucent(color, 45));
    high->setChannelFillGraph(low);
}

void ThroughputTimeFigure::addFlows(const DatasetEntry& entry, const TcpDatasetLines& lines) {
    const std::size_t n = lines.flows.size();
    const QString sources = sourceSuffix(lines);
    std::vector<QCPGraph*>& graphs = m_flowGraphs[entry.id];
    bool inLegend = false;
    for (std::size_t k = 0; k < n; ++k) {
        const Flow& flow = *lines.flows[k].flow;
        const QPen pen(flowColor(PlotStyle::toColor(entry.color), k, n), 1.0);
        QCPGraph* graph = nullptr;
        if (m_options.metric == TcpMetric::Throughput) {
            if (flow.intervals.empty())
                continue; // whole-run totals only: nothing to draw over time
            graph =
                addSeries({tr("%1 — flow %2").arg(entry.label, flow.id), flow.intervals, {}}, pen);
        } else {
            std::vector<TcpPoint> points = TcpState::series(lines.flows[k], m_options.metric);
            if (points.empty())
                continue;
            addBand(points, pen.color());
            graph = addSeries(
                {tr("%1 — flow %2%3").arg(entry.label, flow.id, sources), {}, std::move(points)},
                pen);
        }
        graphs.push_back(graph);
        // One legend entry, the run's name, stands for all its flows (and its line, which
        // takes the entry when drawn: addDataset); the read-out names the flow.
        if (inLegend)
            graph->removeFromLegend();
        else
            graph->setName(entry.label + sources);
        inLegend = true;
    }
}

QString ThroughputTimeFigure::sourceSuffix(const TcpDatasetLines& lines) const {
    return m_commonSource ? QString()
                          : QStringLiteral(" (%1)").arg(lines.sources.join(QStringLiteral(", ")));
}

void ThroughputTimeFigure::addDataset(const DatasetEntry& entry, const TcpDatasetLines& lines,
                                      bool withFlows) {
    if (withFlows) {
        addFlows(entry, lines);
        return;
    }
    const QPen pen(PlotStyle::toColor(entry.color), PlotStyle::lineWidth() * 1.6);
    QCPGraph* graph = nullptr;
    if (m_options.metric == TcpMetric::Throughput) {
        std::vector<FlowInterval> sum = TcpStateLines::sumIntervals(lines);
        if (sum.empty())
            return;
        graph = addSeries({tr("%1 — SUM").arg(entry.label), std::move(sum), {}}, pen);
    } else {
        std::vector<TcpPoint> line = TcpStateLines::combined(lines, m_options.metric);
        if (line.empty())
            return;
        const QString what = TcpStateLines::combinationOf(m_options.metric) == TcpCombination::Sum
                                 ? tr("SUM")
                                 : tr("mean");
        graph = addSeries(
            {tr("%1 — %2%3").arg(entry.label, what, sourceSuffix(lines)), {}, std::move(line)},
            pen);
    }
    // The legend names the run; the read-out says which line (SUM, mean) it is.
    graph->setName(entry.label + sourceSuffix(lines));
    for (QCPGraph* flow : m_flowGraphs.value(entry.id))
        flow->removeFromLegend();
    m_sums.insert(entry.id, graph);
}

bool ThroughputTimeFigure::samplerOfThroughput(const DatasetEntry& entry) const {
    // An ss log is no run: its connections' state is drawn, never as a run's throughput.
    return m_options.metric == TcpMetric::Throughput && TcpState::isSampler(entry.dataset());
}

QString ThroughputTimeFigure::centreName(RunsOverTime::Centre centre) {
    return centre == RunsOverTime::Centre::Median ? tr("median") : tr("mean");
}

QString ThroughputTimeFigure::spreadName(RunsOverTime::Spread spread) {
    return spread == RunsOverTime::Spread::MinMax ? tr("min–max") : tr("interquartile range");
}

ThroughputTimeFigure::GroupRuns
ThroughputTimeFigure::runsOf(const PooledGroup& group, const std::vector<TcpDatasetLines>& lines,
                             const std::vector<const DatasetEntry*>& entries) const {
    GroupRuns runs;
    runs.group = &group;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (std::find(group.memberIds.begin(), group.memberIds.end(), entries[i]->id) ==
                group.memberIds.end() ||
            lines[i].drawnAs || samplerOfThroughput(*entries[i]))
            continue;
        std::vector<TcpPoint> line = TcpStateLines::combined(lines[i], m_options.metric);
        if (line.empty())
            continue;
        runs.lines.push_back(std::move(line));
        runs.labels << entries[i]->label;
    }
    return runs;
}

void ThroughputTimeFigure::addGroups(const std::vector<GroupRuns>& groups) {
    for (const GroupRuns& runs : groups) {
        const QColor color = PlotStyle::toColor(runs.group->color);
        std::vector<QCPGraph*>& graphs = m_groupRuns[runs.group->name];
        for (std::size_t r = 0; r < runs.lines.size(); ++r) {
            QCPGraph* graph = addSeries({runs.labels[int(r)], {}, runs.lines[r]},
                                        QPen(PlotStyle::translucent(color, 70), 0.8));
            graph->removeFromLegend();
            graphs.push_back(graph);
        }
    }
    std::vector<std::vector<RunsOverTime::Point>> across;
    for (const GroupRuns& runs : groups) {
        across.push_back(
            RunsOverTime::of(runs.lines, m_options.groupCentre, m_options.groupSpread));
        if (runs.lines.size() < 2)
            continue; // one run: no band
        std::vector<TcpPoint> band;
        for (const RunsOverTime::Point& point : across.back())
            band.push_back({point.t, point.centre, point.low, point.high});
        addBand(band, PlotStyle::toColor(runs.group->color));
    }
    const QString centre = centreName(m_options.groupCentre);
    const QString spread = spreadName(m_options.groupSpread);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const GroupRuns& runs = groups[g];
        if (across[g].empty())
            continue;
        std::vector<TcpPoint> line;
        for (const RunsOverTime::Point& point : across[g])
            line.push_back({point.t, point.centre, std::nullopt, std::nullopt});
        const QString name = runs.lines.size() > 1 ? tr("%1 — %2 of %3 runs, band %4")
                                                         .arg(runs.group->name, centre)
                                                         .arg(runs.lines.size())
                                                         .arg(spread)
                                                   : tr("%1 — 1 run").arg(runs.group->name);
        QCPGraph* graph =
            addSeries({name, {}, std::move(line)},
                      QPen(PlotStyle::toColor(runs.group->color), PlotStyle::lineWidth() * 1.6));
        // The legend names the group; the note and the read-out say what the line is.
        graph->setName(runs.group->name);
        m_groups.insert(runs.group->name, graph);
    }
}

QStringList ThroughputTimeFigure::notesOf(const std::vector<const DatasetEntry*>& entries,
                                          const std::vector<TcpDatasetLines>& lines,
                                          bool grouped) const {
    QStringList notes;
    QStringList sources;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const QString& label = entries[i]->label;
        if (const Dataset* drawnAs = lines[i].drawnAs) {
            const auto owner =
                std::find_if(entries.begin(), entries.end(),
                             [&](const DatasetEntry* e) { return &e->dataset() == drawnAs; });
            notes << tr("%1: its sockets are drawn as the flows of %2, whose TCP state they are.")
                         .arg(label, owner != entries.end() ? (*owner)->label : tr("a hidden run"));
        } else if (samplerOfThroughput(*entries[i])) {
            notes << tr("%1: ss -tin samples without the run of their step: the TCP state of "
                        "the connections they sampled (cwnd, RTT, …), not a throughput run.")
                         .arg(label);
        } else if (m_options.metric == TcpMetric::Throughput) {
            if (!grouped && !m_sums.contains(entries[i]->id))
                notes << tr("%1: the log has no interval lines (run iperf with -i 1); its totals "
                            "are on the Flows tab.")
                             .arg(label);
        } else if (!TcpStateLines::has(lines[i], m_options.metric)) {
            notes << tr("%1: its log has no %2 (iperf3 -J, iperf3 text, iperf 2 -e and ss -tin "
                        "samples do).")
                         .arg(label, metricName(m_options.metric).toLower());
        } else {
            sources << tr("%1: %2").arg(label, lines[i].sources.join(QStringLiteral(", ")));
        }
    }
    if (!sources.isEmpty())
        notes.prepend(tr("TCP state read from — %1.").arg(sources.join(QStringLiteral("; "))));
    bool banded = false;
    for (int i = 0; i < m_plot->graphCount() && !banded; ++i)
        banded = m_plot->graph(i)->channelFillGraph() != nullptr;
    if (grouped) {
        const bool sum = TcpStateLines::combinationOf(m_options.metric) == TcpCombination::Sum;
        notes << tr("Each group: the %1 of its runs over time (each run's %2, from its own "
                    "start, where every run has data); shaded: %3 of the runs; faint: each run.")
                     .arg(centreName(m_options.groupCentre),
                          sum ? tr("SUM of its flows") : tr("mean of its flows"),
                          spreadName(m_options.groupSpread));
    } else if (banded) {
        notes << tr("The shaded band around each flow's RTT is ± rttvar where the log has it.");
    }
    if (m_options.metric != TcpMetric::Throughput && !metricAvailable(m_options.metric))
        notes << tr("No visible dataset has %1.").arg(metricName(m_options.metric).toLower());
    return notes;
}

QString ThroughputTimeFigure::readOut(const Series& series, int index) const {
    if (!series.intervals.empty()) {
        const FlowInterval& interval = series.intervals[static_cast<std::size_t>(index)];
        return tr("<b>%1</b><br>%2–%3 s<br>%4 Mbit/s")
            .arg(series.name.toHtmlEscaped(), QString::number(interval.start, 'f', 1),
                 QString::number(interval.end, 'f', 1),
                 QString::number(interval.bitsPerSecond / PlotStyle::kBitsPerMbit, 'f', 2));
    }
    const TcpPoint& point = series.points[static_cast<std::size_t>(index)];
    QString value;
    switch (m_options.metric) {
    case TcpMetric::Cwnd:
        value = tr("cwnd %1 KBytes (%2 bytes)")
                    .arg(QString::number(point.value / kKilobyte, 'f', 1))
                    .arg(QString::number(point.value, 'f', 0));
        break;
    case TcpMetric::Rtt:
        value = tr("srtt %1 ms").arg(QString::number(point.value, 'f', 3));
        if (point.high)
            value += tr(", rttvar %1 ms").arg(QString::number(*point.high - point.value, 'f', 3));
        break;
    case TcpMetric::Retransmits:
        value = tr("%1 retransmits").arg(QString::number(point.value, 'g', 10));
        break;
    case TcpMetric::Throughput:
    case TcpMetric::PacingRate:
    case TcpMetric::DeliveryRate:
        value = tr("%1: %2 Mbit/s")
                    .arg(metricName(m_options.metric),
                         QString::number(point.value / PlotStyle::kBitsPerMbit, 'f', 2));
        break;
    }
    return tr("<b>%1</b><br>%2 s<br>%3")
        .arg(series.name.toHtmlEscaped(), QString::number(point.t, 'f', 2), value);
}

void ThroughputTimeFigure::setAxisLabels(const std::vector<TcpDatasetLines>& lines) {
    // One source for every line: named once under the plot, the legend stays short.
    QStringList sources;
    for (const TcpDatasetLines& entry : lines)
        if (!entry.drawnAs && TcpStateLines::has(entry, m_options.metric))
            for (const QString& source : entry.sources)
                if (!sources.contains(source))
                    sources << source;
    m_commonSource = sources.size() <= 1;
    if (m_options.metric == TcpMetric::Throughput)
        m_plot->xAxis->setLabel(tr("time (s, interval midpoint)"));
    else if (m_commonSource && !sources.isEmpty())
        m_plot->xAxis->setLabel(tr("time (s); TCP state from %1").arg(sources.front()));
    else
        m_plot->xAxis->setLabel(tr("time (s)"));
    m_plot->yAxis->setLabel(axisLabel(m_options.metric));
}

QString ThroughputTimeFigure::draw(const std::vector<const DatasetEntry*>& visible,
                                   const std::vector<PooledGroup>& groups, const Options& options) {
    m_options = options;
    m_plot->clearGraphs();
    m_sums.clear();
    m_flowGraphs.clear();
    m_groups.clear();
    m_groupRuns.clear();
    m_series.clear();
    DrawnRuns runs = DrawnRuns::of(visible);
    const std::vector<const DatasetEntry*>& entries = runs.drawn;
    std::vector<TcpDatasetLines> lines;
    for (const DatasetEntry* entry : entries)
        lines.push_back(entry->analysis->tcpLines);
    m_available.clear();
    for (const MetricText& text : kMetricTexts)
        if (text.metric == TcpMetric::Throughput ? !lines.empty()
                                                 : TcpStateLines::has(lines, text.metric))
            m_available.push_back(text.metric);
    setAxisLabels(lines);

    m_flowsShown = options.flows.value_or(
        std::all_of(visible.begin(), visible.end(), [](const DatasetEntry* e) {
            return e->dataset().flows.flows.size() <= kMaxAutoFlows;
        }));
    const bool grouped = !groups.empty();
    const bool withFlows = !grouped && m_flowsShown;
    if (grouped) {
        std::vector<GroupRuns> runsOfGroups;
        for (const PooledGroup& group : groups)
            runsOfGroups.push_back(runsOf(group, lines, entries));
        addGroups(runsOfGroups);
    } else {
        // Two passes so every SUM is drawn over every dataset's flow lines.
        for (bool flows : {true, false})
            if (flows == withFlows || !flows)
                for (std::size_t i = 0; i < entries.size(); ++i)
                    if (!lines[i].drawnAs && !samplerOfThroughput(*entries[i]))
                        addDataset(*entries[i], lines[i], flows);
    }
    m_notes = notesOf(entries, lines, grouped);
    if (entries.empty())
        m_notes << tr("No visible throughput dataset. Drop iperf or iperf3 logs onto the window.");
    else if (!grouped && !withFlows && !options.flows)
        m_notes << tr("Individual flows are hidden because a dataset has more than %1; tick "
                      "“individual flows” to draw them.")
                       .arg(kMaxAutoFlows);
    m_plot->legend->setVisible(options.legend && m_plot->legend->itemCount() > 0);
    resetRanges();
    return runs.note;
}

Readout ThroughputTimeFigure::toolTipAt(const QPointF& pixel) const {
    const Series* best = nullptr;
    const QCPGraph* bestGraph = nullptr;
    int bestIndex = -1;
    double bestDistance = m_plot->selectionTolerance();
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it) {
        QVariant details;
        const double distance = it.key()->selectTest(pixel, false, &details);
        if (distance < 0 || distance >= bestDistance)
            continue;
        best = &it.value();
        bestGraph = it.key();
        bestDistance = distance;
        bestIndex = details.value<QCPDataSelection>().dataRange().begin();
    }
    if (!best || bestIndex < 0 ||
        static_cast<std::size_t>(bestIndex) >=
            std::max(best->intervals.size(), best->points.size()))
        return {};
    return {readOut(*best, bestIndex), bestGraph->dataPixelPosition(bestIndex)};
}

} // namespace wb
