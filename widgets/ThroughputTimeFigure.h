#pragma once

#include "DatasetGrouping.h"
#include "Readout.h"

#include "model/FlowSeries.h"
#include "stats/RunsOverTime.h"
#include "stats/TcpState.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QPointF>
#include <QStringList>

#include <optional>
#include <vector>

class QCPGraph;
class QCustomPlot;
class QPen;

namespace wb {

struct DatasetEntry;
struct TcpDatasetLines;

// One metric over time drawn on a plot: of every flow (thin lines) and of the run (thick
// line: SUM or mean, TcpStateLines) per throughput run, or per group of runs its median (or
// mean) over time with a band across its runs and each run faint behind (RunsOverTime).
// Throughput is plotted at each interval's midpoint; the TCP state (cwnd, RTT with its rttvar
// band, retransmissions, pacing and delivery rate) at the end of each interval or at each ss
// sample, read from the best source each flow has, named in the legend and the notes. The
// Throughput-over-time view wraps it with its toolbar; wirebench-cli plot and the report draw
// it without a view.
class ThroughputTimeFigure {
    Q_DECLARE_TR_FUNCTIONS(ThroughputTimeFigure)

public:
    struct Options {
        TcpMetric metric = TcpMetric::Throughput;
        // Individual flows: nullopt = automatic (shown when no run has more than
        // kMaxAutoFlows flows, since 30 overlaid lines hide the SUM).
        std::optional<bool> flows;
        bool legend = true;
        // A group's line and band across its runs (grouping on).
        RunsOverTime::Centre groupCentre = RunsOverTime::Centre::Median;
        RunsOverTime::Spread groupSpread = RunsOverTime::Spread::MinMax;

        // As workspaces keep them.
        QJsonObject toSettings() const;
        static Options fromSettings(const QJsonObject& settings);
    };

    static constexpr std::size_t kMaxAutoFlows = 8;

    // Styles `plot` with its legend above the axis rect.
    explicit ThroughputTimeFigure(QCustomPlot* plot);

    // Draws one line per group of `groups` or, when there are none, the throughput runs among
    // `visible` (at most DrawnRuns::kMaxDrawn). Returns what it leaves out (DrawnRuns::note).
    QString draw(const std::vector<const DatasetEntry*>& visible,
                 const std::vector<PooledGroup>& groups, const Options& options);
    // Back to the ranges that show every line, from zero.
    void resetRanges();
    void setLegendShown(bool shown);
    // What the line at `pixel` shows there (rich text), empty when no line is near.
    Readout toolTipAt(const QPointF& pixel) const;
    // "throughput-time", or "tcp-KEY-time" for a TCP metric (TcpState::key).
    static QString exportName(TcpMetric metric);
    // The metric's name as the view's choice lists it.
    static QString metricName(TcpMetric metric);
    static std::vector<TcpMetric> metrics();

    // Whether flows are drawn when not grouped (the choice, or automatic) at the last draw.
    bool flowsShown() const { return m_flowsShown; }
    // Whether a drawn flow of the last draw has the metric.
    bool metricAvailable(TcpMetric metric) const;
    // What the plot shows and leaves out, one line each, for under the plot.
    const QStringList& notes() const { return m_notes; }
    // The SUM graph of one dataset (for cwnd and RTT: the mean of its flows); nullptr when
    // hidden or the log has no interval lines.
    QCPGraph* sumGraph(int datasetId) const { return m_sums.value(datasetId, nullptr); }
    // The per-flow lines of one dataset in flow order (those with the metric), empty when
    // flows are hidden; the rttvar band is drawn by other graphs.
    std::vector<QCPGraph*> flowGraphs(int datasetId) const { return m_flowGraphs.value(datasetId); }
    // The line of one group of runs (grouping on), by group name: its median (or mean).
    QCPGraph* groupGraph(const QString& name) const { return m_groups.value(name, nullptr); }
    // The faint lines of a group's runs (each run's SUM or mean of its flows), in run order.
    std::vector<QCPGraph*> groupRunGraphs(const QString& name) const {
        return m_groupRuns.value(name);
    }
    // "median" or "mean", and what the band spans, as the legend and the notes say it.
    static QString centreName(RunsOverTime::Centre centre);
    static QString spreadName(RunsOverTime::Spread spread);

private:
    // What a graph stands for, so the hover read-out can name dataset, flow and interval.
    struct Series {
        QString name;
        std::vector<FlowInterval> intervals; // throughput: in graph data order
        std::vector<TcpPoint> points;        // a TCP metric: in graph data order
    };

    void setAxisLabels(const std::vector<TcpDatasetLines>& lines);
    // A graph of the series' intervals or points in the axis units, named for the legend.
    QCPGraph* addSeries(Series series, const QPen& pen);
    void addBand(const std::vector<TcpPoint>& points, const QColor& color);
    void addDataset(const DatasetEntry& entry, const TcpDatasetLines& lines, bool withFlows);
    void addFlows(const DatasetEntry& entry, const TcpDatasetLines& lines);
    // Whether the entry is an ss log and the plot shows throughput: its connections' state is
    // drawn with the TCP metrics, never as a run's throughput.
    bool samplerOfThroughput(const DatasetEntry& entry) const;
    // " (iperf3 -J)" after a line's name, unless every line has that one source.
    QString sourceSuffix(const TcpDatasetLines& lines) const;
    // A group's runs: each one's line over time and its label.
    struct GroupRuns {
        const PooledGroup* group = nullptr;
        std::vector<std::vector<TcpPoint>> lines;
        QStringList labels;
    };
    GroupRuns runsOf(const PooledGroup& group, const std::vector<TcpDatasetLines>& lines,
                     const std::vector<const DatasetEntry*>& entries) const;
    // Every group's runs faint, then every band, then every group's line on top.
    void addGroups(const std::vector<GroupRuns>& groups);
    QStringList notesOf(const std::vector<const DatasetEntry*>& entries,
                        const std::vector<TcpDatasetLines>& lines, bool grouped) const;
    QString readOut(const Series& series, int index) const;

    QCustomPlot* m_plot;
    Options m_options;
    bool m_flowsShown = false;
    std::vector<TcpMetric> m_available;
    QStringList m_notes;
    bool m_commonSource = true;                         // the x axis names the one source
    QHash<int, QCPGraph*> m_sums;                       // dataset id -> SUM (or mean) graph
    QHash<int, std::vector<QCPGraph*>> m_flowGraphs;    // dataset id -> flow graphs
    QHash<QString, QCPGraph*> m_groups;                 // group name -> its line
    QHash<QString, std::vector<QCPGraph*>> m_groupRuns; // group name -> its runs' lines
    QHash<QCPGraph*, Series> m_series;                  // every graph -> what it shows
};

} // namespace wb
