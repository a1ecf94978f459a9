#pragma once

#include "Readout.h"
#include "stats/TimelineReducer.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <memory>
#include <vector>

class QCPAxisRect;
class QCPColorMap;
class QCPGraph;
class QCPItemText;
class QCPRange;
class QCustomPlot;
class QPointF;

namespace wb {

struct DatasetAnalysis;
struct DatasetEntry;

// RTT over time of latency runs drawn on a plot, with lost requests on a thin strip above
// the plot, each pixel column shaded by the share of its requests that were lost and each
// lane labelled with its run's loss % (one lane per run; a single lane saying so when no run
// lost any), and duplicate replies as hollow triangles. A CDF hides *when* latency went bad;
// this figure shows it. Lines come from core's TimelineReducer and are reduced again
// (reduce()) whenever the visible x range or the plot width changes, so a day-long run pans
// smoothly and a single spike stays visible at every zoom. The timeline view wraps it with
// its toolbar and read-out; wirebench-cli plot and the report draw it without a view.
class TimelineFigure {
    Q_DECLARE_TR_FUNCTIONS(TimelineFigure)

public:
    struct Options {
        bool logY = false;
        // Probe interval in seconds for logs without timestamps (ping's -i; the log does not
        // say it); 0 = unknown, then the x axis is the bare sequence number.
        double interval = 0;

        // As workspaces keep them; `key` names the settings in a warning on a bad value, and
        // what the settings do not say stays as in `options`.
        QJsonObject toSettings() const { return {{"logY", logY}, {"interval", interval}}; }
        static Options fromSettings(const QJsonObject& settings, const QString& key,
                                    Options options);
    };

    // Styles `plot` and adds the loss strip above it; drawn empty until draw().
    explicit TimelineFigure(QCustomPlot* plot);

    // Draws the latency runs among `visible` that have replies or losses (at most
    // DrawnRuns::kMaxDrawn). The ranges follow the data unless `keepRanges` and the same runs
    // are drawn. Returns what it leaves out (DrawnRuns::note).
    QString draw(const std::vector<const DatasetEntry*>& visible, const Options& options,
                 bool keepRanges = false);
    // Back to the ranges of the runs drawn.
    void resetRanges();
    // Reduces the lines again for the current x range and plot width; the caller replots.
    void reduce();

    const Options& options() const { return m_options; }
    static QString exportName() { return QStringLiteral("rtt-timeline"); }
    // What the x axis currently shows (the same for every dataset drawn).
    TimelineReducer::XAxis xAxisKind() const { return m_xAxis; }
    // Graphs of a dataset, or nullptr when it is hidden / not latency / has no such marks.
    QCPGraph* graphOf(int datasetId) const { return partOf(datasetId, &Track::line); }
    // The lost requests at their x (not drawn: the shading below shows them), and the shading.
    QCPGraph* lostGraphOf(int datasetId) const { return partOf(datasetId, &Track::lost); }
    QCPColorMap* lossShadeOf(int datasetId) const { return partOf(datasetId, &Track::lossShade); }
    QCPGraph* duplicateGraphOf(int id) const { return partOf(id, &Track::duplicates); }
    // The thin axis rect above the plot that holds the loss marks.
    QCPAxisRect* lossStrip() const { return m_strip; }
    // The note the strip shows in its one lane when no drawn run lost a request or got an
    // ICMP error; nullptr while the strip has per-run lanes.
    QCPItemText* lossFreeNote() const;
    // The read-out for a point in plot pixel coordinates: the nearest reply or lost request,
    // empty when none is near.
    Readout readoutAt(const QPointF& pixel) const;

private:
    // Per dataset: its x values (computed once per draw) and what is drawn of it.
    struct Track {
        int id = 0;
        std::shared_ptr<const DatasetAnalysis> analysis;
        QString label;
        std::vector<double> x; // aligned with the series' rttMs
        bool sorted = true;
        std::vector<double> lostX, dupX, errorX;
        QCPGraph* line = nullptr;
        QCPGraph* duplicates = nullptr;
        QCPGraph* lost = nullptr;
        QCPGraph* errors = nullptr;
        QCPColorMap* lossShade = nullptr;
        double lane = 0;                 // the centre of its lane on the strip
        TimelineReducer::PolyLine drawn; // for the hover read-out
    };

    void buildLayout();
    void fitStrip();                 // lanes as tall as the laid-out height allows
    int stripHeight(int lane) const; // for lanes this tall
    void setLaneHeight(int lane);
    void shadeLosses(Track& track, const QCPRange& range, int columns);
    void fitY(double lo, double hi);
    void updateAxes();
    template <typename Part> Part* partOf(int datasetId, Part* Track::*part) const {
        for (const Track& t : m_tracks)
            if (t.id == datasetId)
                return t.*part;
        return nullptr;
    }
    QString xText(double x) const;

    QCustomPlot* m_plot;
    Options m_options;
    QCPAxisRect* m_strip = nullptr;
    QCPItemText* m_lossFreeNote = nullptr;
    int m_lanes = 1; // on the strip: one per run, or one for all when nothing was lost
    std::vector<Track> m_tracks;
    int m_reducedColumns = 0; // the output columns the runs were last reduced for
    TimelineReducer::XAxis m_xAxis = TimelineReducer::XAxis::Sequence;
    bool m_mixedAxes = false; // some datasets had timestamps, others not
};

} // namespace wb
