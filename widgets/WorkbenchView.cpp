#include "WorkbenchView.h"

#include "HoverMark.h"
#include "LegendLayout.h"

#include <QAction>
#include <QLabel>
#include <QToolBar>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace wb {

void WorkbenchView::watchNavigation(QCustomPlot* plot) {
    // Wheel zooms, a drag with a button held pans or zooms a rectangle.
    connect(plot, &QCustomPlot::mouseWheel, this, [this] { m_userNavigated = true; });
    connect(plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        if (event->buttons() != Qt::NoButton)
            m_userNavigated = true;
    });
    // While the user zooms and pans, the legend keeps its side of the plot instead of jumping
    // in and out as the data moves under it.
    LegendLayout::of(plot)->setMayLeave([this] { return !m_userNavigated; });
}

// A focused editor emits editingFinished while ~QWidget deletes it, when the view's members
// are already gone: no child reaches the view's slots then.
WorkbenchView::~WorkbenchView() {
    for (QObject* child : findChildren<QObject*>())
        child->disconnect(this);
}

QToolBar* WorkbenchView::layOutPlot(QCustomPlot* plot,
                                    std::function<Readout(const QPointF&)> readoutAt) {
    m_plot = plot;
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* bar = new QToolBar(this);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    layout->addWidget(bar);
    layout->addWidget(plot, 1);
    watchNavigation(plot);
    if (readoutAt) {
        m_readoutAt = std::move(readoutAt);
        m_readout = new QLabel(this);
        m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_readout->setContentsMargins(6, 0, 6, 2);
        m_readout->setMinimumHeight(m_readout->fontMetrics().height() + 4);
        layout->addWidget(m_readout);
        plot->setMouseTracking(true);
        plot->installEventFilter(this); // leaving the plot clears the read-out and its mark
        connect(plot, &QCustomPlot::mouseMove, this,
                [this](QMouseEvent* event) { showReadoutAt(event->position()); });
    }
    return bar;
}

void WorkbenchView::showReadoutAt(const QPointF& pixel) {
    const Readout readout = m_readoutAt(pixel);
    m_readout->setText(readout.text);
    HoverMark::of(m_plot)->markAt(readout.point);
}

void WorkbenchView::showToolTips(QCustomPlot* plot, std::function<Readout(const QPointF&)> tipAt) {
    plot->setMouseTracking(true);
    plot->installEventFilter(this); // leaving the plot takes the mark away
    connect(plot, &QCustomPlot::mouseMove, this,
            [plot, tipAt = std::move(tipAt)](QMouseEvent* event) {
                const Readout tip = tipAt(event->position());
                if (tip.isEmpty())
                    QToolTip::hideText();
                else
                    QToolTip::showText(event->globalPosition().toPoint(), tip.text, plot);
                HoverMark::of(plot)->markAt(tip.point);
            });
}

void WorkbenchView::redrawOnNavigation(std::function<void()> redraw) {
    QTimer* timer = coalescingTimer([this, redraw = std::move(redraw)] {
        redraw();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), timer,
            qOverload<>(&QTimer::start));
}

bool WorkbenchView::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Leave) {
        if (watched == m_plot && m_readout)
            m_readout->clear();
        if (auto* plot = qobject_cast<QCustomPlot*>(watched))
            HoverMark::of(plot)->markAt(std::nullopt);
    }
    return QWidget::eventFilter(watched, event);
}

void WorkbenchView::addResetAction(QToolBar* bar, const QString& toolTip) {
    bar->addAction(tr("Reset view"), this, &WorkbenchView::resetView)->setToolTip(toolTip);
}

void WorkbenchView::requestRebuild() {
    // A tab that is not the current one is hidden inside its window; a view on its own (the
    // CLI's plots, tests) has no parent and rebuilds at once, shown or not.
    if (parentWidget() && !isVisibleTo(window())) {
        m_stale = true;
        return;
    }
    m_stale = false;
    m_rebuild();
}

void WorkbenchView::bringUpToDate() {
    if (!m_stale)
        return;
    m_stale = false;
    m_rebuild();
}

void WorkbenchView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    bringUpToDate();
}

std::vector<const DatasetEntry*>
WorkbenchView::drawable(const std::vector<const DatasetEntry*>& entries, const QString& what) {
    DrawnRuns runs = DrawnRuns::of(entries, what);
    setDrawingNote(runs.note);
    return std::move(runs.drawn);
}

void WorkbenchView::setDrawingNote(const QString& note) {
    m_drawingNote = note;
    if (!m_noteLabel && (note.isEmpty() || !layout()))
        return;
    if (!m_noteLabel) {
        m_noteLabel = new QLabel(this);
        m_noteLabel->setObjectName(QStringLiteral("drawingNote"));
        m_noteLabel->setWordWrap(true);
        m_noteLabel->setContentsMargins(6, 0, 6, 2);
        layout()->addWidget(m_noteLabel);
    }
    m_noteLabel->setText(note);
    m_noteLabel->setVisible(!note.isEmpty());
}

} // namespace wb
