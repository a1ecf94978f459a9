#include "LaneTitles.h"

#include "LegendLayout.h"
#include "PlotStyle.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <optional>

namespace wb {

namespace {

// On a lane's value axis: the range its figure set, and the one raised for the title inside,
// while it is shown; (lower, upper) points, as QCPRange is no QVariant type.
constexpr char kTitleNaturalRange[] = "wbRangeBeforeTitle";
constexpr char kTitleRaisedRange[] = "wbRangeForTitle";
// Between the title and the lane's frame, and between the title and the data, in pixels.
constexpr double kInset = 2;
// The least figure width (layout units, 1/96 in) whose titles may be turned on the axes.
constexpr int kLeastWidthForTurnedTitles = 480;
// What PlotStyle::legendSizeInside adds to a legend's size for its distance to the data.
constexpr double kLegendRoom = 12;

QCPAxis* valueAxis(QCPAxisRect* lane) {
    return lane->axis(QCPAxis::atLeft);
}

QPointF pointOf(const QCPRange& range) {
    return {range.lower, range.upper};
}

} // namespace

LaneTitles::LaneTitles(QCustomPlot* plot, std::vector<QCPAxisRect*> lanes)
    : m_plot(plot), m_lanes(std::move(lanes)), m_topMarks(m_lanes.size()) {
    QObject::connect(m_plot, &QCustomPlot::afterLayout, m_plot, [this] { fit(); });
}

void LaneTitles::setTitles(const QStringList& titles) {
    m_titles = titles;
    m_items.clear();
    for (std::size_t lane = 0; lane < m_lanes.size(); ++lane) {
        QCPAxisRect* rect = m_lanes[lane];
        auto* item = new QCPItemText(m_plot);
        item->setClipAxisRect(rect);
        item->position->setAxisRect(rect);
        item->position->setType(QCPItemPosition::ptAxisRectRatio);
        item->position->setCoords(0, 0);
        item->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        item->setTextAlignment(Qt::AlignLeft);
        item->setPadding(QMargins(3, 1, 3, 1));
        item->setSelectable(false);
        item->setVisible(false);
        m_items.emplace_back(item);
    }
    m_inside = false;
    for (std::size_t lane = 0; lane < m_lanes.size(); ++lane)
        valueAxis(m_lanes[lane])->setLabel(m_titles.value(static_cast<int>(lane)));
}

QCPItemText* LaneTitles::insideTitle(int lane) const {
    return m_inside && lane >= 0 && lane < static_cast<int>(m_items.size()) ? m_items[lane].data()
                                                                            : nullptr;
}

bool LaneTitles::fitOnAxes() const {
    // Titles turned on the axes take a line's width from every lane: a paper column's figure
    // keeps it for the data.
    if (m_plot->viewport().width() < kLeastWidthForTurnedTitles)
        return false;
    QFont smallest = PlotStyle::labelFont();
    smallest.setPointSizeF(PlotStyle::kSmallestPointSize);
    for (std::size_t lane = 0; lane < m_lanes.size(); ++lane) {
        const QString first =
            m_titles.value(static_cast<int>(lane)).section(QLatin1Char('\n'), 0, 0);
        if (PlotStyle::widestLine(first, smallest) > m_lanes[lane]->rect().height())
            return false;
    }
    return true;
}

double LaneTitles::topBand(int lane, bool titleInside) const {
    double band = 0;
    if (const QCPItemText* title = m_items[static_cast<std::size_t>(lane)]; titleInside && title) {
        // Room for a title at the plot's own title size, whatever size it is fitted to in
        // this pass: every layout of the same size draws the same range.
        band = QFontMetricsF(PlotStyle::labelFont()).height() + title->padding().top() +
               title->padding().bottom();
    }
    QCPLegend* legend = m_plot->legend;
    if (lane == m_legendLane && legend->visible() &&
        LegendLayout::isIn(m_plot, m_lanes[static_cast<std::size_t>(lane)]))
        // The legend's own height: it lies in the corner, without the room a framed legend
        // keeps to the data.
        band = std::max(
            band,
            PlotStyle::legendSizeInside(legend, LegendLayout::insideColumns(legend)).height() -
                kLegendRoom);
    return band;
}

bool LaneTitles::fitLegendBesideTitle() {
    QCPLegend* legend = m_plot->legend;
    if (m_legendLane < 0 || !legend->visible() ||
        !LegendLayout::isIn(m_plot, m_lanes[static_cast<std::size_t>(m_legendLane)]))
        return false;
    double room = m_lanes[static_cast<std::size_t>(m_legendLane)]->rect().width();
    if (const QCPItemText* title = m_items[static_cast<std::size_t>(m_legendLane)];
        m_inside && title)
        room -= PlotStyle::widestLine(title->text(), title->font()) + title->padding().left() +
                title->padding().right() + kInset;
    const int entries = std::max(PlotStyle::legendEntryCount(legend), 1);
    int columns = entries;
    while (columns > 1 && PlotStyle::legendSizeInside(legend, columns).width() - kLegendRoom > room)
        --columns;
    // As few rows as fit, their entries shared out evenly: 3 + 2 rather than 4 + 1.
    const int rows = (entries + columns - 1) / columns;
    columns = (entries + rows - 1) / rows;
    if (columns == LegendLayout::insideColumns(legend))
        return false;
    LegendLayout::setInsideColumns(legend, columns);
    LegendLayout::putInside(m_plot, Qt::AlignTop | Qt::AlignRight);
    return true;
}

void LaneTitles::setTopMarks(int lane, QCPAxis* axis) {
    m_topMarks.at(static_cast<std::size_t>(lane)) = axis;
}

void LaneTitles::raiseBelowTitle(int lane, bool raise) {
    QCPAxis* axis = valueAxis(m_lanes[static_cast<std::size_t>(lane)]);
    const QVariant raised = axis->property(kTitleRaisedRange);
    const bool showsRaised = raised.isValid() && raised.toPointF() == pointOf(axis->range());
    // The figure's range: the one before raising while the raised one is shown; else what the
    // figure (or the user) set since.
    const QCPRange natural = showsRaised
                                 ? QCPRange(axis->property(kTitleNaturalRange).toPointF().x(),
                                            axis->property(kTitleNaturalRange).toPointF().y())
                                 : axis->range();
    QCPRange shown = natural;
    const std::optional<double> top = PlotStyle::dataTop(axis);
    const double band = topBand(lane, raise);
    const double height = m_lanes[static_cast<std::size_t>(lane)]->rect().height();
    if (QCPAxis* marks = m_topMarks[static_cast<std::size_t>(lane)]) {
        const double clear = height - band - kInset;
        marks->setRange(0, band > 0 && clear > 0.15 * height ? height / clear : 1.0);
    }
    if (band > 0 && top && axis->property(PlotStyle::kLegendMayRaiseTop).toBool() &&
        axis->scaleType() == QCPAxis::stLinear && height > 0) {
        const double share = 1 - (band + kInset) / height;
        const double upper = natural.lower + (*top - natural.lower) / share;
        if (share > 0.15 && upper > natural.lower && upper > 0) {
            // From the data's top alone, whatever the axis shows now, and rounded up to two
            // significant digits: a pixel more or less of lane height between layout passes
            // (a legend's rows fitted again) draws the same range.
            const double unit = std::pow(10.0, std::floor(std::log10(upper)) - 1);
            shown.upper = std::ceil(upper / unit - 1e-9) * unit;
        }
    }
    if (shown == natural) {
        if (showsRaised)
            axis->setRange(natural);
        axis->setProperty(kTitleRaisedRange, QVariant());
        axis->setProperty(kTitleNaturalRange, QVariant());
        return;
    }
    axis->setRange(shown);
    axis->setProperty(kTitleNaturalRange, pointOf(natural));
    axis->setProperty(kTitleRaisedRange, pointOf(shown));
}

void LaneTitles::fit() {
    if (m_fitting || m_items.size() != m_lanes.size() ||
        std::any_of(m_items.begin(), m_items.end(), [](const auto& item) { return !item; }))
        return;
    m_fitting = true;
    const bool inside = !fitOnAxes();
    // One size for every title of the figure: the time axis' (fitted by PlotStyle).
    const QFont font = m_lanes.back()->axis(QCPAxis::atBottom)->labelFont();
    for (std::size_t lane = 0; lane < m_lanes.size(); ++lane) {
        QCPAxis* axis = valueAxis(m_lanes[lane]);
        const QString title = m_titles.value(static_cast<int>(lane));
        QCPItemText* item = m_items[lane];
        if (inside) {
            if (!axis->label().isEmpty())
                axis->setLabel(QString());
            item->setText(QString(title).replace(QLatin1Char('\n'), QStringLiteral(", ")));
            item->setFont(font);
            item->setColor(axis->labelColor());
            item->setVisible(true);
        } else {
            item->setVisible(false);
            // PlotStyle keeps the title's own text while it shows a fitted one.
            if (axis->label().isEmpty())
                axis->setLabel(title);
        }
    }
    m_inside = inside;
    // The items' positions follow the new margins only after another layout.
    PlotStyle::layOutAgain(m_plot);
    // To the lane's width with the titles where they are now.
    if (fitLegendBesideTitle())
        PlotStyle::layOutAgain(m_plot);
    // Raised to the lanes' heights, which the relayout (a legend moving) may change: again
    // until the ranges hold, so that the next layout of the same size draws the same ranges.
    for (int round = 0; round < 3; ++round) {
        std::vector<QCPRange> before;
        for (QCPAxisRect* lane : m_lanes)
            before.push_back(valueAxis(lane)->range());
        for (std::size_t lane = 0; lane < m_lanes.size(); ++lane)
            raiseBelowTitle(static_cast<int>(lane), inside);
        PlotStyle::relayout(m_plot);
        bool held = true;
        for (std::size_t lane = 0; lane < m_lanes.size(); ++lane)
            held = held && valueAxis(m_lanes[lane])->range() == before[lane];
        if (held)
            break;
    }
    m_fitting = false;
}

} // namespace wb
