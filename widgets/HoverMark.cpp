#include "HoverMark.h"

namespace wb {

namespace {
const QString kLayer = QStringLiteral("overlay"); // QCustomPlot's own top layer
}

HoverMark::HoverMark(QCustomPlot* plot) : QCPLayerable(plot, kLayer) {
    setObjectName(QStringLiteral("hoverMark"));
    if (QCPLayer* overlay = plot->layer(kLayer))
        overlay->setMode(QCPLayer::lmBuffered);
}

HoverMark* HoverMark::of(QCustomPlot* plot) {
    if (auto* mark =
            plot->findChild<HoverMark*>(QStringLiteral("hoverMark"), Qt::FindDirectChildrenOnly))
        return mark;
    return new HoverMark(plot);
}

void HoverMark::markAt(const std::optional<QPointF>& pixel) {
    if (pixel == m_at)
        return;
    m_at = pixel;
    if (layer())
        layer()->replot();
}

void HoverMark::applyDefaultAntialiasingHint(QCPPainter* painter) const {
    painter->setAntialiasing(true);
}

void HoverMark::draw(QCPPainter* painter) {
    if (!m_at)
        return;
    // A ring in the text colour over a white one, visible on any curve colour and theme.
    const double radius = kDiameter / 2;
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(Qt::white, 3));
    painter->drawEllipse(*m_at, radius, radius);
    painter->setPen(
        QPen(mParentPlot->xAxis ? mParentPlot->xAxis->basePen().color() : Qt::black, 1.5));
    painter->drawEllipse(*m_at, radius, radius);
}

QRect HoverMark::clipRect() const {
    return mParentPlot->viewport();
}

} // namespace wb
