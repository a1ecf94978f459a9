#include "LegendLayout.h"

#include "PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace wb {

namespace {

constexpr char kSide[] = "wbLegendSide"; // on a legend outside the axis rects: "rows", "right"

constexpr char kHome[] = "wbLegendHome"; // on the plot: the axis rect set by setHome

QCPAxisRect* mainRect(const QCustomPlot* plot) {
    auto* home = qobject_cast<QCPAxisRect*>(plot->property(kHome).value<QObject*>());
    return home ? home : plot->xAxis->axisRect();
}

bool isInside(QCustomPlot* plot) {
    return LegendLayout::isIn(plot, mainRect(plot));
}

QString legendSide(const QCPLegend* legend) {
    return legend->property(kSide).toString();
}

constexpr char kLayoutName[] = "wbLegendLayout";
// On the legend while placeAboveData has it above the data: its entries per row (unset, one:
// in a corner, or those its figure set, kHomeColumns).
constexpr char kInsideColumns[] = "wbLegendInsideColumns";
constexpr char kHomeColumns[] = "wbLegendHomeColumns";

// Row and column of the plot layout holding `element`; {-1, -1} when none.
std::pair<int, int> cellOf(QCustomPlot* plot, QCPLayoutElement* element) {
    QCPLayoutGrid* grid = plot->plotLayout();
    for (int row = 0; row < grid->rowCount(); ++row)
        for (int column = 0; column < grid->columnCount(); ++column)
            if (grid->element(row, column) == element)
                return {row, column};
    return {-1, -1};
}

// Out of the inset layout or the sub-grid it was in (which goes too).
void takeLegend(QCustomPlot* plot) {
    QCPLegend* legend = plot->legend;
    QCPLayout* holder = legend->layout();
    if (!holder)
        return;
    holder->take(legend);
    if (!qobject_cast<QCPLayoutInset*>(holder)) {
        plot->plotLayout()->remove(holder);
        plot->plotLayout()->simplify();
    }
    legend->setProperty(kSide, QVariant());
}

// A sub-grid with margins keeps the legend off the page edge in exports.
QCPLayoutGrid* legendCell(QCustomPlot* plot, const QMargins& margins, const char* side) {
    auto* cell = new QCPLayoutGrid;
    cell->setMargins(margins);
    plot->legend->setProperty(kSide, QString::fromLatin1(side));
    plot->legend->setBorderPen(Qt::NoPen);
    // No frame to keep text off: rows as close as the text allows.
    plot->legend->setMargins(QMargins(2, 0, 2, 0));
    plot->legend->setRowSpacing(0);
    plot->legend->setWrap(1); // before the fill order, which re-places existing entries by it
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setColumnSpacing(24);
    return cell;
}

// The length of a segment inside a box (Liang–Barsky clipping).
double lengthIn(const QPointF& a, const QPointF& b, const QRectF& box) {
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[] = {-dx, dx, -dy, dy};
    const double q[] = {a.x() - box.left(), box.right() - a.x(), a.y() - box.top(),
                        box.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return 0;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return 0;
    }
    const double length = std::hypot(dx, dy) * (t1 - t0);
    // A point (zero length) inside counts as a pixel.
    return length > 0 ? length : (box.contains(a) ? 1.0 : 0.0);
}

// What a graph draws inside a box: its lines' length as drawn (steps, impulses) and its
// scatter points.
double graphIn(const QCPGraph* graph, const QRectF& box) {
    const QCPAxis* key = graph->keyAxis();
    const QCPAxis* value = graph->valueAxis();
    const bool scatter = !graph->scatterStyle().isNone();
    const double zero = value->coordToPixel(
        value->scaleType() == QCPAxis::stLogarithmic ? value->range().lower : 0.0);
    double hidden = 0;
    std::optional<QPointF> previous;
    for (const QCPGraphData& point : *graph->data()) {
        if (!std::isfinite(point.value) || !std::isfinite(point.key)) {
            previous.reset(); // a gap in the line
            continue;
        }
        const QPointF pixel(key->coordToPixel(point.key), value->coordToPixel(point.value));
        if (scatter && box.contains(pixel))
            hidden += 4;
        switch (graph->lineStyle()) {
        case QCPGraph::lsLine:
            if (previous)
                hidden += lengthIn(*previous, pixel, box);
            break;
        case QCPGraph::lsStepLeft:
        case QCPGraph::lsStepRight:
        case QCPGraph::lsStepCenter:
            if (previous) {
                const QPointF corner = graph->lineStyle() == QCPGraph::lsStepLeft
                                           ? QPointF(pixel.x(), previous->y())
                                           : QPointF(previous->x(), pixel.y());
                hidden += lengthIn(*previous, corner, box) + lengthIn(corner, pixel, box);
            }
            break;
        case QCPGraph::lsImpulse:
            hidden += lengthIn(QPointF(pixel.x(), zero), pixel, box);
            break;
        case QCPGraph::lsNone:
            break;
        }
        previous = pixel;
    }
    return hidden;
}

} // namespace

LegendLayout::LegendLayout(QCustomPlot* plot) : QObject(plot), m_plot(plot) {
    setObjectName(QLatin1String(kLayoutName));
    const Qt::Alignment top = Qt::AlignTop, bottom = Qt::AlignBottom;
    const Qt::Alignment left = Qt::AlignLeft, centre = Qt::AlignHCenter, right = Qt::AlignRight;
    m_corners = {top | right,   top | left,   bottom | right,
                 bottom | left, top | centre, bottom | centre};
    m_hidden = [plot](const QRectF& box) { return dataIn(plot, box); };
    m_mayLeave = [] { return true; };
}

int LegendLayout::insideColumns(const QCPLegend* legend) {
    const QVariant above = legend->property(kInsideColumns);
    return std::max(1, (above.isValid() ? above : legend->property(kHomeColumns)).toInt());
}

void LegendLayout::setInsideColumns(QCPLegend* legend, int columns) {
    legend->setProperty(kHomeColumns, columns);
}

void LegendLayout::setHome(QCustomPlot* plot, QCPAxisRect* home) {
    plot->setProperty(kHome, QVariant::fromValue<QObject*>(home));
}

void LegendLayout::keepInHome(int columns) {
    m_keepInHome = true;
    setInsideColumns(m_plot->legend, columns);
}

bool LegendLayout::isIn(const QCustomPlot* plot, const QCPAxisRect* rect) {
    return plot->legend->layout() == rect->insetLayout();
}

LegendLayout* LegendLayout::of(QCustomPlot* plot) {
    auto* layout =
        plot->findChild<LegendLayout*>(QLatin1String(kLayoutName), Qt::FindDirectChildrenOnly);
    return layout ? layout : new LegendLayout(plot);
}

void LegendLayout::setPlace(LegendPlace place) {
    m_place = place;
}

void LegendLayout::setCorners(const std::vector<Qt::Alignment>& corners, const HiddenData& hidden) {
    m_corners = corners;
    m_hidden = hidden;
}

void LegendLayout::setMayLeave(const std::function<bool()>& mayLeave) {
    m_mayLeave = mayLeave;
}

void LegendLayout::putInside(QCustomPlot* plot, Qt::Alignment corner) {
    QCPLegend* legend = plot->legend;
    QCPLayoutInset* inset = mainRect(plot)->insetLayout();
    const bool moved = !isInside(plot);
    if (moved) {
        takeLegend(plot);
        inset->addElement(legend, corner);
        // A legend its figure keeps at the top of a lane sits in a band free of data beside the
        // lane's title, unframed as the title is; elsewhere it is framed over the data.
        const bool inBand = legend->property(kHomeColumns).isValid();
        legend->setBorderPen(inBand ? QPen(Qt::NoPen) : QPen(PlotStyle::legendBorder()));
        if (inBand)
            legend->setBrush(Qt::NoBrush);
        // QCPLegend's own margins, inside its frame
        legend->setMargins(inBand ? QMargins(3, 1, 3, 1) : QMargins(7, 5, 7, 4));
        legend->setRowSpacing(inBand ? 0 : 3);
        legend->setColumnSpacing(inBand ? 8 : 12);
    }
    // One column, or entries side by side in rows above the data (placeAboveData).
    const int columns = insideColumns(legend);
    const int wrap = columns > 1 ? columns : 0;
    const auto order = columns > 1 ? QCPLegend::foColumnsFirst : QCPLegend::foRowsFirst;
    if (moved || legend->wrap() != wrap || legend->fillOrder() != order) {
        legend->setWrap(wrap); // before the fill order, which re-places the entries by it
        legend->setFillOrder(order, true);
    }
    const int index = static_cast<int>(inset->elements(false).indexOf(legend));
    inset->setInsetPlacement(index, QCPLayoutInset::ipBorderAligned);
    inset->setInsetAlignment(index, corner);
}

void LegendLayout::putInsideAt(QCustomPlot* plot, const QRectF& fraction) {
    putInside(plot, Qt::AlignTop | Qt::AlignLeft);
    QCPLayoutInset* inset = mainRect(plot)->insetLayout();
    const int index = static_cast<int>(inset->elements(false).indexOf(plot->legend));
    inset->setInsetPlacement(index, QCPLayoutInset::ipFree);
    inset->setInsetRect(index, fraction);
}

void LegendLayout::putInRows(QCustomPlot* plot, bool below) {
    if (legendSide(plot->legend) == QLatin1String(below ? "below" : "above"))
        return;
    takeLegend(plot);
    // Above: right above the axis rects, so an export's title row stays on top. Below: under
    // everything, the x axis' title included.
    QCPLayoutGrid* grid = plot->plotLayout();
    int row = grid->rowCount();
    if (!below) {
        row = 0;
        for (QCPAxisRect* rect : plot->axisRects())
            if (const int at = cellOf(plot, rect).first; at >= 0)
                row = row == 0 ? at : std::min(row, at);
    }
    // Below: room under the last row for its descenders, drawn at an export's scale.
    QCPLayoutGrid* cell = legendCell(plot, below ? QMargins(8, 0, 8, 3) : QMargins(8, 6, 8, 0),
                                     below ? "below" : "above");
    grid->insertRow(row);
    grid->addElement(row, 0, cell);
    grid->setRowStretchFactor(row, 0.001);
    cell->addElement(0, 0, plot->legend);
}

void LegendLayout::putRight(QCustomPlot* plot) {
    if (legendSide(plot->legend) == QLatin1String("right"))
        return;
    takeLegend(plot);
    QCPLayoutGrid* grid = plot->plotLayout();
    const int row = std::max(0, cellOf(plot, mainRect(plot)).first);
    QCPLayoutGrid* cell = legendCell(plot, QMargins(4, 6, 6, 6), "right");
    cell->setRowSpacing(0);
    if (grid->columnCount() < 2)
        grid->insertColumn(1);
    grid->addElement(row, 1, cell);
    grid->setColumnStretchFactor(1, 0.001);
    cell->addElement(0, 0, plot->legend);
    plot->legend->setWrap(0); // one column
    plot->legend->setFillOrder(QCPLegend::foRowsFirst, true);
}

double LegendLayout::hiddenAt(const QRectF& box) const {
    return m_hidden ? m_hidden(box) : 0.0;
}

// The corner (of m_corners) hiding least data, with the legend inside; with onlyIfFree, none
// unless one hides nothing. The plot is laid out with the legend inside afterwards.
bool LegendLayout::placeInsideBest(bool onlyIfFree) {
    if (!isInside(m_plot)) {
        putInside(m_plot, m_corners.front());
        PlotStyle::layOutAgain(m_plot);
    }
    const QRectF area = mainRect(m_plot)->rect();
    const QSizeF size = PlotStyle::legendSizeInside(m_plot->legend, insideColumns(m_plot->legend));
    // A legend wider than most of the rect hides data wherever it goes, unless it lies above
    // the data (placeAboveData, which sets its columns to fit the width).
    const bool aboveData = m_plot->legend->property(kInsideColumns).isValid();
    if (onlyIfFree && ((!aboveData && size.width() > 0.85 * area.width()) ||
                       size.width() > area.width() || size.height() > 0.85 * area.height()))
        return false;
    std::optional<std::size_t> best;
    double least = 0;
    for (std::size_t i = 0; i < m_corners.size(); ++i) {
        const Qt::Alignment corner = m_corners[i];
        const double x = corner & Qt::AlignLeft    ? area.left()
                         : corner & Qt::AlignRight ? area.right() - size.width()
                                                   : area.center().x() - size.width() / 2;
        const double y = corner & Qt::AlignTop ? area.top() : area.bottom() - size.height();
        const double hidden = hiddenAt(QRectF(QPointF(x, y), size));
        // Ties (within a pixel) keep the earlier, conventional corner.
        if (!best || hidden < least - 1) {
            best = i;
            least = hidden;
        }
        if (hidden == 0)
            break;
    }
    if (onlyIfFree && least > 0)
        return placeAlongEdges();
    putInside(m_plot, m_corners[*best]);
    PlotStyle::layOutAgain(m_plot);
    return true;
}

bool LegendLayout::placeAlongEdges() {
    // As matplotlib's "best" does: places between the corners, along the top and the bottom
    // edge, where a gap between curves leaves room. The inset keeps the legend off the frame
    // by its margins, as in a corner.
    const QCPLayoutInset* inset = mainRect(m_plot)->insetLayout();
    const QRectF inner = QRectF(mainRect(m_plot)->rect()).marginsRemoved(inset->margins());
    const QSizeF room(12, 12); // what legendSizeInside adds to the legend's own size
    const QSizeF size =
        PlotStyle::legendSizeInside(m_plot->legend, insideColumns(m_plot->legend)) - room;
    if (inner.width() <= size.width() || inner.height() <= size.height())
        return false;
    constexpr int kSteps = 8;
    for (double y : {inner.top(), inner.bottom() - size.height()})
        for (int step = 1; step < kSteps; ++step) {
            const QRectF legend(
                QPointF(inner.left() + (inner.width() - size.width()) * step / kSteps, y), size);
            if (hiddenAt(legend.adjusted(-room.width() / 2, -room.height() / 2, room.width() / 2,
                                         room.height() / 2)) > 0)
                continue;
            putInsideAt(m_plot,
                        QRectF((legend.left() - inner.left()) / inner.width(),
                               (legend.top() - inner.top()) / inner.height(),
                               size.width() / inner.width(), size.height() / inner.height()));
            PlotStyle::layOutAgain(m_plot);
            return true;
        }
    return false;
}

namespace {

// On a value axis a figure let the legend raise (PlotStyle::letLegendRaiseTop): the range the
// figure set, and the range raised for a legend above the data, while it is shown (see
// placeAboveData).
constexpr char kNaturalRange[] = "wbRangeBeforeLegend";
constexpr char kRaisedRange[] = "wbRangeForLegend";
// The most of the rect's height a legend above the data may take: the data keep half.
constexpr double kMostRaisedShare = 0.5;
// The most entries side by side in a legend above the data.
constexpr int kMostInsideColumns = 3;

QCPAxis* valueAxisOf(QCustomPlot* plot) {
    QCPAxis* axis = mainRect(plot)->axis(QCPAxis::atLeft);
    return axis && axis->property(PlotStyle::kLegendMayRaiseTop).toBool() &&
                   (axis->scaleType() == QCPAxis::stLinear || axis->range().lower > 0)
               ? axis
               : nullptr;
}

// The range from `natural`'s bottom whose top leaves the data's `top` at `share` of the
// axis' length, on the axis' scale.
QCPRange raisedRange(const QCPAxis* axis, const QCPRange& natural, double top, double share) {
    if (axis->scaleType() == QCPAxis::stLogarithmic)
        return {natural.lower, natural.lower * std::pow(top / natural.lower, 1 / share)};
    return {natural.lower, natural.lower + (top - natural.lower) / share};
}

// The value axis back at the range its figure set, when it shows the range raised for the
// legend (a new range from the figure, or the user's, stays).
void lowerToNaturalRange(QCustomPlot* plot) {
    QCPAxis* axis = mainRect(plot)->axis(QCPAxis::atLeft);
    if (!axis)
        return;
    const QVariant raised = axis->property(kRaisedRange);
    const QPointF shown(axis->range().lower, axis->range().upper);
    if (raised.isValid() && raised.toPointF() == shown) {
        const QPointF natural = axis->property(kNaturalRange).toPointF();
        axis->setRange(natural.x(), natural.y());
    }
    axis->setProperty(kRaisedRange, QVariant());
    axis->setProperty(kNaturalRange, QVariant());
}

} // namespace

bool LegendLayout::placeAboveData() {
    // As matplotlib users do by hand: the value axis raised just enough for the legend to sit
    // in a top corner above the data, its entries side by side where the rect is wide enough
    // (fewer rows take less of the data's height), rather than rows of its own taking the
    // figure's height.
    QCPAxis* axis = valueAxisOf(m_plot);
    const QRect area = mainRect(m_plot)->rect();
    if (!axis || area.height() <= 0)
        return false;
    QCPLegend* legend = m_plot->legend;
    int columns = std::min(kMostInsideColumns, std::max(legend->itemCount(), 1));
    while (columns > 1 && PlotStyle::legendSizeInside(legend, columns).width() > area.width())
        --columns;
    const QSizeF size = PlotStyle::legendSizeInside(legend, columns);
    const std::optional<double> top = PlotStyle::dataTop(axis);
    if (!top || (axis->scaleType() == QCPAxis::stLogarithmic && *top <= 0) ||
        size.height() > kMostRaisedShare * area.height())
        return false;
    const QCPRange natural = axis->range();
    // The data's top lands the legend's height (and the room to its frame) below the rect's,
    // and a pixel more: a line along the legend's edge would count as hidden.
    const QCPRange raised =
        raisedRange(axis, natural, *top, 1 - (size.height() + 2) / area.height());
    if (raised.upper <= natural.upper)
        return false; // raising does not help: the legend covers data below the top
    legend->setProperty(kInsideColumns, columns);
    axis->setRange(raised);
    PlotStyle::layOutAgain(m_plot);
    if (!placeInsideBest(true)) {
        legend->setProperty(kInsideColumns, QVariant());
        putInside(m_plot, m_corners.front()); // one column again
        axis->setRange(natural);
        PlotStyle::layOutAgain(m_plot);
        return false;
    }
    // Kept as (lower, upper) points: QCPRange is no QVariant type.
    axis->setProperty(kNaturalRange, QPointF(natural.lower, natural.upper));
    axis->setProperty(kRaisedRange, QPointF(raised.lower, raised.upper));
    return true;
}

bool LegendLayout::dataKeepsShare() const {
    const QRect figure = m_plot->viewport();
    double height = 0;
    for (QCPAxisRect* rect : m_plot->axisRects())
        if (rect->visible())
            height += rect->height();
    const QRect legend = m_plot->legend->outerRect();
    return height >= kDataShare * figure.height() - 0.5 &&
           mainRect(m_plot)->width() >= kDataShare * figure.width() - 0.5 &&
           figure.contains(legend);
}

// The axis rects' area together, in layout units squared.
double LegendLayout::dataArea() const {
    double area = 0;
    for (QCPAxisRect* rect : m_plot->axisRects())
        if (rect->visible())
            area += double(rect->width()) * rect->height();
    return area;
}

QString LegendLayout::stateKey() const {
    const QCPAxisRect* rect = mainRect(m_plot);
    const auto range = [](const QCPAxis* axis) {
        return QStringLiteral("%1,%2")
            .arg(axis->range().lower, 0, 'g', 17)
            .arg(axis->range().upper, 0, 'g', 17);
    };
    int points = 0;
    for (int i = 0; i < m_plot->plottableCount(); ++i)
        if (const QCPPlottableInterface1D* data = m_plot->plottable(i)->interface1D())
            points += data->dataCount();
    const QRect viewport = m_plot->viewport();
    return QStringLiteral("%1 %2x%3 %4 %5 %6 %7 %8 %9 %10")
               .arg(static_cast<int>(m_place))
               .arg(viewport.width())
               .arg(viewport.height())
               .arg(range(rect->axis(QCPAxis::atBottom)), range(rect->axis(QCPAxis::atLeft)))
               .arg(m_plot->plottableCount())
               .arg(points)
               .arg(m_plot->legend->itemCount())
               .arg(m_plot->legend->visible())
               .arg(m_mayLeave ? m_mayLeave() : true) +
           m_plot->xAxis->tickLabelFont().toString(); // an export's own font
}

bool LegendLayout::arrange() {
    QCPLegend* legend = m_plot->legend;
    if (m_arranging || m_plot->viewport().isEmpty())
        return false;
    const QString key = stateKey();
    if (key == m_arranged)
        return false;
    m_arranging = true;
    const QCPLayout* holderBefore = legend->layout();
    const QString sideBefore = legendSide(legend);
    const auto cornerOf = [this] {
        QCPLayoutInset* inset = mainRect(m_plot)->insetLayout();
        const int index = inset->elements(false).indexOf(m_plot->legend);
        return index >= 0 ? inset->insetAlignment(index) : Qt::Alignment();
    };
    const Qt::Alignment cornerBefore = cornerOf();
    if (m_mayLeave()) { // the legend's place is chosen again, from the figure's own range
        lowerToNaturalRange(m_plot);
        legend->setProperty(kInsideColumns, QVariant());
        if (isInside(m_plot))
            putInside(m_plot, cornerBefore); // one column
    }
    if (m_place == LegendPlace::None) {
        if (legend->visible()) {
            legend->setVisible(false);
            legend->setProperty("wbLegendHiddenByChoice", true);
        }
    } else if (legend->property("wbLegendHiddenByChoice").toBool()) {
        legend->setVisible(true);
        legend->setProperty("wbLegendHiddenByChoice", QVariant());
    }
    if (legend->visible()) {
        switch (m_place) {
        case LegendPlace::Inside:
            placeInsideBest(false);
            break;
        case LegendPlace::Right:
            putRight(m_plot);
            break;
        case LegendPlace::Below:
            putInRows(m_plot, true);
            break;
        case LegendPlace::None:
            break;
        case LegendPlace::Auto:
            arrangeAutomatically();
            break;
        }
    }
    m_arranging = false;
    m_arranged = stateKey();
    const bool moved = legend->layout() != holderBefore || legendSide(legend) != sideBefore ||
                       cornerOf() != cornerBefore;
    PlotStyle::layOutAgain(m_plot);
    return moved;
}

void LegendLayout::arrangeAutomatically() {
    if (m_keepInHome) {
        putInside(m_plot, m_corners.front());
        PlotStyle::layOutAgain(m_plot);
        return;
    }
    if (!m_mayLeave()) { // the user is navigating: the legend keeps its side
        if (isInside(m_plot))
            placeInsideBest(false);
        return;
    }
    if (placeInsideBest(true) || placeAboveData())
        return;
    // Below in as few rows as fit, else to the right if that leaves the data its share and
    // no less area than below; below again otherwise (the legend's font has shrunk as far as
    // it goes then).
    putInRows(m_plot, true);
    PlotStyle::relayout(m_plot);
    if (dataKeepsShare())
        return;
    const double areaBelow = dataArea();
    putRight(m_plot);
    PlotStyle::relayout(m_plot);
    if (dataKeepsShare() && dataArea() >= areaBelow)
        return;
    putInRows(m_plot, true);
    PlotStyle::relayout(m_plot);
}

QString LegendLayout::sideOf(const QCustomPlot* plot) {
    return legendSide(plot->legend);
}

QString LegendLayout::nameOf(LegendPlace place) {
    return names().value(static_cast<int>(place));
}

QStringList LegendLayout::names() {
    return {QStringLiteral("auto"), QStringLiteral("inside"), QStringLiteral("right"),
            QStringLiteral("below"), QStringLiteral("none")};
}

LegendPlace LegendLayout::fromName(const QString& name, bool* ok) {
    const auto index = static_cast<int>(names().indexOf(name));
    if (ok)
        *ok = index >= 0;
    return index >= 0 ? static_cast<LegendPlace>(index) : LegendPlace::Auto;
}

double LegendLayout::dataIn(QCustomPlot* plot, const QRectF& box) {
    const QCPAxisRect* main = mainRect(plot);
    double hidden = 0;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* plottable = plot->plottable(i);
        if (!plottable->visible() || !plottable->keyAxis() ||
            plottable->keyAxis()->axisRect() != main)
            continue;
        if (const auto* graph = qobject_cast<const QCPGraph*>(plottable))
            hidden += graphIn(graph, box);
        else if (QCPPlottableInterface1D* data = plottable->interface1D())
            hidden += 10.0 * data->selectTestRect(box, false).dataPointCount();
    }
    // Labels drawn on the data (a bar's mean, a percentile marker's value) are data too.
    for (int i = 0; i < plot->itemCount(); ++i) {
        const auto* text = qobject_cast<const QCPItemText*>(plot->item(i));
        if (!text || !text->visible() || text->clipAxisRect() != main)
            continue;
        const QRectF drawn(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition());
        const QRectF overlap = drawn.normalized().intersected(box);
        if (!overlap.isEmpty())
            hidden += overlap.width() + overlap.height();
    }
    return hidden;
}

} // namespace wb
