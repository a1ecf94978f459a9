#include "TestSupport.h"

#include "stats/LossStructure.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <limits>
#include <set>

using namespace wb;

using BurstLengths = std::vector<std::pair<std::int64_t, std::int64_t>>;
Q_DECLARE_METATYPE(std::vector<std::int64_t>)
Q_DECLARE_METATYPE(BurstLengths)

namespace {

const QString kRandomLossLog = QStringLiteral("ping/iputils_random_loss_5pct.txt");

// A run of `requests` pings numbered from 1 in which exactly the `lost` ones went unanswered,
// with the summary iputils would print for it.
LatencySeries seriesWithLosses(std::int64_t requests, const std::vector<std::int64_t>& lost) {
    LatencySeries series;
    const std::set<std::int64_t> lostSet(lost.begin(), lost.end());
    for (std::int64_t sequence = 1; sequence <= requests; ++sequence) {
        if (lostSet.count(sequence) != 0)
            continue;
        series.sequence.push_back(sequence);
        series.rttMs.push_back(1.0);
    }
    series.lostSequence.assign(lostSet.begin(), lostSet.end());
    series.summary.transmitted = requests;
    series.summary.received = requests - static_cast<std::int64_t>(lostSet.size());
    return series;
}

// Replies in the given arrival order, nothing lost.
LatencySeries seriesArrivingAs(const std::vector<std::int64_t>& arrival) {
    LatencySeries series;
    series.sequence = arrival;
    series.rttMs.assign(arrival.size(), 1.0);
    return series;
}

const LatencySeries& onlySeries(const ImportResult& result) {
    return result.datasets.front().latency;
}

} // namespace

class TestLossStructure : public QObject {
    Q_OBJECT

private slots:
    void bursts_data();
    void bursts();
    void lossCountFromSummaryWhenLossesAreNotListed();
    void reordering_data();
    void reordering();
    void duplicates();
    void perWindowOnConstructedLog();
    void perWindowEdges();
    void recordedRandomLoss();
    void cliJsonHasLossKeys();
    void fiveMillionRepliesAreFast();
};

void TestLossStructure::bursts_data() {
    QTest::addColumn<std::int64_t>("requests");
    QTest::addColumn<std::vector<std::int64_t>>("lost");
    QTest::addColumn<std::int64_t>("longest");
    QTest::addColumn<double>("meanLength");
    QTest::addColumn<BurstLengths>("distribution");

    QTest::newRow("no loss") << std::int64_t{50} << std::vector<std::int64_t>{} << std::int64_t{0}
                             << 0.0 << BurstLengths{};
    QTest::newRow("bursts of 1, 3, 5")
        << std::int64_t{100} << std::vector<std::int64_t>{10, 20, 21, 22, 40, 41, 42, 43, 44}
        << std::int64_t{5} << 3.0 << BurstLengths{{1, 1}, {3, 1}, {5, 1}};
    // Two bursts of 2 must be counted as two, not merged: 5 and 7 are not consecutive.
    QTest::newRow("at start and end")
        << std::int64_t{30} << std::vector<std::int64_t>{1, 2, 5, 7, 29, 30} << std::int64_t{2}
        << 1.5 << BurstLengths{{1, 2}, {2, 2}};
    QTest::newRow("all lost") << std::int64_t{8}
                              << std::vector<std::int64_t>{1, 2, 3, 4, 5, 6, 7, 8}
                              << std::int64_t{8} << 8.0 << BurstLengths{{8, 1}};
}

void TestLossStructure::bursts() {
    QFETCH(std::int64_t, requests);
    QFETCH(std::vector<std::int64_t>, lost);
    QFETCH(std::int64_t, longest);
    QFETCH(double, meanLength);
    QFETCH(BurstLengths, distribution);

    const LossStructure loss = LossStructure::of(seriesWithLosses(requests, lost));
    const auto lostCount = static_cast<std::int64_t>(lost.size());
    QCOMPARE(loss.requests, requests);
    QCOMPARE(loss.lost, lostCount);
    QCOMPARE(loss.lossPercent, 100.0 * static_cast<double>(lostCount) / requests);
    std::int64_t bursts = 0;
    for (const auto& lengthAndCount : distribution)
        bursts += lengthAndCount.second;
    QCOMPARE(loss.burstCount, bursts);
    QCOMPARE(loss.longestBurst, longest);
    QCOMPARE(loss.meanBurstLength, meanLength);
    QVERIFY(loss.burstLengths == distribution);
    QCOMPARE(loss.reordered, std::int64_t{0});
    QCOMPARE(loss.duplicates, std::int64_t{0});
}

void TestLossStructure::lossCountFromSummaryWhenLossesAreNotListed() {
    // ping -q: the summary counts 3 losses but no line says which requests they were.
    LatencySeries quiet;
    quiet.summary.transmitted = 10;
    quiet.summary.received = 7;
    const LossStructure loss = LossStructure::of(quiet);
    QCOMPARE(loss.requests, std::int64_t{10});
    QCOMPARE(loss.lost, std::int64_t{3});
    QCOMPARE(loss.lossPercent, 30.0);
    QCOMPARE(loss.burstCount, std::int64_t{0});

    // A log cut off before its summary: requests are the replies plus the listed losses.
    LatencySeries truncated = seriesWithLosses(12, {4, 5});
    truncated.summary = {};
    const LossStructure cut = LossStructure::of(truncated);
    QCOMPARE(cut.requests, std::int64_t{12});
    QCOMPARE(cut.lost, std::int64_t{2});
    QCOMPARE(cut.burstCount, std::int64_t{1});

    QCOMPARE(LossStructure::of(LatencySeries{}).lossPercent, 0.0);
}

void TestLossStructure::reordering_data() {
    QTest::addColumn<std::vector<std::int64_t>>("arrival");
    QTest::addColumn<std::int64_t>("reordered");

    QTest::newRow("in order") << std::vector<std::int64_t>{1, 2, 3, 4} << std::int64_t{0};
    QTest::newRow("one late reply")
        << std::vector<std::int64_t>{1, 2, 4, 3, 5, 6} << std::int64_t{1};
    // 2, 3 and 4 all arrive after 5: each is late, although 3 follows 2 in order.
    QTest::newRow("overtaken by one")
        << std::vector<std::int64_t>{1, 5, 2, 3, 4, 6} << std::int64_t{3};
    QTest::newRow("very late reply") << std::vector<std::int64_t>{2, 3, 4, 5, 1} << std::int64_t{1};
}

void TestLossStructure::reordering() {
    QFETCH(std::vector<std::int64_t>, arrival);
    QFETCH(std::int64_t, reordered);
    const LossStructure loss = LossStructure::of(seriesArrivingAs(arrival));
    QCOMPARE(loss.reordered, reordered);
    QCOMPARE(loss.reorderedPercent,
             100.0 * static_cast<double>(reordered) / static_cast<double>(arrival.size()));
    QCOMPARE(loss.lost, std::int64_t{0});
}

void TestLossStructure::duplicates() {
    LatencySeries series = seriesWithLosses(6, {});
    series.duplicateSequence = {2, 5};
    series.duplicateRttMs = {1.5, 1.7};
    QCOMPARE(LossStructure::of(series).duplicates, std::int64_t{2});
    // Like the report, the tool's own count wins over the lines the log kept.
    series.summary.duplicates = 3;
    QCOMPARE(LossStructure::of(series).duplicates, std::int64_t{3});
}

void TestLossStructure::perWindowOnConstructedLog() {
    // 1000 requests numbered from 1, windows of 100: window k is [1 + 100k, 101 + 100k).
    std::vector<std::int64_t> lost{210, 211, 212, 250, 299};          // window 2: 5 %
    for (std::int64_t sequence = 701; sequence < 801; sequence += 10) // window 7: 10 %
        lost.push_back(sequence);
    const std::vector<WindowLoss> windows =
        LossStructure::perWindow(seriesWithLosses(1000, lost), 100);
    QCOMPARE(windows.size(), std::size_t{10});
    for (std::size_t k = 0; k < windows.size(); ++k) {
        QCOMPARE(windows[k].firstSequence, static_cast<std::int64_t>(1 + 100 * k));
        QCOMPARE(windows[k].sent, std::int64_t{100});
        const std::int64_t expected = k == 2 ? 5 : k == 7 ? 10 : 0;
        QCOMPARE(windows[k].lost, expected);
        QCOMPARE(windows[k].lossPercent, static_cast<double>(expected));
    }
}

void TestLossStructure::perWindowEdges() {
    // The last window holds what is left; losses at the very end still count.
    const std::vector<WindowLoss> windows =
        LossStructure::perWindow(seriesWithLosses(250, {248, 249, 250}), 100);
    QCOMPARE(windows.size(), std::size_t{3});
    QCOMPARE(windows[2].firstSequence, std::int64_t{201});
    QCOMPARE(windows[2].sent, std::int64_t{50});
    QCOMPARE(windows[2].lost, std::int64_t{3});
    QCOMPARE(windows[2].lossPercent, 6.0);

    // Out-of-order replies land in their own window, not the one they arrived in.
    const std::vector<WindowLoss> shuffled =
        LossStructure::perWindow(seriesArrivingAs({3, 1, 2, 6, 4, 5}), 3);
    QCOMPARE(shuffled.size(), std::size_t{2});
    QCOMPARE(shuffled[0].sent, std::int64_t{3});
    QCOMPARE(shuffled[1].sent, std::int64_t{3});

    const std::vector<WindowLoss> allLost =
        LossStructure::perWindow(seriesWithLosses(4, {1, 2, 3, 4}), 10);
    QCOMPARE(allLost.size(), std::size_t{1});
    QCOMPARE(allLost[0].lossPercent, 100.0);

    QVERIFY(LossStructure::perWindow(LatencySeries{}, 100).empty());
    QVERIFY(LossStructure::perWindow(seriesWithLosses(10, {}), 0).empty());
}

void TestLossStructure::recordedRandomLoss() {
    // Recorded by record-loss.sh: 2000 pings with ~5 % of the requests dropped at random.
    const QString path = test::dataPath(kRandomLossLog);
    const ImportResult result = FileImporter::importFile(path);
    QVERIFY2(result.ok(), qPrintable(result.error));
    const LatencySeries& series = onlySeries(result);
    const LossStructure loss = LossStructure::of(series);
    QVERIFY(series.summary.transmitted && series.summary.received);
    QCOMPARE(loss.requests, *series.summary.transmitted);
    QCOMPARE(loss.lost, *series.summary.transmitted - *series.summary.received);
    QCOMPARE(static_cast<std::int64_t>(series.lostSequence.size()), loss.lost);

    // The -O "no answer yet" lines name every lost request; their bursts, found here by
    // looking each number's neighbour up in a set, are the reference.
    static const QRegularExpression noAnswer(QStringLiteral("no answer yet for icmp_seq=(\\d+)"));
    std::set<std::int64_t> unanswered;
    for (const QString& line : QString::fromUtf8(test::readAll(path)).split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch match = noAnswer.match(line);
        if (match.hasMatch())
            unanswered.insert(match.captured(1).toLongLong());
    }
    QCOMPARE(static_cast<std::int64_t>(unanswered.size()), loss.lost);
    std::int64_t bursts = 0;
    std::int64_t longest = 0;
    for (std::int64_t sequence : unanswered) {
        if (unanswered.count(sequence - 1) != 0)
            continue; // not the start of a burst
        ++bursts;
        std::int64_t length = 1;
        while (unanswered.count(sequence + length) != 0)
            ++length;
        longest = std::max(longest, length);
    }
    QCOMPARE(loss.burstCount, bursts);
    QCOMPARE(loss.longestBurst, longest);
    QVERIFY2(bursts < loss.lost, "the recording should hold at least one burst longer than 1");

    // Binomial noise of 2000 requests at p = 0.05: sigma = sqrt(n p (1 - p)) = 9.7 requests.
    const double n = static_cast<double>(loss.requests);
    const double sigmaPercent = 100.0 * std::sqrt(0.05 * 0.95 / n);
    QVERIFY2(std::abs(loss.lossPercent - 5.0) < 4 * sigmaPercent,
             qPrintable(QStringLiteral("loss %1 %").arg(loss.lossPercent)));
    QCOMPARE(loss.reordered, std::int64_t{0});
}

void TestLossStructure::cliJsonHasLossKeys() {
    const QString lossy = test::dataPath(kRandomLossLog);
    const QString clean = test::dataPath(QStringLiteral("ping/iputils_plain.txt"));
    const test::CliRun run = test::runCli({"stats", "--format", "json", lossy, clean});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray datasets =
        QJsonDocument::fromJson(run.out.toUtf8()).object()["datasets"].toArray();
    QCOMPARE(datasets.size(), qsizetype(2));

    const QJsonObject recorded = datasets[0].toObject();
    for (const char* key : {"file", "transmitted", "received", "duplicates", "loss_percent",
                            "samples", "percentiles", "loss_bursts", "reordered"})
        QVERIFY2(recorded.contains(key), key);
    const LossStructure loss = LossStructure::of(onlySeries(FileImporter::importFile(lossy)));
    const QJsonObject bursts = recorded["loss_bursts"].toObject();
    QCOMPARE(bursts["count"].toInteger(), qint64{loss.burstCount});
    QCOMPARE(bursts["longest"].toInteger(), qint64{loss.longestBurst});
    QCOMPARE(bursts["mean_length"].toDouble(), loss.meanBurstLength);
    QCOMPARE(recorded["reordered"].toInteger(), qint64{0});

    // No loss, no bursts: a mean length of no bursts is absent, not 0.
    const QJsonObject none = datasets[1].toObject()["loss_bursts"].toObject();
    QCOMPARE(none["count"].toInteger(), qint64{0});
    QCOMPARE(none["longest"].toInteger(), qint64{0});
    QVERIFY(none["mean_length"].isNull());
}

void TestLossStructure::fiveMillionRepliesAreFast() {
    // Five million requests: a lost burst of 1 to 4 every 97 requests, a late reply every 1000.
    constexpr std::int64_t kRequests = 5'000'000;
    LatencySeries series;
    series.sequence.reserve(kRequests);
    series.rttMs.reserve(kRequests);
    for (std::int64_t sequence = 1; sequence <= kRequests; ++sequence) {
        if (sequence % 97 < (sequence / 97) % 4 + 1) {
            series.lostSequence.push_back(sequence);
            continue;
        }
        series.sequence.push_back(sequence);
        series.rttMs.push_back(1.0);
    }
    for (std::size_t i = 1000; i < series.sequence.size(); i += 1000)
        std::swap(series.sequence[i - 1], series.sequence[i]);

    // Best of three runs: the bound is about the code, not about other jobs on the machine.
    LossStructure loss;
    std::vector<WindowLoss> windows;
    qint64 ofMs = std::numeric_limits<qint64>::max();
    qint64 windowMs = ofMs;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer timer;
        timer.start();
        loss = LossStructure::of(series);
        ofMs = std::min(ofMs, timer.restart());
        windows = LossStructure::perWindow(series, 1000);
        windowMs = std::min(windowMs, timer.elapsed());
    }
    qInfo("%lld requests, %lld replies: LossStructure::of %lld ms, perWindow(1000) %lld ms "
          "(best of 3)",
          static_cast<long long>(kRequests), static_cast<long long>(series.size()),
          static_cast<long long>(ofMs), static_cast<long long>(windowMs));

    QCOMPARE(loss.lost, static_cast<std::int64_t>(series.lostSequence.size()));
    QCOMPARE(loss.longestBurst, std::int64_t{4});
    QVERIFY(loss.reordered > 4000);
    QCOMPARE(windows.size(), std::size_t{5000});
    QVERIFY2(ofMs < 200 * test::kSlowdown,
             "LossStructure::of must stay well under 100 ms in a release build");
    QVERIFY2(windowMs < 200 * test::kSlowdown, "perWindow must stay linear");
}

QTEST_GUILESS_MAIN(TestLossStructure)
#include "tst_lossstructure.moc"
