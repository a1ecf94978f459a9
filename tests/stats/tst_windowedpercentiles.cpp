#include "stats/BoxSummary.h"
#include "stats/Percentiles.h"
#include "stats/WindowedPercentiles.h"

#include <QTest>

#include <cmath>
#include <numeric>
#include <random>

using namespace wb;

namespace {

// A ping run of `requests` requests (sequence 1..requests) with the given ones lost and
// random RTTs for the rest.
LatencySeries constructed(std::int64_t requests, const std::vector<std::int64_t>& lost,
                          unsigned seed = 7) {
    LatencySeries series;
    std::mt19937_64 random(seed);
    std::lognormal_distribution<double> rtt(std::log(0.3), 0.9);
    for (std::int64_t seq = 1; seq <= requests; ++seq) {
        if (std::binary_search(lost.begin(), lost.end(), seq)) {
            series.lostSequence.push_back(seq);
            continue;
        }
        series.sequence.push_back(seq);
        series.rttMs.push_back(std::round(rtt(random) * 1000) / 1000);
        series.timestamps.push_back(1'700'000'000.0 + 0.01 * static_cast<double>(seq));
    }
    return series;
}

} // namespace

class TestWindowedPercentiles : public QObject {
    Q_OBJECT

private slots:
    void windowsMatchPercentilesOfEachWindow();
    void lossPerWindowOnConstructedSeries();
    void partialRangeKeepsAlignment();
    void withoutSequenceLossIsUnknown();
    void windowFor();
    void boxQuartilesAndPercentileWhiskers();
    void boxTukeyWhiskersClipToData();
    void boxEmpty();
};

void TestWindowedPercentiles::windowsMatchPercentilesOfEachWindow() {
    const LatencySeries series = constructed(10'007, {});
    const std::size_t w = 100;
    const std::vector<PercentileWindow> windows = WindowedPercentiles::of(series, w);
    QCOMPARE(windows.size(), std::size_t{101}); // the last one holds the remaining 7 replies
    for (std::size_t k = 0; k < windows.size(); ++k) {
        const std::size_t begin = k * w;
        const std::size_t end = std::min(begin + w, series.size());
        const Percentiles independent(
            std::vector<double>(series.rttMs.begin() + static_cast<std::ptrdiff_t>(begin),
                                series.rttMs.begin() + static_cast<std::ptrdiff_t>(end)));
        const PercentileWindow& window = windows[k];
        QCOMPARE(window.firstReply, begin);
        QCOMPARE(window.replies, end - begin);
        QCOMPARE(window.p1, independent.at(1));
        QCOMPARE(window.p5, independent.at(5));
        QCOMPARE(window.p50, independent.at(50));
        QCOMPARE(window.p95, independent.at(95));
        QCOMPARE(window.p99, independent.at(99));
        QCOMPARE(window.sequenceCentre,
                 0.5 * static_cast<double>(series.sequence[begin] + series.sequence[end - 1]));
        QCOMPARE(window.timeCentre, 0.5 * (series.timestamps[begin] + series.timestamps[end - 1]) -
                                        series.timestamps.front());
        QCOMPARE(window.lossPercent, 0.0);
    }
}

void TestWindowedPercentiles::lossPerWindowOnConstructedSeries() {
    // 45 requests, windows of 10 replies. Lost: 1-2 (before the first reply: the first
    // window takes them), 15 and 30-31 inside windows, 44-45 after the last reply (the last
    // window takes them).
    const LatencySeries series = constructed(45, {1, 2, 15, 30, 31, 44, 45});
    QCOMPARE(series.size(), std::size_t{38});
    const std::vector<PercentileWindow> windows = WindowedPercentiles::of(series, 10);
    QCOMPARE(windows.size(), std::size_t{4});
    // Replies: window 0 = seq 3..12, window 1 = 13,14,16..23, window 2 = 24..29,32..35,
    // window 3 = 36..43.
    QCOMPARE(series.sequence[10], std::int64_t{13});
    QCOMPARE(series.sequence[20], std::int64_t{24});
    QCOMPARE(series.sequence[30], std::int64_t{36});
    const std::int64_t expectedLost[] = {2, 1, 2, 2};
    const double expectedRequests[] = {12, 11, 12, 10};
    std::int64_t total = 0;
    for (std::size_t k = 0; k < windows.size(); ++k) {
        QCOMPARE(windows[k].lost, expectedLost[k]);
        QCOMPARE(windows[k].lossPercent,
                 100.0 * static_cast<double>(expectedLost[k]) / expectedRequests[k]);
        total += windows[k].lost;
    }
    QCOMPARE(total, static_cast<std::int64_t>(series.lostSequence.size()));
}

void TestWindowedPercentiles::partialRangeKeepsAlignment() {
    const LatencySeries series = constructed(5'000, {100, 2'500, 2'501});
    const std::vector<PercentileWindow> all = WindowedPercentiles::of(series, 50);
    const std::vector<PercentileWindow> part = WindowedPercentiles::of(series, 50, 1'230, 2'610);
    QVERIFY(!part.empty());
    QCOMPARE(part.front().firstReply, std::size_t{1'200}); // aligned to the window grid
    for (const PercentileWindow& w : part) {
        const PercentileWindow& same = all[w.firstReply / 50];
        QCOMPARE(w.p50, same.p50);
        QCOMPARE(w.p99, same.p99);
        QCOMPARE(w.lost, same.lost);
    }
    QCOMPARE(part.back().firstReply + part.back().replies, std::size_t{2'650});
}

void TestWindowedPercentiles::withoutSequenceLossIsUnknown() {
    LatencySeries series;
    series.rttMs = {1, 2, 3, 4, 5, 6};
    const std::vector<PercentileWindow> windows = WindowedPercentiles::of(series, 4);
    QCOMPARE(windows.size(), std::size_t{2});
    QVERIFY(std::isnan(windows[0].lossPercent));
    QVERIFY(std::isnan(windows[0].timeCentre));
    QCOMPARE(windows[0].sequenceCentre, 1.5); // reply indices stand in for sequence numbers
    QCOMPARE(windows[1].p50, 5.5);
    QVERIFY(WindowedPercentiles::of(series, 0).empty());
}

void TestWindowedPercentiles::windowFor() {
    QCOMPARE(WindowedPercentiles::windowFor(5'000), std::size_t{25});
    QCOMPARE(WindowedPercentiles::windowFor(5'000'001), std::size_t{25'001});
    QCOMPARE(WindowedPercentiles::windowFor(10), std::size_t{1});
    QCOMPARE(WindowedPercentiles::windowFor(0), std::size_t{1});
}

void TestWindowedPercentiles::boxQuartilesAndPercentileWhiskers() {
    std::vector<double> sorted(201);
    std::iota(sorted.begin(), sorted.end(), 0.0); // 0..200: numpy p25 = 50, p1 = 2, p99 = 198
    const BoxSummary box = BoxSummary::of(sorted, BoxSummary::Whiskers::Percentile1To99);
    QCOMPARE(box.count, std::size_t{201});
    QCOMPARE(box.q1, 50.0);
    QCOMPARE(box.median, 100.0);
    QCOMPARE(box.q3, 150.0);
    QCOMPARE(box.lowerWhisker, 2.0);
    QCOMPARE(box.upperWhisker, 198.0);
    QCOMPARE(box.outliersBelow, std::size_t{2}); // 0 and 1
    QCOMPARE(box.outliersAbove, std::size_t{2}); // 199 and 200
    QCOMPARE(box.min, 0.0);
    QCOMPARE(box.max, 200.0);

    // Interpolated quartiles: numpy.percentile([1, 2, 3, 4], [25, 75]) = [1.75, 3.25].
    const BoxSummary small = BoxSummary::of({1, 2, 3, 4}, BoxSummary::Whiskers::Percentile1To99);
    QCOMPARE(small.q1, 1.75);
    QCOMPARE(small.q3, 3.25);
    QCOMPARE(small.lowerWhisker, Percentiles::ofSorted({1, 2, 3, 4}, 1));
    QCOMPARE(small.outliers(), std::size_t{2}); // 1 < p1 = 1.03 and 4 > p99 = 3.97
}

void TestWindowedPercentiles::boxTukeyWhiskersClipToData() {
    // q1 = 2, q3 = 4 (numpy linear on 9 values), IQR 2, fences -1 and 7.
    const std::vector<double> sorted{0.5, 1, 2, 2, 3, 3, 4, 6.5, 20};
    const BoxSummary box = BoxSummary::of(sorted, BoxSummary::Whiskers::Tukey);
    QCOMPARE(box.q1, 2.0);
    QCOMPARE(box.q3, 4.0);
    QCOMPARE(box.lowerWhisker, 0.5); // the fence is -1; the whisker stops at the smallest sample
    QCOMPARE(box.upperWhisker, 6.5); // the largest sample within the fence at 7
    QCOMPARE(box.outliersBelow, std::size_t{0});
    QCOMPARE(box.outliersAbove, std::size_t{1});

    const BoxSummary flat = BoxSummary::of({5, 5, 5}, BoxSummary::Whiskers::Tukey);
    QCOMPARE(flat.lowerWhisker, 5.0);
    QCOMPARE(flat.upperWhisker, 5.0);
    QCOMPARE(flat.outliers(), std::size_t{0});
}

void TestWindowedPercentiles::boxEmpty() {
    const BoxSummary box = BoxSummary::of({}, BoxSummary::Whiskers::Tukey);
    QCOMPARE(box.count, std::size_t{0});
    QVERIFY(std::isnan(box.median));
    QCOMPARE(box.outliers(), std::size_t{0});
}

QTEST_APPLESS_MAIN(TestWindowedPercentiles)
#include "tst_windowedpercentiles.moc"
