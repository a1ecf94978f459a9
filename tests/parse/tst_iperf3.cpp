#include "ParserTestSupport.h"
#include "TestSupport.h"
#include "parse/FormatRegistry.h"
#include "stats/FlowStatistics.h"

#include <QDateTime>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QTest>
#include <QTimeZone>

#include <cmath>
#include <random>

using namespace wb;

// Tests of the iperf3 readers (text and -J / --json-stream). The logs in tests/data/iperf3 were
// recorded by record-iperf3.sh or written by hand (see SOURCES.md); their figures are stated
// explicitly below. JSON figures are checked against the JSON document itself, read here with
// QJsonDocument, so the expectations are exact without copying numbers.

namespace {

constexpr double KiB = 1024.0;
constexpr double MiB = 1024.0 * 1024.0;

QByteArray readData(const QString& name) {
    const QByteArray bytes = test::readAll(test::dataPath(QStringLiteral("iperf3/") + name));
    if (bytes.isEmpty())
        qFatal("test log %s is missing or empty", qPrintable(name));
    return bytes;
}

ImportResult parseData(const QString& name, std::size_t chunk = 1 << 20) {
    return test::parseBytes(readData(name), name, chunk);
}

const char* formatId(const ImportResult& result) {
    return result.format ? result.format->id : "(none)";
}

QString optionalText(const std::optional<double>& value) {
    return value ? QString::number(*value, 'g', 17) : QStringLiteral("-");
}
QString optionalText(const std::optional<std::int64_t>& value) {
    return value ? QString::number(*value) : QStringLiteral("-");
}

QString describeInterval(const FlowInterval& i) {
    return QStringLiteral("%1-%2 %3 %4 %5 j%6 l%7 t%8 o%9 r%10 c%11 rtt%12")
        .arg(i.start, 0, 'g', 17)
        .arg(i.end, 0, 'g', 17)
        .arg(i.bytes, 0, 'g', 17)
        .arg(i.bitsPerSecond, 0, 'g', 17)
        .arg(i.bytesExact)
        .arg(optionalText(i.jitterMs), optionalText(i.lostDatagrams),
             optionalText(i.totalDatagrams), optionalText(i.outOfOrder),
             optionalText(i.retransmits), optionalText(i.cwndBytes), optionalText(i.rttMs));
}

QString describeOptional(const std::optional<FlowInterval>& interval) {
    return interval ? describeInterval(*interval) : QStringLiteral("none");
}

// Everything the parser produced, as text: two parses are equal when these are equal.
QString describeAll(const ImportResult& result) {
    QStringList out;
    out << QStringLiteral("format %1 error %2").arg(QLatin1String(formatId(result)), result.error);
    out << QStringLiteral("lines %1 samples %2 ignored %3 parse %4 range %5 warnings %6")
               .arg(result.report.linesRead)
               .arg(result.report.samples)
               .arg(result.report.ignoredLines)
               .arg(result.report.parseErrors.count())
               .arg(result.report.rangeErrors.count())
               .arg(result.report.warnings.count());
    for (const ParseIssue& issue : result.report.parseErrors.kept())
        out << QStringLiteral("error %1 %2").arg(issue.line).arg(issue.message);
    for (const Dataset& data : result.datasets) {
        const RunInfo& info = data.info;
        out << QStringLiteral("dataset %1 %2 %3 %4 %5 %6 %7 %8 %9")
                   .arg(info.tool, info.dialect, info.protocol, info.role, info.target)
                   .arg(info.streams)
                   .arg(info.congestionControl, info.version, info.start.toString(Qt::ISODate));
        for (auto it = info.extra.begin(); it != info.extra.end(); ++it)
            out << QStringLiteral("extra %1=%2").arg(it.key(), it.value());
        for (const Flow& flow : data.flows.flows) {
            out << QStringLiteral("flow %1 %2 %3 %4 %5")
                       .arg(flow.id)
                       .arg(flow.streamNumber)
                       .arg(flow.direction, flow.localAddress, flow.remoteAddress);
            for (const FlowInterval& interval : flow.intervals)
                out << describeInterval(interval);
            out << QStringLiteral("total ") + describeOptional(flow.total);
            out << QStringLiteral("sender ") + describeOptional(flow.senderTotal);
        }
        for (const FlowInterval& interval : data.flows.sumIntervals)
            out << QStringLiteral("sum ") + describeInterval(interval);
        out << QStringLiteral("sumTotal ") + describeOptional(data.flows.sumTotal);
    }
    return out.join(QLatin1Char('\n'));
}

QStringList flowIds(const Dataset& data) {
    QStringList ids;
    for (const Flow& flow : data.flows.flows)
        ids << flow.id;
    return ids;
}

QStringList directions(const Dataset& data) {
    QStringList out;
    for (const Flow& flow : data.flows.flows)
        out << flow.direction;
    return out;
}

bool hasWarning(const ImportResult& result, const QString& part) {
    for (const ParseIssue& issue : result.report.warnings.kept()) {
        if (issue.message.contains(part))
            return true;
    }
    return false;
}

QJsonObject jsonDocument(const QString& name) {
    return QJsonDocument::fromJson(readData(name)).object();
}

QStringList allDataFiles() {
    QStringList files;
    const QDir dir(test::dataPath(QStringLiteral("iperf3")));
    for (const QString& name :
         dir.entryList({QStringLiteral("*.txt"), QStringLiteral("*.json")}, QDir::Files))
        files << dir.filePath(name);
    const QDir samples(test::samplePath(QString()));
    for (const QString& name : samples.entryList({QStringLiteral("iperf3-*")}, QDir::Files))
        files << samples.filePath(name);
    return files;
}

bool iperf3Declines(std::string_view head) {
    const FormatEntry* text = FormatRegistry::find("iperf3/text");
    const FormatEntry* json = FormatRegistry::find("iperf3/json");
    return text->sniff(head) == 0 && json->sniff(head) == 0;
}

} // namespace

class TestIperf3 : public QObject {
    Q_OBJECT

private slots:
    void detection_data();
    void detection();
    void doesNotClaimOtherLogs();
    void recordedJsonSamples();
    void textStructure_data();
    void textStructure();
    void tcpClientFigures();
    void parallelSums();
    void udpFigures();
    void reverseAndBidir();
    void udpServerOutOfOrderLines();
    void omittedIntervals();
    void intervalsOutOfOrderOverlappingOrRepeated();
    void verboseRunInfo();
    void errorsAndInterrupts();
    void severalRunsInOneFile();
    void serverOfSeveralTests();
    void truncatedTextKeepsCompleteIntervals();
    void jsonTcp();
    void jsonUdp();
    void jsonBidirAndOmit();
    void receiverZeroTotalsTakeTheIntervals();
    void interruptedUploadTakesTheSenderTotals();
    void cutShortRunsTakeTheSendersFigures();
    void timestampsPrefixTheLines_data();
    void timestampsPrefixTheLines();
    void jsonSeveralDocuments();
    void jsonErrors();
    void jsonStream();
    void truncatedJsonKeepsIntervals();
    void jsonStrangeButValid();
    void realSamplesHaveNoParseErrors();
    void chunkingIsInvisible_data();
    void chunkingIsInvisible();
    void randomChunksGiveTheSameDataset_data();
    void randomChunksGiveTheSameDataset();
    void corpus_data();
    void corpus();
};

void TestIperf3::detection_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("format");
    const QDir dir(test::dataPath(QStringLiteral("iperf3")));
    for (const QString& name : dir.entryList({QStringLiteral("*.txt")}, QDir::Files))
        QTest::newRow(qPrintable(name)) << dir.filePath(name) << QStringLiteral("iperf3/text");
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files))
        QTest::newRow(qPrintable(name)) << dir.filePath(name) << QStringLiteral("iperf3/json");
}

void TestIperf3::detection() {
    QFETCH(QString, path);
    QFETCH(QString, format);
    const QByteArray head = test::readAll(path).left(FormatRegistry::kSniffBytes);
    const FormatEntry* entry =
        FormatRegistry::detect(std::string_view(head.constData(), head.size()));
    QVERIFY(entry);
    QCOMPARE(QString::fromLatin1(entry->id), format);
    QCOMPARE(entry->kind, Dataset::Kind::Throughput);
}

void TestIperf3::doesNotClaimOtherLogs() {
    // iperf2 (client, server, GENI emulab output) and ping logs stay with their own parsers.
    int checked = 0;
    const QDir samples(test::samplePath(QString()));
    for (const QString& name :
         samples.entryList({"tcp-*.txt", "geni-*.txt", "ping18_np"}, QDir::Files)) {
        const QByteArray head =
            test::readAll(samples.filePath(name)).left(FormatRegistry::kSniffBytes);
        const std::string_view view(head.constData(), head.size());
        QVERIFY2(iperf3Declines(view), qPrintable(name));
        ++checked;
    }
    const QDir ping(test::dataPath(QStringLiteral("ping")));
    for (const QString& name : ping.entryList(QDir::Files)) {
        const QByteArray head =
            test::readAll(ping.filePath(name)).left(FormatRegistry::kSniffBytes);
        QVERIFY2(iperf3Declines(std::string_view(head.constData(), head.size())), qPrintable(name));
        ++checked;
    }
    QVERIFY(checked > 5);
}

void TestIperf3::recordedJsonSamples() {
    // samples/iperf3-<cc>-P4.json (recorded by samples/record-tcp.sh): 4 streams, 30 s, -i 1.
    for (const QString& cc : {QStringLiteral("cubic"), QStringLiteral("reno")}) {
        const QString path = test::samplePath(QStringLiteral("iperf3-%1-P4.json").arg(cc));
        const QByteArray bytes = test::readAll(path);
        if (bytes.isEmpty())
            QSKIP("iperf3 -J samples not recorded yet");
        const ImportResult result = test::parseBytes(bytes, path);
        QCOMPARE(formatId(result), "iperf3/json");
        QCOMPARE(result.report.parseErrors.count(), 0);
        const Dataset& data = result.datasets.front();
        QCOMPARE(data.info.congestionControl, cc);
        QCOMPARE(data.info.streams, 4);
        QCOMPARE(int(data.flows.flows.size()), 4);
        const QJsonObject doc = QJsonDocument::fromJson(bytes).object();
        const QJsonArray intervals = doc.value("intervals").toArray();
        QCOMPARE(int(data.flows.sumIntervals.size()), intervals.size());
        for (const Flow& flow : data.flows.flows)
            QCOMPARE(int(flow.intervals.size()), intervals.size());
        const QJsonObject received = doc.value("end").toObject().value("sum_received").toObject();
        QCOMPARE(data.flows.sumTotal->bytes, received.value("bytes").toDouble());
        double flowBytes = 0;
        for (const Flow& flow : data.flows.flows)
            flowBytes += flow.total->bytes;
        QCOMPARE(flowBytes, data.flows.sumTotal->bytes);
    }
}

void TestIperf3::textStructure_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<int>("streams");
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QStringList>("directions");
    QTest::addColumn<int>("intervalsPerFlow");
    QTest::addColumn<int>("sumIntervals");
    QTest::addColumn<bool>("sumTotal");
    const QStringList send{QStringLiteral("send")};
    const QStringList receive{QStringLiteral("receive")};
    const QStringList one{QStringLiteral("5")};
    QTest::newRow("tcp client") << "tcp-client.txt"
                                << "client"
                                << "tcp" << 1 << one << send << 3 << 0 << false;
    QTest::newRow("tcp server") << "tcp-server.txt"
                                << "server"
                                << "tcp" << 1 << one << receive << -1 << 0 << false;
    QTest::newRow("tcp -P 3") << "tcp-P3-client.txt"
                              << "client"
                              << "tcp" << 3 << QStringList{"5", "7", "9"}
                              << QStringList{"send", "send", "send"} << 3 << 3 << true;
    QTest::newRow("tcp -P 3 server")
        << "tcp-P3-server.txt"
        << "server"
        << "tcp" << 3 << QStringList{"5", "8", "11"} << QStringList{"receive", "receive", "receive"}
        << -1 << -1 << true;
    QTest::newRow("tcp -R") << "tcp-R-client.txt"
                            << "client"
                            << "tcp" << 1 << one << receive << 3 << 0 << false;
    QTest::newRow("tcp -R server") << "tcp-R-server.txt"
                                   << "server"
                                   << "tcp" << 1 << one << send << 3 << 0 << false;
    QTest::newRow("tcp --bidir") << "tcp-bidir-client.txt"
                                 << "client"
                                 << "tcp" << 1 << QStringList{"5/send", "7/receive"}
                                 << QStringList{"send", "receive"} << 3 << 0 << false;
    QTest::newRow("tcp --bidir server") << "tcp-bidir-server.txt"
                                        << "server"
                                        << "tcp" << 1 << QStringList{"5/receive", "8/send"}
                                        << QStringList{"receive", "send"} << -1 << 0 << false;
    QTest::newRow("tcp --bidir -P 2")
        << "tcp-bidir-P2-client.txt"
        << "client"
        << "tcp" << 2 << QStringList{"5/send", "7/send", "9/receive", "12/receive"}
        << QStringList{"send", "send", "receive", "receive"} << 3 << 3 << true;
    QTest::newRow("tcp -O 1") << "tcp-omit-client.txt"
                              << "client"
                              << "tcp" << 1 << one << send << 3 << 0 << false;
    QTest::newRow("udp client") << "udp-client.txt"
                                << "client"
                                << "udp" << 1 << one << send << 3 << 0 << false;
    QTest::newRow("udp server") << "udp-server.txt"
                                << "server"
                                << "udp" << 1 << one << receive << 3 << 0 << false;
    QTest::newRow("udp -P 2 -R") << "udp-P2-R-client.txt"
                                 << "client"
                                 << "udp" << 2 << QStringList{"5", "7"}
                                 << QStringList{"receive", "receive"} << 3 << 3 << true;
    QTest::newRow("udp -P 2 -R server")
        << "udp-P2-R-server.txt"
        << "server"
        << "udp" << 2 << QStringList{"5", "6"} << QStringList{"send", "send"} << 3 << 3 << true;
}

void TestIperf3::textStructure() {
    QFETCH(QString, file);
    QFETCH(QString, role);
    QFETCH(QString, protocol);
    QFETCH(int, streams);
    QFETCH(QStringList, ids);
    QFETCH(QStringList, directions);
    QFETCH(int, intervalsPerFlow);
    QFETCH(int, sumIntervals);
    QFETCH(bool, sumTotal);
    const ImportResult result = parseData(file);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(formatId(result), "iperf3/text");
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.rangeErrors.count(), 0);
    QCOMPARE(result.datasets.size(), std::size_t(1));
    const Dataset& data = result.datasets.front();
    QCOMPARE(data.kind, Dataset::Kind::Throughput);
    QCOMPARE(data.info.tool, QStringLiteral("iperf3"));
    QCOMPARE(data.info.role, role);
    QCOMPARE(data.info.protocol, protocol);
    QCOMPARE(data.info.streams, streams);
    QCOMPARE(data.info.target,
             QStringLiteral("198.19.30.%1").arg(role == QLatin1String("client") ? 1 : 2));
    QCOMPARE(flowIds(data), ids);
    QCOMPARE(::directions(data), directions);
    for (const Flow& flow : data.flows.flows) {
        if (intervalsPerFlow >= 0)
            QCOMPARE(int(flow.intervals.size()), intervalsPerFlow);
        QVERIFY2(flow.total, qPrintable(flow.id)); // every flow has a whole-run figure
        QVERIFY(!flow.localAddress.isEmpty());
        QVERIFY(flow.remoteAddress.contains(QLatin1String("198.19.30.")));
        // Text figures are rounded, except those iperf3 prints in plain Bytes (under 1 KiB).
        for (const FlowInterval& interval : flow.intervals)
            QVERIFY(!interval.bytesExact || interval.bytes < 1024);
    }
    if (sumIntervals >= 0)
        QCOMPARE(int(data.flows.sumIntervals.size()), sumIntervals);
    QCOMPARE(bool(data.flows.sumTotal), sumTotal);
    qint64 intervals = 0;
    for (const Flow& flow : data.flows.flows)
        intervals += qint64(flow.intervals.size());
    QCOMPARE(result.report.samples, intervals);
}

void TestIperf3::tcpClientFigures() {
    // tcp-client.txt: "[  5]   0.00-1.00   sec  6.52 MBytes  54.7 Mbits/sec   80   45.2 KBytes"
    //                 "[  5]   0.00-3.00   sec  17.7 MBytes  49.5 Mbits/sec   80 sender"
    //                 "[  5]   0.00-3.01   sec  17.0 MBytes  47.4 Mbits/sec receiver"
    const ImportResult result = parseData(QStringLiteral("tcp-client.txt"));
    const Flow& flow = result.datasets.front().flows.flows.front();
    QCOMPARE(flow.localAddress, QStringLiteral("198.19.30.2 port 37566"));
    QCOMPARE(flow.remoteAddress, QStringLiteral("198.19.30.1 port 5201"));
    const FlowInterval& first = flow.intervals.front();
    QCOMPARE(first.start, 0.0);
    QCOMPARE(first.end, 1.0);
    QCOMPARE(first.bytes, std::round(6.52 * MiB));
    QCOMPARE(first.bitsPerSecond, 54.7e6);
    QCOMPARE(first.retransmits, std::optional<std::int64_t>(80));
    QCOMPARE(*first.cwndBytes, 45.2 * KiB);
    QCOMPARE(flow.intervals[2].start, 2.0);
    QCOMPARE(flow.intervals[2].bitsPerSecond, 43.8e6);
    QVERIFY(flow.total && flow.senderTotal);
    QCOMPARE(flow.total->bytes, std::round(17.0 * MiB)); // receiver side is the figure of record
    QCOMPARE(flow.total->bitsPerSecond, 47.4e6);
    QCOMPARE(flow.total->end, 3.01);
    QVERIFY(!flow.total->retransmits);
    QCOMPARE(flow.senderTotal->bytes, std::round(17.7 * MiB));
    QCOMPARE(flow.senderTotal->bitsPerSecond, 49.5e6);
    QCOMPARE(flow.senderTotal->retransmits, std::optional<std::int64_t>(80));
    QVERIFY(hasWarning(result, QStringLiteral("rounded")));
}

void TestIperf3::parallelSums() {
    const ImportResult result = parseData(QStringLiteral("tcp-P3-client.txt"));
    const FlowSeries& series = result.datasets.front().flows;
    // "[SUM]   0.00-1.00   sec  7.65 MBytes  64.2 Mbits/sec  2985"
    QCOMPARE(series.sumIntervals.front().bytes, std::round(7.65 * MiB));
    QCOMPARE(series.sumIntervals.front().bitsPerSecond, 64.2e6);
    QCOMPARE(series.sumIntervals.front().retransmits, std::optional<std::int64_t>(2985));
    QCOMPARE(series.sumIntervals.back().bitsPerSecond, 46.9e6);
    // "[SUM]   0.00-3.02   sec  17.2 MBytes  47.8 Mbits/sec   receiver"
    QCOMPARE(series.sumTotal->bitsPerSecond, 47.8e6);
    QCOMPARE(series.sumTotal->end, 3.02);
    // "[  7]   0.00-3.02   sec  3.73 MBytes  10.4 Mbits/sec   receiver"; "... 699 sender"
    QCOMPARE(series.flows[1].total->bytes, std::round(3.73 * MiB));
    QCOMPARE(series.flows[1].senderTotal->retransmits, std::optional<std::int64_t>(699));
    QCOMPARE(series.flows[1].intervals[1].cwndBytes, std::optional<double>(31.1 * KiB));
}

void TestIperf3::udpFigures() {
    {
        const ImportResult result = parseData(QStringLiteral("udp-server.txt"));
        const Flow& flow = result.datasets.front().flows.flows.front();
        // "[  5]   0.00-1.00   sec  1.19 MBytes  9.99 Mbits/sec  0.015 ms  0/863 (0%)"
        const FlowInterval& first = flow.intervals[0];
        QCOMPARE(first.bitsPerSecond, 9.99e6);
        QCOMPARE(first.jitterMs, std::optional<double>(0.015));
        QCOMPARE(first.lostDatagrams, std::optional<std::int64_t>(0));
        QCOMPARE(first.totalDatagrams, std::optional<std::int64_t>(863));
        QVERIFY(!first.retransmits);
        QCOMPARE(flow.total->jitterMs, std::optional<double>(0.046));
        QCOMPARE(flow.total->totalDatagrams, std::optional<std::int64_t>(2589));
        QVERIFY(!flow.senderTotal);
    }
    {
        const ImportResult result = parseData(QStringLiteral("udp-client.txt"));
        const Flow& flow = result.datasets.front().flows.flows.front();
        // "[  5]   0.00-1.00   sec  1.19 MBytes  10.0 Mbits/sec  863" (Total Datagrams)
        QCOMPARE(flow.intervals[0].totalDatagrams, std::optional<std::int64_t>(863));
        QVERIFY(!flow.intervals[0].retransmits);
        QVERIFY(!flow.intervals[0].jitterMs);
        QCOMPARE(flow.total->jitterMs, std::optional<double>(0.046)); // receiver line
        QCOMPARE(flow.senderTotal->jitterMs, std::optional<double>(0.0));
        QCOMPARE(flow.total->totalDatagrams, std::optional<std::int64_t>(2589));
        QCOMPARE(flow.total->lostDatagrams, std::optional<std::int64_t>(0));
    }
    {
        // A UDP loss line written by hand (no loss on a veth pair): lost/total and its percentage.
        const QByteArray log =
            "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n"
            "[  5]   0.00-1.00   sec  1.05 MBytes  8.81 Mbits/sec  0.250 ms  47/808 (5.8%)  \n"
            "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
            "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n"
            "[  5]   0.00-1.00   sec  1.05 MBytes  8.81 Mbits/sec  0.250 ms  47/808 (5.8%)  "
            "receiver\n";
        const ImportResult result = test::parseBytes(log, QStringLiteral("loss.txt"), 1 << 20,
                                                     QStringLiteral("iperf3/text"));
        QCOMPARE(result.report.parseErrors.count(), 0);
        const Flow& flow = result.datasets.front().flows.flows.front();
        QCOMPARE(flow.direction, QStringLiteral("receive"));
        QCOMPARE(flow.intervals.front().lostDatagrams, std::optional<std::int64_t>(47));
        QCOMPARE(flow.total->totalDatagrams, std::optional<std::int64_t>(808));
        QCOMPARE(result.datasets.front().info.protocol, QStringLiteral("udp"));
    }
    {
        const ImportResult result = parseData(QStringLiteral("udp-P2-R-client.txt"));
        const FlowSeries& series = result.datasets.front().flows;
        QCOMPARE(series.sumIntervals[1].jitterMs, std::optional<double>(0.015));
        QCOMPARE(series.sumIntervals[1].totalDatagrams, std::optional<std::int64_t>(862));
        QCOMPARE(series.sumTotal->jitterMs, std::optional<double>(0.014)); // receiver SUM
        QCOMPARE(series.flows[1].total->jitterMs, std::optional<double>(0.014));
        QCOMPARE(series.flows[1].senderTotal->jitterMs, std::optional<double>(0.0));
    }
}

void TestIperf3::reverseAndBidir() {
    {
        const ImportResult result = parseData(QStringLiteral("tcp-R-client.txt"));
        const Dataset& data = result.datasets.front();
        QCOMPARE(data.info.extra.value(QStringLiteral("reverse")), QStringLiteral("1"));
        const Flow& flow = data.flows.flows.front();
        QCOMPARE(flow.total->bitsPerSecond, 47.4e6);
        QCOMPARE(flow.senderTotal->retransmits, std::optional<std::int64_t>(90));
        QVERIFY(!flow.intervals.front().retransmits);
    }
    {
        // Server of -R: it sends, and prints only its "sender" line, which becomes the total.
        const ImportResult result = parseData(QStringLiteral("tcp-R-server.txt"));
        const Flow& flow = result.datasets.front().flows.flows.front();
        QCOMPARE(flow.total->bitsPerSecond, 50.0e6);
        QCOMPARE(flow.total->retransmits, std::optional<std::int64_t>(90));
        QVERIFY(!flow.senderTotal);
        QCOMPARE(flow.intervals.front().retransmits, std::optional<std::int64_t>(90));
    }
    {
        const ImportResult result = parseData(QStringLiteral("tcp-bidir-client.txt"));
        const FlowSeries& series = result.datasets.front().flows;
        // "[  7][RX-C]   0.00-3.02   sec  16.0 MBytes  44.5 Mbits/sec   receiver" / "... 181
        // sender"
        QCOMPARE(series.flows[1].total->bitsPerSecond, 44.5e6);
        QCOMPARE(series.flows[1].senderTotal->retransmits, std::optional<std::int64_t>(181));
        QCOMPARE(series.flows[0].intervals[0].retransmits, std::optional<std::int64_t>(2038));
        QVERIFY(!series.flows[1].intervals[0].retransmits);
        QCOMPARE(result.datasets.front().info.extra.value(QStringLiteral("bidir")),
                 QStringLiteral("1"));
    }
    {
        // --bidir -P 2: the SUM kept is the client-to-server one ([SUM][TX-C]).
        const ImportResult result = parseData(QStringLiteral("tcp-bidir-P2-client.txt"));
        const FlowSeries& series = result.datasets.front().flows;
        QCOMPARE(series.sumIntervals[0].bitsPerSecond, 58.3e6);
        QCOMPARE(series.sumTotal->bitsPerSecond, 45.5e6); // [SUM][TX-C] receiver
    }
    {
        // The server prints a fourth, short interval (3.00-3.01) that the client does not.
        const ImportResult result = parseData(QStringLiteral("tcp-bidir-P2-server.txt"));
        const FlowSeries& series = result.datasets.front().flows;
        QCOMPARE(flowIds(result.datasets.front()),
                 (QStringList{"5/receive", "8/receive", "11/send", "13/send"}));
        QCOMPARE(int(series.flows[0].intervals.size()), 4);
        QCOMPARE(int(series.sumIntervals.size()), 4);
        QCOMPARE(series.sumIntervals[0].bitsPerSecond, 42.5e6); // [SUM][RX-S]
        QCOMPARE(series.sumTotal->bitsPerSecond, 45.5e6);
        QCOMPARE(series.flows[2].total->retransmits, std::optional<std::int64_t>(501));
    }
}

// iperf3's UDP receiver prints "[  5] 0.0-0.5 sec  3 datagrams received out-of-order" (and the
// same for [SUM]) after the report it counts for; written by hand after iperf3's
// report_outoforder / report_sum_outoforder formats (no reordering link here).
void TestIperf3::udpServerOutOfOrderLines() {
    const QString name = QStringLiteral("hand-udp-P2-ooo-server.txt");
    const ImportResult result = parseData(name);
    QCOMPARE(formatId(result), "iperf3/text");
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.ignoredLines, qint64(0));
    const FlowSeries& series = result.datasets.front().flows;
    // Independent reading: each out-of-order line belongs to the report line above it of the
    // same [ID] (the interval, or the receiver line after the separator).
    const QStringList lines = QString::fromUtf8(readData(name)).split(QLatin1Char('\n'));
    const QRegularExpression report(
        QStringLiteral(R"(^\[\s*(\d+|SUM)\]\s+[\d.]+-[\d.]+\s+sec\s+\S+ \S*Bytes)"));
    const QRegularExpression ooo(QStringLiteral(
        R"(^\[\s*(\d+|SUM)\]\s+[\d.]+-[\d.]+ sec\s+(\d+) datagrams received out-of-order$)"));
    QMap<QString, int> reportsSeen;              // report lines per id so far
    QMap<QString, QList<std::int64_t>> expected; // per id: out-of-order count per report (-1 none)
    int checked = 0;
    for (const QString& line : lines) {
        if (const auto m = report.match(line); m.hasMatch()) {
            ++reportsSeen[m.captured(1)];
            expected[m.captured(1)].append(-1);
        } else if (const auto o = ooo.match(line); o.hasMatch()) {
            expected[o.captured(1)].last() = o.captured(2).toLongLong();
            ++checked;
        }
    }
    QCOMPARE(checked, 9);
    const auto compare = [](const FlowInterval& interval, std::int64_t count) {
        return count < 0 ? !interval.outOfOrder : interval.outOfOrder == count;
    };
    for (const Flow& flow : series.flows) {
        const QList<std::int64_t>& counts = expected.value(flow.id);
        QCOMPARE(counts.size(), qsizetype(flow.intervals.size() + 1));
        for (std::size_t i = 0; i < flow.intervals.size(); ++i)
            QVERIFY2(compare(flow.intervals[i], counts[qsizetype(i)]), qPrintable(flow.id));
        QVERIFY(compare(*flow.total, counts.last()));
    }
    const QList<std::int64_t>& sums = expected.value(QStringLiteral("SUM"));
    QCOMPARE(sums.size(), qsizetype(series.sumIntervals.size() + 1));
    for (std::size_t i = 0; i < series.sumIntervals.size(); ++i)
        QVERIFY(compare(series.sumIntervals[i], sums[qsizetype(i)]));
    QVERIFY(compare(*series.sumTotal, sums.last()));
    QCOMPARE(series.sumTotal->outOfOrder, std::optional<std::int64_t>(6));
}

// Interval lines out of time order, overlapping, or printed twice (iperf3 repeats its last
// interval in some versions): read in time order, a repeat counted once, each with a warning,
// and the interval statistics still those of the printed lines. Written by hand from the
// recorded bidir-P2-i05-client.txt: its second interval group moved after the third, its last
// group printed twice, and one [SUM] line that starts inside the interval before it.
void TestIperf3::intervalsOutOfOrderOverlappingOrRepeated() {
    const QList<QByteArray> lines = readData(QStringLiteral("bidir-P2-i05-client.txt")).split('\n');
    QList<QByteArray> groups[5]; // the interval groups (split at "- - -"), then the rest
    int group = 0;
    QByteArray head;
    for (const QByteArray& line : lines) {
        if (line.startsWith("- - -")) {
            ++group;
            continue;
        }
        if (group == 0 && !line.contains(" sec "))
            head += line + '\n';
        else
            groups[std::min(group, 4)] << line;
    }
    QCOMPARE(groups[3].size(), 6); // 1.50-2.00: the last group
    QByteArray log = head;
    for (int g : {0, 2, 1, 3, 3, 4}) {
        for (const QByteArray& line : groups[g])
            log += line + '\n';
        log += "- - - - - - - - - - - - - - - - - - - - - - - - -\n";
    }
    // The [SUM][TX-C] 1.50-2.00 line starts at 1.45 instead: it overlaps 1.00-1.50.
    const QByteArray sumLine = "[SUM][TX-C]   1.50-2.00";
    QVERIFY(log.contains(sumLine));
    log.replace(sumLine, "[SUM][TX-C]   1.45-2.00");
    const ImportResult result = test::parseBytes(log, QStringLiteral("disordered.txt"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    QVERIFY(hasWarning(result, QStringLiteral("start before the line above them")));
    QVERIFY(hasWarning(result, QStringLiteral("overlap the interval before them")));
    QVERIFY(hasWarning(result, QStringLiteral("repeat the line before them exactly")));
    const FlowSeries& series = result.datasets.front().flows;
    // Independent reading of the same text: the forward [SUM] lines, each printed line once,
    // in time order.
    const QRegularExpression sum(QStringLiteral(
        R"(^\[SUM\]\[TX-C\]\s+([\d.]+)-([\d.]+)\s+sec\s+\S+ \S+\s+([\d.]+) Mbits/sec)"));
    QMap<double, double> printed; // start -> Mbits/s
    for (const QByteArray& line : log.split('\n')) {
        if (line.contains("sender") || line.contains("receiver"))
            continue;
        const auto m = sum.match(QString::fromUtf8(line));
        if (m.hasMatch())
            printed.insert(m.captured(1).toDouble(), m.captured(3).toDouble() * 1e6);
    }
    QCOMPARE(qsizetype(series.sumIntervals.size()), printed.size());
    std::vector<double> rates;
    for (std::size_t i = 0; i < series.sumIntervals.size(); ++i) {
        QCOMPARE(series.sumIntervals[i].start, printed.keys()[qsizetype(i)]);
        QCOMPARE(series.sumIntervals[i].bitsPerSecond, printed.values()[qsizetype(i)]);
        rates.push_back(printed.values()[qsizetype(i)]);
    }
    for (const Flow& flow : series.flows) {
        QCOMPARE(int(flow.intervals.size()), 4);
        for (std::size_t i = 1; i < flow.intervals.size(); ++i)
            QVERIFY(flow.intervals[i].start >= flow.intervals[i - 1].end);
    }
    // numpy: the median of the four SUM rates
    const FlowStatistics stats = FlowStatistics::of(series);
    std::sort(rates.begin(), rates.end());
    QCOMPARE(int(stats.intervals.count), 4);
    QCOMPARE(stats.intervals.median, (rates[1] + rates[2]) / 2);
}

void TestIperf3::omittedIntervals() {
    const ImportResult result = parseData(QStringLiteral("tcp-omit-client.txt"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    const Flow& flow = result.datasets.front().flows.flows.front();
    QCOMPARE(int(flow.intervals.size()), 3);
    // The omitted interval (55.0 Mbits/sec) is not the first interval of the measurement.
    QCOMPARE(flow.intervals.front().bitsPerSecond, 46.9e6);
    QCOMPARE(flow.intervals.front().start, 0.0);
    QVERIFY(hasWarning(result, QStringLiteral("omitted")));
    QCOMPARE(result.report.samples, qint64(3));
}

void TestIperf3::verboseRunInfo() {
    const ImportResult result = parseData(QStringLiteral("tcp-V-reno-client.txt"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.ignoredLines, qint64(0));
    QCOMPARE(result.datasets.size(), std::size_t(1));
    const RunInfo& info = result.datasets.front().info;
    QCOMPARE(info.version, QStringLiteral("3.12"));
    QCOMPARE(info.congestionControl, QStringLiteral("reno"));
    QCOMPARE(info.extra.value(QStringLiteral("receiver_tcp_congestion")), QStringLiteral("reno"));
    QCOMPARE(info.protocol, QStringLiteral("tcp"));
    QCOMPARE(info.streams, 1);
    QVERIFY(info.start.isValid());
    QCOMPARE(info.start.toUTC().date().year(), 2026);
    QCOMPARE(int(result.datasets.front().flows.flows.front().intervals.size()), 3);
}

void TestIperf3::errorsAndInterrupts() {
    {
        const ImportResult result = parseData(QStringLiteral("error-refused-client.txt"));
        QVERIFY(result.ok());
        QCOMPARE(formatId(result), "iperf3/text");
        QCOMPARE(result.report.parseErrors.count(), 1);
        QCOMPARE(result.report.parseErrors.kept().front().line, qint64(1));
        QVERIFY(result.report.parseErrors.kept().front().message.contains(
            QLatin1String("unable to connect")));
        QVERIFY(result.datasets.front().flows.empty());
    }
    {
        // Written by hand after the shape of an interrupted client: every interval is kept.
        const QByteArray log =
            "Connecting to host 198.19.30.1, port 5201\n"
            "[  5] local 198.19.30.2 port 40000 connected to 198.19.30.1 port 5201\n"
            "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
            "[  5]   0.00-1.00   sec  5.00 MBytes  41.9 Mbits/sec    0   50.0 KBytes\n"
            "[  5]   1.00-1.52   sec  2.50 MBytes  40.3 Mbits/sec    0   50.0 KBytes\n"
            "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
            "[ ID] Interval           Transfer     Bitrate         Retr\n"
            "[  5]   0.00-1.52   sec  7.50 MBytes  41.4 Mbits/sec    0             sender\n"
            "[  5]   0.00-1.52   sec  0.00 Bytes  0.00 bits/sec                  receiver\n"
            "iperf3: interrupt - the client has terminated";
        const ImportResult result = test::parseBytes(log, QStringLiteral("interrupted.txt"));
        QCOMPARE(formatId(result), "iperf3/text");
        QCOMPARE(result.report.parseErrors.count(), 0);
        QVERIFY(hasWarning(result, QStringLiteral("interrupted")));
        const Flow& flow = result.datasets.front().flows.flows.front();
        QCOMPARE(int(flow.intervals.size()), 2);
        QCOMPARE(flow.intervals.back().end, 1.52);
        // The receiver's "0.00 Bytes" is the server's figure that never came: the sender's is used.
        QVERIFY(hasWarning(result, QStringLiteral("the receiver never reported")));
        QCOMPARE(flow.total->bytes, std::round(7.5 * MiB));
        QCOMPARE(flow.senderTotal->bytes, std::round(7.5 * MiB));
    }
    {
        // A report line that does not read is a parse error with its line, not a crash.
        const QByteArray log = "[ ID] Interval           Transfer     Bitrate\n"
                               "[  5]   0.00-1.00   sec  5.00 MBytes  41.9 Mbits/sec\n"
                               "[  5]   1.00-2.00   sec  five MBytes  41.9 Mbits/sec\n"
                               "[  5]   2.00-3.00   sec  5.00 Parsecs  41.9 Mbits/sec\n"
                               "[  5]   3.00-4.00   sec  5.00 MBytes  41.9 Mbits/sec  bogus\n";
        const ImportResult result = test::parseBytes(log, QStringLiteral("bad.txt"), 1 << 20,
                                                     QStringLiteral("iperf3/text"));
        QCOMPARE(result.report.parseErrors.count(), 3);
        QCOMPARE(result.report.parseErrors.kept()[0].line, qint64(3));
        QCOMPARE(result.report.parseErrors.kept()[2].line, qint64(5));
        QCOMPARE(int(result.datasets.front().flows.flows.front().intervals.size()), 1);
    }
}

void TestIperf3::severalRunsInOneFile() {
    // Two runs appended to one log (as `iperf3 -R ... && iperf3 ...` leaves them), written by
    // hand: one dataset each, the first in reverse mode, old "Bandwidth" headers, CRLF.
    const QByteArray log =
        "Connecting to host 198.19.30.1, port 5201\r\n"
        "Reverse mode, remote host 198.19.30.1 is sending\r\n"
        "[  4] local 198.19.30.2 port 40001 connected to 198.19.30.1 port 5201\r\n"
        "[ ID] Interval           Transfer     Bandwidth       Retr  Cwnd\r\n"
        "[  4]   0.00-1.00   sec  1.00 MBytes  8.39 Mbits/sec\r\n"
        "- - - - - - - - - - - - - - - - - - - - - - - - -\r\n"
        "[ ID] Interval           Transfer     Bandwidth       Retr\r\n"
        "[  4]   0.00-1.00   sec  1.10 MBytes  9.23 Mbits/sec   12             sender\r\n"
        "[  4]   0.00-1.00   sec  1.00 MBytes  8.39 Mbits/sec                  receiver\r\n"
        "\r\n"
        "iperf Done.\r\n"
        "Connecting to host 198.19.30.1, port 5201\r\n"
        "[  4] local 198.19.30.2 port 40002 connected to 198.19.30.1 port 5201\r\n"
        "[ ID] Interval           Transfer     Bandwidth       Retr  Cwnd\r\n"
        "[  4]   0.00-1.00   sec  2.00 MBytes  16.8 Mbits/sec    0   40.0 KBytes\r\n"
        "- - - - - - - - - - - - - - - - - - - - - - - - -\r\n"
        "[ ID] Interval           Transfer     Bandwidth       Retr\r\n"
        "[  4]   0.00-1.00   sec  2.00 MBytes  16.8 Mbits/sec    0             sender\r\n"
        "[  4]   0.00-1.01   sec  1.90 MBytes  15.8 Mbits/sec                  receiver\r\n"
        "\r\n"
        "iperf Done.\r\n";
    const ImportResult result = test::parseBytes(log, QStringLiteral("two-runs.txt"));
    QCOMPARE(formatId(result), "iperf3/text");
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.datasets.size(), std::size_t(2));
    QCOMPARE(result.datasets[0].flows.flows.front().direction, QStringLiteral("receive"));
    QCOMPARE(result.datasets[0].flows.flows.front().senderTotal->retransmits,
             std::optional<std::int64_t>(12));
    QCOMPARE(result.datasets[1].flows.flows.front().direction, QStringLiteral("send"));
    QCOMPARE(result.datasets[1].flows.flows.front().total->bitsPerSecond, 15.8e6);
    QCOMPARE(result.datasets[1].flows.flows.front().localAddress,
             QStringLiteral("198.19.30.2 port 40002"));
    QVERIFY(result.datasets[1].info.extra.value(QStringLiteral("reverse")).isEmpty());
}

// A server that stays up while clients connect test after test (recorded by
// ../iperf/record-appended.sh; stopped by SIGINT while waiting for a fourth): one dataset per
// "Accepted connection from", labelled with that peer, each holding that test's receiver lines.
// The -J documents of json-repeated.json are labelled with their peer and start time.
void TestIperf3::serverOfSeveralTests() {
    const QString name = QStringLiteral("appended-server.txt");
    const ImportResult result = parseData(name);
    QCOMPARE(result.report.parseErrors.count(), 0);
    const QStringList tests =
        QString::fromUtf8(readData(name)).split(QStringLiteral("Accepted connection from "));
    QCOMPARE(result.datasets.size(), std::size_t(tests.size() - 1));
    const QRegularExpression receiver(
        QStringLiteral(
            R"(^\[\s*(\d+)\]\s+[\d.]+-[\d.]+\s+sec\s+\S+ \S+\s+(\S+) Mbits/sec.*receiver)"),
        QRegularExpression::MultilineOption);
    for (std::size_t t = 0; t < result.datasets.size(); ++t) {
        const QString& text = tests[qsizetype(t) + 1];
        const QString peer = text.left(text.indexOf(QLatin1Char(',')));
        const Dataset& data = result.datasets[t];
        QCOMPARE(data.info.target, peer);
        QCOMPARE(data.label, QStringLiteral("appended-server · %1 (run %2)").arg(peer).arg(t + 1));
        QStringList ids;
        auto it = receiver.globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            ids << m.captured(1);
            const auto flow = std::find_if(data.flows.flows.begin(), data.flows.flows.end(),
                                           [&](const Flow& f) { return f.id == m.captured(1); });
            QVERIFY(flow != data.flows.flows.end());
            QCOMPARE(flow->total->bitsPerSecond, m.captured(2).toDouble() * 1e6);
        }
        QCOMPARE(ids, flowIds(data));
    }
    const ImportResult json = parseData(QStringLiteral("json-repeated.json"));
    QCOMPARE(json.datasets.size(), std::size_t(2));
    for (const Dataset& data : json.datasets)
        QCOMPARE(data.label, QStringLiteral("json-repeated · %1 %2 UTC")
                                 .arg(data.info.target,
                                      data.info.start.toUTC().toString("yyyy-MM-dd HH:mm:ss")));
    QVERIFY(json.datasets[0].label != json.datasets[1].label);
}

void TestIperf3::truncatedTextKeepsCompleteIntervals() {
    const QByteArray full = readData(QStringLiteral("tcp-P3-client.txt"));
    // Cut in the middle of the second interval group's third stream line.
    const QByteArray marker = "[  9]   1.00-2.00";
    const qsizetype cut = full.indexOf(marker) + 10;
    QVERIFY(cut > 10);
    const ImportResult result = test::parseBytes(full.left(cut), QStringLiteral("cut.txt"));
    const FlowSeries& series = result.datasets.front().flows;
    QCOMPARE(int(series.flows.size()), 3);
    QCOMPARE(int(series.flows[0].intervals.size()), 2);
    QCOMPARE(int(series.flows[1].intervals.size()), 2);
    QCOMPARE(int(series.flows[2].intervals.size()), 1);
    QCOMPARE(int(series.sumIntervals.size()), 1);
    QVERIFY(!series.flows[0].total);
    // The cut line itself is reported, not silently dropped.
    QCOMPARE(result.report.parseErrors.count(), 1);
}

void TestIperf3::jsonTcp() {
    const QString name = QStringLiteral("json-tcp-P2-client.json");
    const ImportResult result = parseData(name);
    const QJsonObject doc = jsonDocument(name);
    QCOMPARE(formatId(result), "iperf3/json");
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.warnings.count(), 0);
    QCOMPARE(result.datasets.size(), std::size_t(1));
    const Dataset& data = result.datasets.front();
    QCOMPARE(data.info.dialect, QStringLiteral("json"));
    QCOMPARE(data.info.role, QStringLiteral("client"));
    QCOMPARE(data.info.protocol, QStringLiteral("tcp"));
    QCOMPARE(data.info.streams, 2);
    QCOMPARE(data.info.version, QStringLiteral("3.12"));
    QCOMPARE(data.info.target, QStringLiteral("198.19.30.1"));
    QCOMPARE(data.info.congestionControl, QStringLiteral("reno"));
    QCOMPARE(data.info.extra.value(QStringLiteral("receiver_tcp_congestion")),
             QStringLiteral("reno"));
    const QJsonObject start = doc.value("start").toObject();
    QCOMPARE(data.info.start.toSecsSinceEpoch(),
             start.value("timestamp").toObject().value("timesecs").toInteger());
    QCOMPARE(data.info.extra.value(QStringLiteral("tcp_mss_default")), QStringLiteral("1448"));
    const QJsonObject end = doc.value("end").toObject();
    QCOMPARE(data.info.extra.value(QStringLiteral("cpu_host_total")).toDouble(),
             end.value("cpu_utilization_percent").toObject().value("host_total").toDouble());
    QCOMPARE(flowIds(data), (QStringList{"5", "7"}));
    const QJsonArray intervals = doc.value("intervals").toArray();
    const QJsonArray streams = end.value("streams").toArray();
    for (int i = 0; i < 2; ++i) {
        const Flow& flow = data.flows.flows[i];
        QCOMPARE(flow.direction, QStringLiteral("send"));
        QCOMPARE(int(flow.intervals.size()), intervals.size());
        for (int k = 0; k < intervals.size(); ++k) {
            const QJsonObject s = intervals[k].toObject().value("streams").toArray()[i].toObject();
            const FlowInterval& interval = flow.intervals[k];
            QVERIFY(interval.bytesExact);
            QCOMPARE(interval.bytes, s.value("bytes").toDouble());
            QCOMPARE(interval.bitsPerSecond, s.value("bits_per_second").toDouble());
            QCOMPARE(interval.end, s.value("end").toDouble());
            QCOMPARE(*interval.retransmits, s.value("retransmits").toInteger());
            QCOMPARE(*interval.cwndBytes, s.value("snd_cwnd").toDouble());
            QCOMPARE(*interval.rttMs, s.value("rtt").toDouble() / 1000.0);
        }
        const QJsonObject stream = streams[i].toObject();
        QCOMPARE(flow.total->bytes, stream.value("receiver").toObject().value("bytes").toDouble());
        QCOMPARE(flow.senderTotal->bytes,
                 stream.value("sender").toObject().value("bytes").toDouble());
        QCOMPARE(*flow.senderTotal->retransmits,
                 stream.value("sender").toObject().value("retransmits").toInteger());
        QVERIFY(flow.total->bytesExact);
    }
    QCOMPARE(int(data.flows.sumIntervals.size()), intervals.size());
    QCOMPARE(data.flows.sumIntervals[1].bytes,
             intervals[1].toObject().value("sum").toObject().value("bytes").toDouble());
    QCOMPARE(data.flows.sumTotal->bytes,
             end.value("sum_received").toObject().value("bytes").toDouble());
    QCOMPARE(data.flows.sumTotal->bitsPerSecond,
             end.value("sum_received").toObject().value("bits_per_second").toDouble());
    QCOMPARE(result.report.samples, qint64(2 * intervals.size()));
}

void TestIperf3::jsonUdp() {
    const QString name = QStringLiteral("json-udp-client.json");
    const ImportResult result = parseData(name);
    const QJsonObject end = jsonDocument(name).value("end").toObject();
    QCOMPARE(result.report.parseErrors.count(), 0);
    const Dataset& data = result.datasets.front();
    QCOMPARE(data.info.protocol, QStringLiteral("udp"));
    QVERIFY(data.info.congestionControl.isEmpty());
    const Flow& flow = data.flows.flows.front();
    QCOMPARE(int(flow.intervals.size()), 3);
    QVERIFY(flow.intervals[0].totalDatagrams.has_value());
    const QJsonObject udp = end.value("streams").toArray()[0].toObject().value("udp").toObject();
    QCOMPARE(*flow.total->jitterMs, udp.value("jitter_ms").toDouble());
    QCOMPARE(*flow.total->lostDatagrams, udp.value("lost_packets").toInteger());
    QCOMPARE(*flow.total->totalDatagrams, udp.value("packets").toInteger());
    const QJsonObject received = end.value("sum_received").toObject();
    QCOMPARE(data.flows.sumTotal->bitsPerSecond, received.value("bits_per_second").toDouble());
    QCOMPARE(*data.flows.sumTotal->jitterMs, received.value("jitter_ms").toDouble());
    QCOMPARE(*data.flows.sumTotal->totalDatagrams, received.value("packets").toInteger());
}

void TestIperf3::jsonBidirAndOmit() {
    {
        const ImportResult result = parseData(QStringLiteral("json-bidir-client.json"));
        QCOMPARE(result.report.parseErrors.count(), 0);
        const Dataset& data = result.datasets.front();
        QCOMPARE(flowIds(data), (QStringList{"5/send", "7/receive"}));
        QCOMPARE(::directions(data), (QStringList{"send", "receive"}));
        const QJsonObject end =
            jsonDocument(QStringLiteral("json-bidir-client.json")).value("end").toObject();
        QCOMPARE(data.flows.sumTotal->bytes,
                 end.value("sum_received").toObject().value("bytes").toDouble());
        QCOMPARE(data.flows.flows[1].total->bytes, end.value("streams")
                                                       .toArray()[1]
                                                       .toObject()
                                                       .value("receiver")
                                                       .toObject()
                                                       .value("bytes")
                                                       .toDouble());
        QCOMPARE(int(data.flows.sumIntervals.size()), 3);
    }
    {
        const ImportResult result = parseData(QStringLiteral("json-omit-client.json"));
        QCOMPARE(result.report.parseErrors.count(), 0);
        QVERIFY(hasWarning(result, QStringLiteral("omitted")));
        const Dataset& data = result.datasets.front();
        QCOMPARE(int(data.flows.flows.front().intervals.size()), 3);
        QCOMPARE(int(data.flows.sumIntervals.size()), 3);
        QCOMPARE(data.info.extra.value(QStringLiteral("omit")), QStringLiteral("1"));
    }
}

// iperf3's UDP server writes zeros where its whole-run figures belong: the whole -J end block
// in 3.7 (hand-3.7-udp-server-zero-end.json: the recorded 3.12 log with 3.7's end block), the
// per-stream bytes still in 3.12 (json-udp-P2-server.json, recorded), a "0.00 Bytes" summary
// line in 3.1. The intervals hold the data: totals come from them, with a warning.
void TestIperf3::receiverZeroTotalsTakeTheIntervals() {
    for (const QString& name : {QStringLiteral("hand-3.7-udp-server-zero-end.json"),
                                QStringLiteral("json-udp-P2-server.json")}) {
        const ImportResult result = parseData(name);
        QCOMPARE(result.report.parseErrors.count(), 0);
        QVERIFY2(hasWarning(result, QStringLiteral("taken from the intervals")), qPrintable(name));
        const FlowSeries& series = result.datasets.front().flows;
        const QJsonArray intervals = jsonDocument(name).value("intervals").toArray();
        QCOMPARE(int(series.flows.size()), 2);
        for (int s = 0; s < 2; ++s) {
            double bytes = 0;
            qint64 packets = 0;
            qint64 lost = 0;
            for (const QJsonValue& interval : intervals) {
                const QJsonObject stream = interval["streams"].toArray()[s].toObject();
                bytes += stream["bytes"].toDouble();
                packets += stream["packets"].toInteger();
                lost += stream["lost_packets"].toInteger();
            }
            const QJsonObject last = intervals.last()["streams"].toArray()[s].toObject();
            const FlowInterval& total = *series.flows[std::size_t(s)].total;
            QVERIFY(bytes > 0);
            QCOMPARE(total.bytes, bytes);
            QCOMPARE(total.bitsPerSecond, bytes * 8 / total.seconds());
            QCOMPARE(total.totalDatagrams, std::optional<std::int64_t>(packets));
            QCOMPARE(total.lostDatagrams, std::optional<std::int64_t>(lost));
            QCOMPARE(total.jitterMs, std::optional<double>(last["jitter_ms"].toDouble()));
        }
        double sumBytes = 0;
        for (const QJsonValue& interval : intervals)
            sumBytes += interval["sum"]["bytes"].toDouble();
        QCOMPARE(series.sumTotal->bytes, sumBytes);
    }
    {
        // iperf 3.1's UDP server summary (esnet/iperf#560): "0.00 Bytes 0.00 bits/sec" beside
        // the real jitter and loss.
        const QByteArray log =
            "Accepted connection from 198.18.77.1, port 43078\n"
            "[  5] local 198.18.77.2 port 5201 connected to 198.18.77.1 port 45756\n"
            "[ ID] Interval           Transfer     Bandwidth       Jitter    Lost/Total Datagrams\n"
            "[  5]   0.00-1.00   sec  96.7 KBytes   792 Kbits/sec  7.973 ms  0/99 (0%)\n"
            "[  5]   1.00-2.00   sec   102 KBytes   832 Kbits/sec  8.045 ms  4/104 (3.8%)\n"
            "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
            "[ ID] Interval           Transfer     Bandwidth       Jitter    Lost/Total Datagrams\n"
            "[  5]   0.00-2.00   sec  0.00 Bytes  0.00 bits/sec  8.045 ms  4/203 (2%)\n";
        const ImportResult result = test::parseBytes(log, QStringLiteral("zero-summary.txt"));
        QCOMPARE(formatId(result), "iperf3/text");
        QVERIFY(hasWarning(result, QStringLiteral("taken from the intervals")));
        const FlowInterval& total = *result.datasets.front().flows.flows.front().total;
        QCOMPARE(total.bytes, std::round(96.7 * KiB) + 102 * KiB);
        QCOMPARE(total.jitterMs, std::optional<double>(8.045)); // the summary's own, kept
        QCOMPARE(total.totalDatagrams, std::optional<std::int64_t>(203));
    }
}

// An upload stopped by SIGINT (record-sigint.sh): the client prints its receiver's figures as
// 0 bytes (text) or zero (-J) since the server's never came; the sender's are the run's.
void TestIperf3::interruptedUploadTakesTheSenderTotals() {
    {
        const ImportResult result = parseData(QStringLiteral("sigint-client.txt"));
        QVERIFY(hasWarning(result, QStringLiteral("the sender's are used for 1 whole-run figure")));
        const FlowSeries& series = result.datasets.front().flows;
        QCOMPARE(series.flows.size(), std::size_t(1));
        QCOMPARE(series.flows.front().total->bytes, std::round(19.7 * MiB));
        QCOMPARE(series.flows.front().total->bitsPerSecond, 50.2e6);
    }
    {
        const ImportResult result = parseData(QStringLiteral("sigint-P2-client.txt"));
        QVERIFY(
            hasWarning(result, QStringLiteral("the sender's are used for 3 whole-run figures")));
        const FlowSeries& series = result.datasets.front().flows;
        QCOMPARE(series.flows.size(), std::size_t(2));
        QCOMPARE(series.flows[0].total->bitsPerSecond, 27.2e6);
        QCOMPARE(series.flows[1].total->bitsPerSecond, 24.8e6);
        QCOMPARE(series.sumTotal->bytes, std::round(20.4 * MiB));
        QCOMPARE(series.sumTotal->bitsPerSecond, 51.9e6);
    }
    for (const QString& name : {QStringLiteral("sigint-json-client.json"),
                                QStringLiteral("sigint-json-P2-client.json")}) {
        const ImportResult result = parseData(name);
        QCOMPARE(result.report.parseErrors.count(), 0);
        QVERIFY2(hasWarning(result, QStringLiteral("the receiver never reported")),
                 qPrintable(name));
        const QJsonObject end = jsonDocument(name).value("end").toObject();
        QCOMPARE(end["sum_received"]["bytes"].toDouble(), 0.0); // as iperf3 wrote it
        const FlowSeries& series = result.datasets.front().flows;
        const QJsonArray streams = end["streams"].toArray();
        QCOMPARE(series.flows.size(), std::size_t(streams.size()));
        for (qsizetype s = 0; s < streams.size(); ++s) {
            const QJsonObject sender = streams[s]["sender"].toObject();
            QVERIFY(sender["bytes"].toDouble() > 0);
            QCOMPARE(series.flows[std::size_t(s)].total->bytes, sender["bytes"].toDouble());
        }
        QCOMPARE(series.sumTotal->bytes, end["sum_sent"]["bytes"].toDouble());
        QCOMPARE(series.sumTotal->bitsPerSecond, end["sum_sent"]["bits_per_second"].toDouble());
    }
    {
        // A UDP receiver that counted its datagrams and got none (every one lost) is right
        // to say 0 bytes, interrupted or not.
        const QByteArray log =
            "Connecting to host 198.18.0.1, port 5201\n"
            "[  5] local 198.18.0.2 port 40000 connected to 198.18.0.1 port 5201\n"
            "[ ID] Interval           Transfer     Bitrate         Total Datagrams\n"
            "[  5]   0.00-1.00   sec  1.19 MBytes  10.0 Mbits/sec  863\n"
            "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
            "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n"
            "[  5]   0.00-1.00   sec  1.19 MBytes  10.0 Mbits/sec  0.000 ms  0/863 (0%)  sender\n"
            "[  5]   0.00-1.00   sec  0.00 Bytes  0.00 bits/sec  0.000 ms  863/863 (100%)  "
            "receiver\n"
            "iperf3: interrupt - the client has terminated\n";
        const ImportResult result = test::parseBytes(log, QStringLiteral("udp-all-lost.txt"));
        QVERIFY(!hasWarning(result, QStringLiteral("the receiver never reported")));
        QCOMPARE(result.datasets.front().flows.flows.front().total->bytes, 0.0);
    }
}

// record-cut-and-stamped.sh: the server got SIGTERM ("the server has terminated": the client
// writes its receiver figures as zero) or SIGKILL (an empty end section) while the client sent
// at the bottleneck's 160 Mbit/s. The sender's figures are the run's, with a warning, and the
// SUM says it is the sender's.
void TestIperf3::cutShortRunsTakeTheSendersFigures() {
    const QString terminated = QStringLiteral("json-server-terminated-client.json");
    {
        const ImportResult result = parseData(terminated);
        const QJsonObject doc = jsonDocument(terminated);
        QCOMPARE(doc["error"].toString(), QStringLiteral("the server has terminated"));
        const QJsonObject end = doc["end"].toObject();
        QCOMPARE(end["sum_received"]["bytes"].toDouble(), 0.0); // as iperf3 wrote it
        QVERIFY(hasWarning(result, QStringLiteral("the receiver never reported")));
        const FlowSeries& series = result.datasets.front().flows;
        QVERIFY(series.sumTotalFromSender);
        QCOMPARE(series.sumTotal->bytes, end["sum_sent"]["bytes"].toDouble());
        QCOMPARE(series.sumTotal->bitsPerSecond, end["sum_sent"]["bits_per_second"].toDouble());
        QVERIFY(series.sumTotal->bitsPerSecond > 100e6);
        const QJsonArray streams = end["streams"].toArray();
        QCOMPARE(series.flows.size(), std::size_t(streams.size()));
        for (qsizetype i = 0; i < streams.size(); ++i)
            QCOMPARE(series.flows[std::size_t(i)].total->bytes,
                     streams[i]["sender"]["bytes"].toDouble());
        const FlowStatistics stats = FlowStatistics::of(series);
        QVERIFY(stats.sumFromTool);
        QCOMPARE(stats.sum.bitsPerSecond, end["sum_sent"]["bits_per_second"].toDouble());
    }
    {
        // The same run with the receiver's figures left out of the end section (no error
        // either): the SUM is still the sender's, and says so.
        QJsonObject doc = jsonDocument(terminated);
        QJsonObject end = doc["end"].toObject();
        end.remove(QStringLiteral("sum_received"));
        QJsonArray streams = end["streams"].toArray();
        for (QJsonValueRef stream : streams) {
            QJsonObject object = stream.toObject();
            object.remove(QStringLiteral("receiver"));
            stream = object;
        }
        end[QStringLiteral("streams")] = streams;
        doc[QStringLiteral("end")] = end;
        doc.remove(QStringLiteral("error"));
        const ImportResult result =
            test::parseBytes(QJsonDocument(doc).toJson(), QStringLiteral("partial-end.json"));
        QCOMPARE(result.report.parseErrors.count(), 0);
        QVERIFY(hasWarning(result, QStringLiteral("the end section has the sender's SUM only")));
        const FlowSeries& series = result.datasets.front().flows;
        QVERIFY(series.sumTotalFromSender);
        const QJsonObject read = doc.value("end").toObject();
        QCOMPARE(series.sumTotal->bytes, read["sum_sent"]["bytes"].toDouble());
        QCOMPARE(series.flows.front().total->bytes,
                 read["streams"][0]["sender"]["bytes"].toDouble());
    }
    {
        const QString killed = QStringLiteral("json-server-killed-client.json");
        const ImportResult result = parseData(killed);
        const QJsonObject doc = jsonDocument(killed);
        QCOMPARE(doc["error"].toString(), QStringLiteral("control socket has closed unexpectedly"));
        QVERIFY(doc["end"].toObject().isEmpty());
        QVERIFY(hasWarning(result, QStringLiteral("the log has no end section")));
        const FlowSeries& series = result.datasets.front().flows;
        QVERIFY(!series.sumTotal);
        // The SUM adds up the intervals; iperf3 repeats its last interval when cut short, and
        // a repeated interval is counted once.
        double bytes = 0;
        double lastStart = -1;
        for (const QJsonValue& interval : doc["intervals"].toArray()) {
            const QJsonObject sum = interval["sum"].toObject();
            if (sum["start"].toDouble() == lastStart)
                continue;
            lastStart = sum["start"].toDouble();
            bytes += sum["bytes"].toDouble();
        }
        const FlowStatistics stats = FlowStatistics::of(series);
        QVERIFY(!stats.sumFromTool);
        QCOMPARE(stats.sum.bytes, bytes);
        QVERIFY(bytes > 30e6);
    }
}

// iperf3 --timestamps (strftime %c), --timestamps=%s (no separator before the text) and
// --timestamps='%F %T ' (record-cut-and-stamped.sh): every line read as without its time, and
// the time of the first line is the run's start.
void TestIperf3::timestampsPrefixTheLines_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("prefix"); // a regular expression of the time and its separator
    QTest::addColumn<QString>("format"); // QDateTime's format of the time, or "epoch"
    QTest::addColumn<int>("intervalLines");
    QTest::newRow("%c") << QStringLiteral("timestamps-default-client.txt")
                        << QStringLiteral(R"(^(\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}) )")
                        << QStringLiteral("ddd MMM d HH:mm:ss yyyy") << 4;
    QTest::newRow("%s") << QStringLiteral("timestamps-epoch-client.txt")
                        << QStringLiteral(R"(^(\d{10}))") << QStringLiteral("epoch") << 4;
    QTest::newRow("%F %T") << QStringLiteral("timestamps-iso-client.txt")
                           << QStringLiteral(R"(^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) )")
                           << QStringLiteral("yyyy-MM-dd HH:mm:ss") << 4;
    // `| ts -i '%.s'` and `| ts -s '%.s'` (tests/data/ss/record-ts-relative.sh): durations,
    // which name no start.
    QTest::newRow("ts -i %.s") << QStringLiteral("ts-i-frac-client.txt")
                               << QStringLiteral(R"(^(\d{1,8}\.\d{6}) )") << QStringLiteral("none")
                               << 3;
    QTest::newRow("ts -s %.s") << QStringLiteral("ts-s-frac-client.txt")
                               << QStringLiteral(R"(^(\d{1,8}\.\d{6}) )") << QStringLiteral("none")
                               << 3;
}

void TestIperf3::timestampsPrefixTheLines() {
    QFETCH(QString, name);
    QFETCH(QString, prefix);
    QFETCH(QString, format);
    QFETCH(int, intervalLines);
    const QRegularExpression time(prefix);
    const QStringList lines = QString::fromUtf8(readData(name)).split(QLatin1Char('\n'));
    QString plain;
    QString firstTime;
    for (const QString& line : lines) {
        if (line.isEmpty())
            continue;
        const QRegularExpressionMatch m = time.match(line);
        QVERIFY2(m.hasMatch(), qPrintable(line));
        if (firstTime.isEmpty())
            firstTime = m.captured(1);
        plain += line.mid(m.capturedLength()) + QLatin1Char('\n');
    }
    const ImportResult stamped = parseData(name);
    const ImportResult unstamped = test::parseBytes(plain.toUtf8(), name);
    QCOMPARE(stamped.report.parseErrors.count(), 0);
    QCOMPARE(stamped.datasets.size(), std::size_t(1));
    const FlowSeries& series = stamped.datasets.front().flows;
    QCOMPARE(series.flows.size(), std::size_t(1));
    // The interval lines, read here: "[  5]   0.50-1.00   sec  9.38 MBytes   157 Mbits/sec".
    static const QRegularExpression interval(QStringLiteral(
        R"(^\[\s*\d+\]\s+([\d.]+)-([\d.]+)\s+sec\s+[\d.]+ \w?Bytes\s+([\d.]+) (\w?)bits/sec\s+\d+\s+[\d.]+ \w?Bytes\s*$)"));
    std::vector<std::array<double, 3>> expected;
    for (const QString& line : plain.split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = interval.match(line);
        if (!m.hasMatch())
            continue;
        const double scale = m.captured(4) == QLatin1String("M")   ? 1e6
                             : m.captured(4) == QLatin1String("K") ? 1e3
                             : m.captured(4) == QLatin1String("G") ? 1e9
                                                                   : 1;
        expected.push_back(
            {m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3).toDouble() * scale});
    }
    const std::vector<FlowInterval>& intervals = series.flows.front().intervals;
    QCOMPARE(intervals.size(), expected.size());
    QCOMPARE(int(expected.size()), intervalLines);
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(intervals[i].start, expected[i][0]);
        QCOMPARE(intervals[i].end, expected[i][1]);
        QCOMPARE(intervals[i].bitsPerSecond, expected[i][2]);
    }
    // Everything else as the log without its times says, the start apart.
    Dataset withoutStart = stamped.datasets.front();
    withoutStart.info.start = QDateTime();
    ImportResult compared = stamped;
    compared.datasets = {withoutStart};
    compared.report.warnings = unstamped.report.warnings;
    QCOMPARE(test::describe(compared), test::describe(unstamped));
    if (format == QLatin1String("none")) {
        QVERIFY(!stamped.datasets.front().info.start.isValid());
        return;
    }
    const QDateTime start =
        format == QLatin1String("epoch")
            ? QDateTime::fromSecsSinceEpoch(firstTime.toLongLong(), QTimeZone::utc())
            : QDateTime(QLocale::c().toDateTime(firstTime.simplified(), format).date(),
                        QLocale::c().toDateTime(firstTime.simplified(), format).time(),
                        QTimeZone::utc());
    QVERIFY(start.isValid());
    QCOMPARE(stamped.datasets.front().info.start, start);
}

void TestIperf3::jsonSeveralDocuments() {
    const ImportResult result = parseData(QStringLiteral("json-repeated.json"));
    QCOMPARE(formatId(result), "iperf3/json");
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.datasets.size(), std::size_t(2));
    QCOMPARE(result.datasets[0].info.protocol, QStringLiteral("tcp"));
    QCOMPARE(result.datasets[1].info.protocol, QStringLiteral("udp"));
    QCOMPARE(result.datasets[1].info.tool, QStringLiteral("iperf3"));
    QCOMPARE(result.datasets[1].kind, Dataset::Kind::Throughput);
    for (const Dataset& data : result.datasets) {
        QCOMPARE(int(data.flows.flows.size()), 1);
        QCOMPARE(int(data.flows.flows.front().intervals.size()), 1);
        QVERIFY(data.flows.sumTotal);
    }
}

void TestIperf3::jsonErrors() {
    {
        const ImportResult result = parseData(QStringLiteral("json-error-refused-client.json"));
        QCOMPARE(formatId(result), "iperf3/json");
        QCOMPARE(result.report.parseErrors.count(), 1);
        QVERIFY(result.report.parseErrors.kept().front().message.contains(
            QLatin1String("unable to connect")));
        QVERIFY(result.datasets.front().flows.empty());
        QCOMPARE(result.datasets.front().info.version, QStringLiteral("3.12"));
    }
    {
        const QByteArray full = readData(QStringLiteral("json-tcp-P2-client.json"));
        const ImportResult result =
            test::parseBytes(full.left(full.size() / 2), QStringLiteral("half.json"));
        QCOMPARE(formatId(result), "iperf3/json");
        QCOMPARE(result.report.parseErrors.count(), 1);
        QVERIFY(
            result.report.parseErrors.kept().front().message.contains(QLatin1String("cut off")));
        // The streaming reader keeps the intervals before the cut (truncatedJsonKeepsIntervals).
        QVERIFY(!result.datasets.front().flows.flows.empty());
        QVERIFY(!result.datasets.front().flows.sumTotal);
    }
    {
        // Broken JSON (a value missing) is reported with the line where the reader stopped.
        const QByteArray log =
            "{\n\t\"start\":\t{\n\t\t\"version\":\t,\n\t},\n\t\"intervals\": []\n}\n";
        const ImportResult result = test::parseBytes(log, QStringLiteral("broken.json"), 1 << 20,
                                                     QStringLiteral("iperf3/json"));
        QCOMPARE(result.report.parseErrors.count(), 1);
        QVERIFY2(
            result.report.parseErrors.kept().front().message.contains(QLatin1String("(line 3)")),
            qPrintable(result.report.parseErrors.kept().front().message));
    }
}

void TestIperf3::jsonStream() {
    // --json-stream (iperf3 >= 3.17, not installed here) is built from a recorded -J document:
    // the same start, intervals and end as one event per line must give the same dataset.
    const QJsonObject doc = jsonDocument(QStringLiteral("json-tcp-P2-client.json"));
    QByteArray stream;
    auto event = [&](const char* name, const QJsonValue& data) {
        stream += QJsonDocument(QJsonObject{{"event", QLatin1String(name)}, {"data", data}})
                      .toJson(QJsonDocument::Compact);
        stream += '\n';
    };
    event("start", doc.value("start"));
    for (const QJsonValue& interval : doc.value("intervals").toArray())
        event("interval", interval);
    event("end", doc.value("end"));
    const ImportResult streamed = test::parseBytes(stream, QStringLiteral("stream.jsonl"), 7);
    const ImportResult whole = parseData(QStringLiteral("json-tcp-P2-client.json"));
    QCOMPARE(formatId(streamed), "iperf3/json");
    QCOMPARE(streamed.report.parseErrors.count(), 0);
    QCOMPARE(streamed.datasets.size(), std::size_t(1));
    QString a = describeAll(streamed), b = describeAll(whole);
    // Only the line counts differ.
    a = a.section(QLatin1Char('\n'), 2);
    b = b.section(QLatin1Char('\n'), 2);
    QCOMPARE(a, b);
}

void TestIperf3::truncatedJsonKeepsIntervals() {
    // A -J log cut anywhere keeps every interval whose object closed before the cut, and one
    // parse error names the line where the input ended.
    const QString name = QStringLiteral("json-tcp-P2-client.json");
    const QByteArray full = readData(name);
    const QJsonArray intervals = jsonDocument(name).value("intervals").toArray();
    const Dataset whole = parseData(name).datasets.front();
    // Where each interval object closes: the "}" line after its "sum" object.
    std::vector<qsizetype> closes;
    for (qsizetype at = full.indexOf("\"sum\":"); at >= 0; at = full.indexOf("\"sum\":", at + 1))
        closes.push_back(full.indexOf("\n\t\t}", at) + 4);
    QCOMPARE(int(closes.size()), intervals.size());
    const qsizetype endSection = full.indexOf("\n\t\"end\":");
    QVERIFY(endSection > 0);
    std::vector<qsizetype> cuts{full.indexOf("\"intervals\""),
                                closes[0] - 30,
                                closes[0],
                                closes[0] + 1,
                                (closes[0] + closes[1]) / 2,
                                closes[1] + 7,
                                closes.back(),
                                endSection + 20,
                                full.size() - 2};
    for (const qsizetype cut : cuts) {
        const QByteArray part = full.left(cut);
        const ImportResult result = test::parseBytes(part, QStringLiteral("cut.json"), 97);
        const QString where = QStringLiteral("cut at byte %1").arg(cut);
        QCOMPARE(formatId(result), "iperf3/json");
        QCOMPARE(result.report.parseErrors.count(), 1);
        const ParseIssue& issue = result.report.parseErrors.kept().front();
        const qint64 lastLine = part.count('\n') + (part.endsWith('\n') ? 0 : 1);
        QVERIFY2(issue.message.contains(QLatin1String("cut off")), qPrintable(issue.message));
        QCOMPARE(issue.line, lastLine);
        QVERIFY2(issue.message.contains(QStringLiteral("at line %1").arg(lastLine)),
                 qPrintable(where + QStringLiteral(": ") + issue.message));
        QCOMPARE(result.report.linesRead, lastLine);
        const int complete = int(std::count_if(closes.begin(), closes.end(),
                                               [&](qsizetype close) { return close <= cut; }));
        const Dataset& data = result.datasets.front();
        QCOMPARE(data.info.streams, 2); // the start section is read before the cut
        QCOMPARE(int(data.flows.sumIntervals.size()), complete);
        QCOMPARE(result.report.samples, qint64(2 * complete));
        for (int f = 0; f < int(data.flows.flows.size()); ++f) {
            const Flow& flow = data.flows.flows[f];
            QCOMPARE(int(flow.intervals.size()), complete);
            for (int k = 0; k < complete; ++k)
                QCOMPARE(describeInterval(flow.intervals[k]),
                         describeInterval(whole.flows.flows[f].intervals[k]));
            // Totals come with the end section, when it closed before the cut.
            QVERIFY2(bool(flow.senderTotal) == (cut >= full.lastIndexOf("\n\t}") + 3),
                     qPrintable(where));
        }
    }
    {
        // Several runs in one file, cut in the second: the first stays whole.
        const QByteArray two = readData(QStringLiteral("json-repeated.json"));
        const qsizetype second = two.indexOf("\n{") + 1;
        const QByteArray part = two.left(two.indexOf("\"intervals\"", second) + 40);
        const ImportResult result = test::parseBytes(part, QStringLiteral("cut2.json"), 5);
        QCOMPARE(result.report.parseErrors.count(), 1);
        QVERIFY(result.report.parseErrors.kept().front().message.contains(
            QStringLiteral("starting at line %1").arg(two.left(second).count('\n') + 1)));
        QCOMPARE(result.datasets.size(), std::size_t(2));
        QVERIFY(result.datasets[0].flows.sumTotal);
        QCOMPARE(result.datasets[1].info.protocol, QStringLiteral("udp"));
    }
    {
        // Broken in the middle: the intervals before the error are kept, the document after it
        // is read normally, and the error names its line.
        QByteArray log = readData(QStringLiteral("json-tcp-P2-client.json"));
        const qsizetype second = log.indexOf("\"bytes\"", closes[0]);
        log.insert(second + 8, "x");
        log += readData(QStringLiteral("json-udp-client.json"));
        const ImportResult result = test::parseBytes(log, QStringLiteral("broken.json"), 13);
        QCOMPARE(result.report.parseErrors.count(), 1);
        const ParseIssue& issue = result.report.parseErrors.kept().front();
        QCOMPARE(issue.line, qint64(log.left(second).count('\n') + 1));
        QVERIFY2(issue.message.contains(QStringLiteral("(line %1)").arg(issue.line)),
                 qPrintable(issue.message));
        QCOMPARE(result.datasets.size(), std::size_t(2));
        QCOMPARE(int(result.datasets[0].flows.sumIntervals.size()), 1);
        QCOMPARE(result.datasets[1].info.protocol, QStringLiteral("udp"));
        QVERIFY(result.datasets[1].flows.sumTotal);
    }
}

void TestIperf3::jsonStrangeButValid() {
    // Valid JSON that iperf3 does not write, read as QJsonDocument would: escapes, keys in
    // another order, a repeated key (the last one counts), numbers as 1e3 or 2.0, "data" before
    // "event", deep nesting in an unread part.
    const QByteArray log =
        "{\"start\":{\"connecting_to\":{\"host\":\"h\\u00e9\\\"x\",\"port\":5201},"
        "\"unread\":[[[[{\"a\":[1,2,{\"b\":null}]}]]]],\"version\":\"iperf 3.12\","
        "\"test_start\":{\"protocol\":\"UDP\",\"num_streams\":1.0}},"
        "\"intervals\":[{\"sum\":{\"bytes\":1},\"streams\":[{\"socket\":5,\"bytes\":1e3,"
        "\"bytes\":2.0E3,\"packets\":4.0,\"end\":1,\"start\":0,\"bits_per_second\":16000}],"
        "\"sum\":{\"bytes\":2e3,\"end\":1}}],\"end\":{}}\n"
        "{\"data\":{\"streams\":[{\"socket\":5,\"bytes\":7,\"end\":2,\"start\":1}]},"
        "\"event\":\"interval\"}\n";
    const ImportResult result =
        test::parseBytes(log, QStringLiteral("odd.json"), 1, QStringLiteral("iperf3/json"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.datasets.size(), std::size_t(1));
    const Dataset& data = result.datasets.front();
    QCOMPARE(data.info.target, QStringLiteral("h\u00e9\"x"));
    QCOMPARE(data.info.streams, 1);
    QCOMPARE(data.info.protocol, QStringLiteral("udp"));
    QCOMPARE(int(data.flows.flows.size()), 1);
    const Flow& flow = data.flows.flows.front();
    QCOMPARE(int(flow.intervals.size()), 2);
    QCOMPARE(flow.intervals[0].bytes, 2000.0);
    QCOMPARE(flow.intervals[0].totalDatagrams, std::optional<std::int64_t>(4));
    QCOMPARE(flow.intervals[1].bytes, 7.0);
    QCOMPARE(int(data.flows.sumIntervals.size()), 1);
    QCOMPARE(data.flows.sumIntervals.front().bytes, 2000.0);
    QCOMPARE(result.report.linesRead, qint64(2));
}

void TestIperf3::realSamplesHaveNoParseErrors() {
    int files = 0;
    for (const QString& path : allDataFiles()) {
        // iperf3's own errors are parse errors: a refused connection, a server that went away
        // (cutShortRunsTakeTheSendersFigures reads those).
        if (path.contains(QLatin1String("error-refused")) ||
            path.contains(QLatin1String("json-server-")))
            continue;
        const QByteArray bytes = test::readAll(path);
        if (bytes.isEmpty())
            continue; // a sample still being recorded
        const ImportResult result = test::parseBytes(bytes, path);
        QVERIFY2(result.ok(), qPrintable(path + QStringLiteral(": ") + result.error));
        QVERIFY2(result.format && QLatin1String(result.format->tool) == QLatin1String("iperf3"),
                 qPrintable(path));
        if (!result.report.parseErrors.empty())
            QFAIL(qPrintable(path + QStringLiteral(": ") +
                             result.report.parseErrors.kept().front().message));
        QCOMPARE(result.report.rangeErrors.count(), 0);
        for (const Dataset& data : result.datasets) {
            QVERIFY2(!data.flows.flows.empty(), qPrintable(path));
            const QStringList ids = flowIds(data);
            QCOMPARE(QSet<QString>(ids.begin(), ids.end()).size(), ids.size());
            for (const Flow& flow : data.flows.flows)
                QVERIFY2(flow.total, qPrintable(path + QStringLiteral(" flow ") + flow.id));
        }
        ++files;
    }
    QVERIFY(files >= 20);
}

void TestIperf3::chunkingIsInvisible_data() {
    QTest::addColumn<QString>("path");
    for (const QString& path : allDataFiles())
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
}

void TestIperf3::chunkingIsInvisible() {
    QFETCH(QString, path);
    const QByteArray bytes = test::readAll(path);
    if (bytes.isEmpty())
        QSKIP("sample is empty (still being recorded)");
    const QString whole = describeAll(test::parseBytes(bytes, path));
    for (std::size_t chunk : {std::size_t(1), std::size_t(7), std::size_t(4096)})
        QCOMPARE(describeAll(test::parseBytes(bytes, path, chunk)), whole);
}

void TestIperf3::randomChunksGiveTheSameDataset_data() {
    QTest::addColumn<QString>("path");
    QStringList files;
    const QDir dir(test::dataPath(QStringLiteral("iperf3")));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files))
        files << dir.filePath(name);
    const QDir samples(test::samplePath(QString()));
    for (const QString& name : samples.entryList({QStringLiteral("iperf3-*.json")}, QDir::Files))
        files << samples.filePath(name);
    const QDir corpus = test::corpusDir();
    if (test::haveCorpus())
        for (const QString& name : corpus.entryList({QStringLiteral("iperf3_json*")}, QDir::Files))
            files << corpus.filePath(name);
    for (const QString& path : files)
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
}

void TestIperf3::randomChunksGiveTheSameDataset() {
    // The JSON reader takes bytes as they come: chunks of random sizes (1 byte included) must
    // give exactly the dataset and report of reading the file whole.
    QFETCH(QString, path);
    const QByteArrayList fixed = test::describeInChunks(path, {1, 2, 3, 64, 4093});
    for (const QByteArray& parse : fixed)
        QCOMPARE(parse, fixed.front());
    const QByteArray bytes = test::readAll(path);
    const QByteArray whole = test::describe(test::parseBytes(bytes, path));
    std::mt19937 random(qHash(QFileInfo(path).fileName()));
    for (int round = 0; round < 4; ++round) {
        std::unique_ptr<LogParser> parser = FormatRegistry::find("iperf3/json")->create();
        std::uniform_int_distribution<int> size(1, round % 2 ? 9 : 700);
        for (qsizetype at = 0; at < bytes.size();) {
            const qsizetype n = std::min<qsizetype>(size(random), bytes.size() - at);
            parser->feed(std::string_view(bytes.constData() + at, std::size_t(n)));
            at += n;
        }
        parser->finish();
        ImportResult result;
        result.file = path;
        result.format = FormatRegistry::find("iperf3/json");
        result.report = parser->report();
        result.datasets = parser->takeDatasets();
        // FileImporter names the datasets after the file; take those names from a whole parse.
        const ImportResult reference = test::parseBytes(bytes, path);
        QCOMPARE(result.datasets.size(), reference.datasets.size());
        for (std::size_t i = 0; i < result.datasets.size(); ++i) {
            result.datasets[i].sourceFile = reference.datasets[i].sourceFile;
            result.datasets[i].label = reference.datasets[i].label;
        }
        QCOMPARE(test::describe(result), whole);
    }
}

void TestIperf3::corpus_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("facts");
    WB_SKIP_WITHOUT_CORPUS();
    QFile manifest(test::corpusDir().filePath(QStringLiteral("MANIFEST.tsv")));
    if (!manifest.open(QIODevice::ReadOnly))
        QSKIP(qPrintable(QStringLiteral("no MANIFEST.tsv in %1").arg(test::corpusDir().path())));
    while (!manifest.atEnd()) {
        const QStringList fields =
            QString::fromUtf8(manifest.readLine()).trimmed().split(QLatin1Char('\t'));
        if (fields.size() >= 5 && fields[0].startsWith(QLatin1String("iperf3_")))
            QTest::newRow(qPrintable(fields[0])) << fields[0] << fields[4];
    }
}

void TestIperf3::corpus() {
    QFETCH(QString, file);
    QFETCH(QString, facts);
    WB_SKIP_WITHOUT_CORPUS();
    const QByteArray bytes = test::readAll(test::corpusDir().filePath(file));
    const ImportResult result = test::parseBytes(bytes, file);
    QVERIFY2(result.format, qPrintable(result.error));
    QCOMPARE(QLatin1String(result.format->tool), QLatin1String("iperf3"));
    QCOMPARE(describeAll(test::parseBytes(bytes, file, 7)), describeAll(result));
    const bool errorCase = facts.contains(QLatin1String("iperf3: error"));
    QCOMPARE(result.report.parseErrors.count(), errorCase ? 1 : 0);
    QCOMPARE(result.report.rangeErrors.count(), 0);

    // Whole-run figures of every dataset, for the stated sender/receiver lines. An interrupted
    // client's zero receiver figures were replaced by the sender's (with a warning), checked by
    // interruptedUploadTakesTheSenderTotals.
    const bool receiverReplaced = hasWarning(result, QStringLiteral("the receiver never reported"));
    std::vector<const FlowInterval*> receiverSide, senderSide;
    int streams = 0, intervals = 0;
    for (const Dataset& data : result.datasets) {
        streams += data.info.streams;
        for (const Flow& flow : data.flows.flows) {
            intervals = std::max(intervals, int(flow.intervals.size()));
            if (flow.total)
                receiverSide.push_back(&*flow.total);
            if (flow.senderTotal)
                senderSide.push_back(&*flow.senderTotal);
            else if (flow.total)
                senderSide.push_back(&*flow.total); // a log with only the sender's line
        }
        if (data.flows.sumTotal)
            receiverSide.push_back(&*data.flows.sumTotal);
    }
    static const QRegularExpression stated(QStringLiteral(
        "stated: '\\[ *(\\w+)\\] +([\\d.]+)-([\\d.]+) +sec +([\\d.]+) (\\w+) +([\\d.]+) "
        "(\\w+)/sec.*?(sender|receiver)?'"));
    static const QHash<QString, double> scale{
        {"Bytes", 1}, {"KBytes", KiB}, {"MBytes", MiB}, {"GBytes", MiB * KiB},
        {"bits", 1},  {"Kbits", 1e3},  {"Mbits", 1e6},  {"Gbits", 1e9}};
    for (const QString& fact : facts.split(QStringLiteral(" | "))) {
        const QRegularExpressionMatch m = stated.match(fact);
        if (m.hasMatch()) {
            if (m.captured(1) == QLatin1String("SUM") && m.captured(8) == QLatin1String("sender"))
                continue; // FlowSeries keeps the receiver's SUM only
            const double end = m.captured(3).toDouble();
            // Rounded figures are kept as whole bytes and whole bit/s (IperfUnits).
            const double bytes = std::round(m.captured(4).toDouble() * scale.value(m.captured(5)));
            const double bps = std::round(m.captured(6).toDouble() * scale.value(m.captured(7)));
            const auto& pool = m.captured(8) == QLatin1String("sender") ? senderSide : receiverSide;
            if (receiverReplaced && m.captured(8) == QLatin1String("receiver") && bytes == 0)
                continue;
            const bool found = std::any_of(pool.begin(), pool.end(), [&](const FlowInterval* i) {
                return std::abs(i->end - end) < 1e-9 && std::abs(i->bytes - bytes) < 1e-6 &&
                       std::abs(i->bitsPerSecond - bps) < 1e-3;
            });
            QVERIFY2(found, qPrintable(fact));
            continue;
        }
        if (fact.startsWith(QLatin1String("'connected' lines=")))
            QCOMPARE(streams, fact.section(QLatin1Char('='), 1).toInt());
        if (fact.contains(QLatin1String("iperf3: interrupt")))
            QVERIFY(hasWarning(result, QStringLiteral("interrupted")));
    }

    // JSON facts: version=iperf 3.9; protocol=TCP; num_streams=1; ... | intervals=13 | end.sum_...
    if (!file.contains(QLatin1String("json")))
        return;
    const Dataset& data = result.datasets.front();
    QHash<QString, QString> kv;
    for (const QString& fact : facts.split(QRegularExpression(QStringLiteral(" \\| |; |, ")))) {
        const qsizetype eq = fact.indexOf(QLatin1Char('='));
        if (eq > 0)
            kv.insert(fact.left(eq).trimmed(), fact.mid(eq + 1).trimmed());
    }
    if (kv.contains(QStringLiteral("version")))
        QCOMPARE(QStringLiteral("iperf ") + data.info.version, kv.value(QStringLiteral("version")));
    if (kv.contains(QStringLiteral("protocol")))
        QCOMPARE(data.info.protocol, kv.value(QStringLiteral("protocol")).toLower());
    if (kv.contains(QStringLiteral("num_streams")))
        QCOMPARE(data.info.streams, kv.value(QStringLiteral("num_streams")).toInt());
    if (kv.contains(QStringLiteral("intervals")))
        QCOMPARE(intervals + kv.value(QStringLiteral("omit")).toInt(),
                 kv.value(QStringLiteral("intervals")).toInt());
    if (kv.contains(QStringLiteral("streams")))
        QCOMPARE(int(data.flows.flows.size()), kv.value(QStringLiteral("streams")).toInt());
    if (kv.contains(QStringLiteral("sum.bits_per_second")))
        QCOMPARE(data.flows.sumIntervals.front().bitsPerSecond,
                 kv.value(QStringLiteral("sum.bits_per_second")).toDouble());
    const QRegularExpression sum(QStringLiteral("end\\.(sum_sent|sum_received|sum): ([^|]*)"));
    for (auto it = sum.globalMatch(facts); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QHash<QString, double> values;
        for (const QString& pair : m.captured(2).split(QStringLiteral(", ")))
            values.insert(pair.section(QLatin1Char('='), 0, 0).trimmed(),
                          pair.section(QLatin1Char('='), 1).toDouble());
        if (m.captured(1) == QLatin1String("sum_sent")) {
            double bytes = 0;
            for (const Flow& flow : data.flows.flows)
                bytes += flow.senderTotal ? flow.senderTotal->bytes : 0;
            QCOMPARE(bytes, values.value(QStringLiteral("bytes")));
            continue;
        }
        QVERIFY(data.flows.sumTotal);
        if (receiverReplaced && m.captured(1) == QLatin1String("sum_received") &&
            values.value(QStringLiteral("bytes")) == 0)
            continue;
        QCOMPARE(data.flows.sumTotal->bytes, values.value(QStringLiteral("bytes")));
        QCOMPARE(data.flows.sumTotal->bitsPerSecond,
                 values.value(QStringLiteral("bits_per_second")));
        if (values.contains(QStringLiteral("jitter_ms"))) {
            QCOMPARE(*data.flows.sumTotal->jitterMs, values.value(QStringLiteral("jitter_ms")));
            QCOMPARE(double(*data.flows.sumTotal->lostDatagrams),
                     values.value(QStringLiteral("lost_packets")));
            QCOMPARE(double(*data.flows.sumTotal->totalDatagrams),
                     values.value(QStringLiteral("packets")));
        }
    }
    if (facts.contains(QLatin1String("error='interrupt")))
        QVERIFY(hasWarning(result, QStringLiteral("interrupted")));
}

QTEST_GUILESS_MAIN(TestIperf3)
#include "tst_iperf3.moc"
