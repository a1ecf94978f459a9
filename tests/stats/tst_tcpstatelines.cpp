// TcpStateLines: what a plot of TCP state over several datasets draws — each connection once
// (an ss dataset whose sockets are an iperf log's flows is not drawn again), and the SUM or
// mean of a run's flows and of a group's runs, checked against the raw logs read here.

#include "TestSupport.h"

#include "import/FileImporter.h"
#include "stats/DatasetAnalysis.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace wb;

namespace {

// snd_cwnd (bytes) and retransmits of every stream per interval of an iperf3 -J log, read
// without the parser: interval end -> one value per stream, in stream order.
struct JsonIntervals {
    std::vector<double> ends; // the mean of the streams' ends
    std::vector<std::vector<double>> cwnd;
    std::vector<std::vector<double>> retransmits;
};

JsonIntervals readJson(const QString& path) {
    const QJsonObject root = QJsonDocument::fromJson(test::readAll(path)).object();
    JsonIntervals out;
    for (const QJsonValue interval : root.value("intervals").toArray()) {
        const QJsonArray streams = interval.toObject().value("streams").toArray();
        out.cwnd.emplace_back();
        out.retransmits.emplace_back();
        double ends = 0;
        for (const QJsonValue stream : streams)
            ends += stream.toObject().value("end").toDouble();
        out.ends.push_back(ends / streams.size());
        for (const QJsonValue stream : streams) {
            out.cwnd.back().push_back(stream.toObject().value("snd_cwnd").toDouble());
            out.retransmits.back().push_back(stream.toObject().value("retransmits").toDouble());
        }
    }
    return out;
}

double sum(const std::vector<double>& values) {
    double total = 0;
    for (double v : values)
        total += v;
    return total;
}

std::vector<TcpPoint> points(std::initializer_list<std::pair<double, double>> tv) {
    std::vector<TcpPoint> out;
    for (auto [t, v] : tv)
        out.push_back({t, v, std::nullopt, std::nullopt});
    return out;
}

// The lines a plot draws of datasets matched among each other (DatasetAnalysis::matchedAmong).
std::vector<TcpDatasetLines> linesOf(const std::vector<const Dataset*>& datasets) {
    DatasetAnalysis::Analyses analyses;
    for (const Dataset* dataset : datasets) // the test owns the datasets
        analyses.push_back(
            DatasetAnalysis::of(std::shared_ptr<const Dataset>(dataset, [](auto) {})));
    std::vector<TcpDatasetLines> lines;
    for (const auto& analysis : DatasetAnalysis::matchedAmong(analyses))
        lines.push_back(analysis->tcpLines);
    return lines;
}

} // namespace

class TestTcpStateLines : public QObject {
    Q_OBJECT

private slots:
    void combineSumAndMean();
    void combineMergesCloseTimes();
    void meanOfFlowsEqualsJson();
    void pooledGroup();
    void ssSocketsNotDrawnTwice();
    void unmatchedSamplerDrawn();
};

void TestTcpStateLines::combineSumAndMean() {
    const auto a = points({{1, 10}, {2, 20}, {3, 30}});
    const auto b = points({{1, 1}, {2, 3}}); // ends early: absent at t = 3
    const auto sumLine = TcpStateLines::combine({a, b}, TcpCombination::Sum);
    QCOMPARE(sumLine.size(), std::size_t(3));
    QCOMPARE(sumLine[0].value, 11.0);
    QCOMPARE(sumLine[1].value, 23.0);
    QCOMPARE(sumLine[2].value, 30.0);
    const auto mean = TcpStateLines::combine({a, b}, TcpCombination::Mean);
    QCOMPARE(mean[0].value, 5.5);
    QCOMPARE(mean[1].value, 11.5);
    QCOMPARE(mean[2].value, 30.0); // the mean of the flows present, not of two
    QCOMPARE(mean[2].t, 3.0);
    QVERIFY(TcpStateLines::combine({}, TcpCombination::Sum).empty());
    QCOMPARE(TcpStateLines::combinationOf(TcpMetric::Cwnd), TcpCombination::Mean);
    QCOMPARE(TcpStateLines::combinationOf(TcpMetric::Rtt), TcpCombination::Mean);
    QCOMPARE(TcpStateLines::combinationOf(TcpMetric::Retransmits), TcpCombination::Sum);
    QCOMPARE(TcpStateLines::combinationOf(TcpMetric::Throughput), TcpCombination::Sum);
}

void TestTcpStateLines::combineMergesCloseTimes() {
    // Two runs whose 1 s intervals end a few ms apart are one time each; two points of one
    // series are never one time.
    const auto a = points({{1.0002, 4}, {2.0001, 8}});
    const auto b = points({{1.004, 6}, {2.003, 2}});
    const auto line = TcpStateLines::combine({a, b}, TcpCombination::Sum);
    QCOMPARE(line.size(), std::size_t(2));
    QCOMPARE(line[0].value, 10.0);
    QCOMPARE(line[0].t, (1.0002 + 1.004) / 2);
    QCOMPARE(line[1].value, 10.0);
    const auto c = points({{0.1, 2}, {0.9, 4}, {1.1, 6}, {1.9, 8}}); // median step 0.8
    const auto alone = TcpStateLines::combine({c}, TcpCombination::Sum);
    QCOMPARE(alone.size(), std::size_t(4));
    QCOMPARE(alone[2].value, 6.0);
}

void TestTcpStateLines::meanOfFlowsEqualsJson() {
    const QString path = test::samplePath("iperf3-reno-P4.json");
    const Dataset reno = test::firstDatasetOf(path);
    const JsonIntervals json = readJson(path);
    const auto lines = linesOf({&reno});
    QCOMPARE(lines.size(), std::size_t(1));
    QCOMPARE(lines[0].sources, QStringList{"iperf3 -J"});
    QCOMPARE(lines[0].flows.size(), std::size_t(4));
    QVERIFY(TcpStateLines::has(lines, TcpMetric::Cwnd));
    QVERIFY(!TcpStateLines::has(lines, TcpMetric::PacingRate)); // ss only
    const auto cwnd = TcpStateLines::combined(lines[0], TcpMetric::Cwnd);
    const auto retransmits = TcpStateLines::combined(lines[0], TcpMetric::Retransmits);
    QCOMPARE(cwnd.size(), json.ends.size());
    QCOMPARE(retransmits.size(), json.ends.size());
    for (std::size_t i = 0; i < json.ends.size(); ++i) {
        QCOMPARE(cwnd[i].t, json.ends[i]);
        QCOMPARE(cwnd[i].value, sum(json.cwnd[i]) / double(json.cwnd[i].size()));
        QVERIFY(!cwnd[i].low);
        QCOMPARE(retransmits[i].value, sum(json.retransmits[i]));
    }
}

void TestTcpStateLines::pooledGroup() {
    const Dataset reno = test::firstDatasetOf(test::samplePath("iperf3-reno-P4.json"));
    const Dataset cubic = test::firstDatasetOf(test::samplePath("iperf3-cubic-P4.json"));
    const JsonIntervals renoJson = readJson(test::samplePath("iperf3-reno-P4.json"));
    const JsonIntervals cubicJson = readJson(test::samplePath("iperf3-cubic-P4.json"));
    const auto lines = linesOf({&reno, &cubic});
    const std::vector<const TcpDatasetLines*> runs{&lines[0], &lines[1]};
    // cwnd: the mean over all eight flows; retransmits: the mean of the two runs' sums.
    const auto cwnd = TcpStateLines::pooled(runs, TcpMetric::Cwnd);
    const auto retransmits = TcpStateLines::pooled(runs, TcpMetric::Retransmits);
    const std::size_t n = std::min(renoJson.ends.size(), cubicJson.ends.size());
    QVERIFY(cwnd.size() >= n);
    for (std::size_t i = 0; i < n; ++i) {
        const double expectedCwnd = (sum(renoJson.cwnd[i]) + sum(cubicJson.cwnd[i])) /
                                    double(renoJson.cwnd[i].size() + cubicJson.cwnd[i].size());
        QCOMPARE(cwnd[i].value, expectedCwnd);
        QCOMPARE(retransmits[i].value,
                 (sum(renoJson.retransmits[i]) + sum(cubicJson.retransmits[i])) / 2);
    }
}

void TestTcpStateLines::ssSocketsNotDrawnTwice() {
    Dataset client = test::firstDatasetOf(test::dataPath("ss/iperf3-cubic-P2-client.txt"));
    Dataset sampler = test::firstDatasetOf(test::dataPath("ss/iperf3-cubic-P2.ss.log"));
    // What a step's sidecar gives both logs of one step.
    client.info.parameters.insert("step", "cubic-P2");
    sampler.info.parameters.insert("step", "cubic-P2");
    QCOMPARE(sampler.flows.flows.size(), std::size_t(2));
    const auto lines = linesOf({&sampler, &client});
    QCOMPARE(lines[1].sources, QStringList{"ss -tin samples"});
    QCOMPARE(lines[1].flows.size(), std::size_t(2));
    for (const TcpFlowState& state : lines[1].flows)
        QCOMPARE(state.kind, TcpStateSource::SsSamples);
    QVERIFY(lines[0].flows.empty()); // each socket is one of the client's flows
    QCOMPARE(lines[0].drawnAs, &client);
    QVERIFY(!lines[0].complete);
    QVERIFY(TcpStateLines::sumIntervals(lines[0]).empty());
    QVERIFY(TcpStateLines::has(lines, TcpMetric::PacingRate));
    QVERIFY(!TcpStateLines::has(lines[0], TcpMetric::Cwnd));
}

void TestTcpStateLines::unmatchedSamplerDrawn() {
    // In different steps the sampler is another recording: drawn on its own, and the client's
    // state is its own Cwnd column.
    Dataset client = test::firstDatasetOf(test::dataPath("ss/iperf3-cubic-P2-client.txt"));
    Dataset sampler = test::firstDatasetOf(test::dataPath("ss/iperf3-cubic-P2.ss.log"));
    client.info.parameters.insert("step", "a");
    sampler.info.parameters.insert("step", "b");
    const auto lines = linesOf({&sampler, &client});
    QVERIFY(!lines[0].drawnAs);
    QCOMPARE(lines[0].flows.size(), std::size_t(2));
    QVERIFY(lines[0].complete);
    QCOMPARE(lines[0].sources, QStringList{"ss -tin samples"});
    QCOMPARE(lines[1].sources, QStringList{"iperf3 text"});
}

QTEST_GUILESS_MAIN(TestTcpStateLines)
#include "tst_tcpstatelines.moc"
