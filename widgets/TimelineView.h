#pragma once

#include "TimelineFigure.h"
#include "WorkbenchView.h"

class QAction;
class QDoubleSpinBox;
class QToolBar;

namespace wb {

// The RTT-over-time figure of every visible latency dataset, with its toolbar (log y, probe
// interval), the hover read-out under it, and the lines reduced again whenever the visible x
// range or the plot width changes.
class TimelineView : public FigureView<TimelineFigure> {
    Q_OBJECT

public:
    explicit TimelineView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("RTT over time"); }
    QString exportName() const override { return TimelineFigure::exportName(); }
    QJsonObject saveSettings() const override { return m_figure.options().toSettings(); }
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override { resetRanges(); }

    // TimelineFigure::Options, read back from figure().options().
    void setLogY(bool on);
    void setInterval(double seconds);

private:
    void buildToolBar(QToolBar* bar);
    void rebuild() { redraw(m_figure.options()); }
    void redraw(const TimelineFigure::Options& options);
    void syncActions();

    QAction* m_logYAction = nullptr;
    QDoubleSpinBox* m_intervalBox = nullptr;
};

} // namespace wb
