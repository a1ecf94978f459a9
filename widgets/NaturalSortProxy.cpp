#include "NaturalSortProxy.h"

#include "model/NaturalOrder.h"

namespace wb {

bool NaturalSortProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    if (a.typeId() == QMetaType::QString && b.typeId() == QMetaType::QString)
        return NaturalOrder::less(a.toString(), b.toString());
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace wb
