#pragma once

#include "WorkbenchView.h"

#include "stats/LoadTimeline.h"
#include "stats/TcpState.h"

#include <QHash>
#include <QString>

#include <array>
#include <vector>

class QComboBox;
class QCPAxisRect;
class QCPGraph;
class QCPItemRect;
class QLabel;

namespace wb {

struct DatasetEntry;

// The Load-over-time tab: a latency-under-load run in lanes stacked on one time axis that
// zoom and pan together — the ping RTT with its losses, the throughput of every flow and
// their SUM, and one TCP metric (cwnd or smoothed RTT) from the flows' best source — with
// the load period shaded in every lane. Where each dataset sits on the axis is core's
// LoadTimeline; this view only draws it.
class LoadTimeView : public WorkbenchView {
    Q_OBJECT

public:
    enum Lane { LatencyLane, ThroughputLane, TcpLane, kLaneCount };

    LoadTimeView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Load over time"); }
    QCustomPlot* plot() override { return m_plot; }
    QString exportName() const override { return QStringLiteral("load-time"); }
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    // The TCP lane's metric: TcpMetric::Cwnd or TcpMetric::Rtt.
    TcpMetric tcpMetric() const { return m_tcpMetric; }
    void setTcpMetric(TcpMetric metric);

    QCPAxisRect* lane(Lane lane) const { return m_lanes[lane]; }
    // The shaded load period of a lane; nullptr when no flow has intervals.
    QCPItemRect* loadShade(Lane lane) const { return m_shades[lane]; }
    // The RTT and lost-request graphs of a latency dataset, nullptr when not drawn.
    QCPGraph* rttGraphOf(int datasetId) const { return m_rtt.value(datasetId); }
    QCPGraph* lostGraphOf(int datasetId) const { return m_lost.value(datasetId); }
    // The SUM of every flow; nullptr when no flow has intervals.
    QCPGraph* sumGraph() const { return m_sum; }
    const LoadTimeline& timeline() const { return m_timeline; }
    QString notesText() const;

private:
    void buildLanes();
    void rebuild();
    void drawLatency(const QHash<const Dataset*, const DatasetEntry*>& entries);
    void drawThroughput(const QHash<const Dataset*, const DatasetEntry*>& entries);
    void drawTcp(const QHash<const Dataset*, const DatasetEntry*>& entries);
    void shadeLoad();
    // A graph on the lane's axes; legendName empty: not in the legend.
    QCPGraph* addGraph(Lane lane, const QPen& pen, const QString& legendName);
    QString axisText() const;
    // What the view leaves out or draws from 0, naming the runs.
    QStringList notes(const QHash<const Dataset*, const DatasetEntry*>& entries) const;

    QCustomPlot* m_plot = nullptr;
    QComboBox* m_metricBox = nullptr;
    QLabel* m_notes = nullptr;
    std::array<QCPAxisRect*, kLaneCount> m_lanes{};
    std::array<QCPItemRect*, kLaneCount> m_shades{};
    TcpMetric m_tcpMetric = TcpMetric::Cwnd;
    LoadTimeline m_timeline;
    QHash<int, QCPGraph*> m_rtt;
    QHash<int, QCPGraph*> m_lost;
    QCPGraph* m_sum = nullptr;
    QStringList m_tcpSources; // TcpState::describe of every source drawn
    double m_right = 0;       // where the last drawn point lies
};

} // namespace wb
