#pragma once

#include <qcustomplot.h>

namespace wb {

// Ticks of a logarithmic axis that label at least three values at any range: every decade
// when the range spans many, 1-2-5 steps within each decade when it spans few, plain linear
// steps when even those would label fewer than three. Sub-ticks (and the sub-grid) sit at the
// unlabelled multiples 2…9 of each decade. tickCount() is the most labels it aims for, so
// fitting the labels to an axis' length (PlotStyle::fitToSize) thins them as on other axes.
class LogAxisTicker : public QCPAxisTicker {
public:
    // The fewest labelled values any range gets.
    static constexpr int kFewestLabels = 3;

    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks,
                  QVector<QString>* tickLabels) override;

    // The labelled values in [lower, upper] for at most `most` labels (more when fewer than
    // kFewestLabels would show); what generate() labels.
    static QVector<double> labelledValues(double lower, double upper, int most);
};

} // namespace wb
