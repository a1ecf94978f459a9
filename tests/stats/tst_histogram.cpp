#include "NumpyReference.h"
#include "stats/EmpiricalCdf.h"
#include "stats/Histogram.h"

#include <QTest>

#include <random>

using namespace wb;

class TestHistogram : public QObject {
    Q_OBJECT

private slots:
    void edgesAndCountsBySpec();
    void singleValueWidensRangeLikeNumpy();
    void equalsNumpy_data();
    void equalsNumpy();
    void cdfSteps();
};

void TestHistogram::edgesAndCountsBySpec() {
    // Values on edges go to the bin they open; the maximum goes into the last bin.
    const Histogram h = Histogram::of({0, 1, 2, 3, 4}, 4, 0, 4);
    QCOMPARE(h.edges, (std::vector<double>{0, 1, 2, 3, 4}));
    QCOMPARE(h.counts, (std::vector<std::int64_t>{1, 1, 1, 2}));
    QCOMPARE(h.total, std::int64_t{5});
    QCOMPARE(h.percent(3), 40.0);
}

void TestHistogram::singleValueWidensRangeLikeNumpy() {
    const Histogram h = Histogram::artifactDefault({2.5, 2.5});
    QCOMPARE(h.edges.front(), 2.0);
    QCOMPARE(h.edges.back(), 3.0);
    QCOMPARE(h.counts[12], std::int64_t{2});
}

void TestHistogram::equalsNumpy_data() {
    QTest::addColumn<int>("size");
    QTest::addColumn<int>("seed");
    for (int size : {2, 50, 5000})
        for (int seed : {1, 2, 3})
            QTest::newRow(qPrintable(QStringLiteral("n=%1 seed=%2").arg(size).arg(seed)))
                << size << seed;
}

void TestHistogram::equalsNumpy() {
    QFETCH(int, size);
    QFETCH(int, seed);
    std::mt19937 random(static_cast<unsigned>(seed));
    std::gamma_distribution<double> rtt(2.0, 0.05);
    std::vector<double> values;
    for (int i = 0; i < size; ++i)
        values.push_back(std::round(rtt(random) * 1000) / 1000); // 3 decimals: values hit edges
    const QStringList expected = test::numpyAnswer(values, {"histogram", "25"});
    if (expected.isEmpty())
        QSKIP("python3 with numpy is not installed");
    const Histogram ours = Histogram::artifactDefault(values);
    QStringList counts;
    for (auto count : ours.counts)
        counts << QString::number(count);
    QCOMPARE(counts.join(' '), expected[0]);
    const QStringList edges = expected[1].split(' ');
    QCOMPARE(edges.size(), qsizetype(26));
    for (int i = 0; i < 26; ++i)
        QCOMPARE(ours.edges[static_cast<std::size_t>(i)], edges[i].toDouble());
}

void TestHistogram::cdfSteps() {
    const EmpiricalCdf cdf = EmpiricalCdf::of({3, 1, 2, 2});
    QCOMPARE(cdf.x, (std::vector<double>{1, 2, 3}));
    QCOMPARE(cdf.y, (std::vector<double>{0.25, 0.75, 1.0}));
}

QTEST_APPLESS_MAIN(TestHistogram)
#include "tst_histogram.moc"
