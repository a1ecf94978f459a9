#include "GroupByBox.h"

#include "DatasetGrouping.h"
#include "DatasetStore.h"

namespace wb {

GroupByBox::GroupByBox(DatasetStore* store, QWidget* parent) : QComboBox(parent), m_store(store) {
    setObjectName(QStringLiteral("groupBy"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setToolTip(tr("Pool the visible datasets that share this field or tag: the CDF shows one "
                  "curve per group (its runs faint behind it), the flow bars one bar per "
                  "group, and the Compare tab compares the first two groups that have a value. "
                  "Datasets whose log does not record the field form a group named for what "
                  "they lack (\"congestion_control not recorded\"), compared only when you "
                  "choose it"));
    connect(this, qOverload<int>(&QComboBox::activated), this,
            [this] { m_store->setGroupKey(currentData().toString()); });
    store->onAnyChange(this, &GroupByBox::refill);
    refill();
}

void GroupByBox::refill() {
    QStringList keys = DatasetGrouping::offeredKeys(*m_store);
    const QString current = m_store->groupKey();
    // A key restored from a workspace before its datasets are loaded is still the choice.
    if (!current.isEmpty() && !keys.contains(current))
        keys << current;
    keys.prepend(QString()); // "none"
    QStringList shown;
    for (int i = 0; i < count(); ++i)
        shown << itemData(i).toString();
    // A live run's growing dataset changes the store often; an open popup must not flicker.
    if (shown == keys && currentData().toString() == current)
        return;
    const QSignalBlocker block(this);
    clear();
    for (const QString& key : keys)
        addItem(key.isEmpty() ? tr("none") : key, key);
    setCurrentIndex(std::max(0, findData(current)));
}

} // namespace wb
