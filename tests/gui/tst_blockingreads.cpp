#include "BlockingFile.h"
#include "DatasetStore.h"
#include "ImportController.h"
#include "MainWindow.h"
#include "TestSupport.h"
#include "files/RunSidecar.h"
#include "files/UserMetadata.h"
#include "import/FileImporter.h"
#include "run/ExperimentPlan.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace wb;

// Files whose reads never end: a regular file whose read waits forever (a dead network
// mount; here a tracefs pipe, test::BlockingFile) is given up after the read timeout, or on
// cancel, by the CLI, the importer, the workbench and the window, which then quits; and a
// run description beside a log that is a FIFO, /dev/zero or too large is named and skipped
// while the log is read.
class TestBlockingReads : public QObject {
    Q_OBJECT

public:
    explicit TestBlockingReads(test::BlockingFile& blocking) : m_blocking(blocking) {}

private slots:
    void initTestCase();
    void cliGivesUpOnABlockingFile();
    void importerGivesUpOnABlockingFile();
    void importerIsCancelledWhileAReadWaits();
    void importControllerCancelsABlockedImport();
    void windowQuitsDuringABlockedImport();
    void runDescriptionThatIsNoFileIsNamed_data();
    void runDescriptionThatIsNoFileIsNamed();
    void runDescriptionsInCli();
    void fifoMetadataAndPlanAreRefused();

private:
    // A read timeout for this process and the programs it starts.
    static void setReadTimeout(const QByteArray& seconds);

    test::BlockingFile& m_blocking;
    QTemporaryDir m_dir;
    QString m_good;
};

void TestBlockingReads::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // keep QSettings away from the user's
    QVERIFY(m_dir.isValid());
    m_good = test::writeTestFile(m_dir.path(), "good.log", test::cleanPingLog());
}

void TestBlockingReads::setReadTimeout(const QByteArray& seconds) {
    qputenv("WIREBENCH_READ_TIMEOUT", seconds);
}

// `stats` names the file with the reason, reports the others and exits 1; `report` of a
// workspace that lists it does the same through the workbench's import.
void TestBlockingReads::cliGivesUpOnABlockingFile() {
    const QString blocking = m_blocking.path();
    if (blocking.isEmpty())
        QSKIP(qPrintable(m_blocking.skipReason()));
    setReadTimeout("0.5");
    const test::CliRun stats = test::runCliWithin({"stats", m_good, blocking, m_good}, 15000);
    QCOMPARE(stats.exitCode, 1);
    QVERIFY2(stats.err.contains(blocking + ": no data for 0.5 s; the read was abandoned"),
             qPrintable(stats.err));
    QCOMPARE(stats.out.count("Total samples 200"), 2);

    const QString workspace = test::writeTestFile(
        m_dir.path(), "blocking.wbws",
        QStringLiteral(R"({"format":"wirebench-workspace","version":1,"datasets":[
            {"path":"%1"},{"path":"good.log"}]})")
            .arg(blocking)
            .toUtf8());
    const QString html = m_dir.filePath("blocking.html");
    const test::CliRun report = test::runCliWithin({"report", workspace, "-o", html}, 30000);
    QCOMPARE(report.exitCode, 1);
    QVERIFY2(report.err.contains(blocking + ": no data for 0.5 s; the read was abandoned"),
             qPrintable(report.err));
    QVERIFY(QFileInfo::exists(html));
}

void TestBlockingReads::importerGivesUpOnABlockingFile() {
    const QString blocking = m_blocking.path();
    if (blocking.isEmpty())
        QSKIP(qPrintable(m_blocking.skipReason()));
    setReadTimeout("0.3");
    QElapsedTimer timer;
    timer.start();
    const ImportResult result = FileImporter::importFile(blocking);
    QCOMPARE(result.error, QStringLiteral("no data for 0.3 s; the read was abandoned"));
    QVERIFY(!result.cancelled);
    QVERIFY2(timer.elapsed() < 3000 * test::kSlowdown,
             qPrintable(QString::number(timer.elapsed())));
}

// The progress callback is asked while the read waits; its "stop" ends the import at once.
void TestBlockingReads::importerIsCancelledWhileAReadWaits() {
    const QString blocking = m_blocking.path();
    if (blocking.isEmpty())
        QSKIP(qPrintable(m_blocking.skipReason()));
    setReadTimeout("600");
    int asked = 0;
    ImportOptions options;
    options.progress = [&](qint64, qint64) { return ++asked < 3; };
    QElapsedTimer timer;
    timer.start();
    const ImportResult result = FileImporter::importFile(blocking, options);
    QVERIFY(result.cancelled);
    QCOMPARE(asked, 3);
    QCOMPARE(result.error, QStringLiteral("cancelled while waiting for the file's data"));
    QVERIFY2(timer.elapsed() < 3000 * test::kSlowdown,
             qPrintable(QString::number(timer.elapsed())));
}

// The window's import: Cancel ends an import stuck in a read, and the rest is not read.
void TestBlockingReads::importControllerCancelsABlockedImport() {
    const QString blocking = m_blocking.path();
    if (blocking.isEmpty())
        QSKIP(qPrintable(m_blocking.skipReason()));
    setReadTimeout("600");
    DatasetStore store;
    ImportController importer(&store);
    QSignalSpy started(&importer, &ImportController::started);
    QSignalSpy finished(&importer, &ImportController::finished);
    importer.importPaths({blocking, m_good});
    QVERIFY(started.wait(10000 * test::kSlowdown));
    QVERIFY(!finished.wait(300)); // the read waits
    importer.cancel();
    QVERIFY(finished.wait(3000 * test::kSlowdown));
    QCOMPARE(finished.first().at(2).toBool(), true);
    QCOMPARE(store.entries().size(), std::size_t{0});
}

// Quit while the import waits in a read: the window goes (its importer waits for the import,
// which is cancelled) at once, so the program ends.
void TestBlockingReads::windowQuitsDuringABlockedImport() {
    const QString blocking = m_blocking.path();
    if (blocking.isEmpty())
        QSKIP(qPrintable(m_blocking.skipReason()));
    setReadTimeout("600");
    auto window = std::make_unique<MainWindow>();
    QSignalSpy started(window->importer(), &ImportController::started);
    window->importPaths({blocking});
    QVERIFY(started.wait(10000 * test::kSlowdown));
    QTest::qWait(200);
    QVERIFY(window->importer()->busy());
    QElapsedTimer timer;
    timer.start();
    window->close();
    window.reset();
    QVERIFY2(timer.elapsed() < 2000 * test::kSlowdown,
             qPrintable(QString::number(timer.elapsed())));
}

// A run description (STEM.run.json) that is a FIFO would block the import; one that is a link
// to /dev/zero would fill the memory; one that blocks waits forever: each is named and the
// log read as if it had none.
void TestBlockingReads::runDescriptionThatIsNoFileIsNamed_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("why");
    QTest::newRow("FIFO") << "fifo"
                          << "is a FIFO, not a regular file";
    QTest::newRow("link to /dev/zero") << "zero"
                                       << "is a character device, not a regular file";
    QTest::newRow("2 MiB") << "big"
                           << "2097152 bytes is too large for a run description "
                              "(at most 1 MiB)";
    QTest::newRow("read blocks") << "blocking"
                                 << "cannot read: no data for 0.3 s";
}

void TestBlockingReads::runDescriptionThatIsNoFileIsNamed() {
    QFETCH(QString, kind);
    QFETCH(QString, why);
    const QString blocking = kind == "blocking" ? m_blocking.path() : QString();
    if (kind == "blocking" && blocking.isEmpty())
        QSKIP(qPrintable(m_blocking.skipReason()));
    setReadTimeout("0.3");
    QTemporaryDir dir;
    const QString log = test::writeTestFile(dir.path(), "run.log", test::cleanPingLog());
    const QString sidecar = RunSidecar::pathFor(log);
    if (kind == "fifo")
        QCOMPARE(::mkfifo(QFile::encodeName(sidecar).constData(), 0644), 0);
    else if (kind == "zero")
        QVERIFY(QFile::link("/dev/zero", sidecar));
    else if (kind == "big")
        test::writeTestFile(dir.path(), "run.run.json", QByteArray(2 << 20, ' '));
    else
        QVERIFY(QFile::link(blocking, sidecar));
    QElapsedTimer timer;
    timer.start();
    const ImportResult result = FileImporter::importFile(log);
    QVERIFY2(timer.elapsed() < 5000 * test::kSlowdown,
             qPrintable(QString::number(timer.elapsed())));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.datasets.size(), std::size_t{1});
    QCOMPARE(result.datasets[0].latency.size(), std::size_t{200});
    QCOMPARE(result.report.warnings.kept().size(), std::size_t{1});
    const QString warning = result.report.warnings.kept()[0].message;
    QVERIFY2(warning.startsWith("run description " + sidecar + " not used: " + why),
             qPrintable(warning));
}

void TestBlockingReads::runDescriptionsInCli() {
    QTemporaryDir dir;
    const QString fifoLog = test::writeTestFile(dir.path(), "a.log", test::cleanPingLog());
    QCOMPARE(::mkfifo(QFile::encodeName(RunSidecar::pathFor(fifoLog)).constData(), 0644), 0);
    const QString zeroLog = test::writeTestFile(dir.path(), "b.log", test::cleanPingLog());
    QVERIFY(QFile::link("/dev/zero", RunSidecar::pathFor(zeroLog)));
    const test::CliRun stats = test::runCliWithin({"stats", fifoLog, zeroLog}, 15000);
    QCOMPARE(stats.exitCode, 0); // a warning: both logs are read whole
    QCOMPARE(stats.out.count("Total samples 200"), 2);
    QVERIFY2(stats.err.contains(fifoLog + ": warning: run description " +
                                RunSidecar::pathFor(fifoLog) + " not used: is a FIFO"),
             qPrintable(stats.err));
    QVERIFY2(stats.err.contains(zeroLog + ": warning: run description " +
                                RunSidecar::pathFor(zeroLog) + " not used: is a character device"),
             qPrintable(stats.err));
}

// `--metadata FIFO` and a plan that is a FIFO are refused at once instead of waiting for a
// writer.
void TestBlockingReads::fifoMetadataAndPlanAreRefused() {
    QTemporaryDir dir;
    const QString fifo = dir.filePath("meta.tsv");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
    UserMetadata metadata;
    const std::optional<UserMetadata::Error> error = metadata.readFile(fifo);
    QVERIFY(error);
    QVERIFY2(error->what.startsWith("cannot read the metadata file: is a FIFO"),
             qPrintable(error->what));
    const test::CliRun stats = test::runCliWithin({"stats", "--metadata", fifo, m_good}, 15000);
    QVERIFY2(stats.err.contains(fifo + ": cannot read the metadata file: is a FIFO"),
             qPrintable(stats.err));

    const QString plan = dir.filePath("plan.json");
    QCOMPARE(::mkfifo(QFile::encodeName(plan).constData(), 0644), 0);
    ExperimentPlan loaded;
    QStringList errors;
    QVERIFY(!ExperimentPlan::load(plan, &loaded, &errors));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors[0].startsWith("is a FIFO"), qPrintable(errors[0]));
}

int main(int argc, char** argv) {
    test::BlockingFile blocking; // before QApplication starts any thread
    QApplication app(argc, argv);
    TestBlockingReads test(blocking);
    return QTest::qExec(&test, argc, argv);
}

#include "tst_blockingreads.moc"
