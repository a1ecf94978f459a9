// Big files are read in blocks scanned on several cores (io/LineBlockPipeline): the result
// must be exactly that of the one-thread path, whatever the log throws at block boundaries.

#include "ParserDescription.h"
#include "TestSupport.h"
#include "io/LineBlockPipeline.h"
#include "io/MappedFileWindow.h"
#include "parse/FormatRegistry.h"
#include "parse/Iperf3JsonParser.h"
#include "parse/LogParser.h"
#include "parse/PageWarmer.h"
#include "parse/QjumpCompatParser.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>

#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace wb;
using namespace wb::test;

namespace {

// Lines that look almost like the plain reply the scanner reads in one pass (%d: sequence).
constexpr const char* kNearMisses[] = {
    "64 bytes from 2001:db8::8: icmp_seq=%d ttl=64 time=0.318 ms\n",
    "64 bytes from host.example (198.18.0.8): icmp_seq=%d ttl=64 time=0.318 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=0.318 ms \n",
    "64 bytes from 198.18.0.8: icmp_seq=0%d ttl=64 time=0.318 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=5 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=1.5e-1 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time<1 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d0000 ttl=64 time=0.5 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=12345678%d ttl=64 time=0.5 ms\n",
    "64 bytes from a=b: icmp_seq=%d ttl=64 time=0.5 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=0.1234567890123456 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=-0.5 ms\n",
    "64 bytes from 198.18.0.8: icmp_req=%d ttl=64 time=0.5 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=0.5 ms time=0.7 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d ttl=1234567890 time=0.5 ms\n",
    "64 bytes  from 198.18.0.8: icmp_seq=%d ttl=64 time=0.5 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=.5 ms\n",
    "64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=0.5 ms\r\n",
};

// A seeded iputils -D log of about `bytes` bytes with everything a long run can show: 16-bit
// sequence wrap-around, (DUP!) and unmarked duplicates, ICMP errors, "no answer yet",
// unreadable and impossible times, CRLF lines, ping's own messages, a line longer than a
// block, and a summary without a final newline. Without timestamps most lines are plain
// replies, which the scanner reads in one pass, and a few are near misses of that shape.
std::string oddLog(std::size_t bytes, std::uint32_t seed, bool timestamps = true) {
    std::mt19937 random(seed);
    std::string log = "PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n";
    std::int64_t seq = 1;
    double clock = 1594976827.0;
    char line[256];
    while (log.size() < bytes) {
        clock += 0.001;
        const int printed = static_cast<int>(seq % 65536);
        const unsigned pick = random() % 1000;
        if (pick == 990 && log.size() > (1 << 20)) {
            // NUL bytes where a crash left them (past the head, which would be refused as
            // binary): in what looks like a plain reply's address or time, or a whole line.
            static constexpr std::string_view kNulLines[] = {
                std::string_view("64 bytes from 198.18\0.0.8: icmp_seq=7 ttl=64 time=0.3 ms\n", 57),
                std::string_view("64 bytes from 198.18.0.8: icmp_seq=7 ttl=64 time=0.\0 ms\n", 56),
                std::string_view("\0\0\0\0\0\0\0\0\n", 9)};
            log += kNulLines[random() % std::size(kNulLines)];
            ++seq;
            continue;
        }
        if (pick == 0) {
            std::snprintf(line, sizeof line,
                          "[%.6f] From 198.18.0.1 icmp_seq=%d Destination Host Unreachable\n",
                          clock, printed);
        } else if (pick == 1) {
            std::snprintf(line, sizeof line, "[%.6f] no answer yet for icmp_seq=%d\n", clock,
                          printed);
        } else if (pick == 2) {
            std::snprintf(line, sizeof line,
                          "[%.6f] 64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=x.y ms\n",
                          clock, printed);
        } else if (pick == 3) {
            std::snprintf(line, sizeof line,
                          "[%.6f] 64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=1e400 ms\n",
                          clock, printed);
        } else if (pick == 4) {
            std::snprintf(line, sizeof line, "ping: sendmsg: No buffer space available\r\n");
        } else if (pick == 5 && seq > 2) {
            // a late duplicate, once marked and once not (as BSD would print it)
            std::snprintf(line, sizeof line,
                          "[%.6f] 64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=%.3f ms%s\n",
                          clock, static_cast<int>((seq - 2) % 65536),
                          0.1 + (random() % 1000) / 1000.0, random() % 2 ? " (DUP!)" : "");
        } else if (pick >= 7 && pick < 7 + std::size(kNearMisses)) {
            if (timestamps) {
                std::snprintf(line, sizeof line, "[%.6f] ", clock);
                log += line;
            }
            std::snprintf(line, sizeof line, kNearMisses[pick - 7], printed);
        } else {
            const char* end = pick < 50 ? "\r\n" : "\n";
            std::snprintf(line, sizeof line,
                          "[%.6f] 64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=%.3f ms%s",
                          clock, printed, 0.05 + (random() % 100000) / 1000.0, end);
        }
        if (!timestamps && line[0] == '[')
            log += std::strchr(line, ']') + 2;
        else
            log += line;
        if (pick == 6 && log.size() > bytes / 2 && log.size() < bytes / 2 + 4096)
            log += std::string(LineBlockPipeline::kBlockSize + 1000, 'z') + "\n";
        ++seq;
    }
    log += "\n--- 198.18.0.8 ping statistics ---\n";
    log += std::to_string(seq - 1) + " packets transmitted, " + std::to_string(seq - 10) +
           " received, +3 errors, 0.1% packet loss, time 99999ms\n";
    log += "rtt min/avg/max/mdev = 0.050/50.000/100.000/28.000 ms"; // no final newline
    return log;
}

// Counts lines, scanned off its thread, and records which threads scanned them by kernel
// thread id: unlike a std::thread::id, that of a thread that ended is not given to the next.
class ThreadRecordingParser : public LogParser {
public:
    std::set<long> scanningThreads() const {
        const std::lock_guard<std::mutex> lock(m_mutex);
        return m_threads;
    }

protected:
    struct Counted : ScannedLines {
        std::int64_t lines = 0;
        void clear() { lines = 0; }
    };
    void parseLine(std::string_view) override {}
    std::unique_ptr<ScannedLines> scan(std::string_view wholeLines,
                                       std::unique_ptr<ScannedLines> reuse) const override {
        std::unique_ptr<Counted> counted = reuseOrCreate<Counted>(reuse);
        counted->lines = std::count(wholeLines.begin(), wholeLines.end(), '\n');
        if (!wholeLines.empty()) { // not the pipeline's question whether the dialect scans
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_threads.insert(::syscall(SYS_gettid));
        }
        return counted;
    }
    void applyScanned(ScannedLines& lines) override {
        for (std::int64_t i = 0; i < static_cast<Counted&>(lines).lines; ++i)
            countScannedLine();
    }

private:
    mutable std::mutex m_mutex;
    mutable std::set<long> m_threads;
};

// A recorded iperf3 -J log (one or more documents) as --json-stream writes it: a start event,
// an interval event per interval and an end event, one per line, "event" before "data".
QByteArray eventsOf(const QByteArray& log) {
    QByteArray events;
    auto event = [&](const char* name, const QJsonValue& data) {
        events += QByteArray("{\"event\":\"") + name + "\",\"data\":";
        events += data.isObject() ? QJsonDocument(data.toObject()).toJson(QJsonDocument::Compact)
                                  : QByteArray("null");
        events += "}\n";
    };
    for (qsizetype at = 0; at < log.size();) {
        QJsonParseError error;
        const qsizetype start = log.indexOf('{', at);
        if (start < 0)
            break;
        // Documents follow each other: parse the longest prefix that is one.
        qsizetype end = start;
        int depth = 0;
        for (; end < log.size(); ++end) {
            depth += log[end] == '{' ? 1 : log[end] == '}' ? -1 : 0;
            if (depth == 0)
                break;
        }
        const QJsonObject document =
            QJsonDocument::fromJson(log.mid(start, end + 1 - start), &error).object();
        at = end + 1;
        if (error.error != QJsonParseError::NoError)
            continue;
        event("start", document.value(QLatin1String("start")));
        for (const QJsonValue& interval : document.value(QLatin1String("intervals")).toArray())
            event("interval", interval);
        event("end", document.value(QLatin1String("end")));
    }
    return events;
}

// A seeded iperf 2.1 -P 8 -i 1 client log of about `bytes` bytes, its result lines mostly in
// the plain form the scanner reads, with everything else a log can hold between them: CRLF
// lines, -e and UDP columns, "Server Report:" (which gives the next line its meaning), sent
// and out-of-order counts, impossible and unreadable intervals, near misses of the plain form,
// reverse and "[SUM-2]" tags, iperf's messages, recorded iperf 2 logs (the rounded-figure
// warning first comes with them, halfway), NUL bytes, a line longer than a block, and a ping
// header near the end (ignored: a throughput log's sections look like other formats).
std::string oddIperf2Log(std::size_t bytes, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::vector<QByteArray> recorded;
    for (const char* name :
         {"tcp-P4-i1-client.txt", "tcp-enhanced-client.txt", "udp-P2-server.txt",
          "udp-report-client.txt", "tcp-dualtest-server.txt", "hand-2.0-udp-server-ooo.txt"})
        recorded.push_back(readAll(dataPath(QStringLiteral("iperf/") + QLatin1String(name))));
    constexpr int kStreams = 8;
    std::string log = "------------------------------------------------------------\n"
                      "Client connecting to 198.18.0.2, TCP port 5001\n"
                      "TCP window size: 85.0 KByte (default)\n"
                      "------------------------------------------------------------\n";
    char line[512];
    for (int stream = 1; stream <= kStreams; ++stream) {
        std::snprintf(line, sizeof line,
                      "[%3d] local 198.18.0.1 port %d connected with 198.18.0.2 port 5001\n",
                      stream, 40000 + stream);
        log += line;
    }
    log += "[ ID] Interval       Transfer     Bandwidth\n";
    const auto transfer = [&log, bytes](double megabytes) {
        char figure[64];
        if (log.size() < bytes / 2) // exact byte counts first: no rounded-figure warning yet
            std::snprintf(figure, sizeof figure, "%.0f Bytes", megabytes * 1048576);
        else
            std::snprintf(figure, sizeof figure, "%.2f MBytes", megabytes);
        return std::string(figure);
    };
    bool pingStarted = false;
    for (int second = 0; log.size() < bytes; ++second) {
        for (int stream = 1; stream <= kStreams; ++stream) {
            const double megabytes = (random() % 100000) / 1000.0;
            const std::string figure = transfer(megabytes);
            const char* tail = "\n";
            const unsigned pick = random() % 1000;
            switch (pick) {
            case 0:
                tail = "\r\n";
                break;
            case 1:
                tail = "  120/0        3      330K/18308(1583) us  2304.33\n";
                break;
            case 2:
                tail = "   0.017 ms    3/ 2552 (0.12%)\n";
                break;
            case 3: // ends before it starts
                std::snprintf(line, sizeof line, "[%3d] %d.0000-%d.0000 sec  %s  %.1f Mbits/sec\n",
                              stream, second + 1, second, figure.c_str(), megabytes * 8);
                log += line;
                continue;
            case 4:
                std::snprintf(line, sizeof line, "[%3d] %d.0000-x sec  %s  1.0 Mbits/sec\n", stream,
                              second, figure.c_str());
                log += line;
                continue;
            case 5:
                std::snprintf(line, sizeof line, "[%3d] Server Report:\n", stream);
                log += line;
                break;
            case 6:
                std::snprintf(line, sizeof line, "[%3d] Sent %d datagrams\n", stream, second * 7);
                log += line;
                break;
            case 7:
                std::snprintf(line, sizeof line,
                              "[%3d] %d.0000-%d.0000 sec  2 datagrams received out-of-order\n",
                              stream, second, second + 1);
                log += line;
                break;
            case 8: { // near misses of the plain form
                static constexpr const char* kIperfNearMisses[] = {
                    "[%3d] %d.0000-%d.0000 sec  -1.5 MBytes  1.0 Mbits/sec\n",
                    "[%3d] %d.0000-%d.0000 sec  1e3 Bytes  1.0 Mbits/sec\n",
                    "[%3d] %d.0000-%d.0000 sec  1,5 MBytes  1.0 Mbits/sec\n",
                    "[%3d] %d.0000-%d.0000 sec  1234567890123456 Bytes  1.0 Mbits/sec\n",
                    "[%3d]\t%d.0000-%d.0000\tsec\t1.5 MBytes\t1.0 Mbits/sec\n",
                    "[ *%d] %d.0000-%d.0000 sec  1.5 MBytes  1.0 Mbits/sec\n",
                    "[SUM-%d] %d.0000-%d.0000 sec  1.5 MBytes  1.0 Mbits/sec\n",
                    "[1234567890] %d.0000-%d.0000 sec  1.5 MBytes  1.0 Mbits/sec %d\n",
                    "[%3d] %d.0-%d.0 sec  1.5 MBytes  1.0 bits/sec\n",
                    "[%3d] %d.0000-%d.0000 sec  1.5 Furlongs  1.0 Mbits/sec\n",
                };
                std::snprintf(line, sizeof line,
                              kIperfNearMisses[random() % std::size(kIperfNearMisses)], stream,
                              second, second + 1);
                log += line;
                break;
            }
            case 9:
                log += "write failed: Connection reset by peer\n";
                break;
            case 10:
                if (log.size() > bytes / 2)
                    log += recorded[random() % recorded.size()].toStdString();
                break;
            case 11:
                if (log.size() > (1 << 20))
                    log += std::string_view("[  3] 5.0000-6.0000 sec  1.2\0 MBytes  1 Mbits/sec\n",
                                            50);
                break;
            case 12:
                if (log.size() > bytes / 3 && log.size() < bytes / 3 + 4096)
                    log += std::string(LineBlockPipeline::kBlockSize + 1000, 'z') + "\n";
                break;
            case 13:
                if (!pingStarted && log.size() > bytes * 9 / 10) {
                    pingStarted = true;
                    log += "PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n";
                }
                break;
            default:
                break;
            }
            std::snprintf(line, sizeof line, "[%3d] %d.0000-%d.0000 sec  %s  %.1f Mbits/sec%s",
                          stream, second, second + 1, figure.c_str(), megabytes * 8.388608, tail);
            log += line;
        }
        std::snprintf(line, sizeof line, "[SUM] %d.0000-%d.0000 sec  %s  %.1f Mbits/sec\n", second,
                      second + 1, transfer(400).c_str(), 400 * 8.388608);
        log += line;
    }
    return log;
}

// Empty when the replies `part` kept are the first ones of the `whole` log's, at least
// `atLeast` of them (and fewer than all when `fewer`); else what is wrong.
QString firstRepliesOf(const ImportResult& part, const ImportResult& whole, std::size_t atLeast,
                       bool fewer) {
    const std::vector<double>& kept = part.datasets.front().latency.rttMs;
    const std::vector<double>& all = whole.datasets.front().latency.rttMs;
    if (kept.size() < atLeast || kept.size() > all.size() || (fewer && kept.size() == all.size()))
        return QStringLiteral("%1 replies kept of %2, at least %3 expected")
            .arg(kept.size())
            .arg(all.size())
            .arg(atLeast);
    if (!std::equal(kept.begin(), kept.end(), all.begin()))
        return QStringLiteral("the replies kept are not the log's first ones");
    return {};
}

} // namespace

class TestBlockPipeline : public QObject {
    Q_OBJECT

private slots:
    void bigLogsUseEveryCore();
    void readAheadEqualsSerial();
    void iperf3IntervalsReadAheadEqualSerial_data();
    void iperf3IntervalsReadAheadEqualSerial();
    void threadsAreStartedOncePerFile();
    void parallelEqualsSerial_data();
    void parallelEqualsSerial();
    void iperf2ParallelEqualsSerial_data();
    void iperf2ParallelEqualsSerial();
    void growingFileIsReadToItsNewEnd();
    void cancelKeepsAPrefix_data();
    void cancelKeepsAPrefix();
    void bigFilesAreMapped();
    void windowOfAFileCutShortReadsZeros();
    void fileCutShortWhileReadKeepsAPrefix();
    void oneThreadImportOfAFileCutShortSaysSo();
    void reservedPagesAreWarmedAhead();
};

void TestBlockPipeline::bigLogsUseEveryCore() {
    if (std::thread::hardware_concurrency() < 2)
        QSKIP("one core: the pipeline feeds blocks in order without threads");
    const auto ping = FormatRegistry::find("ping/iputils")->create();
    QVERIFY(LineBlockPipeline(*ping, 64 << 20).parallel());
    QVERIFY(!LineBlockPipeline(*ping, 1 << 20).parallel()); // small: not worth threads
    QjumpCompatParser compat;
    QVERIFY(LineBlockPipeline(compat, 64 << 20).parallel());
    // iperf3 -J scans too (its intervals are read ahead).
    const auto iperf3 = FormatRegistry::find("iperf3/json")->create();
    QVERIFY(LineBlockPipeline(*iperf3, 8 << 20).parallel());
    QVERIFY(!LineBlockPipeline(*iperf3, 1 << 20).parallel());
    const auto iperf2 = FormatRegistry::find("iperf2/text")->create();
    QVERIFY(LineBlockPipeline(*iperf2, 8 << 20).parallel());
    QVERIFY(!LineBlockPipeline(*iperf2, 1 << 20).parallel());
    // A dialect without a scanner: blocks read ahead from 16 MB on.
    const auto iperf3Text = FormatRegistry::find("iperf3/text")->create();
    QVERIFY(LineBlockPipeline(*iperf3Text, 64 << 20).parallel());
    QVERIFY(!LineBlockPipeline(*iperf3Text, 8 << 20).parallel());
}

void TestBlockPipeline::readAheadEqualsSerial() {
    // iperf3 -J, whose parser takes blocks whole: 400 runs one after the other (as a file of
    // repeated `iperf3 -J >> log` holds them), the block edges falling anywhere in them.
    const QByteArray run = readAll(samplePath(QStringLiteral("iperf3-cubic-P4.json")));
    QVERIFY(!run.isEmpty());
    QByteArray log;
    for (int i = 0; i < 400; ++i)
        log += run;
    QVERIFY(log.size() > (20 << 20));
    QTemporaryDir dir;
    const QString path = writeTestFile(dir.path(), QStringLiteral("runs.json"), log);
    QVERIFY(!path.isEmpty());
    const ImportResult ahead = FileImporter::importFile(path);
    const ImportResult serial = FileImporter::importBytes(log.toStdString(), path);
    QVERIFY(ahead.ok());
    QCOMPARE(ahead.datasets.size(), std::size_t{400});
    QCOMPARE(describe(ahead), describe(serial));
}

void TestBlockPipeline::iperf3IntervalsReadAheadEqualSerial_data() {
    QTest::addColumn<bool>("jsonStream");
    QTest::newRow("-J") << false;
    QTest::newRow("--json-stream") << true;
}

void TestBlockPipeline::iperf3IntervalsReadAheadEqualSerial() {
    // Every kind of iperf3 -J run we recorded (TCP -P 4 and -P 2, UDP, --bidir, -O, a refused
    // connection, several runs in one file), one after the other until the log is 30 MB, with
    // what logs of repeated runs hold between them ("^C", a message); or the same runs as
    // --json-stream writes them (iperf3 >= 3.17, not installed here): one event per line,
    // "event" before "data". The block scans read the intervals ahead; the parser must end up
    // exactly as when it reads every byte itself.
    QFETCH(bool, jsonStream);
    const QString runs[] = {samplePath(QStringLiteral("iperf3-cubic-P4.json")),
                            dataPath(QStringLiteral("iperf3/json-tcp-P2-client.json")),
                            dataPath(QStringLiteral("iperf3/json-udp-client.json")),
                            dataPath(QStringLiteral("iperf3/json-bidir-client.json")),
                            dataPath(QStringLiteral("iperf3/json-omit-client.json")),
                            dataPath(QStringLiteral("iperf3/json-error-refused-client.json")),
                            dataPath(QStringLiteral("iperf3/json-repeated.json"))};
    QByteArray log;
    for (int round = 0; log.size() < (30 << 20); ++round) {
        for (const QString& path : runs) {
            const QByteArray run = readAll(path);
            QVERIFY2(!run.isEmpty(), qPrintable(path));
            log += jsonStream ? eventsOf(run) : run;
            log += round % 3 == 0 ? "^C" : round % 3 == 1 ? "iperf3: interrupt\n" : "";
        }
    }
    QTemporaryDir dir;
    const QString path = writeTestFile(dir.path(), QStringLiteral("runs.json"), log);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto ahead = FormatRegistry::find("iperf3/json")->create();
    {
        LineBlockPipeline pipeline(*ahead, file.size());
        QVERIFY(pipeline.parallel());
        QCOMPARE(pipeline.readFile(file.handle(), {}).bytesRead, file.size());
    }
    ahead->finish();
    const auto serial = FormatRegistry::find("iperf3/json")->create();
    serial->feed(std::string_view(log.constData(), static_cast<std::size_t>(log.size())));
    serial->finish();
    QVERIFY(serial->datasets().size() > 1000);
    QCOMPARE(describeParser(*ahead), describeParser(*serial));

    // Nearly every interval was taken as read ahead: all but those across a block's edge.
    // "streams" begins every interval and the "end" section, which has one "sum_sent".
    const std::int64_t readAhead =
        dynamic_cast<const Iperf3JsonParser&>(*ahead).intervalsReadAhead();
    const std::int64_t intervals = log.count("\"streams\"") - log.count("\"sum_sent\"");
    QVERIFY2(readAhead > intervals * 9 / 10 && readAhead <= intervals,
             qPrintable(QStringLiteral("%1 of %2").arg(readAhead).arg(intervals)));
}

void TestBlockPipeline::threadsAreStartedOncePerFile() {
    // Every block is scanned by one of a core's worth of worker threads, not by a new thread
    // each: starting one took the reading thread off its core.
    if (std::thread::hardware_concurrency() < 2)
        QSKIP("one core: the pipeline feeds blocks in order without threads");
    const std::string log = oddLog(24 << 20, 7, false); // sixteen blocks
    QTemporaryDir dir;
    const QString path =
        writeTestFile(dir.path(), QStringLiteral("big.log"), QByteArray::fromStdString(log));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    ThreadRecordingParser parser;
    {
        LineBlockPipeline pipeline(parser, file.size());
        QVERIFY(pipeline.parallel());
        const LineBlockPipeline::Outcome outcome = pipeline.readFile(file.handle(), {});
        QCOMPARE(outcome.bytesRead, file.size());
    }
    parser.finish();
    QCOMPARE(parser.report().linesRead, std::count(log.begin(), log.end(), '\n') + 1);
    QVERIFY(!parser.scanningThreads().empty());
    QVERIFY(parser.scanningThreads().size() <= std::thread::hardware_concurrency());
}

void TestBlockPipeline::parallelEqualsSerial_data() {
    QTest::addColumn<uint>("seed");
    QTest::addColumn<bool>("timestamps");
    QTest::addColumn<bool>("qjumpCompat");
    QTest::newRow("-D, seed 1") << 1u << true << false;
    QTest::newRow("-D, seed 2") << 2u << true << false;
    QTest::newRow("plain, seed 3") << 3u << false << false;
    QTest::newRow("plain, seed 4") << 4u << false << false;
    QTest::newRow("--compat qjump, -D, seed 5") << 5u << true << true;
    QTest::newRow("--compat qjump, plain, seed 6") << 6u << false << true;
}

void TestBlockPipeline::parallelEqualsSerial() {
    QFETCH(uint, seed);
    QFETCH(bool, timestamps);
    QFETCH(bool, qjumpCompat);
    const std::string log = oddLog(24 << 20, seed, timestamps);
    QTemporaryDir dir;
    const QString path =
        writeTestFile(dir.path(), QStringLiteral("big.log"), QByteArray::fromStdString(log));
    QVERIFY(!path.isEmpty());
    ImportOptions options;
    options.qjumpCompat = qjumpCompat;
    const ImportResult parallel = FileImporter::importFile(path, options);
    const ImportResult serial = FileImporter::importBytes(log, path, options);
    QVERIFY(parallel.ok());
    QVERIFY(parallel.datasets.front().latency.size() > 300000);
    QCOMPARE(parallel.datasets.front().latency.hasTimestamps(), timestamps && !qjumpCompat);
    QVERIFY(parallel.report.parseErrors.count() + parallel.report.rangeErrors.count() > 0);
    QCOMPARE(describe(parallel), describe(serial));
}

void TestBlockPipeline::iperf2ParallelEqualsSerial_data() {
    QTest::addColumn<uint>("seed");
    QTest::newRow("seed 1") << 1u;
    QTest::newRow("seed 2") << 2u;
}

void TestBlockPipeline::iperf2ParallelEqualsSerial() {
    // iperf 2 text: the scans read the plain result lines' figures; which flow a line goes
    // to, the "Server Report:" that comes before it, the warnings and errors with their line
    // numbers are all decided in order, exactly as in the one-thread parse.
    QFETCH(uint, seed);
    const std::string log = oddIperf2Log(8 << 20, seed);
    QTemporaryDir dir;
    const QString path =
        writeTestFile(dir.path(), QStringLiteral("big.txt"), QByteArray::fromStdString(log));
    QVERIFY(!path.isEmpty());
    const auto parser = FormatRegistry::find("iperf2/text")->create();
    QVERIFY(LineBlockPipeline(*parser, static_cast<std::int64_t>(log.size())).parallel());
    const ImportResult parallel = FileImporter::importFile(path, {});
    const ImportResult serial = FileImporter::importBytes(log, path, {});
    QVERIFY(parallel.ok());
    QCOMPARE(std::string(parallel.format->id), std::string("iperf2/text"));
    QVERIFY(parallel.datasets.front().flows.flows.size() >= 8);
    std::size_t intervals = 0;
    for (const Flow& flow : parallel.datasets.front().flows.flows)
        intervals += flow.intervals.size();
    QVERIFY2(intervals > 100000, qPrintable(QString::number(intervals)));
    QVERIFY(parallel.report.parseErrors.count() > 0);
    QVERIFY(parallel.report.rangeErrors.count() > 0);
    QVERIFY(parallel.report.warnings.count() > 0);
    QCOMPARE(describe(parallel), describe(serial));
}

void TestBlockPipeline::growingFileIsReadToItsNewEnd() {
    // ping still writing into the file: replies appended while the blocks are read (the file
    // is bigger than its size at the start) are read too, in order, after the last block.
    std::string log = oddLog(24 << 20, 5, false);
    log.resize(log.rfind("\n--- ") + 1); // still running: no summary yet
    QTemporaryDir dir;
    const QString path =
        writeTestFile(dir.path(), QStringLiteral("growing.log"), QByteArray::fromStdString(log));
    QByteArray appended;
    for (int seq = 1; seq <= 1000; ++seq)
        appended += "64 bytes from 198.18.0.8: icmp_seq=" + QByteArray::number(seq) +
                    " ttl=64 time=7.25 ms\n";
    ImportOptions options;
    bool grown = false;
    options.progress = [&](qint64, qint64) {
        if (!grown) {
            QFile file(path);
            grown = file.open(QIODevice::Append) && file.write(appended) == appended.size();
        }
        return true;
    };
    const ImportResult result = FileImporter::importFile(path, options);
    QVERIFY(grown);
    const ImportResult expected = parseBytes(QByteArray::fromStdString(log) + appended, path);
    QCOMPARE(describe(result), describe(expected));
    QCOMPARE(result.datasets.front().latency.rttMs.back(), 7.25);
}

void TestBlockPipeline::cancelKeepsAPrefix_data() {
    QTest::addColumn<int>("megabytes");
    QTest::newRow("3 MB, one thread") << 3;
    QTest::newRow("24 MB, every core") << 24;
}

void TestBlockPipeline::cancelKeepsAPrefix() {
    // A cancel stops reading at a block's end, inside a line: the replies kept are exactly the
    // first ones of the whole log, and the cut line ("time=0.1" of "time=0.123") is not one.
    QFETCH(int, megabytes);
    const std::string log = oddLog(static_cast<std::size_t>(megabytes) << 20, 3, false);
    QTemporaryDir dir;
    const QString path =
        writeTestFile(dir.path(), QStringLiteral("big.log"), QByteArray::fromStdString(log));
    ImportOptions options;
    const qint64 stopAt = qint64{megabytes} << 18; // a quarter in
    options.progress = [stopAt](qint64 done, qint64) { return done < stopAt; };
    const ImportResult cancelled = FileImporter::importFile(path, options);
    const ImportResult whole = FileImporter::importFile(path);
    QVERIFY(cancelled.cancelled);
    const QString problem = firstRepliesOf(cancelled, whole, 10000, true);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestBlockPipeline::bigFilesAreMapped() {
    // The workers map their blocks from the page cache instead of copying them out of it.
    if (std::thread::hardware_concurrency() < 2)
        QSKIP("one core: the pipeline reads blocks in order without threads");
    const std::string log = oddLog(24 << 20, 8, false);
    QTemporaryDir dir;
    const QString path =
        writeTestFile(dir.path(), QStringLiteral("big.log"), QByteArray::fromStdString(log));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto parser = FormatRegistry::find("ping/iputils")->create();
    LineBlockPipeline pipeline(*parser, file.size());
    QVERIFY(pipeline.parallel());
    const LineBlockPipeline::Outcome outcome = pipeline.readFile(file.handle(), {});
    QCOMPARE(outcome.bytesRead, file.size());
    QVERIFY(outcome.error.empty());
    // Every block but the short last one (and none beyond it) was mapped.
    QVERIFY2(outcome.mappedBlocks >= 6, qPrintable(QString::number(outcome.mappedBlocks)));
}

void TestBlockPipeline::windowOfAFileCutShortReadsZeros() {
    // A mapped file cut short (copytruncate, `> log`) must not kill the process with SIGBUS:
    // the part that is gone reads as zeros and the window says it was cut.
    const std::size_t page = MappedFileWindow::pageSize();
    QByteArray bytes(static_cast<qsizetype>(4 * page), 'x');
    QTemporaryDir dir;
    const QString path = writeTestFile(dir.path(), QStringLiteral("cut.log"), bytes);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    const auto window = MappedFileWindow::map(file.handle(), 0, 4 * page);
    const auto other = MappedFileWindow::map(file.handle(), static_cast<std::int64_t>(page), page);
    QVERIFY(window && other);
    QCOMPARE(window->text().size(), 4 * page);
    QVERIFY(!window->cutShort());
    const std::size_t cut = page + page / 2;
    QVERIFY(file.resize(static_cast<qint64>(cut)));
    const std::string_view text = window->text(); // reads from here on fault
    QVERIFY(std::all_of(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(cut),
                        [](char c) { return c == 'x'; }));
    QVERIFY(!window->cutShort()); // the page the cut falls in is still the file's
    QVERIFY(std::all_of(text.begin() + static_cast<std::ptrdiff_t>(2 * page), text.end(),
                        [](char c) { return c == 0; }));
    QVERIFY(window->cutShort());
    QVERIFY(!other->cutShort()); // another window's pages were not read
    // A window mapped after the cut ends at the file's new end.
    QCOMPARE(MappedFileWindow::map(file.handle(), 0, 4 * page)->text().size(), cut);
}

void TestBlockPipeline::fileCutShortWhileReadKeepsAPrefix() {
    // The file is cut in the middle of the second block once the first one is applied (a log
    // rotated under the import). Depending on how far the workers got, that block was mapped
    // after the cut (it ends there), is read again to the new end (its scan read past the
    // cut), or was scanned before the cut (kept; an error says the file was cut if applying
    // it read past the cut). In every case the replies are a prefix of the whole log's, at
    // least those before the cut, and the process lives; windowOfAFileCutShortReadsZeros
    // checks the SIGBUS guard itself, which this test reaches in some runs only.
    if (std::thread::hardware_concurrency() < 2)
        QSKIP("one core: the pipeline reads blocks in order without threads");
    const std::string log = oddLog(24 << 20, 9, false);
    const std::size_t blockSize =
        log.size() / 16 / MappedFileWindow::pageSize() * MappedFileWindow::pageSize();
    const std::size_t cut = log.rfind('\n', blockSize * 3 / 2) + 1;
    QTemporaryDir dir;
    const QString path =
        writeTestFile(dir.path(), QStringLiteral("big.log"), QByteArray::fromStdString(log));
    ImportOptions options;
    bool truncated = false;
    options.progress = [&](qint64, qint64) {
        if (!truncated)
            truncated = QFile::resize(path, static_cast<qint64>(cut));
        return true;
    };
    const ImportResult result = FileImporter::importFile(path, options);
    QVERIFY(truncated);
    QVERIFY2(result.error.isEmpty() || result.error.contains(QStringLiteral("cut short")),
             qPrintable(result.error));
    const ImportResult whole = FileImporter::importBytes(log, path);
    const ImportResult head = FileImporter::importBytes(log.substr(0, cut), path);
    const QString problem =
        firstRepliesOf(result, whole, head.datasets.front().latency.rttMs.size(), false);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestBlockPipeline::oneThreadImportOfAFileCutShortSaysSo() {
    // A 3 MB log is read on one thread, a mapped megabyte at a time, fed to the parser in
    // 64 KB pieces. The file is cut in the middle of the first mapped megabyte while its
    // first pieces are parsed: the later pieces read zeros instead of killing the process,
    // the import stops there with an error that says why, and what it kept before the cut
    // is the whole log's first replies.
    const std::string log = oddLog(3 << 20, 10, false);
    const std::size_t cut = log.rfind('\n', std::size_t{512} << 10) + 1;
    QTemporaryDir dir;
    const QString path =
        writeTestFile(dir.path(), QStringLiteral("cut.log"), QByteArray::fromStdString(log));
    ImportOptions options;
    int pieces = 0;
    bool truncated = false;
    options.nextChunkSize = [&] {
        // The sniffed head is one piece, then the first mapped megabyte begins.
        if (++pieces == 4)
            truncated = QFile::resize(path, static_cast<qint64>(cut));
        return std::size_t{64} << 10;
    };
    const ImportResult result = FileImporter::importFile(path, options);
    QVERIFY(truncated);
    QVERIFY2(result.error.contains(QStringLiteral("cut short")), qPrintable(result.error));
    const ImportResult whole = FileImporter::importBytes(log, path);
    const QString problem = firstRepliesOf(result, whole, 1000, true);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestBlockPipeline::reservedPagesAreWarmedAhead() {
    // The ping parser's sample storage is faulted in by a PageWarmer while the parser writes
    // it: every page of the range becomes resident, and what the writer wrote meanwhile, on
    // the same pages, stays as written. The range is a fresh mapping of its own (malloc may
    // hand out memory an earlier test made resident).
#ifndef MADV_POPULATE_WRITE
    QSKIP("no MADV_POPULATE_WRITE on this system: nothing is warmed");
#else
    const std::size_t page = MappedFileWindow::pageSize();
    const std::size_t bytes = std::size_t{48} << 20;
    void* const mapped =
        mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    QVERIFY(mapped != MAP_FAILED);
    auto* const values = static_cast<double*>(mapped);
    const std::size_t pages = bytes / page;
    auto residentPages = [&] {
        std::vector<unsigned char> resident(pages);
        if (mincore(mapped, bytes, resident.data()) != 0)
            return std::size_t{0};
        return static_cast<std::size_t>(
            std::count_if(resident.begin(), resident.end(), [](unsigned char r) { return r & 1; }));
    };
    QCOMPARE(residentPages(), std::size_t{0}); // fresh: nothing written yet
    PageWarmer warmer;
    warmer.warm(values, bytes);
    const std::size_t written = bytes / sizeof(double) / 2;
    for (std::size_t i = 0; i < written; ++i)
        values[i] = static_cast<double>(i) * 0.5;
    QTRY_COMPARE_WITH_TIMEOUT(residentPages(), pages, 10000);
    warmer.stop();
    for (std::size_t i = 0; i < written; ++i)
        QCOMPARE(values[i], static_cast<double>(i) * 0.5);
    QVERIFY(std::all_of(values + written, values + bytes / sizeof(double),
                        [](double v) { return v == 0; }));
    munmap(mapped, bytes);
#endif
}

QTEST_GUILESS_MAIN(TestBlockPipeline)
#include "tst_blockpipeline.moc"
