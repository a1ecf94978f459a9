#pragma once

#include "DatasetGrouping.h"
#include "Readout.h"
#include "model/LatencyMetric.h"

#include <QColor>
#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>
#include <QPointF>
#include <QRectF>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QCPGraph;
class QCPItemText;
class QCustomPlot;
class QPointF;
class QRectF;

namespace wb {

struct DatasetAnalysis;
struct DatasetEntry;
class DatasetStore;

// Overlaid empirical CDFs (or CCDFs, for the tail) of latency runs drawn on a plot. Each curve
// is reduced per pixel column by core's CdfReducer (reduce() again when the x range or the
// plot size changes), so multi-million-sample runs stay small while the min, the max and every
// tail step stay exact. With groups each group is one bold curve of its pooled samples, its
// runs faint behind. The CDF view wraps it with its toolbar; wirebench-cli plot and the report
// draw it without a view.
class CdfFigure {
    Q_DECLARE_TR_FUNCTIONS(CdfFigure)

public:
    // One drawn curve: a dataset, a group's pooled samples, or a group member drawn faint.
    struct Curve {
        QString key; // what it draws: "dataset:ID", "member:ID" or "group:NAME"
        QCPGraph* graph = nullptr;
        std::shared_ptr<const DatasetAnalysis> analysis;
        QString label;
        QColor color;
        bool faint = false;
        int memberCount = 0; // runs pooled into a group curve; 0 for a dataset's own curve
        int datasetId = -1;  // the dataset a "dataset:" or "member:" curve draws
    };

    struct Options {
        bool ccdf = false;
        // Unset: log when the visible data spans a decade or more (idle µs beside loaded ms),
        // linear when less, where a log axis would show a single decade.
        std::optional<bool> logX;
        // Percentile levels to mark on every curve (0..100); empty = no markers.
        std::vector<double> markerLevels;

        // As workspaces keep them.
        QJsonObject toSettings() const;
        static Options fromSettings(const QJsonObject& settings);
    };

    // Styles `plot`, and places its legend (moving it between sides where legendMayMove
    // allows) whenever it is laid out.
    explicit CdfFigure(
        QCustomPlot* plot, std::function<bool()> legendMayMove = [] { return true; });

    // A window's figure redraws from the event loop, once for any number of changes, so that
    // adding a batch of runs and drawing them are two short waits rather than one long one.
    // A figure alone (export, report) draws at once, as its caller saves it next.
    void redrawWhenIdle() { m_redrawWhenIdle = true; }

    // Draws the store's visible latency runs, or `groups` when grouped (at most
    // DrawnRuns::kMaxDrawn of their own curves). The ranges follow the data unless
    // `keepRanges` and the same curves are drawn. Returns what it leaves out (DrawnRuns::note).
    QString draw(const DatasetStore& store, const std::vector<PooledGroup>& groups,
                 const Options& options, bool keepRanges = false);
    // New options (scales, markers) for the curves drawn; the ranges follow the data again.
    void setOptions(const std::vector<const DatasetEntry*>& visible, const Options& options);
    // Back to the ranges of the data (visible: the runs drawn).
    void resetRanges(const std::vector<const DatasetEntry*>& visible);
    // Marks the curves drawn at new levels, keeping the ranges.
    void setMarkerLevels(const std::vector<double>& levels);
    // Reduces the curves again for the current x range and plot width, and places the
    // markers anew; the caller replots.
    void reduce();

    const Options& options() const { return m_options; }
    // The x axis in use: the chosen one, else the data's.
    bool logX() const { return m_logX; }
    // "latency-cdf" or "latency-ccdf".
    static QString exportName(bool ccdf) {
        return ccdf ? QStringLiteral("latency-ccdf") : QStringLiteral("latency-cdf");
    }
    // A group still pooled in the background (its runs drawn, its curve to follow), or empty.
    const QString& pooling() const { return m_pooling; }
    // The curve of a dataset (faint when grouped), or nullptr when it is not drawn.
    QCPGraph* graphOf(int datasetId) const { return m_curves.value(datasetId, nullptr); }
    // Every curve, faint member curves first (they are drawn behind).
    const std::vector<Curve>& curves() const { return m_drawn; }
    // The percentile markers' labels placed in the current layout (some may be left out).
    const std::vector<QCPItemText*>& markerLabels() const { return m_markerLabels; }
    // The read-out for a point in plot pixel coordinates: the nearest curve's value there,
    // empty when no curve is near.
    Readout readoutAt(const QPointF& pixel) const;

private:
    // The axes' scale and ranges for the visible runs.
    struct Ranges;
    Ranges rangesFor(const std::vector<const DatasetEntry*>& visible) const;
    Ranges shownRanges() const;
    void applyRanges(const Ranges& ranges);
    std::vector<Curve> curvesOf(const DatasetStore& store, const std::vector<PooledGroup>& groups,
                                QString* pooling, QString* note) const;
    QCPGraph* addCurve(Curve curve);
    QStringList curveKeys() const; // sorted: a different set of curves needs new ranges
    // A percentile marker's label: its text, the marked point (axis coordinates), its colour.
    struct MarkerText {
        QString text;
        QPointF at;
        QColor color;
    };
    static constexpr double kMarkerDiameter = 7; // pixels
    void rebuildMarkers();                       // the markers' dots and texts, then their labels
    // Places every marker label anew for the current layout: each where it covers no curve,
    // dot, other label or the legend and stays inside the axes (else it is left out).
    void placeMarkerLabels();
    // Places one label (see placeMarkerLabels); dots: every marker's, in plot pixels.
    void addMarkerLabel(const MarkerText& marker, const QRectF& area,
                        const std::vector<QPointF>& dots, std::vector<QRectF>* taken);
    QPointF pixelOf(const QPointF& at) const;   // axis coordinates to plot pixels
    bool crossesCurve(const QRectF& box) const; // whether any curve runs through box
    void placeLegend();
    double curveLengthIn(QCPGraph* graph, const QRectF& box) const; // in pixels
    void updateAxes();
    void redraw();
    double fractionToY(double cdf) const; // CDF value to what the y axis shows

    QCustomPlot* m_plot;
    std::function<bool()> m_legendMayMove;
    bool m_redrawWhenIdle = false;
    Options m_options;
    bool m_logX = true;
    LatencyMetric m_metric = LatencyMetric::Rtt; // what the x axis is, as the store shows it
    QString m_pooling;
    std::vector<Curve> m_drawn;
    int m_reducedColumns = 0;      // the output columns the curves were last reduced for
    QMap<int, QCPGraph*> m_curves; // dataset id -> its curve
    std::vector<QCPGraph*> m_markerGraphs;
    std::vector<MarkerText> m_markerTexts;
    std::vector<QCPItemText*> m_markerLabels;
};

} // namespace wb
