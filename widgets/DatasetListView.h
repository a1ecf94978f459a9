#pragma once

#include <QTreeView>

namespace wb {

class DatasetListModel;

// The dataset list as a table: the name column stretches and keeps at least 60 % of the
// width; the format and tags columns share the other 40 % (the tags column only while some
// dataset has a tag). The format, short, is shown whole; the tags get what the names leave,
// at least a short tag's width. Long names and tags are elided in the middle, where run names
// share the least ("ping18_iperf18_…_np" keeps both ends), and are whole in the tooltip.
class DatasetListView : public QTreeView {
    Q_OBJECT

public:
    explicit DatasetListView(DatasetListModel* model, QWidget* parent = nullptr);

    // Adds "Select all" (Ctrl+A while the list has the focus) to the list's actions.
    QAction* addSelectAllAction();

    // The share of the width the format and tags columns may take together.
    static constexpr double kSideColumnsShare = 0.4;

    // The width the list needs to show every name and format whole (of the rows it measures),
    // the tags column at a short tag's width and a scroll bar: what a panel holding it should
    // give it.
    int widthForWholeNames() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitColumns();
    int wantedWidth(int column) const;
    int leastTagsWidth() const;
    void showTagsColumnWhenUsed();

    DatasetListModel* m_model;
};

} // namespace wb
