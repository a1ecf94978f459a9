#include "ConfidenceBars.h"

#include "PlotStyle.h"

#include <qcustomplot.h>

namespace wb {

QCPErrorBars* ConfidenceBars::of(const QCPAbstractPlottable* plottable) {
    QCustomPlot* plot = plottable->parentPlot();
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPErrorBars*>(plot->plottable(i));
            bars && bars->dataPlottable() == plottable)
            return bars;
    return nullptr;
}

QCPErrorBars* ConfidenceBars::attach(QCPAbstractPlottable* plottable,
                                     const std::vector<double>& values,
                                     const std::vector<ConfidenceInterval>& intervals, double scale,
                                     const QColor& color) {
    auto* bars = new QCPErrorBars(plottable->keyAxis(), plottable->valueAxis());
    bars->removeFromLegend();
    bars->setSelectable(QCP::stNone);
    bars->setDataPlottable(plottable);
    bars->setErrorType(QCPErrorBars::etValueError);
    bars->setPen(QPen(color, PlotStyle::lineWidth(0.8)));
    bars->setWhiskerWidth(8);
    bars->setSymbolGap(0);
    QVector<double> minus;
    QVector<double> plus;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const bool known = i < intervals.size() && intervals[i].valid();
        // QCPErrorBars wants distances from the point; an interval always contains it for
        // the percentile bootstrap, but clamp so a rounding step never turns a bar inside out.
        minus.push_back(known ? std::max(0.0, values[i] - intervals[i].low * scale) : 0);
        plus.push_back(known ? std::max(0.0, intervals[i].high * scale - values[i]) : 0);
    }
    bars->setData(minus, plus);
    return bars;
}

QString ConfidenceBars::note(const BootstrapOptions& options) {
    return QObject::tr("error bars: %1 % bootstrap CI, %2 resamples, seed %3")
        .arg(QString::number(100 * options.confidence, 'g', 3))
        .arg(options.resamples)
        .arg(options.seed);
}

QString ConfidenceBars::text(const ConfidenceInterval& interval, double scale, int decimals) {
    if (!interval.valid())
        return QStringLiteral("—");
    return QStringLiteral("[%1, %2]")
        .arg(QString::number(interval.low * scale, 'f', decimals),
             QString::number(interval.high * scale, 'f', decimals));
}

} // namespace wb
