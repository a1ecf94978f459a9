#pragma once

#include "SeriesColor.h"

#include <QColor>
#include <QFont>
#include <QMargins>
#include <QPen>
#include <QRectF>

#include <functional>
#include <optional>
#include <vector>

class QCPAxis;
class QCPLegend;
class QCustomPlot;

namespace wb {

// One look for every plot: colours that stay distinguishable (also for colour-blind readers
// and in greyscale print), fonts and line widths that survive a paper's column width.
class PlotStyle {
public:
    // The model's colours (workbench/SeriesColor) as the toolkit's, and back.
    static QColor toColor(const SeriesColor& color);
    static SeriesColor fromColor(const QColor& color);
    // The colour with another alpha (0 to 255): fills, bands and faint lines.
    static QColor translucent(QColor color, int alpha);
    static QFont axisFont(double scale = 1.0);
    static QFont labelFont(double scale = 1.0);
    static double lineWidth(double scale = 1.0);
    // Light solid major grid lines: they guide the eye without competing with the data.
    static QPen gridPen();
    // Tick label and title fonts, paddings and grid of one axis, as apply() sets the main
    // axis rect's; figures with rects of their own style their axes with it.
    static void styleAxis(QCPAxis* axis);
    // Milliseconds in three or four significant digits: enough to tell 0.0123 ms from
    // 0.0125 ms, short enough for a marker label or a read-out.
    static QString formatMs(double value);
    // An axis rect's least margins: QCustomPlot keeps 15 px above and right of the data for
    // tick labels reaching past it; half a label's height and half a number's width do.
    static QMargins minimumMargins();
    // The frame of a legend inside an axis rect.
    static QColor legendBorder();

    // Applies fonts, grid, margins and interactions (drag/zoom) to a plot, fits its text to
    // every size it is laid out at (fitToSize after each layout), and keeps it in its
    // palette's colours on screen (PlotTheme::follow).
    static void apply(QCustomPlot* plot);
    // Moves the legend into rows of their own above the axis rect; its entries go side by
    // side where they fit (at most 3 per row). Where it is drawn is LegendLayout's choice.
    static void placeLegendAbove(QCustomPlot* plot);
    // At most maxColumns legend entries per row when the legend is above the axis rect.
    static void fitLegendColumns(QCustomPlot* plot, int maxColumns);
    // Makes the laid-out plot's text fit its size, so a paper column reads as well as a window:
    // legends outside the axis rects take the most entries per row that fit whole, and a
    // smaller font (down to kSmallestPointSize) when they would leave the data less than
    // kDataShare of the height; axis titles shrink, then break into lines, to their axis'
    // length; numeric axes drop ticks until no two tick labels touch. Everything returns to
    // its own size when there is room again. Lays the plot out again when anything changed.
    static void fitToSize(QCustomPlot* plot);
    // The share of the plot's height its (first) axis rect keeps when legends give way.
    static constexpr double kBitsPerMbit = 1e6; // rates are drawn in Mbit/s
    static constexpr double kDataShare = 0.70;  // LegendLayout::kDataShare
    // Papers print no figure text smaller than 8 pt: legends, tick labels and titles stop there.
    static constexpr double kSmallestPointSize = 8.0;
    // The most labelled ticks an axis keeps: more crowd a paper column's axis.
    static constexpr int kMostTickLabels = 6;
    // How much taller than now what lies above or below the axis rects may grow, in pixels,
    // for the rects to keep kDataShare of the plot's height; negative when they have less.
    static double dataSpare(QCustomPlot* plot);
    // The top of what the axis' plottables show, in its coordinates; nothing when they show
    // none.
    static std::optional<double> dataTop(const QCPAxis* axis);
    // The legend's entries, without the empty cells of its grid.
    static int legendEntryCount(const QCPLegend* legend);
    // The legend's size with `columns` entries per row at its own font in a corner of an axis
    // rect, with room to the rect's frame.
    static QSizeF legendSizeInside(QCPLegend* legend, int columns = 1);
    // Text on the plot, from the size it was given down to kSmallestPointSize, in steps.
    static std::vector<QFont> shrinkingFonts(const QFont& font);

    // How much data a legend in a box (pixels) would hide; 0 when none.
    using HiddenData = std::function<double(const QRectF& box)>;
    // The legend's corners to try and how to measure what it hides there, for the automatic
    // choice of LegendLayout (the plot's legend choice decides): inside in the first corner
    // that hides nothing, else outside the axis rects when `mayLeave`, else in the corner
    // hiding least. Call it after a layout (afterLayout): it measures in pixels, and lays the
    // plot out again when the legend moved. True if it did.
    static bool placeLegendClear(QCustomPlot* plot, const std::vector<Qt::Alignment>& corners,
                                 bool mayLeave, const HiddenData& hidden);
    // Into the axis rect's corner (a legend outside the axis rect leaves its rows).
    static void placeLegendInside(QCustomPlot* plot, Qt::Alignment corner);
    // Runs QCustomPlot's layout passes again (its updateLayout is protected), for what an
    // afterLayout handler changed that moves elements or margins, then fitToSize; does not
    // emit afterLayout.
    static void relayout(QCustomPlot* plot);
    // The layout passes alone, without fitToSize.
    static void layOutAgain(QCustomPlot* plot);
    // How many pixels of the output being drawn one layout unit becomes: 1 on screen; an
    // export sets its own while it draws, so that figures reduce data at the output's
    // resolution, not the window's.
    static double outputPixelsPerUnit(const QCustomPlot* plot);
    static void setOutputPixelsPerUnit(QCustomPlot* plot, double pixels);
    // The columns a figure reduces its data to across `rect`: its width in layout units, and
    // in pixels of the output being drawn. Before the first layout the rect has no real size;
    // the plot's width is the best guess, and the layout reduces again.
    static int layoutColumns(const QCustomPlot* plot, const QCPAxisRect* rect);
    static int outputColumns(const QCustomPlot* plot, const QCPAxisRect* rect);
    // QCustomPlot's adaptive sampling thins a dense line to a few points per layout unit,
    // placed within the unit rather than at the samples': a pixel on screen, several in an
    // export. This keeps it for the screen and has every graph of the plot drawn through
    // every point in an export (after each layout, as the output pixels per unit say).
    static void sampleLinesOnScreenOnly(QCustomPlot* plot);
    // The text broken between words into lines no wider than `width` pixels in `font`; a word
    // wider than that stays whole on its own line, unless `breakWords`: then it is broken
    // after its '_', '-', '/' or '.' (which stay at the line's end) where it has them.
    static QString wrapText(const QString& text, const QFont& font, double width,
                            bool breakWords = false);
    // Width of the widest line of a text, in pixels.
    static double widestLine(const QString& text, const QFont& font);

    // A shorter title for the axis, saying the same, for when its own would need more lines
    // than it has to fit the axis' length; empty: none.
    static void setShortTitle(QCPAxis* axis, const QString& title);

    // Every text of the plot in `family` (empty: its own) at `scale` times its own size,
    // fitted again at the next layout; ("", 1) brings the view's own fonts back.
    static void setTextStyle(QCustomPlot* plot, const QString& family, double scale);

    // Log or linear scale with the matching ticker (decades, with a sub-grid) on one axis.
    static void setLogScale(QCPAxis* axis, bool log);
    // From zero (rates, windows and delays start there; a cropped axis exaggerates dips) to
    // the top of what the axis' plottables show, with headroom that keeps it clear of the frame.
    // The axis is marked (letLegendRaiseTop).
    static void setRangeFromZero(QCPAxis* valueAxis, double upperWhenEmpty = 1);
    // Marks a value axis (linear, or logarithmic above 0) whose top LegendLayout may raise
    // for the legend to sit above the data, or (false) takes the mark away.
    static void letLegendRaiseTop(QCPAxis* valueAxis, bool may = true);
    static constexpr char kLegendMayRaiseTop[] = "wbLegendMayRaiseTop";
};

} // namespace wb
