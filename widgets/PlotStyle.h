#pragma once

#include <QColor>
#include <QFont>
#include <QRectF>

#include <functional>
#include <vector>

class QCPAxis;
class QCPLegend;
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
    // Legend entries side by side in rows above the axis rect: the most entries per row, up to
    // maxColumns, whose columns fit the plot's width, so no entry is cut short. Refitted after
    // every layout (the screen's or an export's size).
    static void fitLegendColumns(QCustomPlot* plot, int maxColumns);

    // How much data a legend in a box (pixels) would hide; 0 when none.
    using HiddenData = std::function<double(const QRectF& box)>;
    // Puts the legend in the first of `corners` of the axis rect where it hides least data;
    // when every corner hides some and `mayLeave`, in rows above the axis rect instead (see
    // placeLegendAbove), so it never covers data. Call it after a layout (afterLayout): it
    // measures in pixels, and lays the plot out again when the legend moved. True if it did.
    static bool placeLegendClear(QCustomPlot* plot, const std::vector<Qt::Alignment>& corners,
                                 bool mayLeave, const HiddenData& hidden);
    // Back into the axis rect's corner (a legend above the axis rect leaves its rows).
    static void placeLegendInside(QCustomPlot* plot, Qt::Alignment corner);
    // Runs QCustomPlot's layout passes again (its updateLayout is protected), for what an
    // afterLayout handler changed that moves elements or margins; does not emit afterLayout.
    static void relayout(QCustomPlot* plot);
    // The text broken between words into lines no wider than `width` pixels in `font`; a word
    // wider than that stays whole on its own line.
    static QString wrapText(const QString& text, const QFont& font, double width);

    // Log or linear scale with the matching ticker (decades, with a sub-grid) on one axis.
    static void setLogScale(QCPAxis* axis, bool log);
};

} // namespace wb
