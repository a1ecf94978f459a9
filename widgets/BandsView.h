#pragma once

#include "BandsFigure.h"
#include "WorkbenchView.h"

class QAction;
class QComboBox;
class QSpinBox;

namespace wb {

// The percentile-bands figure of one visible latency dataset, or of all overlaid, with its
// toolbar (the run, the window size, log y) and the windows computed anew for the visible x
// range after a pan or zoom.
class BandsView : public FigureView<BandsFigure> {
    Q_OBJECT

public:
    explicit BandsView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Percentile bands"); }
    QString tabTitle() const override { return tr("Bands"); }
    QString exportName() const override { return BandsFigure::exportName(); }
    QJsonObject saveSettings() const override { return m_options.toSettings(); }
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override { resetRanges(); }

    // BandsFigure::Options, read back from figure().options().
    void setWindowReplies(int replies);
    void setLogY(bool on);
    void setShownDataset(int datasetId);

private:
    void buildToolBar(QToolBar* bar);
    void rebuild();
    void syncControls();

    QComboBox* m_datasetCombo = nullptr;
    QSpinBox* m_windowSpin = nullptr;
    QAction* m_logYAction = nullptr;
    BandsFigure::Options m_options;
};

} // namespace wb
