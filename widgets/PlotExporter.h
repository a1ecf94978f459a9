#pragma once

#include <QString>

class QCustomPlot;

namespace wb {

struct ExportOptions {
    int width = 1200; // in pixels at scale 1 (for PDF/SVG: the page size in points × 4/3)
    int height = 800;
    double scale = 1.0; // PNG pixel multiplier (2 = "retina"/300-dpi-ish for print)
    QString title;      // drawn above the plot when not empty
};

// The one exporter every plot goes through: PNG, PDF and SVG by file suffix, and the
// clipboard. A title is added for the export only and removed afterwards.
class PlotExporter {
public:
    static bool save(QCustomPlot* plot, const QString& path, const ExportOptions& options, QString* error);
    static void copyToClipboard(QCustomPlot* plot, const ExportOptions& options);
    // "png", "pdf", "svg" or empty when the suffix is none of them.
    static QString formatOf(const QString& path);
};

} // namespace wb
