#include "stats/Percentiles.h"
#include "stats/RunLevelStatistics.h"

#include <QTest>

#include <cmath>

using namespace wb;

// Statistics over repeated runs. Reference values from scipy 1.10 / numpy 1.24 (Debian 12),
// checked with exact fractions where scipy's floating-point tolerance differs (see the rows):
//   stats.permutation_test((b, a), lambda x, y: np.mean(x) - np.mean(y),
//                          permutation_type='independent', n_resamples=np.inf)
//   stats.mannwhitneyu(a, b, alternative='two-sided', method='auto')
//   np.median([y - x for x in a for y in b]) (Hodges–Lehmann), np.std(a), np.mean(a)
class TestRunLevel : public QObject {
    Q_OBJECT

private slots:
    void matchesScipy_data();
    void matchesScipy();
    void summaryOfRuns();
    void oneRunEstimatesNoVariation();
    void clusterBootstrapResamplesWholeRuns();
    void manySplitsAreSampledReproducibly();
};

void TestRunLevel::matchesScipy_data() {
    QTest::addColumn<std::vector<double>>("a");
    QTest::addColumn<std::vector<double>>("b");
    QTest::addColumn<double>("permutationP");
    QTest::addColumn<double>("u");
    QTest::addColumn<double>("mannWhitneyP");
    QTest::addColumn<double>("cliffsDelta");
    QTest::addColumn<double>("hodgesLehmann");
    QTest::addColumn<double>("medianDifference");
    QTest::newRow("separate") << std::vector<double>{21.3, 22.1, 20.8}
                              << std::vector<double>{25.4, 24.9, 26.1, 25.0} << 0.05714285714285714
                              << 0.0 << 0.05714285714285714 << 1.0 << 4.049999999999999
                              << 3.8999999999999986;
    QTest::newRow("overlap") << std::vector<double>{0.97, 0.99, 0.98, 0.41, 0.985}
                             << std::vector<double>{0.95, 0.96, 0.99, 0.97} << 1.0 << 12.0
                             << 0.7109919960746027 << -0.2 << -0.010000000000000009
                             << -0.015000000000000013;
    // SUMs of iperf2 -P 30 runs (samples/cubic-vs-reno). Two splits reach the observed
    // difference (either 95.80 on A's side), so the exact p is 2 · 2/20 (exact fractions agree);
    // scipy says 0.1: its tolerance, relative to the difference, misses the second split,
    // whose mean difference differs from the observed in the last bits.
    QTest::newRow("rounded sums") << std::vector<double>{95.80, 95.70, 95.70}
                                  << std::vector<double>{95.80, 96.00, 95.90} << 0.2 << 0.5
                                  << 0.11568802229950938 << 0.8888888888888888
                                  << 0.20000000000000284 << 0.20000000000000284;
    QTest::newRow("ties") << std::vector<double>{1.0, 2.0, 2.0, 3.0}
                          << std::vector<double>{2.0, 3.0, 3.0, 4.0, 5.0} << 0.15873015873015872
                          << 3.0 << 0.09934224785346528 << 0.7 << 1.0 << 1.0;
}

void TestRunLevel::matchesScipy() {
    QFETCH(std::vector<double>, a);
    QFETCH(std::vector<double>, b);
    const RunLevelComparison c = RunLevelStatistics::compare(a, b);
    QCOMPARE(c.runsA, a.size());
    QCOMPARE(c.runsB, b.size());
    QCOMPARE(c.permutationMethod, PValueMethod::Exact);
    QTEST(c.permutationP, "permutationP");
    QTEST(c.mannWhitney.u, "u");
    QTEST(c.mannWhitney.pValue, "mannWhitneyP");
    QTEST(c.cliffsDelta, "cliffsDelta");
    QTEST(c.hodgesLehmann, "hodgesLehmann");
    QTEST(c.medianDifference, "medianDifference");
    QVERIFY(c.betweenRunVariation());
    // A bootstrap of fewer than five runs a side does not hold its coverage: no interval.
    const bool enoughRuns = a.size() >= RunLevelStatistics::kBootstrapRuns &&
                            b.size() >= RunLevelStatistics::kBootstrapRuns;
    QCOMPARE(c.medianDifferenceInterval.valid(), enoughRuns);
    if (enoughRuns) {
        QVERIFY(c.medianDifferenceInterval.low <= c.medianDifference + 1e-12);
        QVERIFY(c.medianDifferenceInterval.high >= c.medianDifference - 1e-12);
    }
}

void TestRunLevel::summaryOfRuns() {
    const RunLevelSummary s = RunLevelStatistics::summarize({21.3, 22.1, 20.8});
    QCOMPARE(s.runs, std::size_t(3));
    QCOMPARE(s.mean, 21.400000000000002);
    QCOMPARE(s.median, 21.3);
    QCOMPARE(s.stddev, 0.535412613473634);
    QCOMPARE(s.min, 20.8);
    QCOMPARE(s.max, 22.1);
    QVERIFY(!s.meanInterval.valid()); // three runs: a bootstrap of them would not hold 95 %
    const RunLevelSummary five = RunLevelStatistics::summarize({21.3, 22.1, 20.8, 21.9, 20.5});
    QVERIFY(five.meanInterval.valid());
    QVERIFY(five.meanInterval.low >= 20.5 - 1e-9 && five.meanInterval.high <= 22.1 + 1e-9);
    QVERIFY(five.meanInterval.low < five.mean && five.mean < five.meanInterval.high);
}

void TestRunLevel::oneRunEstimatesNoVariation() {
    const RunLevelSummary one = RunLevelStatistics::summarize({0.97});
    QCOMPARE(one.stddev, 0.0);
    QVERIFY(!one.meanInterval.valid());
    const RunLevelComparison c = RunLevelStatistics::compare({0.97}, {0.41, 0.42});
    QVERIFY(!c.betweenRunVariation());
    QVERIFY(!c.medianDifferenceInterval.valid());
    QVERIFY(!RunLevelStatistics::clusterBootstrap({{1, 2, 3}}, [](const std::vector<double>&) {
                 return 0.0;
             }).valid());
}

// Five runs of correlated samples (each run's samples near its own level): a bootstrap of
// the pooled samples would give a p50 interval inside one run's spread, while resampling whole
// runs spans the runs' levels. Three runs give no interval.
void TestRunLevel::clusterBootstrapResamplesWholeRuns() {
    std::vector<std::vector<double>> runs;
    for (double level : {10.0, 20.0, 30.0, 40.0, 50.0}) {
        std::vector<double> run;
        for (int i = 0; i < 100; ++i)
            run.push_back(level + 0.01 * i);
        runs.push_back(run);
    }
    const auto median = [](const std::vector<double>& pooled) {
        return Percentiles::select(pooled, {50.0}).front();
    };
    const ConfidenceInterval ci = RunLevelStatistics::clusterBootstrap(runs, median);
    QVERIFY(ci.valid());
    QVERIFY(!RunLevelStatistics::clusterBootstrap({runs[0], runs[1], runs[2]}, median).valid());
    // Every replicate's median is a value of one of the runs; draws of mostly low or mostly
    // high runs are common, so the 95 % interval spans several runs' levels.
    QVERIFY2(ci.low < 21 && ci.high > 39,
             qPrintable(QStringLiteral("%1 .. %2").arg(ci.low).arg(ci.high)));
    // Reproducible: the same seed, the same interval.
    const ConfidenceInterval again = RunLevelStatistics::clusterBootstrap(runs, median);
    QCOMPARE(again.low, ci.low);
    QCOMPARE(again.high, ci.high);
}

// 12 + 12 runs have C(24, 12) = 2.7 million splits: a seeded random sample of them.
void TestRunLevel::manySplitsAreSampledReproducibly() {
    std::vector<double> a;
    std::vector<double> b;
    for (int i = 0; i < 12; ++i) {
        a.push_back(1.0 + 0.1 * i);
        b.push_back(1.05 + 0.1 * i);
    }
    PValueMethod method = PValueMethod::Exact;
    const double p = RunLevelStatistics::permutationPValue(a, b, {}, &method);
    QCOMPARE(method, PValueMethod::Asymptotic);
    QVERIFY2(p > 0.5 && p <= 1, qPrintable(QString::number(p))); // shifted by 0.05 of 1.1
    QCOMPARE(RunLevelStatistics::permutationPValue(a, b, {}, &method), p);
    std::vector<double> far = b;
    for (double& value : far)
        value += 5;
    const double separated = RunLevelStatistics::permutationPValue(a, far, {}, &method);
    // No sampled split reaches the observed difference: (0 + 1) / (N + 1), doubled.
    QCOMPARE(separated, 2.0 / (RunLevelStatistics::kPermutations + 1));
}

QTEST_APPLESS_MAIN(TestRunLevel)
#include "tst_runlevel.moc"
