#pragma once

#include "stats/LoadTimeline.h"
#include "stats/TcpState.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QStringList>

#include <array>
#include <vector>

class QCPAxisRect;
class QCPGraph;
class QCPItemRect;
class QCustomPlot;
class QPen;

namespace wb {

struct DatasetEntry;
class DatasetStore;

// A latency-under-load run drawn on a plot in lanes stacked on one time axis that zoom and
// pan together: the ping RTT with its losses, the throughput of every flow and their SUM, and
// one TCP metric (cwnd or smoothed RTT) from the flows' best source, with the load period
// shaded in every lane. Where each dataset sits on the axis is core's LoadTimeline; this
// figure only draws it. The Load-over-time view wraps it with its toolbar; wirebench-cli plot
// and the report draw it without a view.
class LoadTimeFigure {
    Q_DECLARE_TR_FUNCTIONS(LoadTimeFigure)

public:
    enum Lane { LatencyLane, ThroughputLane, TcpLane, kLaneCount };

    struct Options {
        // The TCP lane's metric: TcpMetric::Cwnd or TcpMetric::Rtt.
        TcpMetric tcpMetric = TcpMetric::Cwnd;

        // As workspaces keep them.
        QJsonObject toSettings() const;
        static Options fromSettings(const QJsonObject& settings);
    };

    // Styles `plot` and stacks its lanes.
    explicit LoadTimeFigure(QCustomPlot* plot);

    // Draws the store's visible runs (at most DrawnRuns::kMaxDrawn); the ranges follow the
    // data unless `keepRanges`. Returns what it leaves out or draws from 0, naming the runs.
    QString draw(const DatasetStore& store, const Options& options, bool keepRanges = false);
    // Back to the ranges that show every point, values from zero.
    void resetRanges();
    static QString exportName() { return QStringLiteral("load-time"); }

    // What is shaded, or that nothing is visible; empty otherwise.
    const QString& shownNote() const { return m_shownNote; }
    QCPAxisRect* lane(Lane lane) const { return m_lanes[lane]; }
    // The shaded load period of a lane; nullptr when no flow has intervals.
    QCPItemRect* loadShade(Lane lane) const { return m_shades[lane]; }
    // The RTT and lost-request graphs of a latency dataset, nullptr when not drawn.
    QCPGraph* rttGraphOf(int datasetId) const { return m_rtt.value(datasetId); }
    QCPGraph* lostGraphOf(int datasetId) const { return m_lost.value(datasetId); }
    // The SUM of every flow; nullptr when no flow has intervals.
    QCPGraph* sumGraph() const { return m_sum; }
    const LoadTimeline& timeline() const { return m_timeline; }

    // The entries of the drawn datasets, for their labels and colours.
    using Entries = QHash<const Dataset*, const DatasetEntry*>;

private:
    void buildLanes();
    void drawLatency(const Entries& entries);
    void drawThroughput(const Entries& entries);
    void drawTcp(const Entries& entries);
    void shadeLoad();
    void setAxisLabels();
    // A graph on the lane's axes; legendName empty: not in the legend.
    QCPGraph* addGraph(Lane lane, const QPen& pen, const QString& legendName);
    QString axisText() const;
    // What the figure leaves out or draws from 0, naming the runs.
    QStringList notes(const Entries& entries) const;

    QCustomPlot* m_plot;
    Options m_options;
    std::array<QCPAxisRect*, kLaneCount> m_lanes{};
    std::array<QCPItemRect*, kLaneCount> m_shades{};
    LoadTimeline m_timeline;
    QHash<int, QCPGraph*> m_rtt;
    QHash<int, QCPGraph*> m_lost;
    QCPGraph* m_sum = nullptr;
    QStringList m_tcpSources; // TcpState::describe of every source drawn
    double m_right = 0;       // where the last drawn point lies
    QString m_shownNote;
};

} // namespace wb
