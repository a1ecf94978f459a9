#pragma once

#include "WorkbenchView.h"
#include "stats/TimelineReducer.h"

#include <QString>

#include <vector>

class QAction;
class QCPAxisRect;
class QCPColorMap;
class QCPRange;
class QCPGraph;
class QCPItemText;
class QDoubleSpinBox;
class QLabel;
class QTimer;
class QToolBar;

namespace wb {

// RTT over time of every visible latency dataset, with lost requests on a thin strip above
// the plot, each pixel column shaded by the share of its requests that were lost and each
// lane labelled with its run's loss % (one lane per run; a single lane saying so when no run
// lost any), and
// duplicate replies as hollow triangles. A CDF hides *when* latency
// went bad; this view shows it. Lines come from core's TimelineReducer and are reduced again
// whenever the visible x range or the plot width changes, so a day-long run pans smoothly and
// a single spike stays visible at every zoom.
class TimelineView : public WorkbenchView {
    Q_OBJECT

public:
    explicit TimelineView(DatasetStore* store, QWidget* parent = nullptr);
    ~TimelineView() override;

    QString title() const override;
    QCustomPlot* plot() override { return m_plot; }
    QString exportName() const override;
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    // Public so wirebench-cli can set the same options headless.
    bool logY() const { return m_logY; }
    void setLogY(bool on);
    // Probe interval in seconds for logs without timestamps (ping's -i; the log does not say
    // it); 0 = unknown, then the x axis is the bare sequence number.
    double interval() const { return m_interval; }
    void setInterval(double seconds);

    // What the x axis currently shows (the same for every dataset drawn).
    TimelineReducer::XAxis xAxisKind() const { return m_xAxis; }
    // Graphs of a dataset, or nullptr when it is hidden / not latency / has no such marks.
    QCPGraph* graphOf(int datasetId) const;
    // The lost requests at their x (not drawn: the shading below shows them), and the shading.
    QCPGraph* lostGraphOf(int datasetId) const;
    QCPColorMap* lossShadeOf(int datasetId) const;
    QCPGraph* duplicateGraphOf(int datasetId) const;
    // The thin axis rect above the plot that holds the loss marks.
    QCPAxisRect* lossStrip() const { return m_strip; }
    // The note the strip shows in its one lane when no visible run lost a request or got an
    // ICMP error; nullptr while the strip has per-run lanes.
    QCPItemText* lossFreeNote() const;

    QString readout() const;
    // Read-out for a point in plot pixel coordinates; what mouse moves call.
    void showReadoutAt(const QPointF& pixel);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Per dataset: its x values (computed once per rebuild) and what is drawn of it.
    struct Track {
        int id = 0;
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

    void buildToolBar(QToolBar* bar);
    void buildLayout();
    void fitStrip();                 // lanes as tall as the laid-out height allows
    int stripHeight(int lane) const; // for lanes this tall
    void setLaneHeight(int lane);
    void rebuild();
    void scheduleReduce();
    void reduceLines();
    void shadeLosses(Track& track, const QCPRange& range, int columns);
    void fitY(double lo, double hi);
    void updateAxes();
    void syncActions();
    int plotColumns() const;
    const Track* trackOf(int datasetId) const;
    QString xText(double x) const;

    QCustomPlot* m_plot;
    QCPAxisRect* m_strip = nullptr;
    QCPItemText* m_lossFreeNote = nullptr;
    int m_lanes = 1; // on the strip: one per run, or one for all when nothing was lost
    QLabel* m_readout;
    QAction* m_logYAction = nullptr;
    QDoubleSpinBox* m_intervalBox = nullptr;
    QTimer* m_reduceTimer = nullptr; // set first thing in the constructor
    std::vector<Track> m_tracks;
    TimelineReducer::XAxis m_xAxis = TimelineReducer::XAxis::Sequence;
    bool m_mixedAxes = false; // some datasets had timestamps, others not

    bool m_logY = false;
    double m_interval = 0;
};

} // namespace wb
