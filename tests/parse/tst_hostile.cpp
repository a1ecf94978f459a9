#include "TestSupport.h"
#include "parse/FormatRegistry.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace wb;

// Hostile and odd files, read by the importer and by wirebench-cli: whatever the file, the
// import does not crash, keeps what was readable and says what is wrong with file and line,
// and the CLI exits as the README says (0 fine, 1 some file had problems, 2 nothing usable).
// Empty files, directories, binary data, a missing file and a 1 MB line are in tst_importer
// and tst_cli::exitCodes; CRLF and chunking in tst_incremental.
class TestHostile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void unreadableFile();
    void hundredMegabyteLine();
    void nulBytesInsideALog();
    void invalidUtf8();
    void byteOrderMarks_data();
    void byteOrderMarks();
    void mixedDialects_data();
    void mixedDialects();
    void appendedRuns_data();
    void appendedRuns();
    void numbersOutOfRange_data();
    void numbersOutOfRange();
    void hugeSequenceNumbers_data();
    void hugeSequenceNumbers();
    void farSequenceGapListsNoRepliedRequest();
    void fileGrowsWhileRead();
    void fileDeletedDuringImport();

private:
    QString write(const QString& name, const QByteArray& bytes);
    // Reply lines of a ping still running (no summary yet).
    static QByteArray runningLog(int firstSequence, int lastSequence);
    QTemporaryDir m_dir;
    QByteArray m_log; // 200 iputils replies with header and summary
};

namespace {

QByteArray data(const QString& relative) {
    const QByteArray bytes = test::readAll(test::dataPath(relative));
    if (bytes.isEmpty())
        qFatal("test log %s is missing", qPrintable(relative));
    return bytes;
}

// The CLI's stderr lines that name the file, a line number and a problem.
QStringList lineMessages(const test::CliRun& run, const QString& file) {
    QStringList out;
    const QRegularExpression shape(QStringLiteral("^wirebench-cli: %1: line (\\d+): .+")
                                       .arg(QRegularExpression::escape(file)));
    for (const QString& line : run.err.split(QLatin1Char('\n')))
        if (shape.match(line).hasMatch())
            out << line;
    return out;
}

// The replies of a log, as text, to compare two imports' data exactly.
QByteArray replies(const ImportResult& result) {
    QByteArray out;
    for (const Dataset& dataset : result.datasets)
        for (std::size_t i = 0; i < dataset.latency.size(); ++i)
            out += QByteArray::number(dataset.latency.sequence[i]) + ' ' +
                   QByteArray::number(dataset.latency.rttMs[i], 'g', 17) + '\n';
    return out;
}

} // namespace

void TestHostile::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_log = test::cleanPingLog();
}

QString TestHostile::write(const QString& name, const QByteArray& bytes) {
    return test::writeTestFile(m_dir.path(), name, bytes);
}

void TestHostile::unreadableFile() {
    // Root reads any file, and CI runs as root: then the CLI runs as nobody (setpriv), on a
    // file in a folder nobody may enter but whose file it may not read.
    const QString folder = m_dir.filePath(QStringLiteral("shared"));
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                              QFileDevice::ExeOwner | QFileDevice::ReadOther |
                                              QFileDevice::ExeOther));
    QVERIFY(QFile::setPermissions(m_dir.path(),
                                  QFile::permissions(m_dir.path()) | QFileDevice::ExeOther));
    const QString path = QDir(folder).filePath(QStringLiteral("secret.txt"));
    QVERIFY(QFile::copy(write("readable.txt", m_log), path));
    QVERIFY(QFile::setPermissions(path, QFileDevice::WriteOwner));
    QStringList command{QStringLiteral(WIREBENCH_CLI), QStringLiteral("stats"), path};
    if (::geteuid() == 0) {
        const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
        if (setpriv.isEmpty())
            QSKIP("running as root without setpriv: root reads any file, so there is no "
                  "unreadable file to test");
        command =
            QStringList{setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"} + command;
    } else {
        const ImportResult result = FileImporter::importFile(path);
        QVERIFY2(result.error.startsWith("cannot open:"), qPrintable(result.error));
        QVERIFY(result.datasets.empty());
    }
    QProcess process;
    process.start(command.takeFirst(), command);
    QVERIFY(process.waitForFinished(60000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    if (err.contains(QLatin1String("error while loading shared libraries")))
        QSKIP("nobody cannot run the CLI from this build folder");
    QCOMPARE(process.exitCode(), 2);
    QVERIFY2(err.startsWith(QStringLiteral("wirebench-cli: %1: cannot open: ").arg(path)) &&
                 err.contains(QLatin1String("ermission denied")),
             qPrintable(err));
}

void TestHostile::hundredMegabyteLine() {
    // A 100 MB line (a log with binary junk but no newline, or a runaway program) in the
    // middle of a log: the replies around it are kept, the line is reported with its length
    // and no more than LogParser::kMaxLineLength of it is held in memory.
    QByteArray bytes = m_log;
    const qsizetype at = bytes.indexOf("64 bytes from 198.18.0.8: icmp_seq=101 ");
    bytes.insert(at, QByteArray(100 << 20, 'x') + '\n');
    const QString path = write("huge-line.txt", bytes);
    bytes.clear();
    const ImportResult result = FileImporter::importFile(path);
    QVERIFY(result.ok());
    QCOMPARE(result.datasets.front().latency.size(), std::size_t{200});
    QCOMPARE(result.report.warnings.count(), std::int64_t{1});
    const ParseIssue& issue = result.report.warnings.kept().front();
    QCOMPARE(issue.line, std::int64_t{102});
    QVERIFY2(issue.message.contains(QString::number(100 << 20)), qPrintable(issue.message));
    QVERIFY(issue.text.size() < 300);
    const test::CliRun run = test::runCli({QStringLiteral("stats"), path});
    QCOMPARE(run.exitCode, 0); // a warning: the file was read
    QVERIFY(run.out.contains(QLatin1String("Total samples 200")));
}

void TestHostile::nulBytesInsideALog() {
    // What a crash leaves: a block of NULs where lines were being written, then the log
    // goes on. The NUL line is a parse error at its line; every reply around it is kept.
    QByteArray bytes = m_log;
    const qsizetype at = bytes.indexOf("64 bytes from 198.18.0.8: icmp_seq=51 ");
    bytes.insert(at, QByteArray(4096, '\0') + '\n');
    const QString path = write("crashed.txt", bytes);
    const ImportResult result = FileImporter::importFile(path);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.datasets.front().latency.size(), std::size_t{200});
    QCOMPARE(result.report.parseErrors.count(), std::int64_t{1});
    const ParseIssue& issue = result.report.parseErrors.kept().front();
    QCOMPARE(issue.line, std::int64_t{52});
    QVERIFY(issue.message.contains(QLatin1String("NUL")));
    QVERIFY2(!issue.text.contains(QChar(0)), "the quoted line has no NUL for the terminal");
    const test::CliRun run = test::runCli({QStringLiteral("stats"), path});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(lineMessages(run, path).size(), 1);
    QVERIFY(run.err.startsWith(QStringLiteral("wirebench-cli: %1: line 52: NUL").arg(path)));

    // NULs at the very start: nothing readable, refused as binary with offset and line.
    const QString binary = write("nul-first.txt", QByteArray(3, '\0') + m_log);
    const test::CliRun refused = test::runCli({QStringLiteral("stats"), binary});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains(QLatin1String("binary data (NUL byte at offset 0, line 1)")),
             qPrintable(refused.err));
}

void TestHostile::invalidUtf8() {
    // Latin-1 and broken UTF-8 in a host name and in a junk line: the replies are read, and
    // every message is valid text (U+FFFD where the bytes were not UTF-8).
    QByteArray bytes = m_log;
    bytes.replace("PING 198.18.0.8 ", "PING h\xf6st-\xc3\x28.example ");
    bytes.insert(bytes.indexOf("64 bytes from 198.18.0.8: icmp_seq=7 "),
                 "64 bytes from \xff\xfe: icmp_seq=\xe2\x82 ttl=64 time=\xc0\xaf ms\n");
    const QString path = write("latin1.txt", bytes);
    const ImportResult result = FileImporter::importFile(path);
    QVERIFY(result.ok());
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(series.size(), std::size_t{200});
    QVERIFY(result.datasets.front().info.target.contains(QChar::ReplacementCharacter));
    QCOMPARE(result.report.parseErrors.count(), std::int64_t{1});
    QCOMPARE(result.report.parseErrors.kept().front().line, std::int64_t{8});
    const test::CliRun run = test::runCli({QStringLiteral("stats"), path});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(lineMessages(run, path).size(), 1);
}

void TestHostile::byteOrderMarks_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<QByteArray>("mark");
    QTest::addColumn<QString>("encoding");
    // Windows PowerShell 5 writes `ping > file` as UTF-16LE with a BOM and CRLF.
    for (const char* log : {"ping/windows_en_errors.txt", "ping/windows_ru.txt",
                            "ping/iputils_plain.txt", "iperf3/tcp-client.txt"}) {
        QTest::addRow("%s UTF-16LE", log) << log << QByteArray("\xFF\xFE") << "UTF-16LE";
        QTest::addRow("%s UTF-16BE", log) << log << QByteArray("\xFE\xFF") << "UTF-16BE";
        QTest::addRow("%s UTF-8 BOM", log) << log << QByteArray("\xEF\xBB\xBF") << "UTF-8";
    }
}

void TestHostile::byteOrderMarks() {
    QFETCH(QString, log);
    QFETCH(QByteArray, mark);
    QFETCH(QString, encoding);
    QByteArray utf8 = data(log);
    utf8.replace("\r\n", "\n");
    utf8.replace("\n", "\r\n");
    const QString text = QString::fromUtf8(utf8);
    QByteArray encoded;
    if (encoding == QLatin1String("UTF-8"))
        encoded = utf8;
    for (const QChar c : text) { // UTF-16 by hand, so the test does not share the decoder
        if (encoding == QLatin1String("UTF-16LE"))
            encoded += char(c.unicode() & 0xff), encoded += char(c.unicode() >> 8);
        else if (encoding == QLatin1String("UTF-16BE"))
            encoded += char(c.unicode() >> 8), encoded += char(c.unicode() & 0xff);
    }
    const QString name = QFileInfo(log).fileName();
    const QString path = write(name, mark + encoded);
    const ImportResult expected = test::parseBytes(utf8, path);
    QVERIFY(expected.ok() && !expected.datasets.empty());
    // Read whole and byte by byte: a character split between two reads still decodes.
    const ImportResult whole = FileImporter::importFile(path);
    ImportOptions byteByByte;
    byteByByte.chunkSize = 1;
    const ImportResult pieces = FileImporter::importFile(path, byteByByte);
    QCOMPARE(test::describe(whole), test::describe(expected));
    QCOMPARE(test::describe(pieces), test::describe(expected));
    const test::CliRun run = test::runCli({QStringLiteral("detect"), path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains(QLatin1String(expected.format->id)), qPrintable(run.out));
}

void TestHostile::mixedDialects_data() {
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    // Two runs of one ping (appended with `>>`) are runs of one log: see appendedRuns.
    QTest::newRow("iputils then BSD") << "iputils_plain.txt"
                                      << "bsd_macos.txt";
    QTest::newRow("BSD then iputils") << "bsd_macos.txt"
                                      << "iputils_plain.txt";
    QTest::newRow("iputils then Windows") << "iputils_plain.txt"
                                          << "windows_en_errors.txt";
    QTest::newRow("Windows then iputils") << "windows_en_errors.txt"
                                          << "iputils_plain.txt";
    QTest::newRow("fping then iputils") << "fping_c5.txt"
                                        << "iputils_plain.txt";
}

void TestHostile::appendedRuns_data() {
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::newRow("Windows en then fr") << "windows_en_timeout_lt1ms.txt"
                                        << "windows_fr.txt";
    QTest::newRow("iputils twice") << "iputils_plain.txt"
                                   << "iputils_plain.txt";
    QTest::newRow("BusyBox then BSD") << "busybox_plain.txt"
                                      << "bsd_macos.txt";
}

// Two runs of one ping in one file (`ping ... >> log` twice, in whatever display language):
// each is read as if alone, as a dataset of its own, with no error between them.
void TestHostile::appendedRuns() {
    QFETCH(QString, first);
    QFETCH(QString, second);
    QByteArray head = data(QStringLiteral("ping/") + first);
    if (!head.endsWith('\n'))
        head += '\n';
    const QByteArray tail = data(QStringLiteral("ping/") + second);
    const QString path = write("appended.txt", head + tail);
    const ImportResult alone = test::parseBytes(head, path);
    const ImportResult after = test::parseBytes(tail, path);
    const ImportResult both = FileImporter::importFile(path);
    QVERIFY(both.ok());
    QCOMPARE(both.format, alone.format);
    QCOMPARE(both.datasets.size(), std::size_t{2});
    QCOMPARE(both.report.parseErrors.count(),
             alone.report.parseErrors.count() + after.report.parseErrors.count());
    const auto json = [](const Dataset& dataset) {
        QJsonObject described = DatasetJson::describe(dataset);
        described.remove(QStringLiteral("label"));
        return QJsonDocument(described).toJson();
    };
    QCOMPARE(json(both.datasets[0]), json(alone.datasets.front()));
    QCOMPARE(both.datasets[1].latency.rttMs, after.datasets.front().latency.rttMs);
    QCOMPARE(both.datasets[1].latency.lostSequence, after.datasets.front().latency.lostSequence);
    QCOMPARE(both.datasets[1].info.target, after.datasets.front().info.target);
}

void TestHostile::mixedDialects() {
    // Two logs pasted into one file are not merged into one series: the first is read as if
    // alone, and one parse error names the line where the second starts.
    QFETCH(QString, first);
    QFETCH(QString, second);
    QByteArray head = data(QStringLiteral("ping/") + first);
    if (!head.endsWith('\n'))
        head += '\n';
    const QString path = write("mixed.txt", head + data(QStringLiteral("ping/") + second));
    const ImportResult alone = test::parseBytes(head, path);
    const ImportResult mixed = FileImporter::importFile(path);
    QVERIFY(mixed.ok());
    QCOMPARE(mixed.format, alone.format);
    QCOMPARE(replies(mixed), replies(alone));
    QCOMPARE(mixed.report.parseErrors.count(), alone.report.parseErrors.count() + 1);
    const ParseIssue& issue = mixed.report.parseErrors.kept().back();
    // The second log starts at its header, or, when the first reader has no use for that
    // line, at its first line that only the other format prints.
    const qint64 firstLineOfSecond = head.count('\n') + 1;
    const QByteArray secondLog = data(QStringLiteral("ping/") + second);
    qint64 lastCandidate = firstLineOfSecond;
    for (const QByteArray& line : secondLog.split('\n')) {
        if (FormatRegistry::detect(std::string_view(line.constData(), std::size_t(line.size()))))
            break;
        ++lastCandidate;
    }
    QVERIFY2(issue.line >= firstLineOfSecond && issue.line <= lastCandidate,
             qPrintable(QStringLiteral("line %1, second log at %2-%3: %4")
                            .arg(issue.line)
                            .arg(firstLineOfSecond)
                            .arg(lastCandidate)
                            .arg(issue.message)));
    QVERIFY2(issue.message.contains(QLatin1String("starts here")), qPrintable(issue.message));
    const test::CliRun run = test::runCli({QStringLiteral("stats"), path});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(
        run.err.contains(QStringLiteral("wirebench-cli: %1: line %2: ").arg(path).arg(issue.line)),
        qPrintable(run.err));
}

void TestHostile::numbersOutOfRange_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<QString>("pattern"); // the first match gets the value
    QTest::addColumn<QString>("replacement");
    const QStringList impossible = {"-0.5", "nan", "NaN", "inf", "-inf", "1e400"};
    for (const QString& value : impossible + QStringList{"2e9"}) {
        QTest::addRow("iputils time=%s", qPrintable(value)) << "ping/iputils_plain.txt"
                                                            << "time=[0-9.]+"
                                                            << "time=" + value;
        QTest::addRow("windows time=%sms", qPrintable(value)) << "ping/windows_en_errors.txt"
                                                              << "time=[0-9]+ms"
                                                              << "time=" + value + "ms";
    }
    for (const QString& value : impossible) {
        QTest::addRow("iperf3 %s Mbits/sec", qPrintable(value))
            << "iperf3/tcp-client.txt"
            << "[0-9.]+ Mbits/sec" << value + " Mbits/sec";
        QTest::addRow("iperf3 %s MBytes", qPrintable(value))
            << "iperf3/tcp-client.txt"
            << "[0-9.]+ MBytes" << value + " MBytes";
        QTest::addRow("iperf2 %s Mbits/sec", qPrintable(value))
            << "iperf/tcp-P4-i1-client.txt"
            << "[0-9.]+ Mbits/sec" << value + " Mbits/sec";
    }
}

void TestHostile::numbersOutOfRange() {
    // One value that no tool prints (negative, NaN, infinite, beyond double, absurdly large)
    // in one line: that line is a range or parse error at its number, the rest is kept.
    QFETCH(QString, log);
    QFETCH(QString, pattern);
    QFETCH(QString, replacement);
    const QByteArray original = data(log);
    const QRegularExpressionMatch match =
        QRegularExpression(pattern).match(QString::fromUtf8(original));
    QVERIFY(match.hasMatch());
    const QByteArray before = QString::fromUtf8(original).left(match.capturedStart()).toUtf8();
    const QByteArray bytes =
        before + replacement.toUtf8() + original.mid(before.size() + match.capturedLength());
    const qint64 line = before.count('\n') + 1;
    const QString path = write(QFileInfo(log).fileName(), bytes);
    const ImportResult good = test::parseBytes(original, path);
    const ImportResult bad = FileImporter::importFile(path);
    QVERIFY(bad.ok());
    QVERIFY(!bad.datasets.empty());
    std::vector<ParseIssue> issues = bad.report.rangeErrors.kept();
    issues.insert(issues.end(), bad.report.parseErrors.kept().begin(),
                  bad.report.parseErrors.kept().end());
    QVERIFY2(issues.size() == 1 && issues.front().line == line,
             qPrintable(QStringLiteral("%1 issues, expected one at line %2: %3")
                            .arg(issues.size())
                            .arg(line)
                            .arg(QString::fromUtf8(test::describe(bad)))));
    QCOMPARE(bad.report.samples, good.report.samples - 1);
    const test::CliRun run = test::runCli({QStringLiteral("stats"), path});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("wirebench-cli: %1: line %2: ").arg(path).arg(line)),
             qPrintable(run.err));
}

namespace {

QByteArray fpingReply(const QByteArray& host, qint64 sequence) {
    return host + " : [" + QByteArray::number(sequence) +
           "], 64 bytes, 0.412 ms (0.412 avg, 0% loss)\n";
}

} // namespace

void TestHostile::hugeSequenceNumbers_data() {
    QTest::addColumn<QByteArray>("log");
    QTest::addColumn<int>("replies");
    QTest::newRow("fping [0] [4000000000]")
        << fpingReply("198.18.0.8", 0) + fpingReply("198.18.0.8", 4000000000) << 2;
    QTest::newRow("fping [2^62]") << fpingReply("198.18.0.8", 0) +
                                         fpingReply("198.18.0.8", qint64{1} << 62)
                                  << 2;
    QByteArray manyHosts; // what the CI fuzzer found: each host asked for gigabytes
    for (int host = 0; host < 64; ++host) {
        const QByteArray name = "198.18.1." + QByteArray::number(host);
        manyHosts += fpingReply(name, 1) + fpingReply(name, 4000000000 + host);
    }
    QTest::newRow("fping 64 hosts") << manyHosts << 128;
}

void TestHostile::hugeSequenceNumbers() {
    // (iputils numbers are 16 bits, so a larger one is a range error there; fping counts on.)
    // A sequence number no run reaches asks for nothing in proportion to it: the replies are
    // kept, the losses listed are bounded by what the lines can speak for, and a warning says
    // how many requests were not listed.
    QFETCH(QByteArray, log);
    QFETCH(int, replies);
    const QString path = write(QStringLiteral("huge-sequence.txt"), log);
    QElapsedTimer timer;
    timer.start();
    const ImportResult result = FileImporter::importFile(path);
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(result.ok());
    std::size_t kept = 0;
    std::size_t listed = 0;
    for (const Dataset& dataset : result.datasets) {
        kept += dataset.latency.size();
        listed += dataset.latency.lostSequence.size();
    }
    QCOMPARE(kept, std::size_t(replies));
    QVERIFY2(listed <= std::size_t(replies) * 4096, qPrintable(QString::number(listed)));
    QVERIFY(!result.report.warnings.empty());
    QVERIFY2(result.report.warnings.kept().front().message.contains(
                 QStringLiteral("not listed as lost")),
             qPrintable(result.report.warnings.kept().front().message));
}

void TestHostile::farSequenceGapListsNoRepliedRequest() {
    // A reply far ahead of the others is kept aside until enough lines follow to track that
    // far; it must still count as answered then, not show up as a loss.
    QByteArray log = fpingReply("198.18.0.8", 0) + fpingReply("198.18.0.8", 100000);
    for (qint64 sequence = 100001; sequence <= 100200; ++sequence)
        log += fpingReply("198.18.0.8", sequence);
    log += fpingReply("198.18.0.8", 100000); // a duplicate of the far reply
    const ImportResult result = FileImporter::importFile(write("far-gap.txt", log));
    QVERIFY(result.ok());
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(series.size(), std::size_t{202});
    QCOMPARE(series.duplicateSequence, (std::vector<std::int64_t>{100000}));
    const std::vector<std::int64_t>& lost = series.lostSequence;
    QCOMPARE(lost.size(), std::size_t{99999}); // 1 .. 99999: the log's lines speak for them
    QCOMPARE(lost.front(), std::int64_t{1});
    QCOMPARE(lost.back(), std::int64_t{99999});
}

QByteArray TestHostile::runningLog(int firstSequence, int lastSequence) {
    QByteArray out;
    for (int seq = firstSequence; seq <= lastSequence; ++seq)
        out += QByteArray("64 bytes from 198.18.0.8: icmp_seq=") + QByteArray::number(seq) +
               " ttl=64 time=0." + QByteArray::number(100 + seq % 900) + " ms\n";
    return out;
}

void TestHostile::fileGrowsWhileRead() {
    // A log still being written (ping running into the file): what is there when the reader
    // reaches the end is read, lines appended after the import started included; a line half
    // written at that moment is reported at its number, not guessed.
    const QByteArray header = m_log.left(m_log.indexOf('\n') + 1);
    const QByteArray start = header + runningLog(1, 60000); // > 3 MB: several reads
    const QString path = write("growing.txt", start);
    const QByteArray appended =
        runningLog(60001, 60100) + "64 bytes from 198.18.0.8: icmp_seq=60101 ttl=64 ti";
    ImportOptions options;
    int calls = 0;
    options.progress = [&](qint64, qint64) {
        if (++calls == 1) {
            QFile file(path);
            if (!file.open(QIODevice::Append) || file.write(appended) != appended.size())
                qFatal("cannot append to %s", qPrintable(path));
        }
        return true;
    };
    const ImportResult result = FileImporter::importFile(path, options);
    QVERIFY(result.ok());
    QVERIFY(calls > 1);
    const ImportResult expected = test::parseBytes(start + appended, path);
    QCOMPARE(test::describe(result), test::describe(expected));
    QCOMPARE(result.datasets.front().latency.size(), std::size_t{60100});
    QCOMPARE(result.report.linesRead, std::int64_t{60102});
    // The half line: a reply cut short, damaged.
    QCOMPARE(result.report.warnings.count(), std::int64_t{0});
    QCOMPARE(result.report.parseErrors.count(), std::int64_t{1});
    QCOMPARE(result.report.parseErrors.kept().front().line, std::int64_t{60102});
}

void TestHostile::fileDeletedDuringImport() {
    // Deleting a file (log rotation, a cleanup script) while it is read: the open file stays
    // readable until closed, so the import completes with everything.
    const QByteArray bytes = m_log.left(m_log.indexOf('\n') + 1) + runningLog(1, 60000);
    const QString path = write("deleted.txt", bytes);
    const ImportResult expected = test::parseBytes(bytes, path);
    ImportOptions options;
    options.progress = [&](qint64, qint64) {
        QFile::remove(path);
        return true;
    };
    const ImportResult result = FileImporter::importFile(path, options);
    QVERIFY(!QFileInfo::exists(path));
    QVERIFY(result.ok());
    QCOMPARE(test::describe(result), test::describe(expected));
    QCOMPARE(result.datasets.front().latency.size(), std::size_t{60000});
}

QTEST_APPLESS_MAIN(TestHostile)
#include "tst_hostile.moc"
