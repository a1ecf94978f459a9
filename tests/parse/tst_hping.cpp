// hping3 logs recorded between two network namespaces (tests/data/ping/SOURCES.md): golden
// files, and every reply and summary figure checked against a reading of the log's own text
// by regular expressions, independent of the parser.

#include "ParserTestSupport.h"
#include "PingLogReading.h"
#include "TestSupport.h"
#include "import/FileImporter.h"
#include "parse/FormatRegistry.h"

#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace wb;

namespace {

const char* const kLogs[] = {"hping3_icmp_c12.txt", "hping3_tcp_syn_c10.txt",
                             "hping3_icmp_c200_loss20.txt"};

QString logPath(const char* log) {
    return QStringLiteral(WIREBENCH_TEST_DATA_DIR "/ping/") + QLatin1String(log);
}

} // namespace

class TestHping : public QObject {
    Q_OBJECT

private slots:
    void detectedAsHping_data() { logs(); }
    void detectedAsHping() {
        QFETCH(QString, path);
        const QByteArray head = test::readAll(path).left(16 * 1024);
        const FormatEntry* format = FileImporter::detect(head.toStdString(), nullptr);
        QVERIFY(format);
        QCOMPARE(QByteArray(format->id), QByteArray("hping3"));
    }

    void repliesAsTheLogPrintsThem_data() { logs(); }
    void repliesAsTheLogPrintsThem() {
        QFETCH(QString, path);
        const QString text = QString::fromUtf8(test::readAll(path));
        const ImportResult result = FileImporter::importFile(path);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.datasets.size(), std::size_t{1});
        const LatencySeries& series = result.datasets.front().latency;

        static const QRegularExpression reply(
            QStringLiteral(R"(\b(?:icmp_seq|seq)=(\d+) .*rtt=([0-9.]+) ms$)"),
            QRegularExpression::MultilineOption);
        std::vector<double> rtts;
        std::vector<std::int64_t> sequences;
        for (auto it = reply.globalMatch(text); it.hasNext();) {
            const auto match = it.next();
            sequences.push_back(match.captured(1).toLongLong());
            rtts.push_back(match.captured(2).toDouble());
        }
        QVERIFY(!rtts.empty());
        QCOMPARE(series.rttMs, rtts);
        QCOMPARE(series.sequence, sequences);

        static const QRegularExpression counts(QStringLiteral(
            R"((\d+) packets transmitted, (\d+) packets received, (\d+)% packet loss)"));
        const auto stated = counts.match(text);
        QVERIFY(stated.hasMatch());
        const std::int64_t transmitted = stated.captured(1).toLongLong();
        QCOMPARE(*series.summary.transmitted, transmitted);
        QCOMPARE(*series.summary.received, stated.captured(2).toLongLong());
        QCOMPARE(*series.summary.lossPercent, stated.captured(3).toDouble());
        QCOMPARE(static_cast<std::int64_t>(rtts.size()), *series.summary.received);

        static const QRegularExpression range(
            QStringLiteral(R"(round-trip min/avg/max = ([0-9.]+)/([0-9.]+)/([0-9.]+) ms)"));
        const auto rttLine = range.match(text);
        QVERIFY(rttLine.hasMatch());
        QCOMPARE(*series.summary.rttMin, rttLine.captured(1).toDouble());
        QCOMPARE(*series.summary.rttMax, rttLine.captured(3).toDouble());

        // Every request without a reply line is lost, in order.
        const std::set<std::int64_t> answered(sequences.begin(), sequences.end());
        std::vector<std::int64_t> lost;
        for (std::int64_t seq = 0; seq < transmitted; ++seq)
            if (!answered.count(seq))
                lost.push_back(seq);
        QCOMPARE(series.lostSequence, lost);
        QCOMPARE(result.report.parseErrors.count(), 0);
        // The statistics written into a reply line: both halves are warned about.
        QCOMPARE(result.report.warnings.count(),
                 text.contains(QLatin1String("id=18\n--- ")) ? 2 : 0);
        QCOMPARE(result.report.ignoredLines, std::int64_t{0});
    }

    void golden_data() { logs(); }
    void golden() {
        QFETCH(QString, path);
        const QString mismatch = test::goldenMismatch(path, FileImporter::importFile(path));
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    }

    // A reply whose time cannot be read is reported with its line, never taken as a sample.
    void unreadableReplyIsAParseError() {
        const ImportResult result = test::parseBytes(
            "HPING 198.18.5.2 (veth0 198.18.5.2): icmp mode set, 28 headers + 0 data bytes\n"
            "len=28 ip=198.18.5.2 ttl=64 id=1 icmp_seq=0 rtt=0.4 ms\n"
            "len=28 ip=198.18.5.2 ttl=64 id=2 icmp_seq=1 rtt=? ms\n"
            "DUP! len=28 ip=198.18.5.2 ttl=64 id=3 icmp_seq=0 rtt=0.9 ms\n"
            "len=28 ip=198.18.5.2 ttl=64 id=4 icmp_seq=2 rtt=0.x7 ms\n"
            "len=28 ip=198.18.5.2 ttl=64 id=5 icmp_seq=3 rtt=1.2.3 ms\n"
            "len=28 ip=198.18.5.2 ttl=64 id=6 icmp_seq=4 rtt=0.6ms\n",
            QStringLiteral("inline.txt"), 1 << 20, QStringLiteral("hping3"));
        QCOMPARE(result.datasets.front().latency.rttMs, (std::vector<double>{0.4, 0.6}));
        QCOMPARE(result.datasets.front().latency.duplicateRttMs, std::vector<double>{0.9});
        QCOMPARE(result.report.parseErrors.count(), 3);
        QCOMPARE(result.datasets.front().info.protocol, QStringLiteral("icmp"));
    }

    // `hping3 ... >> log 2>&1` three times, to two targets in two modes. hping3 prints its
    // statistics (stderr) before its buffered replies (stdout), so each run's statistics stand
    // before its header: every run is a dataset with its own replies, statistics and label.
    void appendedRunsBecomeDatasets() {
        const QString path = logPath("hping3_appended.txt");
        const QByteArray bytes = test::readAll(path);
        const ImportResult result = FileImporter::importFile(path);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(QByteArray(result.format->id), QByteArray("hping3"));
        QCOMPARE(result.report.parseErrors.count(), 0);
        test::PingLogShape shape = test::hpingShape();
        shape.counts = QRegularExpression(QStringLiteral("(?!)")); // checked below, per block
        const QList<test::RegexRun> runs = test::readRuns(bytes, QRegularExpression(), shape);
        QCOMPARE(runs.size(), 3);
        QCOMPARE(result.datasets.size(), std::size_t{3});
        // Each statistics block, in file order, belongs to the run whose header follows it.
        static const QRegularExpression block(QStringLiteral(
            R"(--- ([\d.]+) hping statistic ---\n(\d+) packets transmitted, (\d+) packets received)"));
        QList<QRegularExpressionMatch> blocks;
        for (auto it = block.globalMatch(QString::fromUtf8(bytes)); it.hasNext();)
            blocks.append(it.next());
        QCOMPARE(blocks.size(), 3);
        const QStringList protocols = {"icmp", "tcp", "icmp"};
        for (std::size_t i = 0; i < 3; ++i) {
            const Dataset& run = result.datasets[i];
            const test::RegexRun& read = runs[static_cast<qsizetype>(i)];
            test::compareRun(run, read, QStringLiteral("run %1").arg(i + 1));
            const QRegularExpressionMatch& stats = blocks[static_cast<qsizetype>(i)];
            QCOMPARE(run.info.target, stats.captured(1));
            QCOMPARE(run.latency.summary.transmitted.value_or(-1), stats.captured(2).toLongLong());
            QCOMPARE(run.latency.summary.received.value_or(-1), stats.captured(3).toLongLong());
            QCOMPARE(run.info.protocol, protocols[static_cast<qsizetype>(i)]);
            QCOMPARE(run.label,
                     QStringLiteral("hping3_appended · %1 run %2").arg(read.target).arg(i + 1));
            QVERIFY(run.latency.lostSequence.empty());
        }
    }

    // `stdbuf -oL hping3 ... | ts '%Y-%m-%d %H:%M:%.S'`: each reply's prefix is its time.
    void timePrefixGivesReplyTimes() {
        const QString path = logPath("hping3_ts.txt");
        const QByteArray bytes = test::readAll(path);
        const ImportResult result = FileImporter::importFile(path);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(QByteArray(result.format->id), QByteArray("hping3"));
        QCOMPARE(result.datasets.size(), std::size_t{1});
        QCOMPARE(result.report.ignoredLines, 0);
        const QList<test::RegexRun> runs = test::readRuns(
            bytes,
            QRegularExpression(QStringLiteral(R"(^(?<time>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+) )")),
            test::hpingShape());
        QCOMPARE(runs.size(), 1);
        test::compareRun(result.datasets.front(), runs.front(), QStringLiteral("hping3_ts"));
        QCOMPARE(result.datasets.front().latency.timestamps.front(),
                 runs.front().replies.front().time);
    }

    // A sequence number beyond 64 bits keeps its reply and is never read as a small number.
    void sequenceBeyond64BitsKeepsItsReply() {
        const ImportResult result = test::parseBytes(
            "HPING 198.18.5.2 (veth0 198.18.5.2): icmp mode set, 28 headers + 0 data bytes\n"
            "len=28 ip=198.18.5.2 ttl=64 id=1 icmp_seq=0 rtt=0.4 ms\n"
            "len=28 ip=198.18.5.2 ttl=64 id=2 icmp_seq=100000000000000000000000 rtt=0.7 ms\n"
            "len=28 ip=198.18.5.2 ttl=64 id=3 icmp_seq=1 rtt=0.5 ms\n",
            QStringLiteral("inline.txt"), 1 << 20, QStringLiteral("hping3"));
        const LatencySeries& series = result.datasets.front().latency;
        QCOMPARE(series.rttMs, (std::vector<double>{0.4, 0.7, 0.5}));
        QCOMPARE(series.sequence, (std::vector<std::int64_t>{0, 0, 1}));
        QVERIFY(series.duplicateRttMs.empty());
        QCOMPARE(result.report.parseErrors.count(), 0);
        QCOMPARE(result.report.warnings.count(), 1);
    }

private:
    static void logs() {
        QTest::addColumn<QString>("path");
        for (const char* log : kLogs)
            QTest::newRow(log) << logPath(log);
    }
};

QTEST_GUILESS_MAIN(TestHping)
#include "tst_hping.moc"
