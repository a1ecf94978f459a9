#include "ParserTestSupport.h"
#include "PingLogReading.h"
#include "parse/FormatRegistry.h"
#include "parse/LinePrefixReader.h"
#include "parse/PingDialects.h"
#include "report/LatencyReport.h"
#include "stats/WindowedPercentiles.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <set>

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

// The report `stats` gives of the file's first dataset.
LatencyReport reportOf(const ImportResult& result) {
    return LatencyReport::of(
        result.file, result.report,
        DatasetAnalysis::of(std::make_shared<const Dataset>(result.datasets.front()), {},
                            {{50}, false}));
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
        // Recorded by record-damaged.sh: 21 replies with wrong data bytes (iputils 20221126
        // checks no IPv4 checksum); 18 with a bad checksum, which ping counts as no answer,
        // and 6 more with wrong data (iputils 20240905).
        {"iputils_damaged.txt", "ping/iputils", "198.18.36.2", 79, none, none, none, 100, 100,
         false},
        {"iputils_bad_checksum.txt", "ping/iputils", "198.18.36.2", 76, none,
         Sequences{8, 10, 15, 25, 30, 31, 34, 40, 41, 44, 59, 65, 69, 70, 73, 90, 92, 97}, none,
         100, 82, false},
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
    void unreadableTimeIsParseError_data();
    void unreadableTimeIsParseError();
    void impossibleTimeIsRangeError_data();
    void impossibleTimeIsRangeError();
    void negativeSequenceIsRangeError();
    void wideSequencesKeepTheirReplies_data();
    void wideSequencesKeepTheirReplies();
    void sequenceWrapsAround();
    void lossesOfALongRunAreExactlyTheUnanswered();
    void appendedRunsBecomeDatasets_data();
    void appendedRunsBecomeDatasets();
    void timePrefixesGiveReplyTimes_data();
    void timePrefixesGiveReplyTimes();
    void runStartingAt65530LosesNothing();
    void lossComesFromTheCounts();
    void clockSteppingBackIsWarned();
    void prefixFormsReadTheirTimes_data();
    void prefixFormsReadTheirTimes();
    void prefixClocksPassMidnightAndNewYear();
    void prefixDurationsToldFromTimes();
    void clockSteppingBackStillPlots_data();
    void clockSteppingBackStillPlots();
    void repliesCutShortAreDamagedLines();
    void damagedRepliesAgreeWithTheLog_data();
    void damagedRepliesAgreeWithTheLog();
    void damagedReplyFormsOfOtherPings();

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

    // ping counts a damaged reply received unless its checksum was bad, and a reply with a bad
    // checksum leaves its request unanswered (lost).
    std::vector<double> answeredDamagedRtt;
    for (std::size_t i = 0; i < series.damagedSequence.size(); ++i)
        if (!std::binary_search(series.lostSequence.begin(), series.lostSequence.end(),
                                series.damagedSequence[i]))
            answeredDamagedRtt.push_back(series.damagedRttMs[i]);
    const auto replies = static_cast<std::int64_t>(series.size() + answeredDamagedRtt.size());
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
    // ping's min/avg/max cover duplicates too (iputils, BSD and BusyBox alike), and the damaged
    // replies it counts received (Wirebench's statistics leave them out).
    std::vector<double> all = series.rttMs;
    all.insert(all.end(), series.duplicateRttMs.begin(), series.duplicateRttMs.end());
    all.insert(all.end(), answeredDamagedRtt.begin(), answeredDamagedRtt.end());
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
// before the cut: the same values in the same order, none dropped and none invented. A reply
// whose damage the next line reports is a sample in a log cut before that line.
void TestUnixPing::truncationKeepsEarlierReplies() {
    QFETCH(QString, log);
    const QByteArray bytes = readLog(log);
    const ImportResult full = test::parseBytes(bytes, log);
    QVERIFY(full.ok());
    const QString format = QString::fromLatin1(full.format->id);
    const LatencySeries& all = full.datasets.front().latency;

    QByteArray prefix;
    int replyLines = 0;
    const QList<QByteArray> lines = bytes.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray& line = lines[i];
        if (prefix.size() == bytes.size())
            break; // the split's empty piece after the final newline
        prefix += line + '\n';
        replyLines += isTimedReplyLine(line) ? 1 : 0;
        const bool damageFollows = isTimedReplyLine(line) && !line.contains("(BAD CHECKSUM!)") &&
                                   i + 1 < lines.size() &&
                                   lines[i + 1].startsWith("wrong data byte");
        const std::ptrdiff_t extra = damageFollows ? 1 : 0;
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
        QVERIFY2(static_cast<int>(part.size() + part.duplicateRttMs.size() +
                                  part.damagedRttMs.size()) == replyLines,
                 qPrintable(where));
        QVERIFY2(std::equal(part.rttMs.begin(), part.rttMs.end() - extra, all.rttMs.begin()),
                 qPrintable(where));
        QVERIFY2(
            std::equal(part.sequence.begin(), part.sequence.end() - extra, all.sequence.begin()),
            qPrintable(where));
        QVERIFY2(std::equal(part.damagedSequence.begin(), part.damagedSequence.end(),
                            all.damagedSequence.begin()),
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

void TestUnixPing::unreadableTimeIsParseError_data() {
    QTest::addColumn<QByteArray>("value");
    // Not a number, or a number cut out of something else: none of them is a time.
    for (const char* value : {"abc", "0.x7", "12abc", "1.2.3", "0.5x", "7-3", "4msec"})
        QTest::newRow(value) << QByteArray(value);
}

void TestUnixPing::unreadableTimeIsParseError() {
    QFETCH(QByteArray, value);
    // Line 5 of iputils_plain.txt is the reply to icmp_seq=4.
    const QByteArray bytes =
        withValue(readLog(QStringLiteral("iputils_plain.txt")), 5, "time=", value);
    const ImportResult result = test::parseBytes(bytes, QStringLiteral("bad-time.txt"));
    QCOMPARE(formatId(result), "ping/iputils");
    QCOMPARE(result.report.parseErrors.count(), 1);
    const ParseIssue& issue = result.report.parseErrors.kept().front();
    QCOMPARE(issue.line, 5);
    QVERIFY2(issue.text.contains("icmp_seq=4 ttl=64 time=" + value + " ms"),
             qPrintable(issue.text));
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

// A negative sequence number is no request's: the reply is a range error, and no request is
// listed as lost because of it.
void TestUnixPing::negativeSequenceIsRangeError() {
    const QByteArray log = readLog(QStringLiteral("iputils_truncated.txt"));
    const QByteArray bytes = withValue(log, 8, "icmp_seq=", "-3");
    const ImportResult result = test::parseBytes(bytes, QStringLiteral("bad-seq.txt"));
    QCOMPARE(result.report.rangeErrors.count(), 1);
    QCOMPARE(result.report.rangeErrors.kept().front().line, 8);
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(toList(series.sequence), range(1, 6));
    QCOMPARE(toList(series.lostSequence), Sequences{});
}

void TestUnixPing::wideSequencesKeepTheirReplies_data() {
    QTest::addColumn<QByteArrayList>("printed");
    QTest::addColumn<Sequences>("expected"); // sequence of each reply; -1: the one before
    QTest::addColumn<int>("wide");           // replies warned about as above 65535
    QTest::addColumn<int>("unplaced");       // replies whose number cannot be placed
    // A tool (or a merged log) that counts on past 65535: every reply is kept as printed.
    // One number far beyond them (by more than half the 16-bit range) is not believed.
    QTest::newRow("counting on") << QByteArrayList{"65533", "65534", "65535", "65536",
                                                   "65537", "65538", "65540", "200000"}
                                 << Sequences{65533, 65534, 65535, 65536, 65537, 65538, 65540, -1}
                                 << 4 << 1;
    // One damaged number far off the rest: its reply is kept, but it lists no losses.
    QTest::newRow("17 bits amid 16")
        << QByteArrayList{"1", "2", "65536", "4", "5"} << Sequences{1, 2, -1, 4, 5} << 0 << 1;
    QTest::newRow("32 bits amid 16")
        << QByteArrayList{"1", "2", "4000000000", "4", "5"} << Sequences{1, 2, -1, 4, 5} << 0 << 1;
    // Beyond 64 bits (2^64 + 1 and 10^23): never read as a smaller number.
    QTest::newRow("2^64+1") << QByteArrayList{"1", "18446744073709551617", "3"}
                            << Sequences{1, -1, 3} << 0 << 1;
    QTest::newRow("10^23") << QByteArrayList{"7", "8", "100000000000000000000000", "9"}
                           << Sequences{7, 8, -1, 9} << 0 << 1;
    QTest::newRow("first above 65535") << QByteArrayList{"100000", "100001", "100003"}
                                       << Sequences{100000, 100001, 100003} << 3 << 0;
}

// Replies whose sequence number is above 65535 or beyond 64 bits keep their round-trip times:
// the odd number is a warning (once, with a count), not a reason to drop the sample. Read the
// same through the line path, the plain-reply fast path and a block scan (big files).
void TestUnixPing::wideSequencesKeepTheirReplies() {
    QFETCH(QByteArrayList, printed);
    QFETCH(Sequences, expected);
    QFETCH(int, wide);
    QFETCH(int, unplaced);
    QByteArray bytes;
    std::vector<double> rtts;
    for (qsizetype i = 0; i < printed.size(); ++i) {
        const QByteArray time = QByteArray::number(0.101 + 0.01 * static_cast<double>(i), 'f', 3);
        rtts.push_back(time.toDouble());
        bytes +=
            "64 bytes from 198.18.20.2: icmp_seq=" + printed[i] + " ttl=64 time=" + time + " ms\n";
    }
    const ImportResult result = test::parseBytes(bytes, QStringLiteral("wide.txt"));
    QCOMPARE(formatId(result), "ping/iputils");
    QCOMPARE(result.report.rangeErrors.count(), 0);
    QCOMPARE(result.report.parseErrors.count(), 0);
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(series.rttMs, rtts);
    QCOMPARE(series.duplicateCount(), 0);
    Sequences placed = expected;
    for (qsizetype i = 0; i < placed.size(); ++i)
        if (placed[i] == -1)
            placed[i] = placed[i - 1];
    QCOMPARE(toList(series.sequence), placed);
    // Only numbers that continue the others speak for losses.
    Sequences lost;
    const Sequences numbers = toList(series.sequence);
    for (qint64 seq = numbers.front(); seq <= numbers.back(); ++seq)
        if (!numbers.contains(seq))
            lost.append(seq);
    QCOMPARE(toList(series.lostSequence), lost);
    int wideWarnings = 0;
    int unplacedWarnings = 0;
    for (const ParseIssue& issue : result.report.warnings.kept()) {
        if (issue.message.startsWith(QStringLiteral("%1 replies carry sequence numbers above "
                                                    "65535")
                                         .arg(wide)))
            ++wideWarnings;
        if (issue.message.startsWith(
                QStringLiteral("%1 replies carry sequence numbers beyond 64 bits").arg(unplaced)))
            ++unplacedWarnings;
    }
    QCOMPARE(wideWarnings, wide > 0 ? 1 : 0);
    QCOMPARE(unplacedWarnings, unplaced > 0 ? 1 : 0);

    // A block scan (what big files get) gives the same.
    IputilsPingParser scanned;
    const std::string_view whole(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    auto scan = scanned.scan(whole, nullptr);
    scanned.apply(whole, *scan);
    scanned.finish();
    QCOMPARE(scanned.datasets().front().latency.rttMs, series.rttMs);
    QCOMPARE(scanned.datasets().front().latency.sequence, series.sequence);
    QCOMPARE(scanned.report().warnings.count(), result.report.warnings.count());
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

void TestUnixPing::appendedRunsBecomeDatasets_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<qint64>("firstSequence");
    QTest::addColumn<QList<Sequences>>("lost");
    QTest::newRow("iputils") << QStringLiteral("iputils_appended.txt")
                             << QStringList{"198.18.20.2 run 1", "198.18.20.3 run 2",
                                            "198.18.20.2 2026-12-01 17:43:35", "198.18.20.3 run 4"}
                             << qint64{1} << QList<Sequences>{{}, {}, {}, {1, 9}};
    QTest::newRow("iputils | ts") << QStringLiteral("iputils_ts_appended.txt")
                                  << QStringList{"198.18.20.2 2026-12-01 17:47:08",
                                                 "198.18.20.3 2026-12-01 17:47:10"}
                                  << qint64{1} << QList<Sequences>{{}, {}};
    QTest::newRow("busybox") << QStringLiteral("busybox_appended.txt")
                             << QStringList{"198.51.100.23 run 1", "203.0.113.77 run 2"}
                             << qint64{0} << QList<Sequences>{{}, {1}};
    QTest::newRow("bsd") << QStringLiteral("bsd_appended.txt")
                         << QStringList{"example.net run 1", "198.51.100.9 run 2"} << qint64{0}
                         << QList<Sequences>{{2}, {}};
}

// `ping HOST >> log` again and again: each run is a dataset of its own, with its own replies,
// summary, losses and a label naming its target and start (or its number).
void TestUnixPing::appendedRunsBecomeDatasets() {
    QFETCH(QString, log);
    QFETCH(QStringList, labels);
    QFETCH(qint64, firstSequence);
    QFETCH(QList<Sequences>, lost);
    const QByteArray bytes = readLog(log);
    const ImportResult result = FileImporter::importFile(test::dataPath("ping/" + log));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.report.parseErrors.count(), 0);
    const QRegularExpression prefix(
        QStringLiteral("^(?<time>\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d) "));
    const QList<test::RegexRun> runs = test::readRuns(bytes, prefix, test::unixShape());
    QCOMPARE(result.datasets.size(), static_cast<std::size_t>(runs.size()));
    QCOMPARE(runs.size(), labels.size());
    const QString file = QFileInfo(log).completeBaseName();
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const Dataset& run = result.datasets[static_cast<std::size_t>(i)];
        test::compareRun(run, runs[i], QStringLiteral("run %1").arg(i + 1));
        QCOMPARE(run.label, file + QStringLiteral(" · ") + labels[i]);
        // Requests of the run that got no reply, from its count and the printed numbers.
        Sequences unanswered;
        for (qint64 seq = firstSequence; seq < firstSequence + *runs[i].transmitted; ++seq) {
            const bool replied =
                std::any_of(runs[i].replies.begin(), runs[i].replies.end(),
                            [seq](const test::RegexReply& r) { return r.sequence == seq; });
            if (!replied)
                unanswered.append(seq);
        }
        QCOMPARE(toList(run.latency.lostSequence), unanswered);
        QCOMPARE(toList(run.latency.lostSequence), lost[i]);
    }
}

void TestUnixPing::timePrefixesGiveReplyTimes_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<QString>("prefix");  // the time prefix as a regular expression
    QTest::addColumn<bool>("increments"); // ts -i: each prefix is the time since the line before
    QTest::newRow("ts") << QStringLiteral("iputils_ts.txt")
                        << QStringLiteral("(?<time>[A-Z][a-z]{2} \\d\\d \\d\\d:\\d\\d:\\d\\d) ")
                        << false;
    QTest::newRow("ts -s %.s") << QStringLiteral("iputils_ts_s_fraction.txt")
                               << QStringLiteral("(?<time>\\d+\\.\\d{6}) ") << false;
    QTest::newRow("ts -i") << QStringLiteral("iputils_ts_i.txt")
                           << QStringLiteral("(?<time>\\d\\d:\\d\\d:\\d\\d) ") << true;
    QTest::newRow("ts %Y-%m-%d %H:%M:%.S")
        << QStringLiteral("iputils_ts_iso_fraction.txt")
        << QStringLiteral("(?<time>\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d+) ") << false;
    QTest::newRow("ts %.s") << QStringLiteral("iputils_ts_epoch.txt")
                            << QStringLiteral("(?<time>\\d{10}\\.\\d{6}) ") << false;
    QTest::newRow("date -Is") << QStringLiteral("iputils_date_is.txt")
                              << QStringLiteral(
                                     "(?<time>\\d{4}-\\d\\d-\\d\\dT[\\d:]+[+-]\\d\\d:\\d\\d) ")
                              << false;
}

// `ping | ts`, `ts -s`, `ts -i`, `ts '%.s'` and a `date -Is` loop: the prefix is each reply's
// time (a time axis as with -D), the summary is read as without it (the year of a prefix is no
// transmitted count), and the log is still detected as iputils.
void TestUnixPing::timePrefixesGiveReplyTimes() {
    QFETCH(QString, log);
    QFETCH(QString, prefix);
    QFETCH(bool, increments);
    const QByteArray bytes = readLog(log);
    const ImportResult result = FileImporter::importFile(test::dataPath("ping/" + log));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(formatId(result), "ping/iputils");
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.ignoredLines, 0);
    QCOMPARE(result.datasets.size(), std::size_t{1});
    QList<test::RegexRun> runs =
        test::readRuns(bytes, QRegularExpression(QLatin1Char('^') + prefix), test::unixShape());
    QCOMPARE(runs.size(), 1);
    if (increments) {
        // Every line's prefix, replies or not, adds to the time of the lines after it.
        const QRegularExpression any(QLatin1Char('^') + prefix);
        double elapsed = 0;
        qsizetype reply = 0;
        for (const QByteArray& line : bytes.split('\n')) {
            const auto m = any.match(QString::fromUtf8(line));
            if (!m.hasMatch())
                continue;
            elapsed += test::prefixSeconds(m.captured(QStringLiteral("time")));
            if (line.contains(" bytes from "))
                runs[0].replies[reply++].time = elapsed;
        }
        QCOMPARE(reply, runs[0].replies.size());
    }
    const Dataset& dataset = result.datasets.front();
    test::compareRun(dataset, runs.front(), log);
    QVERIFY(dataset.latency.lostSequence.empty());
    QVERIFY(dataset.latency.hasTimestamps());
    // Dated prefixes give epoch times; the reply's time is its prefix.
    const double first = runs.front().replies.front().time;
    if (first > 1e9)
        QVERIFY(std::abs(dataset.latency.timestamps.front() - first) < 1e-6);
    // A prefixed log reads like the same log without prefixes, apart from the times.
    QByteArray plain;
    const QRegularExpression strip(QLatin1Char('^') + prefix);
    for (const QByteArray& line : bytes.split('\n'))
        plain += QString::fromUtf8(line).remove(strip).toUtf8() + '\n';
    ImportResult unprefixed = test::parseBytes(plain.chopped(1), log);
    QCOMPARE(unprefixed.datasets.front().latency.rttMs, dataset.latency.rttMs);
    QCOMPARE(unprefixed.datasets.front().latency.sequence, dataset.latency.sequence);
    QCOMPARE(unprefixed.datasets.front().info.target, dataset.info.target);
}

// A run numbered from 65530 on, wrapping after 65535, with its header and a summary that counts
// 12 sent and 12 received: nothing is lost, and no number before its first is listed as lost.
void TestUnixPing::runStartingAt65530LosesNothing() {
    const ImportResult result =
        FileImporter::importFile(test::dataPath(QStringLiteral("ping/iputils_seq_65530_wrap.txt")));
    QVERIFY(result.ok());
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(toList(series.sequence), range(65530, 65541));
    QCOMPARE(toList(series.lostSequence), Sequences{});
    const LatencyReport report = reportOf(result);
    QCOMPARE(report.lossPercent.value_or(-1), 0.0);
    QCOMPARE(report.analysis->loss.burstCount, 0);
    QCOMPARE(report.analysis->loss.lost, 0);
}

// The summary says 0 % loss, but its counts say 10 sent and 8 received, and the replies show
// which two were lost: the loss is 20 %, from what was sent and answered, with a warning.
void TestUnixPing::lossComesFromTheCounts() {
    const QString path =
        test::dataPath(QStringLiteral("ping/iputils_summary_percent_disagrees.txt"));
    const ImportResult result = FileImporter::importFile(path);
    QVERIFY(result.ok());
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(toList(series.lostSequence), (Sequences{4, 7}));
    const LatencyReport report = reportOf(result);
    QCOMPARE(report.lossPercent.value_or(-1), 20.0);
    QCOMPARE(report.analysis->loss.lost, 2);
    const auto& warnings = result.report.warnings.kept();
    QVERIFY(std::any_of(warnings.begin(), warnings.end(), [](const ParseIssue& issue) {
        return issue.message.startsWith(QStringLiteral("the summary says 0 % packet loss"));
    }));

    // Replies missing from the log while the counts say all were answered (10 of 10): the
    // counts give the loss (0 %), the gaps between numbers are no losses, and a warning says
    // that the log and its summary disagree.
    QByteArray bytes = test::readAll(path);
    bytes.replace("10 packets transmitted, 8 received", "10 packets transmitted, 10 received");
    const ImportResult counted = test::parseBytes(bytes, QStringLiteral("missing.txt"));
    QCOMPARE(toList(counted.datasets.front().latency.lostSequence), Sequences{});
    const LatencyReport all = reportOf(counted);
    QCOMPARE(all.lossPercent.value_or(-1), 0.0);
    const auto& countedWarnings = counted.report.warnings.kept();
    QVERIFY(std::any_of(countedWarnings.begin(), countedWarnings.end(), [](const ParseIssue& i) {
        return i.message.startsWith(
            QStringLiteral("the summary counts 10 replies received, but the log shows 8"));
    }));
}

// A -D clock set back by 3.5 s in the middle of a run: every reply is kept, the times are not
// (they would put later replies before earlier ones, and the views over time drew nothing),
// the run is windowed by sequence number, and a warning says where the clock stepped back.
void TestUnixPing::clockSteppingBackIsWarned() {
    const QString log = QStringLiteral("iputils_D_clock_back.txt");
    const ImportResult result = FileImporter::importFile(test::dataPath("ping/" + log));
    QVERIFY(result.ok());
    const LatencySeries& series = result.datasets.front().latency;
    const QRegularExpression stamp(QStringLiteral("^\\[(\\d+\\.\\d+)\\] .*time=([\\d.]+) ms"));
    std::vector<double> times;
    std::vector<double> rtts;
    for (const QByteArray& line : readLog(log).split('\n')) {
        const auto m = stamp.match(QString::fromUtf8(line));
        if (m.hasMatch()) {
            times.push_back(m.captured(1).toDouble());
            rtts.push_back(m.captured(2).toDouble());
        }
    }
    QCOMPARE(series.rttMs, rtts);
    QVERIFY(times.size() == 10 && times[5] < times[4]);
    QVERIFY(!series.hasTimestamps());
    QCOMPARE(toList(series.sequence), range(1, 10));
    // Windows of the bands plot cover every reply, in order, with finite centres.
    const std::vector<PercentileWindow> windows = WindowedPercentiles::of(series, 3);
    QCOMPARE(windows.size(), std::size_t{4});
    for (std::size_t i = 0; i < windows.size(); ++i) {
        QCOMPARE(windows[i].firstReply, i * 3);
        QVERIFY(std::isfinite(windows[i].sequenceCentre) && std::isfinite(windows[i].p50));
        QVERIFY(i == 0 || windows[i].sequenceCentre > windows[i - 1].sequenceCentre);
    }
    const auto& warnings = result.report.warnings.kept();
    QVERIFY(std::any_of(warnings.begin(), warnings.end(), [](const ParseIssue& issue) {
        return issue.message.startsWith(QStringLiteral("the reply times step backwards 1 times "
                                                       "(first at the reply to sequence number "
                                                       "6, by up to 3.2"));
    }));
}

void TestUnixPing::clockSteppingBackStillPlots_data() {
    QTest::addColumn<QString>("type");
    QTest::newRow("timeline") << QStringLiteral("timeline");
    QTest::newRow("bands") << QStringLiteral("bands");
}

// `wirebench-cli plot` of RTT over time (timeline, and the percentile bands per window) of a log
// whose -D clock stepped back draws every reply, as the same log without -D stamps does: by
// sequence number (the bands plot was empty, with exit status 0).
void TestUnixPing::clockSteppingBackStillPlots() {
    QFETCH(QString, type);
    const QByteArray log = readLog(QStringLiteral("iputils_D_clock_back.txt"));
    const QByteArray unstamped =
        QString::fromUtf8(log)
            .remove(QRegularExpression(QStringLiteral("(?m)^\\[[\\d.]+\\] ")))
            .toUtf8();
    QVERIFY(!unstamped.contains('['));
    QTemporaryDir stamped;
    QTemporaryDir plain;
    const QString name = QStringLiteral("clock.txt");
    const auto plot = [&](const QTemporaryDir& dir, const QByteArray& bytes) {
        const QString path = test::writeTestFile(dir.path(), name, bytes);
        const QString out = dir.filePath(QStringLiteral("plot.svg"));
        const test::CliRun run = test::runCli({"plot", "--type", type, "-o", out, path});
        return std::make_pair(run, test::readAll(out));
    };
    const auto [run, svg] = plot(stamped, log);
    const auto [plainRun, plainSvg] = plot(plain, unstamped);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains(QStringLiteral("step backwards")), qPrintable(run.err));
    QCOMPARE(plainRun.exitCode, 0);
    QVERIFY(svg.size() > 1000);
    QCOMPARE(svg, plainSvg);
}

void TestUnixPing::prefixFormsReadTheirTimes_data() {
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<double>("seconds");  // NaN: no prefix
    QTest::addColumn<QByteArray>("text"); // the line after the prefix
    const auto utc = [](int y, int mo, int d, int h, int mi, int s) {
        return static_cast<double>(
            QDateTime(QDate(y, mo, d), QTime(h, mi, s), QTimeZone::utc()).toSecsSinceEpoch());
    };
    const double none = std::nan("");
    const QByteArray reply = "64 bytes from 198.18.0.1: icmp_seq=1 ttl=64 time=0.1 ms";
    QTest::newRow("date -Is +05:30")
        << "2026-12-01T23:08:01+05:30 " + reply << utc(2026, 12, 1, 17, 38, 1) << reply;
    QTest::newRow("date -Is -0800")
        << "2026-12-01T23:08:01-0800 " + reply << utc(2026, 12, 2, 7, 8, 1) << reply;
    QTest::newRow("Z") << "2026-12-01T23:08:01Z " + reply << utc(2026, 12, 1, 23, 8, 1) << reply;
    QTest::newRow("date -Ins") << "2026-12-01T23:08:01,250000000+00:00 " + reply
                               << utc(2026, 12, 1, 23, 8, 1) + 0.25 << reply;
    QTest::newRow("Get-Date en-US PM")
        << "12/1/2026 5:45:03 PM - " + reply << utc(2026, 12, 1, 17, 45, 3) << reply;
    QTest::newRow("Get-Date en-US 12 AM")
        << "12/1/2026 12:05:00 AM - " + reply << utc(2026, 12, 1, 0, 5, 0) << reply;
    QTest::newRow("Get-Date de-DE")
        << "01.12.2026 17:45:03 " + reply << utc(2026, 12, 1, 17, 45, 3) << reply;
    QTest::newRow("yyyy/MM/dd") << "2026/12/01 17:45:03: " + reply << utc(2026, 12, 1, 17, 45, 3)
                                << reply;
    QTest::newRow("ts %s") << "1796147015 " + reply << 1796147015.0 << reply;
    QTest::newRow("indented reply kept")
        << QByteArray("00:00:02  Reply from x") << 2.0 << QByteArray(" Reply from x");
    QTest::newRow("ping's own line") << reply << none << reply;
    QTest::newRow("fping -s statistic") << QByteArray("12.345 ms (min round trip time)") << none
                                        << QByteArray("12.345 ms (min round trip time)");
    QTest::newRow("summary count") << QByteArray("10 packets transmitted, 10 received") << none
                                   << QByteArray("10 packets transmitted, 10 received");
    QTest::newRow("Windows month word")
        << QByteArray("Minimum = 1ms") << none << QByteArray("Minimum = 1ms");
    // iperf3 --timestamps: strftime %c, and a FORMAT of the user's printed without a separator.
    const QByteArray result = "[  5]   0.00-1.00   sec  19.3 MBytes   162 Mbits/sec";
    QTest::newRow("iperf3 --timestamps %c")
        << "Sun Dec  6 17:35:30 2026 " + result << utc(2026, 12, 6, 17, 35, 30) << result;
    QTest::newRow("iperf3 --timestamps=%s") << "1796578532" + result << 1796578532.0 << result;
    QTest::newRow("--timestamps=%s before a word")
        << QByteArray("1796578532Connecting to host") << 1796578532.0
        << QByteArray("Connecting to host");
    QTest::newRow("--timestamps=%s before - - -")
        << QByteArray("1796578534- - - - -") << 1796578534.0 << QByteArray("- - - - -");
    QTest::newRow("--timestamps='%F %T'")
        << "2026-12-06 17:35:37" + result << utc(2026, 12, 6, 17, 35, 37) << result;
    QTest::newRow("date with its zone") << QByteArray("Sun Dec  6 17:56:39 UTC 2026")
                                        << utc(2026, 12, 6, 17, 56, 39) << QByteArray();
    QTest::newRow("ts %Y-%m-%dT%H:%M:%.S")
        << QByteArray("2026-12-06T17:56:36.736697 State Recv-Q")
        << utc(2026, 12, 6, 17, 56, 36) + 0.736697 << QByteArray("State Recv-Q");
    QTest::newRow("weekday without a year")
        << QByteArray("Sun Dec  6 17:35:30 x") << none << QByteArray("Sun Dec  6 17:35:30 x");
    QTest::newRow("a number glued to a word")
        << QByteArray("12345678s") << none << QByteArray("12345678s");
}

// Each prefix form reads as the time QDateTime gives for it, and leaves the tool's line as it
// was; a line of the tool's own that starts with a number is no prefix.
void TestUnixPing::prefixFormsReadTheirTimes() {
    QFETCH(QByteArray, line);
    QFETCH(double, seconds);
    QFETCH(QByteArray, text);
    LinePrefixReader reader;
    const LinePrefixReader::Line read =
        reader.read(std::string_view(line.constData(), static_cast<std::size_t>(line.size())));
    QCOMPARE(QByteArray(read.text.data(), static_cast<qsizetype>(read.text.size())), text);
    if (std::isnan(seconds))
        QVERIFY(std::isnan(read.time));
    else
        QCOMPARE(read.time, seconds);
    // Only a prefix of a year (or epoch seconds) dates the line.
    const bool dated = !std::isnan(seconds) && !line.startsWith("00:00");
    QCOMPARE(read.dated, dated);
    QCOMPARE(LinePrefixReader::dateOf(read).isValid(), dated);
}

// `ts` without a date over midnight, a year-less `ts` prefix from December into January, and a
// transcript's start time giving the year.
void TestUnixPing::prefixClocksPassMidnightAndNewYear() {
    const auto timeOf = [](LinePrefixReader& reader, const char* line) {
        return reader.read(line).time;
    };
    LinePrefixReader clock;
    QCOMPARE(timeOf(clock, "23:59:59 a"), 86399.0);
    QCOMPARE(timeOf(clock, "00:00:01 b"), 86401.0);
    QVERIFY(!clock.incremental());
    // A time of day set back by a second is a clock stepping back, not `ts -i` increments.
    LinePrefixReader setBack;
    QCOMPARE(timeOf(setBack, "17:43:37 a"), 63817.0);
    QCOMPARE(timeOf(setBack, "17:43:36 b"), 63816.0);
    QVERIFY(!setBack.incremental());
    LinePrefixReader increments;
    timeOf(increments, "00:00:00 a");
    timeOf(increments, "00:00:01 b");
    timeOf(increments, "00:00:00 c");
    QVERIFY(increments.incremental());
    LinePrefixReader syslog;
    const double december = timeOf(syslog, "Dec 31 23:59:59 a");
    QCOMPARE(timeOf(syslog, "Jan 01 00:00:01 b") - december, 2.0);
    LinePrefixReader transcript;
    for (const char* framing :
         {"**********************", "Windows PowerShell transcript start",
          "Start time: 20231129230801", "Machine: LAB (Microsoft Windows)",
          "**********************", "Transcript started, output file is C:\\p.txt",
          "PS C:\\Users\\me> ping -n 2 h"})
        QVERIFY2(transcript.read(framing).framing, framing);
    QCOMPARE(
        timeOf(transcript, "Nov 29 23:08:01 x"),
        static_cast<double>(
            QDateTime(QDate(2023, 11, 29), QTime(23, 8, 1), QTimeZone::utc()).toSecsSinceEpoch()));
    QVERIFY(!transcript.read("Reply from h: bytes=32 time=1ms TTL=64").framing);
}

// ts -i, ts -s and absolute '%.s' told apart (LinePrefixReader's header): epoch seconds are
// dated; durations are not, and are increments once they fall back, timed by their sum from
// then on. The lines are from tests/data/ss/ts-*.ss.log.
void TestUnixPing::prefixDurationsToldFromTimes() {
    LinePrefixReader absolute;
    const LinePrefixReader::Line epoch = absolute.read("1796591395.136613 a");
    QVERIFY(epoch.dated);
    QCOMPARE(epoch.time, 1796591395.136613);

    LinePrefixReader sinceStart; // ts -s '%.s': grows, not dated
    for (const char* line : {"0.189446 State", "0.445947 State", "0.446017 ESTAB"}) {
        const LinePrefixReader::Line read = sinceStart.read(line);
        QVERIFY(!read.dated);
        QCOMPARE(read.time, std::strtod(line, nullptr));
    }
    QVERIFY(!sinceStart.incremental());

    LinePrefixReader sinceLine; // ts -i '%.s': falls back at the third line
    QCOMPARE(sinceLine.read("0.177451 State").time, 0.177451);
    QCOMPARE(sinceLine.read("0.264167 State").time, 0.264167); // not yet known as increments
    const LinePrefixReader::Line third = sinceLine.read("0.000083 ESTAB");
    QVERIFY(sinceLine.incremental());
    QVERIFY(!third.dated);
    QCOMPARE(third.time, 0.177451 + 0.264167 + 0.000083);
    QCOMPARE(third.elapsedSum, third.time);
    QCOMPARE(sinceLine.read("0.304808 State").time, 0.177451 + 0.264167 + 0.000083 + 0.304808);

    LinePrefixReader clockIncrements; // ts -i '%.T'
    clockIncrements.read("00:00:00.189446 State");
    clockIncrements.read("00:00:00.256501 State");
    QCOMPARE(clockIncrements.read("00:00:00.000070 ESTAB").time, 0.189446 + 0.256501 + 0.000070);
    QVERIFY(clockIncrements.incremental());
}

// QJump's 5000-reply ping with a fifth of its reply lines cut short at four places (before
// "ttl=", inside it, inside "time=", after "time="): each is a damaged line, counted as a
// parse error with its real reason, neither a sample nor a loss; the replies left are read as
// they were. A reply too small to carry a time (16 bytes) stays a warning.
void TestUnixPing::repliesCutShortAreDamagedLines() {
    QFile file(test::samplePath("ping18_np"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QByteArray cut;
    int replies = 0;
    int damaged = 0;
    for (const QByteArray& line : lines) {
        if (!line.contains(" bytes from ")) {
            cut += line + '\n';
            continue;
        }
        ++replies;
        if (replies % 5 == 0) {
            ++damaged;
            const char* keys[] = {" ttl=", "ttl=6", "time=0", " ms"};
            const QByteArray key = keys[(replies / 5) % 4];
            cut += line.left(line.indexOf(key) + key.size() - 1) + '\n';
        } else {
            cut += line + '\n';
        }
    }
    QCOMPARE(replies, 5000);
    cut += "8 bytes from 198.18.0.208: icmp_seq=5001 ttl=64\n";
    const ImportResult result = FileImporter::importBytes(cut.toStdString(), "cut.txt");
    QVERIFY(result.ok());
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(static_cast<int>(series.size()), replies - damaged);
    QCOMPARE(result.report.parseErrors.count(), static_cast<std::int64_t>(damaged));
    for (const ParseIssue& issue : result.report.parseErrors.kept())
        QVERIFY2(issue.message.startsWith("reply cut short"), qPrintable(issue.message));
    QVERIFY(series.lostSequence.empty());
    QStringList warnings;
    for (const ParseIssue& issue : result.report.warnings.kept())
        warnings << issue.message;
    QVERIFY2(warnings.filter("payload too small").size() == 1, qPrintable(warnings.join('\n')));
}

void TestUnixPing::damagedRepliesAgreeWithTheLog_data() {
    QTest::addColumn<QString>("log");
    QTest::newRow("wrong data (20221126)") << QStringLiteral("iputils_damaged.txt");
    QTest::newRow("bad checksum (20240905)") << QStringLiteral("iputils_bad_checksum.txt");
}

// The recorded logs read by a regular expression, line by line: a reply marked
// "(BAD CHECKSUM!)" or followed by a "wrong data byte" line is damaged, any other reply is a
// sample; the hex dump lines after "wrong data byte" are neither errors nor ignored lines.
void TestUnixPing::damagedRepliesAgreeWithTheLog() {
    QFETCH(QString, log);
    const QList<QByteArray> lines = readLog(log).split('\n');
    static const QRegularExpression reply(
        QStringLiteral(R"(^\d+ bytes from (\S+): icmp_seq=(\d+) ttl=\d+ time=([0-9.]+) ms(.*)$)"));
    static const QRegularExpression dump(QStringLiteral(R"(^#\d+\t([0-9a-f]{1,2} )+$)"));
    std::vector<std::int64_t> okSequence, damagedSequence;
    std::vector<double> okRtt, damagedRtt;
    std::int64_t badChecksums = 0, otherAddresses = 0, dumpLines = 0;
    std::set<std::int64_t> answered;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = QString::fromLatin1(lines[i]);
        dumpLines += dump.match(line).hasMatch() ? 1 : 0;
        const QRegularExpressionMatch m = reply.match(line);
        if (!m.hasMatch())
            continue;
        const std::int64_t sequence = m.captured(2).toLongLong();
        const double rtt = m.captured(3).toDouble();
        const bool bad = m.captured(4).contains(QLatin1String("(BAD CHECKSUM!)"));
        const bool wrongData = i + 1 < lines.size() && lines[i + 1].startsWith("wrong data byte #");
        badChecksums += bad ? 1 : 0;
        otherAddresses += !bad && m.captured(4).contains(QLatin1String("(DIFFERENT ADDRESS!)"));
        if (!bad)
            answered.insert(sequence);
        (bad || wrongData ? damagedSequence : okSequence).push_back(sequence);
        (bad || wrongData ? damagedRtt : okRtt).push_back(rtt);
    }
    QVERIFY(!damagedSequence.empty() && !okSequence.empty());
    QVERIFY(dumpLines >= 2 * static_cast<std::int64_t>(damagedSequence.size()) - badChecksums);

    const ImportResult result = FileImporter::importFile(test::dataPath("ping/" + log));
    QVERIFY2(result.ok(), qPrintable(result.error));
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(series.sequence, okSequence);
    QCOMPARE(series.rttMs, okRtt);
    QCOMPARE(series.damagedSequence, damagedSequence);
    QCOMPARE(series.damagedRttMs, damagedRtt);
    QVERIFY(series.duplicateRttMs.empty());
    std::vector<std::int64_t> lost;
    for (std::int64_t sequence = 1; sequence <= *series.summary.transmitted; ++sequence)
        if (!answered.count(sequence))
            lost.push_back(sequence);
    QCOMPARE(series.lostSequence, lost);
    QCOMPARE(series.summary.corrupted.value_or(0), badChecksums);
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.ignoredLines, std::int64_t{0});
    QCOMPARE(result.report.samples, static_cast<std::int64_t>(okSequence.size()));

    // The statistics are those of the samples alone.
    const LatencyReport report = reportOf(result);
    QCOMPARE(report.stats().count, static_cast<std::int64_t>(okRtt.size()));
    QCOMPARE(report.stats().min, *std::min_element(okRtt.begin(), okRtt.end()));
    QCOMPARE(report.stats().max, *std::max_element(okRtt.begin(), okRtt.end()));
    QCOMPARE(report.damaged, static_cast<std::int64_t>(damagedSequence.size()));
    QCOMPARE(report.toJson().value(QLatin1String("damaged")).toInteger(), report.damaged);

    QStringList warnings;
    for (const ParseIssue& issue : result.report.warnings.kept())
        warnings << issue.message;
    const QString counts =
        QStringLiteral("%1 replies arrived damaged (%2 with a bad checksum, %3 "
                       "with wrong data bytes, 0 truncated)")
            .arg(damagedSequence.size())
            .arg(badChecksums)
            .arg(static_cast<std::int64_t>(damagedSequence.size()) - badChecksums);
    QVERIFY2(warnings.filter(counts).size() == 1, qPrintable(warnings.join('\n')));
    QVERIFY2(
        warnings.filter(QStringLiteral("%1 replies came from another address").arg(otherAddresses))
                .size() == 1,
        qPrintable(warnings.join('\n')));
    QVERIFY2(warnings.filter("corrupted").isEmpty(), qPrintable(warnings.join('\n')));
}

// Forms the recordings do not show, after the printf calls of the pings' sources: iputils'
// "(truncated)" reply (no time), a duplicate with wrong data, a -D stamped reply with wrong
// data (the times stay one per sample), BSD's dump lines (a tab, no "#N"), FreeBSD's
// "wrong total length" with "cp:"/"dp:" dumps, a summary whose "+N corrupted" disagrees, and
// a "wrong data byte" line with no reply before it.
void TestUnixPing::damagedReplyFormsOfOtherPings() {
    const std::string iputils =
        "PING 198.18.36.2 (198.18.36.2) 56(84) bytes of data.\n"
        "[1796590541.100000] 64 bytes from 198.18.36.2: icmp_seq=1 ttl=64 time=0.051 ms\n"
        "[1796590541.200000] 64 bytes from 198.18.36.2: icmp_seq=2 ttl=64 time=0.052 ms\n"
        "wrong data byte #40 should be 0x28 but was 0xee\n"
        "#16\t10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f 20 21 22 23 24 25 26 27 ee 29 2a "
        "2b 2c 2d 2e 2f \n"
        "#48\t30 31 32 33 34 35 36 37 \n"
        "[1796590541.300000] 64 bytes from 198.18.36.2: icmp_seq=2 ttl=64 time=0.053 ms (DUP!)\n"
        "wrong data byte #40 should be 0x28 but was 0xee\n"
        "#16\t10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f 20 21 22 23 24 25 26 27 ee 29 2a "
        "2b 2c 2d 2e 2f \n"
        "#48\t30 31 32 33 34 35 36 37 \n"
        "[1796590541.400000] 36 bytes from 198.18.36.2: icmp_seq=3 ttl=64 (truncated)\n"
        "[1796590541.500000] 64 bytes from 198.18.36.2: icmp_seq=4 ttl=64 time=0.054 ms\n"
        "\n--- 198.18.36.2 ping statistics ---\n"
        "4 packets transmitted, 4 received, +1 duplicates, +2 corrupted, 0% packet loss, "
        "time 400ms\n"
        "wrong data byte #40 should be 0x28 but was 0xee\n";
    const ImportResult linux = FileImporter::importBytes(iputils, "iputils.txt");
    QVERIFY(linux.ok());
    const LatencySeries& run = linux.datasets.front().latency;
    QCOMPARE(run.sequence, (std::vector<std::int64_t>{1, 4}));
    QCOMPARE(run.rttMs, (std::vector<double>{0.051, 0.054}));
    QCOMPARE(run.timestamps, (std::vector<double>{1796590541.1, 1796590541.5}));
    QCOMPARE(run.damagedSequence, (std::vector<std::int64_t>{2, 2, 3}));
    QCOMPARE(run.damagedRttMs.size(), std::size_t{3});
    QCOMPARE(run.damagedRttMs[0], 0.052);
    QCOMPARE(run.damagedRttMs[1], 0.053);
    QVERIFY(std::isnan(run.damagedRttMs[2]));
    QVERIFY(run.duplicateRttMs.empty());
    QVERIFY(run.lostSequence.empty()); // all but the bad checksums count as answers
    QCOMPARE(linux.report.samples, std::int64_t{2});
    QCOMPARE(linux.report.parseErrors.count(), 0);
    QCOMPARE(linux.report.ignoredLines, std::int64_t{0});
    QStringList warnings;
    for (const ParseIssue& issue : linux.report.warnings.kept())
        warnings << issue.message;
    QVERIFY2(warnings.filter("3 replies arrived damaged (0 with a bad checksum, 2 with wrong "
                             "data bytes, 1 truncated)")
                     .size() == 1,
             qPrintable(warnings.join('\n')));
    QVERIFY2(
        warnings.filter("the summary counts 2 corrupted replies, but the log shows 0").size() == 1,
        qPrintable(warnings.join('\n')));
    QVERIFY2(warnings.filter("without its reply on the line before").size() == 1,
             qPrintable(warnings.join('\n')));

    const std::string bsd = "PING 198.51.100.7 (198.51.100.7): 56 data bytes\n"
                            "64 bytes from 198.51.100.7: icmp_seq=0 ttl=64 time=0.412 ms\n"
                            "64 bytes from 198.51.100.7: icmp_seq=1 ttl=64 time=0.398 ms\n"
                            "wrong data byte #40 should be 0x28 but was 0xee\n"
                            "\t8 9 a b c d e f 10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f "
                            "20 21 22 23 24 25 26 27 \n"
                            "\tee 29 2a 2b 2c 2d 2e 2f 30 31 32 33 34 35 36 37 \n"
                            "64 bytes from 198.51.100.7: icmp_seq=2 ttl=64 time=0.405 ms\n"
                            "wrong total length 60 instead of 64\n"
                            "wrong data byte #52 should be 0x34 but was 0x0\n"
                            "cp: 0 0 0 0 0 0 0 0 \n"
                            "\t 8  9  a  b  c  d  e  f 10 11 12 13 14 15 16 17 \n"
                            "dp: 0 0 0 0 0 0 0 0 \n"
                            "\t 8  9  a  b  c  d  e  f 10 11 12 13 14 15 16 17 \n"
                            "64 bytes from 198.51.100.7: icmp_seq=3 ttl=64 time=0.401 ms\n"
                            "\n--- 198.51.100.7 ping statistics ---\n"
                            "4 packets transmitted, 4 packets received, 0.0% packet loss\n"
                            "round-trip min/avg/max/stddev = 0.398/0.404/0.412/0.005 ms\n";
    const ImportResult macos = FileImporter::importBytes(bsd, "bsd.txt");
    QVERIFY(macos.ok());
    QCOMPARE(formatId(macos), "ping/bsd");
    const LatencySeries& bsdRun = macos.datasets.front().latency;
    QCOMPARE(bsdRun.sequence, (std::vector<std::int64_t>{0, 3}));
    QCOMPARE(bsdRun.damagedSequence, (std::vector<std::int64_t>{1, 2}));
    QCOMPARE(bsdRun.damagedRttMs, (std::vector<double>{0.398, 0.405}));
    QVERIFY(bsdRun.lostSequence.empty());
    QCOMPARE(macos.report.ignoredLines, std::int64_t{0});
    QCOMPARE(macos.report.parseErrors.count(), 0);
}

QTEST_APPLESS_MAIN(TestUnixPing)
#include "tst_unixping.moc"
