// irtt run as users run it, between network namespaces made here (root; wbirtt-a client,
// wbirtt-r router with a tbf, wbirtt-b server; 198.18.141.0/24 and 198.18.142.0/24), with
// iptables dropping irtt's packets at random on both receiving sides: 10 % of the requests on
// the server's INPUT (lost up), 5 % of the replies on the client's INPUT (lost down).
// Nothing is started by hand: `wirebench-cli run --tool irtt --start-server` starts `irtt
// server` through the server's `ip netns exec` prefix; a plan's latency-under-load step runs
// irtt until one iperf3 upload through the tbf has ended. Each kept log is read here as JSON
// (QJsonDocument: round trips, lost up and down, RTT p50) and compared with what Wirebench
// made of it: the run's datasets (its import), `stats --format json` and, under load, the RTT
// while the upload fills the queue against the idle RTT. Skipped when not root or when irtt,
// iperf3, iptables or tc is missing.

#include "NetnsFixture.h"
#include "ReferenceReadings.h"
#include "TestSupport.h"

#include "import/FileImporter.h"
#include "stats/LatencySummary.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace wb;

namespace {

const QString kClientNs = QStringLiteral("wbirtt-a");
const QString kRouterNs = QStringLiteral("wbirtt-r");
const QString kServerNs = QStringLiteral("wbirtt-b");
const QString kServerAddress = QStringLiteral("198.18.142.1");

bool runCommand(const QStringList& argv, QString* why) {
    QProcess process;
    process.start(argv.front(), argv.mid(1));
    if (!process.waitForFinished(10000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        *why = argv.join(QLatin1Char(' ')) + QStringLiteral(": ") +
               QString::fromLocal8Bit(process.readAllStandardError());
        return false;
    }
    return true;
}

QStringList inNamespace(const QString& ns, const QStringList& argv) {
    return QStringList{"ip", "netns", "exec", ns} + argv;
}

bool namespaceExists(const QString& name) {
    QProcess ip;
    ip.start("ip", {"netns", "list"});
    ip.waitForFinished();
    return QString::fromUtf8(ip.readAll())
        .contains(QRegularExpression("(^|\\n)" + name + "( |\\n|$)"));
}

// The three namespaces, their links and routes, the router's tbf toward the server and the
// random drops; all removed when this goes, whatever the test's checks said.
class IrttNetwork {
public:
    IrttNetwork() = default;
    IrttNetwork(const IrttNetwork&) = delete;
    IrttNetwork& operator=(const IrttNetwork&) = delete;
    ~IrttNetwork() {
        QString ignored;
        for (const QString& ns : m_made)
            runCommand({"ip", "netns", "del", ns}, &ignored);
    }

    bool up(QString* why) {
        for (const QString& ns : {kClientNs, kRouterNs, kServerNs}) {
            if (!runCommand({"ip", "netns", "add", ns}, why))
                return false;
            m_made << ns;
        }
        const QList<QStringList> commands = {
            {"ip", "link", "add", "wbirtt0", "netns", kClientNs, "type", "veth", "peer", "name",
             "wbirtt1", "netns", kRouterNs},
            {"ip", "link", "add", "wbirtt2", "netns", kRouterNs, "type", "veth", "peer", "name",
             "wbirtt3", "netns", kServerNs},
            {"ip", "-n", kClientNs, "addr", "add", "198.18.141.1/24", "dev", "wbirtt0"},
            {"ip", "-n", kRouterNs, "addr", "add", "198.18.141.254/24", "dev", "wbirtt1"},
            {"ip", "-n", kRouterNs, "addr", "add", "198.18.142.254/24", "dev", "wbirtt2"},
            {"ip", "-n", kServerNs, "addr", "add", kServerAddress + "/24", "dev", "wbirtt3"},
            {"ip", "-n", kClientNs, "link", "set", "wbirtt0", "up"},
            {"ip", "-n", kRouterNs, "link", "set", "wbirtt1", "up"},
            {"ip", "-n", kRouterNs, "link", "set", "wbirtt2", "up"},
            {"ip", "-n", kServerNs, "link", "set", "wbirtt3", "up"},
            {"ip", "-n", kClientNs, "link", "set", "lo", "up"},
            {"ip", "-n", kRouterNs, "link", "set", "lo", "up"},
            {"ip", "-n", kServerNs, "link", "set", "lo", "up"},
            inNamespace(kRouterNs, {"sysctl", "-q", "-w", "net.ipv4.ip_forward=1"}),
            {"ip", "-n", kClientNs, "route", "add", "198.18.142.0/24", "via", "198.18.141.254"},
            {"ip", "-n", kServerNs, "route", "add", "198.18.141.0/24", "via", "198.18.142.254"},
            // 20 Mbit/s toward the server with 300 kB of queue: an upload adds up to 120 ms.
            inNamespace(kRouterNs, {"tc", "qdisc", "add", "dev", "wbirtt2", "root", "tbf", "rate",
                                    "20mbit", "burst", "16kb", "limit", "300kb"}),
            inNamespace(kServerNs,
                        {"iptables", "-A", "INPUT", "-p", "udp", "--dport", "2112", "-m",
                         "statistic", "--mode", "random", "--probability", "0.1", "-j", "DROP"}),
            inNamespace(kClientNs,
                        {"iptables", "-A", "INPUT", "-p", "udp", "--sport", "2112", "-m",
                         "statistic", "--mode", "random", "--probability", "0.05", "-j", "DROP"}),
            inNamespace(kClientNs, {"ping", "-q", "-c", "2", "-i", "0.2", kServerAddress}),
        };
        for (const QStringList& command : commands)
            if (!runCommand(command, why))
                return false;
        return true;
    }

private:
    QStringList m_made;
};

// irtt's JSON as this test reads it, sharing nothing with Wirebench's parser.
struct IrttReading {
    qsizetype roundTrips = 0;
    qsizetype lostUp = 0;
    qsizetype lostDown = 0;
    qsizetype lostUnknown = 0;
    std::vector<double> rttMs;
    std::vector<std::pair<double, double>> sentAtAndRttMs; // epoch seconds, ms; replies only
};

IrttReading readIrttJson(const QString& path) {
    IrttReading reading;
    const QJsonObject root = QJsonDocument::fromJson(test::readAll(path)).object();
    const QJsonArray trips = root.value("round_trips").toArray();
    reading.roundTrips = trips.size();
    for (const QJsonValue& value : trips) {
        const QJsonObject trip = value.toObject();
        const QString lost = trip.value("lost").toString();
        if (lost == QLatin1String("true_up"))
            ++reading.lostUp;
        else if (lost == QLatin1String("true_down"))
            ++reading.lostDown;
        else if (lost == QLatin1String("true"))
            ++reading.lostUnknown;
        const QJsonObject delay = trip.value("delay").toObject();
        if (lost != QLatin1String("false") || !delay.contains("rtt"))
            continue;
        const double rtt = delay.value("rtt").toDouble() / 1e6;
        reading.rttMs.push_back(rtt);
        const double sent = trip.value("timestamps")
                                .toObject()
                                .value("client")
                                .toObject()
                                .value("send")
                                .toObject()
                                .value("wall")
                                .toDouble() /
                            1e9;
        reading.sentAtAndRttMs.emplace_back(sent, rtt);
    }
    return reading;
}

double medianOf(std::vector<double> values) {
    return test::numpyPercentile(std::move(values), 50);
}

// The one log of a folder matching the pattern.
QString onlyFile(const QString& dir, const QString& pattern) {
    const QStringList names = QDir(dir).entryList({pattern}, QDir::Files, QDir::Name);
    return names.size() == 1 ? QDir(dir).filePath(names.front()) : QString();
}

} // namespace

class TestIrttRun : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        const QString reason = test::NetnsPair::skipReason();
        if (!reason.isEmpty())
            QSKIP(qPrintable(reason));
        for (const char* tool : {"irtt", "iperf3", "iptables", "tc"})
            if (QStandardPaths::findExecutable(tool).isEmpty())
                QSKIP(qPrintable(QString("%1 is not installed").arg(tool)));
        for (const QString& ns : {kClientNs, kRouterNs, kServerNs})
            if (namespaceExists(ns))
                QSKIP(qPrintable(QString("namespace %1 exists already (another run of this test "
                                         "is going on here)")
                                     .arg(ns)));
        QString why;
        QVERIFY2(m_network.up(&why), qPrintable(why));
    }

    void singleRunThroughPrefixes() {
        QTemporaryDir dir;
        const test::CliRun run = test::runCliWithin(
            {"run", "--tool", "irtt", "--duration", "3", "--interval", "0.01", "--start-server",
             "--client-prefix", "ip netns exec " + kClientNs, "--server-prefix",
             "ip netns exec " + kServerNs, "-o", dir.path(), kServerAddress},
            60000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        const QString log = onlyFile(dir.path(), "irtt-*[0-9].log");
        QVERIFY2(!log.isEmpty(), qPrintable(QDir(dir.path()).entryList().join(' ')));
        QVERIFY(!onlyFile(dir.path(), "irtt-*.server.log").isEmpty());
        const IrttReading reading = readIrttJson(log);
        qInfo("%lld round trips, %lld lost up, %lld lost down", qint64(reading.roundTrips),
              qint64(reading.lostUp), qint64(reading.lostDown));
        // 3 s at 10 ms; the drops on both sides make losses in both directions.
        QVERIFY2(reading.roundTrips >= 250 && reading.roundTrips <= 301,
                 qPrintable(QString::number(reading.roundTrips)));
        QVERIFY(reading.lostUp > 0 && reading.lostDown > 0);
        compareWithWirebench(log, reading);
    }

    void latencyUnderLoadStep() {
        QTemporaryDir dir;
        const QJsonObject plan{
            {"wirebench_plan", 1},
            {"name", "irtt-lul"},
            {"defaults",
             QJsonObject{{"client_prefix", QJsonArray{"ip", "netns", "exec", kClientNs}},
                         {"server_prefix", QJsonArray{"ip", "netns", "exec", kServerNs}},
                         {"target", kServerAddress},
                         {"start_server", true}}},
            {"runs",
             QJsonArray{QJsonObject{{"name", "lul"},
                                    {"members", QJsonArray{QJsonObject{{"tool", "irtt"},
                                                                       {"interval", 0.01},
                                                                       {"duration", 60},
                                                                       {"until", "up"}},
                                                           QJsonObject{{"name", "up"},
                                                                       {"tool", "iperf3"},
                                                                       {"start", 1.5},
                                                                       {"duration", 3}}}}}}}};
        const QString planPath =
            test::writeTestFile(dir.path(), "irtt-lul.json", QJsonDocument(plan).toJson());
        const QString output = dir.filePath("out");
        const test::CliRun run =
            test::runCliWithin({"run", "--plan", planPath, "-o", output}, 60000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));

        const QJsonObject record =
            QJsonDocument::fromJson(test::readAll(QDir(output).filePath("lul.run.json"))).object();
        QJsonObject irtt, up;
        for (const QJsonValue& value : record.value("members").toArray()) {
            const QJsonObject member = value.toObject();
            (member.value("name").toString() == QLatin1String("irtt") ? irtt : up) = member;
        }
        QCOMPARE(irtt.value("status").toString(), QStringLiteral("completed"));
        QCOMPARE(up.value("status").toString(), QStringLiteral("completed"));
        // Ended by its duration, cut to the upload's planned end (1.5 s + 3 s, whole seconds).
        QVERIFY2(irtt.value("command_line").toString().contains(" -d 5s "),
                 qPrintable(irtt.value("command_line").toString()));
        QCOMPARE(irtt.value("server_log").toString(), QStringLiteral("lul.irtt.server.log"));

        const QString log = QDir(output).filePath("lul.irtt.log");
        const IrttReading reading = readIrttJson(log);
        QVERIFY2(reading.roundTrips >= 400 && reading.roundTrips <= 501,
                 qPrintable(QString::number(reading.roundTrips)));
        compareWithWirebench(log, reading);

        // While the upload fills the tbf's queue, irtt's RTT is many times the idle one.
        const double upStart = up.value("client_start").toString().toDouble();
        QVERIFY(upStart > 0);
        std::vector<double> idle, loaded;
        for (const auto& [sent, rtt] : reading.sentAtAndRttMs) {
            if (sent < upStart - 0.05)
                idle.push_back(rtt);
            else if (sent > upStart + 1 && sent < upStart + 2.8)
                loaded.push_back(rtt);
        }
        qInfo("idle RTT median %.3f ms (%zu), under load %.3f ms (%zu)", medianOf(idle),
              idle.size(), medianOf(loaded), loaded.size());
        QVERIFY(idle.size() >= 50 && loaded.size() >= 50);
        QVERIFY(medianOf(loaded) >= 5 * medianOf(idle));
    }

private:
    // What Wirebench made of the log equals the test's own reading of its JSON: the import
    // (what the run's datasets are) and `stats --format json`.
    static void compareWithWirebench(const QString& log, const IrttReading& reading) {
        const ImportResult result = FileImporter::importFile(log);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.datasets.size(), std::size_t(1));
        const LatencySeries& series = result.datasets.front().latency;
        QCOMPARE(qsizetype(series.rttMs.size() + series.lostSequence.size()), reading.roundTrips);
        QCOMPARE(qsizetype(series.lostUpSequence.size()), reading.lostUp);
        QCOMPARE(qsizetype(series.lostDownSequence.size()), reading.lostDown);
        // The last requests' fate is unknown to irtt when no later reply told it ("true").
        QCOMPARE(qsizetype(series.lostSequence.size() - series.lostUpSequence.size() -
                           series.lostDownSequence.size()),
                 reading.lostUnknown);
        QCOMPARE(series.rttMs.size(), reading.rttMs.size());
        const double p50 = test::numpyPercentile(reading.rttMs, 50);
        QVERIFY2(std::fabs(LatencySummary::of(series.rttMs).percentile(50) - p50) <= 1e-9 * p50,
                 qPrintable(QString::number(p50, 'g', 17)));

        const test::CliRun stats = test::runCli({"stats", "--format", "json", log});
        QVERIFY2(stats.exitCode == 0, qPrintable(stats.err));
        const QJsonObject dataset = QJsonDocument::fromJson(stats.out.toUtf8())
                                        .object()
                                        .value("datasets")
                                        .toArray()
                                        .first()
                                        .toObject();
        const double shown = dataset.value("percentiles").toObject().value("50").toDouble();
        QVERIFY2(std::fabs(shown - p50) <= 1e-9 * p50, qPrintable(stats.out.left(2000)));
        QCOMPARE(dataset.value("transmitted").toInteger(), qint64(reading.roundTrips));
        QCOMPARE(dataset.value("received").toInteger(), qint64(reading.rttMs.size()));
    }

    IrttNetwork m_network;
};

QTEST_GUILESS_MAIN(TestIrttRun)
#include "tst_irttrun.moc"
