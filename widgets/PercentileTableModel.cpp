#include "PercentileTableModel.h"

#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "report/LatencyReport.h"

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

bool isNumber(PercentileTableModel::Kind kind) {
    return kind != PercentileTableModel::Kind::Label;
}

} // namespace

PercentileTableModel::PercentileTableModel(DatasetStore* store, QObject* parent)
    : QAbstractTableModel(parent), m_store(store), m_levels(defaultLevels()) {
    rebuildColumns();
    reload();
    connect(store, &DatasetStore::added, this, &PercentileTableModel::append);
    connect(store, &DatasetStore::removed, this, &PercentileTableModel::reload);
    connect(store, &DatasetStore::changed, this, &PercentileTableModel::reload);
}

const std::vector<double>& PercentileTableModel::defaultLevels() {
    return LatencySummary::defaultLevels();
}

QString PercentileTableModel::unitName(Unit unit) {
    return unit == Unit::Microseconds ? QStringLiteral("µs") : QStringLiteral("ms");
}

std::vector<double> PercentileTableModel::computedLevels() const {
    if (!m_table1)
        return m_levels;
    return {50, 99}; // Table 1 needs these whatever the user's levels are
}

void PercentileTableModel::reload() {
    beginResetModel();
    m_rows.clear();
    DatasetGrouping* grouping = DatasetGrouping::of(m_store);
    if (m_pooledGroups && grouping->active()) {
        const std::vector<PooledGroup> groups = grouping->latencyGroups();
        for (std::size_t i = 0; i < groups.size(); ++i)
            if (groups[i].analysis) // a large group still being pooled shows when it is done
                m_rows.push_back({static_cast<int>(i), groups[i].name,
                                  groups[i].analysis->latencyAt(computedLevels()),
                                  groups[i].analysis->loss});
    } else {
        for (const DatasetEntry* e : m_store->visibleLatency())
            m_rows.push_back(rowOf(*e));
    }
    fillColumns();
    endResetModel();
}

void PercentileTableModel::append(const QList<int>& ids) {
    if (m_pooledGroups && DatasetGrouping::of(m_store)->active()) {
        reload();
        return;
    }
    std::vector<Row> added;
    for (int id : ids)
        if (const DatasetEntry* e = m_store->find(id); e && e->visible && e->isLatency())
            added.push_back(rowOf(*e));
    if (added.empty())
        return;
    if (!tellLossDirections(m_rows) && tellLossDirections(added)) {
        reload(); // the columns change
        return;
    }
    const int first = static_cast<int>(m_rows.size());
    beginInsertRows({}, first, first + static_cast<int>(added.size()) - 1);
    std::move(added.begin(), added.end(), std::back_inserter(m_rows));
    endInsertRows();
}

PercentileTableModel::Row PercentileTableModel::rowOf(const DatasetEntry& e) const {
    return {e.id, e.label, e.analysis->latencyAt(computedLevels()), e.analysis->loss};
}

void PercentileTableModel::rebuildColumns() {
    beginResetModel();
    fillColumns();
    endResetModel();
}

bool PercentileTableModel::tellLossDirections(const std::vector<Row>& rows) {
    return std::any_of(rows.begin(), rows.end(),
                       [](const Row& row) { return row.loss.lostUp.has_value(); });
}

void PercentileTableModel::fillColumns() {
    m_columns.clear();
    if (m_table1) {
        m_columns = {{Kind::Label}, {Kind::Count}, {Kind::Percentile, 50}, {Kind::Percentile, 99}};
    } else {
        m_columns = {{Kind::Label}, {Kind::Count}, {Kind::Min}, {Kind::Mean}, {Kind::Stddev}};
        for (double level : m_levels)
            m_columns.push_back({Kind::Percentile, level});
        m_columns.push_back({Kind::Max});
        for (Kind loss : {Kind::LossPercent, Kind::LongestBurst, Kind::Reordered})
            m_columns.push_back({loss});
        if (tellLossDirections(m_rows))
            for (Kind direction : {Kind::LostUp, Kind::LostDown})
                m_columns.push_back({direction});
    }
}

void PercentileTableModel::setLevels(const std::vector<double>& levels) {
    if (levels == m_levels)
        return;
    m_levels = levels;
    rebuildColumns();
    reload();
}

void PercentileTableModel::setUnit(Unit unit) {
    if (unit == m_unit)
        return;
    m_unit = unit;
    rebuildColumns(); // headers and every number change
}

void PercentileTableModel::setPooledGroups(bool on) {
    if (on == m_pooledGroups)
        return;
    m_pooledGroups = on;
    reload();
}

void PercentileTableModel::setQjumpTable1(bool on) {
    if (on == m_table1)
        return;
    m_table1 = on;
    rebuildColumns();
    reload();
}

int PercentileTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PercentileTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

double PercentileTableModel::value(const Row& row, const Column& column) const {
    switch (column.kind) { // loss figures exist even when no reply came back
    case Kind::LossPercent:
        return row.loss.requests > 0 ? row.loss.lossPercent : std::nan("");
    case Kind::LongestBurst:
        return static_cast<double>(row.loss.longestBurst);
    case Kind::Reordered:
        return static_cast<double>(row.loss.reordered);
    case Kind::LostUp:
        return row.loss.lostUp ? static_cast<double>(*row.loss.lostUp) : std::nan("");
    case Kind::LostDown:
        return row.loss.lostDown ? static_cast<double>(*row.loss.lostDown) : std::nan("");
    default:
        break;
    }
    const LatencySummary& s = row.summary;
    if (s.count == 0)
        return std::nan("");
    const double toUnit = shownUnit() == Unit::Microseconds ? 1000.0 : 1.0;
    switch (column.kind) {
    case Kind::Label:
        return std::nan("");
    case Kind::Count:
        return static_cast<double>(s.count);
    case Kind::Min:
        return s.min * toUnit;
    case Kind::Mean:
        return s.mean * toUnit;
    case Kind::Stddev:
        return s.stddev * toUnit;
    case Kind::Percentile:
        return s.percentile(column.level) * toUnit;
    case Kind::Max:
        return s.max * toUnit;
    default:
        return std::nan("");
    }
}

QString PercentileTableModel::text(const Row& row, const Column& column) const {
    if (column.kind == Kind::Label)
        return row.label;
    if (column.kind == Kind::Count)
        return QString::number(row.summary.count);
    if (column.kind == Kind::LongestBurst || column.kind == Kind::Reordered)
        return QString::number(static_cast<qint64>(value(row, column)));
    if (column.kind == Kind::LostUp || column.kind == Kind::LostDown) {
        const double lost = value(row, column);
        return std::isnan(lost) ? QStringLiteral("-") : QString::number(static_cast<qint64>(lost));
    }
    if (column.kind == Kind::LossPercent) {
        const double loss = value(row, column);
        return std::isnan(loss) ? QStringLiteral("-") : QString::number(loss, 'f', 2);
    }
    const double v = value(row, column);
    // The CLI's digits: ms with three decimals (ping's own resolution), µs with one.
    const int decimals = shownUnit() == Unit::Microseconds ? 1 : 3;
    return std::isnan(v) ? QStringLiteral("-") : QString::number(v, 'f', decimals);
}

QString PercentileTableModel::header(const Column& column) const {
    const QString unit = QStringLiteral(" (%1)").arg(unitName(shownUnit()));
    switch (column.kind) {
    case Kind::Label:
        if (m_pooledGroups && DatasetGrouping::of(m_store)->active())
            return tr("group");
        return m_table1 ? tr("label") : tr("dataset");
    case Kind::Count:
        return m_table1 ? tr("samples") : tr("count");
    case Kind::Min:
        return tr("min") + unit;
    case Kind::Mean:
        return tr("mean") + unit;
    case Kind::Stddev:
        return tr("stddev") + unit;
    case Kind::Percentile:
        return QStringLiteral("p%1").arg(LatencyReport::levelName(column.level)) + unit;
    case Kind::Max:
        return tr("max") + unit;
    case Kind::LossPercent:
        return tr("loss (%)");
    case Kind::LongestBurst:
        return tr("longest burst");
    case Kind::Reordered:
        return tr("reordered");
    case Kind::LostUp:
        return tr("lost up");
    case Kind::LostDown:
        return tr("lost down");
    }
    return {};
}

QString PercentileTableModel::description(const Column& column) const {
    const QString unit = unitName(shownUnit());
    switch (column.kind) {
    case Kind::Label:
        return tr("Dataset label (editable in the dataset list)");
    case Kind::Count:
        return tr("Number of RTT samples (replies; duplicates are not samples)");
    case Kind::Min:
        return tr("Smallest RTT, in %1").arg(unit);
    case Kind::Mean:
        return tr("Mean RTT, in %1").arg(unit);
    case Kind::Stddev:
        return tr("Population standard deviation of the RTT (as ping's mdev), in %1").arg(unit);
    case Kind::Percentile:
        return tr("%1th percentile of the RTT, in %2 (linear interpolation, as numpy.percentile)")
            .arg(LatencyReport::levelName(column.level), unit);
    case Kind::Max:
        return tr("Largest RTT, in %1").arg(unit);
    case Kind::LossPercent:
        return tr("Requests without a reply, in % of the requests sent");
    case Kind::LongestBurst:
        return tr("Longest run of consecutive lost requests");
    case Kind::Reordered:
        return tr("Replies that arrived after a reply to a later request");
    case Kind::LostUp:
        return tr("Requests that never reached the server (irtt); '-' where the tool cannot tell");
    case Kind::LostDown:
        return tr("Replies that the server sent and never arrived (irtt); '-' where the tool "
                  "cannot tell");
    }
    return {};
}

QVariant PercentileTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    const Column& column = m_columns[static_cast<std::size_t>(index.column())];
    switch (role) {
    case Qt::DisplayRole:
        return text(row, column);
    case SortRole: // numbers sort as numbers, not as "10.5" < "9.1"
        if (column.kind == Kind::Label)
            return row.label.toLower();
        return value(row, column);
    case DatasetIdRole:
        return row.id;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(isNumber(column.kind) ? Qt::AlignRight | Qt::AlignVCenter
                                                         : Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (column.kind == Kind::Label || column.kind == Kind::Count)
            return QStringLiteral("%1: %2").arg(header(column), text(row, column));
        return QStringLiteral("%1 %2 — %3")
            .arg(text(row, column), unitName(shownUnit()), description(column));
    default:
        return {};
    }
}

QVariant PercentileTableModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column& column = m_columns[static_cast<std::size_t>(section)];
    // Two lines ("p99" over "(ms)") keep fifteen columns within a window's width; exports
    // and copies use the one-line form.
    if (role == Qt::DisplayRole)
        return header(column).replace(QStringLiteral(" ("), QStringLiteral("\n("));
    if (role == Qt::ToolTipRole)
        return description(column);
    return {};
}

Table PercentileTableModel::table(const std::vector<int>& rowOrder) const {
    Table table;
    for (const Column& column : m_columns) {
        table.header << header(column);
        table.rightAligned.push_back(isNumber(column.kind));
    }
    table.caption =
        m_table1 ? tr("Latency percentiles per configuration") : tr("Latency percentiles");
    if (m_pooledGroups && DatasetGrouping::of(m_store)->active())
        table.caption += tr(" per group, pooled samples (runs treated as one)");
    for (int r : rowOrder) {
        if (r < 0 || r >= rowCount())
            continue;
        QStringList cells;
        for (const Column& column : m_columns)
            cells << text(m_rows[static_cast<std::size_t>(r)], column);
        table.rows.push_back(cells);
    }
    return table;
}

} // namespace wb
