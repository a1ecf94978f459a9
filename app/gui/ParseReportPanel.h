#pragma once

#include <QWidget>

class QLabel;
class QTableWidget;

namespace wb {

struct DatasetEntry;

// The parse report of the selected dataset: what was read, and every error with its line
// number and text, one click away from the dataset list.
class ParseReportPanel : public QWidget {
    Q_OBJECT

public:
    explicit ParseReportPanel(QWidget* parent = nullptr);
    void show(const DatasetEntry* entry);

private:
    QLabel* m_summary;
    QTableWidget* m_issues;
};

} // namespace wb
