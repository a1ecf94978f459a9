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
    m_list->setMaximumHeight(120);
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

QStringList NotLoadedPanel::rows() const {
    QStringList rows;
    for (const NotLoadedDataset& entry : m_datasets) {
        const WorkspaceDataset& dataset = entry.dataset;
        const QString label =
            dataset.label.isEmpty() ? QFileInfo(dataset.absoluteSource).fileName() : dataset.label;
        rows << tr("%1 — %2: %3").arg(label, dataset.absoluteSource, entry.why);
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
    m_list->addItems(rows());
    m_title->setText(tr("%n dataset(s) of the workspace not loaded; kept in it when it is "
                        "saved until removed:",
                        nullptr, static_cast<int>(m_datasets.size())));
    setVisible(!m_datasets.empty());
}

} // namespace wb
