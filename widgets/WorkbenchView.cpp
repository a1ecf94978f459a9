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

} // namespace wb
