// What wirebench-cli writes: plots and reports appear whole or not at all (a full disk
// leaves an existing file's bytes as they were and says why), and `run` refuses an output
// folder that is a symbolic link or a file before anything starts. The full-disk cases mount
// a small tmpfs and need root; they skip otherwise.

#include "TestSupport.h"

#include "files/RunSidecar.h"
#include "files/WorkspaceFile.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace wb;

namespace {

constexpr char kOldBytes[] = "the previous figure, which a failed export must leave alone\n";

// A tmpfs of 64 KiB at mountPoint, filled up to its last byte; unmounted when it goes.
class FullDisk {
public:
    explicit FullDisk(const QString& mountPoint) : m_mountPoint(mountPoint) {}
    ~FullDisk() {
        if (m_mounted)
            QProcess::execute("umount", {m_mountPoint});
    }
    FullDisk(const FullDisk&) = delete;
    FullDisk& operator=(const FullDisk&) = delete;

    // Empty when mounted, else why not.
    QString mount() {
        if (::geteuid() != 0)
            return QStringLiteral("needs root to mount a small tmpfs (CI runs as root)");
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start("mount", {"-t", "tmpfs", "-o", "size=64k", "wb-full-disk", m_mountPoint});
        if (!process.waitForFinished(10000) || process.exitCode() != 0)
            return QStringLiteral("cannot mount a tmpfs here: %1")
                .arg(QString::fromLocal8Bit(process.readAll()).trimmed());
        m_mounted = true;
        return {};
    }

    // Writes a filler file until the file system refuses another byte, then gives back
    // leaveFree bytes: with room for a part of an output, a write is cut short first.
    bool fill(qint64 leaveFree = 0) {
        QFile filler(m_mountPoint + "/filler");
        if (!filler.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
            return false;
        const QByteArray block(512, 'x');
        while (filler.write(block) == block.size()) {
        }
        while (filler.write("x", 1) == 1) {
        }
        return filler.error() != QFileDevice::NoError &&
               filler.resize(std::max<qint64>(0, filler.size() - leaveFree));
    }

private:
    QString m_mountPoint;
    bool m_mounted = false;
};

// The names in folder but the filler: what an export left behind.
QStringList leftIn(const QString& folder) {
    QStringList names = QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    names.removeAll("filler");
    return names;
}

} // namespace

class TestCliOutputs : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // A workspace of one ping log, beside its log (not on the small disk).
    QString smallWorkspace() {
        const QString folder = m_dir.filePath("workspace");
        QDir().mkpath(folder);
        QFile::copy(test::samplePath("ping18_np"), folder + "/ping18_np");
        return test::writeTestFile(
            folder, "small.wbws",
            R"({"format": "wirebench-workspace", "version": 1, "title": "small",
                "datasets": [{"path": "ping18_np", "index": 0, "label": "", "color": "",
                              "visible": true, "tags": []}]})");
    }

    QStringList commandFor(const QString& kind, const QString& out) {
        if (kind == "report")
            return {"report", smallWorkspace(), "-o", out};
        return {"plot", "--type", "cdf", "-o", out, test::samplePath("ping18_np")};
    }

private slots:
    void fullDiskLeavesTheOldFile_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("existing");
        QTest::addColumn<int>("leaveFree");
        // Every output is larger than 8 KiB: with that much free, part of it fits.
        for (const int free : {0, 8192}) {
            for (const char* suffix : {"png", "pdf", "svg"}) {
                QTest::addRow("plot %s over a file, %d free", suffix, free)
                    << "plot" << QString("out.") + suffix << true << free;
                QTest::addRow("plot %s, new file, %d free", suffix, free)
                    << "plot" << QString("new.") + suffix << false << free;
            }
            for (const char* suffix : {"pdf", "html"}) {
                QTest::addRow("report %s over a file, %d free", suffix, free)
                    << "report" << QString("report.") + suffix << true << free;
                QTest::addRow("report %s, new file, %d free", suffix, free)
                    << "report" << QString("new-report.") + suffix << false << free;
            }
        }
    }

    void fullDiskLeavesTheOldFile() {
        QFETCH(QString, kind);
        QFETCH(QString, name);
        QFETCH(bool, existing);
        QFETCH(int, leaveFree);
        QTemporaryDir base;
        const QString mountPoint = base.filePath("disk");
        QVERIFY(QDir().mkpath(mountPoint));
        FullDisk disk(mountPoint);
        if (const QString why = disk.mount(); !why.isEmpty())
            QSKIP(qPrintable(why));
        const QString out = mountPoint + "/" + name;
        if (existing)
            test::writeTestFile(mountPoint, name, kOldBytes);
        QVERIFY(disk.fill(leaveFree));

        const test::CliRun run = test::runCli(commandFor(kind, out));
        QVERIFY2(run.exitCode != 0 && run.exitCode != -1, qPrintable(run.err));
        QVERIFY2(run.err.contains(out + ": could not be written: No space left on device"),
                 qPrintable(run.err));
        QStringList expected;
        if (existing) {
            QCOMPARE(test::readAll(out), QByteArray(kOldBytes));
            expected << name;
        }
        QCOMPARE(leftIn(mountPoint), expected); // no partial file, no temporary file
    }

    // The writers under the workbench's saves: a workspace and a run's sidecar.
    void fullDiskKeepsSavedFiles() {
        QTemporaryDir base;
        const QString mountPoint = base.filePath("disk");
        QVERIFY(QDir().mkpath(mountPoint));
        FullDisk disk(mountPoint);
        if (const QString why = disk.mount(); !why.isEmpty())
            QSKIP(qPrintable(why));
        const QString workspacePath = test::writeTestFile(mountPoint, "w.wbws", kOldBytes);
        const QString sidecarPath = test::writeTestFile(mountPoint, "r.run.json", kOldBytes);
        QVERIFY(disk.fill());

        Workspace workspace;
        workspace.title = QStringLiteral("a title long enough to need a block of its own");
        WorkspaceDataset dataset;
        dataset.source = test::samplePath("ping18_np");
        workspace.datasets.push_back(dataset);
        QString why;
        QVERIFY(!WorkspaceFile::save(workspace, workspacePath, &why));
        QVERIFY2(why.contains("No space left on device"), qPrintable(why));
        QCOMPARE(test::readAll(workspacePath), QByteArray(kOldBytes));

        RunRecord record;
        record.label = QStringLiteral("a label");
        record.status = QStringLiteral("completed");
        QVERIFY(!RunSidecar::write(sidecarPath, record, &why));
        QVERIFY2(why.contains("No space left on device"), qPrintable(why));
        QCOMPARE(test::readAll(sidecarPath), QByteArray(kOldBytes));
        QCOMPARE(leftIn(mountPoint), (QStringList{"r.run.json", "w.wbws"}));
    }

    // The same commands on a disk with room: the old file is replaced by the whole new one.
    void roomyDiskReplacesTheFile_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("start");
        QTest::newRow("plot png") << "plot"
                                  << "out.png" << QByteArray("\x89PNG");
        QTest::newRow("plot pdf") << "plot"
                                  << "out.pdf" << QByteArray("%PDF-");
        QTest::newRow("plot svg") << "plot"
                                  << "out.svg" << QByteArray("<?xml");
        QTest::newRow("report pdf") << "report"
                                    << "report.pdf" << QByteArray("%PDF-");
        QTest::newRow("report html") << "report"
                                     << "report.html" << QByteArray("<!DOCTYPE html>");
    }

    void roomyDiskReplacesTheFile() {
        QFETCH(QString, kind);
        QFETCH(QString, name);
        QFETCH(QByteArray, start);
        QTemporaryDir folder;
        const QString out = test::writeTestFile(folder.path(), name, kOldBytes);
        const test::CliRun run = test::runCli(commandFor(kind, out));
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QByteArray bytes = test::readAll(out);
        QVERIFY2(bytes.startsWith(start), bytes.left(40).constData());
        if (start.startsWith("%PDF"))
            QVERIFY(bytes.trimmed().endsWith("%%EOF"));
        QCOMPARE(leftIn(folder.path()), QStringList{name});
    }

    // A link planted where the output goes is neither followed nor replaced.
    void outputThatIsALinkIsRefused_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("name");
        QTest::newRow("plot") << "plot"
                              << "out.png";
        QTest::newRow("report") << "report"
                                << "report.html";
    }

    void outputThatIsALinkIsRefused() {
        QFETCH(QString, kind);
        QFETCH(QString, name);
        QTemporaryDir folder;
        const QString victim = test::writeTestFile(folder.path(), "victim", kOldBytes);
        const QString out = folder.filePath(name);
        QVERIFY(QFile::link(victim, out));
        const test::CliRun run = test::runCli(commandFor(kind, out));
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(out + ": could not be written: it is a symbolic link (to " +
                                  victim + ")"),
                 qPrintable(run.err));
        QCOMPARE(test::readAll(victim), QByteArray(kOldBytes));
        QCOMPARE(QFileInfo(out).symLinkTarget(), victim);
    }

    void runRefusesALinkedOutputFolder() {
        QTemporaryDir folder;
        const QString elsewhere = folder.filePath("elsewhere");
        QVERIFY(QDir().mkpath(elsewhere));
        const QString link = folder.filePath("runs");
        QVERIFY(QFile::link(elsewhere, link));
        for (const QString& out : {link, link + "/sub"}) {
            const test::CliRun run = test::runCli({"run", "--count", "1", "-o", out, "127.0.0.1"});
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains("is a symbolic link to " + elsewhere), qPrintable(run.err));
            QVERIFY2(!run.err.contains("logs are in"), qPrintable(run.err));
            QVERIFY(QDir(elsewhere).isEmpty());
        }
    }

    void runRefusesAFileAsOutputFolder() {
        QTemporaryDir folder;
        const QString file = test::writeTestFile(folder.path(), "notes.txt", kOldBytes);
        const test::CliRun run = test::runCli({"run", "--count", "1", "-o", file, "127.0.0.1"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(file + " is a file, not a folder"), qPrintable(run.err));
        QVERIFY2(!run.err.contains("logs are in"), qPrintable(run.err));
        QCOMPARE(test::readAll(file), QByteArray(kOldBytes));
    }

    void planOutputStaysInsideThePlanFolder_data() {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("said");
        QTest::newRow("parent") << "../escaped"
                                << "leads outside the plan's folder";
        QTest::newRow("parent inside a path") << "a/../../escaped"
                                              << "leads outside the plan's folder";
        QTest::newRow("link") << "linked/runs"
                              << "through a symbolic link";
        QTest::newRow("link as the folder") << "linked"
                                            << "through a symbolic link";
    }

    void planOutputStaysInsideThePlanFolder() {
        QFETCH(QString, output);
        QFETCH(QString, said);
        QTemporaryDir folder;
        const QString planDir = folder.filePath("plans");
        const QString elsewhere = folder.filePath("elsewhere");
        QVERIFY(QDir().mkpath(planDir) && QDir().mkpath(elsewhere));
        QVERIFY(QFile::link(elsewhere, planDir + "/linked"));
        const QString plan =
            test::writeTestFile(planDir, "p.json",
                                QStringLiteral(R"({"wirebench_plan": 1, "name": "p", "output": "%1",
                              "runs": [{"name": "r", "target": "127.0.0.1", "count": 1}]})")
                                    .arg(output)
                                    .toUtf8());
        const test::CliRun run = test::runCli({"run", "--plan", plan});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(said), qPrintable(run.err));
        QVERIFY2(!run.err.contains("logs are in"), qPrintable(run.err));
        QVERIFY(QDir(elsewhere).isEmpty());
        QVERIFY(!QFileInfo::exists(folder.filePath("escaped")));
    }

    // Printed output is checked too: a table redirected to a full device must not exit 0.
    void stdoutThatCannotBeWrittenFails() {
        if (!QFileInfo::exists(QStringLiteral("/dev/full")))
            QSKIP("no /dev/full on this machine");
        for (const QStringList& command :
             {QStringList{"stats", test::samplePath("ping18_np")},
              QStringList{"table", "--format", "csv", test::samplePath("ping18_np")}}) {
            QProcess process;
            process.setStandardOutputFile(QStringLiteral("/dev/full"));
            process.start(QStringLiteral(WIREBENCH_CLI), command);
            QVERIFY(process.waitForFinished(60000));
            const QString err = QString::fromUtf8(process.readAllStandardError());
            QCOMPARE(process.exitCode(), 2);
            QVERIFY2(err.contains("cannot write the output: No space left on device"),
                     qPrintable(err));
        }
    }

    // A name given on the command line is opened by its bytes, as one found in a folder is.
    void nonUtf8NameOnTheCommandLine() {
        QTemporaryDir dir;
        const QByteArray name = QFile::encodeName(dir.path()) + "/caf\xe9.log";
        QFile::copy(test::samplePath("ping18_np"), QStringLiteral("%1/plain.log").arg(dir.path()));
        QVERIFY(::rename(QFile::encodeName(dir.filePath("plain.log")).constData(),
                         name.constData()) == 0);
        QProcess process;
        // QProcess passes arguments as UTF-8; the raw bytes go through the shell instead.
        process.start(QStringLiteral("/bin/sh"),
                      {"-c",
                       QStringLiteral("exec \"$0\" stats --format json \"$(printf "
                                      "'%s/caf\\351.log' \"$1\")\""),
                       QStringLiteral(WIREBENCH_CLI), dir.path()});
        QVERIFY(process.waitForFinished(60000));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(process.exitCode() == 0, qPrintable(err));
        const QByteArray out = process.readAllStandardOutput();
        ::unlink(name.constData()); // QTemporaryDir cannot list a name that is not UTF-8
        QVERIFY2(out.contains("\"dialect\": \"iputils\""), out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliOutputs)
#include "tst_clioutputs.moc"
