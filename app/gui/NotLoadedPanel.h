#pragma once

#include "model/Workspace.h"

#include <QWidget>

#include <vector>

class QLabel;
class QListWidget;
class QPushButton;

namespace wb {

// The datasets of the open workspace whose raw logs were not read (missing, outside its
// folder and not allowed, unreadable, holding fewer runs than the workspace's index), each with its
// label, path and why. They stay in the workspace when it is saved until the user removes them
// here; the panel hides while there are none.
class NotLoadedPanel : public QWidget {
    Q_OBJECT

public:
    explicit NotLoadedPanel(QWidget* parent = nullptr);

    void setDatasets(std::vector<NotLoadedDataset> datasets);
    void add(const std::vector<NotLoadedDataset>& datasets);
    const std::vector<NotLoadedDataset>& datasets() const { return m_datasets; }
    // The rows as shown ("label — path: why").
    QStringList rows() const;
    // Removes the selected rows' datasets from the workspace.
    void removeSelected();
    QListWidget* list() const { return m_list; }

private:
    void refresh();

    QLabel* m_title;
    QListWidget* m_list;
    QPushButton* m_remove;
    std::vector<NotLoadedDataset> m_datasets;
};

} // namespace wb
