#include "ReportPdf.h"

#include "ReportDocument.h"

#include <qcustomplot.h>

#include "files/OutputFile.h"

#include <QPdfWriter>
#include <QTextLayout>

#include <algorithm>
#include <memory>

namespace wb {

namespace {

// A4 in points; the writer works at 72 dpi so one unit is one point, the unit of font sizes
// and of the figures' ExportOptions.
constexpr qreal kPageWidth = 595.28;
constexpr qreal kPageHeight = 841.89;
constexpr qreal kTextWidth = 480; // = the figure width: figures fill the text block
constexpr qreal kLeft = (kPageWidth - kTextWidth) / 2;
constexpr qreal kTop = 62;
constexpr qreal kBottom = kPageHeight - 66;
constexpr qreal kFooterBaseline = kPageHeight - 36;
constexpr qreal kCellPadX = 4;
constexpr qreal kCellPadY = 2;
constexpr qreal kTableFont = 8;

QFont font(qreal points, bool bold = false) {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

// Text laid out in a given width (wrapping at word boundaries, or anywhere for long file
// names and command lines), measured before it is drawn so the pager can place it. An
// optional bold prefix carries "Figure 3." of a caption.
class TextBox {
public:
    TextBox(const QString& text, const QFont& textFont, qreal width, QPaintDevice* device,
            Qt::Alignment alignment = Qt::AlignLeft, int boldPrefix = 0)
        : m_layout(std::make_unique<QTextLayout>(
              QString(text).replace(QLatin1Char('\n'), QChar::LineSeparator), textFont, device)) {
        QTextOption option(alignment);
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        m_layout->setTextOption(option);
        if (boldPrefix > 0) {
            QTextLayout::FormatRange bold;
            bold.start = 0;
            bold.length = boldPrefix;
            bold.format.setFontWeight(QFont::Bold);
            m_layout->setFormats({bold});
        }
        m_layout->beginLayout();
        for (QTextLine line = m_layout->createLine(); line.isValid();
             line = m_layout->createLine()) {
            line.setLineWidth(width);
            line.setPosition(QPointF(0, m_height));
            m_height += line.height();
        }
        m_layout->endLayout();
    }

    qreal height() const { return m_height; }
    void draw(QPainter* painter, const QPointF& topLeft) const { m_layout->draw(painter, topLeft); }

private:
    std::unique_ptr<QTextLayout> m_layout;
    qreal m_height = 0;
};

// Places blocks top to bottom and starts a new page when one does not fit. Run once to
// count the pages (no painter) and once to draw, so every footer can say "page N of M".
class PdfLayout {
public:
    PdfLayout(const ReportDocument& document, QPdfWriter* writer, QCPPainter* painter,
              int pageCount)
        : m_document(document), m_writer(writer), m_painter(painter), m_pageCount(pageCount) {}

    int run() {
        startPage();
        titleBlock();
        for (const ReportBlock& block : m_document.blocks) {
            switch (block.kind) {
            case ReportBlock::Kind::Section:
                m_section = block.number;
                heading(QString::number(block.number), block.text, 12.5, 18);
                break;
            case ReportBlock::Kind::Subsection:
                heading(QStringLiteral("%1.%2").arg(m_section).arg(block.number), block.text, 10.5,
                        10);
                break;
            case ReportBlock::Kind::Paragraph:
                paragraph(block.text);
                break;
            case ReportBlock::Kind::Figure:
                figure(block);
                break;
            case ReportBlock::Kind::Table:
                table(block);
                break;
            }
        }
        return m_page;
    }

private:
    // Starts a new page unless `height` still fits on this one (or the page is empty, where
    // nothing would be gained).
    void ensureRoom(qreal height) {
        if (m_y + height > kBottom && m_y > kTop)
            newPage();
    }

    void newPage() {
        if (m_painter)
            m_writer->newPage();
        startPage();
    }

    void startPage() {
        ++m_page;
        m_y = kTop;
        if (!m_painter)
            return;
        m_painter->setFont(font(8));
        m_painter->setPen(QColor(90, 90, 90));
        const QString footer =
            QStringLiteral("%1 — page %2 of %3").arg(m_document.title).arg(m_page).arg(m_pageCount);
        m_painter->drawText(QRectF(kLeft, kFooterBaseline - 10, kTextWidth, 14),
                            Qt::AlignHCenter | Qt::AlignBottom, footer);
        m_painter->setPen(Qt::black);
    }

    void draw(const TextBox& box, qreal x) {
        if (m_painter)
            box.draw(m_painter, QPointF(x, m_y));
        m_y += box.height();
    }

    void rule(qreal x, qreal width, qreal lineWidth) {
        if (m_painter) {
            m_painter->setPen(QPen(Qt::black, lineWidth));
            m_painter->drawLine(QPointF(x, m_y), QPointF(x + width, m_y));
        }
    }

    void titleBlock() {
        draw(TextBox(m_document.title, font(17, true), kTextWidth, m_writer), kLeft);
        m_y += 6;
        if (m_painter)
            m_painter->setPen(QColor(80, 80, 80));
        draw(TextBox(m_document.subtitle, font(9), kTextWidth, m_writer), kLeft);
        m_y += 8;
        rule(kLeft, kTextWidth, 0.8);
        m_y += 10;
    }

    void heading(const QString& number, const QString& title, qreal points, qreal spaceAbove) {
        const TextBox box(number + QStringLiteral("   ") + title, font(points, true), kTextWidth,
                          m_writer);
        // A heading belongs with what follows: never alone at the foot of a page.
        ensureRoom(spaceAbove + box.height() + 120);
        if (m_y > kTop)
            m_y += spaceAbove;
        draw(box, kLeft);
        m_y += spaceAbove / 2;
    }

    void paragraph(const QString& text) {
        const TextBox box(text, font(9.5), kTextWidth, m_writer);
        ensureRoom(box.height());
        draw(box, kLeft);
        m_y += 10;
    }

    TextBox caption(const QString& kind, const ReportBlock& block, qreal width) const {
        const QString label = QStringLiteral("%1 %2.").arg(kind).arg(block.number);
        return TextBox(label + QLatin1Char(' ') + block.text, font(8.5), width, m_writer,
                       Qt::AlignLeft, static_cast<int>(label.size()));
    }

    void figure(const ReportBlock& block) {
        const QSize size = block.size.layoutSize();
        const TextBox text = caption(QStringLiteral("Figure"), block, kTextWidth);
        ensureRoom(size.height() + 6 + text.height());
        if (m_painter) {
            m_painter->save();
            m_painter->translate(kLeft + (kTextWidth - size.width()) / 2, m_y);
            PlotExporter::paint(block.plot, m_painter, block.size);
            m_painter->restore();
        }
        m_y += size.height() + 6;
        draw(text, kLeft);
        m_y += 16;
    }

    // How wide a column wants to be on one line, and how narrow it may get: numbers never
    // wrap (only their header may, between words); text wraps between words, and anywhere
    // in a word longer than kLongestUnbrokenWord (paths, command lines).
    struct ColumnSpace {
        qreal natural = 0;
        qreal minimum = 0;
    };

    static constexpr qreal kLongestUnbrokenWord = 110;

    std::vector<ColumnSpace> columnSpace(const Table& table) const {
        const QFontMetricsF headerMetrics(font(kTableFont, true), m_writer);
        const QFontMetricsF cellMetrics(font(kTableFont), m_writer);
        auto longestWord = [](const QFontMetricsF& metrics, const QString& text) {
            qreal widest = 0;
            for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
                widest = std::max(widest, metrics.horizontalAdvance(word));
            return std::min(widest, kLongestUnbrokenWord);
        };
        std::vector<ColumnSpace> space;
        for (qsizetype c = 0; c < table.header.size(); ++c) {
            const bool number = static_cast<std::size_t>(c) < table.rightAligned.size() &&
                                table.rightAligned[static_cast<std::size_t>(c)];
            ColumnSpace column;
            column.natural = headerMetrics.horizontalAdvance(table.header[c]);
            column.minimum = longestWord(headerMetrics, table.header[c]);
            for (const QStringList& row : table.rows) {
                if (c >= row.size())
                    continue;
                const qreal width = cellMetrics.horizontalAdvance(row[c]);
                column.natural = std::max(column.natural, width);
                column.minimum =
                    std::max(column.minimum, number ? width : longestWord(cellMetrics, row[c]));
            }
            column.natural += 2 * kCellPadX + 1;
            column.minimum = std::min(column.natural, column.minimum + 2 * kCellPadX + 1);
            space.push_back(column);
        }
        return space;
    }

    // Groups of columns that fit the text width at their minimum, each starting with the
    // first column (the run's label) so every part of a split table can be read alone.
    static std::vector<std::vector<std::size_t>>
    columnParts(const std::vector<ColumnSpace>& space) {
        std::vector<std::vector<std::size_t>> parts{{0}};
        qreal used = space[0].minimum;
        for (std::size_t c = 1; c < space.size(); ++c) {
            if (used + space[c].minimum > kTextWidth && parts.back().size() > 1) {
                parts.push_back({0});
                used = space[0].minimum;
            }
            parts.back().push_back(c);
            used += space[c].minimum;
        }
        return parts;
    }

    // Natural widths when they fit; else every column gets its minimum and the room left is
    // shared in proportion to how much more each would like.
    static std::vector<qreal> columnWidths(const std::vector<ColumnSpace>& space,
                                           const std::vector<std::size_t>& columns) {
        qreal natural = 0;
        qreal minimum = 0;
        for (std::size_t c : columns) {
            natural += space[c].natural;
            minimum += space[c].minimum;
        }
        std::vector<qreal> widths;
        const qreal spare = std::max<qreal>(0, kTextWidth - minimum);
        for (std::size_t c : columns) {
            const qreal wish = space[c].natural - space[c].minimum;
            widths.push_back(natural <= kTextWidth ? space[c].natural
                             : natural > minimum
                                 ? space[c].minimum + spare * wish / (natural - minimum)
                                 : space[c].minimum);
        }
        return widths;
    }

    static QStringList pick(const QStringList& cells, const std::vector<std::size_t>& columns) {
        QStringList picked;
        for (std::size_t c : columns)
            picked << (static_cast<qsizetype>(c) < cells.size() ? cells[static_cast<qsizetype>(c)]
                                                                : QString());
        return picked;
    }

    // One table row laid out in its cells; header rows in bold.
    std::vector<TextBox> rowBoxes(const QStringList& cells, const std::vector<bool>& rightAligned,
                                  const std::vector<qreal>& widths, bool header) const {
        std::vector<TextBox> boxes;
        for (std::size_t c = 0; c < widths.size(); ++c)
            boxes.emplace_back(static_cast<qsizetype>(c) < cells.size() ? cells[c] : QString(),
                               font(kTableFont, header), widths[c] - 2 * kCellPadX, m_writer,
                               rightAligned[c] ? Qt::AlignRight : Qt::AlignLeft);
        return boxes;
    }

    static qreal rowHeight(const std::vector<TextBox>& boxes) {
        qreal height = 0;
        for (const TextBox& box : boxes)
            height = std::max(height, box.height());
        return height + 2 * kCellPadY;
    }

    void drawRow(const std::vector<TextBox>& boxes, const std::vector<qreal>& widths) {
        qreal x = kLeft;
        if (m_painter)
            for (std::size_t c = 0; c < boxes.size(); ++c) {
                boxes[c].draw(m_painter, QPointF(x + kCellPadX, m_y + kCellPadY));
                x += widths[c];
            }
        m_y += rowHeight(boxes);
    }

    void tableHead(const ReportBlock& block, bool continued, const std::vector<TextBox>& header,
                   const std::vector<qreal>& widths, qreal tableWidth) {
        ReportBlock shown = block;
        if (continued)
            shown.text = QStringLiteral("(continued)");
        draw(caption(QStringLiteral("Table"), shown, kTextWidth), kLeft);
        m_y += 4;
        rule(kLeft, tableWidth, 1.0);
        drawRow(header, widths);
        rule(kLeft, tableWidth, 0.5);
    }

    void table(const ReportBlock& block) {
        if (block.table.header.isEmpty())
            return;
        const std::vector<ColumnSpace> space = columnSpace(block.table);
        bool continued = false;
        for (const std::vector<std::size_t>& columns : columnParts(space)) {
            tablePart(block, columns, columnWidths(space, columns), continued);
            continued = true;
        }
    }

    // The rows of some of a table's columns; a new page repeats the caption and header.
    void tablePart(const ReportBlock& block, const std::vector<std::size_t>& columns,
                   const std::vector<qreal>& widths, bool continued) {
        const Table& table = block.table;
        std::vector<bool> rightAligned;
        for (std::size_t c : columns)
            rightAligned.push_back(c < table.rightAligned.size() && table.rightAligned[c]);
        qreal tableWidth = 0;
        for (qreal w : widths)
            tableWidth += w;
        const std::vector<TextBox> header =
            rowBoxes(pick(table.header, columns), rightAligned, widths, true);
        const qreal headHeight =
            caption(QStringLiteral("Table"), block, kTextWidth).height() + 4 + rowHeight(header);
        std::vector<std::vector<TextBox>> rows;
        qreal rowsHeight = 0;
        for (const QStringList& cells : table.rows) {
            rows.push_back(rowBoxes(pick(cells, columns), rightAligned, widths, false));
            rowsHeight += rowHeight(rows.back());
        }
        // Whole on one page when it can be; else at least its head and first row together.
        const qreal whole = headHeight + rowsHeight + 4;
        ensureRoom(whole <= kBottom - kTop ? whole
                                           : headHeight + (rows.empty() ? 0 : rowHeight(rows[0])));
        tableHead(block, continued, header, widths, tableWidth);
        for (const std::vector<TextBox>& row : rows) {
            if (m_y + rowHeight(row) > kBottom) {
                rule(kLeft, tableWidth, 0.5);
                newPage();
                tableHead(block, true, header, widths, tableWidth);
            }
            drawRow(row, widths);
        }
        rule(kLeft, tableWidth, 1.0);
        m_y += 18;
    }

    const ReportDocument& m_document;
    QPdfWriter* m_writer;
    QCPPainter* m_painter;
    int m_pageCount;
    int m_page = 0;
    int m_section = 0;
    qreal m_y = kTop;
};

} // namespace

bool ReportPdf::write(const ReportDocument& document, const QString& path, QString* error) {
    QString why;
    const bool ok = OutputFile::write(
        path,
        [&document](QIODevice& device, QString* reason) {
            QPdfWriter writer(&device);
            writer.setResolution(72);
            writer.setPageSize(QPageSize(QPageSize::A4));
            writer.setPageMargins(QMarginsF(0, 0, 0, 0));
            writer.setTitle(document.title);
            writer.setCreator(QStringLiteral("Wirebench"));
            const int pages = PdfLayout(document, &writer, nullptr, 0).run();
            QCPPainter painter;
            if (!painter.begin(&writer)) {
                *reason = QStringLiteral("the PDF could not be started");
                return false;
            }
            painter.setRenderHint(QPainter::Antialiasing);
            PdfLayout(document, &writer, &painter, pages).run();
            return painter.end();
        },
        &why);
    if (!ok && error)
        *error = QStringLiteral("could not be written: %1").arg(why);
    return ok;
}

} // namespace wb
