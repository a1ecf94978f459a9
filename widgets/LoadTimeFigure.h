#pragma once

#include "model/LatencyMetric.h"
#include "stats/LoadPhases.h"
#include "stats/LoadTimeline.h"
#include "stats/TcpState.h"

#include <QColor>
#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QStringList>

#include <array>
#include <memory>
#include <optional>
#include <vector>

class QCPAxisRect;
class QCPGraph;
class QCPItemRect;
class QCustomPlot;
class QPen;

namespace wb {

struct DatasetEntry;
class DatasetStore;
class LaneTitles;

// A latency-under-load run drawn on a plot in lanes stacked on one time axis that zoom and
// pan together: the ping RTT with its losses, the throughput of every flow and their SUM, and
// one TCP metric (cwnd or smoothed RTT) from the flows' best source, with the load period
// shaded in every lane. One step drawn on a tall enough figure: its ping's phases (LoadPhases:
// before the load, under load, after) are named above the RTT lane. Several steps are
// overlaid, each from its own start and in its own colour with one legend entry, so their values
// share the lanes' scales and compare directly. Where each dataset sits on the axis is core's
// LoadTimeline; this figure only draws it. The Load-over-time view wraps it with its toolbar;
// wirebench-cli plot and the report draw it without a view.
class LoadTimeFigure {
    Q_DECLARE_TR_FUNCTIONS(LoadTimeFigure)

public:
    enum Lane { LatencyLane, ThroughputLane, TcpLane, kLaneCount };

    struct Options {
        // The TCP lane's metric: TcpMetric::Cwnd or TcpMetric::Rtt.
        TcpMetric tcpMetric = TcpMetric::Cwnd;
        // Steps not drawn (LoadTimeline::steps names them); every other step is.
        QStringList hiddenSteps;

        // As workspaces keep them.
        QJsonObject toSettings() const;
        static Options fromSettings(const QJsonObject& settings);
    };

    // Styles `plot` and stacks its lanes.
    explicit LoadTimeFigure(QCustomPlot* plot);
    ~LoadTimeFigure();
    LoadTimeFigure(const LoadTimeFigure&) = delete;
    LoadTimeFigure& operator=(const LoadTimeFigure&) = delete;

    // Draws the store's visible runs (at most DrawnRuns::kMaxDrawn); the ranges follow the
    // data unless `keepRanges`. Returns what it leaves out or draws from 0, naming the runs.
    QString draw(const DatasetStore& store, const Options& options, bool keepRanges = false);
    // Back to the ranges that show every point, values from zero.
    void resetRanges();
    static QString exportName() { return QStringLiteral("load-time"); }

    // What is shaded, or that nothing is visible; empty otherwise.
    const QString& shownNote() const { return m_shownNote; }
    QCPAxisRect* lane(Lane lane) const { return m_lanes[lane]; }
    // The lanes' titles: on their value axes, or inside the lanes.
    const LaneTitles& laneTitles() const { return *m_laneTitles; }
    // The shaded load period of a lane; nullptr when no flow has intervals.
    QCPItemRect* loadShade(Lane lane) const { return m_shades[lane]; }
    // The RTT and lost-request graphs of a latency dataset, nullptr when not drawn.
    QCPGraph* rttGraphOf(int datasetId) const { return m_rtt.value(datasetId); }
    QCPGraph* lostGraphOf(int datasetId) const { return m_lost.value(datasetId); }
    // The SUM of every flow of the first step drawn; nullptr when no flow has intervals.
    QCPGraph* sumGraph() const { return m_sums.empty() ? nullptr : m_sums.front(); }
    // The SUM of each step drawn, in timelines() order (nullptr: no flow has intervals).
    const std::vector<QCPGraph*>& sumGraphs() const { return m_sums; }
    // The first step drawn.
    const LoadTimeline& timeline() const { return m_timelines.front(); }
    // Every step drawn, in the order the datasets list them; one without steps.
    const std::vector<LoadTimeline>& timelines() const { return m_timelines; }
    // The steps among the visible datasets at the last draw, drawn or hidden.
    const QStringList& steps() const { return m_steps; }
    // The load phases of each step drawn that is a latency-under-load step.
    const std::vector<LoadPhases>& phases() const { return m_phases; }
    // Where the phases are named above the RTT lane (one step drawn): each name's place on
    // the time axis and its text, in phase order; empty when none is named.
    const std::vector<std::pair<double, QString>>& phaseLabels() const { return m_phaseLabels; }

    // The entries of the drawn datasets, for their labels and colours.
    using Entries = QHash<const Dataset*, const DatasetEntry*>;

private:
    // How a step is drawn: in its datasets' colours (one step), or all in the step's colour.
    struct StepPen {
        std::optional<QColor> color;
        QColor of(const DatasetEntry* entry) const;
    };

    void buildLanes();
    void drawLatency(const LoadTimeline& timeline, const Entries& entries, const StepPen& pen);
    void drawThroughput(const LoadTimeline& timeline, const Entries& entries, const StepPen& pen);
    void drawTcp(const LoadTimeline& timeline, const Entries& entries, const StepPen& pen);
    void drawStep(const LoadTimeline& timeline, const Entries& entries, const StepPen& pen);
    // Several steps: the step's graphs under one legend entry named for the step.
    void nameStep(int firstGraph, const QString& step);
    void dropCommonPrefix();
    void addLaneNotes();
    void shadeLoad(const LoadTimeline& timeline, const LoadPhases& phases);
    // Each phase's name over its span on the RTT lane's top axis, outside the data; no names
    // when `phases` is null.
    void labelPhases(const LoadPhases* phases);
    // The phase names' row shown or not; whether that changed.
    bool showPhaseRow(bool shown);
    // The phase names where the figure is tall enough (kPhaseRowLeastHeight).
    void fitPhaseRow();
    // The lanes' rows stretched so that their data heights are alike.
    void shareHeightAlike();
    void setAxisLabels();
    // "ping RTT (ms)", "irtt send delay (ms)": the tool of every latency run drawn (none when
    // they differ) and the metric the store shows.
    QString latencyLaneTitle() const;
    // A graph on the lane's axes; legendName empty: not in the legend.
    QCPGraph* addGraph(Lane lane, const QPen& pen, const QString& legendName);
    QString axisText() const;
    // What the figure leaves out or draws from 0, naming the runs.
    QStringList notes(const Entries& entries) const;

    QCustomPlot* m_plot;
    Options m_options;
    LatencyMetric m_metric = LatencyMetric::Rtt;
    std::array<QCPAxisRect*, kLaneCount> m_lanes{};
    std::array<QCPItemRect*, kLaneCount> m_shades{};
    std::unique_ptr<LaneTitles> m_laneTitles; // on the lanes' axes, or inside short lanes
    std::vector<LoadTimeline> m_timelines{LoadTimeline()};
    std::vector<LoadPhases> m_phases;
    std::vector<std::pair<double, QString>> m_phaseLabels;
    QStringList m_steps;
    std::vector<const Dataset*> m_leftOut; // in no step drawn, or without reply times
    QHash<int, QCPGraph*> m_rtt;
    QHash<int, QCPGraph*> m_lost;
    std::vector<QCPGraph*> m_sums;
    QStringList m_tcpSources; // TcpState::describe of every source drawn
    QString m_commonPrefix;   // the words every run's legend name began with, said once
    double m_right = 0;       // where the last drawn point lies
    QString m_shownNote;
};

} // namespace wb
