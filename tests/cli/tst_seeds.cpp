#include "TestSupport.h"
#include "stats/FlowStatistics.h"

#include <QDir>
#include <QRegularExpression>
#include <QTest>

#include <cmath>

using namespace wb;

// The seed experiments end to end on the recorded samples: GENI cubic vs reno (seed 004)
// and the ToMaTo emulation tables (seed 002).
class TestSeeds : public QObject {
    Q_OBJECT

private slots:
    void geniParallelFlows_data();
    void geniParallelFlows();
    void recordedCubicVsReno_data();
    void recordedCubicVsReno();
    void tomatoLossTable();
    void tomatoBandwidthTable();

private:
    static FlowStatistics statsOf(const QString& sample, ImportResult* keep = nullptr);
};

FlowStatistics TestSeeds::statsOf(const QString& sample, ImportResult* keep) {
    ImportResult result = FileImporter::importFile(test::samplePath(sample));
    if (!result.ok() || result.datasets.empty() ||
        result.datasets.front().kind != Dataset::Kind::Throughput)
        qFatal("%s: not read as a throughput log: %s", qPrintable(sample),
               qPrintable(result.error));
    if (!result.report.parseErrors.empty())
        qFatal("%s: %lld parse errors, first at line %lld", qPrintable(sample),
               static_cast<long long>(result.report.parseErrors.count()),
               static_cast<long long>(result.report.parseErrors.kept().front().line));
    FlowStatistics stats = FlowStatistics::of(result.datasets.front().flows);
    if (keep)
        *keep = std::move(result);
    return stats;
}

void TestSeeds::geniParallelFlows_data() {
    QTest::addColumn<QString>("sample");
    QTest::addColumn<double>("sumMbits");
    QTest::addColumn<double>("flow31Mbits"); // the last quoted flow, [31] or [28]
    QTest::newRow("cubic") << "geni-cubic-P30.txt" << 89.8 << 4.74;
    QTest::newRow("reno") << "geni-reno-P30.txt" << 90.7 << 1.09;
}

void TestSeeds::geniParallelFlows() {
    QFETCH(QString, sample);
    QFETCH(double, sumMbits);
    QFETCH(double, flow31Mbits);
    ImportResult result;
    const FlowStatistics stats = statsOf(sample, &result);
    QCOMPARE(stats.flows.size(), std::size_t{30});
    QVERIFY(stats.sumFromTool);
    QCOMPARE(stats.sum.bitsPerSecond, sumMbits * 1e6);
    // The SUM of 30 rounded per-flow figures agrees with the printed SUM within 1 %.
    QVERIFY2(stats.sumDisagreement < FlowStatistics::kSumTolerance,
             qPrintable(QString::number(stats.sumDisagreement)));
    QCOMPARE(stats.flows.back().totals.bitsPerSecond, flow31Mbits * 1e6);
    QVERIFY(stats.jainFairness > 0.5 && stats.jainFairness < 1.0);
}

void TestSeeds::recordedCubicVsReno_data() {
    QTest::addColumn<QString>("sample");
    QTest::addColumn<int>("flows");
    QTest::addColumn<QString>("congestionControl");
    for (const char* cc : {"cubic", "reno"}) {
        for (int streams : {1, 30})
            QTest::newRow(qPrintable(QStringLiteral("%1 -P %2").arg(cc).arg(streams)))
                << QStringLiteral("tcp-%1-P%2-client.txt").arg(cc).arg(streams) << streams
                << QString::fromLatin1(cc);
        QTest::newRow(qPrintable(QStringLiteral("iperf3 %1 -P 4").arg(cc)))
            << QStringLiteral("iperf3-%1-P4.json").arg(cc) << 4 << QString::fromLatin1(cc);
    }
}

void TestSeeds::recordedCubicVsReno() {
    QFETCH(QString, sample);
    QFETCH(int, flows);
    QFETCH(QString, congestionControl);
    ImportResult result;
    const FlowStatistics stats = statsOf(sample, &result);
    QCOMPARE(stats.flows.size(), std::size_t(flows));
    QCOMPARE(result.datasets.front().info.congestionControl, congestionControl);
    // Through the 100 Mbit/s tbf bottleneck: the SUM fills most of it and never exceeds it.
    QVERIFY2(stats.sum.bitsPerSecond > 80e6 && stats.sum.bitsPerSecond < 101e6,
             qPrintable(QString::number(stats.sum.bitsPerSecond)));
    QVERIFY(stats.intervals.count >= 29);
}

void TestSeeds::tomatoLossTable() {
    const QRegularExpression name(QStringLiteral("^udp-loss-([0-9.]+)pct-client\\.txt$"));
    const QStringList files =
        QDir(QStringLiteral(WIREBENCH_SAMPLES_DIR)).entryList({"udp-loss-*-client.txt"});
    QCOMPARE(files.size(), qsizetype(11)); // 0, 0.125, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 80 %
    for (const QString& file : files) {
        const auto match = name.match(file);
        QVERIFY2(match.hasMatch(), qPrintable(file));
        const double configured = match.captured(1).toDouble() / 100;
        const FlowStatistics stats = statsOf(file);
        QCOMPARE(stats.flows.size(), std::size_t{1});
        const FlowStatistics::PerFlow& flow = stats.flows.front();
        QVERIFY2(flow.lost && flow.totalDatagrams && flow.lossPercent,
                 qPrintable(file + ": no server report"));
        const double measured = *flow.lossPercent / 100;
        const double n = static_cast<double>(*flow.totalDatagrams);
        // Four standard deviations of a binomial count, plus 0.05 % for drops nobody configured.
        const double noise = 4 * std::sqrt(configured * (1 - configured) / n) + 0.0005;
        qInfo("%s: configured %.3f %%, measured %.3f %% of %.0f datagrams (noise bound %.3f %%)",
              qPrintable(file), configured * 100, measured * 100, n, noise * 100);
        QVERIFY2(std::abs(measured - configured) <= noise, qPrintable(file));
    }
}

void TestSeeds::tomatoBandwidthTable() {
    const QRegularExpression name(QStringLiteral("^udp-bw-([0-9]+)([KM])-server\\.csv$"));
    const QStringList files =
        QDir(QStringLiteral(WIREBENCH_SAMPLES_DIR)).entryList({"udp-bw-*-server.csv"});
    QCOMPARE(files.size(), qsizetype(13)); // 100M down to 10K
    for (const QString& file : files) {
        const auto match = name.match(file);
        QVERIFY2(match.hasMatch(), qPrintable(file));
        const double configured =
            match.captured(1).toDouble() * (match.captured(2) == "M" ? 1e6 : 1e3);
        const FlowStatistics stats = statsOf(file);
        const double ratio = stats.intervals.mean / configured;
        qInfo("%s: configured %.0f bit/s, interval mean %.0f bit/s (%.1f %%), stddev %.0f bit/s "
              "over %zu intervals",
              qPrintable(file), configured, stats.intervals.mean, ratio * 100,
              stats.intervals.stddev, stats.intervals.count);
        QVERIFY2(ratio >= 0.90 && ratio <= 1.01, qPrintable(file));
    }
}

QTEST_APPLESS_MAIN(TestSeeds)
#include "tst_seeds.moc"
