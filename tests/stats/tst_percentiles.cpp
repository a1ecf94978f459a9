#include "NumpyReference.h"
#include "stats/LatencySummary.h"
#include "stats/Percentiles.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace wb;

class TestPercentiles : public QObject {
    Q_OBJECT

private slots:
    void handComputedCases_data();
    void handComputedCases();
    void nanPropagatesAsInNumpy();
    void emptyGivesNaN();
    void equalsNumpyBitForBit_data();
    void equalsNumpyBitForBit();
    void summaryMomentsMatchNumpy_data();
    void summaryMomentsMatchNumpy();
    void selectionEqualsSortingOnVariedData();
    void sortAscendingEqualsStdSort_data();
    void sortAscendingEqualsStdSort();
};

void TestPercentiles::handComputedCases_data() {
    QTest::addColumn<std::vector<double>>("values");
    QTest::addColumn<double>("level");
    QTest::addColumn<double>("expected");
    using V = std::vector<double>;
    QTest::newRow("n=1 p0") << V{4.2} << 0.0 << 4.2;
    QTest::newRow("n=1 p50") << V{4.2} << 50.0 << 4.2;
    QTest::newRow("n=1 p100") << V{4.2} << 100.0 << 4.2;
    QTest::newRow("n=2 p0") << V{3, 1} << 0.0 << 1.0;
    QTest::newRow("n=2 p25") << V{3, 1} << 25.0 << 1.5;
    QTest::newRow("n=2 p50") << V{3, 1} << 50.0 << 2.0;
    QTest::newRow("n=2 p100") << V{3, 1} << 100.0 << 3.0;
    QTest::newRow("ties p50") << V{5, 7, 5, 5} << 50.0 << 5.0;
    QTest::newRow("ties p75") << V{5, 7, 5, 5} << 75.0 << 5.5;    // h = 2.25
    QTest::newRow("n=5 p90") << V{1, 2, 3, 4, 10} << 90.0 << 7.6; // h = 3.6 -> 4 + 0.6*6
}

void TestPercentiles::handComputedCases() {
    QFETCH(std::vector<double>, values);
    QFETCH(double, level);
    QFETCH(double, expected);
    QVERIFY(std::abs(Percentiles(values).at(level) - expected) < 1e-12);
}

void TestPercentiles::nanPropagatesAsInNumpy() {
    const Percentiles withNaN({1.0, std::nan(""), 3.0});
    QVERIFY(withNaN.containsNaN());
    QVERIFY(std::isnan(withNaN.at(50)));
    QVERIFY(std::isnan(Percentiles::select({1.0, std::nan(""), 3.0}, {50})[0]));
    const LatencySummary summary = LatencySummary::of({1.0, std::nan(""), 3.0});
    QVERIFY(std::isnan(summary.range));
}

void TestPercentiles::emptyGivesNaN() {
    QVERIFY(std::isnan(Percentiles({}).at(50)));
    QCOMPARE(LatencySummary::of({}).count, std::int64_t{0});
}

void TestPercentiles::equalsNumpyBitForBit_data() {
    QTest::addColumn<int>("size");
    QTest::addColumn<bool>("coarse"); // ping prints 3 decimals: many ties
    for (int size : {1, 2, 3, 10, 99, 101, 5000, 20011})
        for (bool coarse : {false, true})
            QTest::newRow(
                qPrintable(QStringLiteral("n=%1%2").arg(size).arg(coarse ? " coarse" : "")))
                << size << coarse;
}

void TestPercentiles::equalsNumpyBitForBit() {
    QFETCH(int, size);
    QFETCH(bool, coarse);
    std::mt19937_64 random(static_cast<unsigned>(size * 7 + coarse));
    std::lognormal_distribution<double> rtt(-2.0, 0.8); // shaped like LAN ping times in ms
    std::vector<double> values;
    for (int i = 0; i < size; ++i) {
        const double value = rtt(random);
        values.push_back(coarse ? std::round(value * 1000) / 1000 : value);
    }
    const QStringList levels = {"0",  "1",  "10", "25",   "33.3",  "50",
                                "75", "90", "99", "99.9", "99.99", "100"};
    const QStringList expected = test::numpyAnswer(values, {"percentiles", levels.join(',')});
    if (expected.isEmpty())
        QSKIP("python3 with numpy is not installed (the setup script installs python3-numpy)");
    QCOMPARE(expected.size(), levels.size());
    const Percentiles percentiles(values);
    std::vector<double> ps;
    for (const QString& level : levels)
        ps.push_back(level.toDouble());
    // Selection (the reports' path) and the sorted path (the views') both equal numpy.
    const std::vector<double> selected = Percentiles::select(values, ps);
    for (qsizetype i = 0; i < levels.size(); ++i) {
        const double numpy = expected[i].toDouble();
        for (double ours : {percentiles.at(ps[static_cast<std::size_t>(i)]),
                            selected[static_cast<std::size_t>(i)]}) {
            if (ours != numpy)
                QFAIL(qPrintable(QStringLiteral("p%1: ours %2, numpy %3")
                                     .arg(levels[i], QString::number(ours, 'g', 17),
                                          QString::number(numpy, 'g', 17))));
        }
    }
}

void TestPercentiles::summaryMomentsMatchNumpy_data() {
    QTest::addColumn<int>("size");
    QTest::addColumn<bool>("coarse");
    // Small: one pass per moment. Big and coarse (three decimals, as ping prints): every
    // number from the counts of the distinct values. Big and fine: too many distinct values
    // to count, so moments and selection on two cores.
    QTest::newRow("5000 fine") << 5000 << false;
    QTest::newRow("300000 coarse") << 300000 << true;
    QTest::newRow("300000 fine") << 300000 << false;
}

void TestPercentiles::summaryMomentsMatchNumpy() {
    QFETCH(int, size);
    QFETCH(bool, coarse);
    std::mt19937_64 random(42);
    std::normal_distribution<double> rtt(0.3, 0.05);
    std::vector<double> values;
    for (int i = 0; i < size; ++i) {
        const double value = std::abs(rtt(random));
        values.push_back(coarse ? std::round(value * 1000) / 1000 : value);
    }
    const QStringList expected = test::numpyAnswer(values, {"moments"});
    if (expected.isEmpty())
        QSKIP("python3 with numpy is not installed");
    const LatencySummary summary = LatencySummary::of(values);
    QVERIFY(std::abs(summary.mean - expected[0].toDouble()) <= 1e-12 * std::abs(summary.mean));
    // Population standard deviation (ddof = 0), as ping's mdev and the seeds use.
    QVERIFY(std::abs(summary.stddev - expected[1].toDouble()) <= 1e-9 * summary.stddev);
    QCOMPARE(summary.count, static_cast<std::int64_t>(size));
    const auto [lowest, highest] = std::minmax_element(values.begin(), values.end());
    QCOMPARE(summary.min, *lowest);
    QCOMPARE(summary.max, *highest);
    QCOMPARE(summary.range, summary.max - summary.min);
    QCOMPARE(summary.percentileValues, Percentiles(values).at(LatencySummary::defaultLevels()));
}

void TestPercentiles::sortAscendingEqualsStdSort_data() {
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("count");
    for (int count : {0, 1, 1000, 70000, 2000003}) { // std::sort, radix, two cores
        QTest::addRow("ping RTTs, %d", count) << 0 << count;
        QTest::addRow("any sign and exponent, %d", count) << 1 << count;
        QTest::addRow("few distinct values, %d", count) << 2 << count;
    }
}

void TestPercentiles::sortAscendingEqualsStdSort() {
    // Samples are sorted by Boost's pdqsort; the order must be std::sort's, value for
    // value, for RTTs as ping prints them and for anything a double can be (signs, zeros of both
    // signs, subnormals, infinities).
    QFETCH(int, shape);
    QFETCH(int, count);
    std::mt19937_64 random(static_cast<std::uint64_t>(shape * 7919 + count));
    std::lognormal_distribution<double> rtt(-1.6, 0.5);
    std::vector<double> values(static_cast<std::size_t>(count));
    const double specials[] = {0.0,
                               -0.0,
                               std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(),
                               std::numeric_limits<double>::denorm_min(),
                               -std::numeric_limits<double>::denorm_min(),
                               std::numeric_limits<double>::max(),
                               std::numeric_limits<double>::lowest()};
    for (double& value : values) {
        if (shape == 0) {
            value = std::round(rtt(random) * 1000) / 1000;
        } else if (shape == 1) {
            const std::uint64_t bits = random();
            std::memcpy(&value, &bits, sizeof value);
            if (std::isnan(value) || random() % 50 == 0)
                value = specials[random() % std::size(specials)];
        } else {
            value = static_cast<double>(random() % 5) - 2.0;
        }
    }
    std::vector<double> expected = values;
    std::sort(expected.begin(), expected.end());
    Percentiles::sortAscending(values);
    QVERIFY(values == expected); // == treats -0.0 and 0.0 as equal, as std::sort does
}

QTEST_APPLESS_MAIN(TestPercentiles)
#include "tst_percentiles.moc"

// Too many distinct values to count: select() falls back to nth_element, and must still give
// exactly the sorted path's answers (which equal numpy's above).
void TestPercentiles::selectionEqualsSortingOnVariedData() {
    std::mt19937_64 random(99);
    std::lognormal_distribution<double> rtt(-2.0, 0.8);
    for (std::size_t size : {200000u, 200001u}) {
        std::vector<double> values(size);
        for (double& value : values)
            value = rtt(random);
        const std::vector<double> levels = {0, 0.1, 1, 25, 33.3, 50, 90, 99, 99.99, 100};
        const std::vector<double> sorted = Percentiles(values).at(levels);
        QCOMPARE(Percentiles::select(values, levels), sorted);
        // Coarse: ties, counted.
        for (double& value : values)
            value = std::round(value * 1000) / 1000;
        QCOMPARE(Percentiles::select(values, levels), Percentiles(values).at(levels));
    }
}
