#include "WorkbenchView.h"

#include <qcustomplot.h>

namespace wb {

void WorkbenchView::watchNavigation(QCustomPlot* plot) {
    // Wheel zooms, a drag with a button held pans or zooms a rectangle.
    connect(plot, &QCustomPlot::mouseWheel, this, [this] { m_userNavigated = true; });
    connect(plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        if (event->buttons() != Qt::NoButton)
            m_userNavigated = true;
    });
}

void WorkbenchView::storeChanged() {
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

} // namespace wb
