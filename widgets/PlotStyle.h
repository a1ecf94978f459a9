#pragma once

#include <QColor>
#include <QFont>

class QCPAxis;
class QCustomPlot;

namespace wb {

// One look for every plot: colours that stay distinguishable (also for colour-blind readers
// and in greyscale print), fonts and line widths that survive a paper's column width.
class PlotStyle {
public:
    // Okabe–Ito palette (its yellow, unreadable on white, swapped for Tol's wine), then
    // darker variants when more series are needed.
    static QColor seriesColor(int index);
    static QFont axisFont(double scale = 1.0);
    static QFont labelFont(double scale = 1.0);
    static double lineWidth(double scale = 1.0);

    // Applies fonts, grid, margins and interactions (drag/zoom) to a plot.
    static void apply(QCustomPlot* plot);
    // Moves the legend into rows of their own above the axis rect, one entry per row (so
    // long labels fit a column-wide export), for plots whose data fills the whole rect.
    static void placeLegendAbove(QCustomPlot* plot);
    // Log or linear scale with the matching ticker (decades, with a sub-grid) on one axis.
    static void setLogScale(QCPAxis* axis, bool log);
};

} // namespace wb
