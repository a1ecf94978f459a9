#include "ComparisonReport.h"

#include "LatencyReport.h"
#include "report/DatasetJson.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

QString fixed(double value, int decimals) {
    return std::isfinite(value) ? QString::number(value, 'f', decimals) : QStringLiteral("-");
}

QJsonArray intervalJson(const ConfidenceInterval& ci) {
    return {DatasetJson::number(ci.low), DatasetJson::number(ci.high)};
}

QJsonObject differenceJson(const Difference& d) {
    return {{"a", DatasetJson::number(d.a)},
            {"b", DatasetJson::number(d.b)},
            {"diff", DatasetJson::number(d.diff)},
            {"ratio", DatasetJson::number(d.ratio)}};
}

QJsonObject pairJson(const ConfidenceInterval& a, const ConfidenceInterval& b) {
    return {{"a", intervalJson(a)}, {"b", intervalJson(b)}};
}

QJsonObject bootstrapJson(const BootstrapOptions& options) {
    return {{"resamples", options.resamples},
            {"seed", QString::number(options.seed)}, // 64 bits do not fit a JSON double
            {"confidence", options.confidence},
            {"method", "percentile"}};
}

QString intervalText(const ConfidenceInterval& ci, int decimals, double scale = 1) {
    if (!ci.valid())
        return QStringLiteral("-");
    return QStringLiteral("[%1, %2]")
        .arg(fixed(ci.low * scale, decimals), fixed(ci.high * scale, decimals));
}

QString orNone(const QString& text) {
    return text.isEmpty() ? QStringLiteral("none") : text;
}

QString confidenceHeader(const BootstrapOptions& options) {
    return QString::number(options.confidence * 100, 'g', 3) + QStringLiteral(" % CI");
}

// The statistics both sides have, paired by name, each compared on its run values.
template <typename Use>
void forEachRunLevel(const std::vector<RunStatistic>& a, const std::vector<RunStatistic>& b,
                     const BootstrapOptions& options, const Use& use) {
    for (const RunStatistic& left : a)
        for (const RunStatistic& right : b)
            if (left.name == right.name && !left.values.empty() && !right.values.empty())
                use(left.name, RunLevelStatistics::compare(left.values, right.values, options));
}

} // namespace

Table ComparisonReport::runLevelTable(const std::vector<RunStatistic>& a,
                                      const std::vector<RunStatistic>& b,
                                      const BootstrapOptions& options) {
    Table table({"statistic", "runs A", "runs B", "median A", "median B", "B - A (median)",
                 "95 % CI", "permutation p", "Mann-Whitney p", "Cliff's delta", "Hodges-Lehmann"},
                {false, true, true, true, true, true, true, true, true, true, true},
                QStringLiteral("Run-level comparison: each run one value"));
    bool oneRun = false;
    bool fewRuns = false;
    forEachRunLevel(a, b, options, [&](const QString& statistic, const RunLevelComparison& c) {
        oneRun = oneRun || !c.betweenRunVariation();
        fewRuns = fewRuns || std::min(c.runsA, c.runsB) < RunLevelStatistics::kBootstrapRuns;
        table.rows.push_back(
            {statistic, QString::number(c.runsA), QString::number(c.runsB), fixed(c.medianA, 3),
             fixed(c.medianB, 3), fixed(c.medianDifference, 3),
             intervalText(c.medianDifferenceInterval, 3),
             fixed(c.permutationP, 4) + (c.permutationMethod == PValueMethod::Exact
                                             ? QString()
                                             : QStringLiteral(" (sampled)")),
             fixed(c.mannWhitney.pValue, 4), fixed(c.cliffsDelta, 3), fixed(c.hodgesLehmann, 3)});
    });
    if (oneRun)
        table.caption +=
            QStringLiteral("; with one run on a side no between-run variation could be estimated");
    else if (fewRuns)
        table.caption += QStringLiteral("; no %1 interval with fewer than %2 runs a side, where a "
                                        "bootstrap of the runs does not hold its coverage")
                             .arg(confidenceHeader(options).chopped(3))
                             .arg(RunLevelStatistics::kBootstrapRuns);
    return table;
}

QJsonArray ComparisonReport::runLevelJson(const std::vector<RunStatistic>& a,
                                          const std::vector<RunStatistic>& b,
                                          const BootstrapOptions& options) {
    QJsonArray out;
    forEachRunLevel(a, b, options, [&](const QString& statistic, const RunLevelComparison& c) {
        out.append(QJsonObject{
            {"statistic", statistic},
            {"runs", QJsonObject{{"a", qint64(c.runsA)}, {"b", qint64(c.runsB)}}},
            {"median", QJsonObject{{"a", DatasetJson::number(c.medianA)},
                                   {"b", DatasetJson::number(c.medianB)}}},
            {"median_diff", DatasetJson::number(c.medianDifference)},
            {"median_diff_ci", c.medianDifferenceInterval.valid()
                                   ? QJsonValue(intervalJson(c.medianDifferenceInterval))
                                   : QJsonValue()},
            {"permutation_p", DatasetJson::number(c.permutationP)},
            {"permutation_method", c.permutationMethod == PValueMethod::Exact
                                       ? QStringLiteral("exact")
                                       : QStringLiteral("sampled")},
            {"mann_whitney_p", DatasetJson::number(c.mannWhitney.pValue)},
            {"cliffs_delta", DatasetJson::number(c.cliffsDelta)},
            {"hodges_lehmann", DatasetJson::number(c.hodgesLehmann)},
            {"between_run_variation", c.betweenRunVariation()}});
    });
    return out;
}

bool ComparisonReport::hasRepetitions(const std::vector<const Dataset*>& runsA,
                                      const std::vector<const Dataset*>& runsB) {
    return RunValues::runs(runsA).size() >= 2 || RunValues::runs(runsB).size() >= 2;
}

QString ComparisonReport::levelNote(const std::vector<const Dataset*>& runsA,
                                    const std::vector<const Dataset*>& runsB) {
    if (!hasRepetitions(runsA, runsB))
        return {};
    QString note = QStringLiteral("Run level first (each run one value); then sample level, every "
                                  "sample of a side's runs pooled as if independent\n");
    for (const auto& [side, runs] : {std::pair{"A", &runsA}, std::pair{"B", &runsB}})
        if (RunValues::runs(*runs).size() == 1)
            note += QStringLiteral("%1 is one run: no between-run variation could be estimated "
                                   "for it\n")
                        .arg(QLatin1String(side));
    return note;
}

QStringList AnalysisComparison::findings() const {
    const QStringList samples = latency ? latency->findings() : throughput->findings();
    if (runLevelFindings.isEmpty())
        return samples;
    return runLevelFindings + QStringList{QStringLiteral("Pooled samples, runs treated as "
                                                         "independent: ") +
                                          samples.join(QLatin1Char(' '))};
}

QStringList ComparisonReport::runLevelFindings(const std::vector<RunStatistic>& a,
                                               const std::vector<RunStatistic>& b,
                                               const ComparisonOptions& options) {
    std::size_t runsA = 0;
    std::size_t runsB = 0;
    QStringList statistics;
    QStringList differing;
    const QString alpha = QString::number(options.significance, 'g', 3);
    forEachRunLevel(
        a, b, options.bootstrap, [&](const QString& statistic, const RunLevelComparison& c) {
            runsA = std::max(runsA, c.runsA);
            runsB = std::max(runsB, c.runsB);
            const bool differs = c.betweenRunVariation() && c.permutationP <= options.significance;
            if (differs)
                differing << statistic;
            statistics << QStringLiteral("%1 %2 in A, %3 in B, permutation p = %4%5")
                              .arg(statistic, fixed(c.medianA, 3), fixed(c.medianB, 3),
                                   pValueText(c.permutationP),
                                   differs ? QStringLiteral(" (significant at %1)").arg(alpha)
                                           : QString());
        });
    if (statistics.isEmpty())
        return {};
    QStringList out;
    const QString counts = QStringLiteral("%1 against %2 runs").arg(runsA).arg(runsB);
    if (runsA < 2 || runsB < 2) {
        out << QStringLiteral("Run level, %1: with one run on a side no between-run variation "
                              "can be estimated, so the runs cannot show a difference.")
                   .arg(counts);
    } else if (const double smallest = RunLevelStatistics::smallestPermutationP(runsA, runsB);
               smallest > options.significance) {
        out << QStringLiteral("Run level, %1: the smallest possible p is %2, so no difference "
                              "can be significant at %3.")
                   .arg(counts, pValueText(smallest), alpha);
    } else {
        out << (differing.isEmpty()
                    ? QStringLiteral("Run level, %1: no statistic differs at %2.")
                          .arg(counts, alpha)
                    : QStringLiteral("Run level, %1: %2 differ%3 at %4.")
                          .arg(counts, differing.join(QStringLiteral(", ")),
                               differing.size() == 1 ? QStringLiteral("s") : QString(), alpha));
    }
    out << QStringLiteral("Medians of the runs: %1.").arg(statistics.join(QStringLiteral("; ")));
    return out;
}

AnalysisComparison AnalysisComparison::of(const ComparisonSide& a, const ComparisonSide& b,
                                          const ComparisonOptions& options) {
    AnalysisComparison c;
    if (a.analysis->isLatency()) {
        c.latency = LatencyComparison::of(a.name, a.analysis->sortedRttMs, b.name,
                                          b.analysis->sortedRttMs, options);
        c.tables = ComparisonReport::tables(*c.latency);
    } else {
        c.throughput =
            ThroughputComparison::of(a.name, a.analysis->flows, b.name, b.analysis->flows, options);
        c.tables = ComparisonReport::tables(*c.throughput);
        c.tcp = TcpComparison::of(a.name, *a.analysis, a.runs, b.name, *b.analysis, b.runs);
    }
    if (ComparisonReport::hasRepetitions(a.runs, b.runs)) {
        const std::vector<RunStatistic> runsA = RunValues::of(a.runs);
        const std::vector<RunStatistic> runsB = RunValues::of(b.runs);
        c.tables.insert(c.tables.begin(),
                        ComparisonReport::runLevelTable(runsA, runsB, options.bootstrap));
        c.runLevelFindings = ComparisonReport::runLevelFindings(runsA, runsB, options);
    }
    c.levelNote = ComparisonReport::levelNote(a.runs, b.runs);
    return c;
}

QString ComparisonReport::pValueText(double p) {
    if (std::isnan(p))
        return QStringLiteral("-");
    return p < 1e-300 ? QStringLiteral("< 1e-300") : QString::number(p, 'g', 3);
}

QString ComparisonReport::methodName(PValueMethod method) {
    return method == PValueMethod::Exact ? QStringLiteral("exact") : QStringLiteral("asymptotic");
}

QJsonObject ComparisonReport::toJson(const LatencyComparison& c) {
    QJsonObject percentiles;
    for (const LatencyComparison::Level& level : c.percentiles)
        percentiles.insert(LatencyReport::levelName(level.level), differenceJson(level.value));
    QJsonObject intervals;
    for (const LatencyComparison::Interval& ci : c.intervals)
        intervals.insert(QStringLiteral("p") + LatencyReport::levelName(ci.level),
                         pairJson(ci.a, ci.b));
    return {{"a", c.nameA},
            {"b", c.nameB},
            {"kind", "latency"},
            {"unit", "ms"},
            {"samples", QJsonObject{{"a", static_cast<qint64>(c.countA)},
                                    {"b", static_cast<qint64>(c.countB)}}},
            {"ks_statistic", DatasetJson::number(c.ks.statistic)},
            {"ks_p_value", DatasetJson::number(c.ks.pValue)},
            {"ks_method", methodName(c.ks.method)},
            {"mann_whitney_u", DatasetJson::number(c.mannWhitney.u)},
            {"mann_whitney_p_value", DatasetJson::number(c.mannWhitney.pValue)},
            {"mann_whitney_method", methodName(c.mannWhitney.method)},
            {"percentiles", percentiles},
            {"bootstrap_ci", intervals},
            {"bootstrap", bootstrapJson(c.options.bootstrap)},
            {"summary", c.summary()}};
}

QJsonObject ComparisonReport::toJson(const ThroughputComparison& c) {
    return {{"a", c.nameA},
            {"b", c.nameB},
            {"kind", "throughput"},
            {"unit", "bits/s"},
            {"flows", QJsonObject{{"a", static_cast<qint64>(c.flowsA)},
                                  {"b", static_cast<qint64>(c.flowsB)}}},
            {"mean_flow_bits_per_second", differenceJson(c.meanFlowBitsPerSecond)},
            {"jain_fairness", differenceJson(c.jainFairness)},
            {"bootstrap_ci", QJsonObject{{"mean_flow_bits_per_second",
                                          pairJson(c.meanIntervalA, c.meanIntervalB)}}},
            {"bootstrap", bootstrapJson(c.options.bootstrap)},
            {"summary", c.summary()}};
}

std::vector<Table> ComparisonReport::tables(const LatencyComparison& c) {
    const QString ci = confidenceHeader(c.options.bootstrap);
    // As the Percentiles tab: sub-millisecond runs in µs with one decimal (0.009 ms would
    // hide two digits), anything slower in ms with ping's three decimals.
    double largest = 0;
    for (const LatencyComparison::Level& level : c.percentiles)
        largest = std::max({largest, std::fabs(level.value.a), std::fabs(level.value.b)});
    const bool micro = largest < 1.0;
    const double scale = micro ? 1000.0 : 1.0;
    const int decimals = micro ? 1 : 3;
    const QString unit = micro ? QStringLiteral(" (µs)") : QStringLiteral(" (ms)");
    Table values({"percentile", "A" + unit, "B" + unit, "B - A" + unit, "B / A", ci + " A" + unit,
                  ci + " B" + unit},
                 {false, true, true, true, true, true, true},
                 QStringLiteral("Latency percentiles: %1 (A) vs %2 (B)").arg(c.nameA, c.nameB));
    values.rows.push_back({QStringLiteral("samples"), QString::number(c.countA),
                           QString::number(c.countB), QStringLiteral("-"), QStringLiteral("-"),
                           QStringLiteral("-"), QStringLiteral("-")});
    for (const LatencyComparison::Level& level : c.percentiles) {
        const LatencyComparison::Interval* interval = c.interval(level.level);
        values.rows.push_back(
            {QStringLiteral("p") + LatencyReport::levelName(level.level),
             fixed(level.value.a * scale, decimals), fixed(level.value.b * scale, decimals),
             fixed(level.value.diff * scale, decimals), fixed(level.value.ratio, 3),
             interval ? intervalText(interval->a, decimals, scale) : QStringLiteral("-"),
             interval ? intervalText(interval->b, decimals, scale) : QStringLiteral("-")});
    }
    // Intervals at levels the table does not list still get a row of their own.
    for (const LatencyComparison::Interval& interval : c.intervals)
        if (!c.percentile(interval.level))
            values.rows.push_back({QStringLiteral("p") + LatencyReport::levelName(interval.level),
                                   "-", "-", "-", "-", intervalText(interval.a, decimals, scale),
                                   intervalText(interval.b, decimals, scale)});

    const double alpha = c.options.significance;
    Table tests(
        {"test", "statistic", "p-value", "method", QStringLiteral("significant at %1").arg(alpha)},
        {false, true, true, false, false}, QStringLiteral("Two-sample tests (two-sided)"));
    const auto verdict = [alpha](double p) {
        return std::isnan(p) ? QStringLiteral("-")
               : p < alpha   ? QStringLiteral("yes")
                             : QStringLiteral("no");
    };
    tests.rows.push_back({QStringLiteral("Kolmogorov-Smirnov D"), fixed(c.ks.statistic, 4),
                          pValueText(c.ks.pValue), methodName(c.ks.method), verdict(c.ks.pValue)});
    tests.rows.push_back({QStringLiteral("Mann-Whitney U (of A)"), fixed(c.mannWhitney.u, 1),
                          pValueText(c.mannWhitney.pValue), methodName(c.mannWhitney.method),
                          verdict(c.mannWhitney.pValue)});
    return {values, tests};
}

std::vector<Table> ComparisonReport::tables(const ThroughputComparison& c) {
    constexpr double kMega = 1e-6;
    Table table({"statistic", "A", "B", "B - A", "B / A"}, {false, true, true, true, true},
                QStringLiteral("Per-flow throughput: %1 (A) vs %2 (B)").arg(c.nameA, c.nameB));
    const Difference& mean = c.meanFlowBitsPerSecond;
    table.rows.push_back({QStringLiteral("flows"), QString::number(c.flowsA),
                          QString::number(c.flowsB), QStringLiteral("-"), QStringLiteral("-")});
    table.rows.push_back({QStringLiteral("mean per-flow (Mbits/s)"), fixed(mean.a * kMega, 3),
                          fixed(mean.b * kMega, 3), fixed(mean.diff * kMega, 3),
                          fixed(mean.ratio, 3)});
    table.rows.push_back(
        {confidenceHeader(c.options.bootstrap) + QStringLiteral(" of the mean (Mbits/s)"),
         intervalText(c.meanIntervalA, 3, kMega), intervalText(c.meanIntervalB, 3, kMega),
         QStringLiteral("-"), QStringLiteral("-")});
    const Difference& jain = c.jainFairness;
    table.rows.push_back({QStringLiteral("Jain fairness"), fixed(jain.a, 4), fixed(jain.b, 4),
                          fixed(jain.diff, 4), fixed(jain.ratio, 3)});
    return {table};
}

Table ComparisonReport::table(const TcpComparison& c) {
    if (!c.any())
        return {};
    const QString source = c.sourceA == c.sourceB ? TcpState::describe(c.sourceA)
                                                  : QStringLiteral("%1 (A), %2 (B)")
                                                        .arg(orNone(TcpState::describe(c.sourceA)),
                                                             orNone(TcpState::describe(c.sourceB)));
    Table table({"TCP sender", "A", "B", "B - A"}, {false, true, true, true},
                QStringLiteral("TCP state of all flows: %1 (A) vs %2 (B), from %3")
                    .arg(c.nameA, c.nameB, source));
    constexpr double kKiB = 1.0 / 1024;
    const auto row = [&table](const QString& what, const Difference& d, int decimals,
                              double scale) {
        table.rows.push_back({what, fixed(d.a * scale, decimals), fixed(d.b * scale, decimals),
                              fixed(d.diff * scale, decimals)});
    };
    row(QStringLiteral("mean cwnd (KBytes)"), c.cwndMeanBytes, 1, kKiB);
    row(QStringLiteral("max cwnd (KBytes)"), c.cwndMaxBytes, 1, kKiB);
    row(QStringLiteral("mean RTT (ms)"), c.rttMeanMs, 3, 1);
    row(QStringLiteral("p99 RTT (ms)"), c.rttP99Ms, 3, 1);
    row(QStringLiteral("retransmits"), c.retransmits, 0, 1);
    row(QStringLiteral("retransmits per MB sent"), c.retransmitsPerMB, 3, 1);
    return table;
}

} // namespace wb
