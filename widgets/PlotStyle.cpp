#include "PlotStyle.h"

#include <qcustomplot.h>

#include <array>

namespace wb {

QColor PlotStyle::seriesColor(int index) {
    static const std::array<QColor, 8> okabeIto = {
        QColor(0, 114, 178), QColor(213, 94, 0),   QColor(0, 158, 115), QColor(204, 121, 167),
        QColor(230, 159, 0), QColor(86, 180, 233), QColor(0, 0, 0),     QColor(136, 34, 85)};
    const auto size = static_cast<int>(okabeIto.size());
    const QColor base = okabeIto[static_cast<std::size_t>(index % size)];
    return (index / size) % 2 ? base.darker(150) : base;
}

QFont PlotStyle::axisFont(double scale) {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(9 * scale);
    return font;
}

QFont PlotStyle::labelFont(double scale) {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(10 * scale);
    return font;
}

double PlotStyle::lineWidth(double scale) {
    return 1.6 * scale;
}

void PlotStyle::apply(QCustomPlot* plot) {
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom | QCP::iSelectLegend);
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
        axis->setTickLabelFont(axisFont());
        axis->setLabelFont(labelFont());
        axis->grid()->setSubGridVisible(false);
        axis->grid()->setPen(QPen(QColor(220, 220, 220), 0, Qt::DotLine));
    }
    plot->legend->setFont(axisFont());
    plot->legend->setBrush(QColor(255, 255, 255, 220));
    plot->legend->setBorderPen(QPen(QColor(180, 180, 180)));
    plot->setNoAntialiasingOnDrag(true);
    // One polyline per curve instead of one call per segment: ten reduced CDFs of millions of
    // RTTs (thousands of tail steps each) repaint in a fraction of the time, and a 1.5 px pen
    // shows no difference in the joins.
    plot->setPlottingHint(QCP::phFastPolylines, true);
}

void PlotStyle::placeLegendAbove(QCustomPlot* plot) {
    // A sub-grid with margins keeps the legend off the page edge in exports.
    auto* legendRow = new QCPLayoutGrid;
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, legendRow);
    plot->plotLayout()->setRowStretchFactor(0, 0.001);
    legendRow->setMargins(QMargins(8, 6, 8, 0));
    legendRow->addElement(0, 0, plot->legend);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setWrap(1);
    plot->legend->setColumnSpacing(24);
    plot->legend->setBorderPen(Qt::NoPen);
}

void PlotStyle::setLogScale(QCPAxis* axis, bool log) {
    if (log) {
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        ticker->setSubTickCount(8);
        axis->setTicker(ticker);
        axis->setScaleType(QCPAxis::stLogarithmic);
    } else {
        axis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        axis->setScaleType(QCPAxis::stLinear);
    }
    axis->grid()->setSubGridVisible(log);
}

} // namespace wb
