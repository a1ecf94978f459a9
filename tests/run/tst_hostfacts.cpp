// Each host's own facts, read through the prefix that reaches it (HostFactsProbe,
// RunFactsStage) and kept per side in the sidecar: what the probe's output becomes, sidecars
// with and without them, a fact that cannot be read (a prefix whose PATH lacks tc), and, as
// root, a run between two namespaces whose default congestion controls differ from each
// other's and from the host's, with a tbf on the client's interface.

#include "EventLoopWatch.h"
#include "NetnsFixture.h"
#include "RunSupport.h"
#include "TestSupport.h"

#include "files/RunSidecar.h"
#include "run/HostFactsProbe.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace wb;
using namespace wb::test;

namespace {

QString procSys(const char* name) {
    QFile file(QStringLiteral("/proc/sys/net/ipv4/") + QLatin1String(name));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).trimmed()
                                          : QString();
}

// The "hosts" object of a sidecar as written, read without RunSidecar.
QJsonObject hostsIn(const QString& sidecarPath) {
    return QJsonDocument::fromJson(readAll(sidecarPath))
        .object()
        .value(QLatin1String("hosts"))
        .toObject();
}

QString fact(const QJsonObject& hosts, const char* side, const char* name) {
    return hosts.value(QLatin1String(side)).toObject().value(QLatin1String(name)).toString();
}

QString unknownReason(const QJsonObject& hosts, const char* side, const char* name) {
    return hosts.value(QLatin1String(side))
        .toObject()
        .value(QLatin1String("unknown"))
        .toObject()
        .value(QLatin1String(name))
        .toString();
}

// Fills bin with links to the programs the probe and ping need, but tc; empty when one is
// missing here, else why.
QString linkProgramsButTc(const QTemporaryDir& bin) {
    for (const char* program : {"sh", "uname", "cat", "ip", "getent", "timeout", "ping"}) {
        const QString path = QStandardPaths::findExecutable(QLatin1String(program));
        if (path.isEmpty())
            return QStringLiteral("%1 is not installed").arg(program);
        if (!QFile::link(path, bin.filePath(QLatin1String(program))))
            return QStringLiteral("cannot link %1 into %2").arg(path, bin.path());
    }
    return {};
}

// What a probe toward 127.0.0.1 reads through prefix; blockedMs: the longest time the event
// loop could not run meanwhile.
std::optional<HostFacts> probeLoopback(const QStringList& prefix, qint64* blockedMs) {
    HostFactsProbe probe(prefix, QStringLiteral("127.0.0.1"), {"ping", "-V"});
    std::optional<HostFacts> facts;
    QEventLoop loop;
    QObject::connect(&probe, &HostFactsProbe::finished, [&](const HostFacts& read) {
        facts = read;
        loop.quit();
    });
    QTimer::singleShot(HostFactsProbe::kProbeMs + 5000, &loop, &QEventLoop::quit);
    EventLoopWatch watch;
    watch.start();
    probe.start();
    if (!facts)
        loop.exec();
    *blockedMs = watch.stop();
    return facts;
}

// The veth interface inside a namespace ("va123s63@if4" -> "va123s63").
QString vethIn(const QString& ns) {
    QProcess ip;
    ip.start(QStringLiteral("ip"), {"-n", ns, "-o", "link", "show", "type", "veth"});
    ip.waitForFinished(10000);
    const QString line = QString::fromLocal8Bit(ip.readAll());
    return line.section(QLatin1Char(':'), 1, 1).trimmed().section(QLatin1Char('@'), 0, 0);
}

} // namespace

class TestHostFacts : public QObject {
    Q_OBJECT

private slots:
    // Recorded output of the probe's script, with an echo of the script and line ends as a
    // terminal on the far side of "ssh -tt" gives them, and a warning of ssh's among the facts.
    void readsWhatTheScriptPrinted() {
        const QByteArray output =
            "Warning: Permanently added 'node-1' to the list of known hosts.\n"
            "fact host_name ok uname -n\n"
            "wbfact host_name = node-1\n"
            "wbfact kernel = 6.1.0-28-amd64\n"
            "wbfact congestion_control = reno\n"
            "wbfact available_congestion_control = reno cubic\n"
            "wbfact tool_version = iperf 3.12 (cJSON 1.7.15)\n"
            "wbfact tool_version = Linux node-1 6.1.0-28-amd64\n"
            "wbfact target_address = 198.18.0.2\n"
            "wbfact route = 198.18.0.2 dev eth1 src 198.18.0.1 uid 0 \n"
            "wbfact route =     cache \r\n"
            "wbfact qdisc = qdisc tbf 8001: root refcnt 2 rate 100Mbit\r\n"
            "wbfact qdisc = qdisc fq_codel 0: parent 8001: limit 10240p\r\n"
            "wbfact link !124 \n";
        HostFacts start;
        start.prefix = QStringList{"ssh", "node-1"};
        start.target = QStringLiteral("198.18.0.2");
        const HostFacts facts = HostFactsProbe::read(output, start, {"iperf3", "-v"},
                                                     QStringLiteral("the probe ended"));
        QCOMPARE(facts.prefix, start.prefix);
        QCOMPARE(facts.value("host_name"), QStringLiteral("node-1"));
        QCOMPARE(facts.value("kernel"), QStringLiteral("6.1.0-28-amd64"));
        QCOMPARE(facts.value("congestion_control"), QStringLiteral("reno"));
        QCOMPARE(facts.value("available_congestion_control"), QStringLiteral("reno cubic"));
        QCOMPARE(facts.value("tool_version"), QStringLiteral("iperf 3.12 (cJSON 1.7.15)"));
        QCOMPARE(facts.value("target_address"), QStringLiteral("198.18.0.2"));
        QCOMPARE(facts.value("interface"), QStringLiteral("eth1"));
        QCOMPARE(facts.value("source_address"), QStringLiteral("198.18.0.1"));
        QCOMPARE(facts.value("qdisc"), QStringLiteral("qdisc tbf 8001: root refcnt 2 rate 100Mbit\n"
                                                      "qdisc fq_codel 0: parent 8001: limit "
                                                      "10240p"));
        QVERIFY(!facts.values.contains("mtu"));
        QCOMPARE(facts.unknown.value("mtu"),
                 QStringLiteral("\"ip -o link show dev eth1\" gave no answer within 3 s"));
        QCOMPARE(facts.values.size() + facts.unknown.size(), HostFacts::names().size());

        // Nothing printed: every fact unknown with the probe's end and what it said.
        const HostFacts none = HostFactsProbe::read(
            "ssh: connect to host node-1 port 22: Connection refused\n", start, {"iperf3", "-v"},
            QStringLiteral("\"ssh node-1 sh -s\" "
                           "ended (exit status 255) "
                           "before printing it"));
        QVERIFY(none.values.isEmpty());
        QCOMPARE(none.unknown.size(), HostFacts::names().size());
        QVERIFY(none.unknown.value("kernel").endsWith("before printing it: ssh: connect to host "
                                                      "node-1 port 22: Connection refused"));

        // A route that fails leaves the interface facts unknown with its reason.
        const HostFacts noRoute = HostFactsProbe::read(
            "wbfact target_address = 198.18.0.2\nwbfact route !2 RTNETLINK answers: Network is "
            "unreachable\n",
            start, {"iperf3", "-v"}, QStringLiteral("ended"));
        QCOMPARE(noRoute.unknown.value("qdisc"),
                 QStringLiteral("no route toward 198.18.0.2: \"ip route get 198.18.0.2\" failed "
                                "with exit status 2: RTNETLINK answers: Network is unreachable"));
    }

    void sidecarKeepsEachSideAndReadsOldOnes() {
        QTemporaryDir dir;
        RunRecord record;
        record.status = QStringLiteral("completed");
        record.host = QStringLiteral("laptop");
        record.kernel = QStringLiteral("linux 6.18.0");
        HostFacts client;
        client.prefix = QStringList{"ssh", "node-1"};
        client.target = QStringLiteral("198.18.0.2");
        client.set(QStringLiteral("host_name"), QStringLiteral("node-1"));
        client.set(QStringLiteral("kernel"), QStringLiteral("6.1.0-28-amd64"));
        client.setUnknown(QStringLiteral("qdisc"), QStringLiteral("\"tc\": command not found"));
        record.hosts.insert(QStringLiteral("client"), client);
        record.hosts.insert(QStringLiteral("workbench"), HostFacts{});
        const QString path = dir.filePath(QStringLiteral("a.run.json"));
        QString why;
        QVERIFY(RunSidecar::write(path, record, &why));
        const QJsonObject hosts = hostsIn(path);
        QCOMPARE(fact(hosts, "client", "host_name"), QStringLiteral("node-1"));
        QCOMPARE(unknownReason(hosts, "client", "qdisc"),
                 QStringLiteral("\"tc\": command not found"));
        const auto read = RunSidecar::read(path, &why);
        QVERIFY2(read, qPrintable(why));
        QCOMPARE(read->hosts.keys(), (QStringList{"client", "workbench"}));
        const HostFacts back = read->hosts.value(QStringLiteral("client"));
        QCOMPARE(back.prefix, client.prefix);
        QCOMPARE(back.target, client.target);
        QCOMPARE(back.values, client.values);
        QCOMPARE(back.unknown, client.unknown);
        // The dataset says which host measured: the client's, not the machine that ran it.
        Dataset dataset;
        RunSidecar::applyTo(*read, dataset);
        QCOMPARE(dataset.info.host, QStringLiteral("node-1"));
        QCOMPARE(dataset.info.kernel, QStringLiteral("6.1.0-28-amd64"));

        // A sidecar from before the facts: read as it was, the machine's host and kernel.
        const QString old =
            writeTestFile(dir.path(), "old.run.json",
                          R"({"wirebench_run": 1, "label": "ping 198.18.0.2", "status": "completed",
                "tool": "ping", "tool_version": "ping from iputils 20221126",
                "command": ["ping", "-D", "198.18.0.2"], "host": "laptop",
                "kernel": "linux 6.18.0", "congestion_control": "", "parameters": {}})");
        const auto oldRecord = RunSidecar::read(old, &why);
        QVERIFY2(oldRecord, qPrintable(why));
        QVERIFY(oldRecord->hosts.isEmpty());
        Dataset oldDataset;
        RunSidecar::applyTo(*oldRecord, oldDataset);
        QCOMPARE(oldDataset.info.host, QStringLiteral("laptop"));
        QCOMPARE(oldDataset.info.kernel, QStringLiteral("linux 6.18.0"));
    }

    // A client prefix whose PATH has everything the run needs but tc: the qdisc is unknown
    // with the reason, every other fact is read, and the run completes.
    void unreadableFactIsUnknownWithItsReason() {
        QTemporaryDir bin;
        if (const QString missing = linkProgramsButTc(bin); !missing.isEmpty())
            QSKIP(qPrintable(missing));
        QTemporaryDir out;
        RunSpec spec;
        spec.target = QStringLiteral("127.0.0.1");
        spec.count = 2;
        spec.intervalSeconds = 0.2;
        spec.clientPrefix = QStringList{"env", "PATH=" + bin.path()};
        const WatchedRun watched = watchRun(spec, out.path(), QStringLiteral("notc"), 30000);
        QVERIFY(watched.ended);
        QVERIFY2(watched.outcome.completed(), qPrintable(watched.outcome.error));
        const QJsonObject hosts = hostsIn(watched.outcome.sidecarPath);
        QCOMPARE(fact(hosts, "client", "interface"), QStringLiteral("lo"));
        QCOMPARE(fact(hosts, "client", "mtu"), QString::number(65536));
        QCOMPARE(fact(hosts, "client", "kernel"), QSysInfo::kernelVersion());
        QVERIFY(fact(hosts, "client", "tool_version").startsWith("ping"));
        QVERIFY(!hosts.value("client").toObject().contains("qdisc"));
        const QString why = unknownReason(hosts, "client", "qdisc");
        QVERIFY2(why.startsWith("\"tc qdisc show dev lo\": command not found"), qPrintable(why));
        // The machine Wirebench runs on has tc: its own facts are complete.
        if (!QStandardPaths::findExecutable(QStringLiteral("tc")).isEmpty())
            QVERIFY2(fact(hosts, "workbench", "qdisc").startsWith("qdisc "),
                     qPrintable(QJsonDocument(hosts).toJson()));
        QVERIFY(!hosts.contains("server"));
    }

    // ssh joins the words of its command and the far side's shell splits them again: a prefix
    // doing the same reads every fact, since only checked words are on the command line and
    // the script comes on standard input.
    void throughAShellThatReparsesLikeSsh() {
        QTemporaryDir bin;
        writeTestFile(bin.path(), "fake-ssh", "#!/bin/sh\nexec sh -c \"$*\"\n");
        QVERIFY(
            QFile::setPermissions(bin.filePath("fake-ssh"), QFile::ReadOwner | QFile::ExeOwner));
        qint64 blocked = 0;
        const std::optional<HostFacts> facts = probeLoopback({bin.filePath("fake-ssh")}, &blocked);
        QVERIFY(facts);
        QCOMPARE(facts->value("interface"), QStringLiteral("lo"));
        QCOMPARE(facts->value("kernel"), QSysInfo::kernelVersion());
        QVERIFY(facts->value("tool_version").startsWith("ping"));
        for (const char* needed : {"tc", "getent"})
            if (QStandardPaths::findExecutable(QLatin1String(needed)).isEmpty())
                return;
        QVERIFY2(facts->unknown.isEmpty(), qPrintable(QJsonDocument(facts->toJson()).toJson()));
    }

    // A command that hangs (a tc that sleeps) is cut at its own limit: the fact is unknown
    // with that reason, the others are read, and the event loop ran all the while.
    void hangingCommandIsCutAtItsLimit() {
        QTemporaryDir bin;
        if (const QString missing = linkProgramsButTc(bin); !missing.isEmpty())
            QSKIP(qPrintable(missing));
        const QString sleep = QStandardPaths::findExecutable(QStringLiteral("sleep"));
        if (sleep.isEmpty())
            QSKIP("sleep is not installed");
        writeTestFile(bin.path(), "tc", "#!/bin/sh\nexec " + sleep.toLocal8Bit() + " 30\n");
        QVERIFY(QFile::setPermissions(bin.filePath("tc"), QFile::ReadOwner | QFile::ExeOwner));
        QElapsedTimer elapsed;
        elapsed.start();
        qint64 blocked = 0;
        const std::optional<HostFacts> facts =
            probeLoopback({"env", "PATH=" + bin.path()}, &blocked);
        QVERIFY(facts);
        QVERIFY2(elapsed.elapsed() < HostFactsProbe::kProbeMs,
                 qPrintable(QString::number(elapsed.elapsed())));
        QVERIFY2(blocked < 200, qPrintable(QStringLiteral("blocked %1 ms").arg(blocked)));
        QCOMPARE(facts->unknown.value("qdisc"),
                 QStringLiteral("\"tc qdisc show dev lo\" gave no answer within %1 s")
                     .arg(HostFactsProbe::kCommandSeconds));
        QCOMPARE(facts->value("interface"), QStringLiteral("lo"));
        QCOMPARE(facts->value("mtu"), QString::number(65536));
    }

    // The run over prefixes into two namespaces records each one's own congestion control,
    // not the host's; the qdisc of the client's interface is the tbf put there; the server's
    // facts are toward the client's address. The tool's extra arguments reach its log.
    void eachHostsOwnFactsThroughItsPrefix() {
        const QString reason = NetnsPair::skipReason();
        if (!reason.isEmpty())
            QSKIP(qPrintable(reason));
        if (QStandardPaths::findExecutable(QStringLiteral("iperf3")).isEmpty())
            QSKIP("iperf3 is not installed");
        NetnsPair net(QStringLiteral("facts"), 63);
        QString why;
        QVERIFY2(net.up(&why), qPrintable(why));
        const QString hostDefault = procSys("tcp_congestion_control");
        const auto setDefault = [&](const QString& ns, const QString& algorithm) {
            QString ignored;
            return NetnsPair::run({"ip", "netns", "exec", ns, "sysctl", "-w",
                                   "net.ipv4.tcp_congestion_control=" + algorithm},
                                  &ignored);
        };
        // A namespace may only choose among tcp_allowed_congestion_control (the kernel
        // refuses the others with EPERM), a setting of the whole machine this test leaves
        // alone. The client's default differs from the host's; the server's from the
        // client's, and from the host's too when the allowed list has a third.
        const auto pick = [&](const QString& ns, const QStringList& avoid) {
            for (const char* algorithm : {"reno", "cubic", "bbr", "htcp", "vegas"})
                if (!avoid.contains(QLatin1String(algorithm)) &&
                    setDefault(ns, QLatin1String(algorithm)))
                    return QString::fromLatin1(algorithm);
            return QString();
        };
        const QString clientDefault = pick(net.clientNamespace(), {hostDefault});
        if (clientDefault.isEmpty())
            QSKIP("no congestion control other than the host's may be set in a namespace");
        QString serverDefault = pick(net.serverNamespace(), {hostDefault, clientDefault});
        if (serverDefault.isEmpty())
            serverDefault = pick(net.serverNamespace(), {clientDefault});
        QVERIFY(!serverDefault.isEmpty());
        qInfo("defaults: host %s, client namespace %s, server namespace %s",
              qPrintable(hostDefault), qPrintable(clientDefault), qPrintable(serverDefault));
        QCOMPARE(procSys("tcp_congestion_control"), hostDefault);
        QVERIFY2(net.limitClientEgress(QStringLiteral("100mbit"), &why), qPrintable(why));

        RunSpec spec;
        spec.tool = RunTool::Iperf3;
        spec.target = net.serverAddress();
        spec.durationSeconds = 1;
        spec.json = true;
        spec.port = 5263;
        spec.startServer = true;
        spec.clientPrefix = net.clientPrefix();
        spec.serverPrefix = net.serverPrefix();
        spec.extraArgs = QStringList{"-l", "1400"};
        QTemporaryDir out;
        const WatchedRun watched = watchRun(spec, out.path(), QStringLiteral("facts"), 30000);
        QVERIFY(watched.ended);
        QVERIFY2(watched.outcome.completed(), qPrintable(watched.outcome.error));
        const QJsonObject hosts = hostsIn(watched.outcome.sidecarPath);
        const QByteArray shown = QJsonDocument(hosts).toJson();
        QCOMPARE(fact(hosts, "client", "congestion_control"), clientDefault);
        QCOMPARE(fact(hosts, "server", "congestion_control"), serverDefault);
        QCOMPARE(fact(hosts, "workbench", "congestion_control"), hostDefault);
        const QJsonObject root =
            QJsonDocument::fromJson(readAll(watched.outcome.sidecarPath)).object();
        QCOMPARE(root.value("congestion_control").toString(), clientDefault); // the sender's
        QCOMPARE(fact(hosts, "client", "interface"), vethIn(net.clientNamespace()));
        QCOMPARE(fact(hosts, "server", "interface"), vethIn(net.serverNamespace()));
        QVERIFY2(fact(hosts, "client", "qdisc").startsWith("qdisc tbf "), shown.constData());
        QVERIFY2(!fact(hosts, "server", "qdisc").contains("tbf"), shown.constData());
        QCOMPARE(fact(hosts, "client", "mtu"), QStringLiteral("1500"));
        QCOMPARE(fact(hosts, "client", "source_address"), net.clientAddress());
        QCOMPARE(hosts.value("server").toObject().value("target").toString(), net.clientAddress());
        QCOMPARE(fact(hosts, "server", "target_address"), net.clientAddress());
        QVERIFY(fact(hosts, "client", "tool_version").startsWith("iperf 3"));
        QVERIFY(fact(hosts, "server", "tool_version").startsWith("iperf 3"));
        QCOMPARE(hosts.value("client").toObject().value("unknown").toObject().size(), 0);
        QCOMPARE(hosts.value("server").toObject().value("unknown").toObject().size(), 0);
        // The extra arguments reached iperf3: its JSON reports the block size they set.
        const QByteArray log = readAll(watched.outcome.logPath);
        QVERIFY2(QRegularExpression(QStringLiteral("\"blksize\":\\s*1400"))
                     .match(QString::fromUtf8(log))
                     .hasMatch(),
                 log.left(2000).constData());
    }
};

QTEST_GUILESS_MAIN(TestHostFacts)
#include "tst_hostfacts.moc"
