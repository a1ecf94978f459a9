#include "TestSupport.h"
#include "stats/DatasetGroups.h"
#include "stats/FlowStatistics.h"
#include "stats/Percentiles.h"

#include <QTest>

#include <memory>

using namespace wb;

namespace {

// The datasets of sample logs, kept alive for the members that point at them.
struct Samples {
    std::vector<std::unique_ptr<Dataset>> datasets;

    const Dataset* load(const QString& name) {
        ImportResult result = FileImporter::importFile(test::samplePath(name));
        if (result.datasets.empty())
            return nullptr;
        datasets.push_back(std::make_unique<Dataset>(std::move(result.datasets.front())));
        return datasets.back().get();
    }
};

QStringList namesOf(const std::vector<DatasetGroup>& groups) {
    QStringList names;
    for (const DatasetGroup& group : groups)
        names << group.name();
    return names;
}

} // namespace

class TestGroups : public QObject {
    Q_OBJECT

private slots:
    void keys();
    void groupsTcpSamplesByRunInfo();
    void groupsByTagsLabelsAndParameters();
    void userMetadataTakesThePlaceOfTheLogs();
    void naturalOrderOfValues();
    void poolsLatencySamples();
    void poolsFlows();
    void groupsSayWhatTheyMix();
    void mixesHonourTheUsersValues();
};

void TestGroups::keys() {
    for (const char* key :
         {"tool", "congestion_control", "congestion-control", "streams", "host", "kernel",
          "command_line", "label", "tag", "parameters.repetition", "tag.config", "direction",
          "duration", "interval", "packet_size", "Packet-Size", "ping_interval"})
        QVERIFY2(DatasetGroups::isKey(QString::fromLatin1(key)), key);
    for (const char* key : {"colour", "parameters.", "tag.", ""})
        QVERIFY2(!DatasetGroups::isKey(QString::fromLatin1(key)), key);
}

void TestGroups::groupsTcpSamplesByRunInfo() {
    Samples samples;
    std::vector<GroupMember> members;
    for (const char* name : {"tcp-cubic-P1-client.txt", "tcp-reno-P30-client.txt",
                             "tcp-cubic-P30-client.txt", "tcp-reno-P1-client.txt"}) {
        const Dataset* dataset = samples.load(QString::fromLatin1(name));
        QVERIFY(dataset);
        members.push_back({dataset, {}, {}, {}});
    }
    const std::vector<DatasetGroup> byCc = DatasetGroups::group(members, "congestion_control");
    QCOMPARE(namesOf(byCc), QStringList({"congestion_control=cubic", "congestion_control=reno"}));
    QCOMPARE(byCc[0].members, std::vector<std::size_t>({0, 2}));
    QCOMPARE(byCc[1].members, std::vector<std::size_t>({1, 3}));
    const std::vector<DatasetGroup> byStreams = DatasetGroups::group(members, "streams");
    QCOMPARE(namesOf(byStreams), QStringList({"streams=1", "streams=30"}));
    QCOMPARE(byStreams[1].members, std::vector<std::size_t>({1, 2}));
    // One value for all: one group; a key the logs do not tell: one group without a value.
    QCOMPARE(DatasetGroups::group(members, "tool").size(), std::size_t(1));
    const std::vector<DatasetGroup> byHost = DatasetGroups::group(members, "host");
    QCOMPARE(byHost.size(), std::size_t(1));
    // Named for what its members lack, never as if "(none)" were one more host.
    QCOMPARE(byHost[0].name(), QStringLiteral("host not recorded"));
    QCOMPARE(byHost[0].members.size(), std::size_t(4));
}

void TestGroups::groupsByTagsLabelsAndParameters() {
    Dataset a;
    a.label = "run 1";
    a.info.parameters["repetition"] = "1";
    Dataset b;
    b.label = "run 2";
    b.info.parameters["repetition"] = "2";
    Dataset c;
    c.label = "run 3";
    const std::vector<GroupMember> members{{&a, {"loaded", "config=fq"}, {}, {}},
                                           {&b, {"idle", "config=fq"}, "baseline", {}},
                                           {&c, {"loaded"}, {}, {}}};
    QCOMPARE(namesOf(DatasetGroups::group(members, "tag")),
             QStringList({"tag=config=fq", "tag=idle", "tag=loaded"}));
    const std::vector<DatasetGroup> byConfig = DatasetGroups::group(members, "tag.config");
    QCOMPARE(namesOf(byConfig), QStringList({"tag.config=fq", "tag.config not recorded"}));
    QCOMPARE(byConfig[0].members, std::vector<std::size_t>({0, 1}));
    QCOMPARE(DatasetGroups::valuesOf(members[1], "label"), QStringList{"baseline"});
    QCOMPARE(DatasetGroups::valuesOf(members[0], "label"), QStringList{"run 1"});
    const std::vector<DatasetGroup> byRepetition =
        DatasetGroups::group(members, "parameters.repetition");
    QCOMPARE(namesOf(byRepetition),
             QStringList({"parameters.repetition=1", "parameters.repetition=2",
                          "parameters.repetition not recorded"}));
    // Runs without any tag, grouped by tag.
    QCOMPARE(namesOf(DatasetGroups::group({{&c, {}, {}, {}}}, "tag")), QStringList{"no tag"});
}

void TestGroups::userMetadataTakesThePlaceOfTheLogs() {
    Dataset logSaysCubic;
    logSaysCubic.info.congestionControl = "cubic";
    Dataset logSaysNothing;
    const std::vector<GroupMember> members{
        {&logSaysCubic, {}, {}, {{"congestion_control", "reno"}}},
        {&logSaysNothing, {}, {}, {{"congestion_control", "cubic"}, {"bottleneck", "50mbit"}}},
        {&logSaysCubic, {}, {}, {}}};
    QCOMPARE(DatasetGroups::valuesOf(members[0], "congestion-control"), QStringList{"reno"});
    QCOMPARE(DatasetGroups::valuesOf(members[2], "congestion_control"), QStringList{"cubic"});
    const std::vector<DatasetGroup> byCc = DatasetGroups::group(members, "congestion_control");
    QCOMPARE(namesOf(byCc), QStringList({"congestion_control=cubic", "congestion_control=reno"}));
    QCOMPARE(byCc[0].members, std::vector<std::size_t>({1, 2}));
    QCOMPARE(DatasetGroups::valuesOf(members[1], "bottleneck"), QStringList{"50mbit"});
}

void TestGroups::naturalOrderOfValues() {
    std::vector<Dataset> datasets(4);
    const QStringList values{"P10", "P2", "P1", "P30"};
    std::vector<GroupMember> members;
    for (int i = 0; i < 4; ++i) {
        datasets[static_cast<std::size_t>(i)].label = values[i];
        members.push_back({&datasets[static_cast<std::size_t>(i)], {}, {}, {}});
    }
    QCOMPARE(namesOf(DatasetGroups::group(members, "label")),
             QStringList({"label=P1", "label=P2", "label=P10", "label=P30"}));
}

void TestGroups::poolsLatencySamples() {
    Samples samples;
    const Dataset* first = samples.load("ping18_iperf16_np");
    const Dataset* second = samples.load("ping18_iperf68_np");
    QVERIFY(first && second);
    const Dataset pooled = DatasetGroups::pool({first, second}, "loaded");
    QCOMPARE(pooled.kind, Dataset::Kind::Latency);
    QCOMPARE(pooled.label, QStringLiteral("loaded"));
    QCOMPARE(pooled.latency.size(), first->latency.size() + second->latency.size());
    // Every statistic applies: the pooled percentiles are those of all samples together.
    std::vector<double> all = first->latency.rttMs;
    all.insert(all.end(), second->latency.rttMs.begin(), second->latency.rttMs.end());
    QCOMPARE(Percentiles(pooled.latency.rttMs).at(99), Percentiles(all).at(99));
    // Shared metadata stays, what differs is dropped.
    QCOMPARE(pooled.info.tool, first->info.tool);
    QCOMPARE(pooled.info.target, first->info.target);
    QVERIFY(DatasetGroups::sameKind({first, second}));
}

void TestGroups::poolsFlows() {
    Samples samples;
    const Dataset* p1 = samples.load("tcp-cubic-P1-client.txt");
    const Dataset* p30 = samples.load("tcp-cubic-P30-client.txt");
    const Dataset* ping = samples.load("ping18_np");
    QVERIFY(p1 && p30 && ping);
    QVERIFY(!DatasetGroups::sameKind({p1, ping}));
    const Dataset pooled = DatasetGroups::pool({p1, p30}, "cubic");
    QCOMPARE(pooled.kind, Dataset::Kind::Throughput);
    QCOMPARE(pooled.flows.flows.size(), std::size_t(31));
    QCOMPARE(pooled.info.congestionControl, QStringLiteral("cubic"));
    QCOMPARE(pooled.info.streams, 0); // 1 and 30: no common value
    QVERIFY(pooled.flows.flows.front().id.startsWith(p1->label + QLatin1Char('/')));
    // The pooled flows keep their own totals: the mean per flow is over all 31.
    const FlowStatistics a = FlowStatistics::of(p1->flows);
    const FlowStatistics b = FlowStatistics::of(p30->flows);
    const FlowStatistics all = FlowStatistics::of(pooled.flows);
    QCOMPARE(all.flows.size(), std::size_t(31));
    double sum = 0;
    for (const FlowStatistics* stats : {&a, &b})
        for (const FlowStatistics::PerFlow& flow : stats->flows)
            sum += flow.totals.bitsPerSecond;
    double pooledSum = 0;
    for (const FlowStatistics::PerFlow& flow : all.flows)
        pooledSum += flow.totals.bitsPerSecond;
    QCOMPARE(pooledSum, sum);
}

// A group's runs that differ in how they were made are named, and so are runs that did not
// complete; what the group shares, runs that do not say and a plan's repetitions are not.
void TestGroups::groupsSayWhatTheyMix() {
    Samples samples;
    const Dataset* cubic1 = samples.load(QStringLiteral("tcp-cubic-P1-client.txt"));
    const Dataset* cubic30 = samples.load(QStringLiteral("tcp-cubic-P30-client.txt"));
    const Dataset* udp = samples.load(QStringLiteral("udp-bw-1M-client.txt"));
    const Dataset* iperf3 = samples.load(QStringLiteral("iperf3-cubic-P4.json"));
    QVERIFY(cubic1 && cubic30 && udp && iperf3);
    QCOMPARE(DatasetGroups::mixes(std::vector<const Dataset*>{cubic1, cubic30},
                                  QStringLiteral("congestion_control")),
             QStringList{QStringLiteral("-P 1 and -P 30 runs")});
    QCOMPARE(DatasetGroups::mixes(std::vector<const Dataset*>{cubic30, cubic30},
                                  QStringLiteral("congestion_control")),
             QStringList());
    // Grouped by streams, the stream count is what they share.
    QCOMPARE(DatasetGroups::mixes(std::vector<const Dataset*>{cubic1, cubic30},
                                  QStringLiteral("streams")),
             QStringList());
    const QStringList mixed =
        DatasetGroups::mixes(std::vector<const Dataset*>{cubic1, udp, iperf3}, QString());
    QVERIFY2(mixed.contains(QStringLiteral("tools iperf and iperf3")), qPrintable(mixed.join('|')));
    QVERIFY2(mixed.contains(QStringLiteral("protocols tcp and udp")), qPrintable(mixed.join('|')));
    QVERIFY2(mixed.contains(QStringLiteral("-P 1 and -P 4 runs")), qPrintable(mixed.join('|')));
    // Plan parameters: a bottleneck that differs is named, repetitions are not.
    Dataset a = *cubic1;
    Dataset b = *cubic1;
    a.info.parameters = {{"repetition", "1"}, {"rate", "20mbit"}};
    b.info.parameters = {{"repetition", "2"}, {"rate", "50mbit"}};
    QCOMPARE(DatasetGroups::mixes(std::vector<const Dataset*>{&a, &b}, QString()),
             QStringList{QStringLiteral("parameter rate 20mbit and 50mbit")});
    // A plan parameter named as a fact (cubic-vs-reno.json's "streams") is said once, as it.
    Dataset p30 = *cubic1;
    p30.info.streams = 30;
    a.info.parameters = {{"streams", "1"}};
    p30.info.parameters = {{"streams", "30"}};
    QCOMPARE(DatasetGroups::mixes(std::vector<const Dataset*>{&a, &p30}, QString()),
             QStringList{QStringLiteral("-P 1 and -P 30 runs")});
    // A run whose sidecar says it did not complete stays in the pool and is named, alone too.
    Dataset killed = *cubic1;
    killed.label = QStringLiteral("rep 2");
    killed.info.extra.insert(QStringLiteral("run_status"), QStringLiteral("interrupted"));
    Dataset done = *cubic1;
    done.info.extra.insert(QStringLiteral("run_status"), QStringLiteral("completed"));
    QCOMPARE(DatasetGroups::mixes(std::vector<const Dataset*>{&done, &killed}, QString()),
             QStringList{QStringLiteral("a run that did not complete: rep 2 (interrupted)")});
    QCOMPARE(DatasetGroups::mixes(std::vector<const Dataset*>{&killed}, QString()),
             QStringList{QStringLiteral("a run that did not complete: rep 2 (interrupted)")});
    Dataset cancelled = killed;
    cancelled.label = QStringLiteral("rep 3");
    cancelled.info.extra.insert(QStringLiteral("run_status"), QStringLiteral("cancelled"));
    QCOMPARE(
        DatasetGroups::mixes(std::vector<const Dataset*>{&killed, &done, &cancelled}, QString()),
        QStringList{QStringLiteral("2 runs that did not complete: rep 2 (interrupted), rep 3 "
                                   "(cancelled)")});
    QCOMPARE(
        DatasetGroups::mixWarning(QStringLiteral("cubic"), {QStringLiteral("-P 1 and -P 30 runs")}),
        QStringLiteral("cubic: pools -P 1 and -P 30 runs"));
}

// The GENI logs do not name their algorithm: the user's values group them, and a group that
// pools the -P 30 and -P 1 runs says so; a value the user sets for a mixed key settles it.
void TestGroups::mixesHonourTheUsersValues() {
    Samples samples;
    const Dataset* cubic30 = samples.load(QStringLiteral("geni-cubic-P30.txt"));
    const Dataset* cubic1 = samples.load(QStringLiteral("geni-cubic-P1.txt"));
    const Dataset* reno30 = samples.load(QStringLiteral("geni-reno-P30.txt"));
    QVERIFY(cubic30 && cubic1 && reno30);
    const QMap<QString, QString> cubic{{"congestion_control", "cubic"}};
    std::vector<GroupMember> members{{cubic30, {}, {}, cubic},
                                     {cubic1, {}, {}, cubic},
                                     {reno30, {}, {}, {{"congestion_control", "reno"}}}};
    const std::vector<DatasetGroup> groups =
        DatasetGroups::group(members, QStringLiteral("congestion_control"));
    QCOMPARE(namesOf(groups), QStringList({"congestion_control=cubic", "congestion_control=reno"}));
    QCOMPARE(DatasetGroups::mixes(members, groups[0]),
             QStringList{QStringLiteral("-P 1 and -P 30 runs")});
    QCOMPARE(DatasetGroups::mixes(members, groups[1]), QStringList());
    // Grouped by the key the user set, the runs do not "mix" it; by anything else they do.
    const std::vector<GroupMember> cubicRuns{members[0], members[1]};
    QVERIFY(!DatasetGroups::mixes(cubicRuns, QStringLiteral("streams"))
                 .join('|')
                 .contains(QStringLiteral("-P")));
    std::vector<GroupMember> both{members[0], members[2]};
    QCOMPARE(DatasetGroups::mixes(both, QString()),
             QStringList{QStringLiteral("congestion control cubic and reno")});
    // The user's value for a key the log gives takes its place: no stream mix when the user
    // says both are 30, a parameter mix when the user's bottleneck rates differ.
    members[1].metadata.insert(QStringLiteral("streams"), QStringLiteral("30"));
    QCOMPARE(DatasetGroups::mixes(members, groups[0]), QStringList());
    members[0].metadata.insert(QStringLiteral("parameters.rate"), QStringLiteral("20mbit"));
    members[1].metadata.insert(QStringLiteral("parameters.rate"), QStringLiteral("50mbit"));
    QCOMPARE(DatasetGroups::mixes(members, groups[0]),
             QStringList{QStringLiteral("parameter rate 20mbit and 50mbit")});
    // Durations within 5 % of each other are one -t (60 s and 61 s); 10 s is another.
    Dataset shortRun = *cubic1;
    shortRun.info.durationSeconds = 10;
    Dataset longRun = *cubic1;
    longRun.info.durationSeconds = 61;
    QCOMPARE(DatasetGroups::mixes(std::vector<const Dataset*>{cubic1, &longRun}, QString()),
             QStringList());
    QCOMPARE(DatasetGroups::mixes(std::vector<const Dataset*>{cubic1, &shortRun}, QString()),
             QStringList{QStringLiteral("durations 10 s and 60 s")});
}

QTEST_GUILESS_MAIN(TestGroups)
#include "tst_datasetgroups.moc"
