#include "CategoryAxisLabels.h"

#include "PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

constexpr double kRotation = -35;

// A legend entry that is text alone: the axis title, as a note inside the data.
class NoteLegendItem : public QCPAbstractLegendItem {
public:
    NoteLegendItem(QCPLegend* legend, const QString& text)
        : QCPAbstractLegendItem(legend), m_text(text) {
        setSelectable(false);
    }

protected:
    void draw(QCPPainter* painter) override {
        painter->setFont(mFont);
        painter->setPen(QPen(mTextColor));
        painter->drawText(mRect, Qt::AlignLeft | Qt::AlignVCenter, m_text);
    }
    QSize minimumOuterSizeHint() const override {
        const QSize text =
            QFontMetrics(mFont).boundingRect(0, 0, 0, 0, Qt::TextDontClip, m_text).size();
        return text + QSize(mMargins.left() + mMargins.right(), mMargins.top() + mMargins.bottom());
    }

private:
    QString m_text;
};

// The ways of writing the labels, tried in this order until one fits.
enum class Variant { Words, BrokenWords, ShortDetail, Shortened, ShortenedAlone };

// Characters of the text a label shows (not its line breaks or ellipses).
qsizetype shownCharacters(const QStringList& labels) {
    qsizetype count = 0;
    for (const QString& label : labels)
        count += label.size() - label.count(QLatin1Char('\n')) - label.count(QChar(0x2026));
    return count;
}

// The longest start of `text` no wider than `width`.
QString fittingStart(const QString& text, const QFontMetricsF& metrics, double width) {
    qsizetype length = text.size();
    while (length > 0 && metrics.horizontalAdvance(text.left(length)) > width)
        --length;
    return text.left(length);
}

} // namespace

void CategoryAxisLabels::setCategories(std::vector<Category> categories) {
    m_categories = std::move(categories);
    m_shown.clear(); // fit() sets them once the plot is laid out
    m_applied = false;
}

void CategoryAxisLabels::setTitle(const QString& title, const QString& shortTitle) {
    m_title = title;
    m_shortTitle = shortTitle;
    m_titleApplied = false;
}

QString CategoryAxisLabels::elideToLines(const QString& text, const QFont& font, double width,
                                         int lines) {
    const QString whole = PlotStyle::wrapText(text, font, width, true);
    if (whole.count(QLatin1Char('\n')) < lines && PlotStyle::widestLine(whole, font) <= width)
        return whole;
    if (lines < 1)
        return {};
    const QFontMetricsF metrics(font);
    const QString words = text.simplified(); // wrapText's lines are its pieces, one space apart
    QStringList kept;
    qsizetype at = 0;
    for (QString line : whole.split(QLatin1Char('\n')).mid(0, lines - 1)) {
        line = fittingStart(line, metrics, width); // a word wider than the slot, cut
        const qsizetype found = words.indexOf(line, at);
        if (line.isEmpty() || found < 0)
            break;
        kept << line;
        at = found + line.size();
    }
    kept << metrics.elidedText(words.mid(at).trimmed(), Qt::ElideLeft, width);
    return kept.join(QLatin1Char('\n'));
}

bool CategoryAxisLabels::fitTitle(QCustomPlot* plot) {
    if (m_title.isEmpty())
        return false;
    QFont oneLine = plot->xAxis->labelFont();
    oneLine.setPointSizeF(PlotStyle::kSmallestPointSize); // the smallest title PlotStyle fits
    // Where the title needs more than a line (a paper column), its short form goes on the
    // axis, or becomes the legend's one entry, its clauses on lines of their own, which
    // LegendLayout puts where it covers no data: the labels and the data keep the title's line.
    const bool tooLong = !m_shortTitle.isEmpty() &&
                         PlotStyle::widestLine(m_title, oneLine) > plot->xAxis->axisRect()->width();
    const bool asNote = tooLong && m_titleMayBeNote;
    const QString title = asNote ? QString() : tooLong ? m_shortTitle : m_title;
    const QString note =
        asNote ? QString(m_shortTitle).replace(QStringLiteral("; "), QStringLiteral(";\n"))
               : QString();
    if (m_titleApplied && title == m_titleShown && note == m_noteShown)
        return false;
    m_titleApplied = true;
    m_titleShown = title;
    m_noteShown = note;
    plot->xAxis->setLabel(title); // PlotStyle fits it from there
    dropNote(plot);
    if (asNote)
        plot->legend->addItem(new NoteLegendItem(plot->legend, note));
    if (m_titleMayBeNote)
        plot->legend->setVisible(asNote);
    PlotStyle::relayout(plot);
    return true;
}

void CategoryAxisLabels::dropNote(QCustomPlot* plot) {
    QCPLegend* legend = plot->legend;
    for (int i = legend->itemCount() - 1; i >= 0; --i)
        if (dynamic_cast<NoteLegendItem*>(legend->item(i)))
            legend->removeItem(i);
    m_noteShown.clear();
    m_titleApplied = false;
}

void CategoryAxisLabels::fit(QCustomPlot* plot) {
    // The title's choice follows the axis' length, which the labels change (rotated ones
    // widen the left margin): the labels again while the title changes; a few rounds settle
    // any plot.
    fitTitle(plot);
    for (int round = 0; round < 3; ++round) {
        fitLabels(plot);
        if (!fitTitle(plot))
            return;
    }
}

bool CategoryAxisLabels::fitLabels(QCustomPlot* plot) {
    const auto runs = static_cast<int>(m_categories.size());
    // Rotated labels widen the left margin; the slots are what the rect has without them.
    const QCPAxisRect* rect = plot->axisRect();
    if (plot->xAxis->tickLabelRotation() == 0)
        m_sideMargins = rect->outerRect().width() - rect->width();
    const double slot = 0.92 * (rect->outerRect().width() - m_sideMargins) / std::max(runs, 1);
    auto height = [](const QStringList& labels, const QFont& font, bool rotated) {
        const QFontMetricsF metrics(font);
        const double sine = std::abs(std::sin(kRotation * M_PI / 180));
        double tallest = 0;
        for (const QString& label : labels)
            tallest = std::max(
                tallest, rotated ? PlotStyle::widestLine(label, font) * sine + metrics.height()
                                 : metrics.lineSpacing() * (label.count(QLatin1Char('\n')) + 1));
        return tallest;
    };
    // The labels may grow into what the data can spare of its height.
    const double room = PlotStyle::dataSpare(plot) +
                        (m_shown.isEmpty() ? 0.0
                                           : height(m_shown, plot->xAxis->tickLabelFont(),
                                                    plot->xAxis->tickLabelRotation() != 0));
    auto written = [&](const QFont& font, Variant variant) {
        const bool breakWords = variant != Variant::Words;
        const bool shortened = variant >= Variant::Shortened;
        const double lineHeight = QFontMetricsF(font).lineSpacing();
        QStringList labels;
        for (const Category& category : m_categories) {
            const QString& detail = variant == Variant::Words || variant == Variant::BrokenWords
                                        ? category.detail
                                    : variant == Variant::ShortenedAlone ? QString()
                                                                         : category.shortDetail;
            const QString detailLines =
                detail.isEmpty() ? QString() : PlotStyle::wrapText(detail, font, slot, breakWords);
            QString label;
            if (shortened) {
                const int lines = static_cast<int>(std::floor(room / lineHeight + 1e-6)) -
                                  (detail.isEmpty() ? 0 : detailLines.count(QLatin1Char('\n')) + 1);
                label = elideToLines(category.name, font, slot, lines);
            } else {
                label = PlotStyle::wrapText(category.name, font, slot, breakWords);
            }
            if (label.isEmpty())
                return QStringList();
            if (!detail.isEmpty())
                label += QLatin1Char('\n') + detailLines;
            if (PlotStyle::widestLine(label, font) > slot)
                return QStringList();
            labels << label;
        }
        // Shortened, two runs' labels must still tell them apart.
        for (int i = 0; shortened && i < runs; ++i)
            for (int j = i + 1; j < runs; ++j)
                if (labels[i] == labels[j] && m_categories[static_cast<std::size_t>(i)].name !=
                                                  m_categories[static_cast<std::size_t>(j)].name)
                    return QStringList();
        return labels;
    };
    const std::vector<QFont> fonts = PlotStyle::shrinkingFonts(PlotStyle::axisFont());
    QStringList labels;
    QFont font = fonts.back();
    bool rotate = false;
    for (Variant variant : {Variant::Words, Variant::BrokenWords, Variant::ShortDetail,
                            Variant::Shortened, Variant::ShortenedAlone}) {
        // Whole labels at the largest font that fits; shortened ones at the font that shows
        // most of the names (a smaller font may keep whole what a larger one cuts).
        for (const QFont& candidate : fonts) {
            const QStringList fitted = written(candidate, variant);
            if (fitted.isEmpty() || height(fitted, candidate, false) > room ||
                (!labels.isEmpty() && shownCharacters(fitted) <= shownCharacters(labels)))
                continue;
            labels = fitted;
            font = candidate;
            if (variant < Variant::Shortened)
                break;
        }
        if (!labels.isEmpty())
            break;
    }
    if (labels.isEmpty()) {
        rotate = true;
        for (const Category& category : m_categories)
            labels << (category.shortDetail.isEmpty()
                           ? category.name
                           : category.name + QLatin1Char(' ') + category.shortDetail);
        for (const QFont& candidate : fonts) {
            font = candidate;
            if (height(labels, candidate, true) <= room)
                break;
        }
    }
    // Compared only once applied: no categories left fit as no labels, which must still
    // replace the last run's on the axis.
    if (m_applied && labels == m_shown && font == plot->xAxis->tickLabelFont())
        return false;
    m_applied = true;
    m_shown = labels;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < runs; ++i)
        ticker->addTick(i + 1, labels[i]);
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setTickLabelFont(font);
    // Negative: rotated labels end at their tick instead of starting there, so each stays
    // under its own box.
    plot->xAxis->setTickLabelRotation(rotate ? kRotation : 0);
    // QCustomPlot skips a tick label that leaves the widget, which the first rotated one does
    // when the left margin (sized for the y labels) is narrower than its slant.
    const int firstSlant = rotate && runs > 0
                               ? static_cast<int>(std::cos(kRotation * M_PI / 180) *
                                                  QFontMetricsF(font).horizontalAdvance(labels[0]))
                               : 0;
    QMargins margins = PlotStyle::minimumMargins();
    margins.setLeft(std::max(margins.left(), firstSlant + 8));
    plot->axisRect()->setMinimumMargins(margins);
    PlotStyle::relayout(plot);
    return true;
}

QString CategoryAxisLabels::toolTipAt(const QCustomPlot* plot, const QPointF& pos) const {
    const QCPAxisRect* rect = plot->axisRect();
    if (pos.y() <= rect->bottom() || pos.y() > rect->outerRect().bottom())
        return {};
    const double key = plot->xAxis->pixelToCoord(pos.x());
    const auto index = static_cast<qsizetype>(std::lround(key)) - 1;
    if (index < 0 || index >= static_cast<qsizetype>(m_categories.size()))
        return {};
    const Category& category = m_categories[static_cast<std::size_t>(index)];
    return category.detail.isEmpty() ? category.name
                                     : category.name + QLatin1Char('\n') + category.detail;
}

} // namespace wb
