#pragma once

#include "BandsFigure.h"
#include "WorkbenchView.h"

class QAction;
class QComboBox;
class QSpinBox;
class QToolBar;

namespace wb {

// The percentile-bands figure of one visible latency dataset, or of all overlaid, with its
// toolbar (the run, the window size, log y) and the windows computed anew for the visible x
// range after a pan or zoom.
class BandsView : public WorkbenchView {
    Q_OBJECT

public:
    explicit BandsView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Percentile bands"); }
    QString exportName() const override { return BandsFigure::exportName(); }
    QJsonObject saveSettings() const override { return m_options.toSettings(); }
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override {
        followData();
        m_figure.resetRanges();
    }

    // BandsFigure::Options, read back from figure().options().
    void setWindowReplies(int replies);
    void setLogY(bool on);
    void setShownDataset(int datasetId);

    // What is drawn (BandsFigure).
    const BandsFigure& figure() const { return m_figure; }

private:
    void buildToolBar(QToolBar* bar);
    void rebuild();
    void syncControls();

    QCustomPlot* m_plot;
    BandsFigure m_figure;
    QComboBox* m_datasetCombo = nullptr;
    QSpinBox* m_windowSpin = nullptr;
    QAction* m_logYAction = nullptr;
    BandsFigure::Options m_options;
};

} // namespace wb
