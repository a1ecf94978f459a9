#pragma once

#include "LoadTimeFigure.h"
#include "WorkbenchView.h"

class QComboBox;
class QTableWidget;
class QToolButton;

namespace wb {

// The Load-over-time tab: LoadTimeFigure with the choice of the TCP lane's metric and of the
// steps drawn (Steps: one tick per step of the visible datasets), a note of what is shaded,
// and under the plot a small table of each drawn step's ping per load phase (LoadPhasesReport);
// it keeps the user's zoom and pan while the data changes.
class LoadTimeView : public FigureView<LoadTimeFigure> {
    Q_OBJECT

public:
    LoadTimeView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Load over time"); }
    QString tabTitle() const override { return tr("Load"); }
    QString exportName() const override { return LoadTimeFigure::exportName(); }
    QJsonObject saveSettings() const override { return m_options.toSettings(); }
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override { resetRanges(); }

    const LoadTimeFigure::Options& options() const { return m_options; }
    void setTcpMetric(TcpMetric metric);
    // Draws the step or leaves it out.
    void setStepShown(const QString& step, bool shown);
    // The phase table; hidden when no drawn step has phases.
    const QTableWidget* phaseTable() const { return m_phaseTable; }

private:
    void rebuild();
    // One checkable entry per step the figure found, ticked unless hidden.
    void listSteps();
    void fillPhaseTable();

    LoadTimeFigure::Options m_options;
    QComboBox* m_metricBox = nullptr;
    QToolButton* m_stepsButton = nullptr;
    QTableWidget* m_phaseTable = nullptr;
};

} // namespace wb
