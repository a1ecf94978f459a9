#include "TestSupport.h"
#include "parse/RunFacts.h"
#include "stats/DatasetGroups.h"

#include <QTest>

#include <cmath>

using namespace wb;

namespace {

// A ping run whose requests left every `interval` seconds (jitter: a late timer, up to the
// given seconds) and whose round trips grow from 1 ms to 400 ms, as under load.
LatencySeries steadyRun(double interval, int replies, double clockResolution = 0) {
    LatencySeries run;
    for (int i = 0; i < replies; ++i) {
        const double rttMs = 1 + 399.0 * i / replies;
        double time = 1.7e9 + i * interval + 0.0007 * (i % 3) + rttMs / 1000;
        if (clockResolution > 0)
            time = std::floor(time / clockResolution) * clockResolution;
        run.rttMs.push_back(rttMs);
        run.sequence.push_back(i + 1);
        run.timestamps.push_back(time);
    }
    return run;
}

} // namespace

class TestRunFacts : public QObject {
    Q_OBJECT

private slots:
    void factsOfRealLogs_data();
    void factsOfRealLogs();
    void pingIntervalFromReplyTimes();
    void logFieldsListParametersAndHostFacts();
};

// Each value read by hand from the log's text (its header, its test_start, its intervals);
// "" where the log does not say.
void TestRunFacts::factsOfRealLogs_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("dataset");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    const QString cubicP30 = test::samplePath("tcp-cubic-P30-client.txt");
    const auto row = [](const char* name, const QString& path, int dataset, const char* key,
                        const char* value) {
        QTest::newRow(name) << path << dataset << key << value;
    };
    // iperf2 text: "TCP congestion control set to cubic", "[SUM] 0.0-60.0", -i 1 intervals.
    row("iperf2 cc", cubicP30, 0, "congestion_control", "cubic");
    row("iperf2 streams", cubicP30, 0, "streams", "30");
    row("iperf2 direction", cubicP30, 0, "direction", "upload");
    row("iperf2 duration", cubicP30, 0, "duration", "60");
    row("iperf2 interval", cubicP30, 0, "interval", "1");
    row("iperf2 tcp has no packet size", cubicP30, 0, "packet_size", "");
    // "Sending 1470 byte datagrams"
    row("iperf2 udp datagram", test::samplePath("udp-bw-1M-client.txt"), 0, "packet_size", "1470");
    row("iperf2 -d", test::dataPath("iperf/tcp-dualtest-client.txt"), 0, "direction", "bidir");
    row("iperf2 server -i 0.5", test::dataPath("iperf/appended-2.1-tcp-server.txt"), 0, "interval",
        "0.5");
    // emulab iperf without a banner or -i: no role, no direction, no interval.
    row("geni P30 direction", test::samplePath("geni-cubic-P30.txt"), 0, "direction", "");
    row("geni P30 interval", test::samplePath("geni-cubic-P30.txt"), 0, "interval", "");
    row("geni P30 streams", test::samplePath("geni-cubic-P30.txt"), 0, "streams", "30");
    // iperf2 -y C: no role, so no direction.
    row("iperf2 csv interval", test::dataPath("iperf/tcp-csv-client.csv"), 0, "interval", "1");
    row("iperf2 csv direction", test::dataPath("iperf/tcp-csv-client.csv"), 0, "direction", "");
    // iperf3 -J test_start: duration 30, num_streams 4; end: sender_tcp_congestion cubic.
    const QString json = test::samplePath("iperf3-cubic-P4.json");
    row("iperf3 -J duration", json, 0, "duration", "30");
    row("iperf3 -J streams", json, 0, "streams", "4");
    row("iperf3 -J cc", json, 0, "congestion_control", "cubic");
    row("iperf3 -J version", json, 0, "version", "3.12");
    row("iperf3 -J direction", json, 0, "direction", "upload");
    row("iperf3 -J tcp block is no packet", json, 0, "packet_size", "");
    row("iperf3 -J udp blksize", test::dataPath("iperf3/json-udp-client.json"), 0, "packet_size",
        "1448");
    row("iperf3 -J bidir", test::dataPath("iperf3/json-bidir-client.json"), 0, "direction",
        "bidir");
    // iperf3 text: "Reverse mode, remote host … is sending"; the server's sent streams.
    row("iperf3 -R client", test::dataPath("iperf3/tcp-R-client.txt"), 0, "direction", "download");
    row("iperf3 -R server", test::dataPath("iperf3/tcp-R-server.txt"), 0, "direction", "download");
    row("iperf3 --bidir", test::dataPath("iperf3/tcp-bidir-P2-client.txt"), 0, "direction",
        "bidir");
    row("iperf3 -i 0.5", test::dataPath("iperf3/bidir-P2-i05-client.txt"), 0, "interval", "0.5");
    // -V: "Starting Test: protocol: TCP, 1 streams, 131072 byte blocks, …, 3 second test".
    row("iperf3 -V duration", test::dataPath("iperf3/tcp-V-reno-client.txt"), 0, "duration", "3");
    row("iperf3 -V version", test::dataPath("iperf3/tcp-V-reno-client.txt"), 0, "version", "3.12");
    // ping headers: "56(84) bytes of data", ": 56 data bytes", "PING6(56=40+8+8 bytes)",
    // "with 1400 bytes of data" (Polish), "28 headers + 0 data bytes".
    row("iputils payload", test::dataPath("ping/iputils_D.txt"), 0, "packet_size", "56");
    row("busybox payload", test::dataPath("ping/busybox_appended.txt"), 0, "packet_size", "56");
    row("freebsd ping6 payload", test::dataPath("ping/bsd_freebsd_ping6.txt"), 0, "packet_size",
        "8");
    row("windows payload", test::dataPath("ping/windows_pl_lossy.txt"), 0, "packet_size", "1400");
    row("hping3 payload", test::dataPath("ping/hping3_appended.txt"), 0, "packet_size", "0");
    row("hping3 tcp", test::dataPath("ping/hping3_appended.txt"), 1, "protocol", "tcp");
    // ping -D -i 0.2 and fping -D -p 500: the spacing of the requests.
    row("iputils -D -i 0.2", test::dataPath("ping/iputils_D.txt"), 0, "ping_interval", "0.2");
    row("fping -D -p 500", test::dataPath("ping/fping_D_multi.txt"), 0, "ping_interval", "0.5");
    row("ping without times", test::dataPath("ping/busybox_appended.txt"), 0, "ping_interval", "");
    row("ping has no direction", test::dataPath("ping/iputils_D.txt"), 0, "direction", "");
}

void TestRunFacts::factsOfRealLogs() {
    QFETCH(QString, path);
    QFETCH(int, dataset);
    QFETCH(QString, key);
    QFETCH(QString, value);
    const ImportResult result = FileImporter::importFile(path);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QVERIFY(dataset < static_cast<int>(result.datasets.size()));
    const GroupMember member{&result.datasets[static_cast<std::size_t>(dataset)], {}, {}, {}};
    QCOMPARE(DatasetGroups::valuesOf(member, key).join(QLatin1Char('|')), value);
}

void TestRunFacts::pingIntervalFromReplyTimes() {
    QCOMPARE(RunFacts::pingIntervalSeconds(steadyRun(0.2, 50)), 0.2);
    QCOMPARE(RunFacts::pingIntervalSeconds(steadyRun(1, 20)), 1.0);
    QCOMPARE(RunFacts::pingIntervalSeconds(steadyRun(0.3, 20)), 0.3);
    // A timer late on every request: 1.004 s apart is -i 1.
    QCOMPARE(RunFacts::pingIntervalSeconds(steadyRun(1.004, 20)), 1.0);
    // Lost replies leave gaps in the numbers, not in the pace.
    LatencySeries lossy = steadyRun(0.5, 30);
    for (int i = 25; i >= 5; i -= 4) {
        lossy.rttMs.erase(lossy.rttMs.begin() + i);
        lossy.sequence.erase(lossy.sequence.begin() + i);
        lossy.timestamps.erase(lossy.timestamps.begin() + i);
    }
    QCOMPARE(RunFacts::pingIntervalSeconds(lossy), 0.5);
    // A clock of whole seconds cannot show a 0.2 s pace.
    QCOMPARE(RunFacts::pingIntervalSeconds(steadyRun(0.2, 50, 1.0)), 0.0);
    // An irregular pace (ping -A, bursts with pauses) has none.
    LatencySeries bursts = steadyRun(0.05, 40);
    double pause = 0;
    for (std::size_t i = 0; i < bursts.timestamps.size(); ++i) {
        pause += i % 5 == 0 ? 1.0 : 0.0;
        bursts.timestamps[i] += pause;
    }
    QCOMPARE(RunFacts::pingIntervalSeconds(bursts), 0.0);
    // Too few replies, or none timed.
    QCOMPARE(RunFacts::pingIntervalSeconds(steadyRun(0.2, 2)), 0.0);
    LatencySeries untimed = steadyRun(0.2, 10);
    untimed.timestamps.clear();
    QCOMPARE(RunFacts::pingIntervalSeconds(untimed), 0.0);
}

// What a dialog lists: the log's keys in the table's order, with the sidecar's command line
// and the plan's parameters.
void TestRunFacts::logFieldsListParametersAndHostFacts() {
    const Dataset ping =
        test::firstDatasetOf(test::samplePath("latency-under-load/rrul-congestion-cubic.ping.log"));
    const auto fields = DatasetGroups::logFields(ping);
    QStringList keys;
    for (const auto& [key, value] : fields) {
        keys << key;
        QCOMPARE(DatasetGroups::valuesOf({&ping, {}, {}, {}}, key), QStringList{value});
    }
    QVERIFY2(keys.startsWith(QStringLiteral("tool")), qPrintable(keys.join(',')));
    for (const char* key : {"command_line", "packet_size", "ping_interval"})
        QVERIFY2(keys.contains(QLatin1String(key)), key);
    QVERIFY2(std::any_of(keys.begin(), keys.end(),
                         [](const QString& k) { return k.startsWith("parameters."); }),
             qPrintable(keys.join(',')));
    // The sidecar's command was `ping -D -n -c 300 -i 0.1 -s 56 …`: the log shows the same.
    QVERIFY(ping.info.commandLine.contains(QStringLiteral("-i 0.1 -s 56")));
    QCOMPARE(DatasetGroups::valuesOf({&ping, {}, {}, {}}, "ping_interval"), QStringList{"0.1"});
    QCOMPARE(DatasetGroups::valuesOf({&ping, {}, {}, {}}, "packet_size"), QStringList{"56"});
}

QTEST_GUILESS_MAIN(TestRunFacts)
#include "tst_runfacts.moc"
