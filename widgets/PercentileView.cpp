#include "PercentileView.h"

#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "GroupWarningLabel.h"
#include "NaturalSortProxy.h"
#include "PercentileTableModel.h"
#include "PlotStyle.h"
#include "TableModel.h"
#include "ViewSettingsLimits.h"
#include "report/GroupSummaryReport.h"
#include "report/LatencyReport.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace wb {

PercentileView::PercentileView(DatasetStore* store, QWidget* parent)
    : WorkbenchView(store, parent), m_model(new PercentileTableModel(store, this)),
      m_proxy(new NaturalSortProxy(this)), m_table(new QTableView(this)),
      m_levels(new QLineEdit(this)), m_unit(new QComboBox(this)),
      m_table1(new QPushButton(tr("QJump Table 1"), this)),
      m_groupLevelBox(new GroupLevelBox(this)), m_caption(new QLabel(this)),
      m_groupWarning(new GroupWarningLabel(this)), m_groupTable(new TableModel(this)),
      m_intervals(new QCustomPlot(this)) {
    m_proxy->setSourceModel(m_model);
    static_assert(int(PercentileTableModel::SortRole) == int(TableModel::SortRole));
    m_proxy->setSortRole(PercentileTableModel::SortRole);

    connect(m_groupLevelBox, &GroupLevelBox::levelChosen, this, &PercentileView::setGroupLevel);
    // Shown with Group by: as wide as a few words (the list that drops down is whole), so the
    // controls row does not widen the tab past a laptop's window.
    m_groupLevelBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_groupLevelBox->setMinimumContentsLength(12);
    m_caption->setObjectName(QStringLiteral("levelCaption"));
    m_caption->setWordWrap(true);
    store->onAnyChange(this, &PercentileView::syncGroupSource);

    m_levels->setText(LatencyReport::levelsText(m_model->levels()));
    m_levels->setToolTip(tr("Percentile levels (0–100), comma separated; Enter applies"));
    m_levels->setMinimumWidth(220);
    connect(m_levels, &QLineEdit::editingFinished, this, &PercentileView::applyLevelsText);

    m_unit->addItem(PercentileTableModel::unitName(PercentileTableModel::Unit::Microseconds),
                    static_cast<int>(PercentileTableModel::Unit::Microseconds));
    m_unit->addItem(PercentileTableModel::unitName(PercentileTableModel::Unit::Milliseconds),
                    static_cast<int>(PercentileTableModel::Unit::Milliseconds));
    m_unit->setToolTip(tr("Unit of every latency column"));
    connect(m_unit, qOverload<int>(&QComboBox::activated), this, [this] {
        m_model->setUnit(static_cast<PercentileTableModel::Unit>(m_unit->currentData().toInt()));
    });

    m_table1->setCheckable(true);
    m_table1->setToolTip(
        tr("Only label, samples, p50 and p99 in µs: the layout of QJump (NSDI'15) Table 1"));
    connect(m_table1, &QPushButton::toggled, this, &PercentileView::setQjumpTable1);

    const TableExport::Buttons buttons =
        TableExport::createButtons(this, tr("table"), QStringLiteral(".csv"),
                                   [this] { return std::vector<Table>{currentTable()}; });

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Percentiles:"), this));
    controls->addWidget(m_levels);
    controls->addWidget(new QLabel(tr("Unit:"), this));
    controls->addWidget(m_unit);
    controls->addWidget(m_table1);
    controls->addWidget(m_groupLevelBox);
    controls->addStretch(1);
    controls->addWidget(buttons.copy);
    controls->addWidget(buttons.save);

    m_table->setModel(m_proxy);
    m_table->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // file order until the user clicks a header
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setTextElideMode(Qt::ElideRight); // a name's start; whole in the tooltip
    m_table->viewport()->installEventFilter(this);
    const auto fit = [this] { fitColumns(); };
    connect(m_proxy, &QAbstractItemModel::modelReset, this, fit);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, fit);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, fit);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, fit);
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, fit);

    PlotStyle::apply(m_intervals);
    PlotStyle::placeLegendAbove(m_intervals); // the markers fill the whole rect
    m_intervals->legend->setWrap(2);          // p50 and p99 side by side
    m_intervals->setMinimumHeight(220);
    // How the run names break under their markers depends on the laid-out width.
    connect(m_intervals, &QCustomPlot::afterLayout, this, [this] { m_runLabels.fit(m_intervals); });
    showToolTips(m_intervals, [this](const QPointF& at) { return intervalTipAt(at); });
    // The plot follows the table: its rows, their order (sorting) and its unit.
    // The intervals are bootstrapped for every row drawn: not for a tab nobody sees.
    rebuildWhenSeen(this, &PercentileView::rebuildIntervals);
    QTimer* redraw = coalescingTimer([this] { requestRebuild(); });
    connect(m_proxy, &QAbstractItemModel::modelReset, redraw, qOverload<>(&QTimer::start));
    connect(m_proxy, &QAbstractItemModel::layoutChanged, redraw, qOverload<>(&QTimer::start));
    connect(m_proxy, &QAbstractItemModel::rowsInserted, redraw, qOverload<>(&QTimer::start));

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_intervals);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_caption);
    layout->addWidget(m_groupWarning); // over the groups' rows and their markers
    layout->addWidget(splitter, 1);
    syncGroupSource();
    syncControls();
    rebuildIntervals();
}

const std::vector<double>& PercentileView::intervalLevels() {
    static const std::vector<double> levels{50, 99};
    return levels;
}

QCPGraph* PercentileView::intervalGraph(double level) const {
    for (std::size_t i = 0; i < intervalLevels().size(); ++i)
        if (intervalLevels()[i] == level && i < m_intervalGraphs.size())
            return m_intervalGraphs[i];
    return nullptr;
}

bool PercentileView::showsRunLevel() const {
    return m_proxy->sourceModel() == m_groupTable;
}

void PercentileView::setGroupLevel(GroupLevel level) {
    if (level == m_groupLevel)
        return;
    m_groupLevel = level;
    syncGroupSource();
    requestRebuild(); // the interval plot follows at once, not after the table's next reset
}

// Which model the table shows: the run-level group table, or PercentileTableModel (per
// dataset, or per group pooled); and the caption that says so.
void PercentileView::syncGroupSource() {
    DatasetGrouping* grouping = DatasetGrouping::of(store());
    const bool grouped = grouping->active();
    m_groupLevelBox->setVisible(grouped);
    m_caption->setVisible(grouped);
    m_groupWarning->setWarnings(grouped ? DatasetGrouping::mixWarnings(grouping->latencyGroups())
                                        : QStringList());
    m_model->setPooledGroups(grouped && m_groupLevel == GroupLevel::Pooled);
    if (grouped && m_groupLevel == GroupLevel::RunLevel) {
        std::vector<GroupSummary> summaries;
        for (const PooledGroup& group : grouping->latencyGroups())
            summaries.push_back(*group.runLevel);
        Table table = GroupSummaryReport::table(summaries, {});
        table.caption = tr("Latency per group by %1. ").arg(store()->groupKey()) + table.caption;
        m_caption->setText(table.caption);
        m_groupTable->setTable(std::move(table));
        if (m_proxy->sourceModel() != m_groupTable)
            m_proxy->setSourceModel(m_groupTable);
    } else {
        if (m_proxy->sourceModel() != m_model)
            m_proxy->setSourceModel(m_model);
        m_caption->setText(
            tr("Pooled samples (runs treated as one): every sample of a group's runs in one "
               "sample; the error bars resample samples and are too narrow when runs differ."));
    }
    syncControls();
}

std::vector<PercentileView::IntervalRow> PercentileView::intervalRows(QString* note,
                                                                      QString* shortNote) {
    std::vector<IntervalRow> rows;
    *note = ConfidenceBars::note();
    *shortNote = tr("error bars: 95 % bootstrap CI");
    if (showsRunLevel()) {
        const std::vector<PooledGroup> groups = DatasetGrouping::of(store())->latencyGroups();
        *note = tr("markers: mean of the runs' values; error bars: 95 % CI resampling whole "
                   "runs (fewer than %1 runs: no bar)")
                    .arg(RunLevelStatistics::kBootstrapRuns);
        *shortNote = tr("mean of the runs; error bars: 95 % CI of runs");
        for (int row = 0; row < m_proxy->rowCount(); ++row) {
            const auto index =
                static_cast<std::size_t>(m_proxy->mapToSource(m_proxy->index(row, 0)).row());
            if (index >= groups.size())
                continue;
            IntervalRow out{groups[index].name, {}};
            for (double level : intervalLevels()) {
                const GroupStatistic* statistic = groups[index].runLevel->find(
                    QStringLiteral("p%1 (ms)").arg(LatencyReport::levelName(level)));
                out.estimates.push_back(
                    statistic ? Estimate{statistic->runs.mean, statistic->runs.meanInterval}
                              : Estimate{std::nan(""), {}});
            }
            rows.push_back(std::move(out));
        }
        return rows;
    }
    std::vector<std::pair<QString, std::shared_ptr<const DatasetAnalysis>>> analyses;
    if (m_model->pooledGroups()) {
        const std::vector<PooledGroup> groups = DatasetGrouping::of(store())->latencyGroups();
        for (int row = 0; row < m_proxy->rowCount(); ++row) {
            const auto index = static_cast<std::size_t>(
                m_proxy->data(m_proxy->index(row, 0), PercentileTableModel::DatasetIdRole).toInt());
            if (index < groups.size() && groups[index].analysis)
                analyses.emplace_back(groups[index].name, groups[index].analysis);
        }
    } else {
        std::vector<const DatasetEntry*> entries; // in the table's order
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            if (const DatasetEntry* entry = store()->find(
                    m_proxy->data(m_proxy->index(row, 0), PercentileTableModel::DatasetIdRole)
                        .toInt()))
                entries.push_back(entry);
        for (const DatasetEntry* entry : drawable(entries))
            analyses.emplace_back(entry->label, entry->analysis);
    }
    for (const auto& [label, analysis] : analyses) {
        if (analysis->sortedRttMs.empty())
            continue;
        IntervalRow out{label, {}};
        for (double level : intervalLevels())
            out.estimates.push_back(Estimate::percentile(*analysis, level));
        rows.push_back(std::move(out));
    }
    return rows;
}

void PercentileView::rebuildIntervals() {
    m_intervals->clearPlottables();
    m_intervalGraphs.clear();
    m_intervalTips.clear();
    const bool micro = m_model->shownUnit() == PercentileTableModel::Unit::Microseconds &&
                       !showsRunLevel();       // the run-level table is in ms
    const double scale = micro ? 1000.0 : 1.0; // the analysis is in ms
    const QString unit =
        micro ? PercentileTableModel::unitName(PercentileTableModel::Unit::Microseconds)
              : PercentileTableModel::unitName(PercentileTableModel::Unit::Milliseconds);
    QString note, shortNote;
    const std::vector<IntervalRow> rows = intervalRows(&note, &shortNote);
    // Markers that stay apart in greyscale: filled disc for the median, open diamond for p99.
    const QColor colors[] = {QColor(0, 114, 178), QColor(213, 94, 0)};
    const QCPScatterStyle::ScatterShape shapes[] = {QCPScatterStyle::ssDisc,
                                                    QCPScatterStyle::ssDiamond};
    const double offsets[] = {-0.12, 0.12};
    for (std::size_t i = 0; i < intervalLevels().size(); ++i) {
        const double level = intervalLevels()[i];
        QCPGraph* graph = m_intervals->addGraph();
        graph->setName(QStringLiteral("p%1").arg(level));
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(shapes[i % 2], QPen(colors[i % 2], 1.6),
                                               i % 2 ? QBrush(Qt::white) : QBrush(colors[i % 2]),
                                               i % 2 ? 9 : 7));
        std::vector<double> values;
        std::vector<ConfidenceInterval> intervals;
        QStringList tips;
        for (std::size_t row = 0; row < rows.size(); ++row) {
            const Estimate& estimate = rows[row].estimates[i];
            values.push_back(estimate.value * scale);
            intervals.push_back(estimate.interval);
            graph->addData(static_cast<double>(row + 1) + offsets[i % 2], values.back());
            tips << tr("<b>%1</b><br>%2 = %3 %4<br>95 % CI %5 %4<br>%6")
                        .arg(rows[row].label.toHtmlEscaped(), graph->name(),
                             QString::number(values.back(), 'g', 4), unit,
                             ConfidenceBars::text(estimate.interval, scale, micro ? 1 : 4), note);
        }
        // Whiskers wider than the marker: a tight interval still shows as a bar across it.
        ConfidenceBars::attach(graph, values, intervals, scale, colors[i % 2].darker(130))
            ->setWhiskerWidth(18);
        m_intervalGraphs.push_back(graph);
        m_intervalTips.push_back(tips);
    }
    std::vector<CategoryAxisLabels::Category> runs;
    for (const IntervalRow& row : rows)
        runs.push_back({row.label, {}, {}});
    m_runLabels.setCategories(std::move(runs));
    m_intervals->xAxis->grid()->setVisible(false);
    m_intervals->xAxis->setLabel(note);
    // In a column-wide figure the note keeps to one line (each marker's tooltip has it whole),
    // leaving the run names another.
    m_runLabels.setTitle(note, shortNote);
    m_intervals->xAxis->setRange(0.4,
                                 static_cast<double>(std::max<std::size_t>(rows.size(), 1)) + 0.6);
    PlotStyle::setLogScale(m_intervals->yAxis, true);
    m_intervals->yAxis->setLabel(tr("RTT (%1), log scale").arg(unit));
    bool found = false;
    QCPRange range;
    for (int i = 0; i < m_intervals->plottableCount(); ++i) {
        bool has = false;
        const QCPRange part = m_intervals->plottable(i)->getValueRange(has, QCP::sdBoth);
        if (has && part.lower > 0)
            range = found ? QCPRange(std::min(range.lower, part.lower),
                                     std::max(range.upper, part.upper))
                          : part;
        found = found || (has && part.lower > 0);
    }
    m_intervals->yAxis->setRange(found ? QCPRange(range.lower / 1.5, range.upper * 1.5)
                                       : QCPRange(0.01, 100));
    m_intervals->legend->setVisible(!rows.empty());
    m_intervals->replot(QCustomPlot::rpQueuedReplot);
}

QString PercentileView::intervalTipAt(const QPointF& at) const {
    for (std::size_t i = 0; i < m_intervalGraphs.size(); ++i) {
        QVariant details;
        const double distance = m_intervalGraphs[i]->selectTest(at, false, &details);
        if (distance < 0 || distance > 10) // pixels from the marker
            continue;
        const int index = details.value<QCPDataSelection>().dataRange().begin();
        if (index >= 0 && index < m_intervalTips[i].size())
            return m_intervalTips[i][index];
    }
    // A run's name, whole where it is shortened under its markers.
    return m_runLabels.toolTipAt(m_intervals, at);
}

bool PercentileView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_table->viewport() &&
        (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        fitColumns();
    return WorkbenchView::eventFilter(watched, event);
}

// Every number column as wide as its numbers and its title (the sort arrow's room only where
// it is shown); the dataset column takes what is left, so the table fills the view. When the
// numbers need more than the view, the names give way (elided) until the percentile columns
// are in view, and the columns after them scroll.
void PercentileView::fitColumns() {
    // Measuring every cell is for a table someone sees: a hidden one fits when shown.
    if (!m_table->isVisible())
        return;
    QHeaderView* header = m_table->horizontalHeader();
    const int columns = header->count();
    if (columns == 0)
        return;
    // QTableView's measure of a column's cells, public in its base.
    const QAbstractItemView* cells = m_table;
    const int margin = 2 * style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    const int arrow = style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header) + margin;
    const auto titleWidth = [&](int column) {
        const QString title = m_proxy->headerData(column, Qt::Horizontal).toString();
        return header->fontMetrics().size(0, title).width() + margin +
               (column == header->sortIndicatorSection() ? arrow : 0);
    };
    int numbers = 0;
    int throughPercentiles = 0; // the number columns up to the last percentile
    for (int column = 1; column < columns; ++column) {
        const int width = std::max(cells->sizeHintForColumn(column), titleWidth(column));
        header->resizeSection(column, width);
        numbers += width;
        if (m_proxy->headerData(column, Qt::Horizontal)
                .toString()
                .contains(QRegularExpression(QStringLiteral("^p[0-9]"))))
            throughPercentiles = numbers;
    }
    const int view = m_table->viewport()->width();
    const int names = std::max(cells->sizeHintForColumn(0), titleWidth(0));
    const int least = std::min(names, titleWidth(0) + header->fontMetrics().averageCharWidth() * 8);
    int width = view - numbers;
    if (width < names)
        width = std::min(names, view - throughPercentiles);
    header->resizeSection(0, std::max(least, width));
}

QString PercentileView::exportName() const {
    return m_model->qjumpTable1() ? QStringLiteral("latency-table1")
                                  : QStringLiteral("latency-percentiles");
}

void PercentileView::setQjumpTable1(bool on) {
    m_model->setQjumpTable1(on);
    syncControls();
}

void PercentileView::sortBy(int column, Qt::SortOrder order) {
    m_table->sortByColumn(column, order);
}

void PercentileView::applyLevelsText() {
    std::vector<double> levels;
    if (LatencyReport::parseLevels(m_levels->text(), &levels) && !levels.empty())
        m_model->setLevels(levels);
    syncControls(); // shows the levels in use, also after a typo
}

void PercentileView::syncControls() {
    const QSignalBlocker blockTable1(m_table1), blockUnit(m_unit);
    m_table1->setChecked(m_model->qjumpTable1());
    m_levels->setText(LatencyReport::levelsText(m_model->levels()));
    m_unit->setCurrentIndex(m_unit->findData(static_cast<int>(m_model->shownUnit())));
    // Table 1 fixes its columns and unit; say so instead of silently ignoring edits.
    m_levels->setEnabled(!m_model->qjumpTable1());
    m_unit->setEnabled(!m_model->qjumpTable1());
    m_groupLevelBox->setLevel(m_groupLevel);
    // The run-level table has its own columns (RunValues' p50 and p99, in ms).
    const bool runLevel = showsRunLevel();
    m_levels->setEnabled(m_levels->isEnabled() && !runLevel);
    m_unit->setEnabled(m_unit->isEnabled() && !runLevel);
    m_table1->setEnabled(!runLevel);
}

Table PercentileView::currentTable() const {
    std::vector<int> order;
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        order.push_back(m_proxy->mapToSource(m_proxy->index(row, 0)).row());
    if (showsRunLevel()) {
        Table table = m_groupTable->table();
        std::vector<QStringList> rows;
        for (int row : order)
            rows.push_back(table.rows[static_cast<std::size_t>(row)]);
        table.rows = std::move(rows);
        return table;
    }
    return m_model->table(order);
}

QJsonObject PercentileView::saveSettings() const {
    QJsonArray levels;
    for (double level : m_model->levels())
        levels.append(level);
    const QHeaderView* header = m_table->horizontalHeader();
    return {{"levels", levels},
            {"unit", m_model->unit() == PercentileTableModel::Unit::Microseconds ? "us" : "ms"},
            {"qjumpTable1", m_model->qjumpTable1()},
            {"sortColumn", header->sortIndicatorSection()},
            {"sortDescending", header->sortIndicatorOrder() == Qt::DescendingOrder},
            {"groupLevel", GroupLevelBox::settingsName(m_groupLevel)}};
}

void PercentileView::restoreSettings(const QJsonObject& settings) {
    const std::vector<double> levels =
        ViewSettingsLimits::levels(settings, QStringLiteral("levels"));
    m_model->setLevels(levels.empty() ? PercentileTableModel::defaultLevels() : levels);
    m_model->setUnit(settings.value(QStringLiteral("unit")).toString() == QLatin1String("us")
                         ? PercentileTableModel::Unit::Microseconds
                         : PercentileTableModel::Unit::Milliseconds);
    m_model->setQjumpTable1(settings.value(QStringLiteral("qjumpTable1")).toBool());
    setGroupLevel(
        GroupLevelBox::fromSettingsName(settings.value(QStringLiteral("groupLevel")).toString()));
    sortBy(settings.value(QStringLiteral("sortColumn")).toInt(-1),
           settings.value(QStringLiteral("sortDescending")).toBool() ? Qt::DescendingOrder
                                                                     : Qt::AscendingOrder);
    syncControls();
}

void PercentileView::resetView() {
    m_model->setLevels(PercentileTableModel::defaultLevels());
    setGroupLevel(GroupLevel::RunLevel);
    sortBy(-1, Qt::AscendingOrder);
    syncControls();
}

} // namespace wb
