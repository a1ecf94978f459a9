#pragma once

#include "GroupLevelBox.h"
#include "TableModel.h"
#include "WorkbenchView.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <vector>

class QCPBars;
class QCPItemText;
class QCPBarsGroup;
class QComboBox;
class QLabel;
class QTabWidget;
class QTableView;
class QMouseEvent;

namespace wb {

struct FlowStatistics;
struct PooledGroup;

// The Flows tab: per-flow mean throughput as bars, one bar group per flow position so that
// two runs (cubic and reno) stand side by side, then each run's mean per-flow throughput with
// its bootstrap CI, and a table of the figures core computed (SUM, spread across flows,
// Jain's index, UDP loss and jitter). With grouping on, one bar per group: by default at run
// level, the mean of its runs' SUMs with a CI resampling whole runs and a table of the runs'
// SUM, Jain's index and TCP state (GroupSummaryReport); or the mean per-flow throughput of
// its pooled flows with its CI.
class FlowBarsView : public WorkbenchView {
    Q_OBJECT

public:
    enum class Ordering { ById, ByThroughput };

    FlowBarsView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Flows"); }
    QCustomPlot* plot() override { return m_plot; }
    QString exportName() const override { return QStringLiteral("flow-bars"); }
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    Ordering ordering() const { return m_ordering; }
    void setOrdering(Ordering ordering);
    // The bars of one dataset, nullptr when it is hidden or not a throughput dataset.
    QCPBars* barsOf(int datasetId) const;
    // The mean-throughput bar (with its CI) of one dataset; nullptr when grouped or hidden.
    QCPBars* meanBarsOf(int datasetId) const;
    GroupLevel groupLevel() const { return m_groupLevel; }
    void setGroupLevel(GroupLevel level);
    // With grouping on: one bar per group, in group order; empty otherwise.
    const std::vector<QCPBars*>& groupBars() const { return m_groupBars; }
    // The figures table under the plot, as shown (rich text).
    QString statsText() const;
    // The per-flow table under the plot (core's FlowReport::tcpTable of the visible throughput
    // datasets), filled when its tab is shown.
    const Table& flowTable() const;
    void showFlowTable();

protected:
    // The runs table's swatches and warnings are coloured for the palette: drawn again when
    // it changes.
    void changeEvent(QEvent* event) override;

private:
    void refreshFlowTable();
    QString flowTableText() const;

    // What a bar stands for, so the hover read-out can name the flow.
    struct BarInfo {
        QString dataset;
        QString flowId;
        double bitsPerSecond = 0;
        double bytes = 0;
        double seconds = 0;
    };

    // What a mean bar stands for: a dataset's or a group's flows.
    struct MeanInfo {
        QString name;
        int flows = 0;
        int runs = 0;          // pooled runs of a group; 0 for one dataset
        bool runLevel = false; // the mean of the runs' SUMs, not of pooled flows
        double bitsPerSecond = 0;
        double low = 0;
        double high = 0;
    };

    void rebuild();
    void rebuildGroups(const std::vector<PooledGroup>& groups);
    void rebuildGroupsAtRunLevel(const std::vector<PooledGroup>& groups);
    // A bar of mean per-flow throughput with its CI error bars; remembered for the tooltip.
    QCPBars* addMeanBar(QCPBarsGroup* group, double key, double width, const QColor& color,
                        const QString& name, const FlowStatistics& stats, int runs);
    void addMeanSlotLabel(double key);
    // Tick labels and title of the flow axis; ids when every dataset has the same ones.
    void setFlowAxis(const QStringList& ids);
    void thinIdLabels();
    void fitMeanSlotLabel();
    void showToolTip(QMouseEvent* event);

    QCustomPlot* m_plot = nullptr;
    QComboBox* m_orderBox = nullptr;
    GroupLevelBox* m_groupLevelBox = nullptr;
    GroupLevel m_groupLevel = GroupLevel::RunLevel;
    QLabel* m_stats = nullptr;
    QTabWidget* m_tables = nullptr;
    QTableView* m_flowTable = nullptr;
    TableModel* m_flowModel = nullptr;
    bool m_flowTableStale = true;
    Ordering m_ordering = Ordering::ById;
    QHash<int, QCPBars*> m_bars;                   // dataset id -> its bars
    QHash<QCPBars*, std::vector<BarInfo>> m_infos; // bars -> one entry per bar, by key - 1
    QHash<QCPBars*, MeanInfo> m_means;             // mean and group bars -> what they show
    QHash<int, QCPBars*> m_meanBars;               // dataset id -> its mean bar
    std::vector<QCPBars*> m_groupBars;
    QCPBarsGroup* m_flowSlots = nullptr; // the datasets' bars side by side in each flow slot
    QCPBarsGroup* m_meanSlot = nullptr;  // their mean bars side by side in the last slot
    double m_meanKey = 0;                // where the mean slot is; 0 = none
    QCPItemText* m_meanLabel = nullptr;  // "mean, 95 % CI" over the mean slot
    double m_autoLower = 0;              // the x range resetView chose, widened for the label
    double m_autoUpper = 0;
    double m_unwidenedUpper = 0; // its upper end before the widening
    double m_autoTop = 0;        // the y range's upper end resetView chose, raised for the label
    double m_unraisedTop = 0;    // its upper end before the label's headroom
    QStringList m_idLabels;      // iperf stream ids of the slots, when all runs share them
    qsizetype m_idLabelStep = 0;
};

} // namespace wb
