#include "TestSupport.h"
#include "report/ComparisonReport.h"
#include "stats/Bootstrap.h"
#include "stats/Comparison.h"
#include "stats/DatasetAnalysis.h"
#include "stats/FlowStatistics.h"
#include "stats/LatencySummary.h"
#include "stats/Percentiles.h"
#include "stats/TcpComparison.h"
#include "stats/TwoSampleTests.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

using namespace wb;

namespace {

std::vector<double> sorted(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values;
}

// D the slow way: the largest ECDF difference over every pooled value.
double naiveKs(const std::vector<double>& a, const std::vector<double>& b) {
    double d = 0;
    for (const std::vector<double>* side : {&a, &b})
        for (double x : *side) {
            const auto below = [x](const std::vector<double>& s) {
                return static_cast<double>(
                           std::count_if(s.begin(), s.end(), [x](double v) { return v <= x; })) /
                       static_cast<double>(s.size());
            };
            d = std::max(d, std::fabs(below(a) - below(b)));
        }
    return d;
}

// Where D is reached, the slow way: over the pooled values in ascending order, the first
// whose ECDF difference is the largest, with both ECDFs there.
struct NaiveLocation {
    double x = 0;
    double cdfA = 0;
    double cdfB = 0;
};

NaiveLocation naiveKsLocation(const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<double> pooled = a;
    pooled.insert(pooled.end(), b.begin(), b.end());
    std::sort(pooled.begin(), pooled.end());
    const auto share = [](const std::vector<double>& s, double x) {
        return static_cast<double>(
                   std::count_if(s.begin(), s.end(), [x](double v) { return v <= x; })) /
               static_cast<double>(s.size());
    };
    const double d = naiveKs(a, b);
    for (double x : pooled)
        if (std::fabs(std::fabs(share(a, x) - share(b, x)) - d) < 1e-12)
            return {x, share(a, x), share(b, x)};
    return {std::nan(""), std::nan(""), std::nan("")};
}

// U1 the slow way: every pair, a tie counting one half.
double naiveU(const std::vector<double>& a, const std::vector<double>& b) {
    double u = 0;
    for (double x : a)
        for (double y : b)
            u += x > y ? 1 : x == y ? 0.5 : 0;
    return u;
}

// Calls use(a, b) for every split of `pooled` into |a| = n1 and the rest: the exact
// permutation distribution under H0.
void forEachSplit(
    const std::vector<double>& pooled, std::size_t n1,
    const std::function<void(const std::vector<double>&, const std::vector<double>&)>& use) {
    std::vector<bool> inA(pooled.size(), false);
    std::fill(inA.begin(), inA.begin() + static_cast<std::ptrdiff_t>(n1), true);
    do {
        std::vector<double> a;
        std::vector<double> b;
        for (std::size_t i = 0; i < pooled.size(); ++i)
            (inA[i] ? a : b).push_back(pooled[i]);
        use(a, b);
    } while (std::prev_permutation(inA.begin(), inA.end()));
}

// The enumerated two-sided p-values of the observed split (a, b).
struct Enumerated {
    double ks = 0;
    double mannWhitney = 0;
};

Enumerated enumerate(const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<double> pooled = a;
    pooled.insert(pooled.end(), b.begin(), b.end());
    const double d = naiveKs(a, b);
    const double u1 = naiveU(a, b);
    const double cells = static_cast<double>(a.size() * b.size());
    const double u = std::max(u1, cells - u1);
    double splits = 0;
    double ksAtLeast = 0;
    double uAtLeast = 0;
    forEachSplit(pooled, a.size(), [&](const std::vector<double>& x, const std::vector<double>& y) {
        ++splits;
        ksAtLeast += naiveKs(x, y) >= d - 1e-12 ? 1 : 0;
        uAtLeast += naiveU(x, y) >= u - 1e-12 ? 1 : 0;
    });
    return {ksAtLeast / splits, std::min(1.0, 2 * uAtLeast / splits)};
}

std::vector<double> pingSamples(const char* name) {
    const ImportResult result = FileImporter::importFile(test::samplePath(name));
    return result.datasets.empty() ? std::vector<double>{}
                                   : sorted(result.datasets.front().latency.rttMs);
}

// The first n replies of a sample log, sorted (the naive search above is quadratic).
std::vector<double> firstReplies(const char* name, std::size_t n) {
    const ImportResult result = FileImporter::importFile(test::samplePath(name));
    if (result.datasets.empty())
        return {};
    const std::vector<double>& rtt = result.datasets.front().latency.rttMs;
    return sorted(
        {rtt.begin(), rtt.begin() + static_cast<std::ptrdiff_t>(std::min(n, rtt.size()))});
}

// A deterministic pseudo-random sample (an LCG, so the test does not share the bootstrap's
// generator) of n values with a long right tail, like RTTs.
std::vector<double> skewedSample(std::size_t n, std::uint64_t seed, double scale) {
    std::vector<double> values(n);
    std::uint64_t state = seed;
    for (double& value : values) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double u = (static_cast<double>(state >> 11) + 0.5) / 9007199254740992.0;
        value = scale * (1 - std::log(u)); // 1 + exponential
    }
    return values;
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

private slots:
    void ksExactMatchesEnumeration_data();
    void ksExactMatchesEnumeration();
    void ksExactEveryThreshold();
    void ksStatisticWithTies();
    void ksAsymptoticHandComputed();
    void ksLocationMatchesNaive();
    void percentileDifferenceInterval();
    void jainIntervalMatchesResampling();
    void tcpComparisonOfIperf3CubicAndReno();
    void mannWhitneyConoverExample();
    void mannWhitneyExactMatchesEnumeration();
    void mannWhitneyAsymptoticWithTies();
    void mannWhitneyAllEqual();
    void betaDrawsFollowTheirDistribution();
    void uniformIndexIsUnbiased();
    void percentileBootstrapMatchesIndexResampling();
    void bootstrapIsSeededAndReproducible();
    void meanBootstrapWidth();
    void latencyComparisonOfQjumpSamples();
    void identicalSamplesAreNotDifferent();
    void throughputComparisonOfCubicAndReno();
    void singleSamplesHaveNoIntervals();
    void twoTimesFiveMillionSamples();
};

void TestCompare::ksExactMatchesEnumeration_data() {
    QTest::addColumn<std::vector<double>>("a");
    QTest::addColumn<std::vector<double>>("b");
    QTest::newRow("4 vs 5") << std::vector<double>{1.1, 3.2, 5.5, 7.0}
                            << std::vector<double>{2.0, 2.5, 8.1, 9.3, 10.4};
    QTest::newRow("5 vs 5, separated")
        << std::vector<double>{1, 2, 3, 4, 5} << std::vector<double>{6, 7, 8, 9, 10};
    QTest::newRow("4 vs 6, gcd 2")
        << std::vector<double>{0.5, 4.5, 6.5, 11} << std::vector<double>{1, 2, 3, 5, 7, 9};
    QTest::newRow("3 vs 8, interleaved")
        << std::vector<double>{2.5, 5.5, 8.5} << std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8};
    QTest::newRow("6 vs 6, close")
        << std::vector<double>{1, 4, 5, 8, 9, 12} << std::vector<double>{2, 3, 6, 7, 10, 11};
}

void TestCompare::ksExactMatchesEnumeration() {
    QFETCH(std::vector<double>, a);
    QFETCH(std::vector<double>, b);
    const Enumerated expected = enumerate(a, b);
    const KolmogorovSmirnov ks = TwoSampleTests::kolmogorovSmirnov(sorted(a), sorted(b));
    QCOMPARE(ks.method, PValueMethod::Exact);
    QVERIFY(std::fabs(ks.statistic - naiveKs(a, b)) < 1e-12);
    QVERIFY2(std::fabs(ks.pValue - expected.ks) < 1e-12,
             qPrintable(QStringLiteral("%1 vs %2").arg(ks.pValue).arg(expected.ks)));
}

void TestCompare::ksExactEveryThreshold() {
    // Every height h of every merge order of small samples: the lattice walk against counting.
    for (const auto& [n1, n2] : std::vector<std::pair<int, int>>{
             {1, 1}, {2, 7}, {3, 8}, {4, 5}, {4, 6}, {5, 5}, {6, 4}, {6, 9}}) {
        const int g = std::gcd(n1, n2);
        const int lcm = n1 / g * n2;
        std::vector<double> pooled(static_cast<std::size_t>(n1 + n2));
        std::iota(pooled.begin(), pooled.end(), 0.0);
        std::vector<int> heights; // the largest |i·n2/g - j·n1/g| of each merge order
        forEachSplit(pooled, static_cast<std::size_t>(n1),
                     [&](const std::vector<double>& a, const std::vector<double>& b) {
                         heights.push_back(static_cast<int>(std::lround(naiveKs(a, b) * lcm)));
                     });
        for (int h = 0; h <= lcm + 1; ++h) {
            const double expected =
                static_cast<double>(std::count_if(heights.begin(), heights.end(),
                                                  [h](int height) { return height >= h; })) /
                static_cast<double>(heights.size());
            const double p = TwoSampleTests::ksExactPValue(n1, n2, h);
            QVERIFY2(std::fabs(p - expected) < 1e-12,
                     qPrintable(QStringLiteral("n1=%1 n2=%2 h=%3: %4 vs %5")
                                    .arg(n1)
                                    .arg(n2)
                                    .arg(h)
                                    .arg(p)
                                    .arg(expected)));
        }
    }
}

void TestCompare::ksStatisticWithTies() {
    const std::vector<double> a{1, 2, 2, 2, 3, 5, 5};
    const std::vector<double> b{2, 2, 3, 3, 3, 4, 5, 6};
    const KolmogorovSmirnov ks = TwoSampleTests::kolmogorovSmirnov(a, b);
    QVERIFY(std::fabs(ks.statistic - naiveKs(a, b)) < 1e-12);
    QVERIFY(ks.pValue > 0 && ks.pValue <= 1);
}

void TestCompare::ksLocationMatchesNaive() {
    // Ties inside and between the samples, unequal sizes, one sample above the other, a
    // difference of either sign, the largest difference reached more than once, and two
    // ping logs.
    const std::vector<std::pair<std::vector<double>, std::vector<double>>> cases{
        {{1, 2, 2, 2, 3, 5, 5}, {2, 2, 3, 3, 3, 4, 5, 6}},
        {{0.5, 0.7, 0.9}, {1.5, 1.7}},
        {{3, 4, 5, 6}, {1, 2, 3}},
        {{1, 3}, {2, 4}}, // D = 0.5 at 1 and again at 3: the first is its location
        {{1, 2, 5, 6}, {3, 4, 7, 8}},
        {sorted(skewedSample(200, 7, 1.0)), sorted(skewedSample(333, 8, 1.2))},
        {sorted(skewedSample(50, 9, 2.0)), sorted(skewedSample(50, 10, 1.0))},
        {firstReplies("ping18_np", 1000), firstReplies("ping18_iperf18_np", 1000)},
    };
    for (const auto& [a, b] : cases) {
        const KolmogorovSmirnov ks = TwoSampleTests::kolmogorovSmirnov(a, b);
        const NaiveLocation expected = naiveKsLocation(a, b);
        QVERIFY(std::fabs(ks.statistic - naiveKs(a, b)) < 1e-12);
        QCOMPARE(ks.location, expected.x);
        QVERIFY(std::fabs(ks.cdfA - expected.cdfA) < 1e-12);
        QVERIFY(std::fabs(ks.cdfB - expected.cdfB) < 1e-12);
        QVERIFY(std::fabs(std::fabs(ks.cdfA - ks.cdfB) - ks.statistic) < 1e-12);
    }
    // Identical samples: D = 0, marked at the smallest value where both CDFs are equal.
    const std::vector<double> same{1, 2, 2, 3};
    const KolmogorovSmirnov ks = TwoSampleTests::kolmogorovSmirnov(same, same);
    QCOMPARE(ks.location, 1.0);
    QCOMPARE(ks.cdfA, 0.25);
    QCOMPARE(ks.cdfB, 0.25);
    QVERIFY(std::isnan(TwoSampleTests::kolmogorovSmirnov({}, same).location));
}

void TestCompare::percentileDifferenceInterval() {
    // With a single value in A every replicate of A is that value: the interval of B − A is
    // B's own interval (drawn from B's stream, seed + 1) moved by it.
    const std::vector<double> b = pingSamples("ping18_iperf18_np");
    BootstrapOptions options;
    BootstrapOptions streamOfB = options;
    streamOfB.seed = options.seed + 1;
    for (double level : {50.0, 99.0, 37.5}) {
        const ConfidenceInterval diff = Bootstrap::percentileDifference({0.5}, b, level, options);
        const ConfidenceInterval ofB = Bootstrap::percentile(b, level, streamOfB);
        QCOMPARE(diff.low, ofB.low - 0.5);
        QCOMPARE(diff.high, ofB.high - 0.5);
    }
    // The comparison carries it at its interval levels: around the observed difference, and
    // around 0 for a sample against itself.
    const std::vector<double> idle = pingSamples("ping18_np");
    const LatencyComparison c = LatencyComparison::of("idle", idle, "loaded", b);
    for (const LatencyComparison::Interval& interval : c.intervals) {
        const double observed = c.percentile(interval.level)->value.diff;
        QVERIFY(interval.diff.valid());
        QVERIFY(interval.diff.low <= observed && observed <= interval.diff.high);
        QCOMPARE(interval.diff.low,
                 Bootstrap::percentileDifference(idle, b, interval.level, options).low);
    }
    const LatencyComparison same = LatencyComparison::of("A", idle, "B", idle);
    for (const LatencyComparison::Interval& interval : same.intervals)
        QVERIFY(interval.diff.low <= 0 && 0 <= interval.diff.high);
    QVERIFY(!LatencyComparison::of("A", {1.0}, "B", {1.0, 2.0}).intervals.front().diff.valid());
}

void TestCompare::jainIntervalMatchesResampling() {
    // Bootstrap::of resamples index by index from the seed: the same draws by hand give the
    // same replicates, so the same interval exactly.
    const std::vector<double> flows = skewedSample(30, 5, 3e6);
    BootstrapOptions options;
    std::mt19937_64 generator(options.seed);
    std::vector<double> replicates;
    std::vector<double> resample(flows.size());
    for (int r = 0; r < options.resamples; ++r) {
        for (double& v : resample)
            v = flows[Bootstrap::uniformIndex(generator, flows.size())];
        replicates.push_back(FlowStatistics::jain(resample));
    }
    const std::vector<double> bounds = Percentiles::select(replicates, {2.5, 97.5});
    FlowStatistics stats;
    for (double v : flows)
        stats.flows.emplace_back().totals.bitsPerSecond = v;
    stats.jainFairness = FlowStatistics::jain(flows);
    const ThroughputComparison c = ThroughputComparison::of("a", stats, "b", stats);
    QCOMPARE(c.jainIntervalA.low, bounds[0]);
    QCOMPARE(c.jainIntervalA.high, bounds[1]);
    QCOMPARE(c.flowBitsPerSecondA, flows);
    QVERIFY(c.jainIntervalA.low <= c.jainFairness.a && c.jainFairness.a <= c.jainIntervalA.high);
}

void TestCompare::tcpComparisonOfIperf3CubicAndReno() {
    const ImportResult cubic = FileImporter::importFile(test::samplePath("iperf3-cubic-P4.json"));
    const ImportResult reno = FileImporter::importFile(test::samplePath("iperf3-reno-P4.json"));
    QVERIFY(!cubic.datasets.empty() && !reno.datasets.empty());
    const Dataset& a = cubic.datasets.front();
    const Dataset& b = reno.datasets.front();
    const auto analysed = [](const Dataset& dataset) {
        return DatasetAnalysis::of(std::make_shared<const Dataset>(dataset));
    };
    const TcpComparison c = TcpComparison::of("cubic", *analysed(a), "reno", *analysed(b));
    QVERIFY(c.any());
    QCOMPARE(c.sourceA, TcpStateSource::Iperf3Json);
    const TcpFlowSummary expectedA = TcpState::summarize(TcpState::statesOf(a, {}));
    const TcpFlowSummary expectedB = TcpState::summarize(TcpState::statesOf(b, {}));
    QVERIFY(expectedA.cwndMeanBytes && expectedB.cwndMeanBytes && expectedA.rttP99Ms &&
            expectedA.retransmits && expectedB.retransmitsPerMB);
    QCOMPARE(c.cwndMeanBytes.a, *expectedA.cwndMeanBytes);
    QCOMPARE(c.cwndMeanBytes.b, *expectedB.cwndMeanBytes);
    QCOMPARE(c.cwndMaxBytes.diff, *expectedB.cwndMaxBytes - *expectedA.cwndMaxBytes);
    QCOMPARE(c.rttMeanMs.a, *expectedA.rttMeanMs);
    QCOMPARE(c.rttP99Ms.diff, *expectedB.rttP99Ms - *expectedA.rttP99Ms);
    QCOMPARE(c.retransmits.a, static_cast<double>(*expectedA.retransmits));
    QCOMPARE(c.retransmits.diff,
             static_cast<double>(*expectedB.retransmits - *expectedA.retransmits));
    QCOMPARE(c.retransmitsPerMB.b, *expectedB.retransmitsPerMB);
    const Table table = ComparisonReport::table(c);
    QCOMPARE(table.rows.size(), std::size_t(6));
    QCOMPARE(table.rows[4][1], QString::number(*expectedA.retransmits));
    QVERIFY2(table.caption.contains(QStringLiteral("iperf3 -J")), qPrintable(table.caption));
    // A UDP or ping dataset has no TCP figures: no table.
    const ImportResult ping = FileImporter::importFile(test::samplePath("ping18_np"));
    const auto p = analysed(ping.datasets.front());
    QVERIFY(!TcpComparison::of("x", *p, "y", *p).any());
    QVERIFY(ComparisonReport::table(TcpComparison::of("x", *p, "y", *p)).rows.empty());
}

void TestCompare::ksAsymptoticHandComputed() {
    // 12000 values each: beyond scipy's exact limit, so Q(sqrt(n1·n2/(n1+n2))·D) with
    // D = shift/12000; Q summed by hand as 2·Σ(-1)^(k-1)·exp(-2k²λ²) in Python.
    const struct {
        int shift;
        double p;
    } cases[] = {{155, 0.2694419288954483}, {300, 0.0011061687401085138}};
    for (const auto& c : cases) {
        std::vector<double> a(12000);
        std::vector<double> b(12000);
        for (int i = 0; i < 12000; ++i) {
            a[static_cast<std::size_t>(i)] = i;
            b[static_cast<std::size_t>(i)] = i + c.shift;
        }
        const KolmogorovSmirnov ks = TwoSampleTests::kolmogorovSmirnov(a, b);
        QCOMPARE(ks.method, PValueMethod::Asymptotic);
        QCOMPARE(ks.statistic, c.shift / 12000.0);
        QVERIFY2(std::fabs(ks.pValue - c.p) < 1e-12 * std::max(1.0, c.p / 1e-3),
                 qPrintable(QString::number(ks.pValue, 'g', 17)));
    }
}

void TestCompare::mannWhitneyConoverExample() {
    // Conover's example in scipy.stats.mannwhitneyu's documentation: U1 = 17 and the exact
    // two-sided p = 2·7/126 = 0.1111 (7 of the C(9,4) orders have U >= 17).
    const MannWhitney mw =
        TwoSampleTests::mannWhitney(sorted({19, 22, 16, 29, 24}), sorted({20, 11, 17, 12}));
    QCOMPARE(mw.u, 17.0);
    QCOMPARE(mw.method, PValueMethod::Exact);
    QVERIFY(std::fabs(mw.pValue - 14.0 / 126) < 1e-14);
    // Its normal approximation (scipy: 0.11134688653314041), from the survival function.
    const double z = (17 - 10 - 0.5) / std::sqrt(5 * 4 / 12.0 * 10);
    QVERIFY(std::fabs(2 * TwoSampleTests::normalSurvival(z) - 0.11134688653314041) < 1e-12);
}

void TestCompare::mannWhitneyExactMatchesEnumeration() {
    const std::vector<std::pair<std::vector<double>, std::vector<double>>> cases{
        {{1.5, 3.5, 9.5}, {1, 2, 4, 5, 6, 7}},
        {{10, 11, 12, 13}, {1, 2, 3, 4, 5, 6, 7}},
        {{2, 4, 6, 8, 10, 12, 14, 16}, {1, 3, 5, 7, 9, 11, 13}},
        {{0.1, 0.2}, {0.15, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}},
    };
    for (const auto& [a, b] : cases) {
        const MannWhitney mw = TwoSampleTests::mannWhitney(sorted(a), sorted(b));
        QCOMPARE(mw.method, PValueMethod::Exact);
        QCOMPARE(mw.u, naiveU(a, b));
        const double expected = enumerate(a, b).mannWhitney;
        QVERIFY2(std::fabs(mw.pValue - expected) < 1e-12,
                 qPrintable(QStringLiteral("%1 vs %2").arg(mw.pValue).arg(expected)));
    }
}

void TestCompare::mannWhitneyAsymptoticWithTies() {
    // n1 = 11, n2 = 12 with ties: the normal approximation with tie correction and continuity
    // correction, worked out by hand with mid-ranks in Python: U1 = 27, p = 0.01716798842446773.
    const std::vector<double> a{1, 2, 2, 3, 3, 3, 4, 5, 6, 7, 8};
    const std::vector<double> b{3, 4, 4, 5, 5, 6, 7, 8, 9, 9, 10, 11};
    const MannWhitney mw = TwoSampleTests::mannWhitney(a, b);
    QCOMPARE(mw.method, PValueMethod::Asymptotic);
    QCOMPARE(mw.u, 27.0);
    QCOMPARE(mw.u, naiveU(a, b));
    QVERIFY(std::fabs(mw.pValue - 0.01716798842446773) < 1e-13);
    // Ties in a small sample also choose the normal approximation (as scipy does).
    QCOMPARE(TwoSampleTests::mannWhitney({1, 2, 2}, {2, 3, 4}).method, PValueMethod::Asymptotic);
}

void TestCompare::mannWhitneyAllEqual() {
    const std::vector<double> same(20, 1.5);
    const MannWhitney mw = TwoSampleTests::mannWhitney(same, same);
    QCOMPARE(mw.u, 200.0);
    QCOMPARE(mw.pValue, 1.0);
    const KolmogorovSmirnov ks = TwoSampleTests::kolmogorovSmirnov(same, same);
    QCOMPARE(ks.statistic, 0.0);
    QCOMPARE(ks.pValue, 1.0);
}

void TestCompare::betaDrawsFollowTheirDistribution() {
    // Beta(k, n-k+1) is the law of the k-th smallest of n uniforms: its CDF at x is
    // P(Binomial(n, x) >= k). 20000 draws must be within the 1 % KS band of it.
    const int n = 30;
    for (int k : {1, 8, 15, 29, 30}) {
        std::mt19937_64 generator(7);
        std::vector<double> draws;
        for (int i = 0; i < 20000; ++i)
            draws.push_back(Bootstrap::beta(generator, k, n - k + 1));
        std::sort(draws.begin(), draws.end());
        const auto cdf = [&](double x) {
            double below = 0; // P(Binomial(n, x) < k)
            for (int j = 0; j < k; ++j)
                below += std::exp(std::lgamma(n + 1) - std::lgamma(j + 1) - std::lgamma(n - j + 1) +
                                  j * std::log(x) + (n - j) * std::log1p(-x));
            return 1 - below;
        };
        double d = 0;
        for (std::size_t i = 0; i < draws.size(); ++i) {
            const double f = cdf(draws[i]);
            d = std::max({d, std::fabs(f - static_cast<double>(i) / draws.size()),
                          std::fabs(f - static_cast<double>(i + 1) / draws.size())});
        }
        QVERIFY2(d < 1.63 / std::sqrt(20000.0),
                 qPrintable(QStringLiteral("k=%1 D=%2").arg(k).arg(d)));
    }
}

void TestCompare::uniformIndexIsUnbiased() {
    std::mt19937_64 generator(1);
    std::vector<int> counts(3, 0);
    for (int i = 0; i < 30000; ++i)
        ++counts[Bootstrap::uniformIndex(generator, 3)];
    for (int count : counts)
        QVERIFY(std::abs(count - 10000) < 300); // 3.7 standard deviations
    // A range that is not a power of two and above 2^63 still lands inside it.
    const std::uint64_t big = (std::uint64_t{1} << 63) + 12345;
    for (int i = 0; i < 100; ++i)
        QVERIFY(Bootstrap::uniformIndex(generator, big) < big);
}

void TestCompare::percentileBootstrapMatchesIndexResampling() {
    // The order-statistic shortcut draws from the same distribution as building every
    // resample: with 20000 resamples both intervals agree to a fraction of the sample spread.
    const std::vector<double> values = sorted(skewedSample(301, 11, 1.0));
    BootstrapOptions options;
    options.resamples = 20000;
    for (double level : {50.0, 90.0, 99.0, 37.5}) {
        std::mt19937_64 generator(99);
        std::vector<double> replicates;
        std::vector<double> resample(values.size());
        for (int r = 0; r < options.resamples; ++r) {
            for (double& v : resample)
                v = values[Bootstrap::uniformIndex(generator, values.size())];
            replicates.push_back(Percentiles::select(resample, {level})[0]);
        }
        const std::vector<double> naive = Percentiles::select(replicates, {2.5, 97.5});
        const ConfidenceInterval fast = Bootstrap::percentile(values, level, options);
        const double spread = naive[1] - naive[0];
        QVERIFY2(std::fabs(fast.low - naive[0]) < 0.1 * spread + 1e-9 &&
                     std::fabs(fast.high - naive[1]) < 0.1 * spread + 1e-9,
                 qPrintable(QStringLiteral("p%1: [%2, %3] vs [%4, %5]")
                                .arg(level)
                                .arg(fast.low)
                                .arg(fast.high)
                                .arg(naive[0])
                                .arg(naive[1])));
    }
}

void TestCompare::bootstrapIsSeededAndReproducible() {
    const std::vector<double> samples = pingSamples("ping18_iperf16_np");
    QCOMPARE(samples.size(), std::size_t(5000));
    const ConfidenceInterval first = Bootstrap::percentile(samples, 99);
    const ConfidenceInterval again = Bootstrap::percentile(samples, 99);
    QCOMPARE(first.low, again.low);
    QCOMPARE(first.high, again.high);
    // Pinned: the default seed's intervals, so a change of the generator, the index mapping
    // or the draw order shows up here (they hold on every platform: mt19937_64 is fixed).
    QCOMPARE(first.low, 2.24);
    QCOMPARE(first.high, 2.25);
    const ConfidenceInterval median = Bootstrap::percentile(samples, 50);
    QCOMPARE(median.low, 2.14);
    QCOMPARE(median.high, 2.15);
    const std::vector<double> flows = skewedSample(30, 5, 3e6);
    const ConfidenceInterval mean = Bootstrap::mean(flows);
    const ConfidenceInterval meanAgain = Bootstrap::mean(flows);
    QCOMPARE(mean.low, meanAgain.low);
    QCOMPARE(mean.high, meanAgain.high);
    QCOMPARE(QString::number(mean.low, 'g', 12), QStringLiteral("5313520.7447"));
    QCOMPARE(QString::number(mean.high, 'g', 12), QStringLiteral("7036162.43599"));
    // Another seed gives another (valid) interval.
    BootstrapOptions other;
    other.seed = 1;
    const ConfidenceInterval reseeded = Bootstrap::mean(flows, other);
    QVERIFY(reseeded.low != mean.low || reseeded.high != mean.high);
}

void TestCompare::meanBootstrapWidth() {
    // For a mean the percentile interval is close to mean ± 1.96·s/sqrt(n).
    const std::vector<double> values = skewedSample(400, 3, 1.0);
    const double mean = std::accumulate(values.begin(), values.end(), 0.0) / values.size();
    double squares = 0;
    for (double v : values)
        squares += (v - mean) * (v - mean);
    const double halfWidth = 1.96 * std::sqrt(squares / values.size()) / std::sqrt(400.0);
    const ConfidenceInterval ci = Bootstrap::mean(values);
    QVERIFY(ci.low < mean && mean < ci.high);
    QVERIFY(std::fabs((ci.high - ci.low) / 2 - halfWidth) < 0.1 * halfWidth);
}

void TestCompare::latencyComparisonOfQjumpSamples() {
    const std::vector<double> idle = pingSamples("ping18_np");
    const std::vector<double> loaded = pingSamples("ping18_iperf16_np");
    const LatencyComparison c = LatencyComparison::of("idle", idle, "loaded", loaded);
    QCOMPARE(c.percentiles.size(), LatencySummary::defaultLevels().size());
    const LatencyComparison::Level* p99 = c.percentile(99);
    QVERIFY(p99);
    QCOMPARE(p99->value.a, Percentiles::ofSorted(idle, 99));
    QCOMPARE(p99->value.b, Percentiles::ofSorted(loaded, 99));
    QCOMPARE(p99->value.diff, p99->value.b - p99->value.a);
    QVERIFY(p99->value.ratio > 50); // 2.25 ms against 24 µs
    QVERIFY(c.ks.statistic > 0.99);
    QVERIFY(c.ks.pValue < 1e-100);
    QVERIFY(c.mannWhitney.pValue < 1e-100);
    QVERIFY(c.mannWhitney.u < 1); // every idle RTT is below every loaded one
    const QString summary = c.summary();
    QVERIFY2(summary.contains(QStringLiteral("p99 is 93.7× higher in loaded than in idle "
                                             "(2.25 ms vs 24 µs); the 95 % intervals do not "
                                             "overlap.")),
             qPrintable(summary));
    QVERIFY(summary.contains(QStringLiteral("values in loaded tend to be higher than in idle")));
    QVERIFY(summary.contains(QStringLiteral("the distributions differ")));
    // The CIs sit around their percentiles.
    const LatencyComparison::Interval* ci = c.interval(99);
    QVERIFY(ci && ci->b.low <= p99->value.b && p99->value.b <= ci->b.high);
}

void TestCompare::identicalSamplesAreNotDifferent() {
    const std::vector<double> samples = pingSamples("ping18_iperf68_np");
    const LatencyComparison c = LatencyComparison::of("A", samples, "B", samples);
    QCOMPARE(c.ks.statistic, 0.0);
    QCOMPARE(c.ks.pValue, 1.0);
    QVERIFY(c.mannWhitney.pValue > 0.99);
    const QString summary = c.summary();
    QVERIFY2(
        summary.contains(QStringLiteral("p50 is about the same in A and B")) &&
            summary.contains(QStringLiteral("intervals overlap: the difference may be noise")) &&
            summary.contains(QStringLiteral("no evidence at 0.05")),
        qPrintable(summary));
}

void TestCompare::throughputComparisonOfCubicAndReno() {
    const ImportResult cubic =
        FileImporter::importFile(test::samplePath("tcp-cubic-P30-client.txt"));
    const ImportResult reno = FileImporter::importFile(test::samplePath("tcp-reno-P30-client.txt"));
    QVERIFY(!cubic.datasets.empty() && !reno.datasets.empty());
    const FlowStatistics a = FlowStatistics::of(cubic.datasets.front().flows);
    const FlowStatistics b = FlowStatistics::of(reno.datasets.front().flows);
    const ThroughputComparison c = ThroughputComparison::of("cubic", a, "reno", b);
    QCOMPARE(c.flowsA, std::size_t(30));
    QCOMPARE(c.flowsB, std::size_t(30));
    double sum = 0;
    for (const FlowStatistics::PerFlow& flow : a.flows)
        sum += flow.totals.bitsPerSecond;
    QCOMPARE(c.meanFlowBitsPerSecond.a, sum / 30);
    QCOMPARE(c.jainFairness.a, a.jainFairness);
    QCOMPARE(c.jainFairness.b, b.jainFairness);
    QCOMPARE(c.jainFairness.diff, b.jainFairness - a.jainFairness);
    QVERIFY(c.meanIntervalA.low < c.meanFlowBitsPerSecond.a &&
            c.meanFlowBitsPerSecond.a < c.meanIntervalA.high);
    const QJsonObject json = ComparisonReport::toJson(c);
    QCOMPARE(json["mean_flow_bits_per_second"].toObject()["a"].toDouble(),
             c.meanFlowBitsPerSecond.a);
    QCOMPARE(json["bootstrap_ci"]
                 .toObject()["mean_flow_bits_per_second"]
                 .toObject()["b"]
                 .toArray()[1]
                 .toDouble(),
             c.meanIntervalB.high);
    QVERIFY2(
        c.summary().contains(QStringLiteral("Jain's fairness is 0.990 in cubic and 0.995 in reno")),
        qPrintable(c.summary()));
}

// One RTT on each side (or one flow): nothing to resample, so no interval, and the wording must
// not claim that two points are intervals that do not overlap.
void TestCompare::singleSamplesHaveNoIntervals() {
    const LatencyComparison one = LatencyComparison::of("A", {0.25}, "B", {0.75});
    for (const LatencyComparison::Interval& ci : one.intervals) {
        QVERIFY(!ci.a.valid());
        QVERIFY(!ci.b.valid());
    }
    QString summary = one.summary();
    QVERIFY2(!summary.contains(QStringLiteral("do not overlap")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral(
                 "p50 is 3× higher in B than in A (750 µs vs 250 µs); the 95 % intervals "
                 "cannot be estimated: A and B each have a single sample.")),
             qPrintable(summary));
    // Two samples on one side, one on the other: the side with one is named.
    const LatencyComparison uneven = LatencyComparison::of("A", {0.25, 0.5}, "B", {0.75});
    QVERIFY(uneven.intervals.front().a.valid());
    summary = uneven.summary();
    QVERIFY2(summary.contains(QStringLiteral("cannot be estimated: B has a single sample")),
             qPrintable(summary));
    const QJsonObject json = ComparisonReport::toJson(one);
    QVERIFY(json["bootstrap_ci"].toObject()["p50"].toObject()["a"].toArray()[0].isNull());

    FlowStatistics a;
    FlowStatistics b;
    a.flows.emplace_back().totals.bitsPerSecond = 1e6;
    b.flows.emplace_back().totals.bitsPerSecond = 3e6;
    const ThroughputComparison flows = ThroughputComparison::of("a", a, "b", b);
    QVERIFY(!flows.meanIntervalA.valid() && !flows.meanIntervalB.valid());
    QVERIFY2(flows.summary().contains(
                 QStringLiteral("cannot be estimated: a and b each have a single flow")),
             qPrintable(flows.summary()));
}

void TestCompare::twoTimesFiveMillionSamples() {
    // Latency datasets reach millions of samples: on sorted samples (what DatasetAnalysis keeps)
    // everything must be linear or better. Timings are printed, not asserted (shared machine).
    // The samples are an exponential distribution's quantiles on a grid: sorted by
    // construction, so the test does not spend seconds sorting.
    const std::size_t n = 5'000'000;
    const auto quantiles = [n](double scale) {
        std::vector<double> values(n);
        for (std::size_t i = 0; i < n; ++i)
            values[i] = scale * (1 - std::log1p(-(static_cast<double>(i) + 0.5) / n));
        return values;
    };
    const std::vector<double> a = quantiles(0.5);
    const std::vector<double> b = quantiles(0.5005);
    QElapsedTimer timer;
    timer.start();
    const LatencyComparison c = LatencyComparison::of("A", a, "B", b);
    qInfo("2 x 5M sorted samples: comparison (KS, Mann-Whitney, 9 percentiles, bootstrap CIs of "
          "p50 and p99 with 2000 resamples each) in %lld ms",
          timer.elapsed());
    QCOMPARE(c.ks.method, PValueMethod::Asymptotic);
    QCOMPARE(c.mannWhitney.method, PValueMethod::Asymptotic);
    // A 0.1 % scale change is visible to both tests at this size.
    QVERIFY(c.ks.pValue < 0.05);
    QVERIFY(c.mannWhitney.pValue < 0.05);
    QVERIFY(c.mannWhitney.u < 25e12 / 2); // U1 below n1·n2/2: B tends to be higher
    const LatencyComparison::Interval* p50 = c.interval(50);
    QVERIFY(p50 && p50->a.low < a[n / 2] && a[n / 2] < p50->a.high);
    QVERIFY(p50->a.high - p50->a.low < 0.01);
}

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
