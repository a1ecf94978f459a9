#include "SweepFigure.h"

#include "PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

constexpr double kPointDiameter = 6; // pixels
// Read-outs name a point this near the mouse, in pixels; further away they would guess.
constexpr double kReadoutReach = 24;
// The share of a linear axis' span, or of a log axis' decades, left free beyond the data.
constexpr double kLinearPad = 0.05;
constexpr double kLogPad = 0.06;
const QColor kIdentityColor(120, 120, 120);

struct ValueSpan {
    double min = 0;
    double max = 0;
    bool valid = false;

    void add(double value, bool positiveOnly) {
        if (!std::isfinite(value) || (positiveOnly && value <= 0))
            return;
        min = valid ? std::min(min, value) : value;
        max = valid ? std::max(max, value) : value;
        valid = true;
    }
    void add(const ValueSpan& other) {
        if (other.valid) {
            add(other.min, false);
            add(other.max, false);
        }
    }
};

// The axis' range for an extent: padded by a share of its span (of its decades on a log axis).
QCPRange rangeOf(const ValueSpan& extent, bool log) {
    if (!extent.valid)
        return log ? QCPRange(0.1, 10) : QCPRange(0, 1);
    if (log) {
        const double decades = std::log10(extent.max / extent.min);
        const double pad = std::pow(10.0, std::max(kLogPad * decades, 0.05));
        return {extent.min / pad, extent.max * pad};
    }
    const double span = extent.max - extent.min;
    const double pad = span > 0 ? kLinearPad * span : std::max(0.1 * std::abs(extent.max), 0.5);
    return {extent.min - pad, extent.max + pad};
}

bool drawable(double value, bool log) {
    return std::isfinite(value) && (!log || value > 0);
}

} // namespace

QJsonObject SweepFigure::Options::toSettings() const {
    QJsonObject settings;
    if (logX) // else chosen by the data again when read
        settings.insert(QStringLiteral("logX"), *logX);
    if (logY)
        settings.insert(QStringLiteral("logY"), *logY);
    return settings;
}

SweepFigure::Options SweepFigure::Options::fromSettings(const QJsonObject& settings) {
    Options options;
    if (settings.value(QStringLiteral("logX")).isBool())
        options.logX = settings.value(QStringLiteral("logX")).toBool();
    if (settings.value(QStringLiteral("logY")).isBool())
        options.logY = settings.value(QStringLiteral("logY")).toBool();
    return options;
}

SweepFigure::SweepFigure(QCustomPlot* plot) : m_plot(plot) {
    PlotStyle::apply(m_plot);
    m_plot->setInteraction(QCP::iSelectLegend, false);
    m_plot->legend->setVisible(false);
    updateAxes();
    resetRanges();
}

bool SweepFigure::spansDecades(const std::vector<double>& values) {
    ValueSpan extent;
    for (double value : values) {
        if (!std::isfinite(value))
            continue;
        if (value <= 0)
            return false;
        extent.add(value, true);
    }
    return extent.valid && extent.max >= 100 * extent.min;
}

void SweepFigure::updateAxes() {
    m_plot->xAxis->setLabel(m_data.configuredTitle);
    m_plot->yAxis->setLabel(m_data.measuredTitle);
    PlotStyle::setShortTitle(m_plot->yAxis, m_data.measuredShortTitle);
    for (auto [axis, log] : {std::pair(m_plot->xAxis, m_logX), std::pair(m_plot->yAxis, m_logY)}) {
        PlotStyle::setLogScale(axis, log);
        axis->setNumberFormat(QStringLiteral("g"));
        axis->setNumberPrecision(6);
    }
}

QCPErrorBars* SweepFigure::addBars(QCPGraph* graph, const std::vector<SweepPlotData::Point>& points,
                                   const QColor& color) {
    auto* bars = new QCPErrorBars(graph->keyAxis(), graph->valueAxis());
    bars->removeFromLegend();
    bars->setSelectable(QCP::stNone);
    bars->setDataPlottable(graph);
    bars->setErrorType(QCPErrorBars::etValueError);
    bars->setPen(QPen(color, PlotStyle::lineWidth(0.8)));
    bars->setWhiskerWidth(kPointDiameter);
    bars->setSymbolGap(0);
    QVector<double> minus;
    QVector<double> plus;
    for (const SweepPlotData::Point& point : points) {
        // A bar's low end at or below 0 cannot sit on a log axis: it runs to the axis' foot,
        // which the axis rect clips, as the interval reaches below everything shown.
        const double low = !point.hasBar()            ? point.measured
                           : m_logY && point.low <= 0 ? point.measured * 1e-9
                                                      : point.low;
        minus.push_back(std::max(0.0, point.measured - low));
        plus.push_back(point.hasBar() ? std::max(0.0, point.high - point.measured) : 0.0);
    }
    bars->setData(minus, plus);
    return bars;
}

QString SweepFigure::draw(const SweepPlotData& data, const Options& options) {
    m_data = data;
    m_options = options;
    std::vector<double> configured;
    std::vector<double> measured;
    for (const SweepPlotData::Series& series : data.series)
        for (const SweepPlotData::Point& point : series.points) {
            configured.push_back(point.configured);
            measured.push_back(point.measured);
        }
    m_logX = options.logX.value_or(spansDecades(configured));
    // Where both are the same quantity both axes take the same scale unless told otherwise,
    // so the y = x line is the diagonal and a point's distance from it reads the same across.
    m_logY = options.logY.value_or(data.sameQuantity ? m_logX : spansDecades(measured));
    m_plot->clearPlottables();
    m_graphs.clear();
    m_drawnPoints.clear();
    m_identity = nullptr;
    updateAxes();
    int leftOut = 0;
    int index = 0;
    for (const SweepPlotData::Series& series : data.series) {
        const QColor color =
            PlotStyle::toColor(series.color.isSet ? series.color : SeriesColor::palette(index));
        ++index;
        std::vector<SweepPlotData::Point> drawn;
        for (const SweepPlotData::Point& point : series.points) {
            if (drawable(point.configured, m_logX) && drawable(point.measured, m_logY))
                drawn.push_back(point);
            else
                ++leftOut;
        }
        QCPGraph* graph = m_plot->addGraph();
        graph->setName(series.name);
        graph->setPen(QPen(color, PlotStyle::lineWidth(0.8)));
        graph->setLineStyle(QCPGraph::lsLine);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, kPointDiameter));
        graph->setAdaptiveSampling(false); // a sweep has few points, each a row of the table
        QVector<double> keys;
        QVector<double> values;
        for (const SweepPlotData::Point& point : drawn) {
            keys << point.configured;
            values << point.measured;
        }
        graph->setData(keys, values, true);
        if (drawn.empty())
            graph->removeFromLegend();
        if (std::any_of(drawn.begin(), drawn.end(),
                        [](const SweepPlotData::Point& p) { return p.hasBar(); }))
            addBars(graph, drawn, color);
        m_graphs.push_back(graph);
        m_drawnPoints.push_back(std::move(drawn));
    }
    // The legend names the series; with one there is nothing to tell apart.
    m_plot->legend->setVisible(m_plot->legend->itemCount() >= 2);
    if (data.sameQuantity)
        drawIdentityLine();
    resetRanges();
    if (leftOut == 0)
        return {};
    return tr("%n point(s) left out: unlimited, or at or below 0 on a log axis", nullptr, leftOut);
}

void SweepFigure::resetRanges() {
    ValueSpan x;
    ValueSpan y;
    for (const std::vector<SweepPlotData::Point>& points : m_drawnPoints)
        for (const SweepPlotData::Point& point : points) {
            x.add(point.configured, m_logX);
            y.add(point.measured, m_logY);
            if (point.hasBar()) {
                y.add(point.low, m_logY);
                y.add(point.high, m_logY);
            }
        }
    // One range for both where the y = x line is drawn on one scale: the line is the diagonal.
    if (m_identity && m_logX == m_logY) {
        x.add(y);
        y = x;
    }
    m_plot->xAxis->setRange(rangeOf(x, m_logX));
    m_plot->yAxis->setRange(rangeOf(y, m_logY));
    if (m_identity) { // across both ranges: the axis rect clips it to what it shows
        const double low = std::min(m_plot->xAxis->range().lower, m_plot->yAxis->range().lower);
        const double high = std::max(m_plot->xAxis->range().upper, m_plot->yAxis->range().upper);
        m_identity->setData({low, high}, {low, high}, true);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void SweepFigure::drawIdentityLine() {
    m_identity = m_plot->addGraph();
    m_identity->setName(tr("measured = configured"));
    m_identity->removeFromLegend();
    m_identity->setSelectable(QCP::stNone);
    m_identity->setPen(QPen(kIdentityColor, PlotStyle::lineWidth(0.8), Qt::DashLine));
    m_identity->setLineStyle(QCPGraph::lsLine);
    // Behind the series: the reference, not the data.
    m_identity->setLayer(QStringLiteral("grid"));
}

Readout SweepFigure::readoutAt(const QPointF& pixel) const {
    const SweepPlotData::Point* best = nullptr;
    QString series;
    QPointF at;
    double bestDistance = kReadoutReach;
    for (std::size_t i = 0; i < m_graphs.size(); ++i)
        for (const SweepPlotData::Point& point : m_drawnPoints[i]) {
            const QPointF p(m_plot->xAxis->coordToPixel(point.configured),
                            m_plot->yAxis->coordToPixel(point.measured));
            const double distance = std::hypot(p.x() - pixel.x(), p.y() - pixel.y());
            if (distance <= bestDistance) {
                bestDistance = distance;
                best = &point;
                series = m_graphs[i]->name();
                at = p;
            }
        }
    if (!best)
        return {};
    QString text = tr("configured %1: measured %2, %n run(s)", nullptr, best->runs)
                       .arg(best->configuredText, best->measuredText);
    if (!series.isEmpty())
        text = series + QStringLiteral(": ") + text;
    return {text, at};
}

} // namespace wb
