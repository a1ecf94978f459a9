#include "ParserTestSupport.h"
#include "TestSupport.h"
#include "parse/FormatRegistry.h"
#include "parse/FpingParser.h"

#include <QDir>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace wb;

namespace {

const double kNone = std::nan(""); // a summary field the log does not state

// fping's own per-target summary; kNone where the log states nothing.
struct Summary {
    double sent, received, lossPercent, min, avg, max; // fping's order: min, avg, max
};
const Summary kNoSummary{kNone, kNone, kNone, kNone, kNone, kNone};

// What one target of a hand-written log in tests/data/ping must give.
struct HostCase {
    const char* target;
    std::vector<double> rtt;
    std::vector<std::int64_t> sequence;
    std::vector<std::int64_t> lost;
    std::vector<double> duplicateRtt;
    std::vector<std::int64_t> duplicateSequence;
    std::vector<double> timestamps;
    Summary summary;
};

struct FpingCase {
    const char* file;
    std::vector<HostCase> hosts; // in order of first mention
    std::int64_t ignoredLines;
};

const std::vector<FpingCase>& cases() {
    // clang-format off
    static const std::vector<FpingCase> table = {
        {"fping_c5.txt", {
             {"192.0.2.10", {0.412, 0.389, 1.27, 0.455}, {0, 1, 3, 4}, {2}, {}, {}, {},
              {5, 4, 20, 0.389, 0.631, 1.27}}},
         0},
        {"fping_D_multi.txt", {
             {"router.lan", {1.84, 2.07, 1.93}, {0, 1, 2}, {}, {}, {},
              {1718000000.12345, 1718000000.62411, 1718000001.12560},
              {3, 3, 0, 1.84, 1.95, 2.07}},
             {"192.0.2.1", {11.2, 10.9, 14.6}, {0, 1, 2}, {}, {}, {},
              {1718000000.13001, 1718000000.63502, 1718000001.14020},
              {3, 3, 0, 10.9, 12.2, 14.6}},
             {"198.51.100.99", {}, {}, {0, 1, 2}, {}, {}, {},
              {3, 0, 100, kNone, kNone, kNone}}},
         1},
        {"fping_C_summary.txt", {
             {"10.9.8.7", {0.118, 0.097, 0.131}, {0, 1, 2}, {}, {}, {}, {}, kNoSummary},
             {"10.9.8.6", {0.342, 0.405}, {0, 2}, {1}, {}, {}, {}, kNoSummary}},
         1},
        {"fping_C_quiet.txt", {
             {"2001:db8::53", {8.12, 8.40, 9.02}, {0, 1, 2}, {3, 4}, {9.87}, {2}, {}, kNoSummary},
             {"203.0.113.5", {23.1, 22.8, 24.0, 23.5}, {0, 1, 3, 4}, {2}, {}, {}, {}, kNoSummary}},
         1},
        {"fping_alive.txt", {
             {"gw.example", {0.512}, {0}, {}, {}, {}, {}, kNoSummary},
             {"192.0.2.2", {12.7}, {0}, {}, {}, {}, {}, kNoSummary},
             {"198.51.100.3", {}, {}, {}, {}, {}, {}, kNoSummary}},
         2},
        {"fping_old_84bytes.txt", {
             {"172.16.0.9", {12.8, 13.4, 12.1, 19.9}, {0, 1, 3, 4}, {2, 5}, {}, {}, {},
              {6, 4, 33, 12.1, 14.5, 19.9}}},
         0},
        {"fping_loop_dup.txt", {
             {"192.0.2.255", {0.210, 0.198}, {0, 1}, {}, {0.433, 0.376}, {0, 1}, {},
              {2, 4, kNone, 0.198, 0.304, 0.433}}}, // `%return`: no loss percent
         1},
    };
    // clang-format on
    return table;
}

QString casePath(const FpingCase& c) {
    return QStringLiteral(WIREBENCH_TEST_DATA_DIR "/ping/") + QLatin1String(c.file);
}

ImportResult parseText(const QByteArray& text) {
    return test::parseBytes(text, QStringLiteral("inline.txt"), 1 << 20, QStringLiteral("fping"));
}

void addCaseRows() {
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < cases().size(); ++i)
        QTest::newRow(cases()[i].file) << static_cast<int>(i);
}

const FpingCase& caseAt(int index) {
    return cases()[static_cast<std::size_t>(index)];
}

} // namespace

class TestFping : public QObject {
    Q_OBJECT

private slots:
    void parsesEachLog_data() { addCaseRows(); }
    void parsesEachLog();
    void matchesGoldenFile_data() { addCaseRows(); }
    void matchesGoldenFile();
    void chunkSizeIsInvisible_data() { addCaseRows(); }
    void chunkSizeIsInvisible();
    void crlfIsInvisible_data() { addCaseRows(); }
    void crlfIsInvisible();
    void truncatedLogKeepsReplies();
    void valueListBeforeReplyLines();
    void valueListDisagreeingWithReplies();
    void damagedLines();
    void otherTimestampFormats();
    void sequenceBeyond64BitsKeepsItsReply();
    void tsPrefixGivesReplyTimes();
    void intervalSummaries();
    void sniffLeavesOtherFormatsAlone();
    void corpus();
};

void TestFping::parsesEachLog() {
    QFETCH(int, index);
    const FpingCase& c = caseAt(index);
    const ImportResult result = FileImporter::importFile(casePath(c));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QVERIFY(result.format);
    QCOMPARE(QString::fromLatin1(result.format->id), QStringLiteral("fping"));
    QCOMPARE(result.datasets.size(), c.hosts.size());
    std::size_t samples = 0;
    for (std::size_t i = 0; i < c.hosts.size(); ++i) {
        const HostCase& expected = c.hosts[i];
        const Dataset& data = result.datasets[i];
        QCOMPARE(data.info.tool, QStringLiteral("fping"));
        QCOMPARE(data.info.dialect, QStringLiteral("fping"));
        QCOMPARE(data.info.protocol, QStringLiteral("icmp"));
        QCOMPARE(data.info.target, QString::fromLatin1(expected.target));
        QVERIFY2(data.label.endsWith(QString::fromLatin1(expected.target)), qPrintable(data.label));
        QCOMPARE(data.latency.rttMs, expected.rtt);
        QCOMPARE(data.latency.sequence, expected.sequence);
        QCOMPARE(data.latency.lostSequence, expected.lost);
        QCOMPARE(data.latency.duplicateRttMs, expected.duplicateRtt);
        QCOMPARE(data.latency.duplicateSequence, expected.duplicateSequence);
        QCOMPARE(data.latency.timestamps, expected.timestamps);
        QVERIFY(data.latency.errorSequence.empty());
        const PingSummary& summary = data.latency.summary;
        QCOMPARE(test::orNaN(summary.transmitted), expected.summary.sent);
        QCOMPARE(test::orNaN(summary.received), expected.summary.received);
        QCOMPARE(test::orNaN(summary.lossPercent), expected.summary.lossPercent);
        QCOMPARE(test::orNaN(summary.rttMin), expected.summary.min);
        QCOMPARE(test::orNaN(summary.rttAvg), expected.summary.avg);
        QCOMPARE(test::orNaN(summary.rttMax), expected.summary.max);
        samples += expected.rtt.size();
    }
    QCOMPARE(result.report.samples, static_cast<std::int64_t>(samples));
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.rangeErrors.count(), 0);
    QCOMPARE(result.report.warnings.count(), 0);
    QCOMPARE(result.report.ignoredLines, c.ignoredLines);
}

// Everything the import produced (report texts included) against the checked golden file.
void TestFping::matchesGoldenFile() {
    QFETCH(int, index);
    const QString path = casePath(caseAt(index));
    const QString mismatch = test::goldenMismatch(path, FileImporter::importFile(path));
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
}

void TestFping::chunkSizeIsInvisible() {
    QFETCH(int, index);
    const QByteArrayList parses = test::describeInChunks(casePath(caseAt(index)), {1, 7, 64});
    for (const QByteArray& parse : parses)
        QCOMPARE(parse, parses.front());
}

void TestFping::crlfIsInvisible() {
    QFETCH(int, index);
    const QString path = casePath(caseAt(index));
    QCOMPARE(test::describeWithCrlf(path), test::describe(FileImporter::importFile(path)));
}

void TestFping::truncatedLogKeepsReplies() {
    // Cut before the summaries (which fping prints at exit), every reply is still there.
    for (const char* file : {"fping_c5.txt", "fping_D_multi.txt", "fping_C_summary.txt"}) {
        const FpingCase& c =
            *std::find_if(cases().begin(), cases().end(),
                          [&](const FpingCase& entry) { return qstrcmp(entry.file, file) == 0; });
        const QByteArray whole = test::readAll(casePath(c));
        const ImportResult result =
            test::parseBytes(whole.left(whole.indexOf("\n\n") + 1), casePath(c));
        QCOMPARE(QString::fromLatin1(result.format->id), QStringLiteral("fping"));
        QCOMPARE(result.datasets.size(), c.hosts.size());
        for (std::size_t i = 0; i < c.hosts.size(); ++i) {
            const LatencySeries& latency = result.datasets[i].latency;
            QCOMPARE(latency.rttMs, c.hosts[i].rtt);
            QCOMPARE(latency.sequence, c.hosts[i].sequence);
            QCOMPARE(latency.lostSequence, c.hosts[i].lost); // these logs print timeouts
            QCOMPARE(latency.timestamps, c.hosts[i].timestamps);
            QVERIFY(!latency.summary.hasCounts());
        }
        QCOMPARE(result.report.parseErrors.count(), 0);
    }

    // Cut inside the last reply's time: the replies before it stay, the stub is an error.
    const QByteArray whole = test::readAll(casePath(cases().front()));
    const qsizetype lastTime = whole.lastIndexOf(" bytes, ") + 8;
    const ImportResult cut = test::parseBytes(whole.left(lastTime + 1), casePath(cases().front()));
    QCOMPARE(cut.datasets.front().latency.rttMs, (std::vector<double>{0.412, 0.389, 1.27}));
    QCOMPARE(cut.report.parseErrors.count(), 1);
}

void TestFping::valueListBeforeReplyLines() {
    // With stdout redirected to a file, fping's stdout is block-buffered while the -C lists go
    // to unbuffered stderr, so `fping -C 3 ... >log 2>&1` can write the lists first.
    const FpingCase& c = cases()[2];
    QCOMPARE(c.file, "fping_C_summary.txt");
    const QByteArray whole = test::readAll(casePath(c));
    const qsizetype blank = whole.indexOf("\n\n");
    const QByteArray reordered = whole.mid(blank + 2) + whole.left(blank + 1);
    const ImportResult result = test::parseBytes(reordered, casePath(c));
    QCOMPARE(result.datasets.size(), c.hosts.size());
    for (std::size_t i = 0; i < c.hosts.size(); ++i) {
        QCOMPARE(result.datasets[i].info.target, QString::fromLatin1(c.hosts[i].target));
        QCOMPARE(result.datasets[i].latency.rttMs, c.hosts[i].rtt);
        QCOMPARE(result.datasets[i].latency.sequence, c.hosts[i].sequence);
        QCOMPARE(result.datasets[i].latency.lostSequence, c.hosts[i].lost);
    }
    QCOMPARE(result.report.warnings.count(), 0);
}

void TestFping::valueListDisagreeingWithReplies() {
    // A spliced log: the -C list contradicts the reply lines at [1] and [2].
    const ImportResult result = parseText("h : [0], 64 bytes, 1.00 ms (1.00 avg, 0% loss)\n"
                                          "h : [1], timed out (1.00 avg, 50% loss)\n"
                                          "h : [2], 64 bytes, 3.00 ms (2.00 avg, 33% loss)\n"
                                          "\n"
                                          "h : 1.00 2.00 3.50\n");
    const LatencySeries& latency = result.datasets.front().latency;
    QCOMPARE(latency.rttMs, (std::vector<double>{1, 3}));
    QCOMPARE(latency.sequence, (std::vector<std::int64_t>{0, 2}));
    QCOMPARE(latency.lostSequence, std::vector<std::int64_t>{1});
    QCOMPARE(result.report.warnings.count(), 1);
    const ParseIssue& warning = result.report.warnings.kept().front();
    QCOMPARE(warning.line, 5);
    QVERIFY2(warning.message.contains(QStringLiteral("2 of 3")), qPrintable(warning.message));
}

void TestFping::damagedLines() {
    const ImportResult result = parseText("h : [0], 64 bytes, abc ms (1.0 avg, 0% loss)\n"
                                          "h : [x], 64 bytes, 1.0 ms (1.0 avg, 0% loss)\n"
                                          "h : [1], 64 bytes, -0.5 ms (1.0 avg, 0% loss)\n"
                                          "h : [2], 64 bytes, nan ms (1.0 avg, 0% loss)\n"
                                          "h : [3], 64 bytes, 2.5 ms (2.5 avg, 0% loss)\n"
                                          "some words : that are not about a target\n"
                                          "g : 1.5 1e400 -\n");
    QCOMPARE(result.report.parseErrors.count(), 2);
    QCOMPARE(result.report.parseErrors.kept()[0].line, 1);
    QCOMPARE(result.report.parseErrors.kept()[1].line, 2);
    QCOMPARE(result.report.rangeErrors.count(), 3);
    QCOMPARE(result.report.rangeErrors.kept()[2].line, 7);
    QCOMPARE(result.report.ignoredLines, 1);
    QCOMPARE(result.datasets.size(), std::size_t{2}); // no target "some words"
    const LatencySeries& h = result.datasets[0].latency;
    QCOMPARE(h.rttMs, std::vector<double>{2.5});
    QCOMPARE(h.sequence, std::vector<std::int64_t>{3});
    QVERIFY(h.lostSequence.empty()); // unreadable replies are replies, not losses
    const LatencySeries& g = result.datasets[1].latency;
    QCOMPARE(g.rttMs, std::vector<double>{1.5});
    QCOMPARE(g.sequence, std::vector<std::int64_t>{0});
    QCOMPARE(g.lostSequence, std::vector<std::int64_t>{2});
}

void TestFping::otherTimestampFormats() {
    // --timestamp-format=iso|ctime: local times without a usable zone; read, not used.
    const ImportResult result =
        parseText("[2024-06-10T12:00:01+0200] h : [0], 64 bytes, 1.25 ms (1.25 avg, 0% loss)\n"
                  "[Mon Jun 10 12:00:02 2024] h : [1], 64 bytes, 1.50 ms (1.38 avg, 0% loss)\n"
                  "[2024-06-10 12:00:03] h : [2], timed out (1.38 avg, 33% loss)\n");
    const LatencySeries& latency = result.datasets.front().latency;
    QCOMPARE(latency.rttMs, (std::vector<double>{1.25, 1.5}));
    QCOMPARE(latency.lostSequence, std::vector<std::int64_t>{2});
    QVERIFY(!latency.hasTimestamps());
    QCOMPARE(result.report.warnings.count(), 1);
    QCOMPARE(result.report.ignoredLines, 0);
}

// `[18446744073709551617]` (2^64 + 1) and `[10^23]`: the replies keep their times, filed beside
// the reply before them; the numbers are never read as small ones, and one warning counts them.
void TestFping::sequenceBeyond64BitsKeepsItsReply() {
    const ImportResult result =
        parseText("h : [0], 64 bytes, 0.50 ms (0.50 avg, 0% loss)\n"
                  "h : [18446744073709551617], 64 bytes, 0.75 ms (0.62 avg, 0% loss)\n"
                  "h : [1], 64 bytes, 0.60 ms (0.61 avg, 0% loss)\n"
                  "h : [100000000000000000000000], 64 bytes, 0.80 ms (0.66 avg, 0% loss)\n"
                  "h : [2], 64 bytes, 0.55 ms (0.64 avg, 0% loss)\n");
    const LatencySeries& latency = result.datasets.front().latency;
    QCOMPARE(latency.rttMs, (std::vector<double>{0.5, 0.75, 0.6, 0.8, 0.55}));
    QCOMPARE(latency.sequence, (std::vector<std::int64_t>{0, 0, 1, 1, 2}));
    QVERIFY(latency.lostSequence.empty());
    QVERIFY(latency.duplicateRttMs.empty());
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.warnings.count(), 1);
    QVERIFY(result.report.warnings.kept().front().message.startsWith(
        QStringLiteral("2 replies carry sequence numbers beyond 64 bits")));
}

// `fping -c 3 h | ts '%.s'`: the prefix is each reply's time (fping's own -D stamp when both);
// the host name is not taken with the prefix in front of it.
void TestFping::tsPrefixGivesReplyTimes() {
    const ImportResult result =
        parseText("1796147026.678878 h : [0], 64 bytes, 0.50 ms (0.50 avg, 0% loss)\n"
                  "1796147027.679212 h : [1], timed out (0.50 avg, 50% loss)\n"
                  "1796147028.680541 h : [2], 64 bytes, 0.60 ms (0.55 avg, 33% loss)\n"
                  "1796147028.681000 \n"
                  "1796147028.681120 h : xmt/rcv/%loss = 3/2/33%, min/avg/max = 0.50/0.55/0.60\n");
    QCOMPARE(result.datasets.size(), std::size_t{1});
    const Dataset& dataset = result.datasets.front();
    QCOMPARE(dataset.info.target, QStringLiteral("h"));
    QCOMPARE(dataset.latency.rttMs, (std::vector<double>{0.5, 0.6}));
    QCOMPARE(dataset.latency.timestamps,
             (std::vector<double>{1796147026.678878, 1796147028.680541}));
    QCOMPARE(dataset.latency.lostSequence, std::vector<std::int64_t>{1});
    QCOMPARE(dataset.latency.summary.transmitted.value_or(-1), 3);
    QCOMPARE(result.report.ignoredLines, 0);

    // `ts -i '%.s'`: each prefix is the time since the line before; a reply's time is their sum.
    const ImportResult increments =
        parseText("0.000120 h : [0], 64 bytes, 0.50 ms (0.50 avg, 0% loss)\n"
                  "1.000334 h : [1], 64 bytes, 0.70 ms (0.60 avg, 0% loss)\n"
                  "1.000229 h : [2], 64 bytes, 0.60 ms (0.60 avg, 0% loss)\n"
                  "0.000150 \n"
                  "0.000040 h : xmt/rcv/%loss = 3/3/0%, min/avg/max = 0.50/0.60/0.70\n");
    const std::vector<double>& times = increments.datasets.front().latency.timestamps;
    QCOMPARE(times.size(), std::size_t{3});
    QCOMPARE(times[1] - times[0], 1.000334);
    QCOMPARE(times[2] - times[0], 1.000334 + 1.000229);
}

void TestFping::intervalSummaries() {
    // -Q prints a time mark and per-interval summaries; the last summary (at exit) is the run's.
    const ImportResult result =
        parseText("[12:00:01]\n"
                  "h : xmt/rcv/%loss = 2/2/0%, min/avg/max = 1.00/1.50/2.00\n"
                  "[12:00:02]\n"
                  "h : xmt/rcv/%loss = 2/1/50%, outage(ms) = 1000, min/avg/max = 3.00/3.00/3.00\n"
                  "h : xmt/rcv/%loss = 4/3/25%, outage(ms) = 1000, min/avg/max = 1.00/2.00/3.00\n");
    const Dataset& data = result.datasets.front();
    QCOMPARE(test::orNaN(data.latency.summary.transmitted), 4.0);
    QCOMPARE(test::orNaN(data.latency.summary.received), 3.0);
    QCOMPARE(test::orNaN(data.latency.summary.lossPercent), 25.0);
    QCOMPARE(test::orNaN(data.latency.summary.rttMin), 1.0);
    QCOMPARE(test::orNaN(data.latency.summary.rttAvg), 2.0);
    QCOMPARE(test::orNaN(data.latency.summary.rttMax), 3.0);
    QCOMPARE(data.info.extra.value(QStringLiteral("outage_ms")), QStringLiteral("1000"));
    QVERIFY(data.latency.lostSequence.empty()); // counts only: which requests were lost is unknown
    QCOMPARE(result.report.ignoredLines, 0);
    QCOMPARE(result.report.samples, 0);
}

void TestFping::sniffLeavesOtherFormatsAlone() {
    const QDir dir(QStringLiteral(WIREBENCH_TEST_DATA_DIR "/ping"));
    int others = 0;
    for (const QString& name : dir.entryList({QStringLiteral("*.txt")}, QDir::Files)) {
        const QByteArray bytes = test::readAll(dir.filePath(name));
        const int score = FpingParser::sniff(
            std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        if (name.startsWith(QStringLiteral("fping_"))) {
            QVERIFY2(score >= 10, qPrintable(name));
        } else {
            QVERIFY2(score == 0, qPrintable(name));
            ++others;
        }
    }
    QVERIFY(others > 0);

    // -q -C output is nothing but value lists; the same shape inside other text is not fping.
    QVERIFY(FpingParser::sniff("192.0.2.1 : 0.51 0.49 -\n192.0.2.2 : 12.0 11.8 12.3\n") > 0);
    QCOMPARE(FpingParser::sniff("Lab notes\nTemperature : 21.5\nHumidity : 40\n"), 0);
}

// fping logs of the shared corpus: every reply and timeout line is accounted for, and the
// per-target summaries MANIFEST.tsv quotes are read.
void TestFping::corpus() {
    WB_SKIP_WITHOUT_CORPUS();
    const QDir dir = test::corpusDir();
    const QStringList files = dir.entryList({QStringLiteral("fping_*")}, QDir::Files);
    if (files.isEmpty())
        QSKIP(qPrintable(QStringLiteral("no fping_* logs in %1; set WIREBENCH_CORPUS_DIR to the "
                                        "shared corpus to run this check")
                             .arg(dir.path())));
    const QRegularExpression replyLine(QStringLiteral(" : \\[\\d+\\], \\d+ bytes, "));
    const QRegularExpression timeoutLine(QStringLiteral(" : \\[\\d+\\], timed out"));
    const QRegularExpression summaryFact(
        QStringLiteral("^(\\S+) : xmt/rcv/%loss = (\\d+)/(\\d+)/(\\d+)%(?:, min/avg/max = "
                       "([\\d.]+)/([\\d.]+)/([\\d.]+))?$"));
    for (const QString& name : files) {
        const ImportResult result = FileImporter::importFile(dir.filePath(name));
        QVERIFY2(result.ok(), qPrintable(name + QStringLiteral(": ") + result.error));
        QCOMPARE(QString::fromLatin1(result.format->id), QStringLiteral("fping"));
        QCOMPARE(result.report.parseErrors.count(), 0);
        QCOMPARE(result.report.rangeErrors.count(), 0);

        const QString text = QString::fromUtf8(test::readAll(dir.filePath(name)));
        std::size_t samples = 0, lost = 0;
        for (const Dataset& data : result.datasets) {
            samples += data.latency.rttMs.size() + data.latency.duplicateRttMs.size();
            lost += data.latency.lostSequence.size();
        }
        QCOMPARE(static_cast<qsizetype>(samples), text.count(replyLine));
        if (text.contains(timeoutLine))
            QCOMPARE(static_cast<qsizetype>(lost), text.count(timeoutLine));

        const QStringList facts = test::manifestFacts(dir, name);
        QVERIFY2(!facts.isEmpty(), qPrintable(name + QStringLiteral(" has no MANIFEST.tsv row")));
        for (const QString& fact : facts) {
            const auto m = summaryFact.match(test::quotedFact(fact, QStringLiteral("stated")));
            if (!m.hasMatch())
                continue;
            const auto host = std::find_if(
                result.datasets.begin(), result.datasets.end(),
                [&](const Dataset& data) { return data.info.target == m.captured(1); });
            QVERIFY2(host != result.datasets.end(), qPrintable(m.captured(1)));
            const PingSummary& summary = host->latency.summary;
            QCOMPARE(test::orNaN(summary.transmitted), m.captured(2).toDouble());
            QCOMPARE(test::orNaN(summary.received), m.captured(3).toDouble());
            QCOMPARE(test::orNaN(summary.lossPercent), m.captured(4).toDouble());
            const auto stated = [&](int field) {
                return m.captured(field).isEmpty() ? kNone : m.captured(field).toDouble();
            };
            QCOMPARE(test::orNaN(summary.rttMin), stated(5));
            QCOMPARE(test::orNaN(summary.rttAvg), stated(6));
            QCOMPARE(test::orNaN(summary.rttMax), stated(7));
        }
    }
    qInfo("parsed %lld fping logs of the corpus", static_cast<long long>(files.size()));
}

QTEST_APPLESS_MAIN(TestFping)
#include "tst_fping.moc"
