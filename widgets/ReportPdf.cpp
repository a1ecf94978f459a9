#include "ReportPdf.h"

#include "ReportDocument.h"

#include <qcustomplot.h>

#include "files/OutputFile.h"

#include <QPdfWriter>
#include <QRegularExpression>
#include <QTextLayout>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>

namespace wb {

namespace {

// The page in points (A4, portrait). The writer works at the figures' layout dpi
// (ExportOptions::layoutDpi()), so that their text lands where it was measured; PdfLayout
// converts.
constexpr qreal kPageWidth = 595.28;
constexpr qreal kPageHeight = 841.89;
constexpr qreal kTextWidth = 480; // = the figure width: figures fill the text block
constexpr qreal kSideMargin = (kPageWidth - kTextWidth) / 2;
constexpr qreal kTopMargin = 62;
constexpr qreal kBottomMargin = 66;
constexpr qreal kFooterFromBottom = 36; // the footer's baseline, up from the page's foot

// An A4 page in either orientation, with the same margins: a table too wide for a portrait
// page even in its smallest type gets landscape pages, half as wide again.
struct PageFrame {
    bool landscape = false;

    qreal width() const { return landscape ? kPageHeight : kPageWidth; }
    qreal height() const { return landscape ? kPageWidth : kPageHeight; }
    qreal left() const { return kSideMargin; }
    qreal top() const { return kTopMargin; }
    qreal bottom() const { return height() - kBottomMargin; }
    qreal textWidth() const { return width() - 2 * kSideMargin; }
    qreal textHeight() const { return bottom() - top(); }
    qreal footerBaseline() const { return height() - kFooterFromBottom; }
    QRectF textBlock() const { return QRectF(left(), top(), textWidth(), textHeight()); }
};
constexpr PageFrame kPortrait{false};
constexpr PageFrame kLandscape{true};
// Table cells' padding, in ems of the table's type; a table too wide for even landscape pages
// with it closes its columns up to the tight padding before it is split into column parts.
constexpr qreal kCellPadX = 0.5;
constexpr qreal kTightCellPadX = 0.25;
constexpr qreal kCellPadY = 0.25;
// Table type: this size when the table fits the text width with it, smaller in steps down to
// the floor when it does not; only a table too wide even then is split into column parts.
constexpr qreal kTableFont = 8;
constexpr qreal kTableFontFloor = 6.5;
constexpr qreal kTableFontStep = 0.5;
constexpr qreal kCaptionFont = ReportDocument::kCaptionPoints;
// A table that would fit whole on the next page starts there rather than being split, when
// what is left of this page is less than this share of the text height: the page it leaves
// is then still mostly used.
constexpr qreal kMovableTableRoom = 1.0 / 3;
// Rows a table shows under its head before a page may break it; a table of no more rows
// than kShortTable is never broken.
constexpr std::size_t kRowsWithHead = 2;
constexpr std::size_t kShortTable = 5;

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
              QString(text).replace(QLatin1Char('\n'), QChar::LineSeparator), textFont, device)),
          m_points(textFont.pointSizeF()), m_width(width) {
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
    qreal width() const { return m_width; }
    qreal points() const { return m_points; }
    void draw(QPainter* painter, const QPointF& topLeft) const { m_layout->draw(painter, topLeft); }

private:
    std::unique_ptr<QTextLayout> m_layout;
    qreal m_height = 0;
    qreal m_points = 0;
    qreal m_width = 0;
};

// A table laid out for the page: its type size, and the columns of each part (one part
// unless even the smallest type leaves it wider than the text block) with their widths.
struct TablePart {
    std::vector<std::size_t> columns;
    std::vector<qreal> widths; // device units
};
struct TableFit {
    qreal points = kTableFont;
    qreal padX = kCellPadX; // ems
    std::vector<TablePart> parts;
    PageFrame page; // the page it is laid out for: landscape only where portrait is too narrow
};

// Places blocks top to bottom and starts a new page when one does not fit. Run once to
// count the pages (no painter) and once to draw, so every footer can say "page N of M".
// Lengths are in the writer's device units; the constants above, in points, go through pt().
class PdfLayout {
public:
    PdfLayout(const ReportDocument& document, QPdfWriter* writer, QCPPainter* painter,
              int pageCount, ReportPdfLayout* record = nullptr)
        : m_document(document), m_writer(writer), m_painter(painter), m_pageCount(pageCount),
          m_unit(writer->resolution() / 72.0), m_record(record) {}

    int run() {
        if (m_record)
            *m_record = {};
        fitTables();
        startPage();
        titleBlock();
        for (std::size_t i = 0; i < m_document.blocks.size(); ++i) {
            m_block = static_cast<int>(i);
            const ReportBlock& block = m_document.blocks[i];
            switch (block.kind) {
            case ReportBlock::Kind::Section:
                m_section = block.number;
                [[fallthrough]];
            case ReportBlock::Kind::Subsection:
                ensureRoom(keptTogether(i), wantsLandscape(i));
                heading(block);
                break;
            case ReportBlock::Kind::Paragraph:
                ensureRoom(keptTogether(i), wantsLandscape(i));
                paragraph(block);
                break;
            case ReportBlock::Kind::Figure:
                figure(block);
                break;
            case ReportBlock::Kind::Table:
                table(i);
                break;
            }
        }
        return m_page;
    }

private:
    qreal pt(qreal points) const { return points * m_unit; }

    // Lays out every table with a header for its page. Tables one right after another share
    // their pages: where one of them needs landscape pages, the others go there too (in the
    // type the landscape width allows), rather than leave a portrait page part empty between.
    void fitTables() {
        for (std::size_t i = 0; i < m_document.blocks.size(); ++i)
            if (m_document.blocks[i].kind == ReportBlock::Kind::Table &&
                !m_document.blocks[i].table.header.isEmpty())
                m_fits.emplace(i, fitTable(m_document.blocks[i].table));
        for (auto start = m_fits.begin(); start != m_fits.end();) {
            auto end = start;
            bool landscape = false;
            for (std::size_t next = start->first; end != m_fits.end() && end->first == next;
                 ++end, ++next)
                landscape = landscape || end->second.page.landscape;
            for (; start != end; ++start)
                if (landscape && !start->second.page.landscape)
                    start->second = fitTableIn(m_document.blocks[start->first].table, kLandscape);
        }
    }

    // Starts a new page unless `height` still fits on this one (or the page is empty, where
    // nothing would be gained). What needs a landscape page starts one unless on one already;
    // anything else goes on whichever page is open, and a new page for it is portrait.
    void ensureRoom(qreal height, bool landscape = false) {
        if (landscape && !m_frame.landscape)
            newPage(kLandscape);
        else if (m_y + height > pt(m_frame.bottom()) && m_y > pt(m_frame.top()))
            newPage(landscape ? kLandscape : kPortrait);
    }

    qreal room() const { return pt(m_frame.bottom()) - m_y; }

    void newPage(const PageFrame& frame) {
        m_frame = frame;
        if (m_painter) {
            m_writer->setPageOrientation(frame.landscape ? QPageLayout::Landscape
                                                         : QPageLayout::Portrait);
            m_writer->newPage();
        }
        startPage();
    }

    void startPage() {
        ++m_page;
        m_y = pt(m_frame.top());
        if (m_record)
            m_record->pages.push_back(
                {QSizeF(m_frame.width(), m_frame.height()), m_frame.textBlock()});
        if (!m_painter)
            return;
        m_painter->setFont(font(8));
        m_painter->setPen(QColor(90, 90, 90));
        const QString footer =
            QStringLiteral("%1 — page %2 of %3").arg(m_document.title).arg(m_page).arg(m_pageCount);
        m_painter->drawText(QRectF(pt(m_frame.left()), pt(m_frame.footerBaseline() - 10),
                                   pt(m_frame.textWidth()), pt(14)),
                            Qt::AlignHCenter | Qt::AlignBottom, footer);
        m_painter->setPen(Qt::black);
    }

    // Records a piece about to be drawn at m_y.
    void place(ReportPdfLayout::Piece piece, qreal x, qreal width, qreal height, qreal points = 0,
               int row = -1) {
        if (m_record)
            m_record->placed.push_back(
                {piece, m_block, m_page,
                 QRectF(x / m_unit, m_y / m_unit, width / m_unit, height / m_unit), points, row});
    }

    void draw(const TextBox& box, ReportPdfLayout::Piece piece) {
        place(piece, pt(m_frame.left()), box.width(), box.height(), box.points());
        if (m_painter)
            box.draw(m_painter, QPointF(pt(m_frame.left()), m_y));
        m_y += box.height();
    }

    void rule(qreal width, qreal lineWidth) {
        if (m_painter) {
            const qreal left = pt(m_frame.left());
            m_painter->setPen(QPen(Qt::black, pt(lineWidth)));
            m_painter->drawLine(QPointF(left, m_y), QPointF(left + width, m_y));
        }
    }

    // Text in lines of a readable length, the portrait text width, on any page.
    TextBox textBox(const QString& text, qreal points, bool bold = false) const {
        return TextBox(text, font(points, bold), pt(kTextWidth), m_writer);
    }

    void titleBlock() {
        const int block = m_block;
        m_block = -1;
        draw(textBox(m_document.title, 17, true), ReportPdfLayout::Piece::Title);
        m_y += pt(6);
        if (m_painter)
            m_painter->setPen(QColor(80, 80, 80));
        draw(textBox(m_document.subtitle, 9), ReportPdfLayout::Piece::Title);
        m_y += pt(8);
        rule(pt(kTextWidth), 0.8);
        m_y += pt(10);
        m_block = block;
    }

    // What a block needs at the top of the room it goes into, when it starts on a page
    // already in use: its space above, and all of it (headings, paragraphs, figures) or
    // its head and first rows (tables, which pages may break).
    qreal leadHeight(std::size_t i) const {
        const ReportBlock& block = m_document.blocks[i];
        switch (block.kind) {
        case ReportBlock::Kind::Section:
        case ReportBlock::Kind::Subsection:
            return headingOf(block).height();
        case ReportBlock::Kind::Paragraph:
            return paragraphHeight(block);
        case ReportBlock::Kind::Figure:
            return figureHeight(block);
        case ReportBlock::Kind::Table:
            return tableLead(i);
        }
        return 0;
    }

    // Whether block i goes on a landscape page: a table too wide for a portrait one, and the
    // headings and introduction kept with such a table.
    bool wantsLandscape(std::size_t i) const {
        std::size_t last = i;
        while (keepsWithNext(last))
            ++last;
        const auto fit = m_fits.find(last);
        return fit != m_fits.end() && fit->second.page.landscape;
    }

    // A heading keeps with what it introduces, and so does a paragraph right after a heading
    // (the section's introduction) or right before a table or figure (which it introduces):
    // what follows must start on the same page.
    bool keepsWithNext(std::size_t i) const {
        if (i + 1 >= m_document.blocks.size())
            return false;
        const auto kind = [this](std::size_t b) { return m_document.blocks[b].kind; };
        const auto isHeading = [&kind](std::size_t b) {
            return kind(b) == ReportBlock::Kind::Section ||
                   kind(b) == ReportBlock::Kind::Subsection;
        };
        const bool introducesNext =
            kind(i + 1) == ReportBlock::Kind::Table || kind(i + 1) == ReportBlock::Kind::Figure;
        return isHeading(i) || (kind(i) == ReportBlock::Kind::Paragraph &&
                                ((i > 0 && isHeading(i - 1)) || introducesNext));
    }

    // The room block i and what it keeps with must find together; where all of that would not
    // fit a page, as much of the chain as does (a heading always takes the start of what it
    // introduces along).
    qreal keptTogether(std::size_t i) const {
        const qreal page = pt((wantsLandscape(i) ? kLandscape : kPortrait).textHeight());
        qreal height = leadHeight(i);
        for (std::size_t b = i; keepsWithNext(b); ++b) {
            const qreal longer = height + chainedLead(b + 1, room() - height);
            if (longer > page && b > i)
                break;
            height = longer;
        }
        return height;
    }

    // What block b needs on this page after what introduces it, with `room` left for it: its
    // lead, or a table whole where it would go whole to the next page if it came alone (what
    // introduces it then goes along).
    qreal chainedLead(std::size_t b, qreal room) const {
        const auto fit = m_fits.find(b);
        if (fit == m_fits.end())
            return leadHeight(b);
        const ReportBlock& block = m_document.blocks[b];
        const qreal whole = partHeight(
            block, fit->second, partBoxes(block.table, fit->second, fit->second.parts.front()));
        return whole > room && movesWhole(whole, room, fit->second.page) ? whole : leadHeight(b);
    }

    // Whether a table (part) that does not fit the `room` left on this page starts on the next
    // page whole rather than here: when little is left here, or when most of this page is used
    // and only a little of the table would go overleaf.
    bool movesWhole(qreal whole, qreal room, const PageFrame& next) const {
        const qreal page = pt(m_frame.textHeight());
        const qreal third = kMovableTableRoom * page;
        return whole <= pt(next.textHeight()) &&
               (room < third || (room < page / 2 && whole - room < third));
    }

    // A heading and the space above it (none at the top of a page) and below it.
    struct Heading {
        TextBox box;
        qreal spaceAbove = 0;
        qreal height() const { return spaceAbove + box.height() + spaceAbove / 2; }
    };

    Heading headingOf(const ReportBlock& block) const {
        const bool section = block.kind == ReportBlock::Kind::Section;
        const QString number = section ? QString::number(block.number)
                                       : QStringLiteral("%1.%2").arg(m_section).arg(block.number);
        return {textBox(number + QStringLiteral("   ") + block.text, section ? 12.5 : 10.5, true),
                pt(section ? 18 : 10)};
    }

    void heading(const ReportBlock& block) {
        const Heading h = headingOf(block);
        if (m_y > pt(m_frame.top()))
            m_y += h.spaceAbove;
        draw(h.box, ReportPdfLayout::Piece::Heading);
        m_y += h.spaceAbove / 2;
    }

    qreal paragraphHeight(const ReportBlock& block) const {
        return textBox(block.text, 9.5).height() + pt(10);
    }

    void paragraph(const ReportBlock& block) {
        draw(textBox(block.text, 9.5), ReportPdfLayout::Piece::Paragraph);
        m_y += pt(10);
    }

    // A caption as wide as the text block of the page its figure or table is laid out for.
    TextBox caption(const QString& kind, const ReportBlock& block,
                    const PageFrame& page = kPortrait) const {
        const QString label = QStringLiteral("%1 %2.").arg(kind).arg(block.number);
        return TextBox(label + QLatin1Char(' ') + block.text, font(kCaptionFont),
                       pt(page.textWidth()), m_writer, Qt::AlignLeft,
                       static_cast<int>(label.size()));
    }

    // A table's warning, a paragraph of its own under the caption, "Warning:" in bold.
    std::optional<TextBox> warning(const Table& table, const PageFrame& page) const {
        if (table.warning.isEmpty())
            return std::nullopt;
        const QString label = QStringLiteral("Warning:");
        return TextBox(table.warning, font(kCaptionFont), pt(page.textWidth()), m_writer,
                       Qt::AlignLeft,
                       table.warning.startsWith(label) ? static_cast<int>(label.size()) : 0);
    }

    // The figure's size in device units: its layout units, the writer's.
    static QSizeF figureSize(const ExportOptions& size) { return size.layoutSize(); }

    // A figure and its caption, which stay on one page, and the space under them.
    qreal figureHeight(const ReportBlock& block) const {
        return figureSize(block.size).height() + pt(6) +
               caption(QStringLiteral("Figure"), block).height() + pt(16);
    }

    void figure(const ReportBlock& block) {
        const QSizeF size = figureSize(block.size);
        const TextBox text = caption(QStringLiteral("Figure"), block);
        ensureRoom(size.height() + pt(6) + text.height());
        const qreal x = pt(m_frame.left()) + (pt(kTextWidth) - size.width()) / 2;
        place(ReportPdfLayout::Piece::Figure, x, size.width(), size.height());
        if (m_painter) {
            m_painter->save();
            m_painter->translate(x, m_y);
            PlotExporter::paint(block.plot, m_painter, block.size);
            m_painter->restore();
        }
        m_y += size.height() + pt(6);
        draw(text, ReportPdfLayout::Piece::Caption);
        m_y += pt(16);
    }

    // How wide a column wants to be on one line, and how narrow it may get: a number never
    // breaks (an interval or range may, at its space or after its en dash, as a browser breaks
    // it; headers between words); text wraps between words, and anywhere in a word longer
    // than kLongestUnbrokenWord (paths, command lines).
    struct ColumnSpace {
        qreal natural = 0;
        qreal minimum = 0;
    };

    static constexpr qreal kLongestUnbrokenWord = 12; // ems

    std::vector<ColumnSpace> columnSpace(const Table& table, qreal points, qreal padX) const {
        const QFontMetricsF headerMetrics(font(points, true), m_writer);
        const QFontMetricsF cellMetrics(font(points), m_writer);
        const qreal longestUnbroken = pt(kLongestUnbrokenWord * points);
        auto longestWord = [longestUnbroken](const QFontMetricsF& metrics, const QString& text) {
            qreal widest = 0;
            for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
                widest = std::max(widest, metrics.horizontalAdvance(word));
            return std::min(widest, longestUnbroken);
        };
        auto widestNumber = [](const QFontMetricsF& metrics, const QString& text) {
            static const QRegularExpression breaks(QStringLiteral("(?<=\u2013)| "));
            qreal widest = 0;
            for (const QString& piece : text.split(breaks, Qt::SkipEmptyParts))
                widest = std::max(widest, metrics.horizontalAdvance(piece));
            return widest;
        };
        const qreal padding = pt(2 * padX * points + 1);
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
                    std::max(column.minimum, number ? widestNumber(cellMetrics, row[c])
                                                    : longestWord(cellMetrics, row[c]));
            }
            column.natural += padding;
            column.minimum = std::min(column.natural, column.minimum + padding);
            space.push_back(column);
        }
        return space;
    }

    // Groups of columns that fit the text width at their minimum, each starting with the
    // first column (the run's label) so every part of a split table can be read alone.
    std::vector<std::vector<std::size_t>> columnParts(const std::vector<ColumnSpace>& space,
                                                      qreal text) const {
        std::vector<std::vector<std::size_t>> parts{{0}};
        qreal used = space[0].minimum;
        for (std::size_t c = 1; c < space.size(); ++c) {
            if (used + space[c].minimum > text && parts.back().size() > 1) {
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
                                           const std::vector<std::size_t>& columns, qreal text) {
        qreal natural = 0;
        qreal minimum = 0;
        for (std::size_t c : columns) {
            natural += space[c].natural;
            minimum += space[c].minimum;
        }
        std::vector<qreal> widths;
        const qreal spare = std::max<qreal>(0, text - minimum);
        for (std::size_t c : columns) {
            const qreal wish = space[c].natural - space[c].minimum;
            widths.push_back(natural <= text ? space[c].natural
                             : natural > minimum
                                 ? space[c].minimum + spare * wish / (natural - minimum)
                                 : space[c].minimum);
        }
        return widths;
    }

    // The largest type, from kTableFont down to kTableFontFloor, at which the table's columns
    // fit the page's text width (headers and text wrapped between words), with the usual
    // padding, else the tight one; at the floor and the tight padding, column parts when even
    // that is too wide.
    TableFit fitTableIn(const Table& table, const PageFrame& page) const {
        TableFit fit;
        fit.page = page;
        const qreal text = pt(page.textWidth());
        for (const qreal padX : {kCellPadX, kTightCellPadX})
            for (qreal points = kTableFont; points >= kTableFontFloor - 1e-9;
                 points -= kTableFontStep) {
                const std::vector<ColumnSpace> space = columnSpace(table, points, padX);
                qreal minimum = 0;
                for (const ColumnSpace& column : space)
                    minimum += column.minimum;
                const bool last =
                    padX == kTightCellPadX && points - kTableFontStep < kTableFontFloor - 1e-9;
                if (minimum <= text || last) {
                    fit.points = points;
                    fit.padX = padX;
                    for (std::vector<std::size_t>& columns : columnParts(space, text)) {
                        std::vector<qreal> widths = columnWidths(space, columns, text);
                        fit.parts.push_back({std::move(columns), std::move(widths)});
                    }
                    return fit;
                }
            }
        return fit;
    }

    // A portrait page's text width where the table fits it whole in type no smaller than the
    // floor; else landscape pages, in the largest type that fits their width, and column parts
    // only where even those are too narrow.
    TableFit fitTable(const Table& table) const {
        TableFit portrait = fitTableIn(table, kPortrait);
        return portrait.parts.size() == 1 ? portrait : fitTableIn(table, kLandscape);
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
                                  const std::vector<qreal>& widths, const TableFit& fit,
                                  bool header) const {
        const qreal points = fit.points;
        std::vector<TextBox> boxes;
        for (std::size_t c = 0; c < widths.size(); ++c)
            boxes.emplace_back(static_cast<qsizetype>(c) < cells.size() ? cells[c] : QString(),
                               font(points, header), widths[c] - pt(2 * fit.padX * points),
                               m_writer, rightAligned[c] ? Qt::AlignRight : Qt::AlignLeft);
        return boxes;
    }

    // The type size of a row's cells, which their padding is in ems of.
    static qreal cellPoints(const std::vector<TextBox>& boxes) {
        return boxes.empty() ? kTableFont : boxes.front().points();
    }

    qreal rowHeight(const std::vector<TextBox>& boxes) const {
        qreal height = 0;
        for (const TextBox& box : boxes)
            height = std::max(height, box.height());
        return height + pt(2 * kCellPadY * cellPoints(boxes));
    }

    void drawRow(const std::vector<TextBox>& boxes, const std::vector<qreal>& widths,
                 const TableFit& fit, qreal tableWidth, int row) {
        place(ReportPdfLayout::Piece::TableRow, pt(m_frame.left()), tableWidth, rowHeight(boxes),
              boxes.empty() ? 0 : boxes.front().points(), row);
        qreal x = pt(m_frame.left());
        if (m_painter)
            for (std::size_t c = 0; c < boxes.size(); ++c) {
                boxes[c].draw(m_painter, QPointF(x + pt(fit.padX * cellPoints(boxes)),
                                                 m_y + pt(kCellPadY * cellPoints(boxes))));
                x += widths[c];
            }
        m_y += rowHeight(boxes);
    }

    // A part of a table laid out: its header and rows in their cells.
    struct PartBoxes {
        std::vector<TextBox> header;
        std::vector<std::vector<TextBox>> rows;
        qreal width = 0;
    };

    PartBoxes partBoxes(const Table& table, const TableFit& fit, const TablePart& part) const {
        std::vector<bool> rightAligned;
        for (std::size_t c : part.columns)
            rightAligned.push_back(c < table.rightAligned.size() && table.rightAligned[c]);
        PartBoxes boxes;
        for (qreal w : part.widths)
            boxes.width += w;
        boxes.header =
            rowBoxes(pick(table.header, part.columns), rightAligned, part.widths, fit, true);
        for (const QStringList& cells : table.rows)
            boxes.rows.push_back(
                rowBoxes(pick(cells, part.columns), rightAligned, part.widths, fit, false));
        return boxes;
    }

    // Caption, warning and header row: what a table's every page starts with.
    qreal headHeight(const ReportBlock& block, const TableFit& fit, const PartBoxes& boxes) const {
        const std::optional<TextBox> note = warning(block.table, fit.page);
        return caption(QStringLiteral("Table"), block, fit.page).height() +
               (note ? pt(2) + note->height() : 0) + pt(4) + rowHeight(boxes.header);
    }

    // A part of a table whole: head, rows and the space under the last rule.
    qreal partHeight(const ReportBlock& block, const TableFit& fit, const PartBoxes& boxes) const {
        qreal height = headHeight(block, fit, boxes) + pt(4);
        for (const std::vector<TextBox>& row : boxes.rows)
            height += rowHeight(row);
        return height;
    }

    // A part's head and first rows, or all of it when it is short: what must be on the
    // page it starts on.
    qreal partLead(const ReportBlock& block, const TableFit& fit, const PartBoxes& boxes) const {
        if (boxes.rows.size() <= kShortTable)
            return partHeight(block, fit, boxes);
        qreal height = headHeight(block, fit, boxes);
        for (std::size_t r = 0; r < kRowsWithHead; ++r)
            height += rowHeight(boxes.rows[r]);
        return height;
    }

    qreal tableLead(std::size_t i) const {
        const auto fit = m_fits.find(i);
        if (fit == m_fits.end())
            return 0;
        const ReportBlock& block = m_document.blocks[i];
        return partLead(block, fit->second,
                        partBoxes(block.table, fit->second, fit->second.parts.front()));
    }

    void tableHead(const ReportBlock& block, const TableFit& fit, bool continued,
                   const PartBoxes& boxes, const std::vector<qreal>& widths) {
        ReportBlock shown = block;
        if (continued)
            shown.text = QStringLiteral("(continued)");
        draw(caption(QStringLiteral("Table"), shown, fit.page), ReportPdfLayout::Piece::Caption);
        if (!continued)
            if (const std::optional<TextBox> note = warning(block.table, fit.page)) {
                m_y += pt(2);
                draw(*note, ReportPdfLayout::Piece::Warning);
            }
        m_y += pt(4);
        rule(boxes.width, 1.0);
        drawRow(boxes.header, widths, fit, boxes.width, -1);
        rule(boxes.width, 0.5);
    }

    void table(std::size_t i) {
        const auto found = m_fits.find(i);
        if (found == m_fits.end())
            return;
        const ReportBlock& block = m_document.blocks[i];
        const TableFit& fit = found->second;
        ensureRoom(0, fit.page.landscape);
        // A table in column parts keeps them on one page where they fit on one.
        if (fit.parts.size() > 1) {
            qreal whole = 0;
            for (const TablePart& part : fit.parts)
                whole += partHeight(block, fit, partBoxes(block.table, fit, part)) + pt(18);
            if (whole <= pt(fit.page.textHeight()))
                ensureRoom(whole, fit.page.landscape);
        }
        bool continued = false;
        for (const TablePart& part : fit.parts) {
            tablePart(block, fit, part, continued);
            continued = true;
        }
    }

    // The rows of some of a table's columns; a new page repeats the caption and header.
    void tablePart(const ReportBlock& block, const TableFit& fit, const TablePart& part,
                   bool continued) {
        const PartBoxes boxes = partBoxes(block.table, fit, part);
        const qreal whole = partHeight(block, fit, boxes);
        // Whole where it fits; on the next page when it fits whole there and little is left
        // here; else here with its head and first rows, the rest on the pages after.
        if (whole > room()) {
            const qreal lead = partLead(block, fit, boxes);
            // Not away from the heading or introduction it was kept with.
            const bool keptWithPrevious =
                m_block > 0 && keepsWithNext(static_cast<std::size_t>(m_block - 1));
            const bool moveWhole = !keptWithPrevious && movesWhole(whole, room(), fit.page);
            ensureRoom(moveWhole ? whole : lead, fit.page.landscape);
        }
        tableHead(block, fit, continued, boxes, part.widths);
        const auto heightFrom = [this, &boxes](std::size_t first) {
            qreal height = 0;
            for (std::size_t r = first; r < boxes.rows.size(); ++r)
                height += rowHeight(boxes.rows[r]);
            return height;
        };
        std::size_t firstOnPage = 0;
        for (std::size_t r = 0; r < boxes.rows.size(); ++r) {
            // A break that would carry fewer than kRowsWithHead rows over comes before the
            // last kRowsWithHead (their height is summed once, at the row that decides).
            const bool tailAlone = boxes.rows.size() - r == kRowsWithHead &&
                                   r > firstOnPage + kRowsWithHead &&
                                   m_y + heightFrom(r) > pt(m_frame.bottom());
            if (tailAlone || m_y + rowHeight(boxes.rows[r]) > pt(m_frame.bottom())) {
                firstOnPage = r;
                rule(boxes.width, 0.5);
                newPage(fit.page);
                tableHead(block, fit, true, boxes, part.widths);
            }
            drawRow(boxes.rows[r], part.widths, fit, boxes.width, static_cast<int>(r));
        }
        rule(boxes.width, 1.0);
        m_y += pt(18);
    }

    const ReportDocument& m_document;
    QPdfWriter* m_writer;
    QCPPainter* m_painter;
    int m_pageCount;
    qreal m_unit; // device units per point
    ReportPdfLayout* m_record;
    int m_page = 0;
    int m_section = 0;
    int m_block = -1;
    qreal m_y = 0;
    PageFrame m_frame = kPortrait;          // the page being laid out
    std::map<std::size_t, TableFit> m_fits; // of each table block with a header, by index
};

} // namespace

bool ReportPdf::write(const ReportDocument& document, const QString& path, QString* error,
                      ReportPdfLayout* layout) {
    QString why;
    const bool ok = OutputFile::write(
        path,
        [&document, layout](QIODevice& device, QString* reason) {
            QPdfWriter writer(&device);
            writer.setResolution(qRound(ExportOptions::layoutDpi()));
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
            PdfLayout(document, &writer, &painter, pages, layout).run();
            return painter.end();
        },
        &why);
    if (!ok && error)
        *error = QStringLiteral("could not be written: %1").arg(why);
    return ok;
}

} // namespace wb
