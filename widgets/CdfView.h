#pragma once

#include "CdfFigure.h"
#include "WorkbenchView.h"

class QAction;
class QComboBox;
class QLineEdit;

namespace wb {

// The CDF figure of every visible latency dataset (or group), with its toolbar (log x, CCDF,
// percentile markers), the hover read-out under it, and the curves reduced again whenever the
// visible x range or the plot size changes, so multi-million-sample datasets pan and zoom
// smoothly.
class CdfView : public FigureView<CdfFigure> {
    Q_OBJECT

public:
    using Curve = CdfFigure::Curve;

    explicit CdfView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Latency CDF"); }
    QString tabTitle() const override { return tr("CDF"); }
    QString exportName() const override { return CdfFigure::exportName(ccdf()); }
    QJsonObject saveSettings() const override { return m_figure.options().toSettings(); }
    void restoreSettings(const QJsonObject& settings) override {
        setOptions(CdfFigure::Options::fromSettings(settings));
    }
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

private:
    void buildToolBar(QToolBar* bar);
    void rebuild();
    void setOptions(const CdfFigure::Options& options);
    void syncActions();

    QComboBox* m_metricBox = nullptr; // RTT / send delay / receive delay / IPDV
    QAction* m_logXAction = nullptr;
    QAction* m_ccdfAction = nullptr;
    QAction* m_markersAction = nullptr;
    QLineEdit* m_levelsEdit = nullptr;
    std::vector<double> m_lastMarkerLevels{50, 99}; // what the toolbar toggle brings back
};

} // namespace wb
