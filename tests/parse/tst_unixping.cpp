#include "ParserTestSupport.h"
#include "parse/FormatRegistry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace wb;

// Golden and robustness tests of the Unix ping dialects (Linux iputils, BusyBox, BSD).
//
// Every log in tests/data/ping (recorded by record-linux.sh or written by hand, see
// SOURCES.md) has a golden file <log>.golden.json holding DatasetJson::describe() of its
// import. After an intended parser change, regenerate them with
//     WIREBENCH_UPDATE_GOLDEN=1 ./tst_unixping golden
// and check every changed value against the log by hand before committing: a golden file
// that records a parser bug is worse than none. Besides the golden comparison each log's key
// facts are stated explicitly below, and the parse is checked against the tool's own summary.

namespace {

using Sequences = QList<qint64>;

Sequences toList(const std::vector<std::int64_t>& values) {
    return Sequences(values.begin(), values.end());
}

Sequences range(qint64 first, qint64 last) {
    Sequences out;
    for (qint64 seq = first; seq <= last; ++seq)
        out.append(seq);
    return out;
}

// What each log shows, read off the log by hand (sequence numbers as printed).
struct LogFacts {
    const char* log;
    const char* format;
    const char* target;
    int samples;
    Sequences duplicates; // sequence number of each duplicate reply
    Sequences lost;
    Sequences errors; // requests answered by an ICMP error
    int transmitted;  // -1: the log has no summary
    int received;
    bool timestamps;
};

const std::vector<LogFacts>& allLogs() {
    const Sequences none;
    static const std::vector<LogFacts> table = {
        // Recorded by record-linux.sh.
        {"iputils_plain.txt", "ping/iputils", "198.18.1.2", 10, none, none, none, 10, 10, false},
        {"iputils_D.txt", "ping/iputils", "198.18.1.2", 10, none, none, none, 10, 10, true},
        {"iputils_O_loss.txt", "ping/iputils", "198.18.1.2", 12, none,
         Sequences{2, 8, 9, 11, 13, 15, 18, 20}, none, 20, 12, false},
        {"iputils_dup.txt", "ping/iputils", "198.18.1.2", 6, range(1, 5), none, none, 6, 6, false},
        // iputils 20221126 does not mark duplicates of a broadcast ping with (DUP!).
        {"iputils_broadcast.txt", "ping/iputils", "198.18.1.255", 5, range(1, 4), none, none, 5, 5,
         false},
        {"iputils_unreachable.txt", "ping/iputils", "198.18.1.99", 0, none, range(1, 6),
         range(1, 6), 6, 0, false},
        {"iputils_ttl_exceeded.txt", "ping/iputils", "198.18.2.2", 0, none, range(1, 4),
         range(1, 4), 4, 0, false},
        // -q shows no replies, so which requests were lost is unknown (here: none).
        {"iputils_quiet.txt", "ping/iputils", "198.18.1.2", 0, none, none, none, 10, 10, false},
        {"iputils_ipv6.txt", "ping/iputils", "2001:2::2", 10, none, none, none, 10, 10, false},
        {"iputils_ipv6_loopback.txt", "ping/iputils", "::1", 5, none, none, none, 5, 5, false},
        {"iputils_interrupted.txt", "ping/iputils", "198.18.1.99", 0, none, range(1, 21),
         range(1, 12), 21, 0, false},
        {"iputils_truncated.txt", "ping/iputils", "198.18.1.2", 7, none, none, none, -1, -1, false},
        // Written by hand.
        {"iputils_old_icmp_req.txt", "ping/iputils", "192.0.2.61", 7, none, Sequences{5}, none, 8,
         7, false},
        {"busybox_plain.txt", "ping/busybox", "198.51.100.23", 6, none, none, none, 6, 6, false},
        {"busybox_dup_loss.txt", "ping/busybox", "203.0.113.77", 6, Sequences{1, 5},
         Sequences{3, 6}, none, 8, 6, false},
        {"bsd_macos.txt", "ping/bsd", "example.net", 7, none, none, none, 7, 7, false},
        {"bsd_macos_dups_unmarked.txt", "ping/bsd", "198.51.100.255", 3,
         Sequences{0, 0, 1, 1, 2, 2}, none, none, 3, 3, false},
        {"bsd_freebsd_ping6.txt", "ping/bsd", "2001:db8:7::20", 4, none, none, none, 4, 4, false},
        {"bsd_request_timeout.txt", "ping/bsd", "203.0.113.9", 5, none, Sequences{1, 4, 5, 8}, none,
         9, 5, false},
    };
    return table;
}

const LogFacts& factsOf(const QString& log) {
    const auto& table = allLogs();
    const auto it = std::find_if(table.begin(), table.end(),
                                 [&](const LogFacts& facts) { return log == facts.log; });
    if (it == table.end())
        qFatal("no facts for %s", qPrintable(log));
    return *it;
}

QByteArray readLog(const QString& name) {
    const QByteArray bytes = test::readAll(test::dataPath(QStringLiteral("ping/") + name));
    if (bytes.isEmpty())
        qFatal("test log %s is missing or empty", qPrintable(name));
    return bytes;
}

const char* formatId(const ImportResult& result) {
    return result.format ? result.format->id : "(none)";
}

// iputils prints a round-trip time with fewer decimals the larger it is (0.042, 1.87, 10.4,
// 134) and truncates; BSD and BusyBox always print three. This is how far a printed reply
// time may be from the exact value that went into the summary.
double printedResolution(double ms) {
    if (ms >= 100)
        return 1;
    if (ms >= 10)
        return 0.1;
    if (ms >= 1)
        return 0.01;
    return 0.001;
}

// The first line where two JSON texts differ, so a failure says what changed.
QString firstDifference(const QByteArray& actual, const QByteArray& expected) {
    const QList<QByteArray> a = actual.split('\n');
    const QList<QByteArray> e = expected.split('\n');
    for (qsizetype i = 0; i < std::max(a.size(), e.size()); ++i) {
        const QByteArray left = i < a.size() ? a[i] : QByteArray("(end)");
        const QByteArray right = i < e.size() ? e[i] : QByteArray("(end)");
        if (left != right)
            return QStringLiteral("line %1: %2 instead of %3")
                .arg(i + 1)
                .arg(QString::fromUtf8(left.trimmed()), QString::fromUtf8(right.trimmed()));
    }
    return {};
}

// The log with the value after `key` (up to the next space) on 1-based line `number` replaced.
QByteArray withValue(const QByteArray& bytes, int number, const QByteArray& key,
                     const QByteArray& value) {
    QList<QByteArray> lines = bytes.split('\n');
    QByteArray& line = lines[number - 1];
    const qsizetype start = line.indexOf(key) + key.size();
    line = line.left(start) + value + line.mid(line.indexOf(' ', start));
    return lines.join('\n');
}

// A reply line as ping prints it: counted or duplicate, with a round-trip time.
bool isTimedReplyLine(const QByteArray& line) {
    return line.contains(" bytes from ") && line.contains("time=");
}

} // namespace

class TestUnixPing : public QObject {
    Q_OBJECT

private slots:
    void golden_data();
    void golden();
    void agreesWithSummary_data();
    void agreesWithSummary();
    void chunkSizesAreInvisible_data();
    void chunkSizesAreInvisible();
    void truncationKeepsEarlierReplies_data();
    void truncationKeepsEarlierReplies();
    void crlfIsInvisible_data();
    void crlfIsInvisible();
    void trailingGarbageIsIgnored_data();
    void trailingGarbageIsIgnored();
    void unreadableTimeIsParseError();
    void impossibleTimeIsRangeError_data();
    void impossibleTimeIsRangeError();
    void impossibleSequenceIsRangeError_data();
    void impossibleSequenceIsRangeError();
    void sequenceWrapsAround();
    void lossesOfALongRunAreExactlyTheUnanswered();

private:
    static void addLogColumn();
};

// Every log of this suite as a row of a single "log" column.
void TestUnixPing::addLogColumn() {
    QTest::addColumn<QString>("log");
    for (const LogFacts& facts : allLogs())
        QTest::newRow(facts.log) << QString::fromLatin1(facts.log);
}

void TestUnixPing::golden_data() {
    addLogColumn();
}

void TestUnixPing::golden() {
    QFETCH(QString, log);
    const LogFacts& facts = factsOf(log);
    const ImportResult result = FileImporter::importFile(test::dataPath("ping/" + log));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(formatId(result), facts.format);
    QCOMPARE(result.datasets.size(), std::size_t{1});
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.rangeErrors.count(), 0);

    const Dataset& dataset = result.datasets.front();
    const LatencySeries& series = dataset.latency;
    QCOMPARE(dataset.info.tool, QStringLiteral("ping"));
    QCOMPARE(dataset.info.target, QString::fromLatin1(facts.target));
    QCOMPARE(static_cast<int>(series.size()), facts.samples);
    QCOMPARE(result.report.samples, static_cast<std::int64_t>(facts.samples));
    QCOMPARE(toList(series.duplicateSequence), facts.duplicates);
    QCOMPARE(toList(series.lostSequence), facts.lost);
    QCOMPARE(toList(series.errorSequence), facts.errors);
    QCOMPARE(series.summary.transmitted.value_or(-1), std::int64_t{facts.transmitted});
    QCOMPARE(series.summary.received.value_or(-1), std::int64_t{facts.received});
    QCOMPARE(series.hasTimestamps(), facts.timestamps);
    if (facts.timestamps)
        QVERIFY(std::is_sorted(series.timestamps.begin(), series.timestamps.end()));

    const QString mismatch = test::goldenMismatch(test::dataPath("ping/" + log), result);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
}

void TestUnixPing::agreesWithSummary_data() {
    addLogColumn();
}

// What the parser read must agree with what ping itself counted in its summary.
void TestUnixPing::agreesWithSummary() {
    QFETCH(QString, log);
    const ImportResult result = FileImporter::importFile(test::dataPath("ping/" + log));
    QVERIFY2(result.ok(), qPrintable(result.error));
    const LatencySeries& series = result.datasets.front().latency;
    const PingSummary& summary = series.summary;
    if (!summary.hasCounts())
        QSKIP("the log has no summary");

    const auto replies = static_cast<std::int64_t>(series.size());
    const bool showsReplies = replies + series.duplicateCount() > 0;
    if (showsReplies || summary.received == 0) { // -q prints no replies to compare with
        QCOMPARE(replies, *summary.received);
        QCOMPARE(replies + static_cast<std::int64_t>(series.lostSequence.size()),
                 *summary.transmitted);
    }
    QCOMPARE(series.duplicateCount(), summary.duplicates.value_or(0));
    if (summary.errors)
        QCOMPARE(static_cast<std::int64_t>(series.errorSequence.size()), *summary.errors);
    if (summary.lossPercent) {
        const double loss =
            100.0 * double(*summary.transmitted - *summary.received) / double(*summary.transmitted);
        QVERIFY2(std::abs(loss - *summary.lossPercent) < 1, qPrintable(QString::number(loss)));
    }

    if (!showsReplies || !summary.hasRtt())
        return;
    // ping's min/avg/max cover duplicates too (iputils, BSD and BusyBox alike).
    std::vector<double> all = series.rttMs;
    all.insert(all.end(), series.duplicateRttMs.begin(), series.duplicateRttMs.end());
    const auto [minIt, maxIt] = std::minmax_element(all.begin(), all.end());
    const double mean = std::accumulate(all.begin(), all.end(), 0.0) / double(all.size());
    const double coarsest = printedResolution(*maxIt);
    QVERIFY2(std::abs(*summary.rttMin - *minIt) <= printedResolution(*minIt) + 1e-9,
             qPrintable(QStringLiteral("min %1 vs %2").arg(*summary.rttMin).arg(*minIt)));
    QVERIFY2(std::abs(*summary.rttMax - *maxIt) <= coarsest + 1e-9,
             qPrintable(QStringLiteral("max %1 vs %2").arg(*summary.rttMax).arg(*maxIt)));
    QVERIFY2(std::abs(*summary.rttAvg - mean) <= coarsest + 1e-9,
             qPrintable(QStringLiteral("avg %1 vs %2").arg(*summary.rttAvg).arg(mean)));
}

void TestUnixPing::chunkSizesAreInvisible_data() {
    addLogColumn();
}

void TestUnixPing::chunkSizesAreInvisible() {
    QFETCH(QString, log);
    const QByteArray bytes = readLog(log);
    const QByteArray whole = test::describe(test::parseBytes(bytes, log));
    for (std::size_t chunk : {1, 3, 17, 4096}) {
        const QByteArray chunked = test::describe(test::parseBytes(bytes, log, chunk));
        QVERIFY2(chunked == whole, qPrintable(QStringLiteral("chunk size %1: %2")
                                                  .arg(chunk)
                                                  .arg(firstDifference(chunked, whole))));
    }
}

void TestUnixPing::truncationKeepsEarlierReplies_data() {
    addLogColumn();
}

// A log cut at any line (a killed ping, a copy made while it ran) yields exactly the replies
// before the cut: the same values in the same order, none dropped and none invented.
void TestUnixPing::truncationKeepsEarlierReplies() {
    QFETCH(QString, log);
    const QByteArray bytes = readLog(log);
    const ImportResult full = test::parseBytes(bytes, log);
    QVERIFY(full.ok());
    const QString format = QString::fromLatin1(full.format->id);
    const LatencySeries& all = full.datasets.front().latency;

    QByteArray prefix;
    int replyLines = 0;
    for (const QByteArray& line : bytes.split('\n')) {
        if (prefix.size() == bytes.size())
            break; // the split's empty piece after the final newline
        prefix += line + '\n';
        replyLines += isTimedReplyLine(line) ? 1 : 0;
        // The format is given so that the cut tests the parser; the sniffer must still
        // recognise the log from its first reply on.
        const ImportResult cut = test::parseBytes(prefix, log, 1 << 20, format);
        QVERIFY(cut.ok());
        const LatencySeries& part = cut.datasets.front().latency;
        const QString where = QStringLiteral("cut after %1 bytes").arg(prefix.size());
        if (replyLines > 0)
            QVERIFY2(FileImporter::detect(std::string_view(prefix.constData(),
                                                           static_cast<std::size_t>(prefix.size())),
                                          nullptr) == full.format,
                     qPrintable(where));
        QVERIFY2(cut.report.parseErrors.empty() && cut.report.rangeErrors.empty(),
                 qPrintable(where));
        QVERIFY2(static_cast<int>(part.size() + part.duplicateRttMs.size()) == replyLines,
                 qPrintable(where));
        QVERIFY2(std::equal(part.rttMs.begin(), part.rttMs.end(), all.rttMs.begin()),
                 qPrintable(where));
        QVERIFY2(std::equal(part.sequence.begin(), part.sequence.end(), all.sequence.begin()),
                 qPrintable(where));
        QVERIFY2(std::equal(part.duplicateSequence.begin(), part.duplicateSequence.end(),
                            all.duplicateSequence.begin()),
                 qPrintable(where));
        if (all.hasTimestamps() && part.size() > 0)
            QVERIFY2(
                std::equal(part.timestamps.begin(), part.timestamps.end(), all.timestamps.begin()),
                qPrintable(where));
    }
    QCOMPARE(prefix, bytes);
}

void TestUnixPing::crlfIsInvisible_data() {
    addLogColumn();
}

void TestUnixPing::crlfIsInvisible() {
    QFETCH(QString, log);
    QByteArray bytes = readLog(log);
    const QByteArray lf = test::describe(test::parseBytes(bytes, log));
    const QByteArray crlf = test::describe(test::parseBytes(bytes.replace("\n", "\r\n"), log));
    QVERIFY2(crlf == lf, qPrintable(firstDifference(crlf, lf)));
}

void TestUnixPing::trailingGarbageIsIgnored_data() {
    addLogColumn();
}

void TestUnixPing::trailingGarbageIsIgnored() {
    QFETCH(QString, log);
    const QByteArray bytes = readLog(log);
    const QByteArray garbage = "user@host:~$ \n"
                               "\x7f\x1b[0m#### 0xdeadbeef ####\n"
                               "Lorem ipsum dolor sit amet, 12 bytes, seq 4\n";
    const ImportResult clean = test::parseBytes(bytes, log);
    const ImportResult dirty = test::parseBytes(bytes + garbage, log);
    QVERIFY(dirty.ok());
    QCOMPARE(QString::fromLatin1(formatId(dirty)), QString::fromLatin1(formatId(clean)));
    const auto json = [](const ImportResult& result) {
        return QJsonDocument(DatasetJson::describe(result.datasets.front())).toJson();
    };
    QCOMPARE(json(dirty), json(clean));
    QCOMPARE(dirty.report.ignoredLines, clean.report.ignoredLines + 3);
    QCOMPARE(dirty.report.linesRead, clean.report.linesRead + 3);
    QCOMPARE(dirty.report.parseErrors.count(), 0);
}

void TestUnixPing::unreadableTimeIsParseError() {
    // Line 5 of iputils_plain.txt is the reply to icmp_seq=4.
    const QByteArray bytes =
        withValue(readLog(QStringLiteral("iputils_plain.txt")), 5, "time=", "abc");
    const ImportResult result = test::parseBytes(bytes, QStringLiteral("bad-time.txt"));
    QCOMPARE(formatId(result), "ping/iputils");
    QCOMPARE(result.report.parseErrors.count(), 1);
    const ParseIssue& issue = result.report.parseErrors.kept().front();
    QCOMPARE(issue.line, 5);
    QVERIFY2(issue.text.contains("icmp_seq=4 ttl=64 time=abc ms"), qPrintable(issue.text));
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(series.size(), std::size_t{9});
    QVERIFY(std::find(series.sequence.begin(), series.sequence.end(), 4) == series.sequence.end());
    QVERIFY(series.lostSequence.empty()); // answered, if unreadably: not a loss
}

void TestUnixPing::impossibleTimeIsRangeError_data() {
    QTest::addColumn<QByteArray>("time");
    QTest::newRow("negative") << QByteArray("-1");
    QTest::newRow("overflow") << QByteArray("1e400");
    QTest::newRow("nan") << QByteArray("nan");
    QTest::newRow("inf") << QByteArray("inf");
    QTest::newRow("above 1e9") << QByteArray("2e9");
}

void TestUnixPing::impossibleTimeIsRangeError() {
    QFETCH(QByteArray, time);
    const QByteArray bytes =
        withValue(readLog(QStringLiteral("iputils_plain.txt")), 8, "time=", time);
    const ImportResult result = test::parseBytes(bytes, QStringLiteral("bad-range.txt"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.rangeErrors.count(), 1);
    QCOMPARE(result.report.rangeErrors.kept().front().line, 8);
    QVERIFY(result.report.rangeErrors.kept().front().text.contains("time=" + time + " ms"));
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(series.size(), std::size_t{9});
    QVERIFY(series.lostSequence.empty());
}

void TestUnixPing::impossibleSequenceIsRangeError_data() {
    QTest::addColumn<QByteArray>("sequence");
    QTest::newRow("17 bits") << QByteArray("65536");
    QTest::newRow("huge") << QByteArray("400000000");
    QTest::newRow("negative") << QByteArray("-3");
}

// A corrupt sequence number must not be believed: the import would otherwise list every
// request up to it as lost (hundreds of millions of them, minutes and gigabytes).
void TestUnixPing::impossibleSequenceIsRangeError() {
    QFETCH(QByteArray, sequence);
    const QByteArray log = readLog(QStringLiteral("iputils_truncated.txt"));
    const QByteArray bytes = withValue(log, 8, "icmp_seq=", sequence);
    const ImportResult result = test::parseBytes(bytes, QStringLiteral("bad-seq.txt"));
    QCOMPARE(result.report.rangeErrors.count(), 1);
    QCOMPARE(result.report.rangeErrors.kept().front().line, 8);
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(toList(series.sequence), range(1, 6));
    QCOMPARE(toList(series.lostSequence), Sequences{});
}

// icmp_seq is 16 bits: a long run prints 65535, then 0 again. Generated rather than recorded,
// since reaching the wrap takes 65536 requests.
void TestUnixPing::sequenceWrapsAround() {
    QByteArray bytes;
    for (int i = 0; i < 12; ++i) {
        const int printed = (65530 + i) % 65536;
        bytes += "64 bytes from 192.0.2.7: icmp_seq=" + QByteArray::number(printed) +
                 " ttl=64 time=0." + QByteArray::number(300 + i) + " ms\n";
    }
    const ImportResult result = test::parseBytes(bytes, QStringLiteral("wrap.txt"));
    QCOMPARE(formatId(result), "ping/iputils");
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(series.size(), std::size_t{12});
    QCOMPARE(series.duplicateCount(), 0);
    QCOMPARE(toList(series.sequence), range(65530, 65541));
    QCOMPARE(toList(series.lostSequence), Sequences{}); // an excerpt: nothing before it is lost
}

// 200,000 requests across three 16-bit wraps, with lone losses, bursts longer than 64
// (the reply bitmap's word), replies answered twice without a (DUP!) mark (BSD style) and a
// silent tail: the loss list is every unwrapped request without a reply, computed here
// independently of the parser.
void TestUnixPing::lossesOfALongRunAreExactlyTheUnanswered() {
    constexpr int kRequests = 200'000;
    std::vector<bool> answered(kRequests, true);
    std::uint64_t state = 20261130;
    const auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::uint32_t>(state >> 33);
    };
    for (int seq = 1; seq < kRequests; ++seq) {
        if (next() % 100 < 3)
            answered[seq] = false; // lone losses
        if (next() % 5000 == 0) {
            const int burst = 60 + static_cast<int>(next() % 300); // crosses words
            for (int i = seq; i < std::min(kRequests, seq + burst); ++i)
                answered[i] = false;
        }
    }
    const int lastAnswered = kRequests - 150; // the rest were sent but never answered
    QByteArray bytes = "PING 198.18.0.9 (198.18.0.9) 56(84) bytes of data.\n";
    std::int64_t replies = 0;
    std::int64_t duplicates = 0;
    for (int seq = 1; seq <= lastAnswered; ++seq) {
        if (!answered[seq])
            continue;
        const QByteArray line =
            "64 bytes from 198.18.0.9: icmp_seq=" + QByteArray::number(seq % 65536) +
            " ttl=64 time=0." + QByteArray::number(100 + seq % 900) + " ms\n";
        bytes += line;
        ++replies;
        if (seq % 997 == 0) {
            bytes += line; // answered twice, unmarked: a duplicate, not a new reply
            ++duplicates;
        }
    }
    bytes += "\n--- 198.18.0.9 ping statistics ---\n" + QByteArray::number(kRequests - 1) +
             " packets transmitted, " + QByteArray::number(replies) + " received\n";
    Sequences expectedLost;
    for (int seq = 1; seq < kRequests; ++seq) {
        if (!answered[seq] || seq > lastAnswered)
            expectedLost.append(seq);
    }
    const ImportResult result = test::parseBytes(bytes, QStringLiteral("long.txt"));
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(static_cast<std::int64_t>(series.size()), replies);
    QCOMPARE(series.duplicateCount(), duplicates);
    QCOMPARE(series.lostSequence.size(), static_cast<std::size_t>(expectedLost.size()));
    QCOMPARE(toList(series.lostSequence), expectedLost);
}

QTEST_APPLESS_MAIN(TestUnixPing)
#include "tst_unixping.moc"
