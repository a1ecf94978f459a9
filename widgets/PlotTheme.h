#pragma once

#include <QColor>

class QCustomPlot;
class QPalette;

namespace wb {

// The two colours a plot is drawn against: its background and its text and axes. Every other
// colour the views chose is made for paper (white, black) and recoloured from there.
struct PlotColours {
    QColor background;
    QColor foreground;

    bool dark() const { return background.lightnessF() < foreground.lightnessF(); }
    bool operator==(const PlotColours& other) const {
        return background == other.background && foreground == other.foreground;
    }
};

// Which colours an export draws in: paper (white, as printed, the default) or as the plot is
// on screen (a dark palette's dark background).
enum class FigureColours { Paper, Screen };

// Plots on screen follow the widget palette (a dark palette gives a dark background, light
// axes and text, subdued grids, data colours lightened to stay apart on it); exports and the
// command line draw on paper. Views keep choosing their colours for paper: recolouring maps
// each of them, and paper gives every object its own colours back exactly.
class PlotTheme {
public:
    static PlotColours paper();
    // The palette's Base and Text (active group): what a list or a text view shows.
    static PlotColours of(const QPalette& palette);
    // The colours the plot is drawn in on screen: its widget palette's.
    static PlotColours screen(const QCustomPlot* plot);

    // A colour chosen for paper as drawn on `colours`. Greys go from paper's white-to-black
    // scale to the background-to-foreground one (black text becomes the foreground, a light
    // grid stays close to the background); on a dark background a colour of any hue is lifted
    // toward white by one share for all (a very dark one further, to a contrast of 3), so data
    // colours stay visible, apart and in their order of lightness. Alpha is kept. On paper
    // every colour is itself.
    static QColor recolour(const QColor& own, const PlotColours& colours);
    // A data colour as the plots draw it in the application's palette: for swatches beside
    // the plots (dataset list, tables).
    static QColor onScreen(const QColor& own);

    // Every pen, brush and text colour of the plot (background, axes, grids, legends and
    // their entries, titles, items, plottables and their scatter styles; not the selection
    // colours) recoloured from the view's own for `colours`.
    static void apply(QCustomPlot* plot, const PlotColours& colours);
    // Keeps the plot in its screen colours: before every replot (views add and restyle
    // objects as data changes), and again when its palette changes.
    static void follow(QCustomPlot* plot);

    // WCAG 2 contrast ratio of two opaque colours, 1 to 21.
    static double contrast(const QColor& a, const QColor& b);
    // `wanted` made lighter (on a dark background) or darker (on a light one), keeping its
    // hue, until it reaches `ratio` against `background`: text that keeps its meaning (a
    // warning's orange) and stays readable in either palette.
    static QColor readable(const QColor& wanted, const QColor& background, double ratio = 4.5);
};

} // namespace wb
