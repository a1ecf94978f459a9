// Runs without root: validation of what a run may contain, the commands a spec becomes, the
// run description beside the log, and real ping runs on loopback (live, cancelled, refused).

#include "RunSupport.h"
#include "TestSupport.h"

#include "files/RunSidecar.h"
#include "run/RunCommands.h"
#include "run/RunValidation.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <ctime>

using namespace wb;
using namespace wb::test;

namespace {

RunSpec loopbackPing(int count, double interval) {
    RunSpec spec;
    spec.tool = RunTool::Ping;
    spec.target = QStringLiteral("127.0.0.1");
    spec.count = count;
    spec.intervalSeconds = interval;
    return spec;
}

QStringList filesIn(const QString& dir) {
    return QDir(dir).entryList(QDir::Files, QDir::Name);
}

} // namespace

class TestRuns : public QObject {
    Q_OBJECT

private slots:
    void refusesUnsafeTargets_data() {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("expected");
        QTest::newRow("option") << "-f"
                                << "starts with '-'";
        QTest::newRow("flood long") << "--flood"
                                    << "starts with '-'";
        QTest::newRow("semicolon") << "198.18.0.2;reboot"
                                   << "metacharacter ';'";
        QTest::newRow("substitution") << "$(reboot)"
                                      << "metacharacter '$'";
        QTest::newRow("backtick") << "`id`"
                                  << "metacharacter '`'";
        QTest::newRow("space") << "198.18.0.2 -f"
                               << "whitespace";
        QTest::newRow("newline") << "198.18.0.2\nreboot"
                                 << "a newline";
        QTest::newRow("pipe") << "a|b"
                              << "metacharacter '|'";
        QTest::newRow("slash") << "a/b"
                               << "contains '/'";
        QTest::newRow("empty") << ""
                               << "empty";
        QTest::newRow("too long") << QString(300, QLatin1Char('a')) << "at most 255";
    }
    void refusesUnsafeTargets() {
        QFETCH(QString, target);
        QFETCH(QString, expected);
        const QString problem = RunValidation::checkTarget(target);
        QVERIFY2(problem.contains(expected), qPrintable(problem));
    }

    void acceptsHostsAndAddresses() {
        for (const char* target : {"198.18.0.2", "node-1.example.org", "fe80::1%eth0", "::1",
                                   "2001:db8::2", "host_name"})
            QVERIFY2(RunValidation::checkTarget(QString::fromLatin1(target)).isEmpty(), target);
    }

    void checksEveryOptionAndPrefix() {
        RunSpec spec;
        spec.tool = RunTool::Iperf2;
        spec.target = QStringLiteral("198.18.0.2");
        QVERIFY(RunValidation::check(spec).isEmpty());
        spec.streams = 0;
        spec.bandwidth = QStringLiteral("10M;reboot");
        spec.congestionControl = QStringLiteral("cubic reno");
        spec.clientPrefix = QStringList{"ssh", "node;rm"};
        spec.serverPrefix = QStringList{"-oProxyCommand=x"};
        const QStringList problems = RunValidation::check(spec);
        QCOMPARE(problems.size(), 5);
        QVERIFY(problems[0].contains("streams"));
        QVERIFY(problems[1].contains("bandwidth"));
        QVERIFY(problems[2].contains("congestion control"));
        QVERIFY(problems[3].contains("client prefix") && problems[3].contains("';'"));
        QVERIFY(problems[4].contains("server prefix") && problems[4].contains("an option"));
        QVERIFY(RunValidation::checkCommand("setup", {"tc", "qdisc", "del", "dev", "eth0", "root"})
                    .isEmpty());
        QVERIFY(RunValidation::checkCommand("setup", {"sh", "-c", "reboot now"})
                    .contains("whitespace"));
        QVERIFY(RunValidation::checkCommand("setup", {}).contains("empty command"));
    }

    void buildsArgumentLists() {
        RunSpec ping = loopbackPing(20, 0.2);
        ping.clientPrefix = QStringList{"ip", "netns", "exec", "wb-a"};
        const RunCommands p = RunCommands::build(ping);
        QCOMPARE(p.client, (QStringList{"ip", "netns", "exec", "wb-a", "ping", "-D", "-n", "-c",
                                        "20", "-i", "0.2", "-s", "56", "127.0.0.1"}));
        QCOMPARE(p.formatId, QStringLiteral("ping/iputils"));
        QCOMPARE(p.expectedSeconds, 4.0);
        QVERIFY(p.server.isEmpty());

        RunSpec iperf;
        iperf.tool = RunTool::Iperf2;
        iperf.target = QStringLiteral("198.18.0.2");
        iperf.durationSeconds = 60;
        iperf.streams = 30;
        iperf.congestionControl = QStringLiteral("reno");
        iperf.startServer = true;
        iperf.serverPrefix = QStringList{"ssh", "server-node"};
        const RunCommands i2 = RunCommands::build(iperf);
        QCOMPARE(RunCommands::display(i2.client),
                 QStringLiteral("iperf -c 198.18.0.2 -t 60 -i 1 -P 30 -Z reno"));
        QCOMPARE(RunCommands::display(i2.server), QStringLiteral("ssh server-node iperf -s -i 1"));
        QCOMPARE(i2.formatId, QStringLiteral("iperf2/text"));

        iperf.tool = RunTool::Iperf3;
        iperf.json = true;
        iperf.udp = true;
        iperf.bandwidth = QStringLiteral("10M");
        iperf.port = 5299;
        const RunCommands i3 = RunCommands::build(iperf);
        QCOMPARE(
            RunCommands::display(i3.client),
            QStringLiteral("iperf3 -c 198.18.0.2 -t 60 -i 1 -P 30 -u -b 10M -p 5299 -C reno -J"));
        QCOMPARE(RunCommands::display(i3.server),
                 QStringLiteral("ssh server-node iperf3 -s -1 --forceflush -p 5299"));
        QCOMPARE(i3.formatId, QStringLiteral("iperf3/json"));
    }

    void buildsIrttArgumentLists() {
        RunSpec irtt;
        irtt.tool = RunTool::Irtt;
        irtt.target = QStringLiteral("198.18.0.2");
        irtt.durationSeconds = 20;
        irtt.intervalSeconds = 0.01;
        irtt.packetLength = 172;
        irtt.extraArgs = QStringList{"--dscp=46"};
        irtt.clientPrefix = QStringList{"ssh", "node-1"};
        const RunCommands plain = RunCommands::build(irtt);
        QCOMPARE(RunCommands::display(plain.client),
                 QStringLiteral("ssh node-1 irtt client -o - -q -d 20s -i 10ms -l 172 --dscp=46 "
                                "198.18.0.2"));
        QVERIFY(plain.server.isEmpty());
        QCOMPARE(plain.formatId, QStringLiteral("irtt/json"));
        QCOMPARE(plain.expectedSeconds, 20.0);
        QCOMPARE(plain.versionCommand, (QStringList{"irtt", "version"}));

        irtt.port = 2200;
        irtt.intervalSeconds = 1.5;
        irtt.startServer = true;
        irtt.serverPrefix = QStringList{"ip", "netns", "exec", "wb-b"};
        const RunCommands served = RunCommands::build(irtt);
        QCOMPARE(served.client.last(), QStringLiteral("198.18.0.2:2200"));
        QVERIFY(served.client.contains(QStringLiteral("1500ms")));
        QCOMPARE(RunCommands::display(served.server),
                 QStringLiteral("ip netns exec wb-b irtt server -b :2200 -i 0"));
        QCOMPARE(served.serverReady, QByteArray("[ListenerStart]"));
        irtt.port = 0;
        QCOMPARE(RunCommands::build(irtt).server.at(7), QStringLiteral(":2112"));

        // Go's durations: no exponent, whole seconds as such, fractions in milliseconds.
        QCOMPARE(RunCommands::goDuration(10), QStringLiteral("10s"));
        QCOMPARE(RunCommands::goDuration(0.001), QStringLiteral("1ms"));
        QCOMPARE(RunCommands::goDuration(0.0005), QStringLiteral("0.5ms"));
        QCOMPARE(RunCommands::goDuration(2.25), QStringLiteral("2250ms"));
    }

    void checksIrttOptions() {
        RunSpec spec;
        spec.tool = RunTool::Irtt;
        spec.target = QStringLiteral("198.18.0.2");
        QVERIFY(RunValidation::check(spec).isEmpty());
        spec.intervalSeconds = 0.0001;
        spec.packetLength = 70000;
        spec.durationSeconds = 0;
        spec.target = QStringLiteral("2001:db8::2");
        const QStringList problems = RunValidation::check(spec);
        QCOMPARE(problems.size(), 4);
        QVERIFY(problems[0].contains("duration"));
        QVERIFY(problems[1].contains("0.001 to 15 s"));
        QVERIFY(problems[2].contains("packet length"));
        QVERIFY2(problems[3].contains("contains ':'"), qPrintable(problems[3]));
        QCOMPARE(runToolFromName(QStringLiteral("irtt")), std::optional<RunTool>(RunTool::Irtt));
        QCOMPARE(runToolProgram(RunTool::Irtt), QStringLiteral("irtt"));
    }

    // irtt and its server on loopback (no root): the log is irtt's JSON, complete; its round
    // trips are the dataset's, read again here from the JSON itself.
    void irttRunsWithItsServerOnLoopback() {
        if (QStandardPaths::findExecutable(QStringLiteral("irtt")).isEmpty())
            QSKIP("irtt is not installed (Debian package irtt)");
        QTemporaryDir dir;
        RunSpec spec;
        spec.tool = RunTool::Irtt;
        spec.target = QStringLiteral("127.0.0.1");
        spec.port = 20000 + static_cast<int>(QCoreApplication::applicationPid() % 20000);
        spec.durationSeconds = 2;
        spec.intervalSeconds = 0.05;
        spec.startServer = true;
        const WatchedRun run = watchRun(spec, dir.path(), QStringLiteral("irtt"), 30000);
        QVERIFY(run.ended);
        QVERIFY2(run.outcome.completed(), qPrintable(run.outcome.error));
        QCOMPARE(filesIn(dir.path()),
                 (QStringList{"irtt.log", "irtt.run.json", "irtt.server.log"}));
        QFile log(run.outcome.logPath);
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(log.readAll()).object();
        const QJsonArray trips = root["round_trips"].toArray();
        QVERIFY2(trips.size() >= 35 && trips.size() <= 41,
                 qPrintable(QString::number(trips.size())));
        QCOMPARE(run.outcome.result.datasets.size(), std::size_t(1));
        const Dataset& dataset = run.outcome.result.datasets.front();
        QCOMPARE(dataset.latency.rttMs.size() + dataset.latency.lostSequence.size(),
                 std::size_t(trips.size()));
        QVERIFY(dataset.latency.hasOneWayDelays());
        QVERIFY(dataset.latency.hasTimestamps());
        QCOMPARE(dataset.info.extra.value("run_status"), QStringLiteral("completed"));
        QVERIFY2(dataset.info.extra.value("tool_version").contains("0."),
                 qPrintable(dataset.info.extra.value("tool_version")));
        QFile server(run.outcome.serverLogPath);
        QVERIFY(server.open(QIODevice::ReadOnly));
        QVERIFY(server.readAll().contains("[ListenerStart]"));
    }

    void sidecarRoundTrip() {
        QTemporaryDir dir;
        RunRecord record;
        record.label = QStringLiteral("tcp congestion=reno streams=30");
        record.status = QStringLiteral("completed");
        record.command = QStringList{"iperf", "-c", "198.18.0.2"};
        record.congestionControl = QStringLiteral("reno");
        record.parameters = {{"congestion", "reno"}, {"streams", "30"}};
        record.start = QDateTime::fromString("2026-11-30T01:02:03.004", Qt::ISODateWithMs);
        record.exitCode = 0;
        const QString path = RunSidecar::pathFor(dir.filePath("a.log"));
        QCOMPARE(QFileInfo(path).fileName(), QStringLiteral("a.run.json"));
        QString why;
        QVERIFY(RunSidecar::write(path, record, &why));
        const auto read = RunSidecar::read(path, &why);
        QVERIFY2(read, qPrintable(why));
        QCOMPARE(read->label, record.label);
        QCOMPARE(read->command, record.command);
        QCOMPARE(read->parameters, record.parameters);
        QCOMPARE(read->start, record.start);
        QCOMPARE(*read->exitCode, 0);
        QVERIFY(RunSidecar::isRunCompanion(path));
        QVERIFY(RunSidecar::isRunCompanion(dir.filePath("a.server.log")));
        QVERIFY(!RunSidecar::isRunCompanion(dir.filePath("a.log")));
    }

    // A run's output is parsed as it arrives, by one parser kept across every piece (pieces
    // cut anywhere, as a pipe gives them): the snapshots grow while it runs, and the finished
    // result is exactly what importing the saved log gives. The tool is a stand-in that writes
    // a recorded log over a second and a half (tests/tools/paced_writer.cpp), put in front of
    // the tool's command line as the run's client prefix; iperf3 -J arrives at the end.
    // A sidecar written in one time zone and read in another keeps the instant its run
    // started: ping -D times, which are epoch seconds, are placed against it.
    void sidecarTimesKeepTheirInstantAcrossTimeZones() {
        const QByteArray zone = qgetenv("TZ");
        const auto setZone = [](const QByteArray& tz) {
            if (tz.isNull())
                qunsetenv("TZ");
            else
                qputenv("TZ", tz);
            tzset();
        };
        QTemporaryDir dir;
        RunRecord record;
        record.label = QStringLiteral("ping");
        record.status = QStringLiteral("completed");
        const qint64 startMs = 1796172221715; // 2026-12-02T00:43:41.715Z
        setZone("CET-1CEST,M3.5.0,M10.5.0/3");
        record.start = QDateTime::fromMSecsSinceEpoch(startMs);
        record.end = record.start.addSecs(30);
        const QString path = RunSidecar::pathFor(dir.filePath("p.log"));
        QString why;
        QVERIFY2(RunSidecar::write(path, record, &why), qPrintable(why));
        setZone("EST+5EDT,M3.2.0/2,M11.1.0/2");
        const auto read = RunSidecar::read(path, &why);
        setZone(zone);
        QVERIFY2(read, qPrintable(why));
        QCOMPARE(read->start.toMSecsSinceEpoch(), startMs);
        QCOMPARE(read->end.toMSecsSinceEpoch(), startMs + 30000);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString start =
            QJsonDocument::fromJson(file.readAll()).object().value("start").toString();
        QCOMPARE(start, QStringLiteral("2026-12-02T01:43:41.715+01:00"));
    }

    void liveParseGivesTheImport_data() {
        QTest::addColumn<QString>("log");
        QTest::addColumn<int>("tool");
        QTest::addColumn<bool>("json");
        QTest::addColumn<int>("growing"); // snapshots with more samples at least
        QTest::newRow("ping") << dataPath("ping/iputils_random_loss_5pct.txt") << int(RunTool::Ping)
                              << false << 3;
        QTest::newRow("iperf2 text")
            << samplePath("tcp-cubic-P30-client.txt") << int(RunTool::Iperf2) << false << 3;
        QTest::newRow("iperf3 text")
            << samplePath("iperf3-cubic-P4.txt") << int(RunTool::Iperf3) << false << 3;
        QTest::newRow("iperf3 json")
            << samplePath("iperf3-cubic-P4.json") << int(RunTool::Iperf3) << true << 0;
    }
    void liveParseGivesTheImport() {
        QFETCH(QString, log);
        QFETCH(int, tool);
        QFETCH(bool, json);
        QFETCH(int, growing);
        QTemporaryDir dir;
        RunSpec spec = loopbackPing(1000, 1);
        spec.tool = static_cast<RunTool>(tool);
        spec.json = json;
        spec.durationSeconds = 2;
        spec.clientPrefix =
            QStringList{QStringLiteral(WIREBENCH_PACED_WRITER), log, QStringLiteral("1.5")};
        const WatchedRun run = watchRun(spec, dir.path(), QStringLiteral("live"), 30000);
        QVERIFY(run.ended);
        QVERIFY2(run.outcome.completed(), qPrintable(run.outcome.error));
        QCOMPARE(readAll(run.outcome.logPath), readAll(log));
        QVERIFY2(growthSteps(run.snapshotSamples) >= growing,
                 qPrintable(QStringLiteral("snapshots: %1").arg(run.snapshotSamples.size())));
        QVERIFY(run.outcome.result.report.samples > 0);
        QVERIFY(run.outcome.parseCpuSeconds > 0);
        const ImportResult again = FileImporter::importFile(run.outcome.logPath);
        QCOMPARE(describe(again), describe(run.outcome.result));
        QCOMPARE(again.report.warnings.count(), run.outcome.result.report.warnings.count());
    }

    // The sidecar's start, and so the dataset's, is when the client started: the origin of
    // the times of a log without a clock of its own (iperf's intervals), where the other
    // members of a step and their ss samples are placed against it. The host facts come
    // before it, so the run's own beginning would place them too late.
    void sidecarStartIsTheClientsStart() {
        QTemporaryDir dir;
        RunSpec spec = loopbackPing(1000, 1);
        spec.tool = RunTool::Iperf3;
        spec.durationSeconds = 2;
        spec.clientPrefix = QStringList{QStringLiteral(WIREBENCH_PACED_WRITER),
                                        samplePath("iperf3-cubic-P4.txt"), QStringLiteral("0.3")};
        MeasurementRun run(spec, dir.path(), QStringLiteral("origin"));
        std::optional<RunOutcome> outcome;
        std::optional<std::chrono::system_clock::time_point> clientStart;
        QEventLoop loop;
        connect(&run, &MeasurementRun::finished, &loop, [&](const RunOutcome& ended) {
            outcome = ended;
            clientStart = run.clientStart();
            loop.quit();
        });
        QTimer::singleShot(30000, &loop, &QEventLoop::quit);
        run.start();
        if (!outcome)
            loop.exec();
        QVERIFY(outcome && clientStart);
        QVERIFY2(outcome->completed(), qPrintable(outcome->error));
        const auto record = RunSidecar::read(outcome->sidecarPath, nullptr);
        QVERIFY(record);
        const qint64 clientStartMs =
            std::chrono::duration_cast<std::chrono::milliseconds>(clientStart->time_since_epoch())
                .count();
        QCOMPARE(record->start.toMSecsSinceEpoch(), clientStartMs);
        QCOMPARE(outcome->result.datasets.front().info.start.toMSecsSinceEpoch(), clientStartMs);
    }

    // A real ping on loopback: the snapshots grow while it runs, the log and its description
    // are on disk, and the run's dataset is what importing the log gives.
    void pingRunsLiveOnLoopback() {
        QTemporaryDir dir;
        RunSpec spec = loopbackPing(12, 0.2);
        spec.parameters = {{"load", "idle"}};
        const WatchedRun run = watchRun(spec, dir.path(), QStringLiteral("idle"));
        QVERIFY(run.ended);
        QVERIFY2(run.outcome.completed(), qPrintable(run.outcome.error));
        QVERIFY2(growthSteps(run.snapshotSamples) >= 3,
                 qPrintable(QStringLiteral("snapshots: %1").arg(run.snapshotSamples.size())));
        QCOMPARE(filesIn(dir.path()), (QStringList{"idle.log", "idle.run.json"}));
        QCOMPARE(run.outcome.result.datasets.size(), std::size_t(1));
        const Dataset& dataset = run.outcome.result.datasets.front();
        QCOMPARE(dataset.latency.rttMs.size(), std::size_t(12));
        QCOMPARE(dataset.latency.timestamps.size(), std::size_t(12)); // -D
        QCOMPARE(dataset.label, QStringLiteral("ping 127.0.0.1"));
        QCOMPARE(dataset.info.parameters.value("load"), QStringLiteral("idle"));
        QVERIFY(dataset.info.commandLine.startsWith("ping -D -n -c 12"));
        QCOMPARE(dataset.info.extra.value("run_status"), QStringLiteral("completed"));
        QVERIFY(dataset.info.extra.value("tool_version").contains("iputils"));
        const ImportResult again = FileImporter::importFile(run.outcome.logPath);
        QCOMPARE(describe(again), describe(run.outcome.result));
        // The CLI's reports carry the run's parameters too: grouping needs no file names.
        const CliRun stats = runCli({"stats", "--format", "json", run.outcome.logPath});
        QCOMPARE(stats.exitCode, 0);
        const QJsonObject reported = QJsonDocument::fromJson(stats.out.toUtf8())
                                         .object()["datasets"]
                                         .toArray()
                                         .first()
                                         .toObject();
        QCOMPARE(reported["parameters"].toObject()["load"].toString(), QStringLiteral("idle"));
        QCOMPARE(reported["label"].toString(), QStringLiteral("ping 127.0.0.1"));
        const auto record = RunSidecar::read(run.outcome.sidecarPath, nullptr);
        QVERIFY(record);
        QCOMPARE(record->status, QStringLiteral("completed"));
        QVERIFY(record->end >= record->start);
        QVERIFY(!record->host.isEmpty() && record->kernel.startsWith("linux"));
    }

    // SIGINT makes ping print its summary: the partial log is a complete, parseable log.
    void cancelKeepsAParseablePartialLog() {
        QTemporaryDir dir;
        const WatchedRun run = watchRun(loopbackPing(100, 0.1), dir.path(), QStringLiteral("cut"),
                                        30000, 1500, [](MeasurementRun& r) { r.cancel(); });
        QVERIFY(run.ended);
        QCOMPARE(run.outcome.status, RunOutcome::Status::Cancelled);
        const ImportResult saved = FileImporter::importFile(run.outcome.logPath);
        QVERIFY(saved.ok());
        QVERIFY(!saved.report.hasProblems());
        const auto& latency = saved.datasets.front().latency;
        QVERIFY(latency.rttMs.size() >= 5 && latency.rttMs.size() < 100);
        QVERIFY(latency.summary.transmitted); // the summary ping printed on SIGINT
        QCOMPARE(*latency.summary.received, static_cast<std::int64_t>(latency.rttMs.size()));
        QCOMPARE(saved.datasets.front().info.extra.value("run_status"),
                 QStringLiteral("cancelled"));
    }

    // A second run with the same name in the same folder (a repeated plan, a second
    // workbench) gets its own files: the first run's log and description stay as they were.
    void secondRunNeverReusesTheFiles() {
        QTemporaryDir dir;
        const WatchedRun first = watchRun(loopbackPing(2, 0.2), dir.path(), QStringLiteral("same"));
        QVERIFY2(first.outcome.completed(), qPrintable(first.outcome.error));
        const QByteArray firstLog = readAll(first.outcome.logPath);
        const WatchedRun second =
            watchRun(loopbackPing(3, 0.2), dir.path(), QStringLiteral("same"));
        QVERIFY2(second.outcome.completed(), qPrintable(second.outcome.error));
        QCOMPARE(filesIn(dir.path()),
                 (QStringList{"same-2.log", "same-2.run.json", "same.log", "same.run.json"}));
        QCOMPARE(readAll(first.outcome.logPath), firstLog);
        QCOMPARE(second.outcome.result.datasets.front().latency.size(), std::size_t(3));
    }

    void refusedTargetStartsNothing() {
        QTemporaryDir dir;
        RunSpec spec = loopbackPing(3, 0.2);
        spec.target = QStringLiteral("-f");
        const WatchedRun run = watchRun(spec, dir.path(), QStringLiteral("bad"), 5000);
        QVERIFY(run.ended);
        QCOMPARE(run.outcome.status, RunOutcome::Status::Failed);
        QVERIFY2(run.outcome.error.contains("starts with '-'"), qPrintable(run.outcome.error));
        QVERIFY(run.outcome.logPath.isEmpty());
        QVERIFY(filesIn(dir.path()).isEmpty());
    }

    void missingBinaryIsNamed() {
        QTemporaryDir dir;
        QTemporaryDir emptyPath;
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", emptyPath.path().toLocal8Bit());
        RunSpec spec;
        spec.tool = RunTool::Iperf3;
        spec.target = QStringLiteral("127.0.0.1");
        const WatchedRun run = watchRun(spec, dir.path(), QStringLiteral("none"), 5000);
        qputenv("PATH", path);
        QVERIFY(run.ended);
        QCOMPARE(run.outcome.status, RunOutcome::Status::Failed);
        QVERIFY2(run.outcome.error.contains("cannot run \"iperf3\": it is not installed"),
                 qPrintable(run.outcome.error));
    }

    // A step labelled "a" beside the files of a step labelled "a.server" (whose log was
    // a.server.log): no file that exists is opened for writing; the run moves on to a-2.
    void existingFilesAreNeverOpenedForWriting() {
        QTemporaryDir dir;
        const QByteArray precious = "PING 198.18.0.2: the log of another step\n";
        writeTestFile(dir.path(), "a.server.log", precious);
        RunSpec spec;
        spec.tool = RunTool::Iperf3;
        spec.target = QStringLiteral("127.0.0.1");
        spec.startServer = true;
        // "true" as the transport: the server ends at once, before anything could listen.
        spec.serverPrefix = QStringList{"true"};
        const WatchedRun run = watchRun(spec, dir.path(), QStringLiteral("a"), 15000);
        QVERIFY(run.ended);
        QCOMPARE(run.outcome.status, RunOutcome::Status::Failed);
        QCOMPARE(readAll(dir.filePath("a.server.log")), precious);
        QCOMPARE(QFileInfo(run.outcome.logPath).fileName(), QStringLiteral("a-2.log"));
        QCOMPARE(QFileInfo(run.outcome.serverLogPath).fileName(), QStringLiteral("a-2.server.log"));
        QCOMPARE(filesIn(dir.path()),
                 (QStringList{"a-2.log", "a-2.run.json", "a-2.server.log", "a.server.log"}));
    }

    // A sidecar still saying "running" whose Wirebench has gone reads as "interrupted".
    void staleRunningSidecarReadsInterrupted() {
        QTemporaryDir dir;
        const QString log = writeTestFile(dir.path(), "r.log", cleanPingLog());
        const QString sidecar = RunSidecar::pathFor(log);
        RunRecord record;
        record.status = QStringLiteral("running");
        record.host = QSysInfo::machineHostName();
        record.writer = ProcessIdentity::current();
        QVERIFY(record.writer.known());
        const auto statusWith = [&](const ProcessIdentity& writer, const QString& host) {
            RunRecord written = record;
            written.writer = writer;
            written.host = host;
            QString why;
            if (!RunSidecar::write(sidecar, written, &why))
                return why;
            const auto read = RunSidecar::read(sidecar, &why);
            return read ? read->status : why;
        };
        const QString host = record.host;
        // This process runs: the run may still be going.
        QCOMPARE(statusWith(record.writer, host), QStringLiteral("running"));
        ProcessIdentity reused = record.writer; // the pid now taken by a later process
        reused.startTicks += 1;
        QCOMPARE(statusWith(reused, host), QStringLiteral("interrupted"));
        ProcessIdentity rebooted = record.writer;
        rebooted.bootId = QStringLiteral("00000000-0000-0000-0000-000000000000");
        QCOMPARE(statusWith(rebooted, host), QStringLiteral("interrupted"));
        QProcess ended;
        ended.start("true");
        QVERIFY(ended.waitForStarted());
        ProcessIdentity gone = record.writer;
        gone.pid = ended.processId();
        QVERIFY(ended.waitForFinished());
        QCOMPARE(statusWith(gone, host), QStringLiteral("interrupted"));
        // Another machine's process cannot be looked up from here.
        QCOMPARE(statusWith(gone, host + QStringLiteral("-elsewhere")), QStringLiteral("running"));

        QCOMPARE(statusWith(gone, host), QStringLiteral("interrupted"));
        QVERIFY(readAll(sidecar).contains("\"status\": \"running\""));
        QCOMPARE(RunSidecar::settleInterrupted(dir.path()), QStringList{sidecar});
        QVERIFY(readAll(sidecar).contains("\"status\": \"interrupted\""));
        QVERIFY(RunSidecar::settleInterrupted(dir.path()).isEmpty());
    }

    // Reading a log whose run (and the step it was a member of) a killed Wirebench left
    // "running" settles both on disk as "interrupted": an import, `report`, the window.
    void staleRunningSidecarIsSettledWhenRead() {
        QTemporaryDir dir;
        const QString log = writeTestFile(dir.path(), "s.ping.log", cleanPingLog());
        const QString sidecar = RunSidecar::pathFor(log);
        QProcess ended;
        ended.start("true");
        QVERIFY(ended.waitForStarted());
        ProcessIdentity gone = ProcessIdentity::current();
        gone.pid = ended.processId();
        QVERIFY(ended.waitForFinished());
        RunRecord record;
        record.status = QStringLiteral("running");
        record.host = QSysInfo::machineHostName();
        record.writer = gone;
        record.parameters.insert(QStringLiteral("step"), QStringLiteral("s"));
        QString why;
        QVERIFY2(RunSidecar::write(sidecar, record, &why), qPrintable(why));
        const auto stepRecord = [&](const ProcessIdentity& writer) {
            const QJsonObject step{
                {"wirebench_step", 1},
                {"status", "running"},
                {"host", record.host},
                {"writer", writer.toJson()},
                {"members", QJsonArray{QJsonObject{{"name", "ping"}, {"status", "running"}},
                                       QJsonObject{{"name", "iperf-1"}, {"status", "waiting"}},
                                       QJsonObject{{"name", "iperf-2"}, {"status", "failed"}}}}};
            return writeTestFile(dir.path(), "s.run.json", QJsonDocument(step).toJson());
        };
        const QString step = stepRecord(gone);

        const ImportResult imported = FileImporter::importFile(log);
        QCOMPARE(imported.datasets.front().info.extra.value("run_status"),
                 QStringLiteral("interrupted"));
        const auto settled = RunSidecar::read(sidecar, &why);
        QVERIFY(settled);
        QCOMPARE(settled->status, QStringLiteral("interrupted"));
        QVERIFY2(readAll(sidecar).contains("\"status\": \"interrupted\""),
                 readAll(sidecar).constData());
        QVERIFY2(settled->error.contains(QString::number(gone.pid)), qPrintable(settled->error));
        const QJsonObject stepNow = QJsonDocument::fromJson(readAll(step)).object();
        QCOMPARE(stepNow.value("status").toString(), QStringLiteral("interrupted"));
        QVERIFY(stepNow.value("error").toString().contains("ended before the run did"));
        QStringList memberStates;
        for (const QJsonValue& member : stepNow.value("members").toArray())
            memberStates << member.toObject().value("status").toString();
        QCOMPARE(memberStates, (QStringList{"interrupted", "interrupted", "failed"}));

        // A step whose Wirebench still runs (this process) is left as it is.
        const QByteArray live = readAll(stepRecord(ProcessIdentity::current()));
        QVERIFY(!RunSidecar::settle(step));
        QCOMPARE(readAll(step), live);
    }

    // Nobody listens on loopback port 1: iperf3 fails to connect and says so.
    void serverNotListeningIsExplained() {
        QTemporaryDir dir;
        const bool irtt = !QStandardPaths::findExecutable(QStringLiteral("irtt")).isEmpty();
        for (RunTool tool : {RunTool::Iperf2, RunTool::Iperf3, RunTool::Irtt}) {
            if (tool == RunTool::Irtt && !irtt)
                continue;
            RunSpec spec;
            spec.tool = tool;
            spec.target = QStringLiteral("127.0.0.1");
            spec.port = 1;
            spec.durationSeconds = 2;
            const WatchedRun run = watchRun(spec, dir.path(), QStringLiteral("refused"), 15000);
            QVERIFY(run.ended);
            QCOMPARE(run.outcome.status, RunOutcome::Status::Failed);
            QVERIFY2(run.outcome.error.contains("nothing listens on 127.0.0.1 port 1"),
                     qPrintable(run.outcome.error));
            QVERIFY(QFileInfo::exists(run.outcome.logPath)); // kept, whatever it holds
        }
        // Runs with the same stem never share a file.
        QStringList expected{"refused-2.log", "refused-2.run.json", "refused.log",
                             "refused.run.json"};
        if (irtt)
            expected = QStringList{"refused-2.log",      "refused-2.run.json", "refused-3.log",
                                   "refused-3.run.json", "refused.log",        "refused.run.json"};
        QCOMPARE(filesIn(dir.path()), expected);
    }
};

QTEST_GUILESS_MAIN(TestRuns)
#include "tst_runs.moc"
