#include "AnalyzeIntervals.h"
#include "TestSupport.h"
#include "import/FileImporter.h"
#include "stats/FlowStatistics.h"

#include <QDir>
#include <QTest>

#include <cmath>
#include <cstdint>
#include <limits>

using namespace wb;

namespace {

FlowInterval line(double start, double end, double bytes, double bits) {
    FlowInterval interval;
    interval.start = start;
    interval.end = end;
    interval.bytes = bytes;
    interval.bitsPerSecond = bits;
    return interval;
}

Flow flow(const QString& id, std::vector<FlowInterval> intervals,
          std::optional<FlowInterval> total) {
    Flow f;
    f.id = id;
    f.intervals = std::move(intervals);
    f.total = total;
    return f;
}

} // namespace

class TestFlowStats : public QObject {
    Q_OBJECT

private slots:
    void jainIndex();
    void intervalBandwidthMedianAndPopulationStddev();
    void sumPrefersToolAndMeasuresDisagreement();
    void oneFlowIsItsOwnSum_data();
    void oneFlowIsItsOwnSum();
    void sumComparedWithItsDirectionAndSide_data();
    void sumComparedWithItsDirectionAndSide();
    void otherDirectionSumIsChecked_data();
    void otherDirectionSumIsChecked();
    void intervalSeriesNeverUsesWholeRunLines();
    void flowsWithoutTotalsAddUpIntervals();
    void matchesAnalyzePlOnRecordedCsv();
    void compactOptionalKeepsAbsenceInTheValue();
    void sentinelValuesInALogReadAsMissing();
};

void TestFlowStats::jainIndex() {
    QCOMPARE(FlowStatistics::jain({5, 5, 5, 5}), 1.0);
    QCOMPARE(FlowStatistics::jain({1, 0, 0, 0}), 0.25);
    QCOMPARE(FlowStatistics::jain({2, 1}), 0.9); // 9 / (2 * 5)
}

void TestFlowStats::intervalBandwidthMedianAndPopulationStddev() {
    const IntervalBandwidth even = IntervalBandwidth::of({4, 1, 3, 2});
    QCOMPARE(even.mean, 2.5);
    QCOMPARE(even.median, 2.5);
    QCOMPARE(even.stddev, std::sqrt(1.25)); // divides by n, not n - 1
    const IntervalBandwidth odd = IntervalBandwidth::of({7, 1, 3});
    QCOMPARE(odd.median, 3.0);
}

void TestFlowStats::sumPrefersToolAndMeasuresDisagreement() {
    FlowSeries series;
    series.flows.push_back(flow("3", {}, line(0, 10, 1e6, 0.8e6)));
    series.flows.push_back(flow("4", {}, line(0, 8, 3e6, 3e6)));
    FlowStatistics stats = FlowStatistics::of(series);
    QVERIFY(!stats.sumFromTool);
    QCOMPARE(stats.sum.bytes, 4e6);
    QCOMPARE(stats.sum.seconds, 10.0);
    QCOMPARE(stats.sum.bitsPerSecond, 3.2e6); // all bytes over the longest flow, as iperf does
    QCOMPARE(stats.minBitsPerSecond, 0.8e6);
    QCOMPARE(stats.maxBitsPerSecond, 3e6);
    QCOMPARE(stats.stddevBitsPerSecond, 1.1e6);
    series.sumTotal = line(0, 10, 4.2e6, 3.36e6);
    stats = FlowStatistics::of(series);
    QVERIFY(stats.sumFromTool);
    QCOMPARE(stats.sum.bitsPerSecond, 3.36e6);
    QVERIFY(std::abs(stats.sumDisagreement - 0.16 / 3.36) < 1e-12);
    QVERIFY(stats.sumDisagreement > FlowStatistics::kSumTolerance);
}

void TestFlowStats::oneFlowIsItsOwnSum_data() {
    QTest::addColumn<QString>("log");
    for (const char* log : {"geni-cubic-P1.txt", "geni-reno-P1.txt", "tcp-cubic-P1-client.txt"})
        QTest::newRow(log) << test::samplePath(QString::fromLatin1(log));
}

// A run of one flow has no SUM line; its SUM is the flow as iperf printed it ("229 MBytes
// 95.6 Mbits/sec"), not its rounded bytes over its time (95.69).
void TestFlowStats::oneFlowIsItsOwnSum() {
    QFETCH(QString, log);
    const ImportResult result = FileImporter::importFile(log);
    QVERIFY2(result.ok(), qPrintable(result.error));
    const FlowSeries& series = result.datasets.front().flows;
    QCOMPARE(series.flows.size(), std::size_t{1});
    QVERIFY(!series.sumTotal);
    const FlowStatistics stats = FlowStatistics::of(series);
    QVERIFY(!stats.sumFromTool);
    const FlowInterval& printed = *series.flows.front().total;
    QCOMPARE(stats.sum.bitsPerSecond, printed.bitsPerSecond);
    QCOMPARE(stats.sum.bytes, printed.bytes);
    QCOMPARE(stats.sum.bitsPerSecond, stats.flows.front().totals.bitsPerSecond);
}

void TestFlowStats::sumComparedWithItsDirectionAndSide_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<QString>("direction"); // of the flows the SUM adds up ("" = all)
    QTest::addColumn<bool>("senderSide");   // the SUM is the sender's figure
    // iperf3 --bidir: the SUM kept is the client-to-server one.
    QTest::newRow("bidir client") << "iperf3/bidir-P2-i05-client.txt"
                                  << "send" << false;
    QTest::newRow("bidir server") << "iperf3/bidir-P2-i05-server.txt"
                                  << "receive" << false;
    QTest::newRow("bidir -J client") << "iperf3/json-bidir-client.json"
                                     << "send" << false;
    QTest::newRow("bidir 3 s client") << "iperf3/tcp-bidir-P2-client.txt"
                                      << "send" << false;
    // iperf 2.0.x UDP -y C client: its SUM rows are what it sent; the flows' totals are the
    // server reports.
    QTest::newRow("2.0 udp csv client") << "iperf/hand-2.0-udp-csv-client-P3.csv"
                                        << "" << true;
}

// A tool's SUM is compared with the flows it adds up: those of its direction, on its side.
// The expected sum is read from the flows directly: all bytes of those flows over the longest.
void TestFlowStats::sumComparedWithItsDirectionAndSide() {
    QFETCH(QString, log);
    QFETCH(QString, direction);
    QFETCH(bool, senderSide);
    const ImportResult result =
        test::parseBytes(test::readAll(test::dataPath(log)), QFileInfo(log).fileName());
    QVERIFY(result.ok());
    const FlowSeries& series = result.datasets.front().flows;
    QCOMPARE(series.sumDirection, direction);
    double bytes = 0;
    double seconds = 0;
    int counted = 0;
    for (const Flow& f : series.flows) {
        if (!direction.isEmpty() && f.direction != direction)
            continue;
        const FlowInterval& whole = senderSide ? *f.senderTotal : *f.total;
        bytes += whole.bytes;
        seconds = std::max(seconds, whole.end - whole.start);
        ++counted;
    }
    QVERIFY(counted >= 1 && counted < int(series.flows.size()) + (direction.isEmpty() ? 1 : 0));
    const FlowStatistics stats = FlowStatistics::of(series);
    QVERIFY(stats.sumFromTool);
    QCOMPARE(stats.computedSum.bytes, bytes);
    QCOMPARE(stats.computedSum.bitsPerSecond, bytes * 8 / seconds);
    QVERIFY2(stats.sumDisagreement < FlowStatistics::kSumTolerance,
             qPrintable(QString::number(stats.sumDisagreement)));
}

void TestFlowStats::otherDirectionSumIsChecked_data() {
    QTest::addColumn<QString>("log");
    QTest::newRow("bidir client") << "iperf3/bidir-P2-i05-client.txt";
    QTest::newRow("bidir server") << "iperf3/bidir-P2-i05-server.txt";
    QTest::newRow("bidir -J client") << "iperf3/json-bidir-client.json";
    QTest::newRow("bidir 3 s client") << "iperf3/tcp-bidir-P2-client.txt";
    QTest::newRow("bidir 3 s server") << "iperf3/tcp-bidir-P2-server.txt";
}

// --bidir prints a SUM per direction: the other direction's is read too, and its flows are
// checked against it: the recorded logs agree, and the same log with that SUM doubled does not.
void TestFlowStats::otherDirectionSumIsChecked() {
    QFETCH(QString, log);
    const ImportResult result =
        test::parseBytes(test::readAll(test::dataPath(log)), QFileInfo(log).fileName());
    QVERIFY(result.ok());
    FlowSeries series = result.datasets.front().flows;
    QVERIFY(!series.sumDirection.isEmpty());
    QVERIFY(series.otherDirectionSumTotal.has_value());
    double otherBytes = 0;
    for (const Flow& f : series.flows)
        if (f.direction != series.sumDirection)
            otherBytes += f.total->bytes;
    QVERIFY(otherBytes > 0);
    // Text logs print rounded sizes (three digits) for the flows and the SUM alike.
    QVERIFY2(
        std::abs(series.otherDirectionSumTotal->bytes - otherBytes) / otherBytes < 0.01,
        qPrintable(
            QStringLiteral("%1 vs %2").arg(series.otherDirectionSumTotal->bytes).arg(otherBytes)));
    QVERIFY(FlowStatistics::of(series).sumDisagreement < FlowStatistics::kSumTolerance);
    series.otherDirectionSumTotal->bytes *= 2;
    series.otherDirectionSumTotal->bitsPerSecond *= 2;
    QVERIFY(FlowStatistics::of(series).sumDisagreement > 0.4);
}

void TestFlowStats::intervalSeriesNeverUsesWholeRunLines() {
    FlowSeries single;
    single.flows.push_back(flow("3", {line(0, 1, 0, 10), line(1, 2, 0, 20)}, line(0, 2, 0, 15)));
    QCOMPARE(FlowStatistics::intervalSeries(single), (std::vector<double>{10, 20}));
    FlowSeries twoFlows = single;
    twoFlows.flows.push_back(flow("4", {line(0, 1, 0, 1), line(1, 2, 0, 2)}, std::nullopt));
    QCOMPARE(FlowStatistics::intervalSeries(twoFlows), (std::vector<double>{11, 22}));
    twoFlows.sumIntervals = {line(0, 1, 0, 12), line(1, 2, 0, 21)};
    QCOMPARE(FlowStatistics::intervalSeries(twoFlows), (std::vector<double>{12, 21}));
}

void TestFlowStats::flowsWithoutTotalsAddUpIntervals() {
    const FlowTotals totals =
        FlowStatistics::totalsOf(flow("5", {line(0, 1, 100, 800), line(1, 3, 300, 1200)}, {}));
    QCOMPARE(totals.bytes, 400.0);
    QCOMPARE(totals.seconds, 3.0);
    QCOMPARE(totals.bitsPerSecond, 400.0 * 8 / 3);
}

void TestFlowStats::matchesAnalyzePlOnRecordedCsv() {
    if (test::analyzeIntervals("1\n").empty())
        QSKIP("perl with Math::NumberCruncher (libmath-numbercruncher-perl) is not installed");
    const QStringList files =
        QDir(QStringLiteral(WIREBENCH_SAMPLES_DIR)).entryList({"udp-bw-*-server.csv"}, QDir::Files);
    QVERIFY2(files.size() >= 10,
             "samples/ must hold the recorded ToMaTo bandwidth runs (record-udp.sh)");
    for (const QString& name : files) {
        const ImportResult result = FileImporter::importFile(test::samplePath(name));
        QVERIFY2(result.ok() && result.report.parseErrors.empty(),
                 qPrintable(name + ": " + result.error));
        const FlowStatistics stats = FlowStatistics::of(result.datasets.front().flows);
        // analyze.pl on the same interval lines: the first N CSV rows, field 9 (bits/sec).
        const QList<QByteArray> rows = test::readAll(test::samplePath(name)).split('\n');
        QByteArray field9;
        for (std::size_t i = 0; i < stats.intervals.count; ++i)
            field9 += rows[static_cast<qsizetype>(i)].split(',').value(8) + '\n';
        const std::vector<double> perl = test::analyzeIntervals(field9);
        QCOMPARE(perl.size(), std::size_t{3});
        const double ours[] = {stats.intervals.mean, stats.intervals.median,
                               stats.intervals.stddev};
        for (int k = 0; k < 3; ++k) {
            // Perl prints %f of a one-pass E[x²]−mean² formula: agree to 1e-6 relative.
            const double tolerance =
                1e-6 * std::max(1.0, std::abs(perl[static_cast<std::size_t>(k)]));
            QVERIFY2(std::abs(ours[k] - perl[static_cast<std::size_t>(k)]) <= tolerance,
                     qPrintable(QStringLiteral("%1 value %2: ours %3, analyze.pl %4")
                                    .arg(name)
                                    .arg(k)
                                    .arg(ours[k], 0, 'f', 6)
                                    .arg(perl[static_cast<std::size_t>(k)], 0, 'f', 6)));
        }
    }
}

void TestFlowStats::compactOptionalKeepsAbsenceInTheValue() {
    constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
    constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    QVERIFY(!CompactOptional<double>().has_value());
    QVERIFY(!CompactOptional<std::int64_t>(std::nullopt));
    // Every value a tool can print is kept, bit for bit: zero, negative zero, infinity,
    // negative counts, the largest count.
    for (const double value : {0.0, -0.0, 0.017, -1.5, HUGE_VAL, 1e308}) {
        const CompactOptional<double> kept(value);
        QVERIFY(kept.has_value());
        QCOMPARE(std::signbit(*kept), std::signbit(value));
        QCOMPARE(*kept, value);
        QCOMPARE(std::optional<double>(kept), std::optional<double>(value));
    }
    for (const std::int64_t value : {std::int64_t{0}, std::int64_t{-3}, kMin + 1, kMax}) {
        const CompactOptional<std::int64_t> kept = std::optional<std::int64_t>(value);
        QVERIFY(kept && kept == value && kept == std::optional<std::int64_t>(value));
    }
    // The sentinels are no values: stored, they leave the optional empty.
    QVERIFY(!CompactOptional<double>(kNan));
    QVERIFY(!CompactOptional<double>(-std::nan("1")));
    QVERIFY(!CompactOptional<std::int64_t>(kMin));
    QVERIFY(!CompactOptional<double>(std::optional<double>(kNan)));
    QCOMPARE(std::optional<std::int64_t>(CompactOptional<std::int64_t>(kMin)), std::nullopt);
    // Compared as std::optional compares: empty equals empty and nothing else.
    const CompactOptional<std::int64_t> empty;
    QVERIFY(empty == CompactOptional<std::int64_t>(std::nullopt));
    QVERIFY(empty == std::optional<std::int64_t>());
    QVERIFY(empty != std::int64_t{0});
    QVERIFY(empty != std::optional<std::int64_t>(0));
    QVERIFY(CompactOptional<std::int64_t>(7) != CompactOptional<std::int64_t>(8));
    QVERIFY(CompactOptional<double>(0.5) == 0.5);
}

void TestFlowStats::sentinelValuesInALogReadAsMissing() {
    // A hostile log with "nan" and -2^63 in columns that no range check covers: those columns
    // read as missing (CompactOptional's rule), never as a NaN jitter or an absurd loss rate;
    // the rest of the line and of the log is kept.
    const QString udpPath = test::dataPath(QStringLiteral("iperf/udp-report-server.txt"));
    const QByteArray udp = test::readAll(udpPath);
    const QByteArray wholeRun = "0.002 ms 0/2678 (0%)";
    QVERIFY(udp.contains(wholeRun));
    QByteArray hostileUdp = udp;
    hostileUdp.replace(wholeRun, "nan ms -9223372036854775808/2678 (0%)");
    for (const bool hostile : {false, true}) {
        const ImportResult result = test::parseBytes(hostile ? hostileUdp : udp, udpPath);
        QVERIFY(result.ok());
        const Flow& flow = result.datasets.front().flows.flows.front();
        QCOMPARE(flow.intervals.size(), std::size_t{3});
        QCOMPARE(*flow.intervals[2].jitterMs, 0.002);
        QCOMPARE(*flow.total->totalDatagrams, 2678);
        QCOMPARE(flow.total->jitterMs.has_value(), !hostile);
        QCOMPARE(flow.total->lostDatagrams.has_value(), !hostile);
        const FlowStatistics::PerFlow stats =
            FlowStatistics::of(result.datasets.front().flows).flows.front();
        QCOMPARE(stats.jitterMs.has_value(), !hostile);
        QCOMPARE(stats.lossPercent.has_value(), !hostile);
    }
    const QString tcpPath = test::dataPath(QStringLiteral("iperf/tcp-enhanced-client.txt"));
    QByteArray tcp = test::readAll(tcpPath);
    const QByteArray columns = "144/0          0      330K/18274(1414) us";
    QVERIFY(tcp.contains(columns));
    tcp.replace(columns, "144/0  -9223372036854775808      nanK/nan(1414) us");
    const ImportResult result = test::parseBytes(tcp, tcpPath);
    QVERIFY(result.ok());
    const Flow& flow = result.datasets.front().flows.flows.front();
    QCOMPARE(*flow.intervals[1].rttMs, 19.102);
    QVERIFY(!flow.total->retransmits && !flow.total->cwndBytes && !flow.total->rttMs);
    QCOMPARE(flow.total->bitsPerSecond, 47.7e6);
}

QTEST_APPLESS_MAIN(TestFlowStats)
#include "tst_flowstats.moc"
