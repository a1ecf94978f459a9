#include "ParserTestSupport.h"
#include "PingLogReading.h"
#include "TestSupport.h"
#include "parse/FormatRegistry.h"
#include "parse/WindowsPingParser.h"

#include <QDir>
#include <QRegularExpression>
#include <QTest>

#include <optional>
#include <vector>

using namespace wb;

namespace {

// What a hand-written log in tests/data/ping must give; the numbers in each file differ so a
// parser that mixes up fields or counts cannot pass by accident.
struct Summary {
    double sent, received, lossPercent, min, max, avg; // Windows' order: min, max, avg
};

struct WindowsCase {
    const char* file;
    const char* target;
    std::vector<double> rtt;
    std::vector<std::int64_t> sequence;
    std::vector<std::int64_t> lost;   // timeouts
    std::vector<std::int64_t> errors; // ICMP errors and local failures
    Summary summary;
    int belowResolution; // replies printed as `time<1ms`
    std::int64_t ignoredLines;
};

const std::vector<WindowsCase>& cases() {
    // clang-format off
    static const std::vector<WindowsCase> table = {
        {"windows_en_timeout_lt1ms.txt", "gateway.example",
         {3, 0, 12, 0, 7, 0, 25}, {1, 2, 4, 5, 6, 8, 10}, {3, 9}, {7},
         {10, 8, 20, 0, 25, 6}, 3, 0},
        {"windows_en_errors.txt", "10.20.30.40",
         {5, 6}, {1, 6}, {5}, {2, 3, 4},
         {6, 3, 50, 5, 6, 5}, 0, 5},
        {"windows_de_ipv6.txt", "server.example.de",
         {14, 9, 22, 10}, {1, 2, 4, 5}, {3}, {},
         {5, 4, 20, 9, 22, 13}, 0, 0},
        {"windows_ru.txt", "192.0.2.80",
         {28, 31, 44, 29}, {1, 2, 4, 5}, {3}, {},
         {5, 4, 20, 28, 44, 33}, 0, 0},
        {"windows_ja.txt", "example.jp",
         {18, 16, 21, 17, 30}, {1, 2, 3, 5, 6}, {4}, {},
         {6, 5, 16, 16, 30, 20}, 0, 0},
        {"windows_pl_lossy.txt", "files.example.pl",
         {57, 63, 59, 71}, {1, 3, 4, 8}, {2, 5, 6}, {7},
         {8, 5, 37, 57, 71, 62}, 0, 0},
        {"windows_zh_tw.txt", "lab-host.lan",
         {0, 2, 0, 1}, {1, 2, 3, 5}, {4}, {},
         {5, 4, 20, 0, 2, 0}, 2, 0},
        {"windows_fr.txt", "192.0.2.140",
         {6, 8, 7}, {1, 2, 4}, {3}, {},
         {4, 3, 25, 6, 8, 7}, 0, 0},
    };
    // clang-format on
    return table;
}

QString casePath(const WindowsCase& c) {
    return QStringLiteral(WIREBENCH_TEST_DATA_DIR "/ping/") + QLatin1String(c.file);
}

ImportResult parseText(const QByteArray& text) {
    return test::parseBytes(text, QStringLiteral("inline.txt"), 1 << 20,
                            QStringLiteral("ping/windows"));
}

// Where the value of the last round-trip token before `end` starts (just after `=`/`<`).
qsizetype lastTimeValue(const QByteArray& log, qsizetype end) {
    for (qsizetype at = end; at-- > 0;) {
        if (log[at] != '=' && log[at] != '<')
            continue;
        qsizetype digits = at + 1;
        while (digits < end && log[digits] == ' ')
            ++digits;
        qsizetype unit = digits;
        while (unit < end && log[unit] >= '0' && log[unit] <= '9')
            ++unit;
        if (unit < end && log[unit] == ' ')
            ++unit;
        const QByteArray tail = log.mid(unit, 4);
        if (unit > digits && (tail.startsWith("ms") || tail == "\xD0\xBC\xD1\x81"))
            return at + 1;
    }
    return -1;
}

void addCaseRows() {
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < cases().size(); ++i)
        QTest::newRow(cases()[i].file) << static_cast<int>(i);
}

} // namespace

class TestWindowsPing : public QObject {
    Q_OBJECT

private slots:
    void parsesEachLanguage_data() { addCaseRows(); }
    void parsesEachLanguage();
    void matchesGoldenFile_data() { addCaseRows(); }
    void matchesGoldenFile();
    void chunkSizeIsInvisible_data() { addCaseRows(); }
    void chunkSizeIsInvisible();
    void crlfIsInvisible_data() { addCaseRows(); }
    void crlfIsInvisible();
    void truncatedLogKeepsReplies_data() { addCaseRows(); }
    void truncatedLogKeepsReplies();
    void unreadableAndOutOfRangeReplies();
    void headerlessLogStillNumbersRequests();
    void tenMillisecondResolution();
    void controlBreakInterimStatistics();
    void summaryDisagreeingWithRequestsWarns();
    void sniffLeavesOtherFormatsAlone();
    void corpus();
    void appendedRunsBecomeDatasets_data();
    void appendedRunsBecomeDatasets();
    void nonBreakingSpacesReadAsSpaces_data();
    void nonBreakingSpacesReadAsSpaces();
    void powerShellTranscriptWithGetDate();
};

void TestWindowsPing::parsesEachLanguage() {
    QFETCH(int, index);
    const WindowsCase& c = cases()[static_cast<std::size_t>(index)];
    const ImportResult result = FileImporter::importFile(casePath(c));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QVERIFY(result.format);
    QCOMPARE(QString::fromLatin1(result.format->id), QStringLiteral("ping/windows"));
    QCOMPARE(result.datasets.size(), std::size_t{1});

    const Dataset& data = result.datasets.front();
    QCOMPARE(data.info.tool, QStringLiteral("ping"));
    QCOMPARE(data.info.dialect, QStringLiteral("windows"));
    QCOMPARE(data.info.protocol, QStringLiteral("icmp"));
    QCOMPARE(data.info.target, QString::fromUtf8(c.target));
    QCOMPARE(data.latency.rttMs, c.rtt);
    QCOMPARE(data.latency.sequence, c.sequence);
    QCOMPARE(data.latency.lostSequence, c.lost);
    QCOMPARE(data.latency.errorSequence, c.errors);
    QVERIFY(data.latency.duplicateRttMs.empty());
    QVERIFY(!data.latency.hasTimestamps());

    const PingSummary& summary = data.latency.summary;
    QCOMPARE(test::orNaN(summary.transmitted), c.summary.sent);
    QCOMPARE(test::orNaN(summary.received), c.summary.received);
    QCOMPARE(test::orNaN(summary.lossPercent), c.summary.lossPercent);
    QCOMPARE(test::orNaN(summary.rttMin), c.summary.min);
    QCOMPARE(test::orNaN(summary.rttMax), c.summary.max);
    QCOMPARE(test::orNaN(summary.rttAvg), c.summary.avg);

    const ParseReport& report = result.report;
    QCOMPARE(report.parseErrors.count(), 0);
    QCOMPARE(report.rangeErrors.count(), 0);
    QCOMPARE(report.samples, static_cast<std::int64_t>(c.rtt.size()));
    QCOMPARE(report.ignoredLines, c.ignoredLines);
    if (c.belowResolution == 0) {
        QCOMPARE(report.warnings.count(), 0);
    } else {
        // One warning for all of them, saying how many.
        QCOMPARE(report.warnings.count(), 1);
        const QString message = report.warnings.kept().front().message;
        QVERIFY2(message.startsWith(QString::number(c.belowResolution) + QStringLiteral(" ")),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("(time<1ms) and recorded as 0 ms")),
                 qPrintable(message));
    }
}

// Everything the import produced (report texts included) against the checked golden file.
void TestWindowsPing::matchesGoldenFile() {
    QFETCH(int, index);
    const QString path = casePath(cases()[static_cast<std::size_t>(index)]);
    const QString mismatch = test::goldenMismatch(path, FileImporter::importFile(path));
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
}

void TestWindowsPing::chunkSizeIsInvisible() {
    QFETCH(int, index);
    const QByteArrayList parses =
        test::describeInChunks(casePath(cases()[static_cast<std::size_t>(index)]), {1, 7, 64});
    for (const QByteArray& parse : parses)
        QCOMPARE(parse, parses.front());
}

void TestWindowsPing::crlfIsInvisible() {
    QFETCH(int, index);
    const QString path = casePath(cases()[static_cast<std::size_t>(index)]);
    QCOMPARE(test::describeWithCrlf(path), test::describe(FileImporter::importFile(path)));
}

void TestWindowsPing::truncatedLogKeepsReplies() {
    QFETCH(int, index);
    const WindowsCase& c = cases()[static_cast<std::size_t>(index)];
    const QByteArray whole = test::readAll(casePath(c));
    const qsizetype statistics = whole.lastIndexOf("\n\n");
    QVERIFY(statistics > 0);
    const ImportResult result = test::parseBytes(whole.left(statistics + 1), casePath(c));
    QCOMPARE(QString::fromLatin1(result.format->id), QStringLiteral("ping/windows"));
    const LatencySeries& latency = result.datasets.front().latency;
    QCOMPARE(result.datasets.front().info.target, QString::fromUtf8(c.target));
    QCOMPARE(latency.rttMs, c.rtt);
    QCOMPARE(latency.sequence, c.sequence);
    QCOMPARE(latency.lostSequence, c.lost);
    QCOMPARE(latency.errorSequence, c.errors);
    QVERIFY(!latency.summary.hasCounts());
    QVERIFY(!latency.summary.hasRtt());
    QCOMPARE(result.report.parseErrors.count(), 0);

    // Cut inside the last reply's time: the replies before it stay, the stub is an error.
    const ImportResult cut =
        test::parseBytes(whole.left(lastTimeValue(whole, statistics)), casePath(c));
    QCOMPARE(cut.datasets.front().latency.rttMs.size(), c.rtt.size() - 1);
    QCOMPARE(cut.report.parseErrors.count(), 1);
}

void TestWindowsPing::unreadableAndOutOfRangeReplies() {
    const ImportResult result = parseText("Pinging 192.0.2.9 with 32 bytes of data:\n"
                                          "Reply from 192.0.2.9: bytes=32 time=abcms TTL=64\n"
                                          "Reply from 192.0.2.9: bytes=32 time= TTL=64\n"
                                          "Reply from 192.0.2.9: bytes=32 time=-4ms TTL=64\n"
                                          "Reply from 192.0.2.9: bytes=32 time=1e12ms TTL=64\n"
                                          "Reply from 192.0.2.9: bytes=32 time=inf ms TTL=64\n"
                                          "Reply from 192.0.2.9: bytes=32 time=5ms TTL=64\n");
    QCOMPARE(result.report.parseErrors.count(), 2);
    QCOMPARE(result.report.parseErrors.kept()[0].line, 2);
    QCOMPARE(result.report.parseErrors.kept()[1].line, 3);
    QCOMPARE(result.report.rangeErrors.count(), 3);
    QCOMPARE(result.report.rangeErrors.kept()[0].line, 4);
    const LatencySeries& latency = result.datasets.front().latency;
    QCOMPARE(latency.rttMs, std::vector<double>{5});
    QCOMPARE(latency.sequence, std::vector<std::int64_t>{6}); // bad replies were requests too
    QVERIFY(latency.lostSequence.empty());
}

void TestWindowsPing::headerlessLogStillNumbersRequests() {
    // A capture that starts after the header: the first reply opens the request section and
    // the statistics title names the target.
    const ImportResult result =
        parseText("Reply from 192.0.2.9: bytes=32 time=5ms TTL=64\n"
                  "Request timed out.\n"
                  "Reply from 192.0.2.9: bytes=32 time=6ms TTL=64\n"
                  "\n"
                  "Ping statistics for 192.0.2.9:\n"
                  "    Packets: Sent = 3, Received = 2, Lost = 1 (33% loss),\n");
    const Dataset& data = result.datasets.front();
    QCOMPARE(data.info.target, QStringLiteral("192.0.2.9"));
    QCOMPARE(data.latency.rttMs, (std::vector<double>{5, 6}));
    QCOMPARE(data.latency.sequence, (std::vector<std::int64_t>{1, 3}));
    QCOMPARE(data.latency.lostSequence, std::vector<std::int64_t>{2});
    QCOMPARE(data.latency.summary.lossPercent, std::optional<double>(33));
    QVERIFY(!data.latency.summary.hasRtt());
    QCOMPARE(result.report.warnings.count(), 0);
}

void TestWindowsPing::tenMillisecondResolution() {
    // Windows 2000/2003 timed in 10 ms steps and printed `time<10ms`, a blank line after the
    // header and double spaces in the summary (the TechNet example of `ping -l 1450`).
    const ImportResult result =
        parseText("Pinging 198.51.100.20 with 1450 bytes of data:\n"
                  "\n"
                  "Reply from 198.51.100.20: bytes=1450 time<10ms TTL=32\n"
                  "Reply from 198.51.100.20: bytes=1450 time=20ms TTL=32\n"
                  "\n"
                  "Ping statistics for 198.51.100.20:\n"
                  "    Packets: Sent = 2, Received = 2, Lost = 0 (0% loss),\n"
                  "Approximate roundtrip times in milliseconds:\n"
                  "    Minimum = 0ms, Maximum =  20ms, Average =  10ms\n");
    const LatencySeries& latency = result.datasets.front().latency;
    QCOMPARE(latency.rttMs, (std::vector<double>{0, 20}));
    QCOMPARE(test::orNaN(latency.summary.rttMax), 20.0);
    QCOMPARE(test::orNaN(latency.summary.rttAvg), 10.0);
    QCOMPARE(result.report.warnings.count(), 1);
    const QString message = result.report.warnings.kept().front().message;
    QVERIFY2(message.startsWith(QStringLiteral("1 reply was")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("time<10ms")), qPrintable(message));
    QCOMPARE(result.report.warnings.kept().front().line, 3);
}

void TestWindowsPing::controlBreakInterimStatistics() {
    // `ping -t` prints interim statistics on Control-Break and goes on; the last ones count.
    const QByteArray statistics = "\nPing statistics for 192.0.2.9:\n"
                                  "    Packets: Sent = %1, Received = %2, Lost = %3 (%4% loss),\n"
                                  "Approximate round trip times in milli-seconds:\n"
                                  "    Minimum = 5ms, Maximum = %5ms, Average = %6ms\n";
    const QString text =
        QStringLiteral("Pinging 192.0.2.9 with 32 bytes of data:\n"
                       "Reply from 192.0.2.9: bytes=32 time=5ms TTL=64\n"
                       "Reply from 192.0.2.9: bytes=32 time=7ms TTL=64\n") +
        QString::fromLatin1(statistics).arg(2).arg(2).arg(0).arg(0).arg(7).arg(6) +
        QStringLiteral("Control-Break\n"
                       "Request timed out.\n"
                       "Reply from 192.0.2.9: bytes=32 time=9ms TTL=64\n") +
        QString::fromLatin1(statistics).arg(4).arg(3).arg(1).arg(25).arg(9).arg(7) +
        QStringLiteral("Control-C\n^C\n");
    const ImportResult result = parseText(text.toUtf8());
    const LatencySeries& latency = result.datasets.front().latency;
    QCOMPARE(latency.rttMs, (std::vector<double>{5, 7, 9}));
    QCOMPARE(latency.sequence, (std::vector<std::int64_t>{1, 2, 4}));
    QCOMPARE(latency.lostSequence, std::vector<std::int64_t>{3});
    QCOMPARE(latency.summary.transmitted, std::optional<std::int64_t>(4));
    QCOMPARE(latency.summary.received, std::optional<std::int64_t>(3));
    QCOMPARE(latency.summary.lossPercent, std::optional<double>(25));
    QCOMPARE(latency.summary.rttMax, std::optional<double>(9));
    QCOMPARE(latency.summary.rttAvg, std::optional<double>(7));
    QCOMPARE(result.report.ignoredLines, 0);
    QCOMPARE(result.report.warnings.count(), 0);
}

void TestWindowsPing::summaryDisagreeingWithRequestsWarns() {
    const ImportResult result =
        parseText("Pinging 192.0.2.9 with 32 bytes of data:\n"
                  "Reply from 192.0.2.9: bytes=32 time=5ms TTL=64\n"
                  "\n"
                  "Ping statistics for 192.0.2.9:\n"
                  "    Packets: Sent = 3, Received = 1, Lost = 2 (66% loss),\n");
    QCOMPARE(result.report.warnings.count(), 1);
    QVERIFY(result.report.warnings.kept().front().message.contains(QStringLiteral("3 sent")));
}

void TestWindowsPing::sniffLeavesOtherFormatsAlone() {
    const QDir dir(QStringLiteral(WIREBENCH_TEST_DATA_DIR "/ping"));
    int others = 0;
    for (const QString& name : dir.entryList({QStringLiteral("*.txt")}, QDir::Files)) {
        const QByteArray bytes = test::readAll(dir.filePath(name));
        const std::string_view head(bytes.constData(), static_cast<std::size_t>(bytes.size()));
        const int score = WindowsPingParser::sniff(head);
        if (name.startsWith(QStringLiteral("windows_"))) {
            QVERIFY2(score >= 15, qPrintable(name));
        } else {
            QVERIFY2(score == 0, qPrintable(name));
            ++others;
        }
    }
    QVERIFY(others > 0);

    // A text mentioning a time or two is not a ping log; three IPv6 replies are.
    QCOMPARE(WindowsPingParser::sniff("build took=5ms\nlink took=7 ms\n"), 0);
    QVERIFY(WindowsPingParser::sniff("Antwort von 2001:db8::1: Zeit=3ms\n"
                                     "Antwort von 2001:db8::1: Zeit=4ms\n"
                                     "Antwort von 2001:db8::1: Zeit=3ms\n") > 0);
}

// The shared corpus holds Windows logs published by other projects; the facts its
// MANIFEST.tsv quotes from each log are checked against what the parser read.
void TestWindowsPing::corpus() {
    WB_SKIP_WITHOUT_CORPUS();
    const QDir dir = test::corpusDir();
    const QStringList files = dir.entryList({QStringLiteral("ping_windows_*")}, QDir::Files);
    if (files.isEmpty())
        QSKIP(qPrintable(QStringLiteral("no ping_windows_* logs in %1; set WIREBENCH_CORPUS_DIR "
                                        "to the shared corpus to run this check")
                             .arg(dir.path())));
    const QRegularExpression rttToken(QStringLiteral("[=<]\\s*(\\d+)\\s*(?:ms|мс)"));
    const QRegularExpression countToken(QStringLiteral("=\\s*(\\d+)"));
    const QRegularExpression percent(QStringLiteral("(\\d+)%"));
    const QRegularExpression linesFact(QStringLiteral("^'(.+)' lines=(\\d+)$"));
    const auto tokenCount = [&](const QString& line) {
        qsizetype count = 0;
        for (auto m = rttToken.globalMatch(line); m.hasNext(); m.next())
            ++count;
        return count;
    };
    for (const QString& name : files) {
        const ImportResult result = FileImporter::importFile(dir.filePath(name));
        QVERIFY2(result.ok(), qPrintable(name + QStringLiteral(": ") + result.error));
        QCOMPARE(QString::fromLatin1(result.format->id), QStringLiteral("ping/windows"));
        QCOMPARE(result.report.parseErrors.count(), 0);
        QCOMPARE(result.report.rangeErrors.count(), 0);
        const LatencySeries& latency = result.datasets.front().latency;
        const PingSummary& summary = latency.summary;

        // Every line with one round-trip token is a reply and so a sample; with the
        // statistics, every sent request is a reply, a timeout or an error.
        qsizetype replyLines = 0;
        for (const QString& line : QString::fromUtf8(test::readAll(dir.filePath(name))).split('\n'))
            replyLines += tokenCount(line) == 1 ? 1 : 0;
        QCOMPARE(static_cast<qsizetype>(latency.rttMs.size()), replyLines);
        if (summary.transmitted) {
            const std::size_t requests =
                latency.rttMs.size() + latency.lostSequence.size() + latency.errorSequence.size();
            QCOMPARE(static_cast<std::int64_t>(requests), *summary.transmitted);
        }

        const QStringList facts = test::manifestFacts(dir, name);
        QVERIFY2(!facts.isEmpty(), qPrintable(name + QStringLiteral(" has no MANIFEST.tsv row")));
        for (const QString& fact : facts) {
            if (const auto m = linesFact.match(fact); m.hasMatch()) {
                const double count = m.captured(2).toDouble();
                if (m.captured(1) == QStringLiteral("Request timed out."))
                    QCOMPARE(static_cast<double>(latency.lostSequence.size()), count);
                else if (m.captured(1) == QStringLiteral("Reply from")) // replies and ICMP errors
                    QCOMPARE(
                        static_cast<double>(latency.rttMs.size() + latency.errorSequence.size()),
                        count);
                continue;
            }
            const QString quoted = test::quotedFact(fact, QStringLiteral("stats block"));
            QList<double> rtts, counts;
            for (auto m = rttToken.globalMatch(quoted); m.hasNext();)
                rtts << m.next().captured(1).toDouble();
            for (auto m = countToken.globalMatch(quoted); m.hasNext();)
                counts << m.next().captured(1).toDouble();
            if (rtts.size() == 3) { // minimum, maximum, average
                QCOMPARE(test::orNaN(summary.rttMin), rtts[0]);
                QCOMPARE(test::orNaN(summary.rttMax), rtts[1]);
                QCOMPARE(test::orNaN(summary.rttAvg), rtts[2]);
                continue;
            }
            if (counts.size() == 3) { // sent, received, lost
                QCOMPARE(test::orNaN(summary.transmitted), counts[0]);
                QCOMPARE(test::orNaN(summary.received), counts[1]);
            }
            if (const auto m = percent.match(quoted); m.hasMatch())
                QCOMPARE(test::orNaN(summary.lossPercent), m.captured(1).toDouble());
            if (counts.isEmpty() && quoted.endsWith(QLatin1Char(':'))) // a statistics title
                QVERIFY2(!result.datasets.front().info.target.isEmpty(), qPrintable(name));
        }
    }
    qInfo("parsed %lld Windows ping logs of the corpus", static_cast<long long>(files.size()));
}

namespace {

// The requests of a Windows log that got no reply, numbered 1.. per run as the parser numbers
// them: every request line (a reply, a timeout) counts; timeouts are the lost ones.
QList<QList<std::int64_t>> timeoutsPerRun(const QByteArray& log) {
    QList<QList<std::int64_t>> runs;
    std::int64_t request = 0;
    for (QString line : QString::fromUtf8(log).split(QLatin1Char('\n'))) {
        line = line.trimmed();
        if (line.contains(QStringLiteral(" with 32 bytes of data:"))) {
            runs.append(QList<std::int64_t>());
            request = 0;
        } else if (line.contains(QStringLiteral("Reply from"))) {
            ++request;
        } else if (line.endsWith(QStringLiteral("Request timed out."))) {
            runs.last().append(++request);
        }
    }
    return runs;
}

bool hasWarning(const ImportResult& result, const QString& start) {
    const auto& kept = result.report.warnings.kept();
    return std::any_of(kept.begin(), kept.end(),
                       [&](const ParseIssue& issue) { return issue.message.startsWith(start); });
}

} // namespace

void TestWindowsPing::appendedRunsBecomeDatasets_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<QStringList>("labels");
    QTest::newRow("ping >> log") << QStringLiteral("windows_en_appended.txt")
                                 << QStringList{"198.18.20.2 run 1", "lab-gw.example.net run 2",
                                                "198.18.20.2 run 3"};
    QTest::newRow("transcript") << QStringLiteral("windows_powershell_plain.txt")
                                << QStringList{"198.18.20.3 run 1", "198.18.20.2 run 2"};
}

// Several `ping` runs in one file (appended, or one after another in a PowerShell transcript):
// one dataset each, with its replies, timeouts, statistics and a label; the transcript's
// header, prompts and footer are neither requests nor targets.
void TestWindowsPing::appendedRunsBecomeDatasets() {
    QFETCH(QString, log);
    QFETCH(QStringList, labels);
    const QByteArray bytes = test::readAll(test::dataPath("ping/" + log));
    const ImportResult result = FileImporter::importFile(test::dataPath("ping/" + log));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(QString::fromLatin1(result.format->id), QStringLiteral("ping/windows"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    const QList<test::RegexRun> runs =
        test::readRuns(bytes, QRegularExpression(QStringLiteral("^$")), test::windowsShape());
    const QList<QList<std::int64_t>> timeouts = timeoutsPerRun(bytes);
    QCOMPARE(result.datasets.size(), static_cast<std::size_t>(runs.size()));
    QCOMPARE(runs.size(), labels.size());
    const QString file = QFileInfo(log).completeBaseName();
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const Dataset& run = result.datasets[static_cast<std::size_t>(i)];
        test::compareRun(run, runs[i], QStringLiteral("run %1").arg(i + 1));
        QCOMPARE(run.label, file + QStringLiteral(" · ") + labels[i]);
        const std::vector<std::int64_t>& lost = run.latency.lostSequence;
        QCOMPARE(QList<std::int64_t>(lost.begin(), lost.end()), timeouts[i]);
        QVERIFY(run.latency.errorSequence.empty());
    }
    QVERIFY(!hasWarning(result, QStringLiteral("the statistics count")));
}

void TestWindowsPing::nonBreakingSpacesReadAsSpaces_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<QList<double>>("minMaxAvg");
    QTest::newRow("de: Mittelwert = 5ms")
        << QStringLiteral("windows_de_nbsp.txt") << QList<double>{4, 7, 5};
    QTest::newRow("fr: temps=6 ms")
        << QStringLiteral("windows_fr_nbsp.txt") << QList<double>{6, 11, 8};
}

// Localized output with U+00A0 (`Mittelwert = 5ms`, `temps=6 ms`, `192.0.2.1 :`) reads as
// with plain spaces: every reply, the packet counts and the round-trip summary.
void TestWindowsPing::nonBreakingSpacesReadAsSpaces() {
    QFETCH(QString, log);
    QFETCH(QList<double>, minMaxAvg);
    const QByteArray bytes = test::readAll(test::dataPath("ping/" + log));
    QVERIFY(bytes.contains("\xC2\xA0"));
    const ImportResult result = FileImporter::importFile(test::dataPath("ping/" + log));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(QString::fromLatin1(result.format->id), QStringLiteral("ping/windows"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.datasets.size(), std::size_t{1});
    const QList<test::RegexRun> runs =
        test::readRuns(bytes, QRegularExpression(QStringLiteral("^$")), test::windowsShape());
    QCOMPARE(runs.size(), 1);
    test::compareRun(result.datasets.front(), runs.front(), log);
    const PingSummary& summary = result.datasets.front().latency.summary;
    QCOMPARE(summary.rttMin.value_or(-1), minMaxAvg[0]);
    QCOMPARE(summary.rttMax.value_or(-1), minMaxAvg[1]);
    QCOMPARE(summary.rttAvg.value_or(-1), minMaxAvg[2]);
    // The same log with plain spaces gives the same dataset.
    QByteArray plain = bytes;
    plain.replace("\xC2\xA0", " ");
    QCOMPARE(test::describe(test::parseBytes(plain, log)), test::describe(result));
}

// `ping | ForEach-Object { "{0} - {1}" -f (Get-Date), $_ }` inside Start-Transcript: each
// line's Get-Date is its time, the transcript's header and footer are not requests (the
// footer once became six timeouts), and its dates are no target.
void TestWindowsPing::powerShellTranscriptWithGetDate() {
    const QString log = QStringLiteral("windows_powershell_transcript.txt");
    const QByteArray bytes = test::readAll(test::dataPath("ping/" + log));
    const ImportResult result = FileImporter::importFile(test::dataPath("ping/" + log));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(QString::fromLatin1(result.format->id), QStringLiteral("ping/windows"));
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.datasets.size(), std::size_t{1});
    const QRegularExpression prefix(
        QStringLiteral("^(?<time>\\d+/\\d+/\\d{4} \\d+:\\d\\d:\\d\\d [AP]M) - "));
    const QList<test::RegexRun> runs = test::readRuns(bytes, prefix, test::windowsShape());
    QCOMPARE(runs.size(), 1);
    const Dataset& dataset = result.datasets.front();
    test::compareRun(dataset, runs.front(), log);
    QCOMPARE(dataset.info.target, QStringLiteral("198.18.20.2"));
    QCOMPARE(
        dataset.latency.timestamps.front(),
        static_cast<double>(
            QDateTime(QDate(2026, 12, 1), QTime(17, 45, 3), QTimeZone::utc()).toSecsSinceEpoch()));
    const std::vector<std::int64_t>& lost = dataset.latency.lostSequence;
    QCOMPARE(QList<std::int64_t>(lost.begin(), lost.end()), timeoutsPerRun(bytes).front());
    QCOMPARE(dataset.latency.summary.transmitted.value_or(-1), 6);
    QVERIFY(!hasWarning(result, QStringLiteral("the statistics count")));
}

QTEST_APPLESS_MAIN(TestWindowsPing)
#include "tst_windowsping.moc"
