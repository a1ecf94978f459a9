#pragma once

#include "CdfFigure.h"
#include "WorkbenchView.h"

class QAction;
class QLabel;
class QLineEdit;
class QTimer;
class QToolBar;

namespace wb {

// The CDF figure of every visible latency dataset (or group), with its toolbar (log x, CCDF,
// percentile markers), the hover read-out under it, and the curves reduced again whenever the
// visible x range or the plot size changes, so multi-million-sample datasets pan and zoom
// smoothly.
class CdfView : public WorkbenchView {
    Q_OBJECT

public:
    using Curve = CdfFigure::Curve;

    explicit CdfView(DatasetStore* store, QWidget* parent = nullptr);
    ~CdfView() override;

    QString title() const override;
    QCustomPlot* plot() override { return m_plot; }
    QString exportName() const override;
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    // The x axis in use (CdfFigure::Options::logX), and whether the user chose it.
    bool logX() const { return m_figure.logX(); }
    void setLogX(bool on);
    bool logXChosen() const { return m_figure.options().logX.has_value(); }
    bool ccdf() const { return m_figure.options().ccdf; }
    void setCcdf(bool on);
    const std::vector<double>& markerLevels() const { return m_figure.options().markerLevels; }
    void setMarkerLevels(const std::vector<double>& levels);

    QCPGraph* graphOf(int datasetId) const { return m_figure.graphOf(datasetId); }
    const std::vector<Curve>& curves() const { return m_figure.curves(); }
    // The hover read-out as shown under the plot (empty when the mouse is not near a curve).
    QString readout() const;
    // Read-out for a point in plot pixel coordinates; what mouse moves call.
    void showReadoutAt(const QPointF& pixel);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildToolBar(QToolBar* bar);
    void rebuild();
    void setOptions(const CdfFigure::Options& options);
    void syncActions();

    QCustomPlot* m_plot;
    QLabel* m_readout;
    CdfFigure m_figure;
    QAction* m_logXAction = nullptr;
    QAction* m_ccdfAction = nullptr;
    QAction* m_markersAction = nullptr;
    QLineEdit* m_levelsEdit = nullptr;
    QTimer* m_reduceTimer = nullptr;                // set first thing in the constructor
    std::vector<double> m_lastMarkerLevels{50, 99}; // what the toolbar toggle brings back
};

} // namespace wb
