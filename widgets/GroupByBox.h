#pragma once

#include <QComboBox>

namespace wb {

class DatasetStore;

// "Group by": none, then every key grouping understands and the plan parameters and tag
// names of the loaded datasets (DatasetGrouping::offeredKeys). Choosing one sets the store's
// group key, which every view follows.
class GroupByBox : public QComboBox {
    Q_OBJECT

public:
    explicit GroupByBox(DatasetStore* store, QWidget* parent = nullptr);

private:
    void refill(); // the keys of what is loaded now, the store's key selected

    DatasetStore* m_store;
};

} // namespace wb
