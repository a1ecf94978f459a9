#include "FlowBarsFigure.h"

#include "ConfidenceBars.h"
#include "DatasetStore.h"
#include "DrawnRuns.h"
#include "PlotStyle.h"
#include "report/GroupSummaryReport.h"
#include "stats/Measured.h"

#include <qcustomplot.h>

#include <algorithm>
#include <numeric>

namespace wb {

namespace {

// Share of a flow slot the bars of all datasets fill together; the rest separates flows.
constexpr double kGroupBarWidth = 0.8;
// The gap between neighbouring bars of a slot, in bar widths: in plot coordinates, so a slot's
// bars stay inside it (and the mean slot inside the axis) however narrow the plot is.
constexpr double kBarGap = 0.1;
// Room one stream-id label needs on the x axis, in pixels (two digits and a gap).
constexpr int kPixelsPerIdLabel = 24;
// The dashed line between the flows and the mean slot: this far left of the slot's key.
constexpr double kMeanSlotSeparator = 0.75;

// Flow indices in the order the bars are drawn. Stream numbers sort numerically ("3" before
// "12"); ties (the same number in both directions) fall back to the unique id.
std::vector<std::size_t> barOrder(const DatasetEntry& entry, FlowBarsFigure::Ordering ordering) {
    const FlowStatistics& stats = entry.analysis->flows;
    const std::vector<Flow>& flows = entry.dataset().flows.flows;
    std::vector<std::size_t> order(stats.flows.size());
    std::iota(order.begin(), order.end(), 0);
    if (ordering == FlowBarsFigure::Ordering::ByThroughput) {
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return stats.flows[a].totals.bitsPerSecond > stats.flows[b].totals.bitsPerSecond;
        });
    } else if (flows.size() == stats.flows.size()) {
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            if (flows[a].streamNumber != flows[b].streamNumber)
                return flows[a].streamNumber < flows[b].streamNumber;
            return flows[a].id < flows[b].id;
        });
    }
    return order;
}

// The run's figures for the read-out of its bars; the legend names the run only.
QString runFigures(const FlowStatistics& stats) {
    return FlowBarsFigure::tr("run: SUM %1 Mbit/s, Jain's index %2")
        .arg(FlowBarsFigure::mbits(stats.sum.bitsPerSecond, 1),
             QString::number(stats.jainFairness, 'f', 3));
}

} // namespace

QJsonObject FlowBarsFigure::Options::toSettings() const {
    return {{QStringLiteral("ordering"), ordering == Ordering::ByThroughput
                                             ? QStringLiteral("throughput")
                                             : QStringLiteral("id")},
            {QStringLiteral("groupLevel"), GroupLevelBox::settingsName(groupLevel)}};
}

FlowBarsFigure::Options FlowBarsFigure::Options::fromSettings(const QJsonObject& settings) {
    Options options;
    if (settings.value(QStringLiteral("ordering")).toString() == QLatin1String("throughput"))
        options.ordering = Ordering::ByThroughput;
    options.groupLevel =
        GroupLevelBox::fromSettingsName(settings.value(QStringLiteral("groupLevel")).toString());
    return options;
}

FlowBarsFigure::FlowBarsFigure(QCustomPlot* plot) : m_plot(plot) {
    PlotStyle::apply(m_plot);
    m_plot->setInteraction(QCP::iSelectLegend, false);
    // The legend goes in its own row above the axis rect: inside it would cover the bars.
    PlotStyle::placeLegendAbove(m_plot);
    m_plot->yAxis->setLabel(tr("throughput (Mbit/s)"));
    m_plot->xAxis->grid()->setVisible(false);
    for (QCPBarsGroup** slot : {&m_flowSlots, &m_meanSlot}) {
        *slot = new QCPBarsGroup(m_plot);
        (*slot)->setSpacingType(QCPBarsGroup::stPlotCoords);
    }
    // The plot's width is only known once it is laid out (on screen or at an export's size).
    QObject::connect(m_plot, &QCustomPlot::afterLayout, m_plot, [this] { thinIdLabels(); });
}

QString FlowBarsFigure::mbits(double bitsPerSecond, int decimals) {
    return QString::number(bitsPerSecond / PlotStyle::kBitsPerMbit, 'f', decimals);
}

QString FlowBarsFigure::draw(const std::vector<const DatasetEntry*>& visible,
                             const std::vector<PooledGroup>& groups, const QString& groupKey,
                             const Options& options) {
    m_options = options;
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_bars.clear();
    m_infos.clear();
    m_means.clear();
    m_meanBars.clear();
    m_groupBars.clear();
    m_drawn.clear();
    m_meanKey = 0;
    if (!groups.empty()) { // a bar per group: every run is in one
        if (options.groupLevel == GroupLevel::RunLevel)
            drawGroupsAtRunLevel(groups, groupKey);
        else
            drawGroups(groups, groupKey);
        return {};
    }
    // An ss log is no run: beside its run it is that run's TCP state, alone it has no flows
    // of a run to draw (the per-flow table shows its connections' state).
    const auto measured = Measured<const DatasetEntry*>::of(
        visible, [](const DatasetEntry* entry) -> const Dataset& { return entry->dataset(); });
    DrawnRuns runs = DrawnRuns::of(measured.runs);
    m_drawn = std::move(runs.drawn);
    drawRuns(m_drawn);
    QStringList notes;
    if (!runs.note.isEmpty())
        notes << runs.note;
    for (const DatasetEntry* sampler : measured.samplers)
        notes << tr("%1: ss -tin samples without the run of their step, so no throughput run: "
                    "the TCP state of %n sampled connection(s).",
                    nullptr, int(sampler->dataset().flows.flows.size()))
                     .arg(sampler->label);
    return notes.join(QLatin1Char(' '));
}

void FlowBarsFigure::drawRuns(const std::vector<const DatasetEntry*>& entries) {
    const double width =
        kGroupBarWidth / static_cast<double>(std::max<std::size_t>(entries.size(), 1));
    for (QCPBarsGroup* slot : {m_flowSlots, m_meanSlot})
        slot->setSpacing(kBarGap * width);
    QStringList sharedIds; // the flow ids under each slot when every dataset has the same ones
    std::size_t most = 0;
    for (const DatasetEntry* entry : entries) {
        const FlowStatistics& stats = entry->analysis->flows;
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(entry->label);
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(width);
        bars->setBarsGroup(m_flowSlots);
        bars->setPen(QPen(PlotStyle::toColor(entry->color).darker(140), 0.8));
        bars->setBrush(PlotStyle::toColor(entry->color));
        std::vector<BarInfo>& infos = m_infos[bars];
        QStringList ids;
        QVector<double> keys;
        QVector<double> values;
        for (std::size_t index : barOrder(*entry, m_options.ordering)) {
            const FlowStatistics::PerFlow& flow = stats.flows[index];
            keys.push_back(static_cast<double>(keys.size() + 1));
            values.push_back(flow.totals.bitsPerSecond / PlotStyle::kBitsPerMbit);
            infos.push_back({entry->label, flow.id, flow.totals.bitsPerSecond, flow.totals.bytes,
                             flow.totals.seconds, runFigures(stats)});
            ids.push_back(flow.id);
        }
        bars->setData(keys, values, true);
        m_bars.insert(entry->id, bars);
        most = std::max(most, stats.flows.size());
        if (sharedIds.isEmpty() && entry == entries.front())
            sharedIds = ids;
        else if (ids != sharedIds)
            sharedIds.clear();
    }
    // Each run's mean per-flow throughput with its CI, in a slot of its own right of the
    // flows: whether two runs differ is read there, not from thirty bars.
    if (most > 0) {
        m_meanKey = static_cast<double>(most) + 1.5;
        for (const DatasetEntry* entry : entries)
            m_meanBars.insert(entry->id, addMeanBar(m_meanSlot, m_meanKey, width,
                                                    PlotStyle::toColor(entry->color), entry->label,
                                                    entry->analysis->flows, 0));
        addMeanSlotLabel(m_meanKey);
    }
    m_plot->legend->setVisible(!entries.empty());
    m_plot->yAxis->setLabel(tr("throughput (Mbit/s)"));
    setFlowAxis(m_options.ordering == Ordering::ById ? sharedIds : QStringList());
    resetRanges();
}

QCPBars* FlowBarsFigure::addMeanBar(QCPBarsGroup* group, double key, double width,
                                    const QColor& color, const QString& name,
                                    const FlowStatistics& stats, int runs) {
    const Estimate mean = Estimate::meanFlowThroughput(stats);
    auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    bars->setWidthType(QCPBars::wtPlotCoords);
    bars->setWidth(width);
    bars->setBarsGroup(group);
    bars->setPen(QPen(color.darker(140), 0.8));
    bars->setBrush(color);
    bars->removeFromLegend(); // a run's colour is in the legend already; groups add theirs
    bars->addData(key, mean.value / PlotStyle::kBitsPerMbit);
    ConfidenceBars::attach(bars, {mean.value / PlotStyle::kBitsPerMbit}, {mean.interval},
                           1 / PlotStyle::kBitsPerMbit, QColor(40, 40, 40));
    m_means.insert(bars, {name,
                          static_cast<int>(stats.flows.size()),
                          runs,
                          false,
                          mean.value,
                          mean.interval.low,
                          mean.interval.high,
                          {}});
    return bars;
}

void FlowBarsFigure::addMeanSlotLabel(double key) {
    auto* separator = new QCPItemStraightLine(m_plot);
    separator->point1->setCoords(key - kMeanSlotSeparator, 0);
    separator->point2->setCoords(key - kMeanSlotSeparator, 1);
    separator->setPen(QPen(QColor(150, 150, 150), 1, Qt::DashLine));
    // Named in the legend, not over the slot: at a paper column's width the words are wider
    // than the slot and would cover the flows' bars or stretch the axis past the last bar.
    for (QCPBars* bars : std::as_const(m_meanBars))
        if (QCPErrorBars* interval = ConfidenceBars::of(bars)) {
            interval->setName(tr("flows' mean, 95 % CI"));
            interval->addToLegend();
            break;
        }
}

void FlowBarsFigure::drawGroups(const std::vector<PooledGroup>& groups, const QString& groupKey) {
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (const PooledGroup& group : groups) {
        if (!group.analysis) // still pooling; the bar follows
            continue;
        const double key = static_cast<double>(m_groupBars.size() + 1);
        const FlowStatistics& stats = group.analysis->flows;
        // An ss log among the members is TCP state, not a run (GroupSummary::runCount).
        const int runs =
            static_cast<int>(group.runLevel ? group.runLevel->runCount : group.memberIds.size());
        QCPBars* bars =
            addMeanBar(nullptr, key, 0.6, PlotStyle::toColor(group.color), group.name, stats, runs);
        bars->setName(group.name); // its numbers are in the bar's read-out
        bars->addToLegend();
        m_groupBars.push_back(bars);
        const qsizetype equals = group.name.indexOf(QLatin1Char('='));
        ticker->addTick(key, equals < 0 ? group.name : group.name.mid(equals + 1));
    }
    m_idLabels.clear();
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setLabel(tr("group (%1); %2").arg(groupKey, ConfidenceBars::note()));
    m_plot->yAxis->setLabel(tr("mean per-flow throughput (Mbit/s)"));
    m_plot->legend->setVisible(true);
    resetRanges();
}

void FlowBarsFigure::drawGroupsAtRunLevel(const std::vector<PooledGroup>& groups,
                                          const QString& groupKey) {
    const QString sumName = QStringLiteral("SUM (Mbits/s)");
    const QString jainName = QStringLiteral("Jain's index");
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (const PooledGroup& group : groups) {
        const GroupStatistic* sum = group.runLevel->find(sumName);
        if (!sum)
            continue;
        const double key = static_cast<double>(m_groupBars.size() + 1);
        const QColor color = PlotStyle::toColor(group.color);
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(0.6);
        bars->setPen(QPen(color.darker(140), 0.8));
        bars->setBrush(color);
        bars->addData(key, sum->runs.mean);
        ConfidenceBars::attach(bars, {sum->runs.mean}, {sum->runs.meanInterval}, 1,
                               QColor(40, 40, 40));
        const auto runs = static_cast<int>(sum->runs.runs);
        const GroupStatistic* jain = group.runLevel->find(jainName);
        m_means.insert(
            bars, {group.name, 0, runs, true, sum->runs.mean * PlotStyle::kBitsPerMbit,
                   sum->runs.meanInterval.low * PlotStyle::kBitsPerMbit,
                   sum->runs.meanInterval.high * PlotStyle::kBitsPerMbit,
                   jain ? GroupSummaryReport::valueText(jain->runs.mean, jainName) : QString()});
        bars->setName(group.name); // its numbers are in the bar's read-out
        m_groupBars.push_back(bars);
        const qsizetype equals = group.name.indexOf(QLatin1Char('='));
        ticker->addTick(key, equals < 0 ? group.name : group.name.mid(equals + 1));
    }
    m_idLabels.clear();
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setLabel(
        tr("group (%1); run level: error bars 95 % CI resampling whole runs, for groups of %2 "
           "runs or more")
            .arg(groupKey)
            .arg(RunLevelStatistics::kBootstrapRuns));
    m_plot->yAxis->setLabel(tr("SUM of a run, mean over runs (Mbit/s)"));
    m_plot->legend->setVisible(true);
    resetRanges();
}

void FlowBarsFigure::thinIdLabels() {
    if (m_idLabels.isEmpty())
        return;
    // Label every step-th slot so the labels never overlap at the current width.
    const qsizetype fit =
        std::clamp(m_plot->axisRect()->width() / kPixelsPerIdLabel, 2, PlotStyle::kMostTickLabels);
    const qsizetype step = std::max<qsizetype>(1, (m_idLabels.size() + fit - 1) / fit);
    if (step == m_idLabelStep)
        return;
    m_idLabelStep = step;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (qsizetype i = 0; i < m_idLabels.size(); i += step)
        ticker->addTick(static_cast<double>(i + 1), m_idLabels[i]);
    m_plot->xAxis->setTicker(ticker);
    // Ticks were already generated for this layout pass; regenerate them for this drawing.
    m_plot->axisRect()->update(QCPLayoutElement::upPreparation);
}

void FlowBarsFigure::setFlowAxis(const QStringList& ids) {
    if (!ids.isEmpty()) {
        // Same ids in every slot (cubic and reno runs of one script): name the slot by its
        // iperf stream id, thinned out so the labels never overlap.
        m_idLabels = ids;
        m_idLabelStep = 0;
        thinIdLabels();
        m_plot->xAxis->setLabel(tr("flow (iperf stream id)"));
        return;
    }
    m_idLabels.clear();
    // Integer positions only; with many flows the ticker steps by 2, 5, 10 rather than crowd.
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setLabel(m_options.ordering == Ordering::ByThroughput
                                ? tr("flows, ordered by throughput (rank)")
                                : tr("flow (position in stream-id order)"));
}

Readout FlowBarsFigure::toolTipAt(const QPointF& pos) const {
    for (auto it = m_means.cbegin(); it != m_means.cend(); ++it) {
        if (it.key()->selectTest(pos, false) < 0)
            continue;
        const MeanInfo& mean = it.value();
        if (mean.runLevel) {
            QString tip =
                tr("<b>%1</b><br>SUM, mean of %2 runs: %3 Mbit/s<br>95 % CI "
                   "resampling runs [%4, %5] Mbit/s")
                    .arg(mean.name.toHtmlEscaped())
                    .arg(mean.runs)
                    .arg(mbits(mean.bitsPerSecond, 2), mbits(mean.low, 2), mbits(mean.high, 2));
            if (!mean.jain.isEmpty())
                tip += tr("<br>Jain's index, mean of the runs: %1").arg(mean.jain);
            return {tip, it.key()->dataPixelPosition(0)};
        }
        const QString flows = mean.runs > 0
                                  ? tr("%1 flows of %2 runs, pooled").arg(mean.flows).arg(mean.runs)
                                  : tr("%1 flows").arg(mean.flows);
        return {tr("<b>%1</b><br>mean per-flow throughput %2 Mbit/s<br>95 % CI "
                   "[%3, %4] Mbit/s<br>%5<br>%6")
                    .arg(mean.name.toHtmlEscaped(), mbits(mean.bitsPerSecond, 2),
                         mbits(mean.low, 2), mbits(mean.high, 2), flows, ConfidenceBars::note()),
                it.key()->dataPixelPosition(0)};
    }
    for (auto it = m_infos.cbegin(); it != m_infos.cend(); ++it) {
        QVariant details;
        if (it.key()->selectTest(pos, false, &details) < 0)
            continue;
        const int index = details.value<QCPDataSelection>().dataRange().begin();
        if (index < 0 || index >= static_cast<int>(it.value().size()))
            continue;
        const BarInfo& bar = it.value()[static_cast<std::size_t>(index)];
        // iperf prints MBytes with 1024² bytes and Mbits with 10⁶ bits; the read-out follows it.
        return {tr("<b>%1</b><br>flow %2<br>%3 Mbit/s<br>%4 MBytes (%5 bytes)<br>%6 s<br>%7")
                    .arg(bar.dataset.toHtmlEscaped(), bar.flowId.toHtmlEscaped(),
                         mbits(bar.bitsPerSecond, 2),
                         QString::number(bar.bytes / 1048576.0, 'f', 1),
                         QString::number(bar.bytes, 'f', 0), QString::number(bar.seconds, 'f', 1),
                         bar.runFigures),
                it.key()->dataPixelPosition(index)};
    }
    return {};
}

void FlowBarsFigure::resetRanges() {
    std::size_t most = 0;
    for (const auto& infos : m_infos)
        most = std::max(most, infos.size());
    const double last = std::max(
        {static_cast<double>(most), m_meanKey, static_cast<double>(m_groupBars.size()), 1.0});
    // The axis ends half a slot after the last bar.
    m_plot->xAxis->setRange(0.4, last + 0.6);
    // Bars and the tops of their CIs.
    PlotStyle::setRangeFromZero(m_plot->yAxis, std::max(m_plot->yAxis->range().upper, 1.0));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace wb
