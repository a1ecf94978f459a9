#include "ParserTestSupport.h"
#include "parse/FormatRegistry.h"

#include <QDir>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>

using namespace wb;

// Real ping logs collected from public projects (jc, pingparsing, telegraf fixtures, ...)
// with the facts MANIFEST.tsv states about each. For every Linux/BusyBox/BSD ping log the
// import must reproduce those facts: how many replies, duplicates and unanswered requests
// the log shows, and the tool's own summary values. Windows and fping logs are tested
// elsewhere. The corpus lives outside the repository (test::corpusDir); without it the test
// is skipped.

namespace {

QString corpusPath(const QString& file) {
    return test::corpusDir().filePath(file);
}

// The format a file name promises: ping_<dialect>_... or ping6_<dialect>_...
QString expectedFormat(const QString& file) {
    const QString dialect = file.section('_', 1, 1);
    if (dialect == QLatin1String("macos") || dialect == QLatin1String("freebsd"))
        return QStringLiteral("ping/bsd");
    return QStringLiteral("ping/") + dialect;
}

bool isUnixPing(const QString& file) {
    return (file.startsWith(QLatin1String("ping_")) || file.startsWith(QLatin1String("ping6_"))) &&
           !file.contains(QLatin1String("_windows_"));
}

std::int64_t count(const std::vector<std::int64_t>& values, std::int64_t value) {
    return std::count(values.begin(), values.end(), value);
}

// Warnings whose reported line contains `needle` (the parser reports seq-less ICMP errors,
// untimed replies and ping's own messages as warnings that quote the line).
std::int64_t warningsQuoting(const ParseReport& report, const QString& needle) {
    const auto& kept = report.warnings.kept();
    return std::count_if(kept.begin(), kept.end(),
                         [&](const ParseIssue& issue) { return issue.text.contains(needle); });
}

// How the parse accounts for the lines a "... lines=N" fact counts. Each kind is a different
// question to the parse result; the number of lines itself is recounted from the file.
enum class LineKind { Reply, Duplicate, Unanswered, IcmpError, PingMessage, Timestamped };

struct LineFact {
    const char* key;    // as written in MANIFEST.tsv, before "=N"
    const char* needle; // what every counted line contains
    LineKind kind;
};

const LineFact kLineFacts[] = {
    {"reply lines ('bytes from')", " bytes from ", LineKind::Reply},
    {"DUP! lines", "(DUP!)", LineKind::Duplicate},
    {"'no answer yet' lines", "no answer yet for icmp_seq=", LineKind::Unanswered},
    {"'Request timeout for' lines", "Request timeout for icmp_seq ", LineKind::Unanswered},
    {"'Destination Host Unreachable' lines", "Destination Host Unreachable", LineKind::IcmpError},
    {"'ping: sendmsg' lines", "ping: sendmsg", LineKind::PingMessage},
    {"lines with [epoch] prefix", "", LineKind::Timestamped},
};

const QRegularExpression& epochPrefix() {
    static const QRegularExpression re(QStringLiteral(R"(^\s*\[\d+\.\d+\] )"));
    return re;
}

class CorpusFile {
public:
    explicit CorpusFile(const QString& file) : m_text(test::readAll(corpusPath(file))) {
        m_lines = QString::fromUtf8(m_text).split('\n');
    }
    const QByteArray& bytes() const { return m_text; }
    QStringList linesWith(const LineFact& fact) const {
        QStringList out;
        for (const QString& line : m_lines) {
            if (fact.kind == LineKind::Timestamped ? epochPrefix().match(line).hasMatch()
                                                   : line.contains(fact.needle))
                out.append(line);
        }
        return out;
    }
    bool contains(const QString& text) const { return QString::fromUtf8(m_text).contains(text); }

private:
    QByteArray m_text;
    QStringList m_lines;
};

} // namespace

class TestCorpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void unixPing_data();
    void unixPing();

private:
    static void checkLineFact(const LineFact& fact, const QStringList& lines,
                              const ImportResult& result);
    static void checkStated(const QString& stated, const PingSummary& summary);
};

void TestCorpus::initTestCase() {
    WB_SKIP_WITHOUT_CORPUS();
    if (!QFileInfo::exists(corpusPath(QStringLiteral("MANIFEST.tsv"))))
        QSKIP(qPrintable(QStringLiteral("no ping corpus at %1 (set WIREBENCH_CORPUS_DIR to "
                                        "a folder with MANIFEST.tsv)")
                             .arg(test::corpusDir().path())));
}

void TestCorpus::unixPing_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("facts");
    const QList<QByteArray> rows =
        test::readAll(corpusPath(QStringLiteral("MANIFEST.tsv"))).split('\n');
    int used = 0;
    for (const QByteArray& row : rows.mid(1)) { // the first row names the columns
        const QStringList columns = QString::fromUtf8(row).split('\t');
        if (columns.size() < 5 || columns[1] != QLatin1String("ping") || !isUnixPing(columns[0]))
            continue;
        QTest::newRow(qPrintable(columns[0])) << columns[0] << columns[4].split(" | ");
        ++used;
    }
    if (used == 0)
        qWarning("MANIFEST.tsv lists no Linux/BusyBox/BSD ping logs");
}

void TestCorpus::unixPing() {
    QFETCH(QString, file);
    QFETCH(QStringList, facts);

    const CorpusFile corpus(file);
    QVERIFY2(!corpus.bytes().isEmpty(), qPrintable("cannot read " + file));
    const ImportResult result = FileImporter::importFile(corpusPath(file));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(QString::fromLatin1(result.format->tool), QStringLiteral("ping"));
    QCOMPARE(QString::fromLatin1(result.format->id), expectedFormat(file));
    QCOMPARE(result.datasets.size(), std::size_t{1});
    QCOMPARE(result.report.parseErrors.count(), 0);
    QCOMPARE(result.report.rangeErrors.count(), 0);
    const LatencySeries& series = result.datasets.front().latency;
    const PingSummary& summary = series.summary;
    if (summary.hasCounts() && (series.size() > 0 || summary.received == 0)) {
        // Every request the summary counts as unanswered is listed as lost (ping -q logs,
        // which show no replies, cannot say which ones).
        QCOMPARE(static_cast<std::int64_t>(series.size()), *summary.received);
        QCOMPARE(static_cast<std::int64_t>(series.lostSequence.size()),
                 *summary.transmitted - *summary.received);
    }

    static const QRegularExpression countFact(QStringLiteral(R"(^(.+)=(\d+)$)"));
    static const QRegularExpression statedFact(QStringLiteral(R"(^stated: '(.*)'$)"));
    static const QRegularExpression rangeFact(
        QStringLiteral(R"(^first reply (\w+)=(\d+), last reply \w+=(\d+))"));
    for (const QString& fact : facts) {
        if (const auto m = statedFact.match(fact); m.hasMatch()) {
            QVERIFY2(corpus.contains(m.captured(1)), qPrintable("not in the file: " + fact));
            checkStated(m.captured(1), series.summary);
        } else if (const auto m = rangeFact.match(fact); m.hasMatch()) {
            QVERIFY(series.size() > 0);
            QCOMPARE(series.sequence.front(), m.captured(2).toLongLong());
            QCOMPARE(series.sequence.back(), m.captured(3).toLongLong());
            QVERIFY2(!series.lostSequence.empty(), "the gaps are listed as lost requests");
        } else if (const auto m = countFact.match(fact); m.hasMatch()) {
            const auto known = std::find_if(
                std::begin(kLineFacts), std::end(kLineFacts),
                [&](const LineFact& line) { return m.captured(1) == QLatin1String(line.key); });
            QVERIFY2(known != std::end(kLineFacts), qPrintable("unrecognised fact: " + fact));
            const QStringList lines = corpus.linesWith(*known);
            QVERIFY2(lines.size() == m.captured(2).toInt(),
                     qPrintable(QStringLiteral("the file has %1 such lines: ").arg(lines.size()) +
                                fact));
            checkLineFact(*known, lines, result);
        } else if (fact == QLatin1String("no trailing newline")) {
            QVERIFY(!corpus.bytes().endsWith('\n'));
        } else if (fact == QLatin1String("NO statistics block")) {
            QVERIFY(!series.summary.hasCounts() && !series.summary.hasRtt());
        } else {
            QFAIL(qPrintable("unrecognised fact: " + fact));
        }
    }
    qInfo("%s: %s, %zu samples, %lld duplicates, %zu lost, %zu ICMP errors, %lld warnings, "
          "%lld ignored lines, summary %lld/%lld: %lld facts ok",
          qPrintable(file), result.format->id, series.size(),
          static_cast<long long>(series.duplicateCount()), series.lostSequence.size(),
          series.errorSequence.size(), static_cast<long long>(result.report.warnings.count()),
          static_cast<long long>(result.report.ignoredLines),
          static_cast<long long>(series.summary.transmitted.value_or(-1)),
          static_cast<long long>(series.summary.received.value_or(-1)),
          static_cast<long long>(facts.size()));
}

void TestCorpus::checkLineFact(const LineFact& fact, const QStringList& lines,
                               const ImportResult& result) {
    const LatencySeries& series = result.datasets.front().latency;
    const ParseReport& report = result.report;
    const auto n = static_cast<std::int64_t>(lines.size());
    switch (fact.kind) {
    case LineKind::Reply:
        // Timed replies become samples or duplicates; untimed and ICMP-error replies
        // (macOS "92 bytes from h: Destination Host Unreachable") are reported as warnings.
        QCOMPARE(static_cast<std::int64_t>(series.size()) + series.duplicateCount() +
                     warningsQuoting(report, fact.needle),
                 n);
        break;
    case LineKind::Duplicate:
        QCOMPARE(series.duplicateCount(), n);
        break;
    case LineKind::Unanswered: {
        // Each request ping gave up on is lost, unless its reply came late after all.
        static const QRegularExpression seq(QStringLiteral(R"(icmp_seq[= ](\d+))"));
        for (const QString& line : lines) {
            const std::int64_t k = seq.match(line).captured(1).toLongLong();
            QVERIFY2(count(series.lostSequence, k) + count(series.sequence, k) == 1,
                     qPrintable(line));
        }
        break;
    }
    case LineKind::IcmpError:
        QCOMPARE(static_cast<std::int64_t>(series.errorSequence.size()) +
                     warningsQuoting(report, fact.needle),
                 n);
        break;
    case LineKind::PingMessage:
        QCOMPARE(warningsQuoting(report, fact.needle), n);
        break;
    case LineKind::Timestamped: {
        // -D stamps every line; when every counted reply has a stamp, every sample has one.
        const auto stampedReplies = std::count_if(lines.begin(), lines.end(), [](const QString& l) {
            return l.contains(" bytes from ") && !l.contains("(DUP!)");
        });
        QCOMPARE(static_cast<std::int64_t>(stampedReplies),
                 static_cast<std::int64_t>(series.size()));
        QCOMPARE(series.timestamps.size(), series.size());
        QVERIFY(series.size() == 0 || series.hasTimestamps());
        break;
    }
    }
}

// A summary line of the log, re-read here independently of the parser, against what the
// parser stored.
void TestCorpus::checkStated(const QString& stated, const PingSummary& summary) {
    static const QRegularExpression counts(QStringLiteral(
        R"(^(\d+) packets transmitted, (\d+) (?:packets )?received(?:, \+?(\d+) duplicates)?)"
        R"((?:, \+(\d+) errors)?, ([\d.]+)% packet loss(?:, time (\d+)ms)?$)"));
    static const QRegularExpression rtt(
        QStringLiteral(R"(^(?:rtt|round-trip) min/avg/max(?:/(?:mdev|stddev|std-dev))? = )"
                       R"(([\d.]+)/([\d.]+)/([\d.]+)(?:/([\d.]+))? ms)"));
    static const QRegularExpression pipe(QStringLiteral(R"(^pipe \d+$)"));

    // Absent values compare as NaN, so a field the parser missed or invented shows.
    const auto number = [](const QString& text) {
        return text.isEmpty() ? std::nan("") : text.toDouble();
    };
    using test::orNaN;
    if (const auto m = counts.match(stated); m.hasMatch()) {
        QCOMPARE(orNaN(summary.transmitted), number(m.captured(1)));
        QCOMPARE(orNaN(summary.received), number(m.captured(2)));
        QCOMPARE(orNaN(summary.duplicates), number(m.captured(3)));
        QCOMPARE(orNaN(summary.errors), number(m.captured(4)));
        QCOMPARE(orNaN(summary.lossPercent), number(m.captured(5)));
        QCOMPARE(orNaN(summary.timeMs), number(m.captured(6)));
    } else if (const auto m = rtt.match(stated); m.hasMatch()) {
        QCOMPARE(orNaN(summary.rttMin), number(m.captured(1)));
        QCOMPARE(orNaN(summary.rttAvg), number(m.captured(2)));
        QCOMPARE(orNaN(summary.rttMax), number(m.captured(3)));
        QCOMPARE(orNaN(summary.rttDeviation), number(m.captured(4)));
    } else {
        // "pipe N" (how many requests were in flight at once) is not part of the model.
        QVERIFY2(pipe.match(stated).hasMatch(), qPrintable("unrecognised summary: " + stated));
    }
}

QTEST_APPLESS_MAIN(TestCorpus)
#include "tst_corpus.moc"
