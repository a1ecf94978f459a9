#pragma once

#include "DistributionsFigure.h"
#include "WorkbenchView.h"

#include <optional>

class QAction;
class QComboBox;
class QLineEdit;
class QSpinBox;
class QToolBar;

namespace wb {

struct DatasetEntry;

// The Distributions figure of every visible latency dataset, with its toolbar (mode, bins,
// range, whiskers, log y) and the run names under the boxes in tooltips.
class DistributionsView : public WorkbenchView {
    Q_OBJECT

public:
    using Mode = DistributionsFigure::Mode;

    explicit DistributionsView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Distributions"); }
    QString exportName() const override;
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    Mode mode() const { return m_options.mode; }
    void setMode(Mode mode);
    int bins() const { return m_options.bins; }
    void setBins(int bins);
    // Histogram range; unset = [min, max] of the visible data.
    std::optional<double> rangeMin() const { return m_options.rangeMin; }
    std::optional<double> rangeMax() const { return m_options.rangeMax; }
    void setRange(std::optional<double> min, std::optional<double> max);
    bool logY() const { return m_options.logY; }
    void setLogY(bool on);
    BoxSummary::Whiskers whiskers() const { return m_options.whiskers; }
    void setWhiskers(BoxSummary::Whiskers whiskers);

    // What is drawn (DistributionsFigure).
    const DistributionsFigure& figure() const { return m_figure; }

private:
    void buildToolBar(QToolBar* bar);
    void rebuild();
    void syncControls();
    void readRangeFields();

    QCustomPlot* m_plot;
    DistributionsFigure m_figure;
    QComboBox* m_modeCombo = nullptr;
    QSpinBox* m_binsSpin = nullptr;
    QLineEdit* m_minEdit = nullptr;
    QLineEdit* m_maxEdit = nullptr;
    QComboBox* m_whiskerCombo = nullptr;
    QAction* m_logYAction = nullptr;
    QList<QAction*> m_histogramControls; // shown in histogram mode only
    QList<QAction*> m_boxControls;
    DistributionsFigure::Options m_options;
};

} // namespace wb
