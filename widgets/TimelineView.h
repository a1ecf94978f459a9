#pragma once

#include "TimelineFigure.h"
#include "WorkbenchView.h"

#include <algorithm>

class QAction;
class QDoubleSpinBox;

namespace wb {

// The RTT-over-time figure of every visible latency dataset, with its toolbar (log y, probe
// interval), the hover read-out under it, and the lines reduced again whenever the visible x
// range or the plot width changes.
class TimelineView : public FigureView<TimelineFigure> {
    Q_OBJECT

public:
    explicit TimelineView(DatasetStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("RTT over time"); }
    QString tabTitle() const override { return tr("RTT"); }
    QString exportName() const override { return TimelineFigure::exportName(); }
    QJsonObject saveSettings() const override { return m_figure.options().toSettings(); }
    void restoreSettings(const QJsonObject& settings) override {
        redraw(TimelineFigure::Options::fromSettings(settings, settingsKey(), m_figure.options()));
    }
    void resetView() override { resetRanges(); }

    // TimelineFigure::Options, read back from figure().options().
    void setLogY(bool on) { set(&Options::logY, on); }
    void setInterval(double seconds) { set(&Options::interval, std::max(0.0, seconds)); }

private:
    using Options = TimelineFigure::Options;
    // The figure drawn again with one option changed.
    template <typename Value> void set(Value Options::*option, Value value) {
        Options options = m_figure.options();
        options.*option = value;
        redraw(options);
    }
    void buildToolBar(QToolBar* bar);
    void rebuild() { redraw(m_figure.options()); }
    void redraw(const TimelineFigure::Options& options);
    void syncActions();

    QAction* m_logYAction = nullptr;
    QDoubleSpinBox* m_intervalBox = nullptr;
};

} // namespace wb
