#pragma once

#include "WorkbenchView.h"

#include <QColor>
#include <QMap>

#include <memory>
#include <vector>

class QAction;
class QRectF;
class QCPGraph;
class QCPItemText;
class QLabel;
class QLineEdit;
class QTimer;

namespace wb {

struct DatasetAnalysis;
struct DatasetEntry;

// Overlaid empirical CDFs (or CCDFs, for the tail) of every visible latency dataset.
// Each curve is reduced per pixel column by core's CdfReducer and reduced again whenever the
// visible x range or the plot size changes, so multi-million-sample datasets pan and zoom
// smoothly while the min, the max and every tail step stay exact. With grouping on (the
// store's group key) each group is one bold curve of its pooled samples, its runs faint behind.
class CdfView : public WorkbenchView {
    Q_OBJECT

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
    };

    explicit CdfView(DatasetStore* store, QWidget* parent = nullptr);
    ~CdfView() override;

    QString title() const override;
    QCustomPlot* plot() override { return m_plot; }
    QString exportName() const override;
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    // Public so wirebench-cli can set the same options headless.
    // Log x unless the user chose: log when the visible data spans a decade or more (idle
    // µs beside loaded ms), linear when less, where a log axis would show a single decade.
    bool logX() const { return m_logX; }
    void setLogX(bool on);
    bool logXChosen() const { return m_logXChosen; }
    bool ccdf() const { return m_ccdf; }
    void setCcdf(bool on);
    // Percentile levels to mark on every curve (0..100); empty = no markers.
    const std::vector<double>& markerLevels() const { return m_markerLevels; }
    void setMarkerLevels(const std::vector<double>& levels);

    // The curve of a dataset (faint when grouped), or nullptr when it is hidden or not a
    // latency dataset.
    QCPGraph* graphOf(int datasetId) const { return m_curves.value(datasetId, nullptr); }
    // Every curve, faint member curves first (they are drawn behind).
    const std::vector<Curve>& curves() const { return m_drawn; }
    // The hover read-out as shown under the plot (empty when the mouse is not near a curve).
    QString readout() const;
    // Read-out for a point in plot pixel coordinates; what mouse moves call.
    void showReadoutAt(const QPointF& pixel);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildToolBar();
    void rebuild(); // graphs from the store, then ranges and data
    QCPGraph* addCurve(Curve curve);
    QStringList curveKeys() const; // sorted: a different set of curves needs new ranges
    void scheduleReduce();
    void reduceCurves(); // reduced points for the current x range and width
    void rebuildMarkers();
    void addMarkerLabel(const QString& text, const QPointF& at, const QColor& color,
                        std::vector<QRectF>* taken);
    void placeLegend();
    double curveLengthIn(QCPGraph* graph, const QRectF& box) const; // in pixels
    void updateAxes();
    void syncActions();
    double fractionToY(double cdf) const; // CDF value to what the y axis shows
    int plotColumns() const;

    QCustomPlot* m_plot;
    QLabel* m_readout;
    QAction* m_logXAction = nullptr;
    QAction* m_ccdfAction = nullptr;
    QAction* m_markersAction = nullptr;
    QLineEdit* m_levelsEdit = nullptr;
    QTimer* m_reduceTimer = nullptr; // set first thing in the constructor
    std::vector<Curve> m_drawn;
    QMap<int, QCPGraph*> m_curves; // dataset id -> its curve
    std::vector<QCPGraph*> m_markerGraphs;
    std::vector<QCPItemText*> m_markerLabels;

    bool m_logX = true;
    bool m_logXChosen = false; // by the user (toolbar, workspace, --log-x/--linear-x)
    bool m_ccdf = false;
    std::vector<double> m_markerLevels;
    std::vector<double> m_lastMarkerLevels{50, 99}; // what the toolbar toggle brings back
};

} // namespace wb
