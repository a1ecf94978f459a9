#include "TestSupport.h"
#include "files/RunSidecar.h"
#include "import/CompressedInput.h"
#include "import/LogFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <string>

using namespace wb;

// Logs compressed with gzip, xz, zstd or bzip2 (by their command-line tools, independently of
// the libraries Wirebench reads them with): every log of samples/ and tests/data reads exactly
// as the plain file does, a truncated file keeps what came before the cut with a warning, a
// damaged one keeps what came before the damage with an error, and a big one reads in no more
// memory than the plain file.
class TestCompressed : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void detectsMagicBytesNotNames();
    void namesWithoutCompressionSuffix();
    void everyLogReadsAsThePlainFile_data();
    void everyLogReadsAsThePlainFile();
    void cliOutputsMatchThePlainFile_data();
    void cliOutputsMatchThePlainFile();
    void progressCountsCompressedBytes();
    void severalStreamsReadWhole_data();
    void severalStreamsReadWhole();
    void truncatedFileKeepsWhatWasRead_data();
    void truncatedFileKeepsWhatWasRead();
    void damagedStreamIsAnErrorNamingTheFile_data();
    void damagedStreamIsAnErrorNamingTheFile();
    void notALogIsNamedWithItsReason();
    void foldersListCompressedLogsAndKeepSidecars();
    void bigLogReadsInBoundedMemory();

private:
    // `data` compressed by the tool of `format` ("gzip", "xz", "zstd", "bzip2").
    static QByteArray compress(const QString& format, const QByteArray& data);
    // The tool's own decompression of `data`, as far as it gets (a truncated file: what it
    // decoded before the cut).
    static QByteArray decompressByTool(const QString& format, const QByteArray& data);
    static QString suffixOf(const QString& format);
    static void addFormatRows();
    // Each dataset's samples' RTTs in ms.
    static std::vector<double> rtts(const ImportResult& result);

    QTemporaryDir m_dir;
    QString m_copy; // samples/ and tests/data copied, to compress each log beside its files
};

// ---- helpers ----

QByteArray TestCompressed::compress(const QString& format, const QByteArray& data) {
    QProcess tool;
    tool.start(format, {QStringLiteral("-c")});
    if (!tool.waitForStarted())
        qFatal("cannot start %s", qPrintable(format));
    tool.write(data);
    tool.closeWriteChannel();
    if (!tool.waitForFinished(120000) || tool.exitCode() != 0)
        qFatal("%s failed: %s", qPrintable(format), tool.readAllStandardError().constData());
    return tool.readAllStandardOutput();
}

QByteArray TestCompressed::decompressByTool(const QString& format, const QByteArray& data) {
    QProcess tool;
    tool.start(format, {QStringLiteral("-dc")});
    if (!tool.waitForStarted())
        qFatal("cannot start %s", qPrintable(format));
    tool.write(data);
    tool.closeWriteChannel();
    tool.waitForFinished(120000);
    return tool.readAllStandardOutput();
}

QString TestCompressed::suffixOf(const QString& format) {
    if (format == QLatin1String("gzip"))
        return QStringLiteral(".gz");
    if (format == QLatin1String("xz"))
        return QStringLiteral(".xz");
    if (format == QLatin1String("zstd"))
        return QStringLiteral(".zst");
    return QStringLiteral(".bz2");
}

void TestCompressed::addFormatRows() {
    QTest::addColumn<QString>("format");
    for (const char* format : {"gzip", "xz", "zstd", "bzip2"})
        QTest::newRow(format) << QString::fromLatin1(format);
}

std::vector<double> TestCompressed::rtts(const ImportResult& result) {
    std::vector<double> all;
    for (const Dataset& dataset : result.datasets)
        all.insert(all.end(), dataset.latency.rttMs.begin(), dataset.latency.rttMs.end());
    return all;
}

void TestCompressed::initTestCase() {
    QVERIFY(m_dir.isValid());
    for (const char* tool : {"gzip", "xz", "zstd", "bzip2", "cp"})
        QVERIFY2(!QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty(), tool);
    m_copy = m_dir.filePath(QStringLiteral("copy"));
    QVERIFY(QDir().mkpath(m_copy));
    QCOMPARE(QProcess::execute(QStringLiteral("cp"),
                               {QStringLiteral("-a"), QStringLiteral(WIREBENCH_SAMPLES_DIR),
                                QStringLiteral(WIREBENCH_TEST_DATA_DIR), m_copy}),
             0);
}

// ---- detection and names ----

void TestCompressed::detectsMagicBytesNotNames() {
    const QByteArray log = test::cleanPingLog();
    for (const QString& format : {QStringLiteral("gzip"), QStringLiteral("xz"),
                                  QStringLiteral("zstd"), QStringLiteral("bzip2")}) {
        const QByteArray packed = compress(format, log);
        const auto detected = CompressedInput::detect(
            std::string_view(packed.constData(), std::size_t(packed.size())));
        QVERIFY2(detected && CompressedInput::name(*detected) == format, qPrintable(format));
        // Named as a plain log, it is still read decompressed; and a plain log named .gz is
        // read as it is.
        const QString disguised =
            test::writeTestFile(m_dir.path(), "disguised-" + format + ".txt", packed);
        const ImportResult read = FileImporter::importFile(disguised);
        QVERIFY2(read.ok(), qPrintable(read.error));
        QCOMPARE(rtts(read), rtts(test::parseBytes(log, disguised)));
    }
    const QString plainNamedGz = test::writeTestFile(m_dir.path(), "plain.txt.gz", log);
    const ImportResult plain = FileImporter::importFile(plainNamedGz);
    QVERIFY2(plain.ok(), qPrintable(plain.error));
    QCOMPARE(plain.datasets.front().latency.size(), std::size_t(200));
    // Text that only starts like a magic ("BZh9" without a block's magic after it) is text.
    QVERIFY(CompressedInput::detect("BZh91AY&SY"));
    QVERIFY(!CompressedInput::detect("BZh9 is not bzip2"));
    QVERIFY(!CompressedInput::detect("PING 198.18.0.8"));
    QVERIFY(!CompressedInput::detect(""));
}

void TestCompressed::namesWithoutCompressionSuffix() {
    QCOMPARE(CompressedInput::withoutSuffix("/d/run-3.txt.gz"), QStringLiteral("/d/run-3.txt"));
    QCOMPARE(CompressedInput::withoutSuffix("/d/a.json.ZST"), QStringLiteral("/d/a.json"));
    QCOMPARE(CompressedInput::withoutSuffix("/d/a.log.bz2"), QStringLiteral("/d/a.log"));
    QCOMPARE(CompressedInput::withoutSuffix("/d/a.xz"), QStringLiteral("/d/a"));
    QCOMPARE(CompressedInput::withoutSuffix("/d.gz/.gz"), QStringLiteral("/d.gz/.gz"));
    QCOMPARE(CompressedInput::withoutSuffix("/d/a.txt"), QStringLiteral("/d/a.txt"));
    QCOMPARE(RunSidecar::pathFor("/d/run-3.txt.gz"), QStringLiteral("/d/run-3.run.json"));
    QVERIFY(RunSidecar::isRunCompanion("/d/run-3.server.log.xz"));
    QVERIFY(!RunSidecar::isRunCompanion("/d/run-3.txt.xz"));

    // The dataset is labelled as the plain log would be, and remembers the file it came from.
    const QString path = test::writeTestFile(m_dir.path(), "cubic-P30.txt.gz",
                                             compress("gzip", test::cleanPingLog()));
    const ImportResult result = FileImporter::importFile(path);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.datasets.front().label, QStringLiteral("cubic-P30"));
    QCOMPARE(result.datasets.front().sourceFile, path);
}

// ---- every log, compressed ----

void TestCompressed::everyLogReadsAsThePlainFile_data() {
    addFormatRows();
}

// Each log is compressed beside its plain file, so a run's description and step record next
// to it are found for both; the two imports must describe the same datasets byte for byte,
// and a file that is not a log must be refused for the same reason.
void TestCompressed::everyLogReadsAsThePlainFile() {
    QFETCH(QString, format);
    const QStringList logs =
        LogFiles::expand({m_copy + "/samples", m_copy + "/data"})
            .files.filter(QRegularExpression(QStringLiteral("^(?!.*\\.(gz|xz|zst|bz2)$)")));
    QVERIFY(logs.size() > 100);
    int read = 0;
    for (const QString& plainPath : logs) {
        const QString packedPath = plainPath + suffixOf(format);
        test::writeTestFile(QFileInfo(packedPath).path(), QFileInfo(packedPath).fileName(),
                            compress(format, test::readAll(plainPath)));
        const ImportResult plain = FileImporter::importFile(plainPath);
        ImportResult packed = FileImporter::importFile(packedPath);
        QFile::remove(packedPath);
        for (const Dataset& dataset : packed.datasets)
            QCOMPARE(dataset.sourceFile, packedPath);
        if (!plain.ok() && plain.datasets.empty()) {
            // A file that is not a log: refused for the same reason, said of its content.
            QVERIFY2(packed.error.startsWith(plain.error) || plain.error == "the file is empty",
                     qPrintable(plainPath + ": " + packed.error + " / " + plain.error));
            QVERIFY2(packed.error.contains(format), qPrintable(packed.error));
            continue;
        }
        ++read;
        packed.file = plain.file;
        const QByteArray expected = test::describe(plain);
        const QByteArray actual = test::describe(packed);
        if (expected != actual)
            QFAIL(qPrintable(plainPath + ":\n" + expected.left(3000) + "\n---\n" +
                             actual.left(3000)));
    }
    QVERIFY(read > 80);
}

void TestCompressed::cliOutputsMatchThePlainFile_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("log");
    for (const char* format : {"gzip", "xz", "zstd", "bzip2"}) {
        QTest::addRow("%s stats ping", format) << format << "stats"
                                               << "ping18_iperf16_np";
        QTest::addRow("%s flows iperf3", format) << format << "flows"
                                                 << "iperf3-cubic-P4.json";
        QTest::addRow("%s flows iperf2", format) << format << "flows"
                                                 << "tcp-cubic-P30-client.txt";
    }
}

// What the CLI prints for a compressed log: the same JSON as for the plain file, but for its
// name.
void TestCompressed::cliOutputsMatchThePlainFile() {
    QFETCH(QString, format);
    QFETCH(QString, command);
    QFETCH(QString, log);
    const QString plainPath = m_copy + "/samples/" + log;
    const QString packedPath = plainPath + suffixOf(format);
    test::writeTestFile(QFileInfo(packedPath).path(), QFileInfo(packedPath).fileName(),
                        compress(format, test::readAll(plainPath)));
    const test::CliRun plain = test::runCli({command, "--format", "json", plainPath});
    const test::CliRun packed = test::runCli({command, "--format", "json", packedPath});
    QFile::remove(packedPath);
    QCOMPARE(plain.exitCode, 0);
    QCOMPARE(packed.exitCode, 0);
    const auto renamed = [&](QString text) {
        return text.replace(QFileInfo(packedPath).fileName(), QFileInfo(plainPath).fileName());
    };
    QCOMPARE(renamed(packed.err), plain.err);
    QCOMPARE(renamed(packed.out), plain.out);
}

void TestCompressed::progressCountsCompressedBytes() {
    QByteArray log;
    for (int part = 0; part < 40; ++part)
        log += test::cleanPingLog();
    const QString path =
        test::writeTestFile(m_dir.path(), "progress.log.zst", compress("zstd", log));
    const qint64 size = QFileInfo(path).size();
    qint64 last = 0;
    bool ordered = true;
    ImportOptions options;
    options.progress = [&](qint64 done, qint64 total) {
        ordered = ordered && done >= last && total == size;
        last = done;
        return true;
    };
    const ImportResult result = FileImporter::importFile(path, options);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QVERIFY(ordered);
    QCOMPARE(last, size);

    // Cancelled at the first report, before the head was sniffed: said so, nothing read.
    options.progress = [](qint64, qint64) { return false; };
    const ImportResult cancelled = FileImporter::importFile(path, options);
    QVERIFY(cancelled.cancelled);
    QVERIFY(cancelled.datasets.empty());
    QCOMPARE(cancelled.error, QStringLiteral("cancelled before the file's content was read"));
}

// ---- several streams, truncation, damage ----

void TestCompressed::severalStreamsReadWhole_data() {
    addFormatRows();
}

// `cat a.gz b.gz` (and pigz, pbzip2, multi-frame zstd) is one file to the tools; trailing
// bytes that are not a stream are left with a warning, as gzip -d leaves them.
void TestCompressed::severalStreamsReadWhole() {
    QFETCH(QString, format);
    const QByteArray log = test::cleanPingLog();
    const int half = static_cast<int>(log.indexOf("icmp_seq=100 "));
    const QByteArray joined = compress(format, log.left(half)) + compress(format, log.mid(half));
    const QString path = test::writeTestFile(m_dir.path(), "joined" + suffixOf(format), joined);
    const ImportResult whole = FileImporter::importFile(path);
    QVERIFY2(whole.ok(), qPrintable(whole.error));
    QCOMPARE(whole.report.warnings.count(), std::int64_t(0));
    QCOMPARE(rtts(whole), rtts(test::parseBytes(log, path)));

    if (format == QLatin1String("xz"))
        return; // xz -d calls bytes after the last stream an error: see the damaged case
    const QString padded = test::writeTestFile(m_dir.path(), "padded" + suffixOf(format),
                                               joined + QByteArray(512, '\0'));
    const ImportResult trailing = FileImporter::importFile(padded);
    QVERIFY2(trailing.ok(), qPrintable(trailing.error));
    QCOMPARE(rtts(trailing), rtts(whole));
    QCOMPARE(trailing.report.warnings.count(), std::int64_t(1));
    QVERIFY(trailing.report.warnings.kept().front().message.contains("not read"));
}

void TestCompressed::truncatedFileKeepsWhatWasRead_data() {
    QTest::addColumn<QString>("format");
    for (const char* format : {"gzip", "xz", "zstd"})
        QTest::newRow(format) << QString::fromLatin1(format);
}

// A file cut in the middle of its stream: the replies before the cut are read, with no reply
// the cut split, the import is complete with a warning, and the CLI names the file and exits
// 0. gzip -d and xz -d write what they decode before the cut: the replies read are exactly
// those of their output but for the line the cut split (zstd -d writes nothing then).
void TestCompressed::truncatedFileKeepsWhatWasRead() {
    QFETCH(QString, format);
    const QByteArray log = test::readAll(test::samplePath("ping18_np"));
    const QByteArray packed = compress(format, log);
    const QByteArray cut = packed.left(packed.size() * 3 / 4);
    const QString path = test::writeTestFile(m_dir.path(), "truncated.log" + suffixOf(format), cut);

    const ImportResult result = FileImporter::importFile(path);
    QVERIFY2(result.ok(), qPrintable(result.error));
    const std::vector<double> all = rtts(test::parseBytes(log, path));
    const std::vector<double> kept = rtts(result);
    QVERIFY(!kept.empty() && kept.size() < all.size());
    QVERIFY(std::equal(kept.begin(), kept.end(), all.begin()));
    QCOMPARE(result.report.warnings.count(), std::int64_t(1));
    const QString warning = result.report.warnings.kept().front().message;
    QVERIFY2(warning.contains("truncated") && warning.contains(format), qPrintable(warning));
    if (format != QLatin1String("zstd")) {
        QByteArray byTool = decompressByTool(format, cut);
        QVERIFY(byTool.size() > 1000 && byTool.size() < log.size());
        QVERIFY(log.startsWith(byTool));
        byTool.truncate(byTool.lastIndexOf('\n') + 1);
        QCOMPARE(kept, rtts(test::parseBytes(byTool, path)));
    }

    const test::CliRun cli = test::runCli({"stats", "--format", "json", path});
    QCOMPARE(cli.exitCode, 0);
    QVERIFY2(cli.err.contains(path + ": warning: the file is truncated"), qPrintable(cli.err));
    const QJsonArray datasets =
        QJsonDocument::fromJson(cli.out.toUtf8()).object().value("datasets").toArray();
    QCOMPARE(datasets.size(), 1);
    QCOMPARE(datasets.at(0).toObject().value("samples").toInteger(), qint64(kept.size()));
}

void TestCompressed::damagedStreamIsAnErrorNamingTheFile_data() {
    addFormatRows();
}

// The log in two streams, the second with bytes flipped in its middle: the whole first
// stream's replies are read, the file is named with what is damaged and where, and the CLI
// exits non-zero.
void TestCompressed::damagedStreamIsAnErrorNamingTheFile() {
    QFETCH(QString, format);
    const QByteArray log = test::readAll(test::samplePath("ping18_np"));
    const int half = static_cast<int>(log.indexOf('\n', log.size() / 2)) + 1;
    const QByteArray first = compress(format, log.left(half));
    QByteArray second = compress(format, log.mid(half));
    for (qsizetype at = second.size() / 2; at < second.size() / 2 + 16; ++at)
        second[at] = static_cast<char>(second[at] ^ 0x5a);
    const QString path =
        test::writeTestFile(m_dir.path(), "damaged.log" + suffixOf(format), first + second);

    const ImportResult result = FileImporter::importFile(path);
    QVERIFY2(result.error.startsWith("the " + format + " data is damaged near byte "),
             qPrintable(result.error));
    QVERIFY2(result.error.endsWith("what was read before it is kept"), qPrintable(result.error));
    const std::vector<double> firstHalf = rtts(test::parseBytes(log.left(half), path));
    const std::vector<double> kept = rtts(result);
    QVERIFY(firstHalf.size() > 1000);
    QVERIFY(kept.size() >= firstHalf.size());
    QVERIFY(std::equal(firstHalf.begin(), firstHalf.end(), kept.begin()));

    const test::CliRun cli = test::runCli({"stats", "--format", "json", path});
    QCOMPARE(cli.exitCode, 1);
    QVERIFY2(cli.err.contains(path + ": the " + format + " data is damaged"), qPrintable(cli.err));
}

// ---- what is not a log ----

void TestCompressed::notALogIsNamedWithItsReason() {
    const QString folder = m_dir.filePath("not-logs");
    QVERIFY(QDir().mkpath(folder));
    QByteArray binary(4096, '\0');
    for (int i = 0; i < binary.size(); ++i)
        binary[i] = static_cast<char>(i * 7919 % 251);
    const QString noise = test::writeTestFile(folder, "noise.bin.gz", compress("gzip", binary));
    const QString empty = test::writeTestFile(folder, "empty.log.xz", compress("xz", {}));
    const QString notes =
        test::writeTestFile(folder, "notes.txt.bz2", compress("bzip2", "shopping list\n"));
    QCOMPARE(QProcess::execute("tar", {"-czf", folder + "/logs.tar.gz", "-C",
                                       QStringLiteral(WIREBENCH_SAMPLES_DIR), "geni-cubic-P1.txt"}),
             0);
    const QString header = test::writeTestFile(folder, "header-only.log.gz",
                                               compress("gzip", test::cleanPingLog()).left(10));

    const auto errorOf = [](const QString& path) { return FileImporter::importFile(path).error; };
    QVERIFY2(errorOf(noise).startsWith("binary data (NUL byte at offset") &&
                 errorOf(noise).endsWith("(in its gzip-compressed content)"),
             qPrintable(errorOf(noise)));
    QCOMPARE(errorOf(empty), QStringLiteral("the xz data holds nothing (an empty log)"));
    QVERIFY2(errorOf(notes).startsWith("not a ping") && errorOf(notes).contains("bzip2"),
             qPrintable(errorOf(notes)));
    QVERIFY2(errorOf(folder + "/logs.tar.gz").startsWith("a gzip-compressed tar archive"),
             qPrintable(errorOf(folder + "/logs.tar.gz")));
    QCOMPARE(errorOf(header), QStringLiteral("the file is truncated: its gzip data ends before "
                                             "any of its content"));

    // A folder of them: each named with its reason, nothing usable, exit 2.
    const test::CliRun cli = test::runCli({"stats", folder});
    QCOMPARE(cli.exitCode, 2);
    for (const QString& path : {noise, empty, notes, folder + "/logs.tar.gz", header})
        QVERIFY2(cli.err.contains(path + ": "), qPrintable(cli.err));
}

// ---- folders ----

void TestCompressed::foldersListCompressedLogsAndKeepSidecars() {
    // A recorded run whose logs were compressed afterwards (gzip -r): the sidecar beside the
    // client log still labels it, and its server log is not read as a log of its own.
    const QString run = m_dir.filePath("compressed-run");
    QVERIFY(QDir().mkpath(run));
    const QString stem = m_copy + "/samples/cubic-vs-reno/tcp-congestion-cubic-streams-1-1";
    for (const QString& name : {QStringLiteral(".run.json"), QStringLiteral(".server.log")})
        QVERIFY(QFile::copy(stem + name, run + "/tcp-congestion-cubic-streams-1-1" + name));
    QVERIFY(QFile::exists(stem + ".log"));
    test::writeTestFile(run, "tcp-congestion-cubic-streams-1-1.log.gz",
                        compress("gzip", test::readAll(stem + ".log")));
    QCOMPARE(QProcess::execute("gzip", {run + "/tcp-congestion-cubic-streams-1-1.server.log"}), 0);
    test::writeTestFile(run, "ping.txt.zst", compress("zstd", test::cleanPingLog()));

    const LogFiles::List list = LogFiles::expand({run});
    QCOMPARE(list.files, QStringList({run + "/ping.txt.zst",
                                      run + "/tcp-congestion-cubic-streams-1-1.log.gz"}));
    QVERIFY(list.refused.empty());
    const ImportResult plain = FileImporter::importFile(stem + ".log");
    const ImportResult packed = FileImporter::importFile(list.files.back());
    QVERIFY(!plain.datasets.empty());
    QVERIFY(!plain.datasets.front().info.commandLine.isEmpty()); // from the sidecar
    QCOMPARE(packed.datasets.size(), plain.datasets.size());
    QCOMPARE(packed.datasets.front().label, plain.datasets.front().label);
    QCOMPARE(packed.datasets.front().info.commandLine, plain.datasets.front().info.commandLine);
}

// ---- memory ----

// Two million ping replies: the peak memory of `stats` on the gzip'd log is that of the plain
// log's, give or take the decoder's buffers, so the log is never held whole.
void TestCompressed::bigLogReadsInBoundedMemory() {
#ifdef WIREBENCH_SANITIZED
    QSKIP("peak memory under the sanitizers is the sanitizers'");
#endif
    if (QStandardPaths::findExecutable("time", {"/usr/bin"}).isEmpty())
        QSKIP("no /usr/bin/time");
    constexpr int kReplies = 2000000;
    const QString plainPath = m_dir.filePath("big.log");
    {
        QFile file(plainPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("PING 198.18.0.9 (198.18.0.9) 56(84) bytes of data.\n");
        std::string block;
        char line[96];
        for (int seq = 1; seq <= kReplies; ++seq) {
            const int length = std::snprintf(
                line, sizeof line, "64 bytes from 198.18.0.9: icmp_seq=%d ttl=64 time=0.%03d ms\n",
                seq % 65536, 200 + int(qint64(seq) * 7919 % 700));
            block.append(line, std::size_t(length));
            if (block.size() > (1u << 20) || seq == kReplies) {
                file.write(block.data(), qint64(block.size()));
                block.clear();
            }
        }
    }
    const QString packedPath = plainPath + ".gz";
    QCOMPARE(
        QProcess::execute("sh", {"-c", "gzip -1 -c '" + plainPath + "' > '" + packedPath + "'"}),
        0);
    QVERIFY(QFileInfo(packedPath).size() * 4 < QFileInfo(plainPath).size());

    // Peak resident memory in KiB and the output of `stats --format json FILE`.
    const auto measure = [](const QString& path, QString* out) {
        QProcess process;
        process.start("/usr/bin/time",
                      {"-f", "%M", WIREBENCH_CLI, "stats", "--format", "json", path});
        if (!process.waitForFinished(300000) || process.exitCode() != 0)
            return qint64(-1);
        *out = QString::fromUtf8(process.readAllStandardOutput());
        const QStringList lines =
            QString::fromUtf8(process.readAllStandardError()).trimmed().split('\n');
        return lines.back().toLongLong();
    };
    QString plainOut;
    QString packedOut;
    const qint64 plainKiB = measure(plainPath, &plainOut);
    const qint64 packedKiB = measure(packedPath, &packedOut);
    qInfo("peak RSS: plain %lld KiB, gzip %lld KiB; plain log %lld MiB", plainKiB, packedKiB,
          QFileInfo(plainPath).size() >> 20);
    QVERIFY(plainKiB > 0 && packedKiB > 0);
    packedOut.replace("big.log.gz", "big.log");
    QCOMPARE(packedOut, plainOut);
    // The samples (16 MB of doubles) are in both; a log held whole would add its 120 MB.
    QVERIFY2(packedKiB < plainKiB + 32 * 1024, qPrintable(QString::number(packedKiB)));
    QFile::remove(plainPath);
    QFile::remove(packedPath);
}

QTEST_GUILESS_MAIN(TestCompressed)
#include "tst_compressed.moc"
