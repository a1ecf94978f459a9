#include "ReportHtml.h"

#include "ReportDocument.h"

#include "files/OutputFile.h"
#include "report/TextEscaping.h"

namespace wb {

namespace {

// The look of a paper's appendix: one sans-serif family (the plots' own), booktabs-style
// rules, captions above tables and below figures, numbers right-aligned in equal widths.
// Text keeps to lines of a readable length; tables may take the page's whole width.
// Figures show at their own size (never wider than the page), so their text is the size it
// was laid out at; tables wrap headers and text between words (numbers only at a space: an
// interval after its comma), wide ones in smaller type, and scroll sideways on a screen too
// narrow for them. A long path or command line may break anywhere, but a row's label keeps
// room for a short name ("tag=cubic") on one line; wide tables close their columns up.
const char* const kStyle = R"(
body { font-family: "DejaVu Sans", Verdana, sans-serif; font-size: 10pt; line-height: 1.45;
       color: #111; background: #fff; max-width: 76em; margin: 2.5em auto; padding: 0 1.5em; }
p, h1, h2, h3 { max-width: 64em; }
h1 { font-size: 17pt; margin: 0 0 0.3em; }
p.subtitle { color: #555; margin: 0 0 2em; }
h2 { font-size: 12.5pt; margin: 2.2em 0 0.6em; padding-bottom: 0.2em;
     border-bottom: 1px solid #bbb; }
h3 { font-size: 10.5pt; margin: 1.6em 0 0.4em; }
figure { margin: 1.6em 0; break-inside: avoid; page-break-inside: avoid; }
figure svg { display: block; max-width: 100%; height: auto; margin: 0 auto; }
figcaption, caption { font-size: %1pt; text-align: left; }
figcaption { margin: 0.5em auto 0; }
caption { caption-side: top; padding-bottom: 0.5em; }
caption .warning { display: block; margin-top: 0.3em; }
div.table { overflow-x: auto; margin: 1.2em 0 1.8em; }
table { border-collapse: collapse; font-size: 8.5pt;
        border-top: 1.5px solid #111; border-bottom: 1.5px solid #111; }
table.wide { font-size: 7pt; }
table.wide th, table.wide td { padding-left: 3px; padding-right: 3px; }
th { font-weight: bold; text-align: left; vertical-align: bottom; padding: 3px 5px;
     border-bottom: 1px solid #111; }
td { vertical-align: top; padding: 2px 5px; overflow-wrap: anywhere; }
td:first-child { min-width: 6em; }
th.number, td.number { text-align: right; font-variant-numeric: tabular-nums; }
td.number { overflow-wrap: normal; }
@media print { div.table { overflow-x: visible; } }
)";

// Tables of more columns than this are set in the smaller type of table.wide.
constexpr qsizetype kWideTableColumns = 8;

QString escaped(const QString& text) {
    return TextEscaping::xml(text);
}

// QSvgGenerator writes a standalone document; inside HTML only its <svg> element belongs.
QString inlineSvg(const ReportBlock& block) {
    const QByteArray svg = PlotExporter::toSvg(block.plot, block.size);
    const qsizetype start = svg.indexOf("<svg");
    if (start < 0)
        return {};
    return QString::fromUtf8(svg.mid(start)).trimmed();
}

QString tableHtml(const ReportBlock& block) {
    const Table& table = block.table;
    auto cellClass = [&table](qsizetype column) {
        const auto c = static_cast<std::size_t>(column);
        return c < table.rightAligned.size() && table.rightAligned[c]
                   ? QStringLiteral(" class=\"number\"")
                   : QString();
    };
    const QString warning =
        table.warning.isEmpty()
            ? QString()
            : QStringLiteral("\n<span class=\"warning\">%1</span>").arg(escaped(table.warning));
    QString out =
        QStringLiteral("<div class=\"table\"><table id=\"table-%1\"%2>\n<caption><b>Table "
                       "%1.</b> %3%4</caption>\n<thead><tr>")
            .arg(block.number)
            .arg(table.header.size() > kWideTableColumns ? QStringLiteral(" class=\"wide\"")
                                                         : QString(),
                 escaped(block.text), warning);
    for (qsizetype c = 0; c < table.header.size(); ++c)
        out += QStringLiteral("<th%1>%2</th>").arg(cellClass(c), escaped(table.header[c]));
    out += QStringLiteral("</tr></thead>\n<tbody>\n");
    for (const QStringList& row : table.rows) {
        out += QStringLiteral("<tr>");
        for (qsizetype c = 0; c < row.size(); ++c)
            out += QStringLiteral("<td%1>%2</td>").arg(cellClass(c), escaped(row[c]));
        out += QStringLiteral("</tr>\n");
    }
    return out + QStringLiteral("</tbody>\n</table></div>\n");
}

} // namespace

QString ReportHtml::html(const ReportDocument& document) {
    // Void elements are closed ("/>"), so the report is well-formed XML as well as HTML: a
    // reader can check that it holds no markup but its own.
    QString out = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                                 "charset=\"utf-8\" />\n<meta name=\"generator\" "
                                 "content=\"Wirebench\" />\n<title>%1</title>\n<style>%2</style>\n"
                                 "</head>\n<body>\n<h1>%1</h1>\n<p class=\"subtitle\">%3</p>\n")
                      .arg(escaped(document.title),
                           QString::fromUtf8(kStyle).arg(ReportDocument::kCaptionPoints),
                           escaped(document.subtitle));
    int section = 0;
    for (const ReportBlock& block : document.blocks) {
        switch (block.kind) {
        case ReportBlock::Kind::Section:
            section = block.number;
            out += QStringLiteral("<h2 id=\"section-%1\">%1&#8195;%2</h2>\n")
                       .arg(block.number)
                       .arg(escaped(block.text));
            break;
        case ReportBlock::Kind::Subsection:
            out += QStringLiteral("<h3>%1.%2&#8195;%3</h3>\n")
                       .arg(section)
                       .arg(block.number)
                       .arg(escaped(block.text));
            break;
        case ReportBlock::Kind::Paragraph:
            out += QStringLiteral("<p>%1</p>\n").arg(escaped(block.text));
            break;
        case ReportBlock::Kind::Figure:
            out += QStringLiteral("<figure id=\"figure-%1\" class=\"%2\">\n%3\n<figcaption><b>"
                                  "Figure %1.</b> %4</figcaption>\n</figure>\n")
                       .arg(block.number)
                       .arg(escaped(block.anchor), inlineSvg(block), escaped(block.text));
            break;
        case ReportBlock::Kind::Table:
            out += tableHtml(block);
            break;
        }
    }
    return out + QStringLiteral("</body>\n</html>\n");
}

bool ReportHtml::write(const ReportDocument& document, const QString& path, QString* error) {
    QString why;
    if (OutputFile::write(path, html(document).toUtf8(), &why))
        return true;
    if (error)
        *error = QStringLiteral("could not be written: %1").arg(why);
    return false;
}

} // namespace wb
