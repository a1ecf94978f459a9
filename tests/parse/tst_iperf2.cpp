#include "ParserTestSupport.h"
#include "TestSupport.h"
#include "parse/FormatRegistry.h"
#include "parse/IperfUnits.h"
#include "stats/FlowStatistics.h"

#include <QDateTime>
#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTimeZone>

#include <cmath>
#include <map>

using namespace wb;

// Tests of the iperf2 readers (text and -y C). The logs are real: samples/ (recorded by
// samples/record-*.sh), tests/data/iperf (record-iperf2.sh and hand-written ones, see
// SOURCES.md), the seed 004 outputs, and the shared corpus of public iperf2 outputs.

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

const char* formatId(const ImportResult& result) {
    return result.format ? result.format->id : "(none)";
}

ImportResult parseFile(const QString& path, std::size_t chunk = 1 << 20) {
    const QByteArray bytes = test::readAll(path);
    if (bytes.isEmpty())
        qFatal("test log %s is missing or empty", qPrintable(path));
    return test::parseBytes(bytes, QFileInfo(path).fileName(), chunk);
}

const FlowSeries& flowsOf(const ImportResult& result) {
    static const FlowSeries none;
    return result.datasets.empty() ? none : result.datasets.front().flows;
}

const Flow* flowById(const ImportResult& result, const QString& id) {
    for (const Flow& flow : flowsOf(result).flows) {
        if (flow.id == id)
            return &flow;
    }
    return nullptr;
}

// Everything the parser put into the flows, as text: chunked and whole parses must agree.
// (DatasetJson describes latency only for now; this covers flows until it does.)
QString describeLine(const FlowInterval& line) {
    const auto opt = [](const auto& value) {
        return value ? QString::number(*value, 'g', 12) : QStringLiteral("-");
    };
    return QStringLiteral("%1-%2 %3%4 %5 j%6 l%7/%8 o%9 r%10 c%11 t%12")
        .arg(line.start)
        .arg(line.end)
        .arg(line.bytes, 0, 'g', 15)
        .arg(line.bytesExact ? QStringLiteral("=") : QStringLiteral("~"))
        .arg(line.bitsPerSecond, 0, 'g', 15)
        .arg(opt(line.jitterMs), opt(line.lostDatagrams), opt(line.totalDatagrams),
             opt(line.outOfOrder), opt(line.retransmits), opt(line.cwndBytes), opt(line.rttMs));
}

QString describeFlows(const ImportResult& result) {
    QStringList out;
    out << QString::fromLatin1(formatId(result))
        << QStringLiteral("lines %1 samples %2 parse %3 range %4 warn %5")
               .arg(result.report.linesRead)
               .arg(result.report.samples)
               .arg(result.report.parseErrors.count())
               .arg(result.report.rangeErrors.count())
               .arg(result.report.warnings.count());
    if (!result.datasets.empty()) {
        const RunInfo& info = result.datasets.front().info;
        out << QStringList{info.tool,     info.dialect,
                           info.protocol, info.role,
                           info.target,   info.congestionControl,
                           info.version,  QString::number(info.streams)}
                   .join(QLatin1Char('|'));
    }
    const FlowSeries& series = flowsOf(result);
    for (const Flow& flow : series.flows) {
        out << QStringLiteral("flow %1 #%2 %3 %4 > %5")
                   .arg(flow.id)
                   .arg(flow.streamNumber)
                   .arg(flow.direction, flow.localAddress, flow.remoteAddress);
        for (const FlowInterval& line : flow.intervals)
            out << QStringLiteral("  i ") + describeLine(line);
        if (flow.total)
            out << QStringLiteral("  T ") + describeLine(*flow.total);
        if (flow.senderTotal)
            out << QStringLiteral("  S ") + describeLine(*flow.senderTotal);
    }
    for (const FlowInterval& line : series.sumIntervals)
        out << QStringLiteral("sum i ") + describeLine(line);
    if (series.sumTotal)
        out << QStringLiteral("sum T ") + describeLine(*series.sumTotal);
    return out.join(QLatin1Char('\n'));
}

// A result line: "[  3]  0.0-60.0 sec    674 MBytes  94.2 Mbits/sec" (test side, regex).
const QRegularExpression kResultLine(QStringLiteral(
    R"(^\[\s*\*?(\d+|SUM)\]\s+(\d+\.?\d*)-\s*(\d+\.?\d*)\s+sec\s+([\d.]+)\s+(\w*)Bytes\s+([\d.]+)\s+(\w*)(bits|Bytes)/sec(?:\s+([\d.]+)\s+ms\s+(\d+)/\s*(\d+))?)"));

double prefixFactor(const QString& prefix, double step) {
    static const QString prefixes = QStringLiteral("KMGT");
    const qsizetype at = prefix.isEmpty() ? -1 : prefixes.indexOf(prefix.toUpper());
    return at < 0 ? 1 : std::pow(step, static_cast<double>(at + 1));
}

struct Expected {
    QString stream;
    double start = 0, end = 0, bytes = 0, bps = 0;
    std::optional<double> jitter;
    std::optional<qint64> lost, total;
    double bytesTolerance = 0, bpsTolerance = 0;
};

std::optional<Expected> expectedFrom(const QString& line) {
    const auto m = kResultLine.match(line.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    Expected e;
    e.stream = m.captured(1);
    e.start = m.captured(2).toDouble();
    e.end = m.captured(3).toDouble();
    const double byteFactor = prefixFactor(m.captured(5), 1024);
    // Whole bytes and bits, as the parser rounds them.
    e.bytes = m.captured(4).toDouble() * byteFactor;
    if (byteFactor > 1)
        e.bytes = std::round(e.bytes);
    const bool byteRate = m.captured(8) == QLatin1String("Bytes");
    const double rateFactor =
        byteRate ? 8 * prefixFactor(m.captured(7), 1024) : prefixFactor(m.captured(7), 1000);
    e.bps = m.captured(6).toDouble() * rateFactor;
    if (rateFactor >= 1000)
        e.bps = std::round(e.bps);
    // Three significant digits are what iperf prints.
    e.bytesTolerance = byteFactor == 1 ? 0.5 : e.bytes * 0.006 + byteFactor * 0.006;
    e.bpsTolerance = e.bps * 0.006 + rateFactor * 0.006;
    if (!m.captured(9).isEmpty()) {
        e.jitter = m.captured(9).toDouble();
        e.lost = m.captured(10).toLongLong();
        e.total = m.captured(11).toLongLong();
    }
    return e;
}

bool matches(const FlowInterval& line, const Expected& e) {
    return std::abs(line.start - e.start) < 1e-9 && std::abs(line.end - e.end) < 1e-9 &&
           std::abs(line.bytes - e.bytes) <= e.bytesTolerance &&
           std::abs(line.bitsPerSecond - e.bps) <= e.bpsTolerance &&
           (!e.jitter || (line.jitterMs && std::abs(*line.jitterMs - *e.jitter) < 1e-9 &&
                          line.lostDatagrams == e.lost && line.totalDatagrams == e.total));
}

// Every line of a log that is a report line, counted by the test's own regex.
int resultLines(const QByteArray& bytes, bool sum) {
    int count = 0;
    for (const QByteArray& raw : bytes.split('\n')) {
        const auto m = kResultLine.match(QString::fromUtf8(raw).trimmed());
        if (m.hasMatch() && (m.captured(1) == QLatin1String("SUM")) == sum)
            ++count;
    }
    return count;
}

QStringList realLogs() {
    QStringList logs;
    const QDir samples(QStringLiteral(WIREBENCH_SAMPLES_DIR));
    for (const QString& name :
         samples.entryList({QStringLiteral("tcp-*.txt"), QStringLiteral("geni-*.txt"),
                            QStringLiteral("udp-*-client.txt"), QStringLiteral("udp-*-server.txt"),
                            QStringLiteral("udp-*.csv")},
                           QDir::Files, QDir::Name))
        logs << samples.filePath(name);
    const QDir qjump(samples.filePath(QStringLiteral("qjump-iperf")));
    for (const QString& name :
         qjump.entryList({QStringLiteral("*-client-*.txt"), QStringLiteral("*-server-*.txt")},
                         QDir::Files, QDir::Name))
        logs << qjump.filePath(name);
    const QDir data(test::dataPath(QStringLiteral("iperf")));
    for (const QString& name : data.entryList({QStringLiteral("*.txt"), QStringLiteral("*.csv")},
                                              QDir::Files, QDir::Name))
        logs << data.filePath(name);
    return logs;
}

} // namespace

class TestIperf2 : public QObject {
    Q_OBJECT

private slots:
    void realSamples_data();
    void realSamples();
    void seed004();
    void recordedVariants();
    void csv();
    void csvUdpServerReportsPairWithTheirFlow();
    void csvEnhanced219_data();
    void csvEnhanced219();
    void csvTripTimesIsochronousBounceback_data();
    void csvTripTimesIsochronousBounceback();
    void csvUnknownLayoutRefused();
    void timePrefixedText();
    void relativeTimePrefixedText_data();
    void relativeTimePrefixedText();
    void handWritten();
    void appendedTests_data();
    void appendedTests();
    void chunking_data();
    void chunking();
    void truncated();
    void crlf();
    void repeatedIntervalsReadAsWritten();
    void intervalsOutOfTimeOrder();
    void resultFieldsReadAsTheThreeReaders();
    void nulLineInAnyChunk();
    void badInput();
    void detection();
    void corpus();
};

void TestIperf2::realSamples_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("flows");
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("congestion");
    for (const QString& cc : {QStringLiteral("cubic"), QStringLiteral("reno")}) {
        for (const QString& side : {QStringLiteral("client"), QStringLiteral("server")}) {
            for (int streams : {1, 30}) {
                const QString name =
                    QStringLiteral("tcp-%1-P%2-%3.txt").arg(cc).arg(streams).arg(side);
                QTest::newRow(qPrintable(name)) << name << streams << side << cc;
            }
        }
    }
    for (const char* name :
         {"ping18_iperf16_np-client-201to206.txt", "ping18_iperf18_np-client-201to208.txt",
          "ping18_iperf68_np-client-206to208.txt"})
        QTest::newRow(name) << QStringLiteral("qjump-iperf/") + QLatin1String(name) << 1
                            << QStringLiteral("client") << QStringLiteral("cubic");
    QTest::newRow("qjump two clients, server")
        << "qjump-iperf/ping18_iperf18_iperf68_np-server-208.txt" << 2 << "server"
        << "";
}

void TestIperf2::realSamples() {
    QFETCH(QString, file);
    QFETCH(int, flows);
    QFETCH(QString, role);
    QFETCH(QString, congestion);
    const QByteArray bytes = test::readAll(test::samplePath(file));
    if (bytes.isEmpty())
        QSKIP(qPrintable(file + QStringLiteral(" not recorded yet")));
    const ImportResult result = test::parseBytes(bytes, file);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(QString::fromLatin1(formatId(result)), QStringLiteral("iperf2/text"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.rangeErrors.count(), 0);
    const Dataset& dataset = result.datasets.front();
    QCOMPARE(dataset.kind, Dataset::Kind::Throughput);
    QCOMPARE(dataset.info.tool, QStringLiteral("iperf"));
    QCOMPARE(dataset.info.protocol, QStringLiteral("tcp"));
    QCOMPARE(dataset.info.role, role);
    QCOMPARE(dataset.info.congestionControl, congestion);
    QCOMPARE(dataset.info.version, QStringLiteral("2.1"));
    QCOMPARE(dataset.info.streams, flows);
    const FlowSeries& series = dataset.flows;
    QCOMPARE(int(series.flows.size()), flows);
    QSet<QString> ids;
    int intervals = 0;
    for (const Flow& flow : series.flows) {
        ids.insert(flow.id);
        QVERIFY2(flow.total, qPrintable(flow.id));
        QCOMPARE(flow.total->start, 0.0);
        QCOMPARE(flow.direction, role == QLatin1String("client") ? QStringLiteral("send")
                                                                 : QStringLiteral("receive"));
        QVERIFY(!flow.localAddress.isEmpty());
        // Interval lines never include the whole-run line.
        for (const FlowInterval& line : flow.intervals)
            QVERIFY2(line.start > 0 || line.end < flow.total->end, qPrintable(flow.id));
        QVERIFY(!flow.intervals.empty());
        intervals += int(flow.intervals.size());
    }
    QCOMPARE(ids.size(), flows);
    QCOMPARE(intervals, resultLines(bytes, false) - flows);
    const int sumLines = resultLines(bytes, true);
    QCOMPARE(int(series.sumIntervals.size()) + (series.sumTotal ? 1 : 0), sumLines);
    if (sumLines > 0) {
        QVERIFY(series.sumTotal);
        QCOMPARE(series.sumTotal->start, 0.0);
    }
    QCOMPARE(result.report.samples, resultLines(bytes, false) + sumLines);
}

void TestIperf2::seed004() {
    // The emulab-iperf results quoted in seed 004: bare lines, no header.
    struct Case {
        const char* file;
        double sumMbps;
        double sumMBytes;
        double sumEnd;
        const char* flowId;
        double flowMBytes, flowMbps, flowEnd;
    };
    for (const Case& c : {Case{"geni-cubic-P30.txt", 89.8, 648, 60.5, "31", 34.2, 4.74, 60.5},
                          Case{"geni-reno-P30.txt", 90.7, 652, 60.3, "5", 87.5, 12.8, 57.2}}) {
        const ImportResult result = parseFile(test::samplePath(QLatin1String(c.file)));
        QCOMPARE(QString::fromLatin1(formatId(result)), QStringLiteral("iperf2/text"));
        QCOMPARE(result.report.parseErrors.count(), 0);
        const FlowSeries& series = flowsOf(result);
        QCOMPARE(int(series.flows.size()), 30);
        QSet<int> streams;
        for (const Flow& flow : series.flows) {
            streams.insert(flow.streamNumber);
            QVERIFY(flow.total);
            QVERIFY(flow.intervals.empty());
            QCOMPARE(flow.total->bytesExact, false);
        }
        QCOMPARE(streams.size(), 30);
        QCOMPARE(*std::min_element(streams.begin(), streams.end()), 3);
        QCOMPARE(*std::max_element(streams.begin(), streams.end()), 32);
        QVERIFY(series.sumTotal);
        QVERIFY(series.sumIntervals.empty());
        QCOMPARE(series.sumTotal->bitsPerSecond, c.sumMbps * 1e6);
        QCOMPARE(series.sumTotal->bytes, std::round(c.sumMBytes * kMiB));
        QCOMPARE(series.sumTotal->end, c.sumEnd);
        // Every flow is exactly its quoted line: MBytes x 1024^2, Mbits/sec x 1000^2.
        const QByteArray bytes = test::readAll(test::samplePath(QLatin1String(c.file)));
        int quoted = 0;
        for (const QByteArray& raw : bytes.split('\n')) {
            const auto e = expectedFrom(QString::fromUtf8(raw));
            if (!e || e->stream == QLatin1String("SUM"))
                continue;
            const Flow* byId = flowById(result, e->stream);
            QVERIFY2(byId && byId->total, raw.constData());
            QCOMPARE(byId->total->bytes, e->bytes);
            QCOMPARE(byId->total->bitsPerSecond, e->bps);
            QCOMPARE(byId->total->end, e->end);
            ++quoted;
        }
        QCOMPARE(quoted, 30);
        const Flow* flow = flowById(result, QLatin1String(c.flowId));
        QVERIFY(flow);
        QCOMPARE(flow->total->bytes, std::round(c.flowMBytes * kMiB));
        QCOMPARE(flow->total->bitsPerSecond, c.flowMbps * 1e6);
        QCOMPARE(flow->total->end, c.flowEnd);
        const RunInfo& info = result.datasets.front().info;
        QCOMPARE(info.streams, 30);
        QCOMPARE(info.version, QStringLiteral("2.0"));
        QCOMPARE(info.protocol, QStringLiteral("tcp")); // inferred, and said so
        QCOMPARE(info.extra.value(QStringLiteral("protocol_inferred")), QStringLiteral("true"));
        // One warning says byte counts come from rounded figures.
        QCOMPARE(result.report.warnings.count(), 1);
    }
    // The first cubic flow and the printed SUM are as quoted.
    const ImportResult cubic = parseFile(test::samplePath(QStringLiteral("geni-cubic-P30.txt")));
    QCOMPARE(flowsOf(cubic).flows.front().id, QStringLiteral("12"));
    QCOMPARE(flowsOf(cubic).flows.front().total->bitsPerSecond, 1.93e6);
    QCOMPARE(flowsOf(cubic).flows.front().total->end, 57.0);

    for (const char* name : {"geni-cubic-P1.txt", "geni-reno-P1.txt"}) {
        const ImportResult result = parseFile(test::samplePath(QLatin1String(name)));
        QCOMPARE(QString::fromLatin1(formatId(result)), QStringLiteral("iperf2/text"));
        QCOMPARE(result.report.parseErrors.count(), 0);
        QCOMPARE(int(flowsOf(result).flows.size()), 1);
        const Flow& flow = flowsOf(result).flows.front();
        QCOMPARE(flow.id, QStringLiteral("3"));
        QCOMPARE(flow.direction, QStringLiteral("send"));
        QCOMPARE(flow.total->bitsPerSecond, 94.2e6);
        QCOMPARE(flow.total->bytes, 674 * kMiB);
        QCOMPARE(flow.total->end, 60.0);
        const RunInfo& info = result.datasets.front().info;
        QCOMPARE(info.role, QStringLiteral("client"));
        QCOMPARE(info.target, QStringLiteral("10.10.1.1"));
        QCOMPARE(info.version, QStringLiteral("2.0"));
        QCOMPARE(info.extra.value(QStringLiteral("tcp_window")),
                 QStringLiteral("16.0 KByte (default)"));
    }
}

void TestIperf2::recordedVariants() {
    const auto load = [](const char* name) {
        return parseFile(test::dataPath(QStringLiteral("iperf/") + QLatin1String(name)));
    };
    { // -P 4 -i 1: partial last intervals, whole-run lines, SUM
        const ImportResult r = load("tcp-P4-i1-client.txt");
        QCOMPARE(r.report.parseErrors.count(), 0);
        QCOMPARE(int(flowsOf(r).flows.size()), 4);
        QCOMPARE(int(flowsOf(r).sumIntervals.size()), 3);
        QVERIFY(flowsOf(r).sumTotal);
        QCOMPARE(flowsOf(r).sumTotal->bitsPerSecond, 51.1e6);
        const Flow* three = flowById(r, QStringLiteral("3"));
        QVERIFY(three);
        QCOMPARE(int(three->intervals.size()), 4);
        QCOMPARE(three->intervals.back().end, 3.4233);
        QCOMPARE(three->total->bytes, 6.0 * kMiB);
        QCOMPARE(r.datasets.front().info.streams, 4);
    }
    { // -e: Write/Err Rtry Cwnd/RTT(var) NetPwr, -Z reno
        const ImportResult r = load("tcp-enhanced-client.txt");
        QCOMPARE(r.report.parseErrors.count(), 0);
        const Flow* flow = flowById(r, QStringLiteral("1"));
        QVERIFY(flow);
        QCOMPARE(int(flow->intervals.size()), 3);
        QCOMPARE(flow->intervals[1].retransmits, std::optional<std::int64_t>(0));
        QCOMPARE(*flow->intervals[1].cwndBytes, 330.0 * 1024);
        QCOMPARE(*flow->intervals[1].rttMs, 19.102);
        // "330K/19102(2076) us": the RTT's variation in brackets, in the RTT's unit.
        QVERIFY(flow->intervals[1].rttvarMs && flow->total->rttvarMs);
        QCOMPARE(*flow->intervals[1].rttvarMs, 2.076);
        QCOMPARE(*flow->total->rttMs, 18.274);
        QCOMPARE(*flow->total->rttvarMs, 1.414);
        // Without the brackets (2.0.x), or with them broken: the RTT alone.
        const QByteArray log = test::readAll(test::dataPath("iperf/tcp-enhanced-client.txt"));
        for (const char* cwndRtt : {"330K/19102 us", "330K/19102(20x6) us", "330K/19102(2076 us",
                                    "330K/19102(-3) us", "330K/19102(1e999) us"}) {
            const ImportResult changed = test::parseBytes(
                QByteArray(log).replace("330K/19102(2076) us", cwndRtt), "enhanced.txt");
            const Flow* one = flowById(changed, QStringLiteral("1"));
            QVERIFY(one);
            QCOMPARE(*one->intervals[1].rttMs, 19.102);
            QVERIFY2(!one->intervals[1].rttvarMs, cwndRtt);
            QVERIFY(one->intervals[2].rttvarMs);
            QCOMPARE(*one->intervals[2].rttvarMs, 1.503);
        }
        const RunInfo& info = r.datasets.front().info;
        QCOMPARE(info.congestionControl, QStringLiteral("reno"));
        QCOMPARE(info.version, QStringLiteral("2.1"));
        QCOMPARE(info.extra.value(QStringLiteral("flows")), QStringLiteral("1"));
        QCOMPARE(info.start, QDateTime(QDate(2026, 11, 29), QTime(23, 19, 40), Qt::UTC));
        const ImportResult server = load("tcp-enhanced-server.txt");
        QCOMPARE(server.report.parseErrors.count(), 0);
        QCOMPARE(int(flowsOf(server).flows.front().intervals.size()), 3);
        QCOMPARE(flowsOf(server).flows.front().total->bitsPerSecond, 47.9e6);
        QCOMPARE(server.datasets.front().info.extra.value(QStringLiteral("peer_version")),
                 QStringLiteral("2.1.8"));
    }
    // -d and -r: both directions kept apart, on both sides.
    struct Bidir {
        const char* file;
        const char* sendId;
        const char* receiveId;
        double sendMbps, receiveMbps;
        int sumLines;
    };
    for (const Bidir& b :
         {Bidir{"tcp-dualtest-client.txt", "1", "2", 47.5, 41.8, 0},
          Bidir{"tcp-dualtest-server.txt", "2", "1", 41.7, 47.6, 4},
          Bidir{"tcp-tradeoff-client.txt", "1", "2", 47.7, 47.9, 0},
          Bidir{"tcp-tradeoff-server.txt", "2", "1", 47.8, 47.9, 0},
          Bidir{"hand-2.0-tradeoff-same-id.txt", "3", "3/receive", 47.0, 45.9, 0}}) {
        const ImportResult r = load(b.file);
        QCOMPARE(r.report.parseErrors.count(), 0);
        QCOMPARE(int(flowsOf(r).flows.size()), 2);
        const Flow* send = flowById(r, QLatin1String(b.sendId));
        const Flow* receive = flowById(r, QLatin1String(b.receiveId));
        QVERIFY2(send && receive, b.file);
        QCOMPARE(send->direction, QStringLiteral("send"));
        QCOMPARE(receive->direction, QStringLiteral("receive"));
        QCOMPARE(send->total->bitsPerSecond, b.sendMbps * 1e6);
        QCOMPARE(receive->total->bitsPerSecond, b.receiveMbps * 1e6);
        QCOMPARE(int(flowsOf(r).sumIntervals.size()) + (flowsOf(r).sumTotal ? 1 : 0), b.sumLines);
        QCOMPARE(r.datasets.front().info.extra.value(QStringLiteral("bidirectional")),
                 QStringLiteral("true"));
        QCOMPARE(r.datasets.front().info.streams, 1);
    }
    { // UDP client: own lines, "Sent N datagrams", Server Report
        const ImportResult r = load("udp-report-client.txt");
        QCOMPARE(r.report.parseErrors.count(), 0);
        const Flow& flow = flowsOf(r).flows.front();
        QCOMPARE(int(flow.intervals.size()), 3);
        QVERIFY(flow.total && flow.senderTotal);
        QCOMPARE(*flow.total->jitterMs, 0.001);
        QCOMPARE(*flow.total->lostDatagrams, 0);
        QCOMPARE(*flow.total->totalDatagrams, 2678);
        QCOMPARE(flow.total->end, 3.0013);
        QCOMPARE(flow.senderTotal->end, 3.0014);
        QCOMPARE(*flow.senderTotal->totalDatagrams, 2679);
        QCOMPARE(r.datasets.front().info.protocol, QStringLiteral("udp"));
        QCOMPARE(r.datasets.front().info.extra.value(QStringLiteral("datagram_bytes")),
                 QStringLiteral("1470"));
    }
    { // UDP server: jitter and loss on every line
        const ImportResult r = load("udp-report-server.txt");
        QCOMPARE(r.report.parseErrors.count(), 0);
        const Flow& flow = flowsOf(r).flows.front();
        QCOMPARE(flow.direction, QStringLiteral("receive"));
        QCOMPARE(int(flow.intervals.size()), 3);
        QCOMPARE(*flow.intervals[0].totalDatagrams, 893);
        QCOMPARE(*flow.intervals[2].jitterMs, 0.002);
        QCOMPARE(*flow.total->totalDatagrams, 2678);
        QVERIFY(!flow.senderTotal);
        QCOMPARE(r.datasets.front().info.role, QStringLiteral("server"));
    }
    { // UDP -P 2: two server reports, out-of-order, [SUM-2] Sent
        const ImportResult r = load("udp-P2-client.txt");
        QCOMPARE(r.report.parseErrors.count(), 0);
        QCOMPARE(int(flowsOf(r).flows.size()), 2);
        const Flow* one = flowById(r, QStringLiteral("1"));
        const Flow* two = flowById(r, QStringLiteral("2"));
        QCOMPARE(*one->total->lostDatagrams, 1);
        QCOMPARE(*one->total->totalDatagrams, 1341);
        QCOMPARE(*two->total->outOfOrder, 1);
        QCOMPARE(*two->senderTotal->totalDatagrams, 1342);
        QCOMPARE(*flowsOf(r).sumTotal->totalDatagrams, 2684);
        QCOMPARE(int(flowsOf(r).sumIntervals.size()), 3);
    }
    { // UDP -e on both sides: latency and PPS columns do not disturb jitter/loss
        const ImportResult client = load("udp-enhanced-client.txt");
        QCOMPARE(client.report.parseErrors.count(), 0);
        const Flow& flow = flowsOf(client).flows.front();
        QCOMPARE(*flow.total->totalDatagrams, 2678);
        QVERIFY(!flow.intervals.front().retransmits);
        const ImportResult server = load("udp-enhanced-server.txt");
        QCOMPARE(*flowsOf(server).flows.front().intervals[1].jitterMs, 0.003);
        QCOMPARE(*flowsOf(server).flows.front().total->totalDatagrams, 2678);
    }
}

void TestIperf2::csv() {
    const ImportResult tcp = parseFile(test::dataPath(QStringLiteral("iperf/tcp-csv-client.csv")));
    QCOMPARE(QString::fromLatin1(formatId(tcp)), QStringLiteral("iperf2/csv"));
    QCOMPARE(tcp.report.parseErrors.count(), 0);
    QCOMPARE(tcp.report.samples, 8);
    QCOMPARE(int(flowsOf(tcp).flows.size()), 2);
    const Flow* one = flowById(tcp, QStringLiteral("1"));
    QCOMPARE(int(one->intervals.size()), 3);
    QCOMPARE(one->total->bytes, 11403324.0);
    QCOMPARE(one->total->bitsPerSecond, 28073642.0);
    QVERIFY(one->total->bytesExact);
    QCOMPARE(one->localAddress, QStringLiteral("198.19.2.1 port 55866"));
    QCOMPARE(tcp.datasets.front().info.protocol, QStringLiteral("tcp"));
    QCOMPARE(tcp.report.warnings.count(), 0);

    const ImportResult udp = parseFile(test::dataPath(QStringLiteral("iperf/udp-csv-server.csv")));
    QCOMPARE(QString::fromLatin1(formatId(udp)), QStringLiteral("iperf2/csv"));
    const Flow& flow = flowsOf(udp).flows.front();
    QCOMPARE(int(flow.intervals.size()), 3);
    QCOMPARE(*flow.total->jitterMs, 0.001);
    QCOMPARE(*flow.total->totalDatagrams, 2678);
    QCOMPARE(*flow.intervals[0].jitterMs, 0.004);
    QCOMPARE(udp.datasets.front().info.protocol, QStringLiteral("udp"));

    // -e adds milliseconds to the timestamp; -d puts a text banner among the rows and two
    // connections with their own address pairs.
    const ImportResult enhanced =
        parseFile(test::dataPath(QStringLiteral("iperf/tcp-csv-enhanced-client.csv")));
    QCOMPARE(QString::fromLatin1(formatId(enhanced)), QStringLiteral("iperf2/csv"));
    QCOMPARE(flowsOf(enhanced).flows.front().total->bytes, 18874428.0);
    QCOMPARE(enhanced.datasets.front().info.start,
             QDateTime(QDate(2026, 11, 29), QTime(23, 29, 40)));
    for (const char* name :
         {"iperf/tcp-csv-dualtest-client.csv", "iperf/tcp-csv-dualtest-server.csv"}) {
        const ImportResult dual = parseFile(test::dataPath(QLatin1String(name)));
        QCOMPARE(QString::fromLatin1(formatId(dual)), QStringLiteral("iperf2/csv"));
        QCOMPARE(dual.report.parseErrors.count(), 0);
        QCOMPARE(dual.report.samples, 8);
        QCOMPARE(int(flowsOf(dual).flows.size()), 2);
        QCOMPARE(flowById(dual, "2")->remoteAddress, QStringLiteral("198.19.2.1 port 5001"));
        QCOMPARE(flowById(dual, "2")->total->bytes, 16515072.0);
        QCOMPARE(int(flowById(dual, "1")->intervals.size()), 3);
    }

    const ImportResult udpClient =
        parseFile(test::dataPath(QStringLiteral("iperf/udp-csv-client.csv")));
    QVERIFY(!flowsOf(udpClient).flows.front().total->totalDatagrams); // client total is -1
    QCOMPARE(udpClient.datasets.front().info.role, QStringLiteral("client"));
}

// iperf 2.0.x UDP client with -y C (hand-2.0-udp-csv-client-P3.csv, written after 2.0.5's
// reportCSV_bw_format / reportCSV_bw_jitter_loss_format): each stream's server report is a
// 14-field row with the addresses swapped. It is the receiver's view of that flow, not a flow.
// iperf 2.1.9 and later with -y C -e: the offset from UTC in front of the time and columns after
// the rate (hand-2.1.9-*.csv, hand-2.2-*.csv: written by make-enhanced-csv.py after iperf2's
// Locale.c and ReportOutputs.c, since Debian 12's iperf is 2.1.8). Read here by splitting the
// rows: every interval and whole-run figure, a TCP client's retries, window (KBytes of 1024
// bytes) and RTT (microseconds), the UDP fields, and the start in the offset's zone.
void TestIperf2::csvEnhanced219_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("layout"); // columns with the interval as one
    QTest::newRow("2.1.9 TCP client") << "hand-2.1.9-csv-enhanced-tcp-P2-client.csv" << 15;
    QTest::newRow("2.1.9 TCP server") << "hand-2.1.9-csv-enhanced-tcp-server.csv" << 18;
    QTest::newRow("2.1.9 UDP client") << "hand-2.1.9-csv-enhanced-udp-client.csv" << 17;
    QTest::newRow("2.2 TCP client") << "hand-2.2-csv-enhanced-tcp-P2-client.csv" << 16;
}

void TestIperf2::csvEnhanced219() {
    QFETCH(QString, name);
    QFETCH(int, layout);
    const QString path = test::dataPath(QStringLiteral("iperf/") + name);
    const ImportResult result = parseFile(path);
    QCOMPARE(QString::fromLatin1(formatId(result)), QStringLiteral("iperf2/csv"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.datasets.size(), std::size_t(1));
    const Dataset& data = result.datasets.front();
    static const QRegularExpression time(
        QStringLiteral(R"(^([+-])(\d\d)(\d\d):(\d{14})\.(\d{3}|\d{6})$)"));
    struct Expected {
        std::vector<FlowInterval> intervals;
        std::optional<FlowInterval> total;
    };
    std::map<int, Expected> byId; // -1: the SUM
    QDateTime start;
    bool udp = false;
    for (const QString& row : QString::fromUtf8(test::readAll(path)).split(QLatin1Char('\n'))) {
        if (row.isEmpty())
            continue;
        QStringList f = row.split(QLatin1Char(','));
        if (f.size() == layout + 1) { // 2.2: the interval's start and end in two columns
            f[6] += QLatin1Char('-') + f[7];
            f.removeAt(7);
        }
        QCOMPARE(int(f.size()), layout);
        const QRegularExpressionMatch t = time.match(f[0]);
        QVERIFY2(t.hasMatch(), qPrintable(f[0]));
        if (!start.isValid()) {
            const int offset = (t.captured(2).toInt() * 3600 + t.captured(3).toInt() * 60) *
                               (t.captured(1) == QLatin1String("-") ? -1 : 1);
            const QDateTime local =
                QDateTime::fromString(t.captured(4), QStringLiteral("yyyyMMddHHmmss"));
            start = QDateTime(local.date(), local.time(), QTimeZone(offset));
        }
        FlowInterval line;
        line.start = f[6].section(QLatin1Char('-'), 0, 0).toDouble();
        line.end = f[6].section(QLatin1Char('-'), 1, 1).toDouble();
        line.bytes = f[7].toDouble();
        line.bitsPerSecond = f[8].toDouble();
        if (layout == 15 || layout == 16) {
            const int rtt = layout == 15 ? 13 : 14;
            line.retransmits = f[11].toLongLong();
            if (f[12].toDouble() > 0)
                line.cwndBytes = f[12].toDouble() * 1024;
            if (f[rtt].toDouble() > 0) {
                line.rttMs = f[rtt].toDouble() / 1000;
                line.rttvarMs = f[rtt + 1].toDouble() / 1000;
            }
        }
        if (layout == 17) {
            udp = true;
            line.jitterMs = f[9].toDouble();
            line.lostDatagrams = f[10].toLongLong();
            line.totalDatagrams = f[11].toLongLong();
            line.outOfOrder = f[13].toLongLong();
        }
        Expected& expected = byId[f[5].toInt()];
        if (line.start == 0 && !expected.intervals.empty())
            expected.total = line; // the whole run, after the intervals
        else
            expected.intervals.push_back(line);
    }
    QCOMPARE(data.info.start, start);
    QCOMPARE(data.info.protocol, udp ? QStringLiteral("udp") : QStringLiteral("tcp"));
    const FlowSeries& series = data.flows;
    const auto same = [](const FlowInterval& read, const FlowInterval& expected) {
        QCOMPARE(read.start, expected.start);
        QCOMPARE(read.end, expected.end);
        QCOMPARE(read.bytes, expected.bytes);
        QVERIFY(read.bytesExact);
        QCOMPARE(read.bitsPerSecond, expected.bitsPerSecond);
        QCOMPARE(std::optional<std::int64_t>(read.retransmits),
                 std::optional<std::int64_t>(expected.retransmits));
        QCOMPARE(std::optional<double>(read.cwndBytes), std::optional<double>(expected.cwndBytes));
        QCOMPARE(std::optional<double>(read.rttMs), std::optional<double>(expected.rttMs));
        QCOMPARE(std::optional<double>(read.rttvarMs), std::optional<double>(expected.rttvarMs));
        QCOMPARE(std::optional<double>(read.jitterMs), std::optional<double>(expected.jitterMs));
        QCOMPARE(std::optional<std::int64_t>(read.lostDatagrams),
                 std::optional<std::int64_t>(expected.lostDatagrams));
        QCOMPARE(std::optional<std::int64_t>(read.totalDatagrams),
                 std::optional<std::int64_t>(expected.totalDatagrams));
    };
    QCOMPARE(series.flows.size(), byId.size() - (byId.count(-1) ? 1 : 0));
    std::size_t flow = 0;
    for (const auto& [id, expected] : byId) {
        if (id < 0) {
            QCOMPARE(series.sumIntervals.size(), expected.intervals.size());
            for (std::size_t i = 0; i < expected.intervals.size(); ++i)
                same(series.sumIntervals[i], expected.intervals[i]);
            QVERIFY(series.sumTotal && expected.total);
            same(*series.sumTotal, *expected.total);
            continue;
        }
        const Flow& read = series.flows[flow++];
        QCOMPARE(read.streamNumber, id);
        QCOMPARE(read.intervals.size(), expected.intervals.size());
        for (std::size_t i = 0; i < expected.intervals.size(); ++i)
            same(read.intervals[i], expected.intervals[i]);
        QVERIFY(read.total && expected.total);
        same(*read.total, *expected.total);
    }
}

// iperf 2.2's --trip-times, --isochronous and --bounceback rows (hand-2.2.*-csv-*.csv, printed
// by tests/tools/iperf22_csv_rows.py with 2.2.1's and 2.2.0's own format strings). Read here by
// the column names of the header iperf prints before the rows: throughput per interval and
// flow, the UDP receiver figures, a bounceback client's TCP retries, window (KBytes of 1024
// bytes) and TCP RTT (microseconds); every other column is named in one warning.
void TestIperf2::csvTripTimesIsochronousBounceback_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("layout"); // as the warning names it
    QTest::newRow("TCP trip times") << "hand-2.2.1-csv-triptime-tcp-P2-server.csv"
                                    << "TCP server --trip-times or --isochronous (2.2.1)";
    QTest::newRow("TCP isochronous") << "hand-2.2.1-csv-isochronous-tcp-P2-server.csv"
                                     << "TCP server --trip-times or --isochronous (2.2.1)";
    QTest::newRow("UDP trip times") << "hand-2.2.1-csv-triptime-udp-server.csv"
                                    << "UDP server --trip-times (2.2.1)";
    QTest::newRow("UDP isochronous") << "hand-2.2.1-csv-isochronous-udp-server.csv"
                                     << "UDP server --isochronous (2.2.1)";
    QTest::newRow("bounceback 2.2.1") << "hand-2.2.1-csv-bounceback-tcp-P2-client.csv"
                                      << "TCP client --bounceback (2.2.1)";
    QTest::newRow("bounceback 2.2.0") << "hand-2.2.0-csv-bounceback-tcp-client.csv"
                                      << "TCP client --bounceback (2.2.0)";
}

void TestIperf2::csvTripTimesIsochronousBounceback() {
    QFETCH(QString, name);
    QFETCH(QString, layout);
    const QString path = test::dataPath(QStringLiteral("iperf/") + name);
    const QStringList lines = QString::fromUtf8(test::readAll(path)).split(QLatin1Char('\n'));
    const QStringList header = lines.front().split(QLatin1Char(','));
    QVERIFY(header.startsWith(QStringLiteral("time")));
    const auto column = [&header](const char* name) { return header.indexOf(QLatin1String(name)); };
    const QStringList read = {
        QStringLiteral("jitter"),     QStringLiteral("errors"),     QStringLiteral("datagrams"),
        QStringLiteral("errpercent"), QStringLiteral("outoforder"), QStringLiteral("tcpretry"),
        QStringLiteral("tcpcwnd"),    QStringLiteral("tcprtt"),     QStringLiteral("tcprttvar")};
    QStringList unread;
    for (int i = column("speed") + 1; i < header.size(); ++i)
        if (!read.contains(header[i]))
            unread << header[i];
    std::map<int, std::vector<FlowInterval>> rowsById; // in order; -1: the SUM
    for (int l = 1; l < lines.size(); ++l) {
        if (lines[l].isEmpty())
            continue;
        const QStringList f = lines[l].split(QLatin1Char(','));
        QCOMPARE(f.size(), header.size());
        FlowInterval row;
        row.start = f[column("istart")].toDouble();
        row.end = f[column("iend")].toDouble();
        row.bytes = f[column("bytes")].toDouble();
        row.bitsPerSecond = f[column("speed")].toDouble();
        if (column("datagrams") >= 0) {
            row.jitterMs = f[column("jitter")].toDouble();
            row.lostDatagrams = f[column("errors")].toLongLong();
            row.totalDatagrams = f[column("datagrams")].toLongLong();
            row.outOfOrder = f[column("outoforder")].toLongLong();
        }
        if (column("tcpretry") >= 0) {
            row.retransmits = f[column("tcpretry")].toLongLong();
            if (f[column("tcpcwnd")].toDouble() > 0)
                row.cwndBytes = f[column("tcpcwnd")].toDouble() * 1024;
            if (f[column("tcprtt")].toDouble() > 0) {
                row.rttMs = f[column("tcprtt")].toDouble() / 1000;
                if (column("tcprttvar") >= 0)
                    row.rttvarMs = f[column("tcprttvar")].toDouble() / 1000;
            }
        }
        rowsById[f[column("transferid")].toInt()].push_back(row);
    }
    const ImportResult result = parseFile(path);
    QCOMPARE(QString::fromLatin1(formatId(result)), QStringLiteral("iperf2/csv"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.datasets.size(), std::size_t(1));
    const FlowSeries& series = result.datasets.front().flows;
    const auto same = [](const FlowInterval& got, const FlowInterval& expected) {
        QCOMPARE(got.start, expected.start);
        QCOMPARE(got.end, expected.end);
        QCOMPARE(got.bytes, expected.bytes);
        QCOMPARE(got.bitsPerSecond, expected.bitsPerSecond);
        QCOMPARE(std::optional<double>(got.jitterMs), std::optional<double>(expected.jitterMs));
        QCOMPARE(std::optional<std::int64_t>(got.lostDatagrams),
                 std::optional<std::int64_t>(expected.lostDatagrams));
        QCOMPARE(std::optional<std::int64_t>(got.totalDatagrams),
                 std::optional<std::int64_t>(expected.totalDatagrams));
        QCOMPARE(std::optional<std::int64_t>(got.outOfOrder),
                 std::optional<std::int64_t>(expected.outOfOrder));
        QCOMPARE(std::optional<std::int64_t>(got.retransmits),
                 std::optional<std::int64_t>(expected.retransmits));
        QCOMPARE(std::optional<double>(got.cwndBytes), std::optional<double>(expected.cwndBytes));
        QCOMPARE(std::optional<double>(got.rttMs), std::optional<double>(expected.rttMs));
        QCOMPARE(std::optional<double>(got.rttvarMs), std::optional<double>(expected.rttvarMs));
    };
    // Each id's rows: the intervals, then the whole run (the last row, from 0).
    const auto check = [&same](const std::vector<FlowInterval>& intervals,
                               const std::optional<FlowInterval>& total,
                               const std::vector<FlowInterval>& rows) {
        QCOMPARE(intervals.size() + 1, rows.size());
        for (std::size_t i = 0; i < intervals.size(); ++i)
            same(intervals[i], rows[i]);
        QVERIFY(total);
        same(*total, rows.back());
    };
    QCOMPARE(series.flows.size(), rowsById.size() - rowsById.count(-1));
    std::size_t flow = 0;
    for (const auto& [id, rows] : rowsById) {
        if (id < 0) {
            check(series.sumIntervals, series.sumTotal, rows);
            continue;
        }
        QCOMPARE(series.flows[flow].streamNumber, id);
        check(series.flows[flow].intervals, series.flows[flow].total, rows);
        ++flow;
    }
    QCOMPARE(result.report.warnings.count(), 1);
    const QString warning = result.report.warnings.kept().front().message;
    QVERIFY2(warning.contains(layout), qPrintable(warning));
    QVERIFY2(
        warning.contains(QStringLiteral("columns not read: ") + unread.join(QStringLiteral(", "))),
        qPrintable(warning));
    if (unread.contains(QStringLiteral("ttavg")))
        QVERIFY(warning.contains(QStringLiteral("one-way trip times (ms)")));
    if (unread.contains(QStringLiteral("bbavg")))
        QVERIFY(warning.contains(QStringLiteral("bounceback round-trip")));
}

// A row of a layout no iperf 2 prints (a field cut off, a bounceback row whose request count
// has decimals) is refused, saying how many fields it has.
void TestIperf2::csvUnknownLayoutRefused() {
    QByteArray log = test::readAll(
        test::dataPath(QStringLiteral("iperf/hand-2.2.1-csv-triptime-tcp-P2-server.csv")));
    // The last row loses bin7: 23 fields (a first row would not be taken for iperf's at all).
    const int last = log.lastIndexOf('\n', log.size() - 2);
    const int cut = log.lastIndexOf(',');
    QVERIFY(cut > last);
    log.truncate(cut);
    log += '\n';
    const ImportResult result = test::parseBytes(log, QStringLiteral("cut.csv"));
    QCOMPARE(QString::fromLatin1(formatId(result)), QStringLiteral("iperf2/csv"));
    QCOMPARE(result.report.parseErrors.count(), 1);
    QVERIFY2(
        result.report.parseErrors.kept().front().message.contains(QLatin1String("of 23 fields")),
        qPrintable(result.report.parseErrors.kept().front().message));

    QByteArray bounce = test::readAll(
        test::dataPath(QStringLiteral("iperf/hand-2.2.1-csv-bounceback-tcp-P2-client.csv")));
    // bbcnt of the row before the last printed as a decimal: no layout has that shape
    QList<QByteArray> rows = bounce.trimmed().split('\n');
    QList<QByteArray> fields = rows[rows.size() - 2].split(',');
    QCOMPARE(fields.size(), 23);
    fields[10] += ".5";
    rows[rows.size() - 2] = fields.join(',');
    bounce = rows.join('\n') + '\n';
    const ImportResult odd = test::parseBytes(bounce, QStringLiteral("odd.csv"));
    QCOMPARE(QString::fromLatin1(formatId(odd)), QStringLiteral("iperf2/csv"));
    QCOMPARE(odd.report.parseErrors.count(), 1);
    QVERIFY(odd.report.parseErrors.kept().front().message.contains(QLatin1String("of 22 fields")));
}

// An iperf 2 client's text through `ts '%.s'` (record-cut-and-stamped.sh): read as the same
// text without its times, the time of the connection line being the run's start.
void TestIperf2::timePrefixedText() {
    const QString path = test::dataPath(QStringLiteral("iperf/prefixed-ts-epoch-client.txt"));
    static const QRegularExpression prefix(QStringLiteral(R"(^(\d{10})\.(\d{6}) )"));
    QString plain;
    QDateTime connected;
    for (const QString& line : QString::fromUtf8(test::readAll(path)).split(QLatin1Char('\n'))) {
        if (line.isEmpty())
            continue;
        const QRegularExpressionMatch m = prefix.match(line);
        QVERIFY2(m.hasMatch(), qPrintable(line));
        const QString text = line.mid(m.capturedLength());
        if (!connected.isValid() && text.contains(QLatin1String(" connected with ")))
            connected = QDateTime::fromMSecsSinceEpoch(
                m.captured(1).toLongLong() * 1000 + (m.captured(2).toLongLong() + 500) / 1000,
                QTimeZone::utc());
        plain += text + QLatin1Char('\n');
    }
    const ImportResult stamped = parseFile(path);
    const ImportResult unstamped = test::parseBytes(plain.toUtf8(), QStringLiteral("plain.txt"));
    QCOMPARE(QString::fromLatin1(formatId(stamped)), QStringLiteral("iperf2/text"));
    QCOMPARE(stamped.report.parseErrors.count(), 0);
    QCOMPARE(stamped.report.samples, unstamped.report.samples);
    QVERIFY(stamped.report.samples >= 4);
    QCOMPARE(describeFlows(stamped), describeFlows(unstamped));
    QVERIFY(!unstamped.datasets.front().info.start.isValid());
    QCOMPARE(stamped.datasets.front().info.start, connected);
}

// An iperf 2 client's text through `ts -i '%.s'` and `ts -s` (tests/data/ss/record-ts-relative.sh):
// read as the same text without its times; durations name no start.
void TestIperf2::relativeTimePrefixedText_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("prefix");
    QTest::newRow("ts -i %.s") << "ts-i-frac-client.txt"
                               << R"(^\d{1,8}\.\d{6} )";
    QTest::newRow("ts -s") << "ts-s-default-client.txt"
                           << R"(^\d\d:\d\d:\d\d )";
}

void TestIperf2::relativeTimePrefixedText() {
    QFETCH(QString, name);
    QFETCH(QString, prefix);
    const QString path = test::dataPath(QStringLiteral("iperf/") + name);
    const QRegularExpression time(prefix);
    QString plain;
    for (const QString& line : QString::fromUtf8(test::readAll(path)).split(QLatin1Char('\n'))) {
        if (line.isEmpty())
            continue;
        const QRegularExpressionMatch m = time.match(line);
        QVERIFY2(m.hasMatch(), qPrintable(line));
        plain += line.mid(m.capturedLength()) + QLatin1Char('\n');
    }
    const ImportResult stamped = parseFile(path);
    const ImportResult unstamped = test::parseBytes(plain.toUtf8(), QStringLiteral("plain.txt"));
    QCOMPARE(QString::fromLatin1(formatId(stamped)), QStringLiteral("iperf2/text"));
    QCOMPARE(stamped.report.parseErrors.count(), 0);
    QCOMPARE(stamped.report.samples, unstamped.report.samples);
    QVERIFY(stamped.report.samples >= 4);
    QCOMPARE(describeFlows(stamped), describeFlows(unstamped));
    QVERIFY(!stamped.datasets.front().info.start.isValid());
}

void TestIperf2::csvUdpServerReportsPairWithTheirFlow() {
    const QString path = test::dataPath(QStringLiteral("iperf/hand-2.0-udp-csv-client-P3.csv"));
    const ImportResult result = parseFile(path);
    QCOMPARE(QString::fromLatin1(formatId(result)), QStringLiteral("iperf2/csv"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    // Independent reading: the client's whole-run rows (9 fields, from 0.0, its own port) and
    // the report rows (14 fields), keyed by the client's port.
    QMap<QString, QStringList> sent;
    QMap<QString, QStringList> received;
    QStringList sumRow;
    for (const QByteArray& line : test::readAll(path).split('\n')) {
        const QStringList f = QString::fromUtf8(line).split(QLatin1Char(','));
        if (f.size() == 9 && f[6].startsWith(QLatin1String("0.0-")) && f[6] != "0.0-1.0")
            (f[5] == "-1" ? sumRow : sent[f[2]]) = f;
        else if (f.size() == 14)
            received[f[4]] = f;
    }
    const FlowSeries& series = flowsOf(result);
    QCOMPARE(int(series.flows.size()), 3);
    QCOMPARE(sent.size(), 3);
    double lost = 0;
    double datagrams = 0;
    for (const Flow& flow : series.flows) {
        const QString port = flow.localAddress.section(QLatin1Char(' '), -1);
        QVERIFY2(sent.contains(port) && received.contains(port), qPrintable(port));
        const QStringList& s = sent[port];
        const QStringList& r = received[port];
        QCOMPARE(flow.id, s[5]);
        QCOMPARE(flow.senderTotal->bytes, s[7].toDouble());
        QCOMPARE(flow.senderTotal->bitsPerSecond, s[8].toDouble());
        QCOMPARE(flow.total->bytes, r[7].toDouble());
        QCOMPARE(flow.total->bitsPerSecond, r[8].toDouble());
        QCOMPARE(flow.total->jitterMs, std::optional<double>(r[9].toDouble()));
        QCOMPARE(flow.total->lostDatagrams, std::optional<std::int64_t>(r[10].toLongLong()));
        QCOMPARE(flow.total->totalDatagrams, std::optional<std::int64_t>(r[11].toLongLong()));
        QCOMPARE(flow.total->outOfOrder, std::optional<std::int64_t>(r[13].toLongLong()));
        QCOMPARE(int(flow.intervals.size()), 3);
        lost += r[10].toDouble();
        datagrams += r[11].toDouble();
    }
    QCOMPARE(series.sumTotal->bytes, sumRow[7].toDouble());
    const FlowStatistics stats = FlowStatistics::of(series);
    QCOMPARE(int(stats.flows.size()), 3);
    QCOMPARE(*stats.lossPercent, 100.0 * lost / datagrams);
    QVERIFY(stats.sumDisagreement < FlowStatistics::kSumTolerance);
    QCOMPARE(result.datasets.front().info.streams, 3);
}

void TestIperf2::handWritten() {
    { // successive tests reuse [4] on a 2.0.x server (a dataset each); a stalled zero interval
        const ImportResult r =
            parseFile(test::dataPath(QStringLiteral("iperf/hand-2.0-server-reused-ids.txt")));
        QCOMPARE(r.report.parseErrors.count(), 0);
        QCOMPARE(int(r.datasets.size()), 2);
        const FlowSeries& first = r.datasets[0].flows;
        const FlowSeries& second = r.datasets[1].flows;
        QCOMPARE(int(first.flows.size()), 1);
        QCOMPARE(first.flows[0].id, QStringLiteral("4"));
        QCOMPARE(first.flows[0].intervals[1].bytes, 0.0);
        QVERIFY(first.flows[0].intervals[1].bytesExact);
        QCOMPARE(int(first.flows[0].intervals.size()), 3);
        QVERIFY(!first.sumTotal);
        QCOMPARE(int(second.flows.size()), 2);
        QCOMPARE(second.flows[0].id, QStringLiteral("5"));
        QCOMPARE(second.flows[1].id, QStringLiteral("4"));
        QCOMPARE(int(second.flows[1].intervals.size()), 2);
        QCOMPARE(second.flows[1].total->end, 2.1);
        QCOMPARE(second.flows[1].localAddress, QStringLiteral("198.18.5.1 port 5001"));
        QCOMPARE(second.flows[1].remoteAddress, QStringLiteral("198.18.5.2 port 40114"));
        QCOMPARE(int(second.sumIntervals.size()), 2);
        QCOMPARE(second.sumTotal->end, 2.1);
        for (const Dataset& test : r.datasets) {
            QCOMPARE(test.info.version, QStringLiteral("2.0"));
            QCOMPARE(test.info.role, QStringLiteral("server"));
            QCOMPARE(test.info.protocol, QStringLiteral("tcp"));
            QCOMPARE(test.info.extra.value(QStringLiteral("tcp_window")),
                     QStringLiteral("85.3 KByte (default)"));
        }
        QCOMPARE(r.datasets[0].label,
                 QStringLiteral("hand-2.0-server-reused-ids · 198.18.5.2 (run 1)"));
        QCOMPARE(r.datasets[1].label,
                 QStringLiteral("hand-2.0-server-reused-ids · 198.18.5.2 (run 2)"));
    }
    { // UDP server 2.0: padded Lost/Total and an out-of-order line
        const ImportResult r =
            parseFile(test::dataPath(QStringLiteral("iperf/hand-2.0-udp-server-ooo.txt")));
        QCOMPARE(r.report.parseErrors.count(), 0);
        const Flow& flow = flowsOf(r).flows.front();
        QCOMPARE(int(flow.intervals.size()), 2);
        QCOMPARE(*flow.intervals[0].lostDatagrams, 2);
        QCOMPARE(*flow.intervals[0].totalDatagrams, 448);
        QCOMPARE(*flow.total->outOfOrder, 3);
        QCOMPARE(*flow.total->jitterMs, 0.045);
    }
    { // two bare whole-run lines of [3]: two tests (a dataset each), not an interval and a total
        const ImportResult r =
            parseFile(test::dataPath(QStringLiteral("iperf/hand-emulab-two-tests.txt")));
        QCOMPARE(QString::fromLatin1(formatId(r)), QStringLiteral("iperf2/text"));
        QCOMPARE(int(r.datasets.size()), 2);
        QCOMPARE(int(r.datasets[0].flows.flows.size()), 1);
        QCOMPARE(int(r.datasets[1].flows.flows.size()), 1);
        QCOMPARE(r.datasets[0].flows.flows[0].total->end, 900.4);
        QCOMPARE(r.datasets[1].flows.flows[0].total->end, 30.1);
        QCOMPARE(r.datasets[1].flows.flows[0].id, QStringLiteral("3"));
        QVERIFY(r.datasets[0].flows.flows[0].intervals.empty());
        QCOMPARE(r.datasets[1].label, QStringLiteral("hand-emulab-two-tests · run 2"));
    }
}

void TestIperf2::appendedTests_data() {
    // Recorded by record-appended.sh. firstConnections: the 1-based "connected with" lines that
    // begin a test, read off the file by hand (the -P 2 test's connections arrive together).
    QTest::addColumn<QString>("file");
    QTest::addColumn<QList<int>>("firstConnections");
    QTest::addColumn<QStringList>("labels");
    QTest::newRow("tcp server -e")
        << QStringLiteral("appended-2.1-tcp-server.txt") << QList<int>{1, 2, 4}
        << QStringList{"198.18.77.1 2026-12-01 17:53:18 UTC", "198.18.77.3 2026-12-01 17:53:21 UTC",
                       "198.18.77.1 2026-12-01 17:53:25 UTC"};
    QTest::newRow("udp server") << QStringLiteral("appended-2.1-udp-server.txt") << QList<int>{1, 2}
                                << QStringList{"198.18.77.1 (run 1)", "198.18.77.1 (run 2)"};
    QTest::newRow("tcp clients >>")
        << QStringLiteral("appended-2.1-tcp-client.txt") << QList<int>{1, 2, 4}
        << QStringList{"198.18.77.2 (run 1)", "198.18.77.2 (run 2)", "198.18.77.2 (run 3)"};
}

// One file holding several tests (a server receiving test after test, client runs appended with
// `>>`): one dataset each, labelled with its peer and start, every flow's whole-run figure and
// every [SUM] as the lines of that test print them.
void TestIperf2::appendedTests() {
    QFETCH(QString, file);
    QFETCH(QList<int>, firstConnections);
    QFETCH(QStringList, labels);
    const QString path = test::dataPath(QStringLiteral("iperf/") + file);
    const ImportResult result = parseFile(path);
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(int(result.datasets.size()), firstConnections.size());
    // Independent reading: the file cut before each test's first connection line (and the
    // banner just above it), then per test the ids, the whole-run line of each id (the longest
    // from 0) and of the SUM.
    const QStringList lines = QString::fromUtf8(test::readAll(path)).split(QLatin1Char('\n'));
    QList<int> starts; // line index where each test begins
    int connections = 0;
    for (int i = 0; i < lines.size(); ++i) {
        if (!lines[i].contains(QLatin1String(" connected with ")) ||
            !firstConnections.contains(++connections))
            continue;
        int from = i;
        while (from > 0 && !lines[from - 1].startsWith(QLatin1Char('[')))
            --from; // the banner above belongs to the test
        starts << (starts.isEmpty() ? 0 : from);
    }
    starts << int(lines.size());
    QList<QStringList> tests;
    for (int t = 0; t + 1 < starts.size(); ++t)
        tests << lines.mid(starts[t], starts[t + 1] - starts[t]);
    QCOMPARE(tests.size(), firstConnections.size());
    const QRegularExpression whole(
        QStringLiteral(R"(^\[\s*(\d+|SUM)\] 0\.0000-(\d+\.\d+) sec\s+\S+ \S+\s+(\S+) Mbits/sec)"));
    for (int t = 0; t < tests.size(); ++t) {
        const Dataset& data = result.datasets[std::size_t(t)];
        QCOMPARE(data.label,
                 QFileInfo(file).completeBaseName() + QStringLiteral(" · ") + labels[t]);
        QMap<QString, std::pair<double, double>> longest; // id -> (end, rate)
        for (const QString& line : tests[t]) {
            const auto m = whole.match(line);
            if (!m.hasMatch())
                continue;
            const double end = m.captured(2).toDouble();
            if (!longest.contains(m.captured(1)) || longest[m.captured(1)].first < end)
                longest[m.captured(1)] = {end, m.captured(3).toDouble() * 1e6};
        }
        const auto sum = longest.take(QStringLiteral("SUM"));
        QStringList ids;
        for (const Flow& flow : data.flows.flows) {
            ids << flow.id;
            QCOMPARE(flow.total->end, longest.value(flow.id).first);
            QCOMPARE(flow.total->bitsPerSecond, longest.value(flow.id).second);
        }
        QCOMPARE(ids, QStringList(longest.keys()));
        QCOMPARE(data.flows.sumTotal.has_value(), sum.first > 0);
        if (data.flows.sumTotal)
            QCOMPARE(data.flows.sumTotal->bitsPerSecond, sum.second);
        QCOMPARE(data.info.streams, int(ids.size()));
    }
}

void TestIperf2::chunking_data() {
    QTest::addColumn<QString>("path");
    for (const QString& path : realLogs())
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
}

void TestIperf2::chunking() {
    QFETCH(QString, path);
    const ImportResult whole = parseFile(path);
    QVERIFY(QByteArray(formatId(whole)).startsWith("iperf2/"));
    QCOMPARE(whole.report.parseErrors.count(), 0);
    QCOMPARE(whole.report.rangeErrors.count(), 0);
    const QString expected = describeFlows(whole);
    for (std::size_t chunk : {std::size_t(1), std::size_t(7), std::size_t(4096)}) {
        const ImportResult pieces = parseFile(path, chunk);
        QCOMPARE(describeFlows(pieces), expected);
        QCOMPARE(test::describe(pieces), test::describe(whole));
    }
}

void TestIperf2::truncated() {
    // A log cut anywhere keeps every complete report line (the cut line itself may be lost).
    const QByteArray bytes =
        test::readAll(test::samplePath(QStringLiteral("tcp-cubic-P30-client.txt")));
    QVERIFY(!bytes.isEmpty());
    for (qsizetype cut :
         {qsizetype(2000), bytes.size() / 2, bytes.size() - 100, bytes.size() - 1}) {
        const QByteArray head = bytes.left(cut);
        const QByteArray complete = head.left(head.lastIndexOf('\n') + 1);
        const ImportResult result = test::parseBytes(head, QStringLiteral("cut.txt"));
        // Only the line cut in half may be unreadable.
        const bool cutInLine = !head.endsWith('\n') && complete.size() + 1 < head.size();
        QVERIFY(result.report.parseErrors.count() <= (cutInLine ? 1 : 0));
        if (result.report.parseErrors.count() == 1)
            QCOMPARE(result.report.parseErrors.kept().front().line, result.report.linesRead);
        const FlowSeries& series = flowsOf(result);
        int lines = int(series.sumIntervals.size()) + (series.sumTotal ? 1 : 0);
        for (const Flow& flow : series.flows)
            lines += int(flow.intervals.size()) + (flow.total ? 1 : 0);
        const int expected = resultLines(complete, false) + resultLines(complete, true);
        QVERIFY2(lines == expected || lines == expected + 1,
                 qPrintable(QStringLiteral("cut %1: %2 lines kept, %3 complete")
                                .arg(cut)
                                .arg(lines)
                                .arg(expected)));
    }
}

void TestIperf2::crlf() {
    QByteArray bytes = test::readAll(test::dataPath(QStringLiteral("iperf/udp-P2-client.txt")));
    const ImportResult unix = test::parseBytes(bytes, QStringLiteral("a.txt"));
    bytes.replace("\n", "\r\n");
    const ImportResult windows = test::parseBytes(bytes, QStringLiteral("a.txt"));
    QCOMPARE(describeFlows(windows), describeFlows(unix));
}

void TestIperf2::repeatedIntervalsReadAsWritten() {
    // Most lines of a -P log repeat the interval of a line before, which the reader then knows
    // by its bytes instead of reading its figures again (iperf::SpanMemo). An interval that
    // differs from them in its last byte must still be read as written: after each stream's
    // result line of a recorded -P 4 log, a copy with a tab before "sec" (stream + 20, known by
    // its bytes) and one whose interval end has its last digit changed (stream + 10, not),
    // checked against the printed figures.
    const QByteArray bytes =
        test::readAll(test::dataPath(QStringLiteral("iperf/tcp-P4-i1-client.txt")));
    const QRegularExpression result(QStringLiteral("^\\[ *(\\d+)\\] (\\S+)-(\\S+) sec(.*)$"));
    QByteArray log;
    QMap<QString, QList<double>> printedEnds; // by flow id
    for (const QByteArray& line : bytes.split('\n')) {
        log += line + '\n';
        const QRegularExpressionMatch m = result.match(QString::fromUtf8(line));
        if (!m.hasMatch())
            continue;
        const int stream = m.captured(1).toInt();
        QString otherEnd = m.captured(3);
        otherEnd.back() = QLatin1Char('0' + (otherEnd.back().digitValue() + 1) % 10);
        const QString copies = QStringLiteral("[%1] %2-%3\tsec%4\n[%5] %2-%6 sec%4\n")
                                   .arg(stream + 20)
                                   .arg(m.captured(2), m.captured(3), m.captured(4))
                                   .arg(stream + 10)
                                   .arg(otherEnd);
        log += copies.toUtf8();
        printedEnds[QString::number(stream + 10)] << otherEnd.toDouble();
        printedEnds[QString::number(stream + 20)] << m.captured(3).toDouble();
    }
    const ImportResult parsed = test::parseBytes(log, QStringLiteral("copies.txt"));
    QVERIFY(parsed.ok() && parsed.report.parseErrors.empty());
    QCOMPARE(printedEnds.size(), 8);
    for (auto it = printedEnds.cbegin(); it != printedEnds.cend(); ++it) {
        const Flow* flow = flowById(parsed, it.key());
        QVERIFY2(flow && flow->total, qPrintable(it.key()));
        QList<double> ends{flow->total->end};
        for (const FlowInterval& interval : flow->intervals)
            ends << interval.end;
        QList<double> expected = it.value();
        std::sort(ends.begin(), ends.end());
        std::sort(expected.begin(), expected.end());
        QCOMPARE(ends, expected);
    }
}

// Interval lines printed out of time order, overlapping or printed twice: read in time order, a
// repeat counted once, with warnings, and the interval statistics those of the printed lines.
// From the recorded tcp-P4-i1-client.txt: the 1-2 s group moved after the 2-3 s group, [  3]'s
// 2-3 s line printed twice, and the 2-3 s [SUM] line starting at 1.5 s.
void TestIperf2::intervalsOutOfTimeOrder() {
    const QList<QByteArray> lines =
        test::readAll(test::dataPath(QStringLiteral("iperf/tcp-P4-i1-client.txt"))).split('\n');
    QList<QByteArray> second;
    QByteArray log;
    for (const QByteArray& line : lines) {
        if (line.contains(" 1.0000-2.0000 sec")) {
            second << line;
            continue;
        }
        log += line + '\n';
        if (line.startsWith("[  3] 2.0000-3.0000"))
            log += line + '\n';
        if (line.startsWith("[SUM] 2.0000-3.0000")) {
            for (const QByteArray& moved : second)
                log += moved + '\n';
        }
    }
    QCOMPARE(second.size(), 5);
    log.replace("[SUM] 2.0000-3.0000", "[SUM] 1.5000-3.0000");
    const ImportResult result = test::parseBytes(log, QStringLiteral("disordered.txt"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    const auto warned = [&result](const char* part) {
        for (const ParseIssue& issue : result.report.warnings.kept())
            if (issue.message.contains(QLatin1String(part)))
                return true;
        return false;
    };
    QVERIFY(warned("start before the line above them"));
    QVERIFY(warned("overlap the interval before them"));
    QVERIFY(warned("repeat the line before them exactly"));
    const FlowSeries& series = flowsOf(result);
    QCOMPARE(int(series.flows.size()), 4);
    for (const Flow& flow : series.flows) {
        QVERIFY2(flow.intervals.size() >= 3, qPrintable(flow.id));
        for (std::size_t i = 1; i < flow.intervals.size(); ++i)
            QCOMPARE(flow.intervals[i].start, flow.intervals[i - 1].end);
    }
    QCOMPARE(int(flowById(result, "3")->intervals.size()), 4);
    // Independent reading: the [SUM] interval lines (not the whole run from 0) by start.
    const QRegularExpression sum(
        QStringLiteral(R"(^\[SUM\] (\d+\.\d+)-(\d+\.\d+) sec\s+\S+ \S+\s+(\S+) Mbits/sec)"));
    QMap<double, double> printed;
    for (const QByteArray& line : log.split('\n')) {
        const auto m = sum.match(QString::fromUtf8(line));
        if (m.hasMatch() && !(m.captured(1).toDouble() == 0 && m.captured(2).toDouble() > 3))
            printed.insert(m.captured(1).toDouble(), m.captured(3).toDouble() * 1e6);
    }
    QCOMPARE(qsizetype(series.sumIntervals.size()), printed.size());
    for (std::size_t i = 0; i < series.sumIntervals.size(); ++i)
        QCOMPARE(series.sumIntervals[i].bitsPerSecond, printed.values()[qsizetype(i)]);
    std::vector<double> rates(printed.begin(), printed.end());
    std::sort(rates.begin(), rates.end());
    const FlowStatistics stats = FlowStatistics::of(series);
    QCOMPARE(int(stats.intervals.count), int(rates.size()));
    QCOMPARE(stats.intervals.median,
             rates.size() % 2 ? rates[rates.size() / 2]
                              : (rates[rates.size() / 2 - 1] + rates[rates.size() / 2]) / 2);
}

void TestIperf2::resultFieldsReadAsTheThreeReaders() {
    // iperf::takeResultFields reads a result line's figures in one pass, eight bytes at a time
    // for their digits and in one comparison for their unit words; wherever it reads a line,
    // takeSpan, takeTransfer and takeRate must read the same values and stop at the same byte.
    // Digit runs of 1 to 17 (eight or more are read byte by byte), every spelling the readers
    // tell apart, and every prefix of each line (figures and units cut at the line's end),
    // each in a buffer of its own length so that a sanitizer build catches a read past it.
    QStringList figures{QStringLiteral("0"),    QStringLiteral("1e3"), QStringLiteral("1,5"),
                        QStringLiteral("1."),   QStringLiteral(".5"),  QStringLiteral("1.2.3"),
                        QStringLiteral("-1.0"), QStringLiteral("+2")};
    for (int whole = 1; whole <= 17; ++whole) {
        const QString digits = QStringLiteral("98765432109876543").left(whole);
        figures << digits;
        for (int decimals : {1, 2, 4, 7, 8, 9})
            figures << digits + QLatin1Char('.') + QStringLiteral("012345678").left(decimals);
    }
    const QStringList spans{QStringLiteral("0.0-1.0"),
                            QStringLiteral("0.0- 1.0"),
                            QStringLiteral("0.0000-1.0000"),
                            QStringLiteral("3599.0000-3600.8729"),
                            QStringLiteral("12345678.5-12345679.5"),
                            QStringLiteral("1.2345678901234-2.5"),
                            QStringLiteral("1.23456789012345-2")};
    const QStringList transferUnits{QStringLiteral("Bytes"),   QStringLiteral("KBytes"),
                                    QStringLiteral("MBytes"),  QStringLiteral("GBytes"),
                                    QStringLiteral("xBytes"),  QStringLiteral("KByte"),
                                    QStringLiteral("MBytesX"), QStringLiteral("Mbits/sec")};
    const QStringList rateUnits{QStringLiteral("bits/sec"),   QStringLiteral("Mbits/sec"),
                                QStringLiteral("gbits/sec"),  QStringLiteral("KBytes/sec"),
                                QStringLiteral("Mbits/secs"), QStringLiteral("Mbits"),
                                QStringLiteral("MBytes")};
    QStringList lines;
    for (const QString& span : spans) {
        for (const QString& blank : {QStringLiteral(" "), QStringLiteral("\t")}) {
            lines << span + blank + QStringLiteral("sec") + blank + QStringLiteral("23.0 MBytes") +
                         blank + QStringLiteral("193 Mbits/sec");
            lines << span + QStringLiteral(" secs 23.0 MBytes 193 Mbits/sec");
        }
    }
    for (const QString& figure : figures) {
        lines << QStringLiteral("0.0000-1.0000 sec  %1 MBytes  %1 Mbits/sec").arg(figure);
        lines
            << QStringLiteral("%1-%1 sec %1 Bytes %1 bits/sec  0.017 ms 0/ 2552 (0%)").arg(figure);
    }
    for (const QString& transfer : transferUnits) {
        for (const QString& rate : rateUnits)
            lines << QStringLiteral("0.0-10.0 sec 9784655932 %1 7.83 %2").arg(transfer, rate);
    }
    int read = 0;
    for (const QString& text : std::as_const(lines)) {
        const QByteArray line = text.toLatin1();
        for (qsizetype cut = 0; cut <= line.size(); ++cut) {
            const std::vector<char> bytes(line.begin(), line.begin() + cut);
            const std::string_view whole(bytes.data(), bytes.size());
            std::string_view fast = whole;
            iperf::SpanMemo memo;
            const auto fields = iperf::takeResultFields(fast, memo);
            std::string_view again = whole; // the interval now read from the memo
            const auto recalled = iperf::takeResultFields(again, memo);
            std::string_view slow = whole;
            const auto span = iperf::takeSpan(slow);
            const auto transfer = span ? iperf::takeTransfer(slow) : std::nullopt;
            const auto rate = transfer ? iperf::takeRate(slow) : std::nullopt;
            const QByteArray where = "\"" + line.left(cut) + "\"";
            QVERIFY2(bool(recalled) == bool(fields), where.constData());
            if (!fields)
                continue;
            ++read;
            QVERIFY2(rate, where.constData());
            const iperf::ResultFields three{*span, *transfer, *rate};
            // Bit for bit: == on the doubles, not QCOMPARE's fuzzy comparison.
            const auto readAlike = [&three](const iperf::ResultFields& one) {
                return one.span.start == three.span.start && one.span.end == three.span.end &&
                       one.span.decimals == three.span.decimals &&
                       one.transfer.bytes == three.transfer.bytes &&
                       one.transfer.exact == three.transfer.exact &&
                       one.bitsPerSecond == three.bitsPerSecond;
            };
            QVERIFY2(readAlike(*fields), where.constData());
            QVERIFY2(readAlike(*recalled), where.constData());
            QCOMPARE(fast.size(), slow.size());
            QCOMPARE(again.size(), slow.size());
        }
    }
    // The plain lines are read by the one pass, not all left to the three readers: the whole
    // lines with figures of up to 15 digits, and the prefixes that still end in a unit.
    QVERIFY2(read > 1000, qPrintable(QString::number(read)));
}

void TestIperf2::nulLineInAnyChunk() {
    // LogParser looks for NUL bytes once per chunk, and line by line only in a chunk that has
    // one: a line of NULs (what a crash leaves) is a parse error at its line wherever the
    // chunks are cut, and every other line reads as without it.
    const QByteArray clean =
        test::readAll(test::dataPath(QStringLiteral("iperf/tcp-P4-i1-client.txt")));
    const qsizetype at = clean.indexOf("\n[  1] 1.0000-2.0000") + 1;
    QVERIFY(at > 0);
    const qint64 nulLine = clean.left(at).count('\n') + 1;
    QByteArray damaged = clean;
    damaged.insert(at, QByteArray(100, '\0') + "sec\n");
    // The flows, without the first lines' count of lines and errors.
    const auto flowsOnly = [](const ImportResult& result) {
        return describeFlows(result).section(QLatin1Char('\n'), 2);
    };
    const QString expected = flowsOnly(test::parseBytes(clean, QStringLiteral("a.txt")));
    for (std::size_t chunk :
         {std::size_t(1), std::size_t(7), std::size_t(4096), std::size_t(1 << 20)}) {
        const ImportResult result = test::parseBytes(damaged, QStringLiteral("a.txt"), chunk);
        QCOMPARE(flowsOnly(result), expected);
        QCOMPARE(result.report.linesRead, qint64(damaged.count('\n')));
        QCOMPARE(result.report.parseErrors.count(), 1);
        const auto& issue = result.report.parseErrors.kept().front();
        QCOMPARE(issue.line, nulLine);
        QVERIFY(issue.message.contains(QLatin1String("NUL")));
    }
}

void TestIperf2::badInput() {
    // Every prefix of every line, and the lines with digits turned into letters or signs,
    // read with each iperf2 reader: no crash, and every line is accounted for.
    for (const char* name : {"tcp-enhanced-client.txt", "udp-P2-client.txt",
                             "udp-enhanced-server.txt", "udp-csv-server.csv"}) {
        const QByteArray bytes =
            test::readAll(test::dataPath(QStringLiteral("iperf/") + QLatin1String(name)));
        QByteArray mangled;
        for (const QByteArray& line : bytes.split('\n')) {
            for (qsizetype cut = 0; cut <= line.size(); ++cut)
                mangled += line.left(cut) + '\n';
            QByteArray odd = line;
            for (char& c : odd) {
                if (c == '1')
                    c = '-';
                else if (c == '5')
                    c = 'x';
            }
            mangled += odd + '\n';
        }
        for (const char* format : {"iperf2/text", "iperf2/csv"}) {
            const ImportResult result = test::parseBytes(mangled, QStringLiteral("bad.txt"),
                                                         1 << 20, QLatin1String(format));
            QVERIFY(result.ok());
            QCOMPARE(result.report.linesRead, qint64(mangled.count('\n')));
        }
    }
}

void TestIperf2::detection() {
    // iperf2 sniffers leave ping and iperf3 output alone.
    const QDir samples(QStringLiteral(WIREBENCH_SAMPLES_DIR));
    QStringList others;
    for (const QString& name : samples.entryList({QStringLiteral("iperf3-*")}, QDir::Files))
        others << samples.filePath(name);
    for (const char* folder : {"ping", "iperf3"}) {
        const QDir dir(test::dataPath(QLatin1String(folder)));
        for (const QString& name : dir.entryList(QDir::Files))
            others << dir.filePath(name);
    }
    const QDir corpus = test::corpusDir();
    for (const QString& name :
         test::haveCorpus() ? corpus.entryList({QStringLiteral("ping*"), QStringLiteral("iperf3*"),
                                                QStringLiteral("fping*")},
                                               QDir::Files)
                            : QStringList())
        others << corpus.filePath(name);
    for (const QString& path : others) {
        const QByteArray head = test::readAll(path).left(FormatRegistry::kSniffBytes);
        const std::string_view view(head.constData(), std::size_t(head.size()));
        const FormatEntry* entry = FormatRegistry::detect(view);
        QVERIFY2(!entry || !QByteArray(entry->id).startsWith("iperf2/"), qPrintable(path));
    }
}

void TestIperf2::corpus() {
    WB_SKIP_WITHOUT_CORPUS();
    const QDir dir = test::corpusDir();
    QFile manifest(dir.filePath(QStringLiteral("MANIFEST.tsv")));
    if (!manifest.open(QIODevice::ReadOnly))
        QSKIP("no corpus (set WIREBENCH_CORPUS_DIR)");
    int checked = 0;
    for (const QByteArray& raw : manifest.readAll().split('\n')) {
        const QStringList columns = QString::fromUtf8(raw).split(QLatin1Char('\t'));
        if (columns.size() < 5 || !columns[0].startsWith(QLatin1String("iperf2_")))
            continue;
        const QString file = columns[0];
        const ImportResult r = parseFile(dir.filePath(file));
        QVERIFY2(QByteArray(formatId(r)).startsWith("iperf2/"), qPrintable(file));
        QVERIFY2(r.report.parseErrors.empty(), qPrintable(file));
        QVERIFY2(r.report.rangeErrors.empty(), qPrintable(file));
        const FlowSeries& series = flowsOf(r);
        for (QString fact : columns[4].split(QStringLiteral(" | "))) {
            fact = fact.trimmed();
            const QString where = file + QStringLiteral(": ") + fact;
            const qsizetype quote = fact.indexOf(QLatin1Char('\''));
            const QString quoted = quote >= 0 ? fact.mid(quote + 1).chopped(1) : QString();
            if (fact.startsWith(QLatin1String("'connected' lines="))) {
                const int expected = fact.section(QLatin1Char('='), 1).toInt();
                const auto connected =
                    std::count_if(series.flows.begin(), series.flows.end(),
                                  [](const Flow& f) { return !f.localAddress.isEmpty(); });
                QVERIFY2(connected == expected, qPrintable(where));
            } else if (fact.startsWith(QLatin1String("per-stream total:")) ||
                       fact.startsWith(QLatin1String("server report:"))) {
                const auto e = expectedFrom(quoted);
                QVERIFY2(e, qPrintable(where));
                const bool report = fact.startsWith(QLatin1String("server report:"));
                const bool found =
                    std::any_of(series.flows.begin(), series.flows.end(), [&](const Flow& f) {
                        if (QString::number(f.streamNumber) != e->stream)
                            return false;
                        if (f.total && matches(*f.total, *e))
                            return true;
                        return !report && f.senderTotal && matches(*f.senderTotal, *e);
                    });
                QVERIFY2(found, qPrintable(where));
            } else if (fact.startsWith(QLatin1String("last [SUM] line:"))) {
                const auto e = expectedFrom(quoted);
                QVERIFY2(e, qPrintable(where));
                const FlowInterval* last = e->start == 0 && series.sumTotal ? &*series.sumTotal
                                           : series.sumIntervals.empty()
                                               ? nullptr
                                               : &series.sumIntervals.back();
                QVERIFY2(last && matches(*last, *e), qPrintable(where));
            } else if (fact.startsWith(QLatin1String("stated: '[")) &&
                       fact.contains(QLatin1String(" Sent "))) {
                static const QRegularExpression sent(
                    QStringLiteral(R"(\[\s*(\d+|SUM[-\d]*)\] Sent (\d+) datagrams)"));
                const auto m = sent.match(quoted);
                QVERIFY2(m.hasMatch(), qPrintable(where));
                const qint64 count = m.captured(2).toLongLong();
                bool found = false;
                if (m.captured(1).startsWith(QLatin1String("SUM")))
                    found = series.sumTotal && series.sumTotal->totalDatagrams == count;
                for (const Flow& f : series.flows) {
                    const auto& own = f.senderTotal ? f.senderTotal : f.total;
                    found = found || (QString::number(f.streamNumber) == m.captured(1) && own &&
                                      own->totalDatagrams == count);
                }
                QVERIFY2(found, qPrintable(where));
            } else if (fact.contains(QLatin1String("datagrams received out-of-order"))) {
                const bool found =
                    std::any_of(series.flows.begin(), series.flows.end(),
                                [](const Flow& f) { return f.total && f.total->outOfOrder == 1; });
                QVERIFY2(found, qPrintable(where));
            } else if (fact.startsWith(QLatin1String("rows="))) {
                const int rows =
                    fact.section(QLatin1Char('='), 1).section(QLatin1Char(';'), 0, 0).toInt();
                QVERIFY2(r.report.samples == rows, qPrintable(where));
                QSet<QString> expected;
                for (const QString& id : fact.section(QLatin1Char('='), 2).split(QLatin1Char(',')))
                    expected.insert(id.trimmed());
                QSet<QString> actual;
                for (const Flow& f : series.flows)
                    actual.insert(QString::number(f.streamNumber));
                QVERIFY2(actual == expected, qPrintable(where));
            } else if (fact.startsWith(QLatin1String("last SUM row"))) {
                const QStringList fields =
                    fact.section(QStringLiteral(": "), 1).split(QLatin1Char(','));
                QVERIFY2(series.sumTotal, qPrintable(where));
                QVERIFY2(series.sumTotal->bytes == fields[7].toDouble() &&
                             series.sumTotal->bitsPerSecond == fields[8].toDouble(),
                         qPrintable(where));
            }
        }
        ++checked;
    }
    QVERIFY(checked >= 20);
}

QTEST_GUILESS_MAIN(TestIperf2)
#include "tst_iperf2.moc"
