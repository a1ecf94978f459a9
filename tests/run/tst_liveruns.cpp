// End-to-end runs between two network namespaces joined by a veth pair (198.18.0.0/15 only):
// ping, iperf2 cubic vs reno through a tbf bottleneck, iperf3 -J, UDP with random loss, an
// experiment plan run headless, and the ways a run can go wrong. Needs root; skipped otherwise.

#include "NetnsFixture.h"
#include "RunSupport.h"
#include "TestSupport.h"

#include "files/RunSidecar.h"
#include "parse/FormatRegistry.h"
#include "stats/FlowStatistics.h"

#include <QDir>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace wb;
using namespace wb::test;

namespace {

constexpr double kLimitMbit = 100;

RunSpec iperfBetween(const NetnsPair& net, RunTool tool) {
    RunSpec spec;
    spec.tool = tool;
    spec.target = net.serverAddress();
    spec.startServer = true;
    spec.clientPrefix = net.clientPrefix();
    spec.serverPrefix = net.serverPrefix();
    return spec;
}

RunSpec pingBetween(const NetnsPair& net, int count, double interval) {
    RunSpec spec;
    spec.target = net.serverAddress();
    spec.count = count;
    spec.intervalSeconds = interval;
    spec.clientPrefix = net.clientPrefix();
    return spec;
}

double mbit(double bitsPerSecond) {
    return bitsPerSecond / 1e6;
}

// Within 90-101 % of the bottleneck: what TCP over a token bucket delivers.
void verifyNearLimit(double megabits, const char* what) {
    qInfo("%s: %.1f Mbit/s through a %.0f Mbit/s bottleneck", what, megabits, kLimitMbit);
    QVERIFY2(megabits >= 0.90 * kLimitMbit && megabits <= 1.01 * kLimitMbit,
             qPrintable(QStringLiteral("%1: %2 Mbit/s").arg(what).arg(megabits)));
}

void verifySameBytes(double sent, double received, const char* what) {
    qInfo("%s: %.0f bytes sent, %.0f received", what, sent, received);
    QVERIFY2(received > 0 && std::abs(sent - received) <= 0.01 * received,
             qPrintable(QStringLiteral("%1: %2 bytes sent, %3 received")
                            .arg(what)
                            .arg(sent, 0, 'f', 0)
                            .arg(received, 0, 'f', 0)));
}

} // namespace

class TestLiveRuns : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<NetnsPair> m_net;
    QTemporaryDir m_out;

private slots:
    void initTestCase() {
        const QString reason = NetnsPair::skipReason();
        if (!reason.isEmpty())
            QSKIP(qPrintable(reason));
        m_net = std::make_unique<NetnsPair>(QStringLiteral("run"), 61);
        QString why;
        QVERIFY2(m_net->up(&why), qPrintable(why));
        QVERIFY2(m_net->limitClientEgress(QStringLiteral("100mbit"), &why), qPrintable(why));
    }
    void cleanupTestCase() { m_net.reset(); }

    void pingParsedLive() {
        const WatchedRun run = watchRun(pingBetween(*m_net, 40, 0.05), m_out.path(), "ping");
        QVERIFY2(run.outcome.completed(), qPrintable(run.outcome.error));
        QVERIFY(growthSteps(run.snapshotSamples) >= 3);
        const Dataset& dataset = run.outcome.result.datasets.front();
        QCOMPARE(dataset.latency.rttMs.size(), std::size_t(40));
        QCOMPARE(dataset.info.target, m_net->serverAddress());
    }

    void iperf2CubicVersusReno() {
        for (const char* algorithm : {"cubic", "reno"}) {
            RunSpec spec = iperfBetween(*m_net, RunTool::Iperf2);
            spec.streams = 4;
            spec.durationSeconds = 10;
            spec.congestionControl = QString::fromLatin1(algorithm);
            const WatchedRun run =
                watchRun(spec, m_out.path(), QStringLiteral("tcp-%1").arg(algorithm));
            QVERIFY2(run.outcome.completed(), qPrintable(run.outcome.error));
            QVERIFY(growthSteps(run.snapshotSamples) >= 2);
            const Dataset& client = run.outcome.result.datasets.front();
            QCOMPARE(client.info.congestionControl, QString::fromLatin1(algorithm));
            const FlowStatistics stats = FlowStatistics::of(client.flows);
            QCOMPARE(stats.flows.size(), std::size_t(4));
            QVERIFY(stats.sumFromTool);
            const ImportResult server = FileImporter::importFile(run.outcome.serverLogPath);
            QVERIFY(server.ok());
            const FlowStatistics received = FlowStatistics::of(server.datasets.front().flows);
            QCOMPARE(received.flows.size(), std::size_t(4));
            // The server's SUM is what crossed the bottleneck.
            verifyNearLimit(mbit(received.sum.bitsPerSecond), algorithm);
            // The client's rates depend on when each sending thread got to stop: on a busy CI
            // host one flow's report once ran a second long, and the client's SUM fell to 87 %
            // while the server received 95 %. Its bytes do not: TCP delivers everything
            // written, so the two logs, parsed apart, must agree (to the logs' 3 digits).
            verifySameBytes(stats.computedSum.bytes, received.computedSum.bytes, algorithm);
        }
    }

    void iperf3Json() {
        RunSpec spec = iperfBetween(*m_net, RunTool::Iperf3);
        spec.json = true;
        spec.streams = 2;
        spec.durationSeconds = 5;
        spec.port = 5261;
        spec.congestionControl = QStringLiteral("reno");
        const WatchedRun run = watchRun(spec, m_out.path(), "iperf3-json");
        QVERIFY2(run.outcome.completed(), qPrintable(run.outcome.error));
        QCOMPARE(QString::fromLatin1(run.outcome.result.format->id), QStringLiteral("iperf3/json"));
        const Dataset& dataset = run.outcome.result.datasets.front();
        const FlowStatistics stats = FlowStatistics::of(dataset.flows);
        QCOMPARE(stats.flows.size(), std::size_t(2));
        verifyNearLimit(mbit(stats.sum.bitsPerSecond), "iperf3 -J");
        QCOMPARE(dataset.info.congestionControl, QStringLiteral("reno"));
    }

    // 5 % of the datagrams dropped at random on the server's input: the measured loss must be
    // within binomial noise of it (4 standard deviations).
    void udpRandomLoss() {
        QString why;
        const QStringList drop{"ip",        "netns",
                               "exec",      m_net->serverNamespace(),
                               "iptables",  "-I",
                               "INPUT",     "-p",
                               "udp",       "-m",
                               "statistic", "--mode",
                               "random",    "--probability",
                               "0.05",      "-j",
                               "DROP"};
        QVERIFY2(NetnsPair::run(drop, &why), qPrintable(why));
        RunSpec spec = iperfBetween(*m_net, RunTool::Iperf2);
        spec.udp = true;
        spec.bandwidth = QStringLiteral("20M");
        spec.durationSeconds = 8;
        const WatchedRun run = watchRun(spec, m_out.path(), "udp-loss-5");
        QStringList undo = drop;
        undo[undo.indexOf("-I")] = QStringLiteral("-D");
        QVERIFY2(NetnsPair::run(undo, &why), qPrintable(why));
        QVERIFY2(run.outcome.completed(), qPrintable(run.outcome.error));
        const FlowStatistics stats = FlowStatistics::of(run.outcome.result.datasets.front().flows);
        QVERIFY(stats.lossPercent);
        const auto& flow = stats.flows.front();
        QVERIFY(flow.totalDatagrams && *flow.totalDatagrams > 10000);
        const double n = static_cast<double>(*flow.totalDatagrams);
        const double sigma = std::sqrt(0.05 * 0.95 / n);
        const double measured = *stats.lossPercent / 100;
        QVERIFY2(std::abs(measured - 0.05) <= 4 * sigma,
                 qPrintable(QStringLiteral("loss %1 of %2 datagrams, sigma %3")
                                .arg(measured)
                                .arg(n)
                                .arg(sigma)));
    }

    // The plan format's 2x2 matrix, run headless by wirebench-cli.
    void planRunsHeadless() {
        QTemporaryDir dir;
        const QJsonObject plan{
            {"wirebench_plan", 1},
            {"name", "matrix"},
            {"output", "out"},
            {"defaults",
             QJsonObject{{"tool", "iperf"},
                         {"target", m_net->serverAddress()},
                         {"duration", 2},
                         {"start_server", true},
                         {"client_prefix", QJsonArray::fromStringList(m_net->clientPrefix())},
                         {"server_prefix", QJsonArray::fromStringList(m_net->serverPrefix())}}},
            {"runs", QJsonArray{QJsonObject{
                         {"name", "tcp"},
                         {"matrix", QJsonObject{{"congestion", QJsonArray{"cubic", "reno"}},
                                                {"streams", QJsonArray{1, 2}}}}}}}};
        QFile file(dir.filePath("plan.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(plan).toJson());
        file.close();
        const CliRun cli = runCli({"run", "--plan", file.fileName(), "--format", "csv"});
        QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
        const QStringList logs = QDir(dir.filePath("out")).entryList({"*.log"}, QDir::Files);
        QCOMPARE(logs.size(), 8); // 4 client logs + 4 server logs
        const QStringList rows = cli.out.split('\n', Qt::SkipEmptyParts);
        for (const char* label :
             {"tcp congestion=cubic streams=1", "tcp congestion=cubic streams=2",
              "tcp congestion=reno streams=1", "tcp congestion=reno streams=2"})
            QVERIFY2(cli.out.contains(QLatin1String(label)), qPrintable(cli.out));
        QVERIFY2(cli.out.contains("label,protocol,congestion control,flows"), qPrintable(cli.out));
        const QStringList sidecars =
            QDir(dir.filePath("out")).entryList({"*.run.json"}, QDir::Files);
        QCOMPARE(sidecars.size(), 4);
        for (const QString& name : sidecars) {
            const auto record = RunSidecar::read(dir.filePath("out/" + name), nullptr);
            QVERIFY(record);
            QCOMPARE(record->status, QStringLiteral("completed"));
            QVERIFY(record->parameters.contains("congestion") &&
                    record->parameters.contains("streams"));
            QCOMPARE(record->congestionControl, record->parameters.value("congestion"));
        }
    }

    void killedMidRunKeepsTheLog() {
        const WatchedRun run =
            watchRun(pingBetween(*m_net, 400, 0.02), m_out.path(), "killed", 30000, 1500,
                     [](MeasurementRun& r) {
                         // Killed from outside, as a crash or an OOM kill would.
                         QString ignored;
                         NetnsPair::run({"pkill", "-KILL", "-f",
                                         RunCommands::display(r.commands().client.mid(4))},
                                        &ignored);
                     });
        QCOMPARE(run.outcome.status, RunOutcome::Status::Failed);
        QVERIFY2(run.outcome.error.contains("stopped unexpectedly"), qPrintable(run.outcome.error));
        const ImportResult saved = FileImporter::importFile(run.outcome.logPath);
        QVERIFY(saved.ok());
        const std::size_t replies = saved.datasets.front().latency.rttMs.size();
        QVERIFY2(replies > 10 && replies < 400, qPrintable(QString::number(replies)));
    }

    void unreachableTarget() {
        RunSpec spec = pingBetween(*m_net, 3, 0.2);
        spec.target = QStringLiteral("198.18.61.99"); // nobody answers ARP for it
        const WatchedRun run = watchRun(spec, m_out.path(), "unreachable", 30000);
        QCOMPARE(run.outcome.status, RunOutcome::Status::Failed);
        QVERIFY2(run.outcome.error.contains("198.18.61.99 is unreachable") ||
                     run.outcome.error.contains("no reply from 198.18.61.99"),
                 qPrintable(run.outcome.error));
        QVERIFY(QFileInfo(run.outcome.logPath).size() > 0);
    }

    void intervalNeedsRoot() {
        if (QStandardPaths::findExecutable("setpriv").isEmpty())
            QSKIP("setpriv (util-linux) is needed to run ping as an ordinary user");
        RunSpec spec;
        spec.target = QStringLiteral("127.0.0.1");
        spec.count = 5;
        spec.intervalSeconds = 0.001;
        spec.clientPrefix =
            QStringList{"setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"};
        const WatchedRun run = watchRun(spec, m_out.path(), "flood", 15000);
        QCOMPARE(run.outcome.status, RunOutcome::Status::Failed);
        QVERIFY2(run.outcome.error.contains("this ping interval needs root"),
                 qPrintable(run.outcome.error));
    }

    void serverAnnouncedBeforeItListens() {
        // iperf2 can print "Server listening" a moment before its socket listens (CI under
        // ASan once refused the client then). An iperf first in PATH that announces itself
        // half a second early: the refused client is started again, and the raw log holds
        // only the run that measured.
        const QString bin = m_out.filePath("early-iperf");
        QVERIFY(QDir().mkpath(bin));
        const QString script = bin + "/iperf";
        QFile fake(script);
        QVERIFY(fake.open(QIODevice::WriteOnly));
        fake.write("#!/bin/sh\n"
                   "if [ \"$1\" = -s ]; then\n"
                   "  echo 'Server listening on TCP port 5001'; sleep 0.5\n"
                   "fi\n"
                   "exec /usr/bin/iperf \"$@\"\n");
        fake.close();
        QVERIFY(fake.setPermissions(fake.permissions() | QFileDevice::ExeOwner));
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", QFile::encodeName(bin) + ':' + path);
        RunSpec spec = iperfBetween(*m_net, RunTool::Iperf2);
        spec.durationSeconds = 2;
        const WatchedRun run = watchRun(spec, m_out.path(), "early-server", 30000);
        qputenv("PATH", path);
        QCOMPARE(run.outcome.status, RunOutcome::Status::Completed);
        const QByteArray log = readAll(run.outcome.logPath);
        QVERIFY2(!log.contains("refused"), log.constData());
        const ImportResult measured = FileImporter::importFile(run.outcome.logPath);
        QVERIFY(!measured.datasets.empty());
        verifyNearLimit(
            mbit(FlowStatistics::of(measured.datasets.front().flows).computedSum.bitsPerSecond),
            "after a refused start");
    }

    void serverThatCannotListen() {
        QProcess blocker; // holds the port, so the run's own server cannot bind it
        blocker.start("ip", QStringList{"netns", "exec", m_net->serverNamespace(), "iperf3", "-s",
                                        "-p", "5271", "--forceflush"});
        QVERIFY(blocker.waitForReadyRead(5000));
        RunSpec spec = iperfBetween(*m_net, RunTool::Iperf3);
        spec.port = 5271;
        spec.durationSeconds = 2;
        const WatchedRun run = watchRun(spec, m_out.path(), "busy-port", 20000);
        blocker.kill();
        blocker.waitForFinished();
        QCOMPARE(run.outcome.status, RunOutcome::Status::Failed);
        QVERIFY2(run.outcome.error.contains("the iperf server exited before it listened") &&
                     run.outcome.error.contains("in use"),
                 qPrintable(run.outcome.error));
    }
};

QTEST_GUILESS_MAIN(TestLiveRuns)
#include "tst_liveruns.moc"
