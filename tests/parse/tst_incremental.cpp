#include "TestSupport.h"
#include "import/StreamImport.h"
#include "parse/FormatRegistry.h"
#include "report/DatasetJson.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <random>
#include <string_view>
#include <utility>

#include <time.h>

using namespace wb;

// Properties every log in samples/ and tests/data/ must have, whatever its format:
// - reading it in chunks of random sizes (down to one byte) gives exactly the import of
//   reading it whole (datasets, report counts and issues with their line numbers);
// - cutting it at a line boundary gives exactly the measurements whose lines precede the cut;
// - CRLF line endings read like LF ones, and so do CR-only ones (serial and terminal captures),
//   fed in chunks of random sizes, so that a CRLF or a CR falls across two chunks.
// The per-format tests check these on chosen files and cuts; here every file and (within a
// time budget) every line boundary is tried.
class TestIncremental : public QObject {
    Q_OBJECT

private slots:
    void randomChunksGiveTheWholeImport_data() { addLogRows(); }
    void randomChunksGiveTheWholeImport();
    void truncationKeepsWhatPrecedesTheCut_data() { addLogRows(); }
    void truncationKeepsWhatPrecedesTheCut();
    void crlfReadsLikeLf_data() { addLogRows(); }
    void crlfReadsLikeLf();
    void crOnlyReadsLikeLf_data() { addLogRows(); }
    void crOnlyReadsLikeLf();
    void liveStreamGivesTheWholeImport_data() { addLogRows(); }
    void liveStreamGivesTheWholeImport();
    void liveStreamCostsWhatArrived();

private:
    static void addLogRows();
};

namespace {

// Under the sanitizers, which multiply every row's cost, each folder gives this many logs of
// each format (every format and folder still represented); a plain build reads them all.
constexpr int kSanitizerLogsPerFolderAndFormat = 2;

// The files under samples/ and tests/data/ that the importer recognises as logs.
QStringList logFiles() {
    QStringList all;
    for (const QString& root : {test::samplePath(QString()), test::dataPath(QString())}) {
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            all << it.next();
    }
    all.sort();
    QStringList files;
    QHash<QString, int> taken; // folder and format id -> logs taken
    for (const QString& path : all) {
        const QByteArray head = test::readAll(path).left(FormatRegistry::kSniffBytes);
        const FormatEntry* format = FileImporter::detect(
            std::string_view(head.constData(), std::size_t(head.size())), nullptr);
        if (!format)
            continue;
        int& count = taken[QFileInfo(path).path() + QLatin1Char('|') + QLatin1String(format->id)];
        if (test::kSlowdown == 1 || count++ < kSanitizerLogsPerFolderAndFormat)
            files << path;
    }
    return files;
}

// The formats that are one JSON document (iperf3 -J, irtt, Flent), not lines.
bool isJsonDocument(QLatin1String id) {
    return id == QLatin1String("iperf3/json") || id == QLatin1String("irtt/json") ||
           id == QLatin1String("flent");
}

QString relativeName(const QString& path) {
    return path.mid(
        path.lastIndexOf(QLatin1String(path.contains("/samples/") ? "/samples/" : "/data/")) + 1);
}

std::string_view view(const QByteArray& bytes) {
    return {bytes.constData(), static_cast<std::size_t>(bytes.size())};
}

// Everything an import produced, as text: DatasetJson::describe (every dataset field and the
// kept issues with their lines) plus the exact issue counts it leaves out.
QByteArray fullDescription(const ImportResult& result) {
    const ParseReport& report = result.report;
    return test::describe(result) + QStringLiteral("counts: parse %1 range %2 warnings %3\n")
                                        .arg(report.parseErrors.count())
                                        .arg(report.rangeErrors.count())
                                        .arg(report.warnings.count())
                                        .toUtf8();
}

// The first line where two descriptions differ, for a readable failure.
QString firstDifference(const QByteArray& actual, const QByteArray& expected) {
    const QList<QByteArray> a = actual.split('\n');
    const QList<QByteArray> e = expected.split('\n');
    for (qsizetype i = 0; i < std::min(a.size(), e.size()); ++i)
        if (a[i] != e[i])
            return QStringLiteral("line %1: %2 instead of %3")
                .arg(i + 1)
                .arg(QString::fromUtf8(a[i].trimmed()), QString::fromUtf8(e[i].trimmed()));
    return QStringLiteral("lengths %1 and %2").arg(a.size()).arg(e.size());
}

// Bytes parsed per file by the truncation test at most: every cut of the small logs, an
// even spread (plus the first and last lines) of the 5000-line samples. Sanitized builds
// parse 10x slower and get a tenth of it.
constexpr qint64 kTruncationBudget = (qint64{4} << 20) / test::kSlowdown;

// Where to cut: the line counts (1-based, cut after that line) to try.
std::vector<qsizetype> cutLines(qsizetype lines, qint64 bytes) {
    const qint64 affordable = std::max<qint64>(1, kTruncationBudget / std::max<qint64>(bytes, 1));
    std::vector<qsizetype> cuts;
    if (affordable >= lines) {
        for (qsizetype k = 1; k <= lines; ++k)
            cuts.push_back(k);
        return cuts;
    }
    // The first and last lines are where cuts go wrong; a large log cannot afford many of
    // them either (each cut near its end parses the whole log).
    const qsizetype ends =
        std::min<qsizetype>({20, lines / 2, std::max<qsizetype>(1, qsizetype(affordable / 2))});
    const qsizetype stride = std::max<qsizetype>(1, lines / std::max<qint64>(1, affordable));
    for (qsizetype k = 1; k <= lines; ++k)
        if (k <= ends || k > lines - ends || k % stride == 0)
            cuts.push_back(k);
    return cuts;
}

// The issues of a report up to a line, as text.
QStringList issuesUpTo(const IssueList& issues, qint64 line) {
    QStringList out;
    for (const ParseIssue& issue : issues.kept())
        if (issue.line <= line)
            out << QStringLiteral("%1: %2").arg(issue.line).arg(issue.message);
    return out;
}

bool isPrefixOf(const QJsonArray& part, const QJsonArray& whole) {
    if (part.size() > whole.size())
        return false;
    for (qsizetype i = 0; i < part.size(); ++i)
        if (part[i] != whole[i])
            return false;
    return true;
}

// The dataset of `whole` that the index-th one of a cut log continues: for latency the one
// of the same target (fping has one per target), else the one at the same place (a test's
// target may only be named after its first lines).
const Dataset* matching(const std::vector<Dataset>& part, std::size_t index,
                        const std::vector<Dataset>& whole) {
    if (part[index].kind == Dataset::Kind::Throughput)
        return index < whole.size() ? &whole[index] : nullptr;
    // Runs appended to one file (two may have one target) keep their places.
    if (index < whole.size() && whole[index].info.target == part[index].info.target)
        return &whole[index];
    for (const Dataset& candidate : whole)
        if (candidate.info.target == part[index].info.target)
            return &candidate;
    // The target is named by a line after the cut (the header of a log without one, the
    // summary of fping -C): the dataset at the same place.
    return index < whole.size() ? &whole[index] : nullptr;
}

// What differs between the measurements of a cut log and those of the whole log, or an
// empty string when the cut's are a prefix of the whole's. Latency: replies, duplicates and
// timestamps in order. Throughput: each flow's interval lines and the SUM lines.
// Times are compared unless the whole log judged them by lines after the cut (timesRevised):
// a clock that steps back later drops them, `ts -i` prefixes turn out to be increments.
QString notAPrefix(const Dataset& part, const Dataset& whole, bool timesRevised) {
    QJsonObject p = DatasetJson::describe(part);
    const QJsonObject w = DatasetJson::describe(whole);
    if (part.kind == Dataset::Kind::Latency) {
        // A ping reply's damage is told on the line after it ("wrong data byte"): the reply a
        // cut ends at may be a sample or duplicate there that the whole log lists as damaged.
        const qsizetype damaged = p.value(QLatin1String("damaged_sequence")).toArray().size();
        const QJsonArray wholeDamagedRtt = w.value(QLatin1String("damaged_rtt_ms")).toArray();
        const QJsonArray wholeDamagedSequence =
            w.value(QLatin1String("damaged_sequence")).toArray();
        for (const auto& [rttKey, sequenceKey] :
             {std::pair{"rtt_ms", "sequence"},
              std::pair{"duplicate_rtt_ms", "duplicate_sequence"}}) {
            QJsonArray rtt = p.value(QLatin1String(rttKey)).toArray();
            QJsonArray sequence = p.value(QLatin1String(sequenceKey)).toArray();
            if (rtt.isEmpty() || sequence.size() != rtt.size() ||
                (isPrefixOf(rtt, w.value(QLatin1String(rttKey)).toArray()) &&
                 isPrefixOf(sequence, w.value(QLatin1String(sequenceKey)).toArray())) ||
                wholeDamagedRtt.size() <= damaged || wholeDamagedRtt[damaged] != rtt.last() ||
                wholeDamagedSequence[damaged] != sequence.last())
                continue;
            QJsonArray times = p.value(QLatin1String("timestamps")).toArray();
            if (rttKey == std::string_view("rtt_ms") && times.size() == rtt.size()) {
                times.removeLast();
                p.insert(QLatin1String("timestamps"), times);
            }
            rtt.removeLast();
            sequence.removeLast();
            p.insert(QLatin1String(rttKey), rtt);
            p.insert(QLatin1String(sequenceKey), sequence);
            break;
        }
        for (const char* key : {"rtt_ms", "sequence", "duplicate_rtt_ms", "duplicate_sequence",
                                "timestamps", "damaged_rtt_ms", "damaged_sequence"}) {
            if (timesRevised && QLatin1String(key) == QLatin1String("timestamps"))
                continue;
            if (!isPrefixOf(p.value(QLatin1String(key)).toArray(),
                            w.value(QLatin1String(key)).toArray()))
                return QLatin1String(key);
        }
        return {};
    }
    const QJsonObject pf = p.value("flows").toObject();
    const QJsonObject wf = w.value("flows").toObject();
    // A UDP receiver's out-of-order count comes on the line after its interval (iperf3 text):
    // the interval a cut ends at may lack it.
    const auto isPrefix = [](QJsonArray part, QJsonArray whole) {
        if (!part.isEmpty() && part.size() <= whole.size()) {
            const qsizetype last = part.size() - 1;
            QJsonObject a = part[last].toObject();
            QJsonObject b = whole[last].toObject();
            if (!a.value(QLatin1String("out_of_order")).isDouble() || a == b) {
                a.remove(QLatin1String("out_of_order"));
                b.remove(QLatin1String("out_of_order"));
                part[last] = a;
                whole[last] = b;
            }
        }
        return isPrefixOf(part, whole);
    };
    if (!isPrefix(pf.value("sum_intervals").toArray(), wf.value("sum_intervals").toArray()))
        return QStringLiteral("sum_intervals");
    for (const QJsonValue& flow : pf.value("flows").toArray()) {
        const QString id = flow.toObject().value("id").toString();
        QJsonArray wholeIntervals;
        for (const QJsonValue& candidate : wf.value("flows").toArray())
            if (candidate.toObject().value("id").toString() == id)
                wholeIntervals = candidate.toObject().value("intervals").toArray();
        if (!isPrefix(flow.toObject().value("intervals").toArray(), wholeIntervals))
            return QStringLiteral("flow ") + id;
    }
    return {};
}

} // namespace

void TestIncremental::addLogRows() {
    QTest::addColumn<QString>("path");
    const QStringList files = logFiles();
    QVERIFY2(files.size() >= (test::kSlowdown == 1 ? 150 : 50),
             qPrintable(QString::number(files.size())));
    for (const QString& path : files)
        QTest::newRow(qPrintable(relativeName(path))) << path;
}

void TestIncremental::randomChunksGiveTheWholeImport() {
    QFETCH(QString, path);
    const QByteArray whole = fullDescription(FileImporter::importFile(path));
    // Three seeds, three scales: byte by byte (1-8), a few lines (up to 512), big blocks.
    const int largest[] = {8, 512, 65536};
    for (std::uint32_t seed = 0; seed < 3; ++seed) {
        std::mt19937 random(seed * 7919u + qHash(relativeName(path)));
        std::uniform_int_distribution<std::size_t> size(1, std::size_t(largest[seed]));
        ImportOptions options;
        options.nextChunkSize = [&] { return size(random); };
        const QByteArray chunked = fullDescription(FileImporter::importFile(path, options));
        QVERIFY2(chunked == whole,
                 qPrintable(
                     QStringLiteral("seed %1: %2").arg(seed).arg(firstDifference(chunked, whole))));
    }
}

// A log cut after line k (a killed ping, a copy taken while iperf ran) yields exactly what
// the log holds before the cut:
// - the measurements are a prefix of the whole log's (replies with their sequence numbers,
//   duplicates and timestamps; for iperf each flow's intervals and the SUM lines, matched by
//   flow id), and there are as many as the parser had taken after reading line k of the
//   whole file. For ping that is one per reply line before the cut, and each one is kept.
//   For iperf it is the report lines before the cut (text, CSV) or the stream intervals whose
//   JSON object closed before it (-J): an interval counts once its line, or the line closing
//   its object, is read. iperf's report counts include whole-run lines, and iperf 2 sorts its
//   lines into flows only at the end, so for iperf the count is checked against the streaming
//   parser and the kept intervals are checked to be a prefix, flow by flow. Whole-run totals
//   and summaries are not compared: a cut log has none, or only some.
// - the parse and range errors are those of the whole log up to line k; a JSON document may
//   add one, at line k, saying where it was cut off.
void TestIncremental::truncationKeepsWhatPrecedesTheCut() {
    QFETCH(QString, path);
    const QByteArray bytes = test::readAll(path);
    const ImportResult whole = FileImporter::importBytes(view(bytes), path);
    QVERIFY(whole.ok());
    const QString format = QString::fromLatin1(whole.format->id);
    // irtt and Flent write their JSON once, when the test ends: a cut file is a damaged
    // document, not a log with fewer lines (tst_irtt and tst_flent check its error).
    if (format == QLatin1String("irtt/json") || format == QLatin1String("flent"))
        QSKIP("written whole at the end: a cut file is damaged, not shorter");

    // Where each line ends, and how many measurements the parser has after each line.
    std::vector<qsizetype> lineEnds;
    std::vector<std::int64_t> samplesAfter;
    std::unique_ptr<LogParser> streaming = whole.format->create();
    for (qsizetype at = 0; at < bytes.size();) {
        qsizetype end = bytes.indexOf('\n', at);
        end = end < 0 ? bytes.size() : end + 1;
        streaming->feed(view(bytes).substr(std::size_t(at), std::size_t(end - at)));
        lineEnds.push_back(end);
        samplesAfter.push_back(streaming->report().samples);
        at = end;
    }

    const bool countsAsItReads = streaming->report().samples == whole.report.samples;
    const auto& warnings = whole.report.warnings.kept();
    const bool timesRevised =
        std::any_of(warnings.begin(), warnings.end(), [](const ParseIssue& issue) {
            return issue.message.contains(QStringLiteral("step backwards")) ||
                   issue.message.contains(QStringLiteral("(ts -i)"));
        });
    std::int64_t samplesBefore = 0;
    const bool json = format == QLatin1String("iperf3/json");
    for (qsizetype k : cutLines(qsizetype(lineEnds.size()), bytes.size())) {
        const QByteArray prefix = bytes.left(lineEnds[std::size_t(k - 1)]);
        const ImportResult cut = test::parseBytes(prefix, path, 1 << 20, format);
        const QString where = QStringLiteral("cut after line %1").arg(k);
        QVERIFY2(cut.ok(), qPrintable(where + QStringLiteral(": ") + cut.error));
        // fping matches reply lines with its -C/-s summary and counts only at the end; then
        // a later cut keeps at least as much as an earlier one.
        const std::int64_t expected =
            countsAsItReads ? samplesAfter[std::size_t(k - 1)] : samplesBefore;
        QVERIFY2(countsAsItReads
                     ? cut.report.samples == expected
                     : cut.report.samples >= expected && cut.report.samples <= whole.report.samples,
                 qPrintable(QStringLiteral("%1: %2 samples, %3 read by then")
                                .arg(where)
                                .arg(cut.report.samples)
                                .arg(expected)));
        samplesBefore = cut.report.samples;
        std::int64_t replies = 0;
        for (std::size_t i = 0; i < cut.datasets.size(); ++i) {
            const Dataset* full = matching(cut.datasets, i, whole.datasets);
            QVERIFY2(full, qPrintable(where + QStringLiteral(": a dataset the whole log lacks")));
            const QString difference = notAPrefix(cut.datasets[i], *full, timesRevised);
            QVERIFY2(difference.isEmpty(),
                     qPrintable(where + QStringLiteral(": not a prefix: ") + difference));
            replies += std::int64_t(cut.datasets[i].latency.size());
        }
        if (whole.format->kind == Dataset::Kind::Latency)
            QVERIFY2(replies == cut.report.samples,
                     qPrintable(QStringLiteral("%1: %2 replies kept, %3 counted")
                                    .arg(where)
                                    .arg(replies)
                                    .arg(cut.report.samples)));
        for (auto list : {&ParseReport::parseErrors, &ParseReport::rangeErrors}) {
            QStringList issues = issuesUpTo(cut.report.*list, k);
            const QStringList expected = issuesUpTo(whole.report.*list, k);
            if (json && list == &ParseReport::parseErrors && issues.size() == expected.size() + 1 &&
                issues.last().startsWith(QString::number(k) + QLatin1Char(':')))
                issues.removeLast(); // "the document is cut off at line k"
            QVERIFY2(issues == expected,
                     qPrintable(where + QStringLiteral(": ") + issues.join(" | ") +
                                QStringLiteral(" vs ") + expected.join(" | ")));
        }
    }
}

void TestIncremental::crlfReadsLikeLf() {
    QFETCH(QString, path);
    QByteArray lf = test::readAll(path);
    lf.replace("\r\n", "\n");
    QByteArray crlf = lf;
    crlf.replace("\n", "\r\n");
    const QByteArray expected = fullDescription(test::parseBytes(lf, path));
    const QByteArray actual = fullDescription(test::parseBytes(crlf, path));
    QVERIFY2(actual == expected, qPrintable(firstDifference(actual, expected)));
}

void TestIncremental::crOnlyReadsLikeLf() {
    QFETCH(QString, path);
    QByteArray lf = test::readAll(path);
    lf.replace("\r\n", "\n");
    const ImportResult whole = test::parseBytes(lf, path);
    QVERIFY(whole.format);
    // A JSON log's line numbers count LFs (JSON treats CR as blank space like any other).
    if (isJsonDocument(QLatin1String(whole.format->id)))
        QSKIP("JSON is not read by lines");
    QByteArray crOnly = lf;
    crOnly.replace('\n', '\r');
    const QByteArray expected = fullDescription(whole);
    QCOMPARE(fullDescription(test::parseBytes(crOnly, path)), expected);
    std::mt19937 random(qHash(relativeName(path)));
    std::uniform_int_distribution<std::size_t> size(1, 256);
    ImportOptions options;
    options.nextChunkSize = [&] { return size(random); };
    const QByteArray actual =
        fullDescription(FileImporter::importBytes(view(crOnly), path, options));
    QVERIFY2(actual == expected, qPrintable(firstDifference(actual, expected)));
    // Mixed: every other line end a lone CR, the rest CRLF.
    QByteArray mixed;
    bool alone = false;
    for (const char c : lf) {
        if (c == '\n')
            mixed += (alone = !alone) ? QByteArray("\r") : QByteArray("\r\n");
        else
            mixed += c;
    }
    const QByteArray mixedRead =
        fullDescription(FileImporter::importBytes(view(mixed), path, options));
    QVERIFY2(mixedRead == expected, qPrintable(firstDifference(mixedRead, expected)));
}

// A live run's output read by StreamImport, appended in random pieces with snapshots between
// them: finished, it is exactly the import of the whole log (with the format sniffed, and
// given as a run gives it); the snapshots' growth, added up, is a prefix of the final
// measurements, so nothing shown live is lost or shown twice.
void TestIncremental::liveStreamGivesTheWholeImport() {
    QFETCH(QString, path);
    const QByteArray bytes = test::readAll(path);
    const ImportResult sniffed = FileImporter::importBytes(view(bytes), path);
    QVERIFY(sniffed.format);
    ImportOptions given;
    given.format = QString::fromLatin1(sniffed.format->id);
    for (const ImportOptions& options : {ImportOptions(), given}) {
        const QByteArray whole =
            fullDescription(FileImporter::importBytes(view(bytes), path, options));
        std::mt19937 random(qHash(relativeName(path)) + options.format.size());
        std::uniform_int_distribution<std::size_t> size(1, 4096);
        StreamImport stream(path, options);
        std::vector<Dataset> shown;
        for (std::size_t at = 0; at < std::size_t(bytes.size());) {
            const std::size_t piece = std::min(size(random), std::size_t(bytes.size()) - at);
            stream.append(view(bytes).substr(at, piece));
            at += piece;
            if (size(random) % 4 != 0)
                continue;
            const LiveSnapshot snapshot = stream.snapshot();
            shown.resize(std::max(shown.size(), snapshot.datasets.size()));
            for (std::size_t i = 0; i < snapshot.datasets.size(); ++i)
                snapshot.datasets[i].applyTo(shown[i]);
        }
        const ImportResult finished = stream.finish();
        const QByteArray streamed = fullDescription(finished);
        QVERIFY2(streamed == whole,
                 qPrintable(QStringLiteral("format \"%1\": %2")
                                .arg(options.format, firstDifference(streamed, whole))));
        for (std::size_t i = 0; i < shown.size(); ++i) {
            if (shown[i].kind != Dataset::Kind::Latency || shown[i].latency.size() == 0)
                continue;
            const Dataset* full = matching(shown, i, finished.datasets);
            QVERIFY2(full,
                     qPrintable(QStringLiteral("dataset %1 shown live is not in the log").arg(i)));
            const QString difference = notAPrefix(shown[i], *full, true);
            QVERIFY2(difference.isEmpty(),
                     qPrintable(QStringLiteral("dataset %1 shown live: ").arg(i) + difference));
        }
    }
}

namespace {

double threadCpuSeconds() {
    timespec time{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
    return double(time.tv_sec) + double(time.tv_nsec) * 1e-9;
}

// An iputils -D log of `replies` replies with seeded RTTs.
QByteArray pingLog(int replies) {
    std::mt19937 random(7);
    std::lognormal_distribution<double> rtt(-2.3, 0.4);
    QByteArray log = "PING 198.18.0.2 (198.18.0.2) 56(84) bytes of data.\n";
    log.reserve(qsizetype(replies) * 80);
    for (int seq = 1; seq <= replies; ++seq)
        log += "[" + QByteArray::number(1764633228.0 + seq * 0.001, 'f', 6) +
               "] 64 bytes from 198.18.0.2: icmp_seq=" + QByteArray::number(seq) +
               " ttl=64 time=" + QByteArray::number(rtt(random), 'f', 3) + " ms\n";
    return log;
}

// CPU seconds of reading `log` as a live run does: pieces as a pipe gives them, a snapshot
// after every few (as often as a run's ticks allow at 60,000 replies a second).
double liveParseSeconds(const QByteArray& log) {
    constexpr std::size_t kPiece = 64 * 1024;
    constexpr int kPiecesPerSnapshot = 16;
    ImportOptions options;
    options.format = QStringLiteral("ping/iputils");
    const double start = threadCpuSeconds();
    StreamImport stream(QStringLiteral("live.log"), options);
    int pieces = 0;
    for (std::size_t at = 0; at < std::size_t(log.size()); at += kPiece) {
        stream.append(view(log).substr(at, kPiece));
        if (++pieces % kPiecesPerSnapshot == 0)
            (void)stream.snapshot();
    }
    const ImportResult result = stream.finish();
    const double seconds = threadCpuSeconds() - start;
    return result.report.samples > 0 ? seconds : -1;
}

double importSeconds(const QByteArray& log) {
    const double start = threadCpuSeconds();
    const ImportResult result = FileImporter::importBytes(view(log), QStringLiteral("live.log"));
    return result.report.samples > 0 ? threadCpuSeconds() - start : -1;
}

template <typename Measure> double bestOf(int tries, Measure measure) {
    double best = measure();
    for (int i = 1; i < tries; ++i)
        best = std::min(best, measure());
    return best;
}

} // namespace

// The parse work of a live run is linear in its output: four times the replies cost about
// four times as much (a parse of everything so far per snapshot grows quadratically), and the
// whole live parse, snapshots included, costs at most twice the import of the finished log.
void TestIncremental::liveStreamCostsWhatArrived() {
    constexpr int kReplies = 75000;
    const QByteArray small = pingLog(kReplies);
    const QByteArray large = pingLog(4 * kReplies);
    const double smallLive = bestOf(3, [&] { return liveParseSeconds(small); });
    const double largeLive = bestOf(3, [&] { return liveParseSeconds(large); });
    const double largeImport = bestOf(3, [&] { return importSeconds(large); });
    qInfo("live parse: %d replies %.3f s, %d replies %.3f s; import %.3f s", kReplies, smallLive,
          4 * kReplies, largeLive, largeImport);
    QVERIFY(smallLive > 0 && largeLive > 0 && largeImport > 0);
    // Linear: 4; quadratic: 16. Timer resolution and caches leave room.
    QVERIFY2(largeLive <= 7 * smallLive + 0.005,
             qPrintable(QStringLiteral("%1 s vs %2 s").arg(largeLive).arg(smallLive)));
    QVERIFY2(largeLive <= 2 * largeImport + 0.005,
             qPrintable(QStringLiteral("%1 s vs import %2 s").arg(largeLive).arg(largeImport)));
}

QTEST_APPLESS_MAIN(TestIncremental)
#include "tst_incremental.moc"
