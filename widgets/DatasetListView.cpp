#include "DatasetListView.h"

#include "DatasetListModel.h"

#include <QAction>
#include <QHeaderView>
#include <QScrollBar>

#include <algorithm>

namespace wb {

namespace {
// Columns sized to their contents measure this many rows, not every one of thousands.
constexpr int kRowsMeasured = 100;
constexpr int kShortTag = 8; // characters
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

int DatasetListView::wantedWidth(int column) const {
    return std::max(sizeHintForColumn(column), header()->sectionSizeHint(column));
}

void DatasetListView::fitColumns() {
    const int width = viewport()->width();
    int budget = static_cast<int>(width * kSideColumnsShare);
    const int format = std::min(wantedWidth(DatasetListModel::FormatColumn), budget);
    header()->resizeSection(DatasetListModel::FormatColumn, format);
    budget -= format;
    if (isColumnHidden(DatasetListModel::TagsColumn))
        return;
    // Names come before tags: the tags take what the names leave, between their title's width
    // and their own, within the share.
    const int least = std::min(leastTagsWidth(), budget);
    const int most = std::max(least, std::min(wantedWidth(DatasetListModel::TagsColumn), budget));
    const int leftByNames = width - format - sizeHintForColumn(DatasetListModel::LabelColumn);
    header()->resizeSection(DatasetListModel::TagsColumn, std::clamp(leftByNames, least, most));
}

// A short tag's width ("cubic", "reno"), or the title's.
int DatasetListView::leastTagsWidth() const {
    return std::max(header()->sectionSizeHint(DatasetListModel::TagsColumn),
                    fontMetrics().averageCharWidth() * kShortTag);
}

int DatasetListView::widthForWholeNames() const {
    int width = sizeHintForColumn(DatasetListModel::LabelColumn) +
                wantedWidth(DatasetListModel::FormatColumn) + 2 * frameWidth();
    if (!isColumnHidden(DatasetListModel::TagsColumn))
        width += leastTagsWidth();
    // Room for the scroll bar whether or not it shows yet: it comes with the rows.
    return width + verticalScrollBar()->sizeHint().width();
}

} // namespace wb
