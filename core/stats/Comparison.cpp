#include "Comparison.h"

#include "FlowStatistics.h"
#include "LatencySummary.h"
#include "Percentiles.h"

#include <QStringList>

#include <cmath>

namespace wb {

namespace {

// Three significant digits, never in exponent notation (a ratio of 1234 reads "1234").
QString significant(double value) {
    return std::fabs(value) >= 1000 ? QString::number(value, 'f', 0)
                                    : QString::number(value, 'g', 3);
}

QString duration(double ms) {
    if (std::isnan(ms))
        return QStringLiteral("n/a");
    return std::fabs(ms) < 1 ? significant(ms * 1000) + QStringLiteral(" µs")
                             : significant(ms) + QStringLiteral(" ms");
}

QString rate(double bitsPerSecond) {
    if (std::isnan(bitsPerSecond))
        return QStringLiteral("n/a");
    static const char* const kUnits[] = {"bit/s", "kbit/s", "Mbit/s", "Gbit/s", "Tbit/s"};
    int unit = 0;
    double value = bitsPerSecond;
    while (std::fabs(value) >= 1000 && unit < 4) {
        value /= 1000;
        ++unit;
    }
    return significant(value) + QLatin1Char(' ') + QLatin1String(kUnits[unit]);
}

QString pValueWords(double p) {
    return p < 0.001 ? QStringLiteral("p < 0.001") : QStringLiteral("p = ") + significant(p);
}

QString confidenceWords(const BootstrapOptions& options) {
    return significant(options.confidence * 100) + QStringLiteral(" %");
}

// What the bootstrap intervals of A and B say about their difference. A single value has no
// spread to resample: its "interval" would be the value itself, and two such points would read
// as intervals that do not overlap, so no interval is estimated from fewer than two values.
QString intervalClause(const ConfidenceInterval& ciA, const ConfidenceInterval& ciB,
                       const IntervalBasis& basis, const BootstrapOptions& options) {
    const QString confidence = confidenceWords(options);
    const auto few = [&basis](std::size_t count) {
        return QStringLiteral("%1 %2").arg(count == 0 ? QStringLiteral("no")
                                                      : QStringLiteral("a single"),
                                           count == 0 ? basis.plural : basis.singular);
    };
    if (basis.countA < 2 && basis.countB < 2 && basis.countA == basis.countB)
        return QStringLiteral("; the %1 intervals cannot be estimated: %2 and %3 each have %4")
            .arg(confidence, basis.nameA, basis.nameB, few(basis.countA));
    if (basis.countA < 2 || basis.countB < 2) {
        const bool onA = basis.countA < 2;
        return QStringLiteral("; the %1 intervals cannot be estimated: %2 has %3")
            .arg(confidence, onA ? basis.nameA : basis.nameB,
                 few(onA ? basis.countA : basis.countB));
    }
    if (!ciA.valid() || !ciB.valid())
        return {};
    return ciA.overlaps(ciB)
               ? QStringLiteral("; the %1 intervals overlap: the difference may be noise")
                     .arg(confidence)
               : QStringLiteral("; the %1 intervals do not overlap").arg(confidence);
}

// "p99 is 3.1× higher in B than in A (812 µs vs 262 µs); the 95 % intervals do not overlap."
template <typename Format>
QString differenceSentence(const QString& what, const Difference& d, const QString& nameA,
                           const QString& nameB, const ConfidenceInterval* ciA,
                           const ConfidenceInterval* ciB, const IntervalBasis& basis,
                           const BootstrapOptions& options, Format format) {
    if (std::isnan(d.a) || std::isnan(d.b))
        return QStringLiteral("%1 is not available for both.").arg(what);
    QString sentence;
    const bool higher = d.b > d.a;
    const double factor = higher ? d.b / d.a : d.a / d.b;
    if (d.a == d.b || !(factor >= 1.001)) {
        sentence = QStringLiteral("%1 is about the same in %2 and %3 (%4 vs %5)")
                       .arg(what, nameA, nameB, format(d.a), format(d.b));
    } else {
        // Small changes read better in percent ("4.9 % higher"), large ones as a factor.
        const QString change = !std::isfinite(factor) ? QString()
                               : factor < 1.5
                                   ? significant((factor - 1) * 100) + QStringLiteral(" % ")
                                   : significant(factor) + QStringLiteral("× ");
        sentence =
            QStringLiteral("%1 is %2%3 in %4 than in %5 (%6 vs %7)")
                .arg(what, change, higher ? QStringLiteral("higher") : QStringLiteral("lower"),
                     nameB, nameA, format(d.b), format(d.a));
    }
    if (ciA && ciB)
        sentence += intervalClause(*ciA, *ciB, basis, options);
    return sentence + QLatin1Char('.');
}

} // namespace

ConfidenceInterval IntervalBasis::percentile(const std::vector<double>& sorted, double level,
                                             const BootstrapOptions& options) {
    return sorted.size() >= 2 ? Bootstrap::percentile(sorted, level, options)
                              : ConfidenceInterval{};
}

ConfidenceInterval IntervalBasis::mean(const std::vector<double>& values,
                                       const BootstrapOptions& options) {
    return values.size() >= 2 ? Bootstrap::mean(values, options) : ConfidenceInterval{};
}

ConfidenceInterval IntervalBasis::jain(const std::vector<double>& values,
                                       const BootstrapOptions& options) {
    return values.size() >= 2 ? Bootstrap::of(values, FlowStatistics::jain, options)
                              : ConfidenceInterval{};
}

ComparisonOptions::ComparisonOptions() : levels(LatencySummary::defaultLevels()) {}

Difference Difference::of(double a, double b) {
    return {a, b, b - a, a != 0 ? b / a : std::nan("")};
}

const LatencyComparison::Level* LatencyComparison::percentile(double level) const {
    for (const Level& entry : percentiles)
        if (entry.level == level)
            return &entry;
    return nullptr;
}

const LatencyComparison::Interval* LatencyComparison::interval(double level) const {
    for (const Interval& entry : intervals)
        if (entry.level == level)
            return &entry;
    return nullptr;
}

LatencyComparison LatencyComparison::of(const QString& nameA, const std::vector<double>& sortedA,
                                        const QString& nameB, const std::vector<double>& sortedB,
                                        const ComparisonOptions& options) {
    LatencyComparison c;
    c.nameA = nameA;
    c.nameB = nameB;
    c.countA = sortedA.size();
    c.countB = sortedB.size();
    c.options = options;
    for (double level : options.levels)
        c.percentiles.push_back({level, Difference::of(Percentiles::ofSorted(sortedA, level),
                                                       Percentiles::ofSorted(sortedB, level))});
    c.ks = TwoSampleTests::kolmogorovSmirnov(sortedA, sortedB);
    c.mannWhitney = TwoSampleTests::mannWhitney(sortedA, sortedB);
    for (double level : options.intervalLevels)
        c.intervals.push_back(
            {level, IntervalBasis::percentile(sortedA, level, options.bootstrap),
             IntervalBasis::percentile(sortedB, level, options.bootstrap),
             sortedA.size() >= 2 && sortedB.size() >= 2
                 ? Bootstrap::percentileDifference(sortedA, sortedB, level, options.bootstrap)
                 : ConfidenceInterval{}});
    return c;
}

QStringList LatencyComparison::findings() const {
    if (countA == 0 || countB == 0)
        return {QStringLiteral("Nothing to compare: %1 has no samples.")
                    .arg(countA == 0 ? nameA : nameB)};
    QStringList sentences;
    for (const Interval& ci : intervals) {
        const QString what = QStringLiteral("p") + QString::number(ci.level, 'g', 10);
        const Level* row = percentile(ci.level);
        const Difference value = row ? row->value : Difference{};
        const IntervalBasis basis{
            nameA, countA, nameB, countB, QStringLiteral("sample"), QStringLiteral("samples")};
        sentences << differenceSentence(what, value, nameA, nameB, &ci.a, &ci.b, basis,
                                        options.bootstrap, duration);
    }
    const double alpha = options.significance;
    const QString level = significant(alpha);
    sentences << (ks.pValue < alpha
                      ? QStringLiteral("Kolmogorov–Smirnov: D = %1, %2: the distributions differ "
                                       "(significant at %3).")
                      : QStringLiteral("Kolmogorov–Smirnov: D = %1, %2: no evidence at %3 that the "
                                       "distributions differ."))
                     .arg(significant(ks.statistic), pValueWords(ks.pValue), level);
    const double middle = static_cast<double>(countA) * static_cast<double>(countB) / 2;
    // U1 counts the pairs in which A's value is the larger: below half, B tends to be higher.
    const QString higher = mannWhitney.u < middle ? nameB : nameA;
    const QString lower = mannWhitney.u < middle ? nameA : nameB;
    sentences << (mannWhitney.pValue < alpha
                      ? QStringLiteral("Mann–Whitney: %1: values in %2 tend to be higher than in "
                                       "%3 (significant at %4).")
                            .arg(pValueWords(mannWhitney.pValue), higher, lower, level)
                      : QStringLiteral("Mann–Whitney: %1: no evidence at %2 that either tends to "
                                       "be higher.")
                            .arg(pValueWords(mannWhitney.pValue), level));
    return sentences;
}

std::vector<double> ThroughputComparison::perFlowBitsPerSecond(const FlowStatistics& stats) {
    std::vector<double> values;
    values.reserve(stats.flows.size());
    for (const FlowStatistics::PerFlow& flow : stats.flows)
        values.push_back(flow.totals.bitsPerSecond);
    return values;
}

ThroughputComparison ThroughputComparison::of(const QString& nameA, const FlowStatistics& a,
                                              const QString& nameB, const FlowStatistics& b,
                                              const ComparisonOptions& options) {
    ThroughputComparison c;
    c.nameA = nameA;
    c.nameB = nameB;
    c.options = options;
    c.flowBitsPerSecondA = perFlowBitsPerSecond(a);
    c.flowBitsPerSecondB = perFlowBitsPerSecond(b);
    const std::vector<double>& flowsA = c.flowBitsPerSecondA;
    const std::vector<double>& flowsB = c.flowBitsPerSecondB;
    c.flowsA = flowsA.size();
    c.flowsB = flowsB.size();
    const auto meanOf = [](const std::vector<double>& values) {
        double sum = 0;
        for (double value : values)
            sum += value;
        return values.empty() ? std::nan("") : sum / static_cast<double>(values.size());
    };
    c.meanFlowBitsPerSecond = Difference::of(meanOf(flowsA), meanOf(flowsB));
    c.jainFairness = Difference::of(flowsA.empty() ? std::nan("") : a.jainFairness,
                                    flowsB.empty() ? std::nan("") : b.jainFairness);
    c.meanIntervalA = IntervalBasis::mean(flowsA, options.bootstrap);
    c.meanIntervalB = IntervalBasis::mean(flowsB, options.bootstrap);
    c.jainIntervalA = IntervalBasis::jain(flowsA, options.bootstrap);
    c.jainIntervalB = IntervalBasis::jain(flowsB, options.bootstrap);
    return c;
}

QStringList ThroughputComparison::findings() const {
    if (flowsA == 0 || flowsB == 0)
        return {QStringLiteral("Nothing to compare: %1 has no flows.")
                    .arg(flowsA == 0 ? nameA : nameB)};
    return {differenceSentence(QStringLiteral("Mean per-flow throughput"), meanFlowBitsPerSecond,
                               nameA, nameB, &meanIntervalA, &meanIntervalB,
                               IntervalBasis{nameA, flowsA, nameB, flowsB, QStringLiteral("flow"),
                                             QStringLiteral("flows")},
                               options.bootstrap, rate),
            QStringLiteral("Jain's fairness is %1 in %2 and %3 in %4 (difference %5).")
                .arg(QString::number(jainFairness.a, 'f', 3), nameA,
                     QString::number(jainFairness.b, 'f', 3), nameB,
                     significant(jainFairness.diff))};
}

} // namespace wb
