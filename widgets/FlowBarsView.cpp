#include "FlowBarsView.h"

#include "ConfidenceBars.h"
#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "GroupWarningLabel.h"
#include "NaturalSortProxy.h"
#include "PlotStyle.h"
#include "PlotTheme.h"
#include "TableExport.h"
#include "report/FlowReport.h"
#include "report/GroupSummaryReport.h"
#include "stats/Measured.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace wb {

namespace {

constexpr auto mbits = &FlowBarsFigure::mbits;

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
        const Estimate mean = Estimate::meanFlowThroughput(stats);
        html += cell(QString::number(stats.flows.size())) + cell(sumCell(stats)) +
                cell(mbits(mean.value, 2)) + cell(ConfidenceBars::text(mean.interval, 1e-6, 2)) +
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

// With grouping on, pooled: each group's flows as the table shows a run's.
QString pooledTable(const std::vector<PooledGroup>& groups) {
    std::vector<DatasetEntry> rows;
    for (const PooledGroup& group : groups) {
        if (!group.analysis) // still pooling; the row follows
            continue;
        DatasetEntry row;
        row.label = group.name;
        row.color = group.color;
        row.analysis = group.analysis;
        rows.push_back(std::move(row));
    }
    std::vector<const DatasetEntry*> shown;
    for (const DatasetEntry& row : rows)
        shown.push_back(&row);
    return statsTable(shown);
}

// With grouping on, at run level: each group's runs summarised (GroupSummaryReport).
QString runLevelTable(const std::vector<PooledGroup>& groups) {
    std::vector<GroupSummary> summaries;
    for (const PooledGroup& group : groups)
        summaries.push_back(*group.runLevel);
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
    return html + QStringLiteral("</table>");
}

} // namespace

FlowBarsView::FlowBarsView(DatasetStore* store, QWidget* parent) : FigureView(store, parent) {
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
    auto* proxy = new NaturalSortProxy(this);
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
    const TableExport::Buttons buttons =
        TableExport::createButtons(this, tr("table"), QStringLiteral("-tcp.csv"), [this] {
            refreshFlowTable();
            return std::vector<Table>{m_flowModel->table()};
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
    showToolTips(m_plot, [this](const QPointF& at) { return m_figure.toolTipAt(at); });
    connect(m_tables, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == 1)
            refreshFlowTable();
    });
    followStore(this, &FlowBarsView::rebuild);
    rebuild();
}

void FlowBarsView::setGroupLevel(GroupLevel level) {
    m_groupLevelBox->setLevel(level);
    if (level == m_options.groupLevel)
        return;
    m_options.groupLevel = level;
    rebuild();
}

void FlowBarsView::setOrdering(Ordering ordering) {
    if (ordering == m_options.ordering)
        return;
    m_options.ordering = ordering;
    m_orderBox->setCurrentIndex(ordering == Ordering::ByThroughput ? 1 : 0);
    rebuild();
}

void FlowBarsView::restoreSettings(const QJsonObject& settings) {
    const FlowBarsFigure::Options options = FlowBarsFigure::Options::fromSettings(settings);
    setOrdering(options.ordering);
    setGroupLevel(options.groupLevel);
}

void FlowBarsView::changeEvent(QEvent* event) {
    WorkbenchView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        requestRebuild();
}

QString FlowBarsView::statsText() const {
    return m_stats->text();
}

void FlowBarsView::showFlowTable() {
    m_tables->setCurrentIndex(1);
    refreshFlowTable();
}

void FlowBarsView::refreshFlowTable() {
    if (!m_flowTableStale)
        return;
    m_flowTableStale = false;
    // Each run's flows, their TCP state read where it is best (an ss log beside its run is
    // that state, not rows of its own); an ss log without its run last, as its connections.
    const auto measured = Measured<const DatasetEntry*>::of(
        store()->visibleThroughput(),
        [](const DatasetEntry* entry) -> const Dataset& { return entry->dataset(); });
    std::vector<const DatasetEntry*> shown = measured.runs;
    shown.insert(shown.end(), measured.samplers.begin(), measured.samplers.end());
    std::vector<FlowReport> reports;
    for (const DatasetEntry* entry : shown) {
        FlowReport report = FlowReport::of(entry->dataset().sourceFile, entry->formatId,
                                           entry->analysis); // its TCP state matched by the store
        report.label = entry->label;
        reports.push_back(std::move(report));
    }
    m_flowModel->setTable(FlowReport::tcpTable(reports));
    m_flowTable->resizeColumnsToContents();
}

void FlowBarsView::rebuild() {
    m_flowTableStale = true;
    if (m_tables->currentIndex() == 1)
        refreshFlowTable();
    const std::vector<PooledGroup> groups = DatasetGrouping::of(store())->throughputGroups();
    m_orderBox->setEnabled(groups.empty()); // a group is one bar: no flows to order
    m_groupLevelBox->setVisible(!groups.empty());
    setDrawingNote(
        m_figure.draw(store()->visibleThroughput(), groups, store()->groupKey(), m_options));
    if (groups.empty())
        m_stats->setText(statsTable(m_figure.drawnRuns()));
    else // what a group pools besides its key, over its row
        m_stats->setText(GroupWarningLabel::html(DatasetGrouping::mixWarnings(groups)) +
                         (m_options.groupLevel == GroupLevel::RunLevel ? runLevelTable(groups)
                                                                       : pooledTable(groups)));
}

} // namespace wb
