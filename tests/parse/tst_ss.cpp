// ss/tcp-info: `ss -tin` samples recorded between two network namespaces
// (tests/data/ss/record-ss.sh, SOURCES.md there) with cubic, reno and bbr flows of iperf3 and
// iperf 2, with and without time lines, with -e -m and -p; and the samples/tcp-ss snapshots.
// Every value is checked against a reading of the log's text by regular expressions,
// independent of the parser, and a few by hand; the connections are matched to the iperf
// flows of the same run by port.

#include "ParserTestSupport.h"
#include "TestSupport.h"
#include "import/FileImporter.h"
#include "parse/FormatRegistry.h"
#include "parse/SsSocketLine.h"
#include "parse/SsTcpInfoParser.h"
#include "report/DatasetJson.h"
#include "stats/FlowStatistics.h"
#include "stats/SocketFlowMatch.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTest>
#include <QTimeZone>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>
#include <set>

using namespace wb;

namespace {

QString ssLog(const char* name) {
    return test::dataPath(QStringLiteral("ss/") + QLatin1String(name));
}

const char* const kRecorded[] = {"iperf3-cubic-P2.ss.log",
                                 "iperf3-reno-P2-undated.ss.log",
                                 "iperf3-bbr-em.ss.log",
                                 "iperf2-reno-P2-process.ss.log",
                                 "iperf3-ipv6-loopback.ss.log",
                                 "prefixed-ts-epoch.ss.log",
                                 "prefixed-ts-default.ss.log",
                                 "prefixed-ts-iso.ss.log",
                                 "prefixed-date-default.ss.log",
                                 "ts-i-frac.ss.log",
                                 "ts-s-frac.ss.log",
                                 "ts-i-clock.ss.log"};

// A time as whole seconds and microseconds, so that differences are exact.
struct TextTime {
    qint64 seconds = 0;
    qint64 micros = 0;
};

// The time in front of a line (record-ss-prefixed.sh: `ts '%.s'`, `ts`, `ts '%Y-%m-%dT%H:%M:%.S'`)
// or on a line of its own (`date`), and the rest of the line. ts's default names no year: any
// year times the samples alike.
std::optional<TextTime> takeTextTime(QString& line) {
    static const QRegularExpression epoch(QStringLiteral(R"(^(\d{10})\.(\d{6}) )"));
    static const QRegularExpression iso(
        QStringLiteral(R"(^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{6}) )"));
    static const QRegularExpression tsDefault(
        QStringLiteral(R"(^([A-Z][a-z]{2}) (\d\d) (\d\d):(\d\d):(\d\d) )"));
    // `ts -s`/`ts -i` with '%.s' and '%.T': seconds since ts started or since the line before
    static const QRegularExpression relative(QStringLiteral(R"(^(\d{1,8})\.(\d{6}) )"));
    static const QRegularExpression relativeClock(
        QStringLiteral(R"(^(\d\d):(\d\d):(\d\d)\.(\d{6}) )"));
    static const QRegularExpression date(QStringLiteral(
        R"(^[A-Z][a-z]{2} ([A-Z][a-z]{2}) +(\d+) (\d\d):(\d\d):(\d\d) UTC (\d{4})$)"));
    const auto month = [](const QString& name) {
        return QStringLiteral("JanFebMarAprMayJunJulAugSepOctNovDec").indexOf(name) / 3 + 1;
    };
    const auto utc = [](int y, int mo, int d, int h, int mi, int sec) {
        return QDateTime(QDate(y, mo, d), QTime(h, mi, sec), QTimeZone::utc()).toSecsSinceEpoch();
    };
    QRegularExpressionMatch m;
    std::optional<TextTime> time;
    if ((m = epoch.match(line)).hasMatch()) {
        time = TextTime{m.captured(1).toLongLong(), m.captured(2).toLongLong()};
    } else if ((m = iso.match(line)).hasMatch()) {
        time = TextTime{utc(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt(),
                            m.captured(4).toInt(), m.captured(5).toInt(), m.captured(6).toInt()),
                        m.captured(7).toLongLong()};
    } else if ((m = tsDefault.match(line)).hasMatch()) {
        time = TextTime{utc(2000, month(m.captured(1)), m.captured(2).toInt(),
                            m.captured(3).toInt(), m.captured(4).toInt(), m.captured(5).toInt()),
                        0};
    } else if ((m = relative.match(line)).hasMatch()) {
        time = TextTime{m.captured(1).toLongLong(), m.captured(2).toLongLong()};
    } else if ((m = relativeClock.match(line)).hasMatch()) {
        time = TextTime{m.captured(1).toLongLong() * 3600 + m.captured(2).toLongLong() * 60 +
                            m.captured(3).toLongLong(),
                        m.captured(4).toLongLong()};
    } else if ((m = date.match(line)).hasMatch()) {
        time = TextTime{utc(m.captured(6).toInt(), month(m.captured(1)), m.captured(2).toInt(),
                            m.captured(3).toInt(), m.captured(4).toInt(), m.captured(5).toInt()),
                        0};
    }
    if (time)
        line.remove(0, m.capturedLength());
    return time;
}

// One socket sample as the log's text says, read by regular expressions.
struct TextSample {
    std::optional<double> x; // seconds since the first time line; nullopt without time lines
    std::int64_t sample = 0;
    QString congestionControl;
    std::optional<std::int64_t> cwnd, mss, ssthresh, bytesAcked, bytesReceived, retransTotal;
    std::optional<double> rtt, rttvar, pacing, delivery;
};

std::optional<std::int64_t> intField(const QString& info, const char* key) {
    const QRegularExpression re(QStringLiteral("\\b%1:(\\d+)").arg(QLatin1String(key)));
    const auto m = re.match(info);
    return m.hasMatch() ? std::optional<std::int64_t>(m.captured(1).toLongLong()) : std::nullopt;
}

std::optional<double> rateField(const QString& info, const char* key) {
    const QRegularExpression re(QStringLiteral("\\b%1 (\\d+)bps").arg(QLatin1String(key)));
    const auto m = re.match(info);
    return m.hasMatch() ? std::optional<double>(m.captured(1).toDouble()) : std::nullopt;
}

// Socket key ("local-peer" as printed) -> its samples in order.
std::map<QString, std::vector<TextSample>> readByRegex(const QString& path) {
    static const QRegularExpression time(QStringLiteral(R"(^(\d+)\.(\d{9})$)"));
    static const QRegularExpression socket(
        QStringLiteral(R"(^[A-Z][A-Z0-9-]+\s+\d+\s+\d+\s+(\S+)\s+(\S+))"));
    static const QRegularExpression rtt(QStringLiteral(R"(\brtt:([\d.]+)/([\d.]+))"));
    static const QRegularExpression retrans(QStringLiteral(R"(\bretrans:\d+/(\d+))"));
    static const QRegularExpression cc(
        QStringLiteral(R"(^\s+(?:skmem:\S+\s+)?(?:ts\s+)?(?:sack\s+)?([a-z0-9_]+)\s+wscale:)"));
    std::map<QString, std::vector<TextSample>> out;
    std::optional<qint64> firstSeconds, firstNanos;
    std::optional<double> x;
    std::int64_t sample = -1;
    bool sampleUsed = true;
    QString key;
    const auto newTime = [&](qint64 seconds, qint64 nanos) {
        if (!firstSeconds) {
            firstSeconds = seconds;
            firstNanos = nanos;
        }
        x = double(seconds - *firstSeconds) + double(nanos - *firstNanos) * 1e-9;
    };
    // record-ts-relative.sh's ts-i-* logs: each prefix is the time since the line before, so a
    // line's time is the sum of the prefixes up to it.
    const bool increments = QFileInfo(path).fileName().startsWith(QLatin1String("ts-i-"));
    qint64 sumMicros = 0;
    for (QString line : QString::fromUtf8(test::readAll(path)).split(QLatin1Char('\n'))) {
        std::optional<TextTime> prefix = takeTextTime(line);
        if (prefix && increments) {
            sumMicros += prefix->seconds * 1000000 + prefix->micros;
            prefix = TextTime{sumMicros / 1000000, sumMicros % 1000000};
        }
        if (const auto m = time.match(line); m.hasMatch()) {
            newTime(m.captured(1).toLongLong(), m.captured(2).toLongLong());
            ++sample;
            sampleUsed = false;
        } else if (prefix && line.isEmpty()) { // a `date` line
            newTime(prefix->seconds, prefix->micros * 1000);
            ++sample;
            sampleUsed = false;
        } else if (line.startsWith(QLatin1String("State"))) {
            if (sampleUsed) {
                ++sample;
                if (prefix) // the sample's time is its first line's
                    newTime(prefix->seconds, prefix->micros * 1000);
            }
            sampleUsed = true;
        } else if (const auto s = socket.match(line); s.hasMatch()) {
            key = s.captured(1) + QLatin1Char('-') + s.captured(2);
        } else if (line.startsWith(QLatin1Char('\t')) && !key.isEmpty()) {
            TextSample t;
            t.x = x;
            t.sample = sample;
            t.congestionControl = cc.match(line).captured(1);
            t.cwnd = intField(line, "cwnd");
            t.mss = intField(line, "mss");
            t.ssthresh = intField(line, "ssthresh");
            t.bytesAcked = intField(line, "bytes_acked");
            t.bytesReceived = intField(line, "bytes_received");
            const auto r = retrans.match(line);
            t.retransTotal = r.hasMatch() ? r.captured(1).toLongLong() : 0;
            const auto rt = rtt.match(line);
            if (rt.hasMatch()) {
                t.rtt = rt.captured(1).toDouble();
                t.rttvar = rt.captured(2).toDouble();
            }
            t.pacing = rateField(line, "pacing_rate");
            t.delivery = rateField(line, "delivery_rate");
            out[key].push_back(t);
            key.clear();
        }
    }
    return out;
}

// Every connection of a dataset, flows and the sockets kept beside them, by id.
std::map<QString, const Flow*> connections(const Dataset& dataset) {
    std::map<QString, const Flow*> out;
    for (const auto* list : {&dataset.flows.flows, &dataset.flows.otherSockets})
        for (const Flow& flow : *list)
            out[flow.id] = &flow;
    return out;
}

template <typename T> std::optional<T> plain(const CompactOptional<T>& value) {
    return value;
}

ImportResult importOk(const QString& path) {
    ImportResult result = FileImporter::importFile(path);
    if (!result.ok() || result.datasets.size() != 1)
        qFatal("%s: %s", qPrintable(path), qPrintable(result.error));
    return result;
}

} // namespace

class TestSs : public QObject {
    Q_OBJECT

private slots:
    void detectedAsSs_data() {
        QTest::addColumn<QString>("path");
        for (const char* log : kRecorded)
            QTest::newRow(log) << ssLog(log);
        for (const QString& name : QDir(test::samplePath("tcp-ss")).entryList({"*.txt"}))
            if (name != QLatin1String("params.txt"))
                QTest::newRow(qPrintable(name)) << test::samplePath("tcp-ss/" + name);
    }
    void detectedAsSs() {
        QFETCH(QString, path);
        const QByteArray head = test::readAll(path).left(FormatRegistry::kSniffBytes);
        const FormatEntry* format = FileImporter::detect(head.toStdString(), nullptr);
        QVERIFY(format);
        QCOMPARE(QByteArray(format->id), QByteArray("ss/tcp-info"));
    }

    // No other log of samples/, tests/data/ or the corpus looks like ss output to its sniffer
    // (the ss samples are tcp-ss/, data/ss/ and the steps' STEM.ss.log).
    void sniffLeavesOtherFormatsAlone() {
        QStringList roots{test::samplePath(QString()), test::dataPath(QString())};
        if (test::haveCorpus())
            roots << test::corpusDir().path();
        int files = 0;
        for (const QString& root : roots) {
            QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (path.contains(QLatin1String("/tcp-ss/")) ||
                    path.contains(QLatin1String("/data/ss/")) ||
                    path.endsWith(QLatin1String(".ss.log"))) // a step's samples
                    continue;
                const QByteArray head = test::readAll(path).left(FormatRegistry::kSniffBytes);
                QVERIFY2(SsTcpInfoParser::sniff(head.toStdString()) == 0, qPrintable(path));
                ++files;
            }
        }
        QVERIFY(files > 150);
    }

    // The iperf logs recorded beside the samples stay iperf logs.
    void iperfLogsBesideStayIperf() {
        for (const QString& name : QDir(test::dataPath("ss")).entryList({"*-client.txt"})) {
            const QByteArray head = test::readAll(test::dataPath("ss/" + name));
            const FormatEntry* format = FileImporter::detect(head.toStdString(), nullptr);
            QVERIFY2(format && QByteArray(format->id).startsWith("iperf"), qPrintable(name));
        }
    }

    void valuesAsTheTextSays_data() {
        QTest::addColumn<QString>("path");
        for (const char* log : kRecorded)
            QTest::newRow(log) << ssLog(log);
        QTest::newRow("samples/tcp-ss/tcp-reno-P30.txt")
            << test::samplePath("tcp-ss/tcp-reno-P30.txt");
    }
    void valuesAsTheTextSays() {
        QFETCH(QString, path);
        const ImportResult result = importOk(path);
        const Dataset& dataset = result.datasets.front();
        QCOMPARE(dataset.info.tool, QStringLiteral("ss"));
        QVERIFY(result.report.parseErrors.empty());
        const auto text = readByRegex(path);
        const auto read = connections(dataset);
        QCOMPARE(read.size(), text.size());
        std::int64_t samples = 0;
        for (const auto& [key, expected] : text) {
            QVERIFY2(read.count(key), qPrintable(key));
            const Flow& flow = *read.at(key);
            QCOMPARE(flow.intervals.size(), expected.size());
            QCOMPARE(flow.tcp.samples.size(), expected.size());
            QCOMPARE(flow.tcp.congestionControl, expected.back().congestionControl);
            samples += std::int64_t(expected.size());
            for (std::size_t i = 0; i < expected.size(); ++i) {
                const TextSample& e = expected[i];
                const FlowInterval& interval = flow.intervals[i];
                const TcpSocketSample& s = flow.tcp.samples[i];
                const QString where = QStringLiteral("%1 sample %2").arg(key).arg(i);
                QVERIFY2(s.sample == e.sample, qPrintable(where));
                QCOMPARE(plain(s.cwndSegments), e.cwnd);
                QCOMPARE(plain(s.mssBytes), e.mss);
                QCOMPARE(plain(s.ssthreshSegments), e.ssthresh);
                QCOMPARE(plain(s.bytesAcked), e.bytesAcked);
                QCOMPARE(plain(s.bytesReceived), e.bytesReceived);
                QCOMPARE(plain(s.retransmitsTotal), e.retransTotal);
                QCOMPARE(plain(s.rttvarMs), e.rttvar);
                QCOMPARE(plain(s.pacingRateBitsPerSecond), e.pacing);
                QCOMPARE(plain(s.deliveryRateBitsPerSecond), e.delivery);
                QCOMPARE(plain(interval.rttMs), e.rtt);
                QCOMPARE(*interval.cwndBytes, double(*e.cwnd * *e.mss));
                // The interval runs from the sample before (this socket's, or the log's when
                // the socket is new) to this one; it holds what was acknowledged and
                // retransmitted in between. A socket of the log's first sample began earlier.
                const bool firstOfLog = i == 0 && e.sample == 0;
                // A receiver's socket prints no bytes_acked: nothing acknowledged.
                const std::int64_t acked = e.bytesAcked.value_or(0);
                const std::int64_t ackedBefore =
                    i == 0 ? 0 : expected[i - 1].bytesAcked.value_or(0);
                const std::int64_t retransBefore = i == 0 ? 0 : *expected[i - 1].retransTotal;
                QCOMPARE(interval.bytes, firstOfLog ? 0.0 : double(acked - ackedBefore));
                QCOMPARE(plain(interval.retransmits),
                         firstOfLog ? std::nullopt
                                    : std::optional<std::int64_t>(*e.retransTotal - retransBefore));
                if (e.x) {
                    QVERIFY2(std::abs(interval.end - *e.x) < 1e-9, qPrintable(where));
                    const double start = i > 0 ? *expected[i - 1].x : interval.start;
                    QVERIFY2(std::abs(interval.start - start) < 1e-9, qPrintable(where));
                    const double seconds = interval.end - interval.start;
                    QCOMPARE(interval.bitsPerSecond,
                             seconds > 0 ? interval.bytes * 8 / seconds : 0.0);
                } else {
                    QCOMPARE(interval.bitsPerSecond, 0.0);
                    QCOMPARE(interval.end, double(e.sample));
                }
            }
        }
        QCOMPARE(result.report.samples, samples);
    }

    // Times in front of the lines or `date` lines date the log when they name a year; ts's
    // default ("Dec 06 17:56:33") only times the samples.
    void prefixedTimesDateTheLog() {
        for (const char* name : {"prefixed-ts-epoch.ss.log", "prefixed-ts-iso.ss.log",
                                 "prefixed-date-default.ss.log", "prefixed-ts-default.ss.log"}) {
            const ImportResult result = importOk(ssLog(name));
            const Dataset& d = result.datasets.front();
            QString first = QString::fromUtf8(test::readAll(ssLog(name))).section('\n', 0, 0);
            const std::optional<TextTime> time = takeTextTime(first);
            QVERIFY2(time, name);
            const bool dated = QByteArray(name) != "prefixed-ts-default.ss.log";
            QCOMPARE(d.info.start.isValid(), dated);
            if (dated)
                QCOMPARE(d.info.start.toMSecsSinceEpoch(),
                         time->seconds * 1000 + time->micros / 1000);
            QCOMPARE(d.info.extra.value(QStringLiteral("clock")),
                     QByteArray(name) == "prefixed-date-default.ss.log"
                         ? QStringLiteral("date lines")
                         : QStringLiteral("time prefixes of the lines"));
            QVERIFY(d.flows.flows.size() == 1);
        }
    }

    // `ts -i` and `ts -s` prefixes (record-ts-relative.sh) time the samples from the first,
    // naming no date; the increments of -i are summed, with a warning that says so.
    void relativePrefixesTimeTheSamples_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("increments");
        QTest::newRow("ts -i %.s") << "ts-i-frac.ss.log" << true;
        QTest::newRow("ts -i %.T") << "ts-i-clock.ss.log" << true;
        QTest::newRow("ts -s %.s") << "ts-s-frac.ss.log" << false;
    }
    void relativePrefixesTimeTheSamples() {
        QFETCH(QString, name);
        QFETCH(bool, increments);
        const ImportResult result = importOk(ssLog(qPrintable(name)));
        const Dataset& d = result.datasets.front();
        QVERIFY(!d.info.start.isValid());
        QCOMPARE(d.info.extra.value(QStringLiteral("clock")),
                 increments ? QStringLiteral("time prefixes of the lines, summed (ts -i)")
                            : QStringLiteral("time prefixes of the lines, relative (no date)"));
        bool warned = false;
        for (const ParseIssue& issue : result.report.warnings.kept())
            warned = warned || issue.message.contains(QLatin1String("(ts -i)"));
        QCOMPARE(warned, increments);
        // iperf3 sent for 2 s through a 20 Mbit/s bottleneck: the samples span about that, and
        // the sender's flow averages under the bottleneck's rate.
        QCOMPARE(d.flows.flows.size(), std::size_t(1));
        const Flow& flow = d.flows.flows.front();
        const double seconds = flow.intervals.back().end - flow.intervals.front().start;
        QVERIFY2(seconds > 1.5 && seconds < 3.5, qPrintable(QString::number(seconds)));
        double bytes = 0;
        for (const FlowInterval& interval : flow.intervals)
            bytes += interval.bytes;
        QVERIFY2(bytes * 8 / seconds < 21e6, qPrintable(QString::number(bytes * 8 / seconds)));
    }

    // A few values read by hand (awk over the log, see each comment).
    void valuesReadByHand() {
        const ImportResult result = importOk(ssLog("iperf3-cubic-P2.ss.log"));
        const Dataset& d = result.datasets.front();
        // Sample 1 (the first with sockets) is 1796158001.148571928 - 1796158000.952595839.
        QVERIFY(d.info.start.isValid());
        QCOMPARE(d.info.start.toMSecsSinceEpoch(), qint64(1796158000952));
        const Flow* flow = connections(d).at("198.19.121.2:50402-198.19.121.1:5201");
        QCOMPARE(flow->direction, QStringLiteral("send"));
        QCOMPARE(flow->tcp.congestionControl, QStringLiteral("cubic"));
        // awk '/^[0-9]+\.[0-9]+$/{t=$1} /^ESTAB/{k=$5} /^\t/ && k ~ /50402/' on the log:
        //   t=1796158001.352344294 cwnd:53 ssthresh:53 bytes_acked:237510 (no retrans:)
        //   t=1796158001.572882323 cwnd:44 ssthresh:53 bytes_acked:288190 retrans:0/7
        //   rtt:88.24/11.359 pacing_rate 19849280bps delivery_rate 2957792bps (mss 1448)
        const FlowInterval& third = flow->intervals[2];
        QVERIFY(std::abs(third.start - 0.399748455) < 1e-9);
        QVERIFY(std::abs(third.end - 0.620286484) < 1e-9);
        QCOMPARE(third.bytes, 50680.0);
        // 50680 * 8 / 0.220538029 s (exact decimal: 1838413.0929…)
        QVERIFY(std::abs(third.bitsPerSecond - 1838413.0929) < 1e-3);
        QCOMPARE(*third.retransmits, std::int64_t(7));
        QCOMPARE(*third.cwndBytes, 44.0 * 1448);
        QCOMPARE(*third.rttMs, 88.24);
        const TcpSocketSample& s = flow->tcp.samples[2];
        QCOMPARE(*s.ssthreshSegments, std::int64_t(53));
        QCOMPARE(*s.rttvarMs, 11.359);
        QCOMPARE(*s.deliveryRateBitsPerSecond, 2957792.0);
        QCOMPARE(*s.pacingRateBitsPerSecond, 19849280.0);
        // Before the first loss ss prints no ssthresh (sample 1 of port 50406).
        QVERIFY(!connections(d)
                     .at("198.19.121.2:50406-198.19.121.1:5201")
                     ->tcp.samples[0]
                     .ssthreshSegments);
    }

    // cubic, reno and bbr lines name their congestion control; iperf3's control connection
    // (bbr, the namespace's default, 186 bytes) is kept beside the flows and named.
    void congestionControlsAndControlConnection_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("control");
        QTest::addColumn<int>("flows");
        QTest::addColumn<int>("others");
        QTest::newRow("cubic") << ssLog("iperf3-cubic-P2.ss.log") << "cubic" << 2 << 1;
        QTest::newRow("reno undated") << ssLog("iperf3-reno-P2-undated.ss.log") << "reno" << 2 << 1;
        QTest::newRow("bbr -e -m") << ssLog("iperf3-bbr-em.ss.log") << "bbr" << 1 << 1;
        QTest::newRow("iperf2 reno -p")
            << ssLog("iperf2-reno-P2-process.ss.log") << "reno" << 2 << 0;
        QTest::newRow("ipv6") << ssLog("iperf3-ipv6-loopback.ss.log") << "cubic" << 2 << 2;
    }
    void congestionControlsAndControlConnection() {
        QFETCH(QString, path);
        QFETCH(QString, control);
        QFETCH(int, flows);
        QFETCH(int, others);
        const Dataset d = importOk(path).datasets.front();
        QCOMPARE(int(d.flows.flows.size()), flows);
        QCOMPARE(int(d.flows.otherSockets.size()), others);
        QCOMPARE(d.info.congestionControl, control);
        QCOMPARE(d.info.streams, flows);
        for (const Flow& flow : d.flows.flows)
            QCOMPARE(flow.tcp.congestionControl, control);
        const ImportResult result = importOk(path);
        for (const Flow& other : d.flows.otherSockets) {
            QVERIFY(other.tcp.note.startsWith(QLatin1String("little data")));
            // Named where the CLI shows it, too.
            const auto& warnings = result.report.warnings.kept();
            QVERIFY(std::any_of(warnings.begin(), warnings.end(), [&](const ParseIssue& issue) {
                return issue.message.startsWith(other.id + QLatin1String(" is kept beside"));
            }));
            QCOMPARE(other.tcp.congestionControl, QStringLiteral("bbr"));
        }
    }

    // Without time lines the samples are numbered, a warning says so, and no rate is made up.
    void undatedSamplesAreNumbered() {
        const ImportResult result = importOk(ssLog("iperf3-reno-P2-undated.ss.log"));
        const Dataset& d = result.datasets.front();
        QVERIFY(!d.info.start.isValid());
        QCOMPARE(d.info.extra.value("clock"), QStringLiteral("sample numbers"));
        QVERIFY(result.report.warnings.kept().front().message.contains("numbered"));
        for (const Flow& flow : d.flows.flows) {
            QVERIFY(flow.total);
            QCOMPARE(FlowStatistics::totalsOf(flow).bitsPerSecond, 0.0);
            QVERIFY(FlowStatistics::totalsOf(flow).bytes > 0);
        }
        const ImportResult dated = importOk(ssLog("iperf3-cubic-P2.ss.log"));
        QCOMPARE(dated.datasets.front().info.extra.value("clock"),
                 QStringLiteral("date +%s.%N lines"));
        QVERIFY(FlowStatistics::totalsOf(dated.datasets.front().flows.flows.front()).bitsPerSecond >
                0);
    }

    // Each connection pairs with the iperf flow of the same ports: iperf3 ("connected to")
    // and iperf 2 ("connected with") logs recorded with the samples, and the server-side
    // sockets of samples/tcp-ss (ports swapped, IPv4-mapped addresses) with the client's log.
    void portsMatched_data() {
        QTest::addColumn<QString>("ss");
        QTest::addColumn<QString>("iperf");
        QTest::addColumn<int>("fromOtherEnd");
        QTest::newRow("iperf3") << ssLog("iperf3-cubic-P2.ss.log")
                                << ssLog("iperf3-cubic-P2-client.txt") << 0;
        QTest::newRow("iperf3 undated") << ssLog("iperf3-reno-P2-undated.ss.log")
                                        << ssLog("iperf3-reno-P2-undated-client.txt") << 0;
        QTest::newRow("iperf2") << ssLog("iperf2-reno-P2-process.ss.log")
                                << ssLog("iperf2-reno-P2-process-client.txt") << 0;
        QTest::newRow("samples iperf2 both ends")
            << test::samplePath("tcp-ss/tcp-cubic-P1.txt")
            << test::samplePath("tcp-cubic-P1-client.txt") << 1;
        QTest::newRow("samples iperf3 -J both ends")
            << test::samplePath("tcp-ss/iperf3-cubic-P4-json.txt")
            << test::samplePath("iperf3-cubic-P4.json") << 4;
    }
    void portsMatched() {
        QFETCH(QString, ss);
        QFETCH(QString, iperf);
        QFETCH(int, fromOtherEnd);
        const Dataset sockets = importOk(ss).datasets.front();
        const Dataset flows = importOk(iperf).datasets.front();
        QVERIFY(!flows.flows.flows.empty());
        const std::vector<SocketFlowMatch> matches = SocketFlowMatcher::match(sockets, flows);
        QCOMPARE(matches.size(), sockets.flows.flows.size());
        std::set<std::size_t> matched;
        int swapped = 0;
        for (const SocketFlowMatch& m : matches) {
            const Flow& socket = sockets.flows.flows[m.socket];
            QVERIFY2(m.flow, qPrintable(socket.id));
            const Flow& flow = flows.flows.flows[*m.flow];
            const auto port = [](const QString& e) { return *SocketFlowMatcher::portOf(e); };
            QCOMPARE(port(socket.localAddress),
                     port(m.fromOtherEnd ? flow.remoteAddress : flow.localAddress));
            QCOMPARE(port(socket.remoteAddress),
                     port(m.fromOtherEnd ? flow.localAddress : flow.remoteAddress));
            matched.insert(*m.flow);
            swapped += m.fromOtherEnd ? 1 : 0;
        }
        QCOMPARE(swapped, fromOtherEnd);
        // Every iperf flow of the sending side has its connection among the samples.
        std::size_t senders = 0;
        for (const Flow& flow : flows.flows.flows)
            senders += flow.direction == QLatin1String("receive") ? 0 : 1;
        QCOMPARE(matched.size(), senders);
    }

    // Older ss versions print rates with a unit prefix.
    void ratesWithUnits() {
        QCOMPARE(*ss::readRate("95574419bps"), 95574419.0);
        QCOMPARE(*ss::readRate("95.6Mbps"), 95.6e6);
        QCOMPARE(*ss::readRate("1.2Kbps"), 1.2e3);
        QCOMPARE(*ss::readRate("1.2kbps"), 1.2e3);
        QCOMPARE(*ss::readRate("2.3Gbps"), 2.3e9);
        QVERIFY(!ss::readRate("2.3Xbps"));
        QVERIFY(!ss::readRate("bps"));
        QVERIFY(!ss::readRate("12Mbit"));
        ss::TcpInfo info;
        ss::readTcpInfo("cubic rto:204 pacing_rate 27.9Mbps delivery_rate 15.2Mbps", info);
        QCOMPARE(*info.pacingRate, 27.9e6);
        QCOMPARE(*info.deliveryRate, 15.2e6);
        QCOMPARE(info.congestionControl, std::string("cubic"));
    }

    void timeLines() {
        const auto seconds = [](const char* line) {
            const auto time = ss::readTimeLine(line);
            return time ? time->seconds * 1000000000 + time->nanoseconds : -1;
        };
        QCOMPARE(seconds("1764633228.123456789"), qint64(1764633228123456789));
        QCOMPARE(seconds("1764633228.5"), qint64(1764633228500000000));
        QCOMPARE(seconds("1764633228"), qint64(1764633228000000000));
        // date -u -d @1764633228: Mon Dec  1 23:53:48 UTC 2025
        QCOMPARE(seconds("2025-12-01T23:53:48,123456789+00:00"), qint64(1764633228123456789));
        QCOMPARE(seconds("2025-12-01 18:53:48.5-05:00"), qint64(1764633228500000000));
        QCOMPARE(seconds("2025-12-01T23:53:48Z"), qint64(1764633228000000000));
        QCOMPARE(seconds("2025-12-01T23:53:48"), qint64(1764633228000000000));
        QCOMPARE(seconds("2025-12-02T00:53:48+0100"), qint64(1764633228000000000));
        for (const char* other : {"1764633228.", "17646x3228", "2025-12-02T00:53", "ESTAB 0 0",
                                  "2025-12-02T00:53:48 CET", "-1764633228", "2025-13-02T00:53:48Z",
                                  "9999999999999999999.5"})
            QCOMPARE(seconds(other), qint64(-1));
    }

    void portOfEndpoint() {
        QCOMPARE(SocketFlowMatcher::portOf("198.18.2.1 port 50228"), std::optional<int>(50228));
        QCOMPARE(SocketFlowMatcher::portOf("::1 port 5201"), std::optional<int>(5201));
        QCOMPARE(SocketFlowMatcher::portOf("198.18.2.1"), std::nullopt);
        QCOMPARE(SocketFlowMatcher::portOf("* port *"), std::nullopt);
        QCOMPARE(SocketFlowMatcher::addressOf("::ffff:198.18.1.1 port 5201"),
                 QStringLiteral("::ffff:198.18.1.1"));
    }

    // What else ss prints, built from recorded lines: each variant reads like the plain one.
    void variantsReadLikeThePlainOutput_data();
    void variantsReadLikeThePlainOutput();

    // A new connection on the four of a closed one is a new series; a socket seen twice with
    // no time or header line between begins the next sample.
    void reusedAddressesStartANewSeries();

    // A listening socket and a TIME-WAIT one are kept beside the flows and named.
    void listeningAndClosedSocketsKept();

    // A log that ends between a socket line and its info line warns and keeps every sample before.
    void cutBeforeTheInfoLine();
};

namespace {

const QByteArray kHeader = "State Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess\n";
const QByteArray kSocket = "ESTAB 0      257744    198.18.2.1:50228   198.18.1.1:5201";
const QByteArray kInfo =
    "\t cubic wscale:10,10 rto:224 rtt:23.91/0.223 mss:1448 pmtu:1500 rcvmss:536 advmss:1448 "
    "cwnd:25 ssthresh:25 bytes_sent:22478789 bytes_retrans:220096 bytes_acked:22176158 "
    "segs_out:15527 segs_in:1857 data_segs_out:15525 send 12112087bps lastrcv:10004 pacing_rate "
    "27905512bps delivery_rate 15186528bps delivered:15349 busy:10000ms unacked:57 retrans:5/152 "
    "lost:5 sacked:32 rcv_space:14480 rcv_ssthresh:64088 notsent:175208 minrtt:0.005 "
    "snd_wnd:1913856";

QByteArray twoSamples(const QByteArray& socket, const QByteArray& info,
                      const QByteArray& header = kHeader) {
    QByteArray second = info;
    second.replace("bytes_acked:22176158", "bytes_acked:23176158");
    second.replace("cwnd:25 ", "cwnd:27 ");
    return "1764633228.100000000\n" + header + socket + "\n" + info + "\n" +
           "1764633228.200000000\n" + header + socket + "\n" + second + "\n";
}

QByteArray flowsOf(const QByteArray& log) {
    const ImportResult result = test::parseBytes(log, "variant.ss.log", 1 << 20, "ss/tcp-info");
    QJsonObject flows = DatasetJson::describe(result.datasets.front()).value("flows").toObject();
    QJsonArray list = flows.value("flows").toArray();
    for (QJsonValueRef flow : list) { // the id, addresses and state are compared on their own
        QJsonObject object = flow.toObject();
        object.remove("id");
        object.remove("local");
        object.remove("remote");
        QJsonObject tcp = object.value("tcp").toObject();
        tcp.remove("state");
        object.insert("tcp", tcp);
        flow = object;
    }
    flows.insert("flows", list);
    return QJsonDocument(flows).toJson(QJsonDocument::Compact) +
           QByteArray::number(result.report.parseErrors.count());
}

} // namespace

void TestSs::variantsReadLikeThePlainOutput_data() {
    QTest::addColumn<QByteArray>("log");
    QTest::newRow("send rate with a unit")
        << twoSamples(kSocket, QByteArray(kInfo).replace("send 12112087bps", "send 12.1Mbps"));
    QTest::newRow("netid column") << twoSamples(
        "tcp   " + kSocket, kInfo,
        "Netid State Recv-Q Send-Q Local Address:Port  Peer Address:Port\n");
    QTest::newRow("state filter (no State column)")
        << twoSamples("0      257744    198.18.2.1:50228   198.18.1.1:5201", kInfo,
                      "Recv-Q Send-Q Local Address:Port  Peer Address:Port Process\n");
    QTest::newRow("process and -e fields")
        << twoSamples(kSocket + " users:((\"iperf3\",pid=7,fd=5)) timer:(on,140ms,0) ino:487031 "
                                "sk:5 cgroup:unreachable:1 <->",
                      kInfo);
    QTest::newRow("-m and flags") << twoSamples(
        kSocket,
        QByteArray(kInfo).replace(
            "\t cubic", "\t skmem:(r0,rb131072,t0,tb69120,f0,w0,o0,bl0,d0) ts sack cubic"));
    QTest::newRow("-O one line") << twoSamples(kSocket, kInfo).replace("\n\t", " ");
    QByteArray wrapped = kInfo;
    wrapped.replace(" send 12112087bps", "\n\t send 12112087bps");
    QTest::newRow("info line wrapped") << twoSamples(kSocket, wrapped);
    QTest::newRow("date -Ins lines")
        << twoSamples(kSocket, kInfo)
               .replace("1764633228.100000000", "2025-12-02T00:53:48,100000000+01:00")
               .replace("1764633228.200000000", "2025-12-02T00:53:48,200000000+01:00");
    QTest::newRow("date --rfc-3339=ns lines")
        << twoSamples(kSocket, kInfo)
               .replace("1764633228.100000000", "2025-12-01 23:53:48.100000000+00:00")
               .replace("1764633228.200000000", "2025-12-01 23:53:48.200000000Z");
    QTest::newRow("-H (no header)") << twoSamples(kSocket, kInfo, "");
    QTest::newRow("CRLF") << twoSamples(kSocket, kInfo).replace("\n", "\r\n");
    QTest::newRow("blank lines") << twoSamples(kSocket, kInfo).replace("\n", "\n\n");
    QTest::newRow("date +%s lines")
        << twoSamples(kSocket, kInfo).replace(".100000000", "").replace(".200000000", ".1");
}

void TestSs::variantsReadLikeThePlainOutput() {
    QFETCH(QByteArray, log);
    const QByteArray plain = flowsOf(twoSamples(kSocket, kInfo));
    QVERIFY(plain.contains("\"cwnd\":27"));
    QCOMPARE(flowsOf(log), plain);
}

void TestSs::reusedAddressesStartANewSeries() {
    QByteArray reused = kInfo;
    reused.replace("bytes_acked:22176158", "bytes_acked:3000");
    reused.replace("segs_out:15527", "segs_out:3");
    QByteArray later = reused;
    later.replace("bytes_acked:3000", "bytes_acked:5000");
    const QByteArray log = "1764633228.1\n" + kHeader + kSocket + "\n" + kInfo + "\n" +
                           "1764633228.2\n" + kHeader + kSocket + "\n" + reused + "\n" + kSocket +
                           "\n" + later + "\n";
    const ImportResult result = test::parseBytes(log, "reused.ss.log", 1 << 20, "ss/tcp-info");
    QCOMPARE(result.report.samples, std::int64_t(3));
    const Dataset& d = result.datasets.front();
    QCOMPARE(d.info.extra.value("samples"), QStringLiteral("3"));
    QCOMPARE(d.flows.flows.size(), std::size_t(1));
    QCOMPARE(d.flows.otherSockets.size(), std::size_t(1)); // 5000 bytes: little data
    const auto all = connections(d);
    QVERIFY(all.count("198.18.2.1:50228-198.18.1.1:5201"));
    const Flow* second = all.at("198.18.2.1:50228-198.18.1.1:5201#2");
    // The new connection began after the sample before: its 3000 bytes were acked in between.
    QCOMPARE(second->intervals.size(), std::size_t(2));
    QCOMPARE(second->intervals[0].bytes, 3000.0);
    QCOMPARE(second->intervals[1].bytes, 2000.0);
    // Seen twice without a separator (ss -H): the second is the next sample, at the time of the
    // one before, and a warning says so.
    QCOMPARE(second->tcp.samples[1].sample, std::int64_t(2));
    QCOMPARE(second->intervals[1].end, second->intervals[0].end);
    bool warned = false;
    for (const ParseIssue& issue : result.report.warnings.kept())
        warned = warned || (issue.line == 9 && issue.message.contains("seen twice"));
    QVERIFY(warned);
}

void TestSs::listeningAndClosedSocketsKept() {
    const QByteArray log = kHeader +
                           "LISTEN 0      5            0.0.0.0:5201       0.0.0.0:*\n"
                           "\t cubic cwnd:10\n" +
                           "TIME-WAIT 0      0      198.18.2.1:50100   198.18.1.1:5201\n" +
                           kSocket + "\n" + kInfo + "\n";
    const ImportResult result = test::parseBytes(log, "listen.ss.log", 1 << 20, "ss/tcp-info");
    const Dataset& d = result.datasets.front();
    QCOMPARE(result.report.samples, std::int64_t(3));
    QCOMPARE(d.flows.flows.size(), std::size_t(1));
    QCOMPARE(d.flows.otherSockets.size(), std::size_t(2));
    QCOMPARE(d.flows.otherSockets[0].tcp.note, QStringLiteral("listening"));
    QCOMPARE(d.flows.otherSockets[0].localAddress, QStringLiteral("0.0.0.0 port 5201"));
    QCOMPARE(d.flows.otherSockets[1].tcp.state, QStringLiteral("TIME-WAIT"));
    QVERIFY(d.flows.otherSockets[1].tcp.note.startsWith(QLatin1String("little data")));
}

void TestSs::cutBeforeTheInfoLine() {
    const QByteArray log = twoSamples(kSocket, kInfo);
    const QByteArray cut = log.left(log.lastIndexOf('\t'));
    const ImportResult result = test::parseBytes(cut, "cut.ss.log", 1 << 20, "ss/tcp-info");
    QCOMPARE(result.report.samples, std::int64_t(1));
    QCOMPARE(result.datasets.front().flows.flows.front().intervals.size(), std::size_t(1));
    const auto& warnings = result.report.warnings.kept();
    QVERIFY(!warnings.empty());
    QCOMPARE(warnings.back().line, std::int64_t(7));
    QVERIFY(warnings.back().message.contains("ends before"));
}

QTEST_APPLESS_MAIN(TestSs)
#include "tst_ss.moc"
