#include "stats/CdfReducer.h"
#include "stats/EmpiricalCdf.h"

#include <QTest>

#include <algorithm>
#include <random>

using namespace wb;

class TestCdfReducer : public QObject {
    Q_OBJECT

private slots:
    void keepsMinMaxAndTail();
    void everyPointLiesOnTheExactCdf();
    void logScale();
    void smallInputIsUnchanged();
};

namespace {
std::vector<double> lognormalSamples(std::size_t n) {
    std::mt19937_64 random(7);
    std::lognormal_distribution<double> rtt(-2, 0.6);
    std::vector<double> values(n);
    for (double& value : values)
        value = std::round(rtt(random) * 1000) / 1000;
    values.back() = 250.0; // one spike far out
    std::sort(values.begin(), values.end());
    return values;
}
} // namespace

void TestCdfReducer::keepsMinMaxAndTail() {
    const auto sorted = lognormalSamples(1'000'000);
    const auto points = CdfReducer::reduce(sorted, sorted.front(), sorted.back(), 800);
    QCOMPARE(points.x.front(), sorted.front());
    QCOMPARE(points.x.back(), 250.0);
    QCOMPARE(points.y.back(), 1.0);
    // Every distinct value above p99 is a step of its own.
    const auto tail =
        EmpiricalCdf::ofSorted(std::vector<double>(sorted.begin() + 990'000, sorted.end()));
    const auto tailKept =
        std::count_if(points.y.begin(), points.y.end(), [](double y) { return y > 0.99; });
    QVERIFY(tailKept >= static_cast<long>(tail.x.size()) - 1);
    QVERIFY2(points.x.size() < 2 * 800 + tail.x.size() + 2,
             qPrintable(QString::number(points.x.size())));
}

void TestCdfReducer::everyPointLiesOnTheExactCdf() {
    const auto sorted = lognormalSamples(200'000);
    const EmpiricalCdf exact = EmpiricalCdf::ofSorted(sorted);
    const auto points = CdfReducer::reduce(sorted, 0, 2, 300);
    for (std::size_t i = 0; i < points.x.size(); ++i) {
        const auto at =
            std::lower_bound(exact.x.begin(), exact.x.end(), points.x[i]) - exact.x.begin();
        QCOMPARE(exact.x[static_cast<std::size_t>(at)], points.x[i]);
        QCOMPARE(exact.y[static_cast<std::size_t>(at)], points.y[i]);
    }
    QVERIFY(std::is_sorted(points.x.begin(), points.x.end()));
}

void TestCdfReducer::logScale() {
    const auto sorted = lognormalSamples(100'000);
    const auto points = CdfReducer::reduce(sorted, 0.001, 300, 400, CdfReducer::Scale::Log);
    QCOMPARE(points.x.back(), 250.0);
    QVERIFY(points.x.size() < 2 * 400 + 1100);
}

void TestCdfReducer::smallInputIsUnchanged() {
    const std::vector<double> sorted = {1, 2, 2, 3};
    const auto points = CdfReducer::reduce(sorted, 0, 4, 1000);
    QCOMPARE(points.x, (std::vector<double>{1, 2, 3}));
    QCOMPARE(points.y, (std::vector<double>{0.25, 0.75, 1.0}));
}

QTEST_APPLESS_MAIN(TestCdfReducer)
#include "tst_cdfreducer.moc"
