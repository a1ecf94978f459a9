#pragma once

#include "CategoryAxisLabels.h"
#include "ConfidenceBars.h"
#include "GroupLevelBox.h"
#include "TableExport.h"
#include "WorkbenchView.h"

class QComboBox;
class QCPGraph;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace wb {

class GroupWarningLabel;
class PercentileTableModel;
class TableModel;

// The percentile table of every visible latency dataset, sortable, with the QJump Table 1
// layout one click away; copy as tab-separated text and export through core's TableWriter.
// Under it, p50 and p99 of each dataset (in the table's order and unit) with their bootstrap
// 95 % CIs as error bars: whether two runs' tails really differ is read there.
// With Group by, one row per group: at run level by default (each run summarised first, the
// mean of the runs' p50/p99 with a CI resampling whole runs and their spread,
// GroupSummaryReport's table), or its runs' samples pooled as one run; a caption says which.
class PercentileView : public WorkbenchView {
    Q_OBJECT

public:
    explicit PercentileView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Percentiles"); }
    QString exportName() const override;
    // The p50/p99 interval plot (File ▸ Export plot exports it).
    QCustomPlot* plot() override { return m_intervals; }
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override; // unsorted, default levels

    PercentileTableModel* model() const { return m_model; }
    // What a group row shows: run-level figures (the default) or pooled samples.
    GroupLevel groupLevel() const { return m_groupLevel; }
    void setGroupLevel(GroupLevel level);
    // The table shows the groups at run level (GroupSummaryReport's table).
    bool showsRunLevel() const;
    // Says which kind of figures the table shows; visible while grouping is on.
    QLabel* levelCaption() const { return m_caption; }
    // What the latency groups pool besides their key, under the caption; hidden when nothing.
    GroupWarningLabel* groupWarning() const { return m_groupWarning; }
    void setQjumpTable1(bool on);
    void sortBy(int column, Qt::SortOrder order);

    // What is shown, in the shown order: the source of Copy and Export.
    Table currentTable() const;
    QString tabSeparated() const { return TableExport::tabSeparated({currentTable()}); }
    void copyToClipboard() const { TableExport::copyToClipboard({currentTable()}); }
    // Writes CSV, Markdown or LaTeX chosen by the suffix (.csv, .md, .tex).
    bool exportTo(const QString& path, QString* error) const {
        return TableExport::save(path, {currentTable()}, error);
    }

    // The points of percentile `level` (50 or 99) in the interval plot, nullptr otherwise; its
    // error bars are ConfidenceBars::of(graph).
    QCPGraph* intervalGraph(double level) const;
    static const std::vector<double>& intervalLevels();
    // The run names under the markers, as shown and whole (tooltips).
    const CategoryAxisLabels& runLabels() const { return m_runLabels; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitColumns();
    void applyLevelsText();
    void syncControls();
    void rebuildIntervals();
    QString intervalTipAt(const QPointF& at) const;
    void syncGroupSource();
    // The interval plot's points in the table's order: a label and an Estimate per
    // intervalLevels() each; the note says what the error bars are (shortNote in fewer words).
    struct IntervalRow {
        QString label;
        std::vector<Estimate> estimates;
    };
    std::vector<IntervalRow> intervalRows(QString* note, QString* shortNote);

    PercentileTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLineEdit* m_levels;
    QComboBox* m_unit;
    QPushButton* m_table1;
    GroupLevelBox* m_groupLevelBox;
    QLabel* m_caption;
    GroupWarningLabel* m_groupWarning;
    TableModel* m_groupTable; // the run-level table, the proxy's source in that mode
    GroupLevel m_groupLevel = GroupLevel::RunLevel;
    QCustomPlot* m_intervals;
    std::vector<QCPGraph*> m_intervalGraphs; // one per intervalLevels()
    std::vector<QStringList> m_intervalTips; // per graph, one tooltip per point
    CategoryAxisLabels m_runLabels;          // each run's name under its markers
};

} // namespace wb
