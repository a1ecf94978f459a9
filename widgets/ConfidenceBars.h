#pragma once

#include "stats/Estimate.h"

#include <memory>

#include <QColor>
#include <QString>

#include <vector>

class QCPAbstractPlottable;
class QCPErrorBars;

namespace wb {

// Bootstrap confidence intervals drawn as error bars, and the words that say what they are:
// one look and one wording in every view that draws them.
class ConfidenceBars {
public:
    // Error bars on the data points of `plottable` (in its data order, `values` being what
    // it plots). `scale` converts the intervals' unit to the plotted one (1e-6 for bit/s to
    // Mbit/s); an invalid interval draws no bar.
    static QCPErrorBars* attach(QCPAbstractPlottable* plottable, const std::vector<double>& values,
                                const std::vector<ConfidenceInterval>& intervals, double scale,
                                const QColor& color);
    // The error bars drawn on `plottable`, nullptr when it has none.
    static QCPErrorBars* of(const QCPAbstractPlottable* plottable);
    // "error bars: 95 % bootstrap CI, 2000 resamples, seed 20150504"
    static QString note(const BootstrapOptions& options = {});
    // "[12.3, 14.5]" with the given decimals; "—" for an invalid interval.
    static QString text(const ConfidenceInterval& interval, double scale, int decimals);
};

} // namespace wb
