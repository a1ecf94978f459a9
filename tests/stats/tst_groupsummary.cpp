#include "ReferenceReadings.h"
#include "TestSupport.h"

#include "import/FileImporter.h"
#include "report/ComparisonReport.h"
#include "report/GroupSummaryReport.h"
#include "stats/Bootstrap.h"
#include "stats/FlowStatistics.h"
#include "stats/GroupSummary.h"
#include "stats/RunValues.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <numeric>
#include <random>

using namespace wb;

// A group of runs summarised at run level (GroupSummaries, GroupSummaryReport): each run's
// p50/p99 read from the raw log by the test itself, numpy's linear percentile recomputed by
// hand, then the mean, spread and a bootstrap of the run values written out naively.
class TestGroupSummary : public QObject {
    Q_OBJECT

private slots:
    void latencyGroupFromRunValues();
    void throughputGroupFromRunSums();
    void oneRunIsSampleLevel();
    void ssLogOfAStepIsNotARun();
    void tableAndJsonSayWhichLevel();
};

namespace {

double meanOf(const std::vector<double>& values) {
    return std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
}

// The percentile bootstrap of the mean of the run values: whole runs drawn with replacement.
ConfidenceInterval naiveRunBootstrap(const std::vector<double>& runValues) {
    const BootstrapOptions options;
    std::mt19937_64 generator(options.seed);
    std::vector<double> replicates;
    for (int r = 0; r < options.resamples; ++r) {
        double sum = 0;
        for (std::size_t i = 0; i < runValues.size(); ++i)
            sum += runValues[Bootstrap::uniformIndex(generator, runValues.size())];
        replicates.push_back(sum / double(runValues.size()));
    }
    return {test::numpyPercentile(replicates, 2.5), test::numpyPercentile(replicates, 97.5)};
}

struct Imported {
    std::vector<ImportResult> results;
    std::vector<const Dataset*> runs;
};

Imported importAll(const QStringList& paths) {
    Imported imported;
    for (const QString& path : paths)
        imported.results.push_back(FileImporter::importFile(path));
    for (const ImportResult& result : imported.results)
        for (const Dataset& dataset : result.datasets)
            imported.runs.push_back(&dataset);
    return imported;
}

bool close(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

const QStringList kLoadedRuns{QStringLiteral("ping18_iperf16_np"),
                              QStringLiteral("ping18_iperf18_np"),
                              QStringLiteral("ping18_iperf68_np")};

} // namespace

// The five QJump runs as one group: with five runs the 2.5 % and 97.5 % points of the
// bootstrap fall between distinct resampled means, so the CI pins the resampling and its seed
// (with three runs they are the smallest and largest run value whatever the draws).
void TestGroupSummary::latencyGroupFromRunValues() {
    const QStringList paths = test::qjumpSamplePaths();
    const Imported imported = importAll(paths);
    QCOMPARE(imported.runs.size(), std::size_t(5));
    const GroupSummary group = GroupSummaries::of(QStringLiteral("qjump"), imported.runs);
    QCOMPARE(group.runCount, std::size_t(5));
    QVERIFY(group.runLevel());
    for (double level : {50.0, 99.0}) {
        std::vector<double> runValues;
        for (const QString& path : paths)
            runValues.push_back(test::numpyPercentile(test::pingRttsOf(path), level));
        const GroupStatistic* statistic =
            group.find(QStringLiteral("p%1 (ms)").arg(level, 0, 'f', 0));
        QVERIFY(statistic);
        const RunLevelSummary& runs = statistic->runs;
        QCOMPARE(runs.runs, std::size_t(5));
        QVERIFY(close(runs.mean, meanOf(runValues)));
        QVERIFY(close(runs.min, *std::min_element(runValues.begin(), runValues.end())));
        QVERIFY(close(runs.max, *std::max_element(runValues.begin(), runValues.end())));
        double squares = 0;
        for (double value : runValues)
            squares += (value - meanOf(runValues)) * (value - meanOf(runValues));
        QVERIFY(close(runs.stddev, std::sqrt(squares / 5)));
        // The CI resamples the five runs, not the 25,000 samples: as wide as the runs differ.
        const ConfidenceInterval expected = naiveRunBootstrap(runValues);
        QVERIFY(close(runs.meanInterval.low, expected.low));
        QVERIFY(close(runs.meanInterval.high, expected.high));
        QVERIFY(runs.meanInterval.low > runs.min && runs.meanInterval.high < runs.max);
        QVERIFY(runs.meanInterval.high - runs.meanInterval.low > 0.2 * (runs.max - runs.min));
    }
    std::vector<double> losses;
    for (const QString& path : paths)
        losses.push_back(test::pingLossPercentOf(path));
    const GroupStatistic* loss = group.find(QStringLiteral("loss %"));
    QVERIFY(loss);
    QCOMPARE(loss->runs.runs, std::size_t(5));
    QVERIFY(close(loss->runs.mean, meanOf(losses)));
}

void TestGroupSummary::throughputGroupFromRunSums() {
    const Imported imported =
        importAll({test::samplePath(QStringLiteral("tcp-cubic-P30-client.txt")),
                   test::samplePath(QStringLiteral("tcp-cubic-P1-client.txt"))});
    const GroupSummary group = GroupSummaries::of(QStringLiteral("cubic"), imported.runs);
    std::vector<double> sums;
    std::vector<double> jains;
    for (const Dataset* run : imported.runs) {
        const FlowStatistics stats = FlowStatistics::of(run->flows);
        sums.push_back(stats.sum.bitsPerSecond / 1e6);
        // Jain's index of the flows' mean throughputs, written out.
        double total = 0;
        double squares = 0;
        for (const FlowStatistics::PerFlow& flow : stats.flows) {
            total += flow.totals.bitsPerSecond;
            squares += flow.totals.bitsPerSecond * flow.totals.bitsPerSecond;
        }
        jains.push_back(total * total / (double(stats.flows.size()) * squares));
    }
    const GroupStatistic* sum = group.find(QStringLiteral("SUM (Mbits/s)"));
    const GroupStatistic* jain = group.find(QStringLiteral("Jain's index"));
    QVERIFY(sum && jain);
    QVERIFY(close(sum->runs.mean, meanOf(sums)));
    QVERIFY(close(jain->runs.mean, meanOf(jains)));
    QVERIFY(close(jain->runs.min, *std::min_element(jains.begin(), jains.end())));
    // Two runs: no interval, a bootstrap of so few runs would not hold its 95 %.
    QVERIFY(!sum->runs.meanInterval.valid());
}

// A step recorded with ss sampling (samples/bottleneck): the ss log describes the iperf3
// flows' TCP state, read into the run's cwnd and RTT, and is not a second run.
void TestGroupSummary::ssLogOfAStepIsNotARun() {
    QStringList paths;
    for (const QString& step : {QStringLiteral("iperf3-cubic"), QStringLiteral("iperf3-reno")})
        for (const QFileInfo& log :
             QDir(test::samplePath(QStringLiteral("bottleneck/") + step))
                 .entryInfoList({QStringLiteral("*.log")}, QDir::Files, QDir::Name))
            if (!log.fileName().endsWith(QLatin1String(".server.log")))
                paths << log.filePath();
    QCOMPARE(paths.size(), 4); // two steps, each an iperf3 log and an ss log
    const Imported imported = importAll(paths);
    QCOMPARE(imported.runs.size(), std::size_t(4));
    QCOMPARE(RunValues::measurements(imported.runs).size(), std::size_t(2));
    const GroupSummary group = GroupSummaries::of(QStringLiteral("both"), imported.runs);
    QCOMPARE(group.runCount, std::size_t(2));
    const GroupStatistic* cwnd = group.find(QStringLiteral("mean cwnd (KBytes)"));
    QVERIFY2(cwnd, "the runs' cwnd read from their ss logs");
    QCOMPARE(cwnd->runs.runs, std::size_t(2));
    // Retransmissions per 10^6 bytes sent are a run value too: each run's total over its
    // flows, read here from iperf3's JSON (the senders' end-of-test figures).
    std::vector<double> retransmitRates;
    for (const QString& path : paths) {
        if (path.endsWith(QLatin1String(".ss.log")))
            continue;
        double retransmits = 0;
        double bytes = 0;
        const QJsonArray streams = QJsonDocument::fromJson(test::readAll(path))
                                       .object()["end"]
                                       .toObject()["streams"]
                                       .toArray();
        for (const QJsonValue& stream : streams) {
            const QJsonObject sender = stream.toObject()["sender"].toObject();
            retransmits += sender["retransmits"].toDouble();
            bytes += sender["bytes"].toDouble();
        }
        retransmitRates.push_back(retransmits / bytes * 1e6);
    }
    const GroupStatistic* retransmits = group.find(QStringLiteral("retransmits per 10^6 bytes"));
    QVERIFY(retransmits);
    QCOMPARE(retransmits->runs.runs, std::size_t(2));
    QVERIFY(close(retransmits->runs.mean, meanOf(retransmitRates)));
    // An ss log without its step's iperf log is a run of its own.
    QCOMPARE(RunValues::measurements({imported.runs[1]}).size(), std::size_t(1));
    QCOMPARE(ComparisonReport::levelNote({imported.runs[0], imported.runs[1]},
                                         {imported.runs[2], imported.runs[3]}),
             QString());
}

void TestGroupSummary::oneRunIsSampleLevel() {
    const Imported imported = importAll({test::samplePath(QStringLiteral("ping18_np"))});
    const GroupSummary group = GroupSummaries::of(QStringLiteral("idle"), imported.runs);
    QVERIFY(!group.runLevel());
    const GroupStatistic* p99 = group.find(QStringLiteral("p99 (ms)"));
    QVERIFY(p99);
    QVERIFY(close(p99->runs.mean,
                  test::numpyPercentile(
                      test::pingRttsOf(test::samplePath(QStringLiteral("ping18_np"))), 99)));
    QVERIFY(!p99->runs.meanInterval.valid()); // no between-run variation from one run

    const QString lossy = test::dataPath(QStringLiteral("ping/iputils_O_loss.txt"));
    const Imported withLoss = importAll({lossy});
    const GroupSummary lossy1 = GroupSummaries::of(QStringLiteral("lossy"), withLoss.runs);
    const GroupStatistic* loss = lossy1.find(QStringLiteral("loss %"));
    QVERIFY(loss);
    QVERIFY(test::pingLossPercentOf(lossy) > 0);
    QVERIFY(close(loss->runs.mean, test::pingLossPercentOf(lossy)));
}

void TestGroupSummary::tableAndJsonSayWhichLevel() {
    QStringList paths;
    for (const QString& name : kLoadedRuns)
        paths << test::samplePath(name);
    const Imported loaded = importAll(paths);
    const Imported idle = importAll({test::samplePath(QStringLiteral("ping18_np"))});
    const std::vector<GroupSummary> groups{
        GroupSummaries::of(QStringLiteral("load=iperf"), loaded.runs),
        GroupSummaries::of(QStringLiteral("load=idle"), idle.runs)};
    const Table table = GroupSummaryReport::table(groups, {});
    QCOMPARE(table.header.mid(0, 6),
             QStringList({"group", "runs", "level", "p50 (ms) mean of runs",
                          "p50 (ms) 95 % CI (runs resampled)", "p50 (ms) min–max of runs"}));
    QVERIFY(table.caption.startsWith(QStringLiteral("Run level: each run summarised first")));
    QVERIFY(table.caption.contains(QStringLiteral("a group of one run shows that run's "
                                                  "sample-level values")));
    QVERIFY2(table.caption.contains(QStringLiteral("no CI for a group of fewer than 5 runs")),
             qPrintable(table.caption));
    QCOMPARE(table.rows.size(), std::size_t(2));
    const GroupStatistic* p50 = groups[0].find(QStringLiteral("p50 (ms)"));
    QCOMPARE(
        table.rows[0].mid(0, 6),
        QStringList(
            {"load=iperf", "3", "run", QString::number(p50->runs.mean, 'f', 3),
             QStringLiteral("-"), // three runs: no interval
             QStringLiteral("%1–%2").arg(p50->runs.min, 0, 'f', 3).arg(p50->runs.max, 0, 'f', 3)}));
    QCOMPARE(table.rows[1][2], QStringLiteral("sample (one run)"));
    QCOMPARE(table.rows[1][4], QStringLiteral("-"));
    QCOMPARE(table.rows[1][5], QStringLiteral("-"));

    const QJsonObject json = GroupSummaryReport::json(groups, {});
    QCOMPARE(json.value("bootstrap").toObject().value("resampled").toString(),
             QStringLiteral("runs"));
    const QJsonArray rows = json.value("groups").toArray();
    QCOMPARE(rows.at(0).toObject().value("level").toString(), QStringLiteral("run"));
    QCOMPARE(rows.at(1).toObject().value("level").toString(), QStringLiteral("sample"));
    const QJsonObject first = rows.at(0).toObject().value("statistics").toArray().at(0).toObject();
    QCOMPARE(first.value("mean").toDouble(), p50->runs.mean);
    QVERIFY(first.value("ci").isNull());
    QVERIFY(
        rows.at(1).toObject().value("statistics").toArray().at(0).toObject().value("ci").isNull());
}

QTEST_GUILESS_MAIN(TestGroupSummary)
#include "tst_groupsummary.moc"
