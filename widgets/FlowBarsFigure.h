#pragma once

#include "DatasetGrouping.h"
#include "GroupLevelBox.h"
#include "Readout.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QPointF>
#include <QStringList>

#include <vector>

class QCPBars;
class QCPBarsGroup;
class QCustomPlot;

namespace wb {

struct DatasetEntry;
struct FlowStatistics;

// Per-flow mean throughput drawn on a plot as bars, one bar group per flow position so that
// two runs (cubic and reno) stand side by side, then each run's mean per-flow throughput with
// its bootstrap CI. With grouping on, one bar per group: at run level the mean of its runs'
// SUMs with a CI resampling whole runs, or the mean per-flow throughput of its pooled flows
// with its CI. The Flows view wraps it with its tables; wirebench-cli plot and the report draw
// it without a view.
class FlowBarsFigure {
    Q_DECLARE_TR_FUNCTIONS(FlowBarsFigure)

public:
    enum class Ordering { ById, ByThroughput };

    struct Options {
        Ordering ordering = Ordering::ById;
        GroupLevel groupLevel = GroupLevel::RunLevel;

        // As workspaces keep them.
        QJsonObject toSettings() const;
        static Options fromSettings(const QJsonObject& settings);
    };

    // Styles `plot` and thins its stream-id labels whenever it is laid out.
    explicit FlowBarsFigure(QCustomPlot* plot);

    // Draws one bar per group of `groups` (named by `groupKey`) or, when there are none, the
    // flows of the throughput runs among `visible` (at most DrawnRuns::kMaxDrawn; an ss log is
    // no run: Measured). Returns what it leaves out (DrawnRuns::note, and the ss logs without
    // their run, named as TCP state), empty when it draws every run.
    QString draw(const std::vector<const DatasetEntry*>& visible,
                 const std::vector<PooledGroup>& groups, const QString& groupKey,
                 const Options& options);
    // The runs drawn by the last draw (none when grouped).
    const std::vector<const DatasetEntry*>& drawnRuns() const { return m_drawn; }
    // Back to the ranges that show every bar.
    void resetRanges();
    // What the bar at `pos` shows (rich text), empty when no bar is there.
    Readout toolTipAt(const QPointF& pos) const;
    static QString exportName() { return QStringLiteral("flow-bars"); }
    // Mbit/s of bits per second, as the figure's labels write them.
    static QString mbits(double bitsPerSecond, int decimals);

    // The bars of one dataset, nullptr when it is hidden or not a throughput dataset.
    QCPBars* barsOf(int datasetId) const { return m_bars.value(datasetId, nullptr); }
    // The mean-throughput bar (with its CI) of one dataset; nullptr when grouped or hidden.
    QCPBars* meanBarsOf(int datasetId) const { return m_meanBars.value(datasetId, nullptr); }
    // With grouping on: one bar per group, in group order; empty otherwise.
    const std::vector<QCPBars*>& groupBars() const { return m_groupBars; }

private:
    // What a bar stands for, so the hover read-out can name the flow.
    struct BarInfo {
        QString dataset;
        QString flowId;
        double bitsPerSecond = 0;
        double bytes = 0;
        double seconds = 0;
        QString runFigures; // the run's SUM and Jain's index, which the legend leaves out
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
        QString jain; // a run-level group's mean Jain's index; empty when not known
    };

    void drawRuns(const std::vector<const DatasetEntry*>& entries);
    void drawGroups(const std::vector<PooledGroup>& groups, const QString& groupKey);
    void drawGroupsAtRunLevel(const std::vector<PooledGroup>& groups, const QString& groupKey);
    // A bar of mean per-flow throughput with its CI error bars; remembered for the tooltip.
    QCPBars* addMeanBar(QCPBarsGroup* group, double key, double width, const QColor& color,
                        const QString& name, const FlowStatistics& stats, int runs);
    void addMeanSlotLabel(double key);
    // Tick labels and title of the flow axis; ids when every dataset has the same ones.
    void setFlowAxis(const QStringList& ids);
    void thinIdLabels();

    QCustomPlot* m_plot;
    Options m_options;
    std::vector<const DatasetEntry*> m_drawn;
    QHash<int, QCPBars*> m_bars;                   // dataset id -> its bars
    QHash<QCPBars*, std::vector<BarInfo>> m_infos; // bars -> one entry per bar, by key - 1
    QHash<QCPBars*, MeanInfo> m_means;             // mean and group bars -> what they show
    QHash<int, QCPBars*> m_meanBars;               // dataset id -> its mean bar
    std::vector<QCPBars*> m_groupBars;
    QCPBarsGroup* m_flowSlots = nullptr; // the datasets' bars side by side in each flow slot
    QCPBarsGroup* m_meanSlot = nullptr;  // their mean bars side by side in the last slot
    double m_meanKey = 0;                // where the mean slot is; 0 = none
    QStringList m_idLabels;              // iperf stream ids of the slots, when all runs share them
    qsizetype m_idLabelStep = 0;
};

} // namespace wb
