#include "TestSupport.h"
#include "parse/FormatRegistry.h"

#include <QTemporaryDir>
#include <QTest>

using namespace wb;

// Bad and odd input at the import level: every case gives a clear reason and keeps what
// was readable; nothing crashes.
class TestImporter : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void missingFile();
    void directory();
    void emptyFile();
    void binaryFile();
    void unknownText();
    void megabyteLineKeepsReplies();
    void truncatedLogKeepsReplies();
    void qjumpCompatReadsAnyText();
    void progressCanCancel();

private:
    QString write(const QString& name, const QByteArray& bytes);
    QTemporaryDir m_dir;
    QByteArray m_log;
};

void TestImporter::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_log = test::cleanPingLog();
}

QString TestImporter::write(const QString& name, const QByteArray& bytes) {
    return test::writeTestFile(m_dir.path(), name, bytes);
}

void TestImporter::missingFile() {
    const ImportResult result = FileImporter::importFile(m_dir.filePath("does-not-exist"));
    QCOMPARE(result.error, QStringLiteral("no such file"));
    QVERIFY(result.datasets.empty());
}

void TestImporter::directory() {
    const ImportResult result = FileImporter::importFile(m_dir.path());
    QVERIFY(result.error.contains("directory"));
}

void TestImporter::emptyFile() {
    const ImportResult result = FileImporter::importFile(write("empty.txt", {}));
    QCOMPARE(result.error, QStringLiteral("the file is empty"));
}

void TestImporter::binaryFile() {
    QByteArray bytes(4096, '\0');
    for (int i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<char>((i * 7919) % 256);
    const ImportResult result = FileImporter::importFile(write("random.bin", bytes));
    QVERIFY2(result.error.startsWith("binary data (NUL byte at offset"), qPrintable(result.error));
}

void TestImporter::unknownText() {
    const ImportResult result =
        FileImporter::importFile(write("notes.txt", "Dear diary,\ntoday the network was slow.\n"));
    QVERIFY2(result.error.contains("not a ping"), qPrintable(result.error));
}

void TestImporter::megabyteLineKeepsReplies() {
    QByteArray bytes = m_log;
    bytes.insert(bytes.indexOf("64 bytes"), QByteArray(1 << 20, 'x') + '\n');
    const ImportResult result = FileImporter::importFile(write("long-line.txt", bytes));
    QVERIFY(result.ok());
    QCOMPARE(result.datasets.front().latency.size(), std::size_t{200});
    QCOMPARE(result.report.ignoredLines, std::int64_t{1});
    QCOMPARE(result.datasets.front().latency.summary.transmitted, std::optional<std::int64_t>{200});
}

void TestImporter::truncatedLogKeepsReplies() {
    // Cut in the middle of reply 151: 150 whole replies survive, the half line is not a sample.
    const qsizetype cut = m_log.indexOf("icmp_seq=151 ") + 5;
    const ImportResult result = FileImporter::importFile(write("cut.txt", m_log.left(cut)));
    QVERIFY(result.ok());
    const LatencySeries& series = result.datasets.front().latency;
    QCOMPARE(series.size(), std::size_t{150});
    QCOMPARE(series.sequence.back(), std::int64_t{150});
    QVERIFY(!series.summary.transmitted);
}

void TestImporter::qjumpCompatReadsAnyText() {
    ImportOptions options;
    options.qjumpCompat = true;
    // cut -d= -f4 takes the fourth '='-field, "3 time", not the time: the artifact's rule.
    const ImportResult result =
        FileImporter::importFile(write("grep-me.txt", "a=1 b=2 c=3 time=4.5 ms\n"), options);
    QVERIFY(result.ok());
    QCOMPARE(result.datasets.front().latency.rttMs, (std::vector<double>{3}));
}

void TestImporter::progressCanCancel() {
    ImportOptions options;
    options.chunkSize = 1024;
    int calls = 0;
    options.progress = [&](qint64, qint64) { return ++calls < 1; };
    QByteArray big;
    while (big.size() < (3 << 20))
        big += m_log;
    const ImportResult result = FileImporter::importFile(write("big.txt", big), options);
    QVERIFY(result.cancelled);
    QCOMPARE(calls, 1);
    // What was read before the cancel is kept.
    QVERIFY(result.datasets.front().latency.size() > 0);
}

QTEST_APPLESS_MAIN(TestImporter)
#include "tst_importer.moc"
