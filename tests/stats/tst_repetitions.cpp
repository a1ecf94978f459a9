#include "TestSupport.h"
#include "stats/Percentiles.h"
#include "stats/RunLevelStatistics.h"
#include "stats/RunValues.h"
#include "stats/TwoSampleTests.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace wb;

// Why runs, not samples, are the unit of a comparison of repeated experiments: simulated
// studies whose runs differ by run-level noise (each run's RTTs sit near its own level, as
// when a path's queue or a CPU's frequency differs from one run to the next), read from
// generated ping logs by the same importer as real ones.
class TestRepetitions : public QObject {
    Q_OBJECT

private slots:
    void runLevelNoiseIsNotADifference();
    void aRealDifferenceIsFound();
    void clusterBootstrapCoversAtItsNominalRate();
    void exactPValuesEqualEnumeration();
};

namespace {

// The sanitizer build checks the code paths on a tenth of the studies; the rates are checked
// on all of them in the release build.
constexpr int kStudies = 200 / test::kSlowdown;
constexpr int kRunsPerSide = 3;
constexpr int kRepliesPerRun = 400;

// An iputils ping log of one run: RTTs around `level` ms with exponential jitter.
QByteArray pingLog(std::mt19937_64& generator, double level) {
    std::exponential_distribution<double> jitter(1.0);
    QByteArray log = "PING 198.18.0.2 (198.18.0.2) 56(84) bytes of data.\n";
    for (int seq = 1; seq <= kRepliesPerRun; ++seq)
        log += QByteArray("64 bytes from 198.18.0.2: icmp_seq=") + QByteArray::number(seq) +
               " ttl=64 time=" + QByteArray::number(level + jitter(generator), 'f', 3) + " ms\n";
    return log;
}

struct Side {
    std::vector<Dataset> runs;
    std::vector<double> p99() const {
        std::vector<const Dataset*> pointers;
        for (const Dataset& run : runs)
            pointers.push_back(&run);
        for (const RunStatistic& statistic : RunValues::of(pointers))
            if (statistic.name.startsWith(QLatin1String("p99")))
                return statistic.values;
        return {};
    }
    std::vector<double> pooledSorted() const {
        std::vector<double> pooled;
        for (const Dataset& run : runs)
            pooled.insert(pooled.end(), run.latency.rttMs.begin(), run.latency.rttMs.end());
        std::sort(pooled.begin(), pooled.end());
        return pooled;
    }
};

// One side of a study: each run's level drawn around `mean` ms with the between-run spread.
Side side(std::mt19937_64& generator, double mean, double betweenRuns, int runs = kRunsPerSide) {
    std::normal_distribution<double> level(mean, betweenRuns);
    Side out;
    for (int r = 0; r < runs; ++r) {
        const ImportResult result =
            test::parseBytes(pingLog(generator, level(generator)), QStringLiteral("run.txt"));
        if (result.datasets.size() != 1 ||
            result.datasets.front().latency.rttMs.size() != std::size_t(kRepliesPerRun))
            qFatal("a generated log did not read back whole");
        out.runs.push_back(result.datasets.front());
    }
    return out;
}

} // namespace

// Both sides drawn from one distribution of run levels: the only difference is which runs
// each side happened to get. The pooled sample test takes 3 × 400 correlated RTTs for 1,200
// independent ones and calls most studies significant; the run-level test does not.
void TestRepetitions::runLevelNoiseIsNotADifference() {
    int runLevelSignificant = 0;
    int pooledSignificant = 0;
    for (int study = 0; study < kStudies; ++study) {
        std::mt19937_64 generator(1000 + study);
        const Side cubic = side(generator, 20, 2);
        const Side reno = side(generator, 20, 2);
        const RunLevelComparison runLevel = RunLevelStatistics::compare(cubic.p99(), reno.p99());
        QCOMPARE(runLevel.runsA, std::size_t(kRunsPerSide));
        runLevelSignificant += runLevel.permutationP < 0.05 || runLevel.mannWhitney.pValue < 0.05;
        pooledSignificant +=
            TwoSampleTests::mannWhitney(cubic.pooledSorted(), reno.pooledSorted()).pValue < 0.05;
    }
    qInfo("significant at 5 %%: run level %d, pooled samples %d of %d studies", runLevelSignificant,
          pooledSignificant, kStudies);
    QVERIFY2(runLevelSignificant <= kStudies / 10,
             qPrintable(QStringLiteral("run level significant in %1 of %2")
                            .arg(runLevelSignificant)
                            .arg(kStudies)));
    QVERIFY2(pooledSignificant >= kStudies / 2,
             qPrintable(QStringLiteral("pooled samples significant in only %1 of %2")
                            .arg(pooledSignificant)
                            .arg(kStudies)));
}

// reno's runs 8 ms above cubic's (4 times the between-run spread). Three runs a side cannot
// reach p < 0.05 by any rank or permutation test (the smallest two-sided p of 3 + 3 values
// is 2/20), and a bootstrap of three runs does not hold its coverage, so it gives no interval;
// six runs a side find the difference, by the permutation test and by the interval.
void TestRepetitions::aRealDifferenceIsFound() {
    QCOMPARE(RunLevelStatistics::smallestPermutationP(3, 3), 0.1);
    int intervalFinds = 0;
    int permutationFinds = 0;
    int sixRunStudies = 0;
    for (int study = 0; study < kStudies; ++study) {
        std::mt19937_64 generator(5000 + study);
        const Side cubic = side(generator, 20, 2);
        const Side reno = side(generator, 28, 2);
        const RunLevelComparison three = RunLevelStatistics::compare(cubic.p99(), reno.p99());
        QVERIFY(!three.medianDifferenceInterval.valid());
        QVERIFY(three.permutationP >= 0.1);
        if (study % 4 == 0) {
            ++sixRunStudies;
            std::vector<double> a = cubic.p99();
            std::vector<double> b = reno.p99();
            for (const double value : side(generator, 20, 2).p99())
                a.push_back(value);
            for (const double value : side(generator, 28, 2).p99())
                b.push_back(value);
            const RunLevelComparison six = RunLevelStatistics::compare(a, b);
            permutationFinds += six.permutationP < 0.05;
            intervalFinds +=
                six.medianDifferenceInterval.valid() && six.medianDifferenceInterval.low > 0;
        }
    }
    qInfo("a real difference, six runs a side: the permutation test finds it in %d of %d, the "
          "interval excludes 0 in %d",
          permutationFinds, sixRunStudies, intervalFinds);
    QVERIFY2(intervalFinds >= sixRunStudies * 9 / 10,
             qPrintable(QStringLiteral("interval excludes 0 in %1").arg(intervalFinds)));
    QVERIFY2(permutationFinds >= sixRunStudies * 9 / 10,
             qPrintable(QStringLiteral("six runs a side: %1").arg(permutationFinds)));
}

// The true mean is known; a nominal 95 % interval must contain it in 92–98 % of seeded
// studies (release build). Resampling runs is a large-sample method: with few runs its percentile
// interval is narrower than nominal, so the studies here have 40 runs.
void TestRepetitions::clusterBootstrapCoversAtItsNominalRate() {
    constexpr int kCoverageStudies = 300 / test::kSlowdown;
    constexpr int kRuns = 40;
    constexpr double kTrueMean = 20;
    int summaryCovers = 0;
    int clusterCovers = 0;
    for (int study = 0; study < kCoverageStudies; ++study) {
        std::mt19937_64 generator(9000 + study);
        std::normal_distribution<double> level(kTrueMean, 2);
        std::exponential_distribution<double> jitter(1.0);
        std::vector<double> runMeans;
        std::vector<std::vector<double>> runs;
        for (int r = 0; r < kRuns; ++r) {
            const double runLevel = level(generator);
            std::vector<double> samples;
            for (int i = 0; i < 10; ++i)
                samples.push_back(runLevel + jitter(generator) - 1); // jitter of mean 0
            runMeans.push_back(std::accumulate(samples.begin(), samples.end(), 0.0) / 10);
            runs.push_back(std::move(samples));
        }
        BootstrapOptions options;
        options.seed = BootstrapOptions::kDefaultSeed + std::uint64_t(study);
        const ConfidenceInterval summary =
            RunLevelStatistics::summarize(runMeans, options).meanInterval;
        summaryCovers += summary.low <= kTrueMean && kTrueMean <= summary.high;
        const ConfidenceInterval cluster = RunLevelStatistics::clusterBootstrap(
            runs,
            [](const std::vector<double>& pooled) {
                return std::accumulate(pooled.begin(), pooled.end(), 0.0) / double(pooled.size());
            },
            options);
        clusterCovers += cluster.low <= kTrueMean && kTrueMean <= cluster.high;
    }
    const auto within = [&](int covers) {
        const double rate = double(covers) / kCoverageStudies;
        const double tolerance = test::kSlowdown > 1 ? 0.1 : 0.03; // 30 studies: coarser
        return rate >= 0.95 - tolerance && rate <= 0.95 + tolerance;
    };
    qInfo("coverage of %d studies: run values %d, cluster bootstrap %d", kCoverageStudies,
          summaryCovers, clusterCovers);
    QVERIFY2(within(summaryCovers), qPrintable(QString::number(summaryCovers)));
    QVERIFY2(within(clusterCovers), qPrintable(QString::number(clusterCovers)));
}

// Every split of the pooled run values enumerated by its own means (not by sums as the
// product counts them): the permutation p-value and the exact Mann–Whitney p-value.
void TestRepetitions::exactPValuesEqualEnumeration() {
    std::mt19937_64 generator(77);
    std::normal_distribution<double> value(10, 3);
    for (const auto& [n1, n2] : std::vector<std::pair<int, int>>{{3, 3}, {3, 5}, {4, 6}, {6, 6}}) {
        for (int draw = 0; draw < 5; ++draw) {
            std::vector<double> a(static_cast<std::size_t>(n1));
            std::vector<double> b(static_cast<std::size_t>(n2));
            for (double& v : a)
                v = value(generator);
            for (double& v : b)
                v = value(generator) + draw; // from no shift to a clear one
            std::vector<double> pooled = a;
            pooled.insert(pooled.end(), b.begin(), b.end());
            const int n = n1 + n2;
            const auto meanDifference = [&](unsigned mask) {
                double sumA = 0;
                double sumB = 0;
                for (int i = 0; i < n; ++i)
                    (mask >> i & 1u ? sumA : sumB) += pooled[std::size_t(i)];
                return sumB / n2 - sumA / n1;
            };
            const auto uOf = [&](unsigned mask) {
                double u = 0;
                for (int i = 0; i < n; ++i)
                    for (int j = 0; j < n; ++j)
                        if ((mask >> i & 1u) && !(mask >> j & 1u))
                            u += pooled[std::size_t(i)] > pooled[std::size_t(j)];
                return u;
            };
            const unsigned observedMask = (1u << n1) - 1;
            const double observed = meanDifference(observedMask);
            const double observedU = uOf(observedMask);
            int splits = 0;
            int atLeast = 0;
            int atMost = 0;
            int uAtLeast = 0;
            int uAtMost = 0;
            for (unsigned mask = 0; mask < (1u << n); ++mask) {
                if (__builtin_popcount(mask) != n1)
                    continue;
                ++splits;
                const double d = meanDifference(mask);
                atLeast += d >= observed - 1e-9;
                atMost += d <= observed + 1e-9;
                const double u = uOf(mask);
                uAtLeast += u >= observedU;
                uAtMost += u <= observedU;
            }
            const double permutationP = std::min(1.0, 2.0 * std::min(atLeast, atMost) / splits);
            const double mannWhitneyP = std::min(1.0, 2.0 * std::min(uAtLeast, uAtMost) / splits);
            const RunLevelComparison c = RunLevelStatistics::compare(a, b);
            QCOMPARE(c.permutationMethod, PValueMethod::Exact);
            QCOMPARE(c.mannWhitney.method, PValueMethod::Exact);
            QVERIFY2(std::abs(c.permutationP - permutationP) < 1e-12,
                     qPrintable(QStringLiteral("%1+%2: %3 vs %4")
                                    .arg(n1)
                                    .arg(n2)
                                    .arg(c.permutationP)
                                    .arg(permutationP)));
            QVERIFY2(std::abs(c.mannWhitney.pValue - mannWhitneyP) < 1e-12,
                     qPrintable(QStringLiteral("%1+%2: %3 vs %4")
                                    .arg(n1)
                                    .arg(n2)
                                    .arg(c.mannWhitney.pValue)
                                    .arg(mannWhitneyP)));
        }
    }
}

QTEST_APPLESS_MAIN(TestRepetitions)
#include "tst_repetitions.moc"
