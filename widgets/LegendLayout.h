#pragma once

#include <QObject>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

class QCPAxisRect;
class QCPLegend;
class QCustomPlot;

namespace wb {

// Where a figure's legend goes.
enum class LegendPlace {
    Auto,   // inside the plot in a corner that hides no data when one does, else below the
            // plot in as few rows as fit (or to its right), leaving the data kDataShare
    Inside, // inside, in the corner that hides least data
    Right,  // in a column right of the plot
    Below,  // in rows under the plot
    None,   // not drawn
};

// The one place that decides where a plot's legend goes (on screen, in exports, in the
// report): a child of the plot holding the choice and how to measure the data a legend in a
// box would hide, applied after each layout by PlotStyle::fitToSize.
class LegendLayout : public QObject {
    Q_OBJECT

public:
    // The share of the figure's height and width the data (the axis rects) keeps with the
    // automatic choice, at a paper column's size too.
    static constexpr double kDataShare = 0.70;

    // How much data a legend in a box (pixels) would hide; 0 when none.
    using HiddenData = std::function<double(const QRectF& box)>;

    // The plot's layout, made on first use.
    static LegendLayout* of(QCustomPlot* plot);

    LegendPlace place() const { return m_place; }
    void setPlace(LegendPlace place);
    // Corners to try, the conventional first, and how to measure what a corner hides; by
    // default all six corners and every plottable and text of the main axis rect.
    void setCorners(const std::vector<Qt::Alignment>& corners, const HiddenData& hidden);
    // Whether the automatic choice may move the legend out of the rect (false while the user
    // zooms and pans a view: the legend keeps its side then).
    void setMayLeave(const std::function<bool()>& mayLeave);
    // The axis rect the legend goes inside (by default the one of the plot's xAxis), and
    // whether the automatic choice keeps it there in the first corner, `columns` entries per
    // row: for stacked lanes, where rows of its own would take the lanes' height and a lane
    // keeps room for it at its top (LaneTitles).
    static void setHome(QCustomPlot* plot, QCPAxisRect* home);
    void keepInHome(int columns);
    // The entries per row a legend inside its home has (1 unless set).
    static int insideColumns(const QCPLegend* legend);
    static void setInsideColumns(QCPLegend* legend, int columns);
    // Whether the legend is inside `rect` now.
    static bool isIn(const QCustomPlot* plot, const QCPAxisRect* rect);

    // Puts the legend where the choice says, measuring the plot as laid out; lays the plot out
    // again when it moved. True if it did.
    bool arrange();

    // Names for the choice (auto, inside, right, below, none), as the CLI and settings read
    // them; *ok false for anything else.
    static QString nameOf(LegendPlace place);
    static LegendPlace fromName(const QString& name, bool* ok);
    static QStringList names();

    // Data of the main axis rect in a box: the length of graph lines and error bars, the
    // count of bars and points, and text items' overlap, in pixels.
    static double dataIn(QCustomPlot* plot, const QRectF& box);

    // The legend moved: into the main axis rect's corner, into rows of their own above or
    // below the axis rects, or into a column right of them.
    static void putInside(QCustomPlot* plot, Qt::Alignment corner);
    // Inside at a rect given as fractions of the main axis rect's inset area.
    static void putInsideAt(QCustomPlot* plot, const QRectF& fraction);
    static void putInRows(QCustomPlot* plot, bool below);
    static void putRight(QCustomPlot* plot);
    // "above", "below", "right" for a legend outside the axis rects, else empty.
    static QString sideOf(const QCustomPlot* plot);

private:
    explicit LegendLayout(QCustomPlot* plot);

    void arrangeAutomatically();
    bool placeInsideBest(bool onlyIfFree);
    // Inside at the first place along the top or bottom edge that hides no data.
    bool placeAlongEdges();
    // Inside a top corner free once the value axis (one set from zero) is raised.
    bool placeAboveData();
    double hiddenAt(const QRectF& box) const;
    bool dataKeepsShare() const;
    double dataArea() const;
    QString stateKey() const;

    QCustomPlot* m_plot;
    LegendPlace m_place = LegendPlace::Auto;
    std::vector<Qt::Alignment> m_corners;
    HiddenData m_hidden;
    std::function<bool()> m_mayLeave;
    bool m_keepInHome = false;
    bool m_arranging = false; // arrange() lays the plot out, which fits it, which arranges
    // What the last arrangement measured: a replot of the same plot at the same size and
    // ranges (a hover read-out, a repaint) keeps its legend where it is without measuring.
    QString m_arranged;
};

} // namespace wb
