#include "DatasetStore.h"
#include "ImportController.h"
#include "TestSupport.h"
#include "WorkspaceSession.h"
#include "files/WorkspaceFile.h"
#include "import/LogFiles.h"
#include "import/NativePath.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <filesystem>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace wb;

// What the importer, the folder walk and the CLI do with inputs that are not plain readable
// logs: files whose first read fails, FIFOs, sockets and devices (which would block open() or
// read()), logs cut short while they are read, folders holding unreadable files and folders
// and names that are not UTF-8. Every case ends in bounded time with the file named and why.
class TestInputs : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void firstReadFailureIsNamed_data();
    void firstReadFailureIsNamed();
    void firstReadFailureKeepsOtherFilesInCli();
    void firstReadFailureInReport();
    void specialFilesAreRefusedUnopened_data();
    void specialFilesAreRefusedUnopened();
    void specialFilesInCliFoldersAndWorkspaces();
    void importControllerNamesSpecialFilesAndFinishes();
    void importControllerQuitsDuringBigImport();
    void cutShortWhileReadIsAnError_data();
    void cutShortWhileReadIsAnError();
    void cutShortInCliIsNeverSilent();
    void folderNamesWhatItDoesNotRead();
    void nonUtf8NamesAreReadByTheirBytes();
    void everyCommandTakesFolders_data();
    void everyCommandTakesFolders();
    void unreadableFilesAndFoldersAreNamedInCli();

private:
    QString write(const QString& name, const QByteArray& bytes);
    static QString makeFifo(const QString& path);
    static QString makeSocket(const QString& path);
    static QString firstBlockDevice();
    static QByteArray bigPingLog(int replies);

    QTemporaryDir m_dir;
    QString m_good;
};

void TestInputs::initTestCase() {
    QVERIFY(m_dir.isValid());
    // The folder is read by the CLI run as "nobody" too (unreadableFilesAndFoldersAreNamed).
    QVERIFY(QFile::setPermissions(
        m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther |
                          QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup));
    m_good = write("good.log", test::cleanPingLog());
}

QString TestInputs::write(const QString& name, const QByteArray& bytes) {
    QDir(m_dir.path()).mkpath(QFileInfo(m_dir.filePath(name)).path());
    return test::writeTestFile(m_dir.path(), name, bytes);
}

QString TestInputs::makeFifo(const QString& path) {
    if (::mkfifo(QFile::encodeName(path).constData(), 0644) != 0)
        qFatal("mkfifo %s: %s", qPrintable(path), std::strerror(errno));
    return path;
}

QString TestInputs::makeSocket(const QString& path) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray name = QFile::encodeName(path);
    if (fd < 0 || name.size() >= qsizetype(sizeof address.sun_path))
        qFatal("cannot make a socket at %s", qPrintable(path));
    std::memcpy(address.sun_path, name.constData(), std::size_t(name.size()));
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(fd, 1) != 0)
        qFatal("bind %s: %s", qPrintable(path), std::strerror(errno));
    return path; // the listening socket stays open for the test's lifetime
}

// A block device to name as a log, or empty when /dev shows none (containers often do not).
QString TestInputs::firstBlockDevice() {
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/dev", error))
        if (entry.is_block_file(error))
            return QString::fromStdString(entry.path().string());
    return {};
}

// An iputils log with distinct three-decimal RTTs, so a reply cut anywhere reads differently.
QByteArray TestInputs::bigPingLog(int replies) {
    QByteArray log = "PING 198.18.0.9 (198.18.0.9) 56(84) bytes of data.\n";
    log.reserve(qsizetype(replies) * 64);
    for (int seq = 1; seq <= replies; ++seq)
        log += "64 bytes from 198.18.0.9: icmp_seq=" + QByteArray::number(seq % 65536) +
               " ttl=64 time=" +
               QByteArray::number(1 + (qint64(seq) * 7919 % 100000) / 1000.0, 'f', 3) + " ms\n";
    return log;
}

// ---- a file whose first read fails ----

void TestInputs::firstReadFailureIsNamed_data() {
    QTest::addColumn<QString>("path");
    // /proc/self/mem opens but reading offset 0 (unmapped) gives EIO; a loopback interface has
    // no link speed, so reading its sysfs "speed" gives EINVAL.
    QTest::newRow("/proc/self/mem") << QStringLiteral("/proc/self/mem");
    QTest::newRow("sysfs lo/speed") << QStringLiteral("/sys/class/net/lo/speed");
}

void TestInputs::firstReadFailureIsNamed() {
    QFETCH(QString, path);
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        QSKIP(qPrintable(path + " cannot be opened here"));
    char byte = 0;
    const ssize_t got = ::read(fd, &byte, 1);
    const int readErrno = errno;
    ::close(fd);
    if (got >= 0)
        QSKIP(qPrintable(path + " reads fine on this machine; nothing to test"));
    const ImportResult result = FileImporter::importFile(path);
    QCOMPARE(result.error,
             QStringLiteral("cannot read: ") + QString::fromLocal8Bit(std::strerror(readErrno)));
    QVERIFY(result.datasets.empty());
}

void TestInputs::firstReadFailureKeepsOtherFilesInCli() {
    const QString other = write("other.log", test::cleanPingLog());
    for (const char* command : {"stats", "table", "detect"}) {
        const test::CliRun run =
            test::runCliWithin({command, m_good, "/proc/self/mem", other}, 60000);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("wirebench-cli: /proc/self/mem: cannot read: Input/output "
                                  "error"),
                 qPrintable(run.err));
        QVERIFY2(run.out.contains("good") && run.out.contains("other"), qPrintable(run.out));
    }
    const test::CliRun stats =
        test::runCliWithin({"stats", m_good, "/proc/self/mem", other}, 60000);
    QCOMPARE(stats.out.count("Total samples 200"), 2);
}

void TestInputs::firstReadFailureInReport() {
    QTemporaryDir dir;
    const QString log = test::writeTestFile(dir.path(), "ping.log", test::cleanPingLog());
    const QString workspace = test::writeTestFile(
        dir.path(), "ws.wbws",
        QStringLiteral(R"({"format":"wirebench-workspace","version":1,"datasets":[
            {"path":"/proc/self/mem"},{"path":"ping.log","label":"kept"}]})")
            .toUtf8());
    const QString html = dir.filePath("report.html");
    const test::CliRun run = test::runCliWithin({"report", workspace, "-o", html}, 120000);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("/proc/self/mem: cannot read: Input/output error"),
             qPrintable(run.err));
    const QByteArray report = test::readAll(html);
    QVERIFY(report.contains("kept"));
    QVERIFY(report.contains("cannot read: Input/output error"));
    Q_UNUSED(log);
}

// ---- FIFOs, sockets, devices ----

void TestInputs::specialFilesAreRefusedUnopened_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("kind");
    QTest::newRow("FIFO") << makeFifo(m_dir.filePath("a.fifo")) << "FIFO";
    QTest::newRow("socket") << makeSocket(m_dir.filePath("a.sock")) << "socket";
    QTest::newRow("/dev/null") << "/dev/null"
                               << "character device";
    if (QFileInfo::exists("/dev/kmsg"))
        QTest::newRow("/dev/kmsg") << "/dev/kmsg"
                                   << "character device";
    const QString block = firstBlockDevice();
    if (!block.isEmpty())
        QTest::newRow("block device") << block << "block device";
    QFile::link(m_dir.filePath("a.fifo"), m_dir.filePath("link-to-fifo"));
    QTest::newRow("link to a FIFO") << m_dir.filePath("link-to-fifo") << "FIFO";
}

// Opening the FIFO would block until a writer comes (none does): a return at all shows it
// was not opened. The deadline of the CTest entry catches a regression.
void TestInputs::specialFilesAreRefusedUnopened() {
    QFETCH(QString, path);
    QFETCH(QString, kind);
    const ImportResult result = FileImporter::importFile(path);
    QCOMPARE(result.error, QStringLiteral("is a %1, not a regular file; only regular files and "
                                          "folders are read")
                               .arg(kind));
    QVERIFY(result.datasets.empty());
}

void TestInputs::specialFilesInCliFoldersAndWorkspaces() {
    QTemporaryDir dir;
    QDir(dir.path()).mkpath("logs");
    test::writeTestFile(dir.path(), "logs/ping.log", test::cleanPingLog());
    const QString fifo = makeFifo(dir.filePath("logs/live.fifo"));
    const QString socket = makeSocket(dir.filePath("logs/s.sock"));
    const QString outside = makeFifo(dir.filePath("given.fifo"));

    // Given as a log and inside a folder: refused with the kind, the rest read, exit 1.
    const test::CliRun stats =
        test::runCliWithin({"stats", outside, "/dev/kmsg", dir.filePath("logs")}, 20000);
    QCOMPARE(stats.exitCode, 1);
    QVERIFY2(stats.err.contains(outside + ": is a FIFO"), qPrintable(stats.err));
    QVERIFY2(stats.err.contains(fifo + ": is a FIFO"), qPrintable(stats.err));
    QVERIFY2(stats.err.contains(socket + ": is a socket"), qPrintable(stats.err));
    if (QFileInfo::exists("/dev/kmsg"))
        QVERIFY2(stats.err.contains("/dev/kmsg: is a character device"), qPrintable(stats.err));
    QVERIFY(stats.out.contains("Total samples 200"));

    // Named in a workspace: report returns, names it, reports the rest.
    const QString workspace =
        test::writeTestFile(dir.path(), "ws.wbws",
                            QByteArray(R"({"format":"wirebench-workspace","version":1,"datasets":[
            {"path":"logs/live.fifo"},{"path":"/dev/kmsg"},{"path":"logs/ping.log"}]})"));
    const test::CliRun report =
        test::runCliWithin({"report", workspace, "-o", dir.filePath("r.html")}, 60000);
    QCOMPARE(report.exitCode, 1);
    QVERIFY2(report.err.contains(fifo + ": is a FIFO"), qPrintable(report.err));
    QVERIFY(QFileInfo::exists(dir.filePath("r.html")));

    // A workspace file that is a FIFO is refused too.
    const test::CliRun fifoWorkspace = test::runCliWithin(
        {"report", makeFifo(dir.filePath("w.wbws")), "-o", dir.filePath("x.html")}, 20000);
    QCOMPARE(fifoWorkspace.exitCode, 2);
    QVERIFY2(fifoWorkspace.err.contains("is a FIFO"), qPrintable(fifoWorkspace.err));
}

// The workbench's import path (ImportController, which the GUI and `report` use): a FIFO
// dropped alone or in a folder and a file whose first read fails are named, and the import
// finishes with the rest.
void TestInputs::importControllerNamesSpecialFilesAndFinishes() {
    QTemporaryDir dir;
    QTemporaryDir elsewhere;
    test::writeTestFile(dir.path(), "ping.log", test::cleanPingLog());
    makeFifo(dir.filePath("in-folder.fifo"));
    const QString dropped = makeFifo(elsewhere.filePath("dropped.fifo"));
    DatasetStore store;
    ImportController importer(&store);
    QSignalSpy failed(&importer, &ImportController::fileFailed);
    QSignalSpy finished(&importer, &ImportController::finished);
    importer.importPaths({dir.path(), dropped, "/proc/self/mem"});
    QVERIFY(finished.wait(20000 * test::kSlowdown));
    QCOMPARE(store.entries().size(), std::size_t{1});
    QStringList named;
    for (const QList<QVariant>& call : failed)
        named << call[0].toString() + ": " + call[1].toString();
    QCOMPARE(named.size(), 3);
    QVERIFY2(named.contains("/proc/self/mem: cannot read: Input/output error"),
             qPrintable(named.join('\n')));
    QVERIFY2(named.filter("in-folder.fifo: is a FIFO").size() == 1, qPrintable(named.join('\n')));
    QVERIFY2(named.filter("dropped.fifo: is a FIFO").size() == 1, qPrintable(named.join('\n')));
}

// The GUI quits during an import: the controller goes away while a big regular file is read,
// and its destructor (which waits for the worker) returns at once because the read stops at
// the next piece.
void TestInputs::importControllerQuitsDuringBigImport() {
    const QString big = write("quit/big.log", bigPingLog(1500000)); // ~90 MB
    DatasetStore store;
    auto importer = std::make_unique<ImportController>(&store);
    QSignalSpy progress(importer.get(), &ImportController::progress);
    importer->importPaths({big});
    QVERIFY(progress.wait(20000 * test::kSlowdown));
    QElapsedTimer timer;
    timer.start();
    importer.reset();
    QVERIFY2(timer.elapsed() < 2000 * test::kSlowdown,
             qPrintable(QString::number(timer.elapsed())));
    QFile::remove(big);
}

// ---- a log cut short while it is read ----

void TestInputs::cutShortWhileReadIsAnError_data() {
    QTest::addColumn<int>("replies");
    QTest::addColumn<int>("cutAtCall"); // which progress report truncates the file; -1: last
    // 3 MB: one thread (ParallelFeeder starts at 4 MiB); 12 MB: read and scanned on every core.
    for (int replies : {50000, 200000})
        for (int call : {1, 2, -1})
            QTest::addRow("%d replies, cut at report %d", replies, call) << replies << call;
}

void TestInputs::cutShortWhileReadIsAnError() {
    QFETCH(int, replies);
    QFETCH(int, cutAtCall);
    const QByteArray log = bigPingLog(replies);
    const QString path = write(QStringLiteral("cut-%1.log").arg(replies), log);
    const ImportResult whole = FileImporter::importFile(path);
    QVERIFY(whole.ok());
    QCOMPARE(whole.datasets.front().latency.size(), std::size_t(replies));

    ImportOptions options;
    int calls = 0;
    options.progress = [&](qint64 done, qint64 total) {
        ++calls;
        if (calls == cutAtCall || (cutAtCall < 0 && done >= total))
            QFile::resize(path, 0); // `: > log` as the import goes on
        return true;
    };
    const ImportResult cut = FileImporter::importFile(path, options);
    QVERIFY(calls >= (cutAtCall < 0 ? 1 : cutAtCall));
    QCOMPARE(cut.error, QStringLiteral("the file was cut short while it was read"));
    // What was read before the cut is kept, and is exactly the log's first replies: no line
    // the cut split became a wrong sample.
    QVERIFY(!cut.datasets.empty());
    const std::vector<double>& kept = cut.datasets.front().latency.rttMs;
    const std::vector<double>& all = whole.datasets.front().latency.rttMs;
    QVERIFY(kept.size() <= all.size());
    QVERIFY(std::equal(kept.begin(), kept.end(), all.begin()));
    QFile::remove(path);
}

// The CLI on a log that a shell empties at some moment of its import: whatever the moment,
// never exit 0 with part of the samples; either the whole log (emptied after it was read)
// or exit 1 with the reason.
void TestInputs::cutShortInCliIsNeverSilent() {
    const QByteArray log = bigPingLog(400000);
    for (int delayMs : {0, 5, 20, 60, 150}) {
        const QString path = write(QStringLiteral("cli-cut-%1.log").arg(delayMs), log);
        QProcess cli;
        cli.start(QStringLiteral(WIREBENCH_CLI), {"stats", "--format", "json", path});
        QVERIFY(cli.waitForStarted());
        QThread::msleep(static_cast<unsigned long>(delayMs));
        QVERIFY(QFile::resize(path, 0));
        QVERIFY(cli.waitForFinished(60000 * test::kSlowdown));
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        const QJsonArray datasets =
            QJsonDocument::fromJson(cli.readAllStandardOutput()).object()["datasets"].toArray();
        const int samples = datasets.isEmpty() ? 0 : datasets[0].toObject()["samples"].toInt();
        if (cli.exitCode() == 0) {
            QCOMPARE(samples, 400000);
        } else {
            QVERIFY2(err.contains("the file was cut short while it was read") ||
                         err.contains("the file is empty"),
                     qPrintable(err));
            // Cut after its last byte was read, a log keeps every sample; the reader still
            // sees that the file shrank under it.
            QVERIFY(samples <= 400000);
        }
        QFile::remove(path);
    }
}

// ---- folders ----

void TestInputs::folderNamesWhatItDoesNotRead() {
    QTemporaryDir dir;
    const QString root = dir.path();
    QDir(root).mkpath("sub/deeper");
    QDir(root).mkpath(".hidden");
    test::writeTestFile(root, "a.log", test::cleanPingLog());
    test::writeTestFile(root, "sub/deeper/b.log", test::cleanPingLog());
    test::writeTestFile(root, ".hidden/c.log", test::cleanPingLog());
    test::writeTestFile(root, "demo.wbws", "{}");
    makeFifo(root + "/sub/pipe");
    QFile::link(root + "/nowhere", root + "/dangling.log");
    QFile::link(root + "/sub", root + "/loop");
    const LogFiles::List list = LogFiles::expand({root});
    QCOMPARE(list.files, (QStringList{root + "/a.log", root + "/sub/deeper/b.log"}));
    QStringList refused;
    for (const RefusedPath& path : list.refused)
        refused << path.path + ": " + path.why;
    refused.sort();
    QCOMPARE(refused,
             (QStringList{root + "/dangling.log: is a link to " + root +
                              "/nowhere, which does not exist",
                          root + "/loop: is a link to a folder; links to folders are not "
                                 "followed (they may loop)",
                          root + "/sub/pipe: is a FIFO, not a regular file; only regular files "
                                 "and folders are read"}));

    QTemporaryDir empty;
    const LogFiles::List none = LogFiles::expand({empty.path()});
    QVERIFY(none.files.isEmpty());
    QCOMPARE(none.refused.size(), std::size_t{1});
    QCOMPARE(none.refused.front().why, QStringLiteral("no log files in this folder"));
}

void TestInputs::nonUtf8NamesAreReadByTheirBytes() {
    QTemporaryDir dir;
    // Latin-1 "café" and a lone continuation byte: neither is UTF-8.
    const QByteArray folder = QFile::encodeName(dir.path());
    for (const QByteArray& name : {QByteArray("caf\xE9.log"), QByteArray("x\x80y.log")}) {
        QFile file;
        const int fd =
            ::open((folder + '/' + name).constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        const QByteArray log = test::cleanPingLog();
        QCOMPARE(::write(fd, log.constData(), std::size_t(log.size())), ssize_t(log.size()));
        ::close(fd);
    }
    const LogFiles::List list = LogFiles::expand({dir.path()});
    QVERIFY(list.refused.empty());
    QCOMPARE(list.files.size(), 2);
    for (const QString& file : list.files) {
        QVERIFY(!NativePath::isUtf8(file));
        QVERIFY(NativePath::encode(file).startsWith(folder + '/'));
        const ImportResult result = FileImporter::importFile(file);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.datasets.front().latency.size(), std::size_t{200});
        QCOMPARE(result.report.warnings.count(), std::int64_t{1});
        QVERIFY(result.report.warnings.kept().front().message.contains("not valid UTF-8"));
    }
    QCOMPARE(NativePath::display(list.files[0]), dir.path() + "/caf\\xE9.log");
    QCOMPARE(NativePath::encode(NativePath::decode("caf\xC3\xA9")), QByteArray("caf\xC3\xA9"));
    QVERIFY(NativePath::isUtf8(NativePath::decode("caf\xC3\xA9")));

    const test::CliRun run = test::runCliWithin({"table", dir.path()}, 20000);
    QCOMPARE(run.exitCode, 0); // read, with a warning that changes no exit status
    QCOMPARE(run.err.count("is not valid UTF-8"), 2);
    QVERIFY2(run.err.contains("caf\\xE9.log"), qPrintable(run.err));
    // A workspace keeps such a name (JSON escapes the lone surrogate) and finds the file again.
    Workspace workspace;
    WorkspaceDataset named;
    named.source = list.files[0];
    named.absoluteSource = list.files[0];
    workspace.datasets.push_back(named);
    const QString wbws = dir.filePath("names.wbws");
    QString error;
    QVERIFY2(WorkspaceFile::save(workspace, wbws, &error), qPrintable(error));
    const std::optional<Workspace> loaded = WorkspaceFile::load(wbws, &error);
    QVERIFY2(loaded, qPrintable(error));
    QCOMPARE(loaded->datasets.front().absoluteSource, list.files[0]);
    QVERIFY(WorkspaceSession::read(wbws).missingLogs.isEmpty());
    for (const QString& file : list.files) // QTemporaryDir cannot name them to remove them
        QCOMPARE(::unlink(NativePath::encode(file).constData()), 0);
}

void TestInputs::everyCommandTakesFolders_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("sample");
    QTest::addColumn<QString>("expected");
    QTest::newRow("stats") << QStringList{"stats"} << "ping18_np"
                           << "Total samples 5000";
    QTest::newRow("table") << QStringList{"table"} << "ping18_np"
                           << "5000";
    QTest::newRow("detect") << QStringList{"detect"} << "ping18_np"
                            << "ping18_np";
    QTest::newRow("flows") << QStringList{"flows"} << "tcp-cubic-P30-client.txt"
                           << "SUM";
    QTest::newRow("plot") << QStringList{"plot", "--type", "cdf", "-o", m_dir.filePath("f.svg")}
                          << "ping18_np"
                          << "";
}

void TestInputs::everyCommandTakesFolders() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, sample);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QVERIFY(QFile::copy(test::samplePath(sample), dir.filePath(sample)));
    const test::CliRun run = test::runCliWithin(arguments << dir.path(), 60000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(!run.err.contains("directory"), qPrintable(run.err));
    QVERIFY2(run.out.contains(expected), qPrintable(run.out));
}

// Unreadable files and folders inside a folder are named with the reason and make the exit
// status 1. As root permissions do not apply, so the CLI runs as "nobody" then.
void TestInputs::unreadableFilesAndFoldersAreNamedInCli() {
    if (::geteuid() == 0 && QStandardPaths::findExecutable("setpriv").isEmpty())
        QSKIP("runs as root and setpriv is missing: permissions cannot be made to apply");
    const QString root = m_dir.filePath("perm");
    QDir(root).mkpath("locked");
    test::writeTestFile(root, "ok.log", test::cleanPingLog());
    test::writeTestFile(root, "locked/inside.log", test::cleanPingLog());
    const QString secret = test::writeTestFile(root, "secret.log", test::cleanPingLog());
    QVERIFY(QFile::setPermissions(secret, {}));
    QVERIFY(QFile::setPermissions(root + "/locked", {}));
    // As "nobody" when the test runs as root, so that permissions apply.
    const QStringList asNobody = ::geteuid() == 0 ? QStringList{"setpriv", "--reuid=65534",
                                                                "--regid=65534", "--clear-groups"}
                                                  : QStringList{};
    const test::CliRun run = test::runCliWithin({"stats", root}, 20000, asNobody);
    QFile::setPermissions(root + "/locked", QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(root + "/secret.log: cannot open: Permission denied"),
             qPrintable(run.err));
    QVERIFY2(run.err.contains(root + "/locked: cannot read the folder: Permission denied"),
             qPrintable(run.err));
    QCOMPARE(run.out.count("Total samples 200"), 1);
}

QTEST_GUILESS_MAIN(TestInputs)
#include "tst_inputs.moc"
