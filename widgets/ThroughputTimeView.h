#pragma once

#include "WorkbenchView.h"

#include "model/FlowSeries.h"
#include "stats/TcpState.h"

#include <QHash>
#include <QString>
#include <QVector>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QCPGraph;
class QLabel;
class QMouseEvent;

namespace wb {

struct DatasetEntry;
struct PooledGroup;
struct TcpDatasetLines;

// The Throughput-over-time tab: one metric of every flow (thin lines) and of the run (thick
// line: SUM or mean, TcpStateLines) per visible throughput dataset, or one line per group of
// runs when grouping is on. Throughput is plotted at each interval's midpoint; the TCP state
// (cwnd, RTT with its rttvar band, retransmissions, pacing and delivery rate) at the end of
// each interval or at each ss sample, read from the best source each flow has
// (TcpState::statesOf), named in the legend and the notes.
class ThroughputTimeView : public WorkbenchView {
    Q_OBJECT

public:
    ThroughputTimeView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Throughput over time"); }
    QCustomPlot* plot() override { return m_plot; }
    // "throughput-time", or "tcp-KEY-time" for a TCP metric (TcpState::key).
    QString exportName() const override;
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    // Individual flows: nullopt = automatic (shown when no visible dataset has more than
    // kMaxAutoFlows flows, since 30 overlaid lines hide the SUM).
    std::optional<bool> flowsChoice() const { return m_flowsChoice; }
    void setFlowsChoice(std::optional<bool> show);
    bool flowsShown() const;
    bool legendShown() const;
    void setLegendShown(bool shown);
    // The SUM graph of one dataset (for cwnd and RTT: the mean of its flows); nullptr when
    // hidden or the log has no interval lines (no such figure).
    QCPGraph* sumGraph(int datasetId) const;
    QString notesText() const;

    TcpMetric metric() const { return m_metric; }
    void setMetric(TcpMetric metric);
    // Whether a drawn flow of a visible dataset has the metric (the choice is enabled).
    bool metricAvailable(TcpMetric metric) const;
    // The per-flow lines of one dataset in flow order (those with the metric), empty when
    // flows are hidden; the rttvar band is drawn by other graphs.
    std::vector<QCPGraph*> flowGraphs(int datasetId) const;
    // The line of one group of runs (grouping on), by group name.
    QCPGraph* groupGraph(const QString& name) const;

    static constexpr std::size_t kMaxAutoFlows = 8;

private:
    // What a graph stands for, so the hover read-out can name dataset, flow and interval.
    struct Series {
        QString name;
        std::vector<FlowInterval> intervals; // throughput: in graph data order
        std::vector<TcpPoint> points;        // a TCP metric: in graph data order
    };

    void rebuild();
    void updateMetricChoice(const std::vector<TcpDatasetLines>& lines);
    // A graph of the keys and values (already in the axis units), named for the legend.
    QCPGraph* addGraph(const QString& name, const QVector<double>& keys,
                       const QVector<double>& values, const QPen& pen);
    QCPGraph* addSeries(const QString& name, std::vector<FlowInterval> intervals, const QPen& pen);
    QCPGraph* addSeries(const QString& name, std::vector<TcpPoint> points, const QPen& pen);
    void addBand(const std::vector<TcpPoint>& points, const QColor& color);
    void addDataset(const DatasetEntry& entry, const TcpDatasetLines& lines, bool withFlows);
    void addFlows(const DatasetEntry& entry, const TcpDatasetLines& lines);
    // " (iperf3 -J)" after a line's name, unless every line has that one source.
    QString sourceSuffix(const TcpDatasetLines& lines) const;
    void addGroup(const PooledGroup& group, const std::vector<TcpDatasetLines>& lines,
                  const std::vector<const DatasetEntry*>& entries);
    QStringList notesOf(const std::vector<const DatasetEntry*>& entries,
                        const std::vector<TcpDatasetLines>& lines, bool grouped) const;
    void showToolTip(QMouseEvent* event);
    QString readOut(const Series& series, int index) const;

    QCustomPlot* m_plot = nullptr;
    QComboBox* m_metricBox = nullptr;
    QCheckBox* m_flowsBox = nullptr;
    QCheckBox* m_legendBox = nullptr;
    QLabel* m_notes = nullptr;
    std::optional<bool> m_flowsChoice;
    TcpMetric m_metric = TcpMetric::Throughput;
    std::vector<TcpMetric> m_available; // what the visible datasets have (metricAvailable)
    bool m_commonSource = true;         // the x axis names the one source of every line
    QHash<int, QCPGraph*> m_sums;       // dataset id -> SUM (or mean) graph
    QHash<int, std::vector<QCPGraph*>> m_flowGraphs; // dataset id -> flow graphs
    QHash<QString, QCPGraph*> m_groups;              // group name -> its line
    QHash<QCPGraph*, Series> m_series;               // every graph -> what it shows
};

} // namespace wb
