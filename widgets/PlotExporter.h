#pragma once

#include "LegendLayout.h"
#include "PlotTheme.h"

#include <memory>
#include <optional>
#include <vector>

#include <QByteArray>
#include <QSizeF>
#include <QString>

class QCPPainter;
class QCustomPlot;

namespace wb {

// The sizes figures are printed at, in points (1/72 in): a paper's column, two columns, a slide.
struct FigureSizePreset {
    const char* key; // as `plot --size` takes it
    const char* title;
    QSizeF points;
};
const std::vector<FigureSizePreset>& figureSizePresets();

// Defaults: a paper's column (3.5 × 2.5 in) at 300 dpi. Sizes are physical, and true in every
// format: the PDF's page and the SVG's width and height say them, a PNG has them at its dpi.
struct ExportOptions {
    QSizeF points{252, 180}; // the figure's size in points
    double dpi = 300;        // PNG pixels per inch, recorded in the file
    // The sizes and resolutions an export may take, wherever they are chosen (the dialog,
    // `plot`, saved settings): 1 to 40 in, 72 to 2400 dpi.
    static constexpr double kMinPoints = 72;
    static constexpr double kMaxPoints = 2880;
    static constexpr double kMinDpi = 72;
    static constexpr double kMaxDpi = 2400;
    QString title; // drawn above the plot when not empty
    LegendPlace legend = LegendPlace::Auto;
    QString fontFamily;  // every text in this family; empty: the plot's own (DejaVu Sans)
    double fontSize = 0; // tick labels and legend at this size in points, titles in
                         // proportion; 0: the plot's own (kDefaultFontSize)
    static constexpr double kDefaultFontSize = 9;
    // Paper: white background, black text, the views' own colours, whatever the screen
    // shows; Screen: the plot's palette colours (PlotTheme), dark in a dark theme.
    FigureColours colours = FigureColours::Paper;

    // A figure is laid out in units of 1/layoutDpi() inch: QCustomPlot measures text with
    // QFontMetrics(font), which resolves point sizes at the screen's logical dpi, so every
    // device a figure is drawn on works at that dpi for text to land where it was measured.
    static double layoutDpi();
    // The figure's size in layout units; `points` at layoutDpi().
    QSize layoutSize() const;
    static ExportOptions ofLayoutSize(QSize units); // the inverse, for a view's size
    // A length as "3.5in", "8.9cm", "89mm", "252pt" or "252" (points), in points; nullopt
    // when the text is none of these or not positive.
    static std::optional<double> pointsOf(const QString& length);
};

// The one exporter every plot goes through: PNG, PDF and SVG by file suffix, and the
// clipboard. A title, the legend's place, the fonts and the colours are the export's only:
// the plot has its own again afterwards.
class PlotExporter {
public:
    // Written whole or not at all (OutputFile): on failure an existing file keeps its bytes
    // and *error says why, without the path.
    static bool save(QCustomPlot* plot, const QString& path, const ExportOptions& options,
                     QString* error);
    static void copyToClipboard(QCustomPlot* plot, const ExportOptions& options);
    // "png", "pdf", "svg" or empty when the suffix is none of them.
    static QString formatOf(const QString& path);
    // The plot as an SVG document (what save() writes to a .svg file), for embedding.
    static QByteArray toSvg(QCustomPlot* plot, const ExportOptions& options);
    // Draws the plot as vectors at options.layoutSize() from the painter's origin, into a
    // painter that is already drawing a page whose device works at ExportOptions::layoutDpi()
    // (the report's PDF).
    static void paint(QCustomPlot* plot, QCPPainter* painter, const ExportOptions& options);
    // Lays the plot out at the export's size without writing anything, so a caller can
    // measure it (legends and labels placed as they will be drawn); the layout stays until
    // the plot is drawn again.
    static void layOut(QCustomPlot* plot, const ExportOptions& options);
    // A plot for a figure drawn without a view (wirebench-cli plot, reports). It starts laid
    // out as a view's plot is before its first showing, at Qt's size of a child widget never
    // shown: fitted titles keep what they learnt there (OwnValue), so an export of it has the
    // bytes of the same figure exported from a view.
    static std::unique_ptr<QCustomPlot> detachedPlot();
};

// A figure on a plot of its own, drawn without a view (`plot`, the report). It owns both; the
// figure, which may hold the plot's items, goes first.
struct FigureAlone {
    FigureAlone(); // a detached plot (PlotExporter::detachedPlot), no figure yet
    FigureAlone(FigureAlone&&) noexcept;
    FigureAlone& operator=(FigureAlone&&) noexcept;
    ~FigureAlone();

    std::unique_ptr<QCustomPlot> plot;
    std::shared_ptr<void> figure;

    template <typename Figure> Figure& make() {
        auto made = std::make_shared<Figure>(plot.get());
        figure = made;
        return *made;
    }
};

} // namespace wb
