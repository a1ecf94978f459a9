#include "PlotStyle.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <array>
#include <numeric>

namespace wb {

namespace {

const QColor kLegendBorder(180, 180, 180);

// The row of the plot layout that holds `element`, or -1.
int rowOf(QCustomPlot* plot, QCPLayoutElement* element) {
    for (int row = 0; row < plot->plotLayout()->rowCount(); ++row)
        if (plot->plotLayout()->element(row, 0) == element)
            return row;
    return -1;
}

bool legendIsInside(QCustomPlot* plot) {
    return plot->legend->layout() == plot->xAxis->axisRect()->insetLayout();
}

// Width of the legend with `columns` entries per row (filled row by row, as placeLegendAbove
// sets it up): each column as wide as its widest entry.
int legendWidth(QCPLegend* legend, int columns) {
    std::vector<int> widths(static_cast<std::size_t>(columns), 0);
    for (int i = 0; i < legend->itemCount(); ++i) { // counts the grid's empty cells too
        if (const QCPAbstractLegendItem* item = legend->item(i)) {
            int& width = widths[static_cast<std::size_t>(i % columns)];
            width = std::max(width, item->minimumOuterSizeHint().width());
        }
    }
    return std::accumulate(widths.begin(), widths.end(), 0) +
           legend->columnSpacing() * (columns - 1) + legend->margins().left() +
           legend->margins().right();
}

// The legend's size as one column in a corner of the axis rect, with room to the frame.
QSizeF oneColumnSize(QCPLegend* legend) {
    int width = 0;
    int height = legend->margins().top() + legend->margins().bottom();
    int entries = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (!legend->item(i))
            continue;
        const QSize item = legend->item(i)->minimumOuterSizeHint();
        width = std::max(width, item.width());
        height += item.height() + (entries++ > 0 ? legend->rowSpacing() : 0);
    }
    return QSizeF(width + legend->margins().left() + legend->margins().right(), height) +
           QSizeF(12, 12);
}

// Sets the entries per row of a legend above the axis rect to what fits; true if changed.
bool refitColumns(QCustomPlot* plot, int maxColumns) {
    QCPLegend* legend = plot->legend;
    const int available = plot->viewport().width() - 16; // placeLegendAbove's row margins
    int columns = 1;
    for (int c = std::min(maxColumns, legend->itemCount()); c > 1; --c)
        if (legendWidth(legend, c) <= available) {
            columns = c;
            break;
        }
    if (columns == legend->wrap())
        return false;
    legend->setWrap(columns);
    legend->setFillOrder(QCPLegend::foColumnsFirst, true); // re-places the entries
    return true;
}

} // namespace

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
    plot->legend->setBorderPen(QPen(kLegendBorder));
    plot->setNoAntialiasingOnDrag(true);
    // One polyline per curve instead of one call per segment: ten reduced CDFs of millions of
    // RTTs (thousands of tail steps each) repaint in a fraction of the time, and a 1.5 px pen
    // shows no difference in the joins.
    plot->setPlottingHint(QCP::phFastPolylines, true);
}

void PlotStyle::placeLegendAbove(QCustomPlot* plot) {
    // A sub-grid with margins keeps the legend off the page edge in exports.
    // Right above the axis rects: an export's title row stays on top.
    const int row = std::max(0, rowOf(plot, plot->axisRect()));
    auto* legendRow = new QCPLayoutGrid;
    plot->plotLayout()->insertRow(row);
    plot->plotLayout()->addElement(row, 0, legendRow);
    plot->plotLayout()->setRowStretchFactor(row, 0.001);
    legendRow->setMargins(QMargins(8, 6, 8, 0));
    legendRow->addElement(0, 0, plot->legend);
    plot->legend->setWrap(1); // before the fill order, which re-places existing entries by it
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setColumnSpacing(24);
    plot->legend->setBorderPen(Qt::NoPen);
}

void PlotStyle::fitLegendColumns(QCustomPlot* plot, int maxColumns) {
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot, maxColumns] {
        if (!legendIsInside(plot) && refitColumns(plot, maxColumns))
            relayout(plot);
    });
}

bool PlotStyle::placeLegendClear(QCustomPlot* plot, const std::vector<Qt::Alignment>& corners,
                                 bool mayLeave, const HiddenData& hidden) {
    QCPLegend* legend = plot->legend;
    const bool inside = legendIsInside(plot);
    if (!legend->visible() || corners.empty() || (!inside && !mayLeave))
        return false;
    // Corners are measured in the axis rect as it is with the legend inside: a legend above
    // takes its rows off the rect's top, which scales the rect's y pixels.
    const QRectF area = plot->xAxis->axisRect()->rect();
    QRectF whole = area;
    if (!inside)
        whole.setTop(area.top() - legend->layout()->outerRect().height() -
                     plot->plotLayout()->rowSpacing());
    const double yScale = area.height() / std::max(1.0, whole.height());
    const QSizeF size = oneColumnSize(legend);
    std::vector<double> hiddenAt;
    for (Qt::Alignment corner : corners) {
        const double x = corner & Qt::AlignLeft    ? whole.left()
                         : corner & Qt::AlignRight ? whole.right() - size.width()
                                                   : whole.center().x() - size.width() / 2;
        const double y = corner & Qt::AlignTop ? whole.top() : whole.bottom() - size.height();
        hiddenAt.push_back(hidden(QRectF(x, area.top() + (y - whole.top()) * yScale, size.width(),
                                         size.height() * yScale)));
    }
    // The first corner that hides nothing; else the least hidden (1 unit: ties keep the
    // earlier, conventional corner), or none when the legend may leave the rect.
    auto best = std::find(hiddenAt.begin(), hiddenAt.end(), 0.0);
    if (best == hiddenAt.end() && mayLeave) {
        const bool moved = inside;
        if (inside)
            placeLegendAbove(plot);
        if (refitColumns(plot, 3) || moved) {
            relayout(plot);
            return true;
        }
        return false;
    }
    if (best == hiddenAt.end()) {
        best = hiddenAt.begin();
        for (auto it = hiddenAt.begin(); it != hiddenAt.end(); ++it)
            if (*it < *best - 1)
                best = it;
    }
    const Qt::Alignment corner = corners[static_cast<std::size_t>(best - hiddenAt.begin())];
    QCPLayoutInset* inset = plot->xAxis->axisRect()->insetLayout();
    if (inside && inset->insetAlignment(inset->elements(false).indexOf(legend)) == corner)
        return false;
    placeLegendInside(plot, corner);
    relayout(plot);
    return true;
}

void PlotStyle::placeLegendInside(QCustomPlot* plot, Qt::Alignment corner) {
    QCPLegend* legend = plot->legend;
    QCPLayoutInset* inset = plot->xAxis->axisRect()->insetLayout();
    if (!legendIsInside(plot)) {
        QCPLayout* row = legend->layout(); // placeLegendAbove's sub-grid, empty once taken
        inset->addElement(legend, corner);
        if (row) {
            plot->plotLayout()->remove(row);
            plot->plotLayout()->simplify();
        }
        legend->setWrap(0);
        legend->setFillOrder(QCPLegend::foRowsFirst, true);
        legend->setBorderPen(QPen(kLegendBorder));
    }
    inset->setInsetAlignment(inset->elements(false).indexOf(legend), corner);
}

void PlotStyle::relayout(QCustomPlot* plot) {
    for (auto phase :
         {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        plot->plotLayout()->update(phase);
}

QString PlotStyle::wrapText(const QString& text, const QFont& font, double width) {
    const QFontMetricsF metrics(font);
    QStringList lines;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString& word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
                lines << line;
                line = word;
            } else {
                line = longer;
            }
        }
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
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
