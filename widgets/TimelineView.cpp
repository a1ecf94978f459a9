#include "TimelineView.h"

#include "ToolBarToggle.h"
#include "ViewSettingsLimits.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QToolBar>
#include <qcustomplot.h>

namespace wb {

TimelineView::TimelineView(DatasetStore* store, QWidget* parent) : FigureView(store, parent) {
    buildToolBar(layOutPlot(m_plot, [this](const QPointF& at) { return m_figure.readoutAt(at); }));
    redrawOnNavigation([this] { m_figure.reduce(); });
    followStore(this, &TimelineView::rebuild);
    rebuild();
}

void TimelineView::buildToolBar(QToolBar* bar) {
    bar->setIconSize(QSize(16, 16));
    m_logYAction = ToolBarToggle::add(bar, tr("Log y"), this, [this](bool on) { setLogY(on); });
    m_logYAction->setToolTip(tr("Logarithmic RTT axis: spikes and the baseline both readable"));
    bar->addSeparator();
    bar->addWidget(new QLabel(tr("Interval "), bar));
    m_intervalBox = new QDoubleSpinBox(bar);
    m_intervalBox->setRange(0, ViewSettingsLimits::kMaxTimelineIntervalSeconds);
    m_intervalBox->setDecimals(3);
    m_intervalBox->setSingleStep(0.1);
    m_intervalBox->setSuffix(tr(" s"));
    m_intervalBox->setSpecialValueText(tr("unknown"));
    m_intervalBox->setToolTip(
        tr("ping's -i for logs without -D timestamps: the x axis becomes sequence × interval"));
    connect(m_intervalBox, &QDoubleSpinBox::editingFinished, this,
            [this] { setInterval(m_intervalBox->value()); });
    bar->addWidget(m_intervalBox);
    bar->addSeparator();
    addResetAction(bar, tr("Show the whole run again"));
}

void TimelineView::redraw(const TimelineFigure::Options& options) {
    if (options.interval != m_figure.options().interval)
        followData(); // new x values need new ranges
    setDrawingNote(m_figure.draw(store()->visibleLatency(), options, userNavigated()));
    syncActions();
}

void TimelineView::syncActions() {
    const QSignalBlocker blockLog(m_logYAction), blockInterval(m_intervalBox);
    m_logYAction->setChecked(m_figure.options().logY);
    m_intervalBox->setValue(m_figure.options().interval);
}

} // namespace wb
