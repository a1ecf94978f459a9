#include "FlowBarsView.h"

#include "ConfidenceBars.h"
#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "PlotStyle.h"
#include "PlotTheme.h"
#include "TableExport.h"
#include "io/FlowReport.h"
#include "io/GroupSummaryReport.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace wb {

namespace {

constexpr double kMega = 1e6;
// Share of a flow slot the bars of all datasets fill together; the rest separates flows.
constexpr double kGroupWidth = 0.8;
// More stream-id labels than this would collide on a paper-width axis.
// Room one stream-id label needs on the x axis, in pixels (two digits and a gap).
constexpr int kPixelsPerIdLabel = 24;
// The dashed line between the flows and the mean slot: this far left of the slot's key.
constexpr double kMeanSlotSeparator = 0.75;

QString mbits(double bitsPerSecond, int decimals) {
    return QString::number(bitsPerSecond / kMega, 'f', decimals);
}

// Flow indices in the order the bars are drawn. Stream numbers sort numerically ("3" before
// "12"); ties (the same number in both directions) fall back to the unique id.
std::vector<std::size_t> barOrder(const DatasetEntry& entry, FlowBarsView::Ordering ordering) {
    const FlowStatistics& stats = entry.analysis->flows;
    const std::vector<Flow>& flows = entry.dataset().flows.flows;
    std::vector<std::size_t> order(stats.flows.size());
    std::iota(order.begin(), order.end(), 0);
    if (ordering == FlowBarsView::Ordering::ByThroughput) {
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

QString legendName(const DatasetEntry& entry) {
    const FlowStatistics& stats = entry.analysis->flows;
    return QStringLiteral("%1 — SUM %2 Mbit/s, Jain %3")
        .arg(entry.label, mbits(stats.sum.bitsPerSecond, 1),
             QString::number(stats.jainFairness, 'f', 3));
}

QString cell(const QString& text, bool header = false) {
    const QString tag = header ? QStringLiteral("th") : QStringLiteral("td");
    return QStringLiteral("<%1 align=\"%2\">%3</%1>")
        .arg(tag, header ? QStringLiteral("left") : QStringLiteral("right"), text);
}

QString sumCell(const FlowStatistics& stats) {
    QString text = mbits(stats.sum.bitsPerSecond, 1) +
                   (stats.sumFromTool ? QStringLiteral(" (tool)") : QStringLiteral(" (computed)"));
    // A tool SUM the flows do not add up to usually means a truncated or mixed log.
    if (stats.sumFromTool && stats.sumDisagreement > FlowStatistics::kSumTolerance)
        text += QStringLiteral(" <span style=\"color:%1\">⚠ flows add up to %2</span>")
                    .arg(PlotTheme::readable(QColor(0xbb, 0, 0),
                                             QApplication::palette().color(QPalette::Window))
                             .name(),
                         mbits(stats.computedSum.bitsPerSecond, 1));
    return text;
}

QString optionalNumber(const std::optional<double>& value, int decimals) {
    return value ? QString::number(*value, 'f', decimals) : QStringLiteral("—");
}

QString statsTable(const std::vector<const DatasetEntry*>& entries) {
    if (entries.empty())
        return FlowBarsView::tr(
            "No visible throughput dataset. Drop iperf or iperf3 logs onto the window.");
    const bool udp = std::any_of(entries.begin(), entries.end(), [](const DatasetEntry* e) {
        return e->analysis->flows.lossPercent || e->analysis->flows.meanJitterMs;
    });
    QStringList headers = {FlowBarsView::tr("dataset"),
                           FlowBarsView::tr("flows"),
                           FlowBarsView::tr("SUM (Mbit/s)"),
                           FlowBarsView::tr("mean"),
                           FlowBarsView::tr("95 % CI of the mean"),
                           FlowBarsView::tr("min"),
                           FlowBarsView::tr("max"),
                           FlowBarsView::tr("stddev"),
                           FlowBarsView::tr("Jain's index")};
    if (udp)
        headers << FlowBarsView::tr("loss %") << FlowBarsView::tr("jitter (ms, mean of flows)");
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\"><tr>");
    for (const QString& header : headers)
        html += cell(header, true);
    html += QStringLiteral("</tr>");
    for (const DatasetEntry* entry : entries) {
        const FlowStatistics& stats = entry->analysis->flows;
        html += QStringLiteral("<tr><td><span style=\"color:%1\">■</span> %2</td>")
                    .arg(PlotTheme::onScreen(PlotStyle::toColor(entry->color)).name(),
                         entry->label.toHtmlEscaped());
        const Estimate mean = ConfidenceBars::meanFlowThroughput(stats);
        html += cell(QString::number(stats.flows.size())) + cell(sumCell(stats)) +
                cell(mbits(mean.value, 2)) +
                cell(ConfidenceBars::text(mean.interval, 1 / kMega, 2)) +
                cell(mbits(stats.minBitsPerSecond, 2)) + cell(mbits(stats.maxBitsPerSecond, 2)) +
                cell(mbits(stats.stddevBitsPerSecond, 2)) +
                cell(QString::number(stats.jainFairness, 'f', 3));
        if (udp)
            html += cell(optionalNumber(stats.lossPercent, 2)) +
                    cell(optionalNumber(stats.meanJitterMs, 3));
        html += QStringLiteral("</tr>");
    }
    html += QStringLiteral("</table><p><small>mean, min, max and stddev (population) "
                           "of the per-flow mean throughput in Mbit/s; %1; Jain's index "
                           "(Σx)²/(n·Σx²), 1 = perfectly fair.</small></p>")
                .arg(ConfidenceBars::note().replace(QStringLiteral("error bars: "),
                                                    QStringLiteral("CI and error bars: ")));
    return html;
}

} // namespace

FlowBarsView::FlowBarsView(DatasetStore* store, QWidget* parent) : WorkbenchView(store, parent) {
    m_orderBox = new QComboBox(this);
    m_orderBox->addItem(tr("by flow id"));
    m_orderBox->addItem(tr("by throughput (descending)"));
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Order flows:"), this));
    controls->addWidget(m_orderBox);
    m_groupLevelBox = new GroupLevelBox(this);
    connect(m_groupLevelBox, &GroupLevelBox::levelChosen, this, &FlowBarsView::setGroupLevel);
    controls->addWidget(m_groupLevelBox);
    controls->addStretch(1);

    m_plot = new QCustomPlot(this);
    PlotStyle::apply(m_plot);
    m_plot->setInteraction(QCP::iSelectLegend, false);
    // The legend goes in its own row above the axis rect: inside it would cover the bars.
    PlotStyle::placeLegendAbove(m_plot);
    m_plot->yAxis->setLabel(tr("throughput (Mbit/s)"));
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->setMouseTracking(true);
    for (QCPBarsGroup** slot : {&m_flowSlots, &m_meanSlot}) {
        *slot = new QCPBarsGroup(m_plot);
        (*slot)->setSpacingType(QCPBarsGroup::stAbsolute);
        (*slot)->setSpacing(1);
    }

    m_stats = new QLabel(this);
    m_stats->setObjectName(QStringLiteral("flowStats"));
    m_stats->setTextFormat(Qt::RichText);
    m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stats->setWordWrap(true);

    // Under the plot: the runs' figures, and each flow's throughput and TCP state.
    m_stats->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    auto* statsPage = new QScrollArea(this);
    statsPage->setWidget(m_stats);
    statsPage->setWidgetResizable(true);
    statsPage->setFrameShape(QFrame::NoFrame);
    m_flowModel = new TableModel(this);
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_flowModel);
    proxy->setSortRole(TableModel::SortRole);
    m_flowTable = new QTableView(this);
    m_flowTable->setObjectName(QStringLiteral("flowTable"));
    m_flowTable->setModel(proxy);
    m_flowTable->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    m_flowTable->setSortingEnabled(true);
    m_flowTable->sortByColumn(-1, Qt::AscendingOrder); // the order core gave until a click
    m_flowTable->verticalHeader()->setVisible(false);
    m_flowTable->setAlternatingRowColors(true);
    m_flowTable->verticalHeader()->setDefaultSectionSize(m_flowTable->fontMetrics().height() + 6);
    m_flowTable->setToolTip(
        tr("Per flow: mean throughput; the TCP sender's congestion window (KBytes of 1024 "
           "bytes) and smoothed RTT (ms) over its samples; retransmissions over the run and "
           "per 10⁶ bytes sent; where the TCP state was read. \"all N\" rows: every flow of "
           "the run together."));
    const TableExport::Buttons buttons = TableExport::createButtons(
        this, tr("table"),
        [this] {
            refreshFlowTable();
            TableExport::copyToClipboard({m_flowModel->table()});
        },
        [this] {
            refreshFlowTable();
            TableExport::saveWithDialog(this, exportName() + QStringLiteral("-tcp.csv"),
                                        {m_flowModel->table()});
        });
    auto* flowPage = new QWidget(this);
    auto* flowButtons = new QHBoxLayout;
    flowButtons->addStretch(1);
    flowButtons->addWidget(buttons.copy);
    flowButtons->addWidget(buttons.save);
    auto* flowLayout = new QVBoxLayout(flowPage);
    flowLayout->setContentsMargins(0, 0, 0, 0);
    flowLayout->addWidget(m_flowTable, 1);
    flowLayout->addLayout(flowButtons);
    m_tables = new QTabWidget(this);
    m_tables->setObjectName(QStringLiteral("flowTables"));
    m_tables->addTab(statsPage, tr("Runs"));
    m_tables->addTab(flowPage, tr("Per flow: TCP state"));
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_plot);
    splitter->addWidget(m_tables);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(splitter, 1);

    connect(m_orderBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this](int index) {
        setOrdering(index == 1 ? Ordering::ByThroughput : Ordering::ById);
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, &FlowBarsView::showToolTip);
    connect(m_tables, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == 1)
            refreshFlowTable();
    });
    // The plot's width is only known once it is laid out (on screen or at an export's size).
    connect(m_plot, &QCustomPlot::afterLayout, this, &FlowBarsView::thinIdLabels);
    connect(m_plot, &QCustomPlot::afterLayout, this, &FlowBarsView::fitMeanSlotLabel);
    followStore(this, &FlowBarsView::rebuild);
    rebuild();
}

void FlowBarsView::setGroupLevel(GroupLevel level) {
    m_groupLevelBox->setLevel(level);
    if (level == m_groupLevel)
        return;
    m_groupLevel = level;
    rebuild();
}

void FlowBarsView::setOrdering(Ordering ordering) {
    if (ordering == m_ordering)
        return;
    m_ordering = ordering;
    m_orderBox->setCurrentIndex(ordering == Ordering::ByThroughput ? 1 : 0);
    rebuild();
}

QJsonObject FlowBarsView::saveSettings() const {
    return {{QStringLiteral("ordering"), m_ordering == Ordering::ByThroughput
                                             ? QStringLiteral("throughput")
                                             : QStringLiteral("id")},
            {QStringLiteral("groupLevel"), GroupLevelBox::settingsName(m_groupLevel)}};
}

void FlowBarsView::restoreSettings(const QJsonObject& settings) {
    setOrdering(settings.value(QStringLiteral("ordering")).toString() == QLatin1String("throughput")
                    ? Ordering::ByThroughput
                    : Ordering::ById);
    setGroupLevel(
        GroupLevelBox::fromSettingsName(settings.value(QStringLiteral("groupLevel")).toString()));
}

QCPBars* FlowBarsView::barsOf(int datasetId) const {
    return m_bars.value(datasetId, nullptr);
}

QCPBars* FlowBarsView::meanBarsOf(int datasetId) const {
    return m_meanBars.value(datasetId, nullptr);
}

void FlowBarsView::changeEvent(QEvent* event) {
    WorkbenchView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        requestRebuild();
}

QString FlowBarsView::statsText() const {
    return m_stats->text();
}

const Table& FlowBarsView::flowTable() const {
    return m_flowModel->table();
}

void FlowBarsView::showFlowTable() {
    m_tables->setCurrentIndex(1);
    refreshFlowTable();
}

void FlowBarsView::refreshFlowTable() {
    if (!m_flowTableStale)
        return;
    m_flowTableStale = false;
    std::vector<const Dataset*> all;
    for (const DatasetEntry& entry : store()->entries())
        all.push_back(&entry.dataset());
    std::vector<FlowReport> reports;
    for (const DatasetEntry* entry : store()->visibleThroughput()) {
        FlowReport report =
            FlowReport::of(entry->dataset().sourceFile, entry->formatId, entry->dataset(), all);
        report.label = entry->label;
        reports.push_back(std::move(report));
    }
    m_flowModel->setTable(FlowReport::tcpTable(reports));
    m_flowTable->resizeColumnsToContents();
}

void FlowBarsView::resetView() {
    std::size_t most = 0;
    for (const auto& infos : m_infos)
        most = std::max(most, infos.size());
    const double last = std::max(
        {static_cast<double>(most), m_meanKey, static_cast<double>(m_groupBars.size()), 1.0});
    // The axis ends half a slot after the last bar.
    m_autoLower = 0.4;
    m_autoUpper = m_unwidenedUpper = last + 0.6;
    m_plot->xAxis->setRange(m_autoLower, m_autoUpper);
    bool found = false;
    const QCPRange values = m_plot->yAxis->range();
    double top = 0;
    for (int i = 0; i < m_plot->plottableCount(); ++i) // bars and the tops of their CIs
        top = std::max(top, m_plot->plottable(i)->getValueRange(found).upper);
    // Bars grow from zero; headroom keeps the tallest one clear of the frame.
    m_autoTop = m_unraisedTop = top > 0 ? top * 1.08 : std::max(values.upper, 1.0);
    m_plot->yAxis->setRange(0, m_autoTop);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void FlowBarsView::rebuild() {
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_bars.clear();
    m_infos.clear();
    m_means.clear();
    m_meanBars.clear();
    m_groupBars.clear();
    m_meanKey = 0;
    m_meanLabel = nullptr; // cleared with the items
    m_flowTableStale = true;
    if (m_tables->currentIndex() == 1)
        refreshFlowTable();
    const std::vector<PooledGroup> groups = DatasetGrouping::of(store())->throughputGroups();
    m_orderBox->setEnabled(groups.empty()); // a group is one bar: no flows to order
    m_groupLevelBox->setVisible(!groups.empty());
    if (!groups.empty()) {
        setDrawingNote({}); // a bar per group: every run is in one
        if (m_groupLevel == GroupLevel::RunLevel)
            rebuildGroupsAtRunLevel(groups);
        else
            rebuildGroups(groups);
        return;
    }
    const std::vector<const DatasetEntry*> entries = drawable(store()->visibleThroughput());
    const double width =
        kGroupWidth / static_cast<double>(std::max<std::size_t>(entries.size(), 1));
    QStringList sharedIds; // the flow ids under each slot when every dataset has the same ones
    std::size_t most = 0;
    for (const DatasetEntry* entry : entries) {
        const FlowStatistics& stats = entry->analysis->flows;
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(legendName(*entry));
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(width);
        bars->setBarsGroup(m_flowSlots);
        bars->setPen(QPen(PlotStyle::toColor(entry->color).darker(140), 0.8));
        bars->setBrush(PlotStyle::toColor(entry->color));
        std::vector<BarInfo>& infos = m_infos[bars];
        QStringList ids;
        QVector<double> keys;
        QVector<double> values;
        for (std::size_t index : barOrder(*entry, m_ordering)) {
            const FlowStatistics::PerFlow& flow = stats.flows[index];
            keys.push_back(static_cast<double>(keys.size() + 1));
            values.push_back(flow.totals.bitsPerSecond / kMega);
            infos.push_back({entry->label, flow.id, flow.totals.bitsPerSecond, flow.totals.bytes,
                             flow.totals.seconds});
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
    setFlowAxis(m_ordering == Ordering::ById ? sharedIds : QStringList());
    m_stats->setText(statsTable(entries));
    resetView();
}

QCPBars* FlowBarsView::addMeanBar(QCPBarsGroup* group, double key, double width,
                                  const QColor& color, const QString& name,
                                  const FlowStatistics& stats, int runs) {
    const Estimate mean = ConfidenceBars::meanFlowThroughput(stats);
    auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    bars->setWidthType(QCPBars::wtPlotCoords);
    bars->setWidth(width);
    bars->setBarsGroup(group);
    bars->setPen(QPen(color.darker(140), 0.8));
    bars->setBrush(color);
    bars->removeFromLegend(); // a run's colour is in the legend already; groups add theirs
    bars->addData(key, mean.value / kMega);
    ConfidenceBars::attach(bars, {mean.value / kMega}, {mean.interval}, 1 / kMega,
                           QColor(40, 40, 40));
    m_means.insert(bars, {name, static_cast<int>(stats.flows.size()), runs, false, mean.value,
                          mean.interval.low, mean.interval.high});
    return bars;
}

void FlowBarsView::addMeanSlotLabel(double key) {
    auto* separator = new QCPItemStraightLine(m_plot);
    separator->point1->setCoords(key - kMeanSlotSeparator, 0);
    separator->point2->setCoords(key - kMeanSlotSeparator, 1);
    separator->setPen(QPen(QColor(150, 150, 150), 1, Qt::DashLine));
    // Named in the legend, not over the slot: at a paper column's width the words are wider
    // than the slot and would cover the flows' bars or stretch the axis past the last bar.
    for (QCPBars* bars : std::as_const(m_meanBars))
        if (QCPErrorBars* interval = ConfidenceBars::of(bars)) {
            interval->setName(tr("mean of the flows, 95 % CI"));
            interval->addToLegend();
            break;
        }
}

void FlowBarsView::fitMeanSlotLabel() {
    // The label runs from the separator to the right; with many flows, or in a narrow
    // export, the automatic range must reach further right for it to show whole. A range
    // the user panned or zoomed to stays as it is.
    if (!m_meanLabel || m_plot->xAxis->range() != QCPRange(m_autoLower, m_autoUpper) ||
        m_plot->yAxis->range() != QCPRange(0, m_autoTop))
        return;
    // Headroom above the mean slot's bars and CIs for the label, so it covers neither.
    const QRect rect = m_plot->axisRect()->rect();
    const double labelBottom = m_meanLabel->bottom->pixelPosition().y() + 2 - rect.top();
    bool found = false;
    double slotTop = 0;
    for (int i = 0; i < m_plot->plottableCount(); ++i)
        slotTop = std::max(
            slotTop, m_plot->plottable(i)
                         ->getValueRange(found, QCP::sdBoth,
                                         QCPRange(m_meanKey - kMeanSlotSeparator, m_autoUpper))
                         .upper);
    double top = m_unraisedTop;
    if (labelBottom < rect.height() / 2.0)
        top = std::max(top, slotTop / (1 - labelBottom / rect.height()));
    const bool raised = std::abs(top - m_autoTop) > 1e-9 * top;
    if (raised) {
        m_autoTop = top;
        m_plot->yAxis->setRange(0, m_autoTop);
    }
    const double width = m_plot->axisRect()->width();
    const double text =
        m_meanLabel->right->pixelPosition().x() - m_meanLabel->left->pixelPosition().x() + 4;
    bool widened = false;
    // Not laid out yet, or no range leaves the flows room: the x range stays.
    if (width > 0 && text < width / 2) {
        // The separator s must be `text` pixels from the right end: (U − s)·width = text·(U − lo).
        const double separator = m_meanKey - kMeanSlotSeparator;
        const double upper =
            std::max(m_unwidenedUpper, (separator * width - m_autoLower * text) / (width - text));
        widened = std::abs(upper - m_autoUpper) >= 1e-9;
        if (widened) {
            m_autoUpper = upper;
            m_plot->xAxis->setRange(m_autoLower, m_autoUpper);
        }
    }
    if (raised || widened)
        PlotStyle::relayout(m_plot); // ticks for the new ranges
}

void FlowBarsView::rebuildGroups(const std::vector<PooledGroup>& groups) {
    std::vector<DatasetEntry> rows; // the groups as the figures table shows datasets
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (const PooledGroup& group : groups) {
        if (!group.analysis) // still pooling; the bar follows
            continue;
        const double key = static_cast<double>(m_groupBars.size() + 1);
        const FlowStatistics& stats = group.analysis->flows;
        const int runs = static_cast<int>(group.memberIds.size());
        QCPBars* bars =
            addMeanBar(nullptr, key, 0.6, PlotStyle::toColor(group.color), group.name, stats, runs);
        const Estimate mean = ConfidenceBars::meanFlowThroughput(stats);
        bars->setName(tr("%1 — mean %2 Mbit/s over %3 flows of %4")
                          .arg(group.name, mbits(mean.value, 1),
                               QString::number(stats.flows.size()),
                               runs == 1 ? tr("1 run") : tr("%1 runs").arg(runs)));
        bars->addToLegend();
        m_groupBars.push_back(bars);
        const qsizetype equals = group.name.indexOf(QLatin1Char('='));
        ticker->addTick(key, equals < 0 ? group.name : group.name.mid(equals + 1));
        DatasetEntry row;
        row.label = group.name;
        row.color = group.color;
        row.analysis = group.analysis;
        rows.push_back(std::move(row));
    }
    m_idLabels.clear();
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setLabel(tr("group (%1); %2").arg(store()->groupKey(), ConfidenceBars::note()));
    m_plot->yAxis->setLabel(tr("mean per-flow throughput (Mbit/s)"));
    m_plot->legend->setVisible(true);
    std::vector<const DatasetEntry*> shown;
    for (const DatasetEntry& row : rows)
        shown.push_back(&row);
    m_stats->setText(statsTable(shown));
    resetView();
}

void FlowBarsView::rebuildGroupsAtRunLevel(const std::vector<PooledGroup>& groups) {
    const QString sumName = QStringLiteral("SUM (Mbits/s)");
    const QString jainName = QStringLiteral("Jain's index");
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    std::vector<GroupSummary> summaries;
    for (const PooledGroup& group : groups) {
        summaries.push_back(*group.runLevel);
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
        m_means.insert(bars,
                       {group.name, 0, runs, true, sum->runs.mean * kMega,
                        sum->runs.meanInterval.low * kMega, sum->runs.meanInterval.high * kMega});
        const GroupStatistic* jain = group.runLevel->find(jainName);
        bars->setName(tr("%1 — SUM %2 Mbit/s, Jain's index %3: mean of %4")
                          .arg(group.name, GroupSummaryReport::valueText(sum->runs.mean, sumName),
                               jain ? GroupSummaryReport::valueText(jain->runs.mean, jainName)
                                    : QStringLiteral("-"),
                               runs == 1 ? tr("1 run (sample level)") : tr("%1 runs").arg(runs)));
        m_groupBars.push_back(bars);
        const qsizetype equals = group.name.indexOf(QLatin1Char('='));
        ticker->addTick(key, equals < 0 ? group.name : group.name.mid(equals + 1));
    }
    m_idLabels.clear();
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setLabel(tr("group (%1); run level: error bars 95 % CI resampling whole runs")
                                .arg(store()->groupKey()));
    m_plot->yAxis->setLabel(tr("SUM of a run, mean over runs (Mbit/s)"));
    m_plot->legend->setVisible(true);
    const Table table = GroupSummaryReport::table(summaries, {});
    QString html = QStringLiteral("<p><b>%1</b></p><table cellspacing=\"0\" cellpadding=\"3\"><tr>")
                       .arg(table.caption.toHtmlEscaped());
    for (const QString& header : table.header)
        html += cell(header.toHtmlEscaped(), true);
    html += QStringLiteral("</tr>");
    for (const QStringList& row : table.rows) {
        html += QStringLiteral("<tr>");
        for (const QString& text : row)
            html += cell(text.toHtmlEscaped());
        html += QStringLiteral("</tr>");
    }
    m_stats->setText(html + QStringLiteral("</table>"));
    resetView();
}

void FlowBarsView::thinIdLabels() {
    if (m_idLabels.isEmpty())
        return;
    // Label every step-th slot so the labels never overlap at the current width.
    const qsizetype fit = std::max(2, m_plot->axisRect()->width() / kPixelsPerIdLabel);
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

void FlowBarsView::setFlowAxis(const QStringList& ids) {
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
    m_plot->xAxis->setLabel(m_ordering == Ordering::ByThroughput
                                ? tr("flows, ordered by throughput (rank)")
                                : tr("flow (position in stream-id order)"));
}

void FlowBarsView::showToolTip(QMouseEvent* event) {
    for (auto it = m_means.cbegin(); it != m_means.cend(); ++it) {
        if (it.key()->selectTest(event->pos(), false) < 0)
            continue;
        const MeanInfo& mean = it.value();
        if (mean.runLevel) {
            QToolTip::showText(
                event->globalPosition().toPoint(),
                tr("<b>%1</b><br>SUM, mean of %2 runs: %3 Mbit/s<br>95 % CI "
                   "resampling runs [%4, %5] Mbit/s")
                    .arg(mean.name.toHtmlEscaped())
                    .arg(mean.runs)
                    .arg(mbits(mean.bitsPerSecond, 2), mbits(mean.low, 2), mbits(mean.high, 2)),
                m_plot);
            return;
        }
        const QString flows = mean.runs > 0
                                  ? tr("%1 flows of %2 runs, pooled").arg(mean.flows).arg(mean.runs)
                                  : tr("%1 flows").arg(mean.flows);
        QToolTip::showText(event->globalPosition().toPoint(),
                           tr("<b>%1</b><br>mean per-flow throughput %2 Mbit/s<br>95 % CI "
                              "[%3, %4] Mbit/s<br>%5<br>%6")
                               .arg(mean.name.toHtmlEscaped(), mbits(mean.bitsPerSecond, 2),
                                    mbits(mean.low, 2), mbits(mean.high, 2), flows,
                                    ConfidenceBars::note()),
                           m_plot);
        return;
    }
    for (auto it = m_infos.cbegin(); it != m_infos.cend(); ++it) {
        QVariant details;
        if (it.key()->selectTest(event->pos(), false, &details) < 0)
            continue;
        const int index = details.value<QCPDataSelection>().dataRange().begin();
        if (index < 0 || index >= static_cast<int>(it.value().size()))
            continue;
        const BarInfo& bar = it.value()[static_cast<std::size_t>(index)];
        // iperf prints MBytes with 1024² bytes and Mbits with 10⁶ bits; the read-out follows it.
        QToolTip::showText(
            event->globalPosition().toPoint(),
            tr("<b>%1</b><br>flow %2<br>%3 Mbit/s<br>%4 MBytes (%5 bytes)<br>%6 s")
                .arg(bar.dataset.toHtmlEscaped(), bar.flowId.toHtmlEscaped(),
                     mbits(bar.bitsPerSecond, 2), QString::number(bar.bytes / 1048576.0, 'f', 1),
                     QString::number(bar.bytes, 'f', 0), QString::number(bar.seconds, 'f', 1)),
            m_plot);
        return;
    }
    QToolTip::hideText();
}

} // namespace wb
