// wirebench-cli run stopped from outside, between two network namespaces it creates
// (198.18.0.0/15 only): Ctrl+C as a terminal sends it (SIGINT to the whole process group)
// cancels the step, runs its teardown and starts no later step; SIGTERM and SIGHUP stop
// every child and write the sidecar; after SIGKILL the started iperf server dies with the CLI
// and the sidecar reads "interrupted", and no process of the run is left: not a ping with
// file capabilities started by a user who is not root, not an iperf3 client started by a
// forking prefix (timeout). A closed output pipe does not cut the run short, and a full disk
// (a small tmpfs) fails it. Needs root; skipped otherwise.

#include "NetnsFixture.h"
#include "ProcessTree.h"
#include "TestSupport.h"

#include "files/RunSidecar.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

#include <fcntl.h>
#include <sys/stat.h>

#include <signal.h>
#include <unistd.h>

using namespace wb;
using namespace wb::test;

namespace {

bool waitUntil(const std::function<bool()>& condition, int timeoutMs) {
    QElapsedTimer timer;
    timer.start();
    while (!condition()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QTest::qWait(50);
    }
    return true;
}

// Pids of the iperf processes (servers with "-s", clients with "-c") using port.
QList<qint64> iperfProcesses(const char* mode, int port) {
    QList<qint64> pids;
    const QStringList entries = QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& entry : entries) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        const QList<QByteArray> argv = readAll("/proc/" + entry + "/cmdline").split('\0');
        const qsizetype portAt = argv.indexOf("-p");
        if (!argv.isEmpty() && argv.front().contains("iperf") && argv.contains(mode) &&
            portAt >= 0 && portAt + 1 < argv.size() && argv[portAt + 1].toInt() == port)
            pids << pid;
    }
    return pids;
}

QString writePlan(const QString& folder, const QJsonObject& plan) {
    return writeTestFile(folder, "plan.json", QJsonDocument(plan).toJson());
}

QJsonArray touch(const QString& path) {
    return QJsonArray{QJsonArray{"touch", path}};
}

} // namespace

class TestRunSignals : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<NetnsPair> m_net;

    QJsonObject defaults() const {
        return {{"target", m_net->serverAddress()},
                {"client_prefix", QJsonArray::fromStringList(m_net->clientPrefix())},
                {"server_prefix", QJsonArray::fromStringList(m_net->serverPrefix())}};
    }

    // An iperf2 step with its own server on port, and a teardown that leaves a mark.
    QJsonObject iperfPlan(const QString& folder, const QString& name, int port) const {
        return {{"wirebench_plan", 1},
                {"name", name},
                {"output", "out"},
                {"defaults", defaults()},
                {"runs", QJsonArray{QJsonObject{{"name", name},
                                                {"tool", "iperf"},
                                                {"duration", 20},
                                                {"port", port},
                                                {"start_server", true},
                                                {"teardown", touch(folder + "/teardown")}}}}};
    }

    // wirebench-cli in a session of its own, as a shell starts a foreground job: its pid is
    // the group a terminal's Ctrl+C goes to.
    static void startCli(QProcess& cli, const QStringList& args) {
        cli.setChildProcessModifier([] { ::setsid(); });
        cli.start(QStringLiteral(WIREBENCH_CLI), args);
        QVERIFY(cli.waitForStarted(5000));
    }

    static void endLeftovers(int port) {
        for (const char* mode : {"-s", "-c"})
            for (qint64 pid : iperfProcesses(mode, port))
                ::kill(static_cast<pid_t>(pid), SIGKILL);
    }

    // Waits until the log has a first interval: the client measures, the server listens.
    static bool measuring(const QString& log) {
        return waitUntil([&] { return readAll(log).contains(" sec "); }, 20000);
    }

private slots:
    void initTestCase() {
        const QString reason = NetnsPair::skipReason();
        if (!reason.isEmpty())
            QSKIP(qPrintable(reason));
        m_net = std::make_unique<NetnsPair>(QStringLiteral("sig"), 62);
        QString why;
        QVERIFY2(m_net->up(&why), qPrintable(why));
    }
    void cleanupTestCase() { m_net.reset(); }

    void ctrlCCancelsTheStep() {
        QTemporaryDir dir;
        const QJsonObject plan{
            {"wirebench_plan", 1},
            {"name", "ctrl-c"},
            {"output", "out"},
            {"defaults", defaults()},
            {"runs", QJsonArray{QJsonObject{{"name", "first"},
                                            {"count", 100},
                                            {"interval", 0.2},
                                            {"setup", touch(dir.filePath("setup-first"))},
                                            {"teardown", touch(dir.filePath("teardown-first"))}},
                                QJsonObject{{"name", "second"},
                                            {"count", 3},
                                            {"interval", 0.2},
                                            {"setup", touch(dir.filePath("setup-second"))}}}}};
        QProcess cli;
        startCli(cli, {"run", "--plan", writePlan(dir.path(), plan)});
        const QString log = dir.filePath("out/first.log");
        QVERIFY2(waitUntil([&] { return readAll(log).contains("icmp_seq=3 "); }, 20000),
                 readAll(log).constData());
        QCOMPARE(::kill(-static_cast<pid_t>(cli.processId()), SIGINT), 0);
        QVERIFY(cli.waitForFinished(30000));
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QVERIFY2(cli.exitCode() == 1, qPrintable(err));

        const auto record = RunSidecar::read(dir.filePath("out/first.run.json"), nullptr);
        QVERIFY(record);
        QCOMPARE(record->status, QStringLiteral("cancelled"));
        QVERIFY2(record->error.contains("SIGINT"), qPrintable(record->error));
        QVERIFY2(readAll(log).contains("ping statistics"), "ping printed its summary");
        QVERIFY(QFileInfo::exists(dir.filePath("teardown-first")));
        QVERIFY2(!QFileInfo::exists(dir.filePath("setup-second")), qPrintable(err));
        QVERIFY(!QFileInfo::exists(dir.filePath("out/second.log")));
        const QString out = QString::fromUtf8(cli.readAllStandardOutput());
        QVERIFY2(out.contains(QRegularExpression("first +cancelled")), qPrintable(out));
        QVERIFY2(out.contains(QRegularExpression("second +not started")), qPrintable(out));
    }

    void stopSignalEndsEveryChild_data() {
        QTest::addColumn<int>("signal");
        QTest::addColumn<int>("port");
        QTest::newRow("SIGTERM") << int(SIGTERM) << 5391;
        QTest::newRow("SIGHUP") << int(SIGHUP) << 5392;
    }

    void stopSignalEndsEveryChild() {
        QFETCH(int, signal);
        QFETCH(int, port);
        QTemporaryDir dir;
        QProcess cli;
        startCli(cli,
                 {"run", "--plan", writePlan(dir.path(), iperfPlan(dir.path(), "flow", port))});
        QVERIFY(measuring(dir.filePath("out/flow.log")));
        QVERIFY(!iperfProcesses("-s", port).isEmpty());
        QCOMPARE(::kill(static_cast<pid_t>(cli.processId()), signal), 0); // the CLI alone
        const bool ended = cli.waitForFinished(30000);
        const bool serverGone =
            waitUntil([&] { return iperfProcesses("-s", port).isEmpty(); }, 5000);
        const bool clientGone = iperfProcesses("-c", port).isEmpty();
        endLeftovers(port);
        QVERIFY(ended);
        QVERIFY2(serverGone, "the started iperf server still listens");
        QVERIFY2(clientGone, "the iperf client still runs");
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QCOMPARE(cli.exitCode(), 1);
        const auto record = RunSidecar::read(dir.filePath("out/flow.run.json"), nullptr);
        QVERIFY(record);
        QCOMPARE(record->status, QStringLiteral("cancelled"));
        QVERIFY2(record->error.contains(QTest::currentDataTag()), qPrintable(record->error));
        QVERIFY(QFileInfo::exists(dir.filePath("teardown")));
    }

    void killedCliTakesItsServerAlong() {
        constexpr int kPort = 5393;
        QTemporaryDir dir;
        QProcess cli;
        startCli(cli,
                 {"run", "--plan", writePlan(dir.path(), iperfPlan(dir.path(), "killed", kPort))});
        QVERIFY(measuring(dir.filePath("out/killed.log")));
        QCOMPARE(::kill(static_cast<pid_t>(cli.processId()), SIGKILL), 0);
        QVERIFY(cli.waitForFinished(10000));
        const bool gone = waitUntil(
            [&] {
                return iperfProcesses("-s", kPort).isEmpty() &&
                       iperfProcesses("-c", kPort).isEmpty();
            },
            5000);
        endLeftovers(kPort);
        QVERIFY2(gone, "iperf outlived the killed wirebench-cli");

        // The sidecar still says "running" on disk; every reader says "interrupted".
        const QString sidecar = dir.filePath("out/killed.run.json");
        QVERIFY(readAll(sidecar).contains("\"status\": \"running\""));
        const auto record = RunSidecar::read(sidecar, nullptr);
        QVERIFY(record);
        QCOMPARE(record->status, QStringLiteral("interrupted"));

        // The next run into the folder says so and writes it down.
        const CliRun next =
            runCli({"run", "--count", "1", "--client-prefix", m_net->clientPrefix().join(' '), "-o",
                    dir.filePath("out"), m_net->serverAddress()});
        QVERIFY2(next.exitCode == 0, qPrintable(next.err));
        QVERIFY2(next.err.contains(sidecar + ": an earlier run here was interrupted"),
                 qPrintable(next.err));
        QVERIFY(readAll(sidecar).contains("\"status\": \"interrupted\""));
        const ImportResult imported = FileImporter::importFile(dir.filePath("out/killed.log"));
        QVERIFY(!imported.datasets.empty());
        QCOMPARE(imported.datasets.front().info.extra.value("run_status"),
                 QStringLiteral("interrupted"));
    }

    // iputils' ping has file capabilities (cap_net_raw): an exec of it clears the
    // parent-death signal, so only a watcher that outlives wirebench-cli can end it. Between
    // replies 10 s apart ping writes nothing, so no broken pipe ends it either.
    void killedCliLeavesNoPingOfAUser() {
        const QString ping = QStandardPaths::findExecutable("ping");
        const QString setpriv = QStandardPaths::findExecutable("setpriv");
        if (ping.isEmpty() || setpriv.isEmpty())
            QSKIP("needs ping and setpriv (util-linux)");
        QTemporaryDir dir;
        QVERIFY(::chown(qPrintable(dir.path()), 65534, 65534) == 0);
        QProcess cli;
        cli.setChildProcessModifier([] { ::setsid(); });
        cli.start(setpriv, {"--reuid=65534", "--regid=65534", "--clear-groups",
                            QStringLiteral(WIREBENCH_CLI), "run", "--count", "10", "--interval",
                            "10", "-o", dir.filePath("out"), "127.0.0.1"});
        QVERIFY(cli.waitForStarted(5000));
        QVERIFY2(
            waitUntil(
                [&] {
                    const QStringList logs =
                        QDir(dir.filePath("out")).entryList({"*.log"}, QDir::Files);
                    return !logs.isEmpty() &&
                           readAll(dir.filePath("out/" + logs.front())).contains("icmp_seq=1 ");
                },
                20000),
            cli.readAllStandardError().constData());
        const QList<ProcessEntry> run = descendantsOf(cli.processId());
        QVERIFY(hasProcessNamed(run, "ping"));
        QCOMPARE(::kill(static_cast<pid_t>(cli.processId()), SIGKILL), 0);
        QVERIFY(cli.waitForFinished(10000));
        const QStringList left = leftAfter(run, 5000);
        QVERIFY2(left.isEmpty(), qPrintable("left behind: " + left.join(", ")));
    }

    // timeout starts iperf3 as its own child: killing timeout alone would leave the client,
    // which (reporting every 30 s, to a server this test started) has no reason to end.
    void killedCliLeavesNoClientOfAForkingPrefix() {
        constexpr int kPort = 5394;
        QTemporaryDir dir;
        QProcess server;
        server.setProcessChannelMode(QProcess::MergedChannels);
        server.start("ip", m_net->serverPrefix().mid(1) + QStringList{"iperf3", "-s", "-1",
                                                                      "--forceflush", "-p",
                                                                      QString::number(kPort)});
        const auto stopServer = qScopeGuard([&] {
            server.kill();
            server.waitForFinished(5000);
        });
        QByteArray said;
        QVERIFY(waitUntil(
            [&] {
                said += server.readAll();
                return said.contains("listening") || server.state() == QProcess::NotRunning;
            },
            10000));
        QVERIFY2(said.contains("listening"), said.constData());
        QJsonObject plan = iperfPlan(dir.path(), "forked", kPort);
        QJsonObject step = plan.value("runs").toArray().first().toObject();
        step.insert("tool", "iperf3");
        step.insert("start_server", false);
        step.insert("report_interval", 30);
        step.insert("client_prefix", QJsonArray::fromStringList(QStringList{"timeout", "60"} +
                                                                m_net->clientPrefix()));
        plan.insert("runs", QJsonArray{step});
        QProcess cli;
        startCli(cli, {"run", "--plan", writePlan(dir.path(), plan)});
        // The client is started by timeout (it prints nothing before its first report).
        QList<ProcessEntry> run;
        const auto clientStarted = [&] {
            run = descendantsOf(cli.processId());
            return std::any_of(run.begin(), run.end(), [&](const ProcessEntry& process) {
                return process.name == "iperf3" &&
                       std::any_of(run.begin(), run.end(), [&](const ProcessEntry& parent) {
                           return parent.pid == process.parent && parent.name == "timeout";
                       });
            });
        };
        QVERIFY2(waitUntil(clientStarted, 20000), cli.readAllStandardError().constData());
        QCOMPARE(::kill(static_cast<pid_t>(cli.processId()), SIGKILL), 0);
        QVERIFY(cli.waitForFinished(10000));
        const QStringList left = leftAfter(run, 5000);
        endLeftovers(kPort);
        QVERIFY2(left.isEmpty(), qPrintable("left behind: " + left.join(", ")));
    }

    // `run ... 2>&1 | head -1`: the reader goes away after one line. The run goes on to its
    // end and its teardown; the runs table that cannot be written makes the exit status 2.
    void closedOutputPipeDoesNotCutTheRun() {
        QTemporaryDir dir;
        const QJsonObject plan{
            {"wirebench_plan", 1},
            {"name", "piped"},
            {"output", "out"},
            {"defaults", defaults()},
            {"runs", QJsonArray{QJsonObject{{"name", "piped"},
                                            {"count", 5},
                                            {"interval", 0.2},
                                            {"teardown", touch(dir.filePath("teardown"))}}}}};
        // Both outputs into one pipe (QProcess would drain a channel it "closes").
        int pipe[2];
        QCOMPARE(::pipe2(pipe, O_CLOEXEC), 0);
        QProcess cli;
        cli.setChildProcessModifier([out = pipe[1]] {
            ::setsid();
            ::dup2(out, STDOUT_FILENO);
            ::dup2(out, STDERR_FILENO);
        });
        cli.start(QStringLiteral(WIREBENCH_CLI), {"run", "--plan", writePlan(dir.path(), plan)});
        QVERIFY(cli.waitForStarted(5000));
        ::close(pipe[1]);
        QByteArray firstLine;
        char byte = 0;
        while (!firstLine.endsWith('\n') && ::read(pipe[0], &byte, 1) == 1)
            firstLine += byte;
        const QList<ProcessEntry> run = descendantsOf(cli.processId());
        ::close(pipe[0]); // as head -1 ends
        QVERIFY2(firstLine.startsWith("[1/1]"), firstLine.constData());
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit); // not killed by SIGPIPE
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY2(QFileInfo::exists(dir.filePath("teardown")), "the teardown did not run");
        const auto record = RunSidecar::read(dir.filePath("out/piped.run.json"), nullptr);
        QVERIFY(record);
        QCOMPARE(record->status, QStringLiteral("completed"));
        const QStringList left =
            leftAfter(run + processesWith("ping", m_net->serverAddress().toUtf8()), 5000);
        QVERIFY2(left.isEmpty(), qPrintable("left behind: " + left.join(", ")));
    }

    // A tmpfs too small for the log: the run stops, fails with the system's reason and
    // exits non-zero; nothing says "completed".
    void fullDiskFailsTheRun() {
        QTemporaryDir dir;
        const QString disk = dir.filePath("disk");
        QVERIFY(QDir().mkpath(disk));
        QProcess mount;
        mount.setProcessChannelMode(QProcess::MergedChannels);
        mount.start("mount", {"-t", "tmpfs", "-o", "size=64k", "wb-run-disk", disk});
        if (!mount.waitForFinished(10000) || mount.exitCode() != 0)
            QSKIP(qPrintable("cannot mount a tmpfs here: " +
                             QString::fromLocal8Bit(mount.readAll())));
        const auto unmount = qScopeGuard([&] { QProcess::execute("umount", {disk}); });
        QProcess cli;
        // 3,000 replies (about 190 KB of log) at 1 ms: the 64 KiB fill after about a second.
        startCli(cli, {"run", "--count", "3000", "--interval", "0.001", "--client-prefix",
                       m_net->clientPrefix().join(' '), "-o", disk, m_net->serverAddress()});
        const QList<ProcessEntry> run = [&] {
            QList<ProcessEntry> seen;
            waitUntil(
                [&] {
                    seen = descendantsOf(cli.processId());
                    return hasProcessNamed(seen, "ping") || cli.state() == QProcess::NotRunning;
                },
                20000);
            return seen;
        }();
        QVERIFY(cli.waitForFinished(30000));
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        const QString out = QString::fromUtf8(cli.readAllStandardOutput());
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QVERIFY2(cli.exitCode() != 0, qPrintable(err));
        QVERIFY2(err.contains("No space left on device"), qPrintable(err));
        QVERIFY2(!out.contains("completed") && !err.contains("completed"), qPrintable(out + err));
        const QStringList sidecars = QDir(disk).entryList({"*.run.json"}, QDir::Files);
        QCOMPARE(sidecars.size(), 1);
        QVERIFY2(!readAll(disk + "/" + sidecars.front()).contains("\"completed\""),
                 readAll(disk + "/" + sidecars.front()).constData());
        const QStringList left =
            leftAfter(run + processesWith("ping", m_net->serverAddress().toUtf8()), 5000);
        QVERIFY2(left.isEmpty(), qPrintable("left behind: " + left.join(", ")));
    }
};

QTEST_GUILESS_MAIN(TestRunSignals)
#include "tst_runsignals.moc"
