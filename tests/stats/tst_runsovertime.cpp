// RunsOverTime: a group's median (or mean) over time and its band across runs, on a grid
// common to the runs, checked against values worked out by hand in the comments.

#include "stats/RunsOverTime.h"

#include <QTest>

using namespace wb;

namespace {

std::vector<TcpPoint> points(std::initializer_list<std::pair<double, double>> tv) {
    std::vector<TcpPoint> out;
    for (auto [t, v] : tv)
        out.push_back({t, v, std::nullopt, std::nullopt});
    return out;
}

struct Expected {
    double t, centre, low, high;
};

void compare(const std::vector<RunsOverTime::Point>& got, const std::vector<Expected>& want) {
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        QCOMPARE(got[i].t, want[i].t);
        QCOMPARE(got[i].centre, want[i].centre);
        QCOMPARE(got[i].low, want[i].low);
        QCOMPARE(got[i].high, want[i].high);
    }
}

// Three runs sampled at the same times (interval midpoints); the third run is one interval
// shorter, so the grid ends at 2.5 s where every run has data.
std::vector<std::vector<TcpPoint>> sameSampling() {
    return {points({{0.5, 10}, {1.5, 20}, {2.5, 30}, {3.5, 40}}),
            points({{0.5, 4}, {1.5, 8}, {2.5, 12}, {3.5, 16}}),
            points({{0.5, 6}, {1.5, 26}, {2.5, 2}})};
}

} // namespace

class TestRunsOverTime : public QObject {
    Q_OBJECT

private slots:
    void medianAndRangeOfRunsAtTheirOwnTimes() {
        // 0.5 s: {10, 4, 6} sorted 4 6 10; 1.5 s: 8 20 26; 2.5 s: 2 12 30.
        compare(RunsOverTime::of(sameSampling(), RunsOverTime::Centre::Median,
                                 RunsOverTime::Spread::MinMax),
                {{0.5, 6, 4, 10}, {1.5, 20, 8, 26}, {2.5, 12, 2, 30}});
    }

    void meanAndInterquartileRange() {
        // numpy.percentile(linear) of three sorted values a b c: p25 at index 0.5 = (a+b)/2,
        // p75 at index 1.5 = (b+c)/2. Means: 20/3, 54/3, 44/3.
        compare(RunsOverTime::of(sameSampling(), RunsOverTime::Centre::Mean,
                                 RunsOverTime::Spread::Interquartile),
                {{0.5, 20.0 / 3, 5, 8}, {1.5, 18, 14, 23}, {2.5, 44.0 / 3, 7, 21}});
    }

    void differentSamplingsInterpolated() {
        // Steps 1, 1 (first run) and 0.5, 0.5, 0.5 (second): median step 0.5. Both have data
        // from 0.25 s to 1.75 s. The first run, 10 per second from 0, is 2.5 at 0.25 s; the
        // median of two runs is their mean: (2.5 + 1) / 2 = 1.75, and so on.
        const std::vector<std::vector<TcpPoint>> runs = {
            points({{0, 0}, {1, 10}, {2, 20}}),
            points({{0.25, 1}, {0.75, 1}, {1.25, 1}, {1.75, 1}})};
        QCOMPARE(RunsOverTime::gridStep(runs), 0.5);
        compare(RunsOverTime::of(runs, RunsOverTime::Centre::Median, RunsOverTime::Spread::MinMax),
                {{0.25, 1.75, 1, 2.5},
                 {0.75, 4.25, 1, 7.5},
                 {1.25, 6.75, 1, 12.5},
                 {1.75, 9.25, 1, 17.5}});
    }

    void evenNumberOfRunsTakesTheMiddlePair() {
        // {1, 2, 5, 9}: median (2 + 5) / 2 = 3.5; p25 at index 0.75 = 1.75, p75 at 2.25 = 6.
        const std::vector<std::vector<TcpPoint>> runs = {points({{1, 9}}), points({{1, 2}}),
                                                         points({{1, 5}}), points({{1, 1}})};
        compare(RunsOverTime::of(runs, RunsOverTime::Centre::Median,
                                 RunsOverTime::Spread::Interquartile),
                {{1, 3.5, 1.75, 6}});
    }

    void runsThatDoNotOverlapHaveNoLine() {
        QVERIFY(RunsOverTime::of({points({{0, 1}, {1, 1}}), points({{2, 1}, {3, 1}})},
                                 RunsOverTime::Centre::Median, RunsOverTime::Spread::MinMax)
                    .empty());
        QVERIFY(RunsOverTime::of({points({{0, 1}}), {}}, RunsOverTime::Centre::Median,
                                 RunsOverTime::Spread::MinMax)
                    .empty());
        QVERIFY(RunsOverTime::of({}, RunsOverTime::Centre::Median, RunsOverTime::Spread::MinMax)
                    .empty());
    }

    void valueAtInterpolatesLinearly() {
        const std::vector<TcpPoint> run = points({{0, 0}, {2, 10}, {3, 40}});
        QCOMPARE(RunsOverTime::valueAt(run, 0), 0.0);
        QCOMPARE(RunsOverTime::valueAt(run, 0.5), 2.5);
        QCOMPARE(RunsOverTime::valueAt(run, 2), 10.0);
        QCOMPARE(RunsOverTime::valueAt(run, 2.5), 25.0);
        QCOMPARE(RunsOverTime::valueAt(run, 3), 40.0);
    }
};

QTEST_GUILESS_MAIN(TestRunsOverTime)
#include "tst_runsovertime.moc"
