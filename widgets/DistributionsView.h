#pragma once

#include "DistributionsFigure.h"
#include "WorkbenchView.h"

#include <algorithm>
#include <optional>

class QAction;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace wb {

// The Distributions figure of every visible latency dataset, with its toolbar (mode, bins,
// range, whiskers, log y) and the run names under the boxes in tooltips.
class DistributionsView : public FigureView<DistributionsFigure> {
    Q_OBJECT

public:
    using Mode = DistributionsFigure::Mode;
    using Options = DistributionsFigure::Options;

    explicit DistributionsView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Distributions"); }
    QString exportName() const override { return DistributionsFigure::exportName(m_options.mode); }
    QJsonObject saveSettings() const override { return m_options.toSettings(); }
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override { rebuild(); }

    Mode mode() const { return m_options.mode; }
    void setMode(Mode mode) { set(&Options::mode, mode); }
    int bins() const { return m_options.bins; }
    void setBins(int bins) { set(&Options::bins, std::max(1, bins)); }
    // Histogram range; unset = [min, max] of the visible data.
    std::optional<double> rangeMin() const { return m_options.rangeMin; }
    std::optional<double> rangeMax() const { return m_options.rangeMax; }
    void setRange(std::optional<double> min, std::optional<double> max);
    bool logY() const { return m_options.logY; }
    void setLogY(bool on) { set(&Options::logY, on); }
    BoxSummary::Whiskers whiskers() const { return m_options.whiskers; }
    void setWhiskers(BoxSummary::Whiskers whiskers) { set(&Options::whiskers, whiskers); }

private:
    // One option changed: the controls show it and the figure is drawn anew.
    template <typename Value> void set(Value Options::*option, Value value) {
        m_options.*option = value;
        syncControls();
        rebuild();
    }
    void buildToolBar(QToolBar* bar);
    void rebuild();
    void syncControls();
    void readRangeFields();

    QComboBox* m_modeCombo = nullptr;
    QSpinBox* m_binsSpin = nullptr;
    QLineEdit* m_minEdit = nullptr;
    QLineEdit* m_maxEdit = nullptr;
    QComboBox* m_whiskerCombo = nullptr;
    QAction* m_logYAction = nullptr;
    QList<QAction*> m_histogramControls; // shown in histogram mode only
    QList<QAction*> m_boxControls;
    Options m_options;
};

} // namespace wb
