#pragma once

#include <QRectF>
#include <QSizeF>
#include <QString>

#include <vector>

namespace wb {

struct ReportDocument;

// Where the PDF writer put each piece of a report, in points from its page's top left
// corner: what a test reads to check the pages (headings with what they introduce, tables and
// figures inside the text block) without rasterising the PDF.
struct ReportPdfLayout {
    enum class Piece { Title, Heading, Paragraph, Figure, Caption, Warning, TableRow };
    struct Placed {
        Piece piece = Piece::Paragraph;
        int block = -1;   // index in ReportDocument::blocks; -1: the title block
        int page = 0;     // from 1
        QRectF rect;      // points
        qreal points = 0; // text: its font size; a table row: its cells' font size
        int row = -1;     // a table row: its index in the table's rows, -1 for the header
    };

    // A page's size and the text block every piece on it stays inside, in points: portrait,
    // or landscape for a table too wide for a portrait page.
    struct Page {
        QSizeF size;
        QRectF textBlock;
    };

    std::vector<Page> pages; // pages[0] is page 1
    std::vector<Placed> placed;
};

// A report as an A4 PDF through Qt's PDF writer: plots drawn as vectors by PlotExporter,
// tables fitted to the text width (smaller type down to a floor, headers wrapped; on landscape
// pages when a portrait one is too narrow even then) with their header repeated on every page
// they span, headings kept with what they introduce, no figure cut across pages, and
// "page N of M" in the footer.
class ReportPdf {
public:
    // `layout`, when given, receives where everything went.
    static bool write(const ReportDocument& document, const QString& path, QString* error,
                      ReportPdfLayout* layout = nullptr);
};

} // namespace wb
