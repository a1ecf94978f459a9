#include "TableModel.h"

#include <limits>

namespace wb {

TableModel::TableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TableModel::setTable(Table table) {
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

int TableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_table.rows.size());
}

int TableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_table.header.size());
}

QVariant TableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || static_cast<std::size_t>(index.row()) >= m_table.rows.size())
        return {};
    const QStringList& row = m_table.rows[static_cast<std::size_t>(index.row())];
    const QString text = index.column() < row.size() ? row[index.column()] : QString();
    const auto column = static_cast<std::size_t>(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return text;
    case Qt::TextAlignmentRole: {
        const bool right = column < m_table.rightAligned.size() && m_table.rightAligned[column];
        return int((right ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    }
    case SortRole: {
        // A numeric column sorts by value, a missing figure ("-") below every number.
        if (column >= m_table.rightAligned.size() || !m_table.rightAligned[column])
            return text;
        bool ok = false;
        const double value = text.toDouble(&ok);
        return ok ? value : -std::numeric_limits<double>::infinity();
    }
    default:
        return {};
    }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= m_table.header.size())
        return {};
    return m_table.header[section];
}

} // namespace wb
