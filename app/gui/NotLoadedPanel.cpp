#include "NotLoadedPanel.h"

#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace wb {

NotLoadedPanel::NotLoadedPanel(QWidget* parent) : QWidget(parent) {
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_list = new QListWidget(this);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setTextElideMode(Qt::ElideMiddle); // the tooltip has the whole text
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_remove = new QPushButton(tr("Remove from workspace"), this);
    m_remove->setToolTip(tr("Forget the selected datasets: the next save leaves them out"));
    connect(m_remove, &QPushButton::clicked, this, &NotLoadedPanel::removeSelected);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_list);
    layout->addWidget(m_remove, 0, Qt::AlignRight);
    refresh();
}

void NotLoadedPanel::setDatasets(std::vector<NotLoadedDataset> datasets) {
    m_datasets = std::move(datasets);
    refresh();
}

void NotLoadedPanel::add(const std::vector<NotLoadedDataset>& datasets) {
    m_datasets.insert(m_datasets.end(), datasets.begin(), datasets.end());
    refresh();
}

QStringList NotLoadedPanel::rows() const {
    QStringList rows;
    for (const NotLoadedDataset& entry : m_datasets) {
        const WorkspaceDataset& dataset = entry.dataset;
        const QString label =
            dataset.label.isEmpty() ? QFileInfo(dataset.absoluteSource).fileName() : dataset.label;
        rows << tr("%1 — %2").arg(label, entry.why);
    }
    return rows;
}

void NotLoadedPanel::removeSelected() {
    std::vector<int> rows;
    for (const QListWidgetItem* item : m_list->selectedItems())
        rows.push_back(m_list->row(item));
    std::sort(rows.rbegin(), rows.rend());
    for (int row : rows)
        m_datasets.erase(m_datasets.begin() + row);
    refresh();
}

void NotLoadedPanel::refresh() {
    m_list->clear();
    const QStringList texts = rows();
    for (std::size_t i = 0; i < m_datasets.size(); ++i) {
        auto* item = new QListWidgetItem(texts[static_cast<int>(i)], m_list);
        item->setToolTip(
            tr("%1\nlog: %2")
                .arg(texts[static_cast<int>(i)], m_datasets[i].dataset.absoluteSource));
    }
    // As tall as its rows up to four: the dataset list above keeps the room.
    const int shown = std::clamp(static_cast<int>(m_datasets.size()), 1, 4);
    m_list->setFixedHeight(shown * m_list->sizeHintForRow(0) + 2 * m_list->frameWidth());
    m_title->setText(
        m_datasets.size() == 1
            ? tr("Not loaded (kept in the workspace until removed):")
            : tr("%1 not loaded (kept in the workspace until removed):").arg(m_datasets.size()));
    setVisible(!m_datasets.empty());
}

} // namespace wb
