#include "LogAxisTicker.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace wb {

namespace {

// Values m·10^k within [lower, upper] for the mantissas given, every `decadeStep`-th decade.
QVector<double> valuesIn(double lower, double upper, const std::vector<int>& mantissas,
                         int decadeStep) {
    QVector<double> values;
    const int first = static_cast<int>(std::floor(std::log10(lower)));
    const int last = static_cast<int>(std::ceil(std::log10(upper)));
    for (int k = first; k <= last; ++k) {
        if (k % decadeStep != 0)
            continue;
        for (int m : mantissas) {
            // Written as m·10^k from exact powers, so labels read 0.02, not 0.019999999.
            const double value = k >= 0 ? m * std::pow(10.0, k) : m / std::pow(10.0, -k);
            if (value >= lower * (1 - 1e-12) && value <= upper * (1 + 1e-12))
                values.append(value);
        }
    }
    return values;
}

} // namespace

QVector<double> LogAxisTicker::labelledValues(double lower, double upper, int most) {
    if (!(lower > 0) || !(upper > lower) || !std::isfinite(upper))
        return {};
    // Densest first: 1-2-5 steps, 1-3 steps, each decade, then every 2nd, 3rd, … decade.
    std::vector<QVector<double>> choices;
    choices.push_back(valuesIn(lower, upper, {1, 2, 5}, 1));
    choices.push_back(valuesIn(lower, upper, {1, 3}, 1));
    for (int step : {1, 2, 3, 5, 10, 20, 50, 100})
        choices.push_back(valuesIn(lower, upper, {1}, step));
    // The densest with at most `most` labels and at least three; when none has both, the
    // sparsest with at least three.
    const QVector<double>* sparsest = nullptr;
    for (const QVector<double>& choice : choices) {
        if (choice.size() < kFewestLabels)
            continue;
        if (choice.size() <= most)
            return choice;
        if (!sparsest || choice.size() < sparsest->size())
            sparsest = &choice;
    }
    return sparsest ? *sparsest : QVector<double>();
}

void LogAxisTicker::generate(const QCPRange& range, const QLocale& locale, QChar formatChar,
                             int precision, QVector<double>& ticks, QVector<double>* subTicks,
                             QVector<QString>* tickLabels) {
    ticks = labelledValues(range.lower, range.upper, tickCount());
    if (ticks.isEmpty()) { // under half a decade: linear steps read best
        // The linear ticker's count is a target, not a promise: ask for more until three
        // lie within the range.
        const int most = tickCount();
        for (int count = std::max(most, kFewestLabels); count <= 3 * kFewestLabels; ++count) {
            setTickCount(count);
            QCPAxisTicker::generate(range, locale, formatChar, precision, ticks, subTicks,
                                    tickLabels);
            const auto within = std::count_if(
                ticks.begin(), ticks.end(), [&range](double tick) { return range.contains(tick); });
            if (within >= kFewestLabels)
                break;
        }
        setTickCount(most);
        return;
    }
    if (subTicks) {
        subTicks->clear();
        // The unlabelled multiples of each decade, while there are few enough decades to see
        // them apart.
        if (std::log10(range.upper / range.lower) <= 6)
            for (double value : valuesIn(range.lower, range.upper, {1, 2, 3, 4, 5, 6, 7, 8, 9}, 1))
                if (!ticks.contains(value))
                    subTicks->append(value);
    }
    if (tickLabels) {
        tickLabels->clear();
        for (double tick : ticks)
            tickLabels->append(getTickLabel(tick, locale, formatChar, precision));
    }
}

} // namespace wb
