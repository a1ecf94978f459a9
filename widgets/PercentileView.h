#pragma once

#include "WorkbenchView.h"
#include "io/TableWriter.h"

class QComboBox;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace wb {

class PercentileTableModel;

// The percentile table of every visible latency dataset, sortable, with the QJump Table 1
// layout one click away; copy as tab-separated text and export through core's TableWriter.
class PercentileView : public WorkbenchView {
    Q_OBJECT

public:
    explicit PercentileView(DatasetStore* store, QWidget* parent = nullptr);
    ~PercentileView() override;

    QString title() const override;
    QString exportName() const override;
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override; // unsorted, default levels

    PercentileTableModel* model() const { return m_model; }
    QTableView* tableView() const { return m_table; }
    void setQjumpTable1(bool on);
    void sortBy(int column, Qt::SortOrder order);

    // What is shown, in the shown order: the source of Copy and Export.
    Table currentTable() const;
    QString tabSeparated() const;
    void copyToClipboard() const;
    // Writes CSV, Markdown or LaTeX chosen by the suffix (.csv, .md, .tex).
    bool exportTo(const QString& path, QString* error) const;

private:
    void exportWithDialog();
    void applyLevelsText();
    void syncControls();

    PercentileTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLineEdit* m_levels;
    QComboBox* m_unit;
    QPushButton* m_table1;
};

} // namespace wb
