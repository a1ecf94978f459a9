#include "TestSupport.h"

#include "model/LatencySeries.h"
#include "stats/TimelineReducer.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

using namespace wb;

namespace {

// An hour of `ping -i 0.001`-like replies (sequence × 1 ms) with a single 500 ms spike.
struct Spiky {
    std::vector<double> x;
    std::vector<double> y;
    std::size_t spikeAt = 0;
};

const Spiky& spiky() {
    static const Spiky data = [] {
        Spiky d;
        const std::size_t n = 3'000'000;
        d.x.resize(n);
        d.y.resize(n);
        std::mt19937_64 random(7);
        std::lognormal_distribution<double> rtt(std::log(0.05), 0.3);
        for (std::size_t i = 0; i < n; ++i) {
            d.x[i] = static_cast<double>(i + 1) * 0.001;
            d.y[i] = std::min(std::round(rtt(random) * 1000) / 1000, 5.0);
        }
        d.spikeAt = 1'234'567;
        d.y[d.spikeAt] = 500.0;
        return d;
    }();
    return data;
}

// The reduction computed the obvious way, to compare with.
void bruteForce(const std::vector<double>& x, const std::vector<double>& y, double xMin,
                double xMax, int columns, std::vector<double>* lo, std::vector<double>* hi) {
    const double inf = std::numeric_limits<double>::infinity();
    lo->assign(static_cast<std::size_t>(columns), inf);
    hi->assign(static_cast<std::size_t>(columns), -inf);
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i] < xMin || x[i] > xMax || std::isnan(y[i]))
            continue;
        auto c = static_cast<std::size_t>(std::floor((x[i] - xMin) / (xMax - xMin) * columns));
        c = std::min(c, static_cast<std::size_t>(columns - 1));
        (*lo)[c] = std::min((*lo)[c], y[i]);
        (*hi)[c] = std::max((*hi)[c], y[i]);
    }
}

void compareWithBruteForce(const std::vector<double>& x, const std::vector<double>& y, double xMin,
                           double xMax, int columns, bool sorted) {
    const TimelineReducer::Columns reduced =
        TimelineReducer::reduce(x, y, xMin, xMax, columns, sorted);
    std::vector<double> lo, hi;
    bruteForce(x, y, xMin, xMax, columns, &lo, &hi);
    std::size_t nonEmpty = 0;
    for (int c = 0; c < columns; ++c)
        nonEmpty += std::isfinite(lo[static_cast<std::size_t>(c)]) ? 1 : 0;
    QCOMPARE(reduced.column.size(), nonEmpty);
    for (std::size_t k = 0; k < reduced.column.size(); ++k) {
        const auto c = static_cast<std::size_t>(reduced.column[k]);
        QCOMPARE(reduced.min[k], lo[c]);
        QCOMPARE(reduced.max[k], hi[c]);
        QCOMPARE(y[reduced.minIndex[k]], lo[c]);
        QCOMPARE(y[reduced.maxIndex[k]], hi[c]);
    }
}

} // namespace

class TestTimelineReducer : public QObject {
    Q_OBJECT

private slots:
    void spikeSurvivesAtEightHundredColumns();
    void everyColumnMatchesBruteForce();
    void narrowZoomKeepsExactValues();
    void unsortedAndNaN();
    void polyLineVisitsMinAndMax();
    void xAxesOfASeries();
    void lossPerColumnIsTheLostShareOfEachColumn();
    void timing();
};

void TestTimelineReducer::spikeSurvivesAtEightHundredColumns() {
    const Spiky& d = spiky();
    const auto reduced = TimelineReducer::reduce(d.x, d.y, d.x.front(), d.x.back(), 800, true);
    QVERIFY(reduced.column.size() <= 800);
    QCOMPARE(*std::max_element(reduced.max.begin(), reduced.max.end()), 500.0);
    const auto line = TimelineReducer::toPolyLine(reduced, d.x, d.y);
    QVERIFY(line.x.size() <= 1600);
    QVERIFY(std::find(line.index.begin(), line.index.end(), d.spikeAt) != line.index.end());
    QCOMPARE(*std::max_element(line.y.begin(), line.y.end()), 500.0);
}

void TestTimelineReducer::everyColumnMatchesBruteForce() {
    const Spiky& d = spiky();
    compareWithBruteForce(d.x, d.y, d.x.front(), d.x.back(), 800, true);
    compareWithBruteForce(d.x, d.y, 1000.0, 2000.0, 1234, true);
    compareWithBruteForce(d.x, d.y, -50.0, 4000.0, 333, true); // wider than the data
}

void TestTimelineReducer::narrowZoomKeepsExactValues() {
    const Spiky& d = spiky();
    // 0.3 s around the spike: 300 samples in 800 columns, each its own column.
    const double centre = d.x[d.spikeAt];
    const auto reduced = TimelineReducer::reduce(d.x, d.y, centre - 0.15, centre + 0.15, 800, true);
    compareWithBruteForce(d.x, d.y, centre - 0.15, centre + 0.15, 800, true);
    const auto line = TimelineReducer::toPolyLine(reduced, d.x, d.y);
    // Every sample in range is drawn at its exact x and y, plus one neighbour per side.
    std::size_t inRange = 0;
    for (double v : d.x)
        inRange += (v >= centre - 0.15 && v <= centre + 0.15) ? 1 : 0;
    QCOMPARE(line.x.size(), inRange + 2);
    for (std::size_t k = 0; k < line.x.size(); ++k) {
        QCOMPARE(line.x[k], d.x[line.index[k]]);
        QCOMPARE(line.y[k], d.y[line.index[k]]);
    }
    QVERIFY(line.x.front() < centre - 0.15 && line.x.back() > centre + 0.15);
    QCOMPARE(*std::max_element(line.y.begin(), line.y.end()), 500.0);
}

void TestTimelineReducer::unsortedAndNaN() {
    // Reordered replies: x not monotonic. NaN RTTs are skipped.
    std::vector<double> x{1, 3, 2, 5, 4, 7, 6, 9, 8, 10};
    std::vector<double> y{1, 2, std::nan(""), 4, 5, 6, 7, 80, 9, 10};
    compareWithBruteForce(x, y, 2.5, 8.5, 3, false);
    const auto reduced = TimelineReducer::reduce(x, y, 2.5, 8.5, 3, false);
    QCOMPARE(reduced.before, std::size_t(0)); // x=2 has a NaN RTT; x=1 is the neighbour
    QCOMPARE(reduced.after, std::size_t(7));  // x=9 is the nearest right of 8.5
    QCOMPARE(*std::max_element(reduced.max.begin(), reduced.max.end()), 9.0);
    const auto sortedCols = TimelineReducer::reduce(x, y, 0, 20, 4, false);
    QCOMPARE(*std::max_element(sortedCols.max.begin(), sortedCols.max.end()), 80.0);
    QVERIFY(TimelineReducer::reduce({}, {}, 0, 1, 10, true).column.empty());
}

void TestTimelineReducer::polyLineVisitsMinAndMax() {
    std::vector<double> x{0.1, 0.2, 0.3, 0.4, 1.1, 1.2};
    std::vector<double> y{5, 1, 9, 3, 2, 2};
    const auto reduced = TimelineReducer::reduce(x, y, 0, 2, 2, true);
    const auto line = TimelineReducer::toPolyLine(reduced, x, y);
    // Column 0: min 1 (at 0.2) then max 9 (at 0.3), in measurement order; column 1: one point
    // (equal extremes, the first kept).
    QCOMPARE(line.x, (std::vector<double>{0.2, 0.3, 1.1}));
    QCOMPARE(line.y, (std::vector<double>{1, 9, 2}));
}

void TestTimelineReducer::xAxesOfASeries() {
    LatencySeries s;
    s.rttMs = {1, 2, 3};
    s.sequence = {1, 2, 5};
    s.lostSequence = {3, 4};
    QCOMPARE(TimelineReducer::axisFor(s, 0), TimelineReducer::XAxis::Sequence);
    QCOMPARE(TimelineReducer::axisFor(s, 0.2), TimelineReducer::XAxis::SequenceTimesInterval);
    QCOMPARE(TimelineReducer::xValues(s, TimelineReducer::XAxis::Sequence, 0),
             (std::vector<double>{1, 2, 5}));
    const auto scaled =
        TimelineReducer::xValues(s, TimelineReducer::XAxis::SequenceTimesInterval, 0.5);
    QCOMPARE(scaled, (std::vector<double>{0.5, 1, 2.5}));
    s.timestamps = {1000.0, 1001.0, 1004.0};
    QCOMPARE(TimelineReducer::axisFor(s, 0.2), TimelineReducer::XAxis::TimeSinceFirstReply);
    const auto t = TimelineReducer::XAxis::TimeSinceFirstReply;
    QCOMPARE(TimelineReducer::xValues(s, t, 0), (std::vector<double>{0, 1, 4}));
    // Lost 3 and 4 lie between the replies to 2 (t=1) and 5 (t=4).
    QCOMPARE(TimelineReducer::xOfSequences(s, s.lostSequence, t, 0), (std::vector<double>{2, 3}));
    // Beyond the last reply: the mean spacing (1 s per sequence number) carries on.
    QCOMPARE(TimelineReducer::xOfSequences(s, {7}, t, 0), (std::vector<double>{6}));
}

// 0.05 % of 2 M requests lost, scattered, and one outage: each column's share equals its
// lost requests over its requests counted with binary searches over the sorted x, a column
// with one loss among thousands is far from solid, and the outage's columns are.
void TestTimelineReducer::lossPerColumnIsTheLostShareOfEachColumn() {
    constexpr int kRequests = 2'000'000;
    constexpr int kColumns = 640;
    std::mt19937_64 random(24);
    std::vector<double> replyX, lostX;
    for (int i = 0; i < kRequests; ++i) {
        const double x = i * 0.001; // ping -i 0.001: seconds
        const bool outage = i >= 1'000'000 && i < 1'010'000;
        if (outage || random() % 2000 == 0)
            lostX.push_back(x);
        else
            replyX.push_back(x);
    }
    const double xMin = -1, xMax = kRequests * 0.001 + 1;
    const std::vector<double> share =
        TimelineReducer::lossPerColumn(replyX, lostX, xMin, xMax, kColumns);
    QCOMPARE(int(share.size()), kColumns);
    const double width = (xMax - xMin) / kColumns;
    auto within = [](const std::vector<double>& xs, double from, double to, bool last) {
        const auto begin = std::lower_bound(xs.begin(), xs.end(), from);
        const auto end = last ? std::upper_bound(xs.begin(), xs.end(), to)
                              : std::lower_bound(xs.begin(), xs.end(), to);
        return static_cast<double>(end - begin);
    };
    int solid = 0;
    for (int c = 0; c < kColumns; ++c) {
        const double from = xMin + c * width, to = xMin + (c + 1) * width;
        const double lost = within(lostX, from, to, c == kColumns - 1);
        const double sent = lost + within(replyX, from, to, c == kColumns - 1);
        const double expected = lost > 0 ? lost / sent : 0.0;
        QVERIFY2(std::abs(share[static_cast<std::size_t>(c)] - expected) < 1e-12,
                 qPrintable(QStringLiteral("column %1: %2, expected %3")
                                .arg(c)
                                .arg(share[static_cast<std::size_t>(c)])
                                .arg(expected)));
        const bool atOutage = to > 1000 && from < 1010; // 10 s from request 1,000,000
        if (expected >= 0.99)
            ++solid;
        else if (!atOutage)
            QVERIFY(share[static_cast<std::size_t>(c)] < 0.01); // the scattered 0.05 %
    }
    QVERIFY(solid >= 2); // the outage: 10 s of 2,000 s over 640 columns of 3.1 s
    QVERIFY(std::count(share.begin(), share.end(), 0.0) < kColumns / 4); // losses spread out
    // Nothing sent in range, or an empty range: nothing lost.
    for (double v : TimelineReducer::lossPerColumn(replyX, lostX, 5000, 6000, 10))
        QCOMPARE(v, 0.0);
    QCOMPARE(TimelineReducer::lossPerColumn(replyX, lostX, 1, 1, 3), std::vector<double>(3, 0.0));
}

void TestTimelineReducer::timing() {
    const Spiky& d = spiky();
    QElapsedTimer timer;
    timer.start();
    const auto reduced = TimelineReducer::reduce(d.x, d.y, d.x.front(), d.x.back(), 800, true);
    const auto line = TimelineReducer::toPolyLine(reduced, d.x, d.y);
    const qint64 sortedMs = timer.elapsed();
    timer.restart();
    const auto scanned = TimelineReducer::reduce(d.x, d.y, d.x.front(), d.x.back(), 800, false);
    const qint64 unsortedMs = timer.elapsed();
    qInfo("3M samples -> %zu points at 800 columns: %lld ms (sorted), %lld ms (scan)",
          line.x.size(), static_cast<long long>(sortedMs), static_cast<long long>(unsortedMs));
    QCOMPARE(scanned.max, reduced.max);
#if defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__)
    QVERIFY2(sortedMs < 100 * test::kSlowdown,
             "a full-range reduction of 3M samples must take < 100 ms");
#endif
}

QTEST_GUILESS_MAIN(TestTimelineReducer)
#include "tst_timelinereducer.moc"
