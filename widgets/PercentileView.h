#pragma once

#include "CategoryAxisLabels.h"
#include "WorkbenchView.h"
#include "io/TableWriter.h"

class QComboBox;
class QCPGraph;
class QLineEdit;
class QMouseEvent;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace wb {

class PercentileTableModel;

// The percentile table of every visible latency dataset, sortable, with the QJump Table 1
// layout one click away; copy as tab-separated text and export through core's TableWriter.
// Under it, p50 and p99 of each dataset (in the table's order and unit) with their bootstrap
// 95 % CIs as error bars: whether two runs' tails really differ is read there.
class PercentileView : public WorkbenchView {
    Q_OBJECT

public:
    explicit PercentileView(DatasetStore* store, QWidget* parent = nullptr);
    ~PercentileView() override;

    QString title() const override;
    QString exportName() const override;
    // The p50/p99 interval plot (File ▸ Export plot exports it).
    QCustomPlot* plot() override { return m_intervals; }
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

    // The points of percentile `level` (50 or 99) in the interval plot, nullptr otherwise; its
    // error bars are ConfidenceBars::of(graph).
    QCPGraph* intervalGraph(double level) const;
    static const std::vector<double>& intervalLevels();

private:
    void exportWithDialog();
    void applyLevelsText();
    void syncControls();
    void rebuildIntervals();
    void showIntervalToolTip(QMouseEvent* event);

    PercentileTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLineEdit* m_levels;
    QComboBox* m_unit;
    QPushButton* m_table1;
    QCustomPlot* m_intervals;
    std::vector<QCPGraph*> m_intervalGraphs; // one per intervalLevels()
    std::vector<QStringList> m_intervalTips; // per graph, one tooltip per point
    CategoryAxisLabels m_runLabels;          // each run's name under its markers
};

} // namespace wb
