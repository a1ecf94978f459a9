#pragma once

#include "LoadTimeFigure.h"
#include "WorkbenchView.h"

class QComboBox;
class QToolButton;

namespace wb {

// The Load-over-time tab: LoadTimeFigure with the choice of the TCP lane's metric and of the
// steps drawn (Steps: one tick per step of the visible datasets), and a note of what is
// shaded; it keeps the user's zoom and pan while the data changes.
class LoadTimeView : public FigureView<LoadTimeFigure> {
    Q_OBJECT

public:
    LoadTimeView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Load over time"); }
    QString exportName() const override { return LoadTimeFigure::exportName(); }
    QJsonObject saveSettings() const override { return m_options.toSettings(); }
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override { resetRanges(); }

    const LoadTimeFigure::Options& options() const { return m_options; }
    void setTcpMetric(TcpMetric metric);
    // Draws the step or leaves it out.
    void setStepShown(const QString& step, bool shown);

private:
    void rebuild();
    // One checkable entry per step the figure found, ticked unless hidden.
    void listSteps();

    LoadTimeFigure::Options m_options;
    QComboBox* m_metricBox = nullptr;
    QToolButton* m_stepsButton = nullptr;
};

} // namespace wb
