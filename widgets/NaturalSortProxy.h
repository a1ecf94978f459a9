#pragma once

#include <QSortFilterProxyModel>

namespace wb {

// A table's sort when the user clicks a header: text (run labels, flow ids) in NaturalOrder,
// so "run-2" comes before "run-10" as in the dataset list; numbers as numbers.
class NaturalSortProxy : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

} // namespace wb
