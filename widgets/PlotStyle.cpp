#include "PlotStyle.h"

#include "LegendLayout.h"
#include "LogAxisTicker.h"
#include "OwnValue.h"
#include "PlotTheme.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

namespace wb {

namespace {

constexpr char kMaxColumns[] = "wbMaxColumns";
constexpr int kDefaultMaxColumns = 3;

std::vector<const QCPAbstractLegendItem*> entriesOf(const QCPLegend* legend) {
    std::vector<const QCPAbstractLegendItem*> entries;
    for (int i = 0; i < legend->itemCount(); ++i) // counts the grid's empty cells too
        if (const QCPAbstractLegendItem* item = legend->item(i))
            entries.push_back(item);
    return entries;
}

// The legend's size with `columns` entries per row, filled row by row (as placeLegendAbove
// sets it up): each column as wide as its widest entry, each row as tall as its tallest.
QSize legendSize(const QCPLegend* legend, int columns) {
    const std::vector<const QCPAbstractLegendItem*> entries = entriesOf(legend);
    const auto count = static_cast<int>(entries.size());
    const int rows = (count + columns - 1) / std::max(columns, 1);
    std::vector<int> widths(static_cast<std::size_t>(columns), 0);
    std::vector<int> heights(static_cast<std::size_t>(std::max(rows, 1)), 0);
    for (int i = 0; i < count; ++i) {
        const QSize item = entries[static_cast<std::size_t>(i)]->minimumOuterSizeHint();
        int& width = widths[static_cast<std::size_t>(i % columns)];
        int& height = heights[static_cast<std::size_t>(i / columns)];
        width = std::max(width, item.width());
        height = std::max(height, item.height());
    }
    const QMargins margins = legend->margins();
    return QSize(std::accumulate(widths.begin(), widths.end(), 0) +
                     legend->columnSpacing() * (columns - 1) + margins.left() + margins.right(),
                 std::accumulate(heights.begin(), heights.end(), 0) +
                     legend->rowSpacing() * std::max(rows - 1, 0) + margins.top() +
                     margins.bottom());
}

// Legend text and icons at `font`, icons scaled with it from their own size.
void setLegendFont(QCPLegend* legend, const QFont& font) {
    const QFont own = ownValue(legend, "wbLegendFont", legend->font());
    const QSize ownIcon = ownValue(legend, "wbLegendIcon", legend->iconSize());
    const double ratio = font.pointSizeF() / own.pointSizeF();
    // Icon widths and gaps between columns narrow faster than the text: the text is what a
    // reader needs whole.
    // No taller than a line of the text and a pixel (drawn at an export's scale, the text may
    // reach a pixel lower): rows as tight as the text.
    const QSize icon(
        qRound(ownIcon.width() * ratio * ratio),
        std::min(qRound(ownIcon.height() * ratio), qCeil(QFontMetricsF(font).height()) + 1));
    const int ownSpacing = ownValue(legend, "wbLegendSpacing", legend->columnSpacing());
    const int spacing = qRound(ownSpacing * ratio * ratio);
    legend->setFont(font); // and every entry's
    legend->setIconSize(icon);
    legend->setColumnSpacing(spacing);
    rememberValue(legend, "wbLegendFont", own, font);
    rememberValue(legend, "wbLegendIcon", ownIcon, icon);
    rememberValue(legend, "wbLegendSpacing", ownSpacing, spacing);
}

QFont ownLegendFont(const QCPLegend* legend) {
    return ownValue(legend, "wbLegendFont", legend->font());
}

// The legend at its own font for as long as this lives (to measure it as it would be inside
// the axis rect), then at the fitted one again.
class OwnLegendFont {
public:
    explicit OwnLegendFont(QCPLegend* legend) : m_legend(legend), m_fitted(legend->font()) {
        setLegendFont(m_legend, ownLegendFont(m_legend));
    }
    ~OwnLegendFont() { setLegendFont(m_legend, m_fitted); }
    OwnLegendFont(const OwnLegendFont&) = delete;
    OwnLegendFont& operator=(const OwnLegendFont&) = delete;

private:
    QCPLegend* m_legend;
    QFont m_fitted;
};

// A layout element's width and height, 0 before its first layout: its rect may then hold
// coordinates whose difference overflows an int (QRect::height() would).
int widthOf(const QRect& rect) {
    return rect.isValid() ? rect.width() : 0;
}
int heightOf(const QRect& rect) {
    return rect.isValid() ? rect.height() : 0;
}

// A legend in rows of its own (not inside an axis rect): the largest font, and for it the
// most entries per row (up to its maximum), that fit the row's width and leave the data its
// share of the height; at the smallest font, what fits the width. A legend inside an axis
// rect goes back to its own font. True if anything changed.
bool fitLegend(QCustomPlot* plot, QCPLegend* legend) {
    const QFont before = legend->font();
    const auto* row = qobject_cast<QCPLayoutGrid*>(legend->layout());
    if (!row || !legend->visible()) { // inside an axis rect (an inset layout), or not drawn
        setLegendFont(legend, ownLegendFont(legend));
        return legend->font() != before;
    }
    if (LegendLayout::sideOf(plot) == QLatin1String("right")) {
        // One column: the largest font at which it is no taller than the plot and leaves the
        // data its share of the width.
        const double allowedWidth = widthOf(legend->outerRect()) +
                                    plot->xAxis->axisRect()->width() -
                                    LegendLayout::kDataShare * plot->viewport().width();
        for (const QFont& font : PlotStyle::shrinkingFonts(ownLegendFont(legend))) {
            setLegendFont(legend, font);
            const QSize size = legendSize(legend, 1);
            if (size.width() <= allowedWidth && size.height() <= plot->viewport().height() - 12)
                break;
        }
        return legend->font() != before;
    }
    const int entries = PlotStyle::legendEntryCount(legend);
    const int maxColumns = legend->property(kMaxColumns).isValid()
                               ? legend->property(kMaxColumns).toInt()
                               : kDefaultMaxColumns;
    const int available = widthOf(row->rect());
    const double allowedHeight = heightOf(legend->outerRect()) + PlotStyle::dataSpare(plot);
    int columns = 1;
    for (const QFont& font : PlotStyle::shrinkingFonts(ownLegendFont(legend))) {
        setLegendFont(legend, font);
        columns = 1;
        for (int c = std::min(maxColumns, entries); c > 1; --c)
            if (legendSize(legend, c).width() <= available) {
                columns = c;
                break;
            }
        const QSize size = legendSize(legend, columns);
        if (size.width() <= available && size.height() <= allowedHeight)
            break;
    }
    const bool changed = legend->font() != before || columns != legend->wrap();
    if (columns != legend->wrap()) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true); // re-places the entries
    }
    return changed;
}

constexpr char kShortTitle[] = "wbShortTitle"; // PlotStyle::setShortTitle's

// An axis title as it is drawn: its font and its text broken into lines.
struct TitleFit {
    QFont font;
    QString lines;
};

// An axis title at the largest font, up to `largest` points, that fits the axis' length on
// its lines, else its short form (setShortTitle) so, else broken into one more line at the
// largest such font that fits; else its first line alone so; else the smallest font's lines;
// never below PlotStyle::kSmallestPointSize.
// Nothing for a hidden or untitled axis.
std::optional<TitleFit> titleFitOf(const QCPAxis* axis, double largest) {
    const QString text = ownValue(axis, "wbTitle", axis->label());
    if (!axis->visible() || text.isEmpty())
        return std::nullopt;
    const QFont own = ownValue(axis, "wbTitleFont", axis->labelFont());
    const double length = axis->orientation() == Qt::Vertical ? axis->axisRect()->height()
                                                              : axis->axisRect()->width();
    // From the title's own size down to the smallest papers print, and no larger than
    // `largest` unless even its own is.
    std::vector<QFont> fonts;
    for (const QFont& font : PlotStyle::shrinkingFonts(own))
        if (font.pointSizeF() <= largest + 1e-9)
            fonts.push_back(font);
    if (fonts.empty())
        fonts.push_back(own);
    // A title's first line names the quantity and its unit; lines after it are notes, which
    // give way on an axis too short for them before the title breaks into more lines.
    const QString shortTitle = axis->property(kShortTitle).toString();
    const QString titles[] = {text, shortTitle.isEmpty() ? text : shortTitle,
                              text.section(QLatin1Char('\n'), 0, 0)};
    for (const QString& title : titles)
        for (const QFont& font : fonts)
            if (PlotStyle::widestLine(title, font) <= length)
                return TitleFit{font, title};
    for (const QString& title : titles)
        for (const QFont& font : fonts) {
            const QString wrapped = PlotStyle::wrapText(title, font, length);
            if (wrapped.count(QLatin1Char('\n')) <= title.count(QLatin1Char('\n')) + 1 &&
                PlotStyle::widestLine(wrapped, font) <= length)
                return TitleFit{font, wrapped};
        }
    return TitleFit{fonts.back(), text}; // nothing fits: as small as it gets
}

bool applyTitleFit(QCPAxis* axis, const TitleFit& fit) {
    if (axis->label() == fit.lines && axis->labelFont() == fit.font)
        return false;
    const QString text = ownValue(axis, "wbTitle", axis->label());
    const QFont own = ownValue(axis, "wbTitleFont", axis->labelFont());
    axis->setLabel(fit.lines);
    axis->setLabelFont(fit.font);
    rememberValue(axis, "wbTitle", text, fit.lines);
    rememberValue(axis, "wbTitleFont", own, fit.font);
    return true;
}

// Every axis title of the plot at one size, the largest at which each fits its axis (as
// titleFitOf chooses): no title reads larger than another. True if any changed.
bool fitAxisTitles(QCustomPlot* plot) {
    double common = std::numeric_limits<double>::max();
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes())
            if (const std::optional<TitleFit> fit = titleFitOf(axis, common))
                common = std::min(common, fit->font.pointSizeF());
    bool changed = false;
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes())
            if (const std::optional<TitleFit> fit = titleFitOf(axis, common))
                changed = applyTitleFit(axis, *fit) || changed;
    return changed;
}

// Whether two of the axis' tick labels (as the ticker would make them) would touch.
bool tickLabelsCollide(const QCPAxis* axis, const QVector<double>& ticks,
                       const QVector<QString>& labels) {
    const QFontMetricsF metrics(axis->tickLabelFont());
    const bool vertical = axis->orientation() == Qt::Vertical;
    // "eb" draws 10 with a raised exponent, taller than one line.
    const bool powers = axis->numberFormat().contains(QLatin1Char('b'));
    const double gap =
        vertical ? 0.25 * metrics.height() : metrics.horizontalAdvance(QStringLiteral("  "));
    std::vector<std::pair<double, double>> spans; // centre and extent along the axis, pixels
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
        if (!axis->range().contains(ticks[i]) || labels[i].isEmpty())
            continue; // not drawn
        const double extent =
            vertical ? metrics.height() * (powers && labels[i].contains(QLatin1Char('e')) ? 1.4 : 1)
                     : metrics.horizontalAdvance(labels[i]);
        spans.emplace_back(axis->coordToPixel(ticks[i]), extent);
    }
    std::sort(spans.begin(), spans.end());
    for (std::size_t i = 1; i < spans.size(); ++i)
        if (spans[i].first - spans[i - 1].first < (spans[i].second + spans[i - 1].second) / 2 + gap)
            return true;
    return false;
}

// A numeric axis' ticks thinned until no two labels touch: a fixed step doubled, halved to
// fives and tens of itself; other tickers asked for fewer ticks. Text ticks are the views'.
bool fitTicks(QCPAxis* axis) {
    const QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
    if (!axis->visible() || !axis->tickLabels() || !ticker ||
        ticker.dynamicCast<QCPAxisTickerText>())
        return false;
    // A new ticker (views replace them with the scale) starts from its own settings.
    const auto tickerId = static_cast<qulonglong>(reinterpret_cast<quintptr>(ticker.data()));
    if (axis->property("wbTicker").toULongLong() != tickerId) {
        axis->setProperty("wbTickCountShown", QVariant());
        axis->setProperty("wbTickStepShown", QVariant());
        axis->setProperty("wbTicker", tickerId);
    }
    const QSharedPointer<QCPAxisTickerFixed> fixed = ticker.dynamicCast<QCPAxisTickerFixed>();
    const int ownCount = ownValue(axis, "wbTickCount", ticker->tickCount());
    const double ownStep = fixed ? ownValue(axis, "wbTickStep", fixed->tickStep()) : 0.0;
    const int countBefore = ticker->tickCount();
    const double stepBefore = fixed ? fixed->tickStep() : 0.0;
    const QChar format =
        axis->numberFormat().isEmpty() ? QLatin1Char('g') : axis->numberFormat()[0];
    // Too many labels, or two that touch.
    auto collides = [&] {
        QVector<double> ticks;
        QVector<QString> labels;
        ticker->generate(axis->range(), axis->parentPlot()->locale(), format,
                         axis->numberPrecision(), ticks, nullptr, &labels);
        int labelled = 0;
        for (int i = 0; i < ticks.size() && i < labels.size(); ++i)
            if (axis->range().contains(ticks[i]) && !labels[i].isEmpty())
                ++labelled;
        return labelled > PlotStyle::kMostTickLabels || tickLabelsCollide(axis, ticks, labels);
    };
    if (fixed) {
        ticker->setTickCount(ownCount);
        for (double factor : {1, 2, 5, 10, 20, 50, 100}) {
            fixed->setTickStep(ownStep * factor);
            if (!collides())
                break;
        }
    } else {
        for (int count = ownCount; count >= 2; --count) {
            ticker->setTickCount(count);
            if (!collides())
                break;
        }
    }
    rememberValue(axis, "wbTickCount", ownCount, ticker->tickCount());
    if (fixed)
        rememberValue(axis, "wbTickStep", ownStep, fixed->tickStep());
    return ticker->tickCount() != countBefore || (fixed && fixed->tickStep() != stepBefore);
}

// How far an axis' outermost tick labels reach past the rect's top (vertical axes) or right
// (horizontal axes) edge, in pixels; 0 when none does.
int tickLabelOverhang(const QCPAxis* axis) {
    if (!axis->visible() || !axis->tickLabels())
        return 0;
    const QFontMetricsF metrics(axis->tickLabelFont());
    const QRect rect = axis->axisRect()->rect();
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    double reach = 0;
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
        if (!axis->range().contains(ticks[i]) || labels[i].isEmpty())
            continue;
        // A label centred on its tick, the tick within the rect: at most half the label
        // reaches past the edge.
        const double at = axis->coordToPixel(ticks[i]);
        const double half = axis->orientation() == Qt::Vertical
                                ? metrics.height() / 2
                                : PlotStyle::widestLine(labels[i], axis->tickLabelFont()) / 2;
        const double past = axis->orientation() == Qt::Vertical ? rect.top() - (at - half)
                                                                : at + half - rect.right();
        reach = std::max(reach, std::min(past, half));
    }
    return static_cast<int>(std::ceil(reach));
}

// The top and right margins of each axis rect as narrow as its tick labels let them be, as
// matplotlib's tight layout makes them: a number at the corner keeps its room, a frame
// without one loses what the labels do not need. True if any changed.
bool fitMargins(QCustomPlot* plot) {
    constexpr int kLeast = 3; // the frame's line and a pixel
    bool changed = false;
    for (QCPAxisRect* rect : plot->axisRects()) {
        if (!rect->visible())
            continue;
        QMargins margins = rect->minimumMargins();
        int top = kLeast, right = kLeast;
        for (QCPAxis* axis : rect->axes()) {
            int& side = axis->orientation() == Qt::Vertical ? top : right;
            side = std::max(side, tickLabelOverhang(axis) + 1);
        }
        if (margins.top() == top && margins.right() == right)
            continue;
        margins.setTop(top);
        margins.setRight(right);
        rect->setMinimumMargins(margins);
        changed = true;
    }
    return changed;
}

} // namespace

QString PlotStyle::formatMs(double value) {
    return QString::number(value, 'g', value < 1 ? 3 : 4);
}

QColor PlotStyle::toColor(const SeriesColor& color) {
    return color.isSet ? QColor::fromRgba64(color.red, color.green, color.blue) : QColor();
}

SeriesColor PlotStyle::fromColor(const QColor& color) {
    const QRgba64 rgb = color.rgba64();
    return {rgb.red(), rgb.green(), rgb.blue(), color.isValid()};
}

QColor PlotStyle::translucent(QColor color, int alpha) {
    color.setAlpha(alpha);
    return color;
}

QFont PlotStyle::axisFont(double scale) {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(9 * scale);
    return font;
}

QFont PlotStyle::labelFont(double scale) {
    return axisFont(scale); // a paper's axis titles read at its tick labels' size
}

QMargins PlotStyle::minimumMargins() {
    return {15, 7, 12, 15};
}

QColor PlotStyle::legendBorder() {
    return {180, 180, 180};
}

double PlotStyle::lineWidth(double scale) {
    return 1.6 * scale;
}

QPen PlotStyle::gridPen() {
    return QPen(QColor(225, 225, 225), 0, Qt::SolidLine);
}

void PlotStyle::styleAxis(QCPAxis* axis) {
    axis->setTickLabelPadding(3);
    axis->setLabelPadding(2);
    axis->setPadding(1); // to the figure's edge, or to the legend's rows below
    axis->setTickLabelFont(axisFont());
    axis->setLabelFont(labelFont());
    axis->grid()->setSubGridVisible(false);
    axis->grid()->setPen(gridPen());
}

void PlotStyle::apply(QCustomPlot* plot) {
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom | QCP::iSelectLegend);
    plot->axisRect()->setMinimumMargins(minimumMargins());
    plot->plotLayout()->setRowSpacing(0); // elements keep their own margins
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis})
        styleAxis(axis);
    plot->legend->setFont(axisFont());
    // Line samples two characters long and close to their text, as papers draw them: the
    // legend inside the data takes less of it. QCustomPlot draws a graph's sample 5 px past
    // its icon (for dashed pens), into the padding: a gap of 4 px is left to the text.
    plot->legend->setIconSize(15, 18); // QCustomPlot's height: room for descenders
    plot->legend->setIconTextPadding(9);
    plot->legend->setBrush(QColor(255, 255, 255, 220));
    plot->legend->setBorderPen(QPen(legendBorder()));
    plot->setNoAntialiasingOnDrag(true);
    // One polyline per curve instead of one call per segment: ten reduced CDFs of millions of
    // RTTs (thousands of tail steps each) repaint in a fraction of the time, and a 1.5 px pen
    // shows no difference in the joins.
    plot->setPlottingHint(QCP::phFastPolylines, true);
    PlotTheme::follow(plot);
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] { fitToSize(plot); });
}

void PlotStyle::placeLegendAbove(QCustomPlot* plot) {
    LegendLayout::putInRows(plot, false);
}

void PlotStyle::fitLegendColumns(QCustomPlot* plot, int maxColumns) {
    plot->legend->setProperty(kMaxColumns, maxColumns);
}

void PlotStyle::fitToSize(QCustomPlot* plot) {
    // Legends first: the axis rects' size, which titles and ticks fit to, follows from them.
    // Each step moves what the others measured (a title on two lines shortens the other
    // axis), so again until nothing changes; a few rounds settle any plot.
    LegendLayout::of(plot)->arrange();
    const auto fitEveryAxis = [](QCustomPlot* fitted) {
        bool changed = false;
        for (QCPAxisRect* rect : fitted->axisRects())
            for (QCPAxis* axis : rect->axes())
                changed = fitTicks(axis) || changed;
        return changed;
    };
    const std::function<bool(QCustomPlot*)> plotSteps[] = {fitAxisTitles, fitEveryAxis, fitMargins};
    for (int round = 0; round < 3; ++round) {
        bool changed = false;
        for (QCPLayoutElement* element : plot->plotLayout()->elements(true))
            if (auto* legend = qobject_cast<QCPLegend*>(element))
                changed = fitLegend(plot, legend) || changed;
        if (changed)
            PlotStyle::layOutAgain(plot);
        bool anyChanged = changed;
        for (const auto& step : plotSteps) {
            changed = step(plot);
            if (changed)
                PlotStyle::layOutAgain(plot);
            anyChanged = anyChanged || changed;
        }
        if (!anyChanged)
            return;
    }
}

std::optional<double> PlotStyle::dataTop(const QCPAxis* axis) {
    std::optional<double> top;
    for (QCPAbstractPlottable* plottable : axis->plottables()) {
        bool found = false;
        const QCPRange range = plottable->getValueRange(found);
        if (found && plottable->visible() && plottable->valueAxis() == axis)
            top = std::max(top.value_or(range.upper), range.upper);
    }
    return top;
}

double PlotStyle::dataSpare(QCustomPlot* plot) {
    double data = 0;
    for (const QCPAxisRect* rect : plot->axisRects())
        if (rect->visible())
            data += rect->height();
    return data - kDataShare * plot->viewport().height();
}

int PlotStyle::legendEntryCount(const QCPLegend* legend) {
    return static_cast<int>(entriesOf(legend).size());
}

QSizeF PlotStyle::legendSizeInside(QCPLegend* legend, int columns) {
    const OwnLegendFont own(legend);
    return QSizeF(legendSize(legend, std::max(columns, 1))) + QSizeF(12, 12);
}

std::vector<QFont> PlotStyle::shrinkingFonts(const QFont& font) {
    std::vector<QFont> fonts{font};
    for (double size = font.pointSizeF() - 0.5; size >= kSmallestPointSize - 1e-9; size -= 0.5) {
        fonts.push_back(font);
        fonts.back().setPointSizeF(size);
    }
    return fonts;
}

bool PlotStyle::placeLegendClear(QCustomPlot* plot, const std::vector<Qt::Alignment>& corners,
                                 bool mayLeave, const HiddenData& hidden) {
    LegendLayout* layout = LegendLayout::of(plot);
    layout->setCorners(corners, hidden);
    layout->setMayLeave([mayLeave] { return mayLeave; });
    if (!layout->arrange())
        return false;
    relayout(plot);
    return true;
}

void PlotStyle::placeLegendInside(QCustomPlot* plot, Qt::Alignment corner) {
    LegendLayout::putInside(plot, corner);
}

void PlotStyle::layOutAgain(QCustomPlot* plot) {
    for (auto phase :
         {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        plot->plotLayout()->update(phase);
}

namespace {
constexpr char kOutputPixelsPerUnit[] = "wbOutputPixelsPerUnit";
}

double PlotStyle::outputPixelsPerUnit(const QCustomPlot* plot) {
    const QVariant pixels = plot->property(kOutputPixelsPerUnit);
    return pixels.isValid() ? pixels.toDouble() : 1.0;
}

void PlotStyle::setOutputPixelsPerUnit(QCustomPlot* plot, double pixels) {
    plot->setProperty(kOutputPixelsPerUnit, pixels);
}

int PlotStyle::layoutColumns(const QCustomPlot* plot, const QCPAxisRect* rect) {
    return std::max({rect->width(), plot->viewport().width() - 60, 100});
}

int PlotStyle::outputColumns(const QCustomPlot* plot, const QCPAxisRect* rect) {
    return static_cast<int>(std::ceil(layoutColumns(plot, rect) * outputPixelsPerUnit(plot)));
}

void PlotStyle::sampleLinesOnScreenOnly(QCustomPlot* plot) {
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] {
        const bool screen = outputPixelsPerUnit(plot) <= 1;
        for (int i = 0; i < plot->graphCount(); ++i)
            plot->graph(i)->setAdaptiveSampling(screen);
    });
}

void PlotStyle::relayout(QCustomPlot* plot) {
    PlotStyle::layOutAgain(plot);
    fitToSize(plot);
}

QString PlotStyle::wrapText(const QString& text, const QFont& font, double width, bool breakWords) {
    const QFontMetricsF metrics(font);
    // Pieces joined without a space: a word broken after its separators.
    static const QRegularExpression breaks(QStringLiteral("(?<=[_\\-/.])(?=.)"));
    QStringList lines;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString& word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QStringList pieces = breakWords && metrics.horizontalAdvance(word) > width
                                           ? word.split(breaks)
                                           : QStringList{word};
            for (int i = 0; i < pieces.size(); ++i) {
                const QString joint = i == 0 ? QStringLiteral(" ") : QString();
                const QString longer = line.isEmpty() ? pieces[i] : line + joint + pieces[i];
                if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
                    lines << line;
                    line = pieces[i];
                } else {
                    line = longer;
                }
            }
        }
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

double PlotStyle::widestLine(const QString& text, const QFont& font) {
    const QFontMetricsF metrics(font);
    double widest = 0;
    for (const QString& line : text.split(QLatin1Char('\n')))
        widest = std::max(widest, metrics.horizontalAdvance(line));
    return widest;
}

namespace {

// The font the view gave a text, as fitting remembers it (`name` as in ownValue), set again
// as `font`; fitting starts from it at the next layout.
QFont styledFont(QObject* object, const char* name, const QFont& current, const QString& family,
                 double scale) {
    QFont base = object->property("wbBaseFont").isValid()
                     ? object->property("wbBaseFont").value<QFont>()
                     : (name ? ownValue(object, name, current) : current);
    if (family.isEmpty() && scale == 1.0) {
        object->setProperty("wbBaseFont", QVariant());
    } else {
        object->setProperty("wbBaseFont", QVariant::fromValue(base));
        if (!family.isEmpty())
            base.setFamily(family);
        base.setPointSizeF(base.pointSizeF() * scale);
    }
    if (name)
        object->setProperty(QByteArray(name).append("Shown"), QVariant());
    return base;
}

} // namespace

void PlotStyle::setTextStyle(QCustomPlot* plot, const QString& family, double scale) {
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            axis->setTickLabelFont(styledFont(axis, nullptr, axis->tickLabelFont(), family, scale));
            axis->setLabelFont(styledFont(axis, "wbTitleFont", axis->labelFont(), family, scale));
        }
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* legend = qobject_cast<QCPLegend*>(element)) {
            const QFont font = styledFont(legend, "wbLegendFont", legend->font(), family, scale);
            legend->setFont(font);
        } else if (auto* text = qobject_cast<QCPTextElement*>(element)) {
            text->setFont(styledFont(text, nullptr, text->font(), family, scale));
        }
    }
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)))
            text->setFont(styledFont(text, nullptr, text->font(), family, scale));
}

void PlotStyle::setShortTitle(QCPAxis* axis, const QString& title) {
    axis->setProperty(kShortTitle, title.isEmpty() ? QVariant() : QVariant(title));
}

void PlotStyle::setLogScale(QCPAxis* axis, bool log) {
    if (log) {
        axis->setTicker(QSharedPointer<LogAxisTicker>::create());
        axis->setScaleType(QCPAxis::stLogarithmic);
    } else {
        axis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        axis->setScaleType(QCPAxis::stLinear);
    }
    // Decades' lines only: the 2…9 multiples' sub-ticks mark the scale without a dense grid.
    axis->grid()->setSubGridVisible(false);
}

void PlotStyle::setRangeFromZero(QCPAxis* valueAxis, double upperWhenEmpty) {
    bool found = false;
    double top = 0;
    for (QCPAbstractPlottable* plottable : valueAxis->plottables())
        if (plottable->valueAxis() == valueAxis)
            top = std::max(top, plottable->getValueRange(found).upper);
    valueAxis->setRange(0, top > 0 ? top * 1.08 : upperWhenEmpty);
    letLegendRaiseTop(valueAxis);
}

void PlotStyle::letLegendRaiseTop(QCPAxis* valueAxis, bool may) {
    valueAxis->setProperty(kLegendMayRaiseTop, may);
}

} // namespace wb
