#pragma once

#include <QTreeView>

namespace wb {

class DatasetListModel;

// The dataset list as a table: the name column stretches and keeps at least 60 % of the
// width; the format and tags columns size to their contents within the other 40 % (the tags
// column only while some dataset has a tag). Long names and tags are elided in the middle,
// where run names share the least ("ping18_iperf18_…_np" keeps both ends).
class DatasetListView : public QTreeView {
    Q_OBJECT

public:
    explicit DatasetListView(DatasetListModel* model, QWidget* parent = nullptr);

    // Adds "Select all" (Ctrl+A while the list has the focus) to the list's actions.
    QAction* addSelectAllAction();

    // The share of the width the format and tags columns may take together.
    static constexpr double kSideColumnsShare = 0.4;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitColumns();
    void showTagsColumnWhenUsed();

    DatasetListModel* m_model;
};

} // namespace wb
