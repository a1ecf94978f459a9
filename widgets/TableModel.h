#pragma once

#include "report/TableWriter.h"

#include <QAbstractTableModel>

namespace wb {

// A core Table (cells formatted by core) as a read-only, sortable item model: the view shows
// the same digits a report or export writes. Numeric columns sort by value (SortRole).
class TableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Roles { SortRole = Qt::UserRole + 1 };

    explicit TableModel(QObject* parent = nullptr);

    void setTable(Table table);
    const Table& table() const { return m_table; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    Table m_table;
};

} // namespace wb
