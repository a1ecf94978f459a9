#include "DatasetListView.h"

#include "DatasetListModel.h"

#include <QAction>
#include <QHeaderView>

#include <algorithm>
#include <vector>

namespace wb {

namespace {
// Columns sized to their contents measure this many rows, not every one of thousands.
constexpr int kRowsMeasured = 100;
} // namespace

DatasetListView::DatasetListView(DatasetListModel* model, QWidget* parent)
    : QTreeView(parent), m_model(model) {
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setModel(model);
    setTextElideMode(Qt::ElideMiddle);
    QHeaderView* columns = header();
    columns->setStretchLastSection(false);
    columns->setResizeContentsPrecision(kRowsMeasured);
    columns->setSectionResizeMode(QHeaderView::Fixed);
    columns->setSectionResizeMode(DatasetListModel::LabelColumn, QHeaderView::Stretch);
    // Connected after the view's own handlers (setModel): the rows are in place when measured.
    const auto refit = [this] {
        showTagsColumnWhenUsed();
        fitColumns();
    };
    connect(model, &QAbstractItemModel::rowsInserted, this, refit);
    connect(model, &QAbstractItemModel::rowsRemoved, this, refit);
    connect(model, &QAbstractItemModel::modelReset, this, refit);
    connect(model, &QAbstractItemModel::dataChanged, this, refit);
    refit();
}

QAction* DatasetListView::addSelectAllAction() {
    auto* selectAll = new QAction(tr("Select &all"), this);
    selectAll->setShortcut(QKeySequence::SelectAll);
    selectAll->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(selectAll, &QAction::triggered, this, &QTreeView::selectAll);
    addAction(selectAll);
    return selectAll;
}

void DatasetListView::resizeEvent(QResizeEvent* event) {
    QTreeView::resizeEvent(event);
    fitColumns();
}

void DatasetListView::showTagsColumnWhenUsed() {
    setColumnHidden(DatasetListModel::TagsColumn, !m_model->anyTags());
}

void DatasetListView::fitColumns() {
    struct Side {
        int column;
        int wanted;
    };
    std::vector<Side> sides;
    for (int column : {DatasetListModel::FormatColumn, DatasetListModel::TagsColumn})
        if (!isColumnHidden(column))
            sides.push_back(
                {column, std::max(sizeHintForColumn(column), header()->sectionSizeHint(column))});
    // The narrower column gets what it wants first, the other what is left of the share.
    std::sort(sides.begin(), sides.end(),
              [](const Side& a, const Side& b) { return a.wanted < b.wanted; });
    int budget = static_cast<int>(viewport()->width() * kSideColumnsShare);
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const int share = budget / static_cast<int>(sides.size() - i);
        const int width = std::min(sides[i].wanted, share);
        header()->resizeSection(sides[i].column, width);
        budget -= width;
    }
}

} // namespace wb
