// Big files are read in pieces whose whole lines are scanned on a thread pool and applied in
// file order (import/ParallelFeeder): the result must be exactly that of the one-thread path,
// whatever the log throws at piece boundaries, and a file that grows, is cancelled or is cut
// short while it is read must end up as the one-thread reading of what was read.

#include "ParserDescription.h"
#include "TestSupport.h"
#include "import/ParallelFeeder.h"
#include "parse/BlockScanner.h"
#include "parse/FormatRegistry.h"
#include "parse/Iperf3JsonParser.h"
#include "parse/LogParser.h"
#include "parse/QjumpCompatParser.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <iterator>
#include <mutex>
#include <random>
#include <set>
#include <string>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace wb;
using namespace wb::test;

namespace {

// FileImporter reads (and maps) a file this many bytes at a time.
constexpr std::size_t kPieceSize = std::size_t{1} << 20;
// Big enough to be read on every core (ParallelFeeder::pays), small enough for ASan.
constexpr std::size_t kBigLog = std::size_t{9} << 20;

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

// NUL bytes where a crash left them: in what looks like a plain reply's address or time, or
// a whole line.
constexpr std::string_view kNulLines[] = {
    std::string_view("64 bytes from 198.18\0.0.8: icmp_seq=7 ttl=64 time=0.3 ms\n", 57),
    std::string_view("64 bytes from 198.18.0.8: icmp_seq=7 ttl=64 time=0.\0 ms\n", 56),
    std::string_view("\0\0\0\0\0\0\0\0\n", 9)};

enum class Dialect { Iputils, Bsd };

// What starts halfway through the log: nothing, or another log pasted into the file.
enum class Intruder { None, WindowsPing, SecondPingRun };

struct LogShape {
    Dialect dialect = Dialect::Iputils;
    bool timestamps = false; // iputils -D
    Intruder intruder = Intruder::None;
    bool summary = true; // false: ping is still running
};

// Writes a seeded ping log of about `bytes` bytes with everything a long run can show.
class OddLogWriter {
public:
    OddLogWriter(const LogShape& shape, std::uint32_t seed) : m_shape(shape), m_random(seed) {}

    std::string write(std::size_t bytes) {
        m_log = bsd() ? "PING 198.18.0.8 (198.18.0.8): 56 data bytes\n"
                      : "PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n";
        m_seq = bsd() ? 0 : 1;
        const std::int64_t first = m_seq;
        while (m_log.size() < bytes) {
            m_clock += 0.001;
            addLine(m_random() % 1000, bytes);
            ++m_seq;
        }
        if (m_shape.summary)
            addSummary(m_seq - first);
        return std::move(m_log);
    }

private:
    bool bsd() const { return m_shape.dialect == Dialect::Bsd; }
    int printed() const { return static_cast<int>(m_seq % 65536); } // wraps around

    void addLine(unsigned pick, std::size_t bytes) {
        // Past the sniffed head, which would be refused as binary.
        if (pick == 990 && m_log.size() > kPieceSize) {
            m_log += kNulLines[m_random() % std::size(kNulLines)];
            return;
        }
        if (pick >= 7 && pick < 7 + std::size(kNearMisses)) {
            stamp();
            append(kNearMisses[pick - 7], printed());
            return;
        }
        if (pick < 7)
            addRareLine(pick);
        else
            addReply(printed(), pick < 50 ? "\r\n" : "\n", "");
        if (pick == 6 && m_log.size() > bytes / 2 && !m_longLineWritten)
            addMidLogSurprises();
    }

    void addRareLine(unsigned pick) {
        switch (pick) {
        case 0:
            stamp();
            if (bsd())
                append("92 bytes from 198.18.0.1: Destination Host Unreachable\n");
            else
                append("From 198.18.0.1 icmp_seq=%d Destination Host Unreachable\n", printed());
            return;
        case 1:
            stamp();
            if (bsd())
                append("Request timeout for icmp_seq %d\n", printed());
            else
                append("no answer yet for icmp_seq=%d\n", printed());
            return;
        case 2:
            stamp();
            append("64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=x.y ms\n", printed());
            return;
        case 3:
            stamp();
            append("64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=1e400 ms\n", printed());
            return;
        case 4:
            append("ping: sendmsg: No buffer space available\r\n");
            return;
        case 5: // a late duplicate, marked or not
            if (m_seq > 2)
                addReply(static_cast<int>((m_seq - 2) % 65536), "\n",
                         m_random() % 2 ? " (DUP!)" : "");
            return;
        default:
            addReply(printed(), "\n", "");
            return;
        }
    }

    void addReply(int sequence, const char* end, const char* mark) {
        stamp();
        append("64 bytes from 198.18.0.8: icmp_seq=%d ttl=64 time=%.3f ms%s%s", sequence,
               0.05 + (m_random() % 100000) / 1000.0, mark, end);
    }

    // A line that spans a whole piece (and is longer than a parser keeps), and the other log
    // when there is one.
    void addMidLogSurprises() {
        m_longLineWritten = true;
        m_log += std::string(2 * kPieceSize + 1000, 'z') + "\n";
        if (m_shape.intruder == Intruder::WindowsPing)
            m_log += "\r\nPinging 198.18.0.9 with 32 bytes of data:\r\n"
                     "Reply from 198.18.0.9: bytes=32 time=1ms TTL=64\r\n";
        else if (m_shape.intruder == Intruder::SecondPingRun)
            m_log += "PING 198.18.0.9 (198.18.0.9) 56(84) bytes of data.\n";
    }

    void addSummary(std::int64_t transmitted) {
        m_log += "\n--- 198.18.0.8 ping statistics ---\n";
        const std::string sent = std::to_string(transmitted);
        const std::string received = std::to_string(transmitted - 10);
        if (bsd()) {
            m_log += sent + " packets transmitted, " + received +
                     " packets received, +3 duplicates, 0.1% packet loss\n";
            m_log += "round-trip min/avg/max/stddev = 0.050/50.000/100.000/28.000 ms";
        } else {
            m_log += sent + " packets transmitted, " + received +
                     " received, +3 errors, 0.1% packet loss, time 99999ms\n";
            m_log += "rtt min/avg/max/mdev = 0.050/50.000/100.000/28.000 ms";
        }
        // no final newline
    }

    void stamp() {
        if (m_shape.timestamps)
            append("[%.6f] ", m_clock);
    }

    template <typename... Args> void append(const char* format, Args... args) {
        char line[256];
        std::snprintf(line, sizeof line, format, args...);
        m_log += line;
    }

    LogShape m_shape;
    std::mt19937 m_random;
    std::string m_log;
    std::int64_t m_seq = 1;
    double m_clock = 1594976827.0;
    bool m_longLineWritten = false;
};

std::string oddLog(std::size_t bytes, std::uint32_t seed, const LogShape& shape = {}) {
    return OddLogWriter(shape, seed).write(bytes);
}

QByteArray bytesOf(const std::string& text) {
    return QByteArray::fromStdString(text);
}

// The bytes of `log` up to the last newline before `end`: what a read that stopped at `end`
// had whole.
std::string wholeLinesBefore(const std::string& log, std::size_t end) {
    return log.substr(0, log.rfind('\n', end - 1) + 1);
}

// Empty when the replies `part` kept are the first ones of the `whole` log's, fewer than all;
// else what is wrong.
QString firstRepliesOf(const ImportResult& part, const ImportResult& whole) {
    const std::vector<double>& kept = part.datasets.front().latency.rttMs;
    const std::vector<double>& all = whole.datasets.front().latency.rttMs;
    if (kept.empty() || kept.size() >= all.size())
        return QStringLiteral("%1 replies kept of %2").arg(kept.size()).arg(all.size());
    if (!std::equal(kept.begin(), kept.end(), all.begin()))
        return QStringLiteral("the replies kept are not the log's first ones");
    return {};
}

// CPU time of every thread of the process but the calling one, in microseconds.
std::int64_t otherThreadsCpuMicroseconds() {
    const auto micros = [](const rusage& usage) {
        return (std::int64_t{usage.ru_utime.tv_sec} + usage.ru_stime.tv_sec) * 1000000 +
               usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
    };
    rusage process = {};
    rusage thread = {};
    getrusage(RUSAGE_SELF, &process);
    getrusage(RUSAGE_THREAD, &thread);
    return micros(process) - micros(thread);
}

// A dialect that counts lines, scanned off its thread, and records which threads scanned them
// by kernel thread id (unlike a std::thread::id, that of an ended thread is not reused).
class ThreadRecordingParser : public LogParser, public BlockScanner {
public:
    std::set<long> scanningThreads() const {
        const std::lock_guard<std::mutex> lock(m_mutex);
        return m_threads;
    }

    std::unique_ptr<Scan> scan(std::string_view wholeLines, std::unique_ptr<Scan>) const override {
        auto counted = std::make_unique<Counted>();
        counted->lines = std::count(wholeLines.begin(), wholeLines.end(), '\n');
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_threads.insert(::syscall(SYS_gettid));
        return counted;
    }
    void apply(std::string_view, Scan& scan) override {
        for (std::int64_t i = 0; i < static_cast<Counted&>(scan).lines; ++i)
            countScannedLine();
    }

protected:
    void parseLine(std::string_view) override {}

private:
    struct Counted : Scan {
        std::int64_t lines = 0;
    };
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
                    log += std::string(2 * kPieceSize + 1000, 'z') + "\n";
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

} // namespace

class TestParallelFeeder : public QObject {
    Q_OBJECT

private slots:
    void bigPingLogsAreReadInParallel();
    void bigImportScansOnOtherThreads();
    void scansRunOnPoolThreads();
    void parallelEqualsSerial_data();
    void parallelEqualsSerial();
    void crOnlyLogReadsLikeLf();
    void growingFileIsReadToItsNewEnd();
    void cancelKeepsAPrefix_data();
    void cancelKeepsAPrefix();
    void fileCutShortWhileReadKeepsAPrefix();
    void iperf2ParallelEqualsSerial_data();
    void iperf2ParallelEqualsSerial();
    void iperf3IntervalsReadAheadEqualSerial_data();
    void iperf3IntervalsReadAheadEqualSerial();
};

void TestParallelFeeder::bigPingLogsAreReadInParallel() {
    // The importer goes parallel for a parser that scans blocks and a file that pays.
    if (QThread::idealThreadCount() < 2)
        QSKIP("one core: every file is read on one thread");
    QVERIFY(ParallelFeeder::pays(kBigLog));
    QVERIFY(!ParallelFeeder::pays(3 << 20)); // small: not worth threads
    for (const char* id : {"ping/iputils", "ping/busybox", "ping/bsd"}) {
        const auto parser = FormatRegistry::find(id)->create();
        QVERIFY2(dynamic_cast<BlockScanner*>(parser.get()), id);
    }
    QjumpCompatParser compat;
    QVERIFY(dynamic_cast<BlockScanner*>(static_cast<LogParser*>(&compat)));
}

void TestParallelFeeder::bigImportScansOnOtherThreads() {
    // The import of a big file itself hands work to other threads: their CPU time grows by
    // what scanning most of the file takes, while the one-thread import leaves it alone.
    if (QThread::idealThreadCount() < 2)
        QSKIP("one core: every file is read on one thread");
    const std::string log = oddLog(kBigLog, 11);
    QTemporaryDir dir;
    const QString path = writeTestFile(dir.path(), QStringLiteral("big.log"), bytesOf(log));
    const std::int64_t before = otherThreadsCpuMicroseconds();
    const ImportResult parallel = FileImporter::importFile(path);
    const std::int64_t scanned = otherThreadsCpuMicroseconds() - before;
    QVERIFY(parallel.ok());
    QVERIFY2(scanned > 1000, qPrintable(QStringLiteral("%1 µs on other threads").arg(scanned)));
}

void TestParallelFeeder::scansRunOnPoolThreads() {
    // Every piece is scanned by one of a core's worth of pool threads, never the feeding one,
    // and every line of the input is applied.
    if (QThread::idealThreadCount() < 2)
        QSKIP("one core: every file is read on one thread");
    const std::string log = oddLog(kBigLog, 7);
    ThreadRecordingParser parser;
    {
        ParallelFeeder feeder(parser, parser, static_cast<std::int64_t>(log.size()));
        for (std::size_t at = 0; at < log.size(); at += kPieceSize)
            feeder.feed(bytesOf(log.substr(at, kPieceSize)));
        feeder.finish();
    }
    parser.finish();
    QCOMPARE(parser.report().linesRead, std::count(log.begin(), log.end(), '\n') + 1);
    const std::set<long> threads = parser.scanningThreads();
    QVERIFY(!threads.empty());
    QVERIFY(threads.size() <= static_cast<std::size_t>(QThread::idealThreadCount()));
    QVERIFY(!threads.count(::syscall(SYS_gettid)));
}

void TestParallelFeeder::parallelEqualsSerial_data() {
    QTest::addColumn<uint>("seed");
    QTest::addColumn<int>("dialect");
    QTest::addColumn<bool>("timestamps");
    QTest::addColumn<int>("intruder");
    QTest::addColumn<bool>("qjumpCompat");
    const int iputils = int(Dialect::Iputils);
    const int bsd = int(Dialect::Bsd);
    const int none = int(Intruder::None);
    QTest::newRow("iputils -D, seed 1") << 1u << iputils << true << none << false;
    QTest::newRow("iputils, seed 2") << 2u << iputils << false << none << false;
    QTest::newRow("bsd, seed 1") << 1u << bsd << false << none << false;
    QTest::newRow("bsd, seed 2") << 2u << bsd << false << none << false;
    QTest::newRow("--compat qjump -D, seed 1") << 1u << iputils << true << none << true;
    QTest::newRow("--compat qjump, seed 2") << 2u << iputils << false << none << true;
    QTest::newRow("Windows ping halfway, seed 1")
        << 1u << iputils << false << int(Intruder::WindowsPing) << false;
    QTest::newRow("second PING halfway, seed 2")
        << 2u << iputils << true << int(Intruder::SecondPingRun) << false;
}

void TestParallelFeeder::parallelEqualsSerial() {
    QFETCH(uint, seed);
    QFETCH(int, dialect);
    QFETCH(bool, timestamps);
    QFETCH(int, intruder);
    QFETCH(bool, qjumpCompat);
    LogShape shape;
    shape.dialect = static_cast<Dialect>(dialect);
    shape.timestamps = timestamps;
    shape.intruder = static_cast<Intruder>(intruder);
    const std::string log = oddLog(kBigLog, seed, shape);
    QTemporaryDir dir;
    const QString path = writeTestFile(dir.path(), QStringLiteral("big.log"), bytesOf(log));
    ImportOptions options;
    options.qjumpCompat = qjumpCompat;
    const ImportResult parallel = FileImporter::importFile(path, options);
    const ImportResult serial = FileImporter::importBytes(log, path, options);
    QVERIFY(parallel.ok());
    // The log is what it is meant to be, so the comparison covers what it is meant to cover.
    const char* const format = shape.dialect == Dialect::Bsd ? "ping/bsd" : "ping/iputils";
    QCOMPARE(QByteArray(parallel.format->id), QByteArray(format));
    const LatencySeries& latency = parallel.datasets.front().latency;
    QCOMPARE(latency.hasTimestamps(), timestamps && !qjumpCompat);
    QVERIFY(parallel.report.parseErrors.count() > 0 && parallel.report.rangeErrors.count() > 0);
    const bool otherLog = describe(parallel).contains("starts here");
    QCOMPARE(otherLog, shape.intruder == Intruder::WindowsPing && !qjumpCompat);
    // A second run of the same ping is a dataset of its own (an appended log).
    const bool secondRun = shape.intruder == Intruder::SecondPingRun && !qjumpCompat;
    QCOMPARE(parallel.datasets.size(), std::size_t{secondRun ? 2u : 1u});
    QVERIFY(latency.rttMs.size() > (otherLog || secondRun ? 25000u : 50000u));
    QCOMPARE(describe(parallel), describe(serial));
}

// A big log whose lines end in a lone CR (a serial console's capture) is every reply of the
// same log with LF line ends, read on every core or not.
void TestParallelFeeder::crOnlyLogReadsLikeLf() {
    LogShape shape;
    shape.timestamps = true;
    std::string lf = oddLog(kBigLog, 3, shape);
    for (std::size_t at = lf.find("\r\n"); at != std::string::npos; at = lf.find("\r\n", at))
        lf.erase(at, 1);
    std::replace(lf.begin(), lf.end(), '\r', '\n');
    std::string crOnly = lf;
    std::replace(crOnly.begin(), crOnly.end(), '\n', '\r');
    QTemporaryDir dir;
    const QString lfPath = writeTestFile(dir.path(), QStringLiteral("lf.log"), bytesOf(lf));
    const QString crPath = writeTestFile(dir.path(), QStringLiteral("cr.log"), bytesOf(crOnly));
    const ImportResult expected = FileImporter::importFile(lfPath);
    for (const ImportResult& read :
         {FileImporter::importFile(crPath), FileImporter::importBytes(crOnly, crPath)}) {
        QVERIFY(read.ok());
        QCOMPARE(read.datasets.size(), expected.datasets.size());
        QVERIFY(expected.datasets.front().latency.rttMs.size() > 50000u);
        QVERIFY(read.datasets.front().latency.rttMs == expected.datasets.front().latency.rttMs);
        QVERIFY(read.datasets.front().latency.timestamps ==
                expected.datasets.front().latency.timestamps);
        QCOMPARE(read.report.linesRead, expected.report.linesRead);
        QCOMPARE(read.report.samples, expected.report.samples);
        QCOMPARE(read.report.parseErrors.count(), expected.report.parseErrors.count());
        QCOMPARE(read.report.rangeErrors.count(), expected.report.rangeErrors.count());
    }
    // One lone CR amid LF lines: its piece is read by the line path, the others scanned.
    std::string mixed = lf;
    mixed[mixed.find('\n', mixed.size() / 2)] = '\r';
    const QString mixedPath =
        writeTestFile(dir.path(), QStringLiteral("mixed.log"), bytesOf(mixed));
    const ImportResult parallel = FileImporter::importFile(mixedPath);
    QCOMPARE(parallel.report.linesRead, expected.report.linesRead);
    QCOMPARE(describe(parallel), describe(FileImporter::importBytes(mixed, mixedPath)));
}

void TestParallelFeeder::growingFileIsReadToItsNewEnd() {
    // ping still writing into the file: replies appended while it is read, once after the
    // first piece and once when the read reached the size the file had at the start, are read
    // too, in order, after the rest.
    LogShape running;
    running.summary = false;
    const std::string log = oddLog(kBigLog, 5, running);
    QTemporaryDir dir;
    const QString path = writeTestFile(dir.path(), QStringLiteral("growing.log"), bytesOf(log));
    const auto replies = [](int first, const char* time) {
        QByteArray lines;
        for (int seq = first; seq < first + 1000; ++seq)
            lines += "64 bytes from 198.18.0.8: icmp_seq=" + QByteArray::number(seq) +
                     " ttl=64 time=" + time + " ms\n";
        return lines;
    };
    const QByteArray appended[] = {replies(1, "7.25"), replies(1001, "8.5")};
    int appends = 0;
    ImportOptions options;
    options.progress = [&](qint64 done, qint64 total) {
        if (appends < 2 && (appends == 0 || done >= total)) {
            QFile file(path);
            if (file.open(QIODevice::Append) && file.write(appended[appends]) > 0)
                ++appends;
        }
        return true;
    };
    const ImportResult result = FileImporter::importFile(path, options);
    QCOMPARE(appends, 2);
    const ImportResult expected = parseBytes(bytesOf(log) + appended[0] + appended[1], path);
    QCOMPARE(describe(result), describe(expected));
    QCOMPARE(result.datasets.front().latency.rttMs.back(), 8.5);
}

void TestParallelFeeder::cancelKeepsAPrefix_data() {
    QTest::addColumn<int>("megabytes");
    QTest::newRow("3 MB, one thread") << 3;
    QTest::newRow("9 MB, every core") << 9;
}

void TestParallelFeeder::cancelKeepsAPrefix() {
    // A cancel stops reading at a piece's end, inside a line: the import is exactly that of
    // the whole lines read before it, so the cut line ("time=0.1" of "time=0.123") is dropped.
    QFETCH(int, megabytes);
    const std::string log = oddLog(static_cast<std::size_t>(megabytes) << 20, 3);
    QTemporaryDir dir;
    const QString path = writeTestFile(dir.path(), QStringLiteral("big.log"), bytesOf(log));
    ImportOptions options;
    // A quarter in: before the line longer than a piece, which comes halfway.
    const qint64 stopAt = static_cast<qint64>(log.size() / 4);
    qint64 stoppedAt = 0;
    options.progress = [&](qint64 done, qint64) {
        stoppedAt = done;
        return done < stopAt;
    };
    const ImportResult cancelled = FileImporter::importFile(path, options);
    QVERIFY(cancelled.cancelled);
    QVERIFY(log[static_cast<std::size_t>(stoppedAt) - 1] != '\n'); // the cut is inside a line
    const std::string read = wholeLinesBefore(log, static_cast<std::size_t>(stoppedAt));
    QCOMPARE(describe(cancelled), describe(FileImporter::importBytes(read, path)));
    const QString problem = firstRepliesOf(cancelled, FileImporter::importFile(path));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestParallelFeeder::fileCutShortWhileReadKeepsAPrefix() {
    // The file is cut (a log rotated under the import) after its first piece is read: the
    // import ends at the new end, as a read of the file as it is now would, and says that the
    // file was cut short (tst_inputs cuts at other moments).
    const std::string log = oddLog(kBigLog, 9);
    const std::string head = wholeLinesBefore(log, kPieceSize * 5 / 2);
    QTemporaryDir dir;
    const QString path = writeTestFile(dir.path(), QStringLiteral("big.log"), bytesOf(log));
    ImportOptions options;
    bool truncated = false;
    options.progress = [&](qint64 done, qint64) {
        if (!truncated)
            truncated = done == qint64{kPieceSize} && QFile::resize(path, qint64(head.size()));
        return true;
    };
    const ImportResult result = FileImporter::importFile(path, options);
    QVERIFY(truncated);
    ImportResult expected = FileImporter::importBytes(head, path);
    expected.error = QStringLiteral("the file was cut short while it was read");
    QCOMPARE(describe(result), describe(expected));
    const QString problem = firstRepliesOf(result, FileImporter::importBytes(log, path));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestParallelFeeder::iperf2ParallelEqualsSerial_data() {
    QTest::addColumn<uint>("seed");
    QTest::newRow("seed 1") << 1u;
    QTest::newRow("seed 2") << 2u;
}

void TestParallelFeeder::iperf2ParallelEqualsSerial() {
    // iperf 2 text: the scans read the plain result lines' figures; which flow a line goes
    // to, the "Server Report:" that comes before it, the warnings and errors with their line
    // numbers are all decided in order, exactly as in the one-thread parse.
    QFETCH(uint, seed);
    const std::string log = oddIperf2Log(8 << 20, seed);
    QTemporaryDir dir;
    const QString path =
        writeTestFile(dir.path(), QStringLiteral("big.txt"), QByteArray::fromStdString(log));
    QVERIFY(!path.isEmpty());
    QVERIFY(ParallelFeeder::pays(static_cast<std::int64_t>(log.size())) ||
            QThread::idealThreadCount() < 2);
    const ImportResult parallel = FileImporter::importFile(path, {});
    const ImportResult serial = FileImporter::importBytes(log, path, {});
    QVERIFY(parallel.ok());
    QCOMPARE(std::string(parallel.format->id), std::string("iperf2/text"));
    QVERIFY(parallel.datasets.front().flows.flows.size() >= 8);
    // The recorded logs pasted into the second half begin tests of their own (datasets).
    QVERIFY(parallel.datasets.size() > 1);
    std::size_t intervals = 0;
    for (const Dataset& test : parallel.datasets)
        for (const Flow& flow : test.flows.flows)
            intervals += flow.intervals.size();
    QVERIFY2(intervals > 100000, qPrintable(QString::number(intervals)));
    QVERIFY(parallel.report.parseErrors.count() > 0);
    QVERIFY(parallel.report.rangeErrors.count() > 0);
    QVERIFY(parallel.report.warnings.count() > 0);
    QCOMPARE(describe(parallel), describe(serial));
}

void TestParallelFeeder::iperf3IntervalsReadAheadEqualSerial_data() {
    QTest::addColumn<bool>("jsonStream");
    QTest::newRow("-J") << false;
    QTest::newRow("--json-stream") << true;
}

void TestParallelFeeder::iperf3IntervalsReadAheadEqualSerial() {
    // Every kind of iperf3 -J run recorded (TCP -P 4 and -P 2, UDP, --bidir, -O, a refused
    // connection, several runs in one file), one after the other until the log is 12 MB, with
    // what logs of repeated runs hold between them ("^C", a message); or the same runs as
    // --json-stream writes them: one event per line, "event" before "data". The scans read
    // the intervals ahead; the parser must end up exactly as when it reads every byte itself.
    QFETCH(bool, jsonStream);
    const QString runs[] = {samplePath(QStringLiteral("iperf3-cubic-P4.json")),
                            dataPath(QStringLiteral("iperf3/json-tcp-P2-client.json")),
                            dataPath(QStringLiteral("iperf3/json-udp-client.json")),
                            dataPath(QStringLiteral("iperf3/json-bidir-client.json")),
                            dataPath(QStringLiteral("iperf3/json-omit-client.json")),
                            dataPath(QStringLiteral("iperf3/json-error-refused-client.json")),
                            dataPath(QStringLiteral("iperf3/json-repeated.json"))};
    QByteArray log;
    for (int round = 0; log.size() < (12 << 20); ++round) {
        for (const QString& path : runs) {
            const QByteArray run = readAll(path);
            QVERIFY2(!run.isEmpty(), qPrintable(path));
            log += jsonStream ? eventsOf(run) : run;
            log += round % 3 == 0 ? "^C" : round % 3 == 1 ? "iperf3: interrupt\n" : "";
        }
    }
    if (QThread::idealThreadCount() < 2)
        QSKIP("one core: big files are read on one thread");
    QTemporaryDir dir;
    const QString path = writeTestFile(dir.path(), QStringLiteral("runs.json"), log);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto ahead = FormatRegistry::find("iperf3/json")->create();
    {
        ParallelFeeder feeder(*ahead, *dynamic_cast<BlockScanner*>(ahead.get()), file.size());
        for (QByteArray piece = file.read(kPieceSize); !piece.isEmpty();
             piece = file.read(kPieceSize))
            feeder.feed(piece);
        feeder.finish();
    }
    ahead->finish();
    const auto serial = FormatRegistry::find("iperf3/json")->create();
    serial->feed(std::string_view(log.constData(), static_cast<std::size_t>(log.size())));
    serial->finish();
    QVERIFY(serial->datasets().size() > 400);
    QCOMPARE(describeParser(*ahead), describeParser(*serial));

    // Nearly every interval was taken as read ahead: all but those across a piece's edge.
    // "streams" begins every interval and the "end" section, which has one "sum_sent".
    const std::int64_t readAhead =
        dynamic_cast<const Iperf3JsonParser&>(*ahead).intervalsReadAhead();
    const std::int64_t intervals = log.count("\"streams\"") - log.count("\"sum_sent\"");
    QVERIFY2(readAhead > intervals * 8 / 10 && readAhead <= intervals,
             qPrintable(QStringLiteral("%1 of %2").arg(readAhead).arg(intervals)));
}

QTEST_GUILESS_MAIN(TestParallelFeeder)
#include "tst_parallelfeeder.moc"
