#include "CompareFigures.h"

#include "ConfidenceBars.h"
#include "PlotStyle.h"
#include "report/LatencyReport.h"
#include "stats/CdfReducer.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

constexpr double kMbitPerBit = 1e-6; // bit/s to Mbit/s
// Points a CDF keeps: a few per pixel column of the widest plot the tab gets.
constexpr int kCdfColumns = 1200;
// A log RTT axis when the slowest sample is this many times the fastest: an idle run (µs)
// beside a loaded one (ms) is otherwise a vertical line at 0.
constexpr double kLogXSpan = 30;
// The strip of one side spreads its flows over this share of the slot, in flow order.
constexpr double kStripWidth = 0.44;
constexpr double kMeanOffset = 0.36; // where the mean and its CI stand beside the strip

QString sideName(const QString& which, const CompareFigures::Side& side) {
    return QStringLiteral("%1: %2").arg(which, side.label);
}

QCPGraph* pointGraph(QCustomPlot* plot, const QColor& color, QCPScatterStyle::ScatterShape shape,
                     double size) {
    QCPGraph* graph = plot->addGraph();
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(QCPScatterStyle(shape, color.darker(115), color, size));
    graph->removeFromLegend();
    return graph;
}

void zeroLine(QCustomPlot* plot) {
    auto* line = new QCPItemStraightLine(plot);
    line->point1->setCoords(0, 0);
    line->point2->setCoords(1, 0);
    line->setPen(QPen(QColor(120, 120, 120), 1, Qt::DashLine));
}

// The value range of points with their intervals, padded; `floor` is always included.
QCPRange paddedRange(const std::vector<double>& values,
                     const std::vector<ConfidenceInterval>& intervals, double scale, double floor) {
    double lo = floor;
    double hi = floor;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i]))
            continue;
        lo = std::min(lo, values[i]);
        hi = std::max(hi, values[i]);
        if (i < intervals.size() && intervals[i].valid()) {
            lo = std::min(lo, intervals[i].low * scale);
            hi = std::max(hi, intervals[i].high * scale);
        }
    }
    const double pad = hi > lo ? 0.08 * (hi - lo) : std::max(0.05, std::fabs(hi) * 0.1);
    return {lo - pad, hi + pad};
}

} // namespace

CompareFigures::CompareFigures(QCustomPlot* main, QCustomPlot* side, QObject* parent)
    : QObject(parent), m_main(main), m_side(side) {
    for (QCustomPlot* plot : {m_main, m_side})
        PlotStyle::apply(plot);
    // Category names break to their slots' width once the plots are laid out.
    connect(m_main, &QCustomPlot::afterLayout, this, [this] {
        if (m_mainHasCategories)
            m_mainLabels.fit(m_main);
    });
    connect(m_side, &QCustomPlot::afterLayout, this, [this] {
        if (m_sideHasCategories)
            m_sideLabels.fit(m_side);
    });
    reset();
}

void CompareFigures::reset() {
    for (QCustomPlot* plot : {m_main, m_side}) {
        plot->clearGraphs();
        plot->clearPlottables();
        plot->clearItems();
        plot->legend->setVisible(false);
        PlotStyle::placeLegendInside(plot, Qt::AlignTop | Qt::AlignLeft);
        PlotStyle::setLogScale(plot->xAxis, false);
        plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        plot->xAxis->setTickLabelRotation(0);
        plot->xAxis->setLabel({});
        plot->yAxis->setLabel({});
    }
    m_cdf[0] = m_cdf[1] = nullptr;
    m_points[0] = m_points[1] = nullptr;
    m_jain = nullptr;
    m_ksSegment = nullptr;
    m_ksLabel = nullptr;
    m_mainHasCategories = m_sideHasCategories = false;
}

void CompareFigures::clear() {
    reset();
    m_main->replot();
    m_side->replot();
}

void CompareFigures::drawCdf(int side, const std::vector<double>& sorted, const Side& look,
                             double xMin, double xMax, bool logX) {
    const CdfReducer::Points points = CdfReducer::reduce(
        sorted, xMin, xMax, kCdfColumns, logX ? CdfReducer::Scale::Log : CdfReducer::Scale::Linear);
    QCPGraph* graph = m_main->addGraph();
    graph->setName(sideName(side == 0 ? QStringLiteral("A") : QStringLiteral("B"), look));
    graph->setPen(QPen(look.color, PlotStyle::lineWidth(1.4)));
    graph->setLineStyle(QCPGraph::lsStepLeft); // F(x) holds from x to the next sample
    graph->setData(QVector<double>(points.x.begin(), points.x.end()),
                   QVector<double>(points.y.begin(), points.y.end()), true);
    m_cdf[side] = graph;
}

QString CompareFigures::pooledRunsNote() {
    return tr("pooled samples, runs treated as independent");
}

namespace {

// An axis label, followed by what the samples are when they pool runs.
QString withLevel(const QString& label, bool pooledRuns) {
    return pooledRuns ? QStringLiteral("%1; %2").arg(label, CompareFigures::pooledRunsNote())
                      : label;
}

} // namespace

void CompareFigures::showLatency(const LatencyComparison& c, const std::vector<double>& sortedA,
                                 const std::vector<double>& sortedB, const Side& a, const Side& b,
                                 bool pooledRuns) {
    reset();
    // Overlaid CDFs with the KS distance where it is reached.
    if (!sortedA.empty() && !sortedB.empty()) {
        const double xMin = std::min(sortedA.front(), sortedB.front());
        const double xMax = std::max(sortedA.back(), sortedB.back());
        const bool logX = xMin > 0 && xMax / xMin > kLogXSpan;
        PlotStyle::setLogScale(m_main->xAxis, logX);
        drawCdf(0, sortedA, a, xMin, xMax, logX);
        drawCdf(1, sortedB, b, xMin, xMax, logX);
        if (logX)
            m_main->xAxis->setRange(xMin / 1.3, xMax * 1.3);
        else
            m_main->xAxis->setRange(xMin - 0.03 * (xMax - xMin), xMax + 0.03 * (xMax - xMin));
        if (std::isfinite(c.ks.statistic)) {
            m_ksSegment = new QCPItemLine(m_main);
            m_ksSegment->start->setCoords(c.ks.location, c.ks.cdfA);
            m_ksSegment->end->setCoords(c.ks.location, c.ks.cdfB);
            m_ksSegment->setPen(QPen(Qt::black, PlotStyle::lineWidth(2.0)));
            m_ksSegment->setHead(QCPLineEnding(QCPLineEnding::esBar, 8));
            m_ksSegment->setTail(QCPLineEnding(QCPLineEnding::esBar, 8));
            m_ksLabel = new QCPItemText(m_main);
            m_ksLabel->position->setCoords(c.ks.location, (c.ks.cdfA + c.ks.cdfB) / 2);
            m_ksLabel->setText(tr("D = %1\nat %2 ms")
                                   .arg(QString::number(c.ks.statistic, 'f', 3),
                                        QString::number(c.ks.location, 'g', 4)));
            m_ksLabel->setFont(PlotStyle::labelFont());
            m_ksLabel->setBrush(QColor(255, 255, 255, 220));
            m_ksLabel->setPadding(QMargins(4, 2, 4, 2));
            // Beside the segment, on the side with more room.
            const double share = logX ? std::log(c.ks.location / xMin) / std::log(xMax / xMin)
                                      : (xMax > xMin ? (c.ks.location - xMin) / (xMax - xMin) : 0);
            const bool textLeft = share > 0.6;
            m_ksLabel->setPositionAlignment((textLeft ? Qt::AlignRight : Qt::AlignLeft) |
                                            Qt::AlignVCenter);
            m_ksLabel->setTextAlignment(Qt::AlignLeft);
        }
    }
    m_main->xAxis->setLabel(withLevel(tr("RTT (ms)"), pooledRuns));
    m_main->yAxis->setLabel(tr("fraction of samples ≤ x"));
    m_main->yAxis->setRange(0, 1.02);
    m_main->legend->setVisible(true);
    PlotStyle::placeLegendAbove(m_main); // the curves fill the axis rect: never over them

    // B − A at each compared level, with the CI of the difference where there is one.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    std::vector<double> keys;
    std::vector<double> values;
    std::vector<ConfidenceInterval> intervals;
    for (const LatencyComparison::Level& level : c.percentiles) {
        keys.push_back(static_cast<double>(keys.size()));
        values.push_back(level.value.diff);
        const LatencyComparison::Interval* interval = c.interval(level.level);
        intervals.push_back(interval ? interval->diff : ConfidenceInterval{});
        ticker->addTick(keys.back(), QStringLiteral("p") + LatencyReport::levelName(level.level));
    }
    m_side->xAxis->setTicker(ticker);
    m_side->xAxis->grid()->setZeroLinePen(Qt::NoPen); // key 0 is p0, not a zero
    zeroLine(m_side);
    const QColor ink(40, 40, 40);
    m_points[0] = pointGraph(m_side, ink, QCPScatterStyle::ssDisc, 6);
    m_points[0]->setName(tr("B − A"));
    m_points[0]->setData(QVector<double>(keys.begin(), keys.end()),
                         QVector<double>(values.begin(), values.end()), true);
    ConfidenceBars::attach(m_points[0], values, intervals, 1, ink);
    m_side->xAxis->setRange(-0.6, static_cast<double>(keys.size()) - 0.4);
    m_side->yAxis->setRange(paddedRange(values, intervals, 1, 0));
    m_side->xAxis->setLabel(
        withLevel(tr("percentile; bars: %1 % bootstrap CI of B − A")
                      .arg(QString::number(100 * c.options.bootstrap.confidence, 'g', 3)),
                  pooledRuns));
    m_side->yAxis->setLabel(tr("B − A (ms)"));
    m_main->replot();
    m_side->replot();
}

void CompareFigures::showThroughput(const ThroughputComparison& c, const Side& a, const Side& b,
                                    bool pooledRuns) {
    reset();
    const std::vector<double>* flows[2] = {&c.flowBitsPerSecondA, &c.flowBitsPerSecondB};
    const ConfidenceInterval* meanIntervals[2] = {&c.meanIntervalA, &c.meanIntervalB};
    const double means[2] = {c.meanFlowBitsPerSecond.a, c.meanFlowBitsPerSecond.b};
    const Side* sides[2] = {&a, &b};
    double top = 0;
    std::vector<CategoryAxisLabels::Category> categories;
    for (int side = 0; side < 2; ++side) {
        const double key = side + 1;
        const std::vector<double>& values = *flows[side];
        QVector<double> keys;
        QVector<double> mbits;
        for (std::size_t i = 0; i < values.size(); ++i) {
            const double position =
                (static_cast<double>(i) + 0.5) / static_cast<double>(values.size());
            keys << key - kStripWidth / 2 - 0.08 + kStripWidth * position;
            mbits << values[i] * kMbitPerBit;
            top = std::max(top, values[i] * kMbitPerBit);
        }
        m_points[side] = pointGraph(m_main, sides[side]->color, QCPScatterStyle::ssCircle, 6);
        m_points[side]->setName(sides[side]->label);
        m_points[side]->setData(keys, mbits); // flow order, not sorted by key
        if (std::isfinite(means[side])) {
            QCPGraph* mean =
                pointGraph(m_main, sides[side]->color.darker(140), QCPScatterStyle::ssDiamond, 9);
            mean->setName(tr("mean"));
            mean->setData({key + kMeanOffset}, {means[side] * kMbitPerBit});
            ConfidenceBars::attach(mean, {means[side] * kMbitPerBit}, {*meanIntervals[side]},
                                   kMbitPerBit, sides[side]->color.darker(140));
            if (meanIntervals[side]->valid())
                top = std::max(top, meanIntervals[side]->high * kMbitPerBit);
        }
        categories.push_back(
            {sideName(side == 0 ? QStringLiteral("A") : QStringLiteral("B"), *sides[side]),
             tr("%n flow(s); ◆ mean with CI", nullptr, static_cast<int>(values.size())),
             tr("%n flow(s)", nullptr, static_cast<int>(values.size()))});
    }
    m_mainLabels.setCategories(categories);
    m_mainHasCategories = true;
    m_main->xAxis->setRange(0.5, 2.5);
    m_main->yAxis->setRange(0, top > 0 ? top * 1.08 : 1);
    m_main->yAxis->setLabel(tr("per-flow throughput (Mbit/s)"));
    // Under the sides' names, which take the lines they need first (fit()).
    m_mainLabels.setTitle(pooledRuns ? tr("every flow of a side's runs; %1").arg(pooledRunsNote())
                                     : QString(),
                          pooledRuns ? pooledRunsNote() : QString());

    // Jain's index of each side with its CI.
    const QColor ink(40, 40, 40);
    m_jain = pointGraph(m_side, ink, QCPScatterStyle::ssDisc, 7);
    m_jain->setName(tr("Jain's fairness index"));
    const std::vector<double> jain{c.jainFairness.a, c.jainFairness.b};
    const std::vector<ConfidenceInterval> jainIntervals{c.jainIntervalA, c.jainIntervalB};
    m_jain->setData({1, 2}, {jain[0], jain[1]}, true);
    ConfidenceBars::attach(m_jain, jain, jainIntervals, 1, ink);
    std::vector<CategoryAxisLabels::Category> sideCategories;
    for (int side = 0; side < 2; ++side) {
        auto* text = new QCPItemText(m_side);
        text->position->setCoords(side + 1.12, jain[static_cast<std::size_t>(side)]);
        text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        text->setFont(PlotStyle::labelFont());
        text->setText(QStringLiteral("%1 %2").arg(
            QString::number(jain[static_cast<std::size_t>(side)], 'f', 3),
            ConfidenceBars::text(jainIntervals[static_cast<std::size_t>(side)], 1, 3)));
        sideCategories.push_back({side == 0 ? QStringLiteral("A") : QStringLiteral("B"), {}, {}});
    }
    m_sideLabels.setCategories(sideCategories);
    m_sideHasCategories = true;
    m_side->xAxis->setRange(0.5, 2.9);
    QCPRange range = paddedRange(jain, jainIntervals, 1, jain[0]);
    range.upper = std::max(range.upper, std::min(1.02, range.upper + 0.01));
    m_side->yAxis->setRange(range);
    m_side->yAxis->setLabel(tr("Jain's index"));
    m_side->xAxis->setLabel(
        withLevel(tr("bars: %1 % bootstrap CI (flows resampled)")
                      .arg(QString::number(100 * c.options.bootstrap.confidence, 'g', 3)),
                  pooledRuns));
    m_main->replot();
    m_side->replot();
}

} // namespace wb
