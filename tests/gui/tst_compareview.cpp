// The Compare tab shows exactly what core compares (LatencyComparison, ThroughputComparison,
// ComparisonReport) and what `wirebench-cli compare --format json` prints, on the QJump ping
// samples and the cubic/reno iperf logs; large comparisons run off the GUI thread.

#include "CompareFigures.h"
#include "CompareView.h"
#include "ConfidenceBars.h"
#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "StoreSupport.h"
#include "TestSupport.h"

#include "report/ComparisonReport.h"
#include "stats/Comparison.h"
#include "stats/FlowStatistics.h"
#include "stats/Percentiles.h"
#include "stats/TcpState.h"

#include <QClipboard>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

using namespace wb;

namespace {

int addSample(DatasetStore& store, const QString& name) {
    return test::addLog(store, test::samplePath(name), QFileInfo(name).completeBaseName());
}

QString datasetKey(int id) {
    return QStringLiteral("dataset:%1").arg(id);
}

bool sameInterval(const ConfidenceInterval& a, const ConfidenceInterval& b) {
    return a.low == b.low && a.high == b.high;
}

void compareTables(const std::vector<Table>& shown, const std::vector<Table>& expected) {
    QCOMPARE(shown.size(), expected.size());
    for (std::size_t i = 0; i < shown.size(); ++i) {
        QCOMPARE(shown[i].header, expected[i].header);
        QCOMPARE(shown[i].rows, expected[i].rows);
    }
}

// A JSON [lo, hi] against an interval, at the CLI's printed precision.
void compareJsonInterval(const QJsonValue& json, const ConfidenceInterval& interval) {
    const QJsonArray pair = json.toArray();
    QCOMPARE(pair.size(), 2);
    QVERIFY(std::abs(pair[0].toDouble() - interval.low) <= 1e-9 * std::abs(interval.low) + 1e-12);
    QVERIFY(std::abs(pair[1].toDouble() - interval.high) <= 1e-9 * std::abs(interval.high) + 1e-12);
}

bool close(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)) + 1e-15;
}

// A latency dataset of `copies` repetitions of a sample's RTTs: real values, large n.
Dataset repeated(const QString& sample, int copies) {
    ImportResult result = FileImporter::importFile(test::samplePath(sample));
    Dataset dataset = std::move(result.datasets.front());
    const std::vector<double> once = dataset.latency.rttMs;
    dataset.latency = LatencySeries();
    for (int i = 0; i < copies; ++i)
        dataset.latency.rttMs.insert(dataset.latency.rttMs.end(), once.begin(), once.end());
    return dataset;
}

} // namespace

class TestCompareView : public QObject {
    Q_OBJECT

private slots:
    void latencyEqualsCore();
    void latencyEqualsCli();
    void throughputEqualsCore_data();
    void throughputEqualsCore();
    void throughputEqualsCli();
    void defaultsToTwoOfOneKind();
    void refusesMixedKinds();
    void copyAndExport();
    void largeComparisonRunsInBackground();
    void keepsChoiceInSettings();
    void latencyFiguresDrawTheComparison();
    void flowFiguresDrawEveryFlowAndTheTcpState();
    void chosenPairsAreTheUsers();
};

void TestCompareView::latencyEqualsCore() {
    DatasetStore store;
    const int idle = addSample(store, QStringLiteral("ping18_np"));
    const int loaded = addSample(store, QStringLiteral("ping18_iperf16_np"));
    CompareView view(&store);
    QCOMPARE(view.choiceA(), datasetKey(idle));
    QCOMPARE(view.choiceB(), datasetKey(loaded));
    QVERIFY(view.latency());
    QVERIFY(!view.throughput());

    const LatencyComparison expected = LatencyComparison::of(
        QStringLiteral("ping18_np"), store.find(idle)->analysis->sortedRttMs,
        QStringLiteral("ping18_iperf16_np"), store.find(loaded)->analysis->sortedRttMs);
    const LatencyComparison& shown = *view.latency();
    QCOMPARE(shown.countA, std::size_t(5000));
    QCOMPARE(shown.ks.statistic, expected.ks.statistic);
    QCOMPARE(shown.ks.pValue, expected.ks.pValue);
    QCOMPARE(shown.mannWhitney.u, expected.mannWhitney.u);
    QCOMPARE(shown.mannWhitney.pValue, expected.mannWhitney.pValue);
    QCOMPARE(shown.percentiles.size(), expected.percentiles.size());
    for (std::size_t i = 0; i < shown.percentiles.size(); ++i) {
        QCOMPARE(shown.percentiles[i].value.a, expected.percentiles[i].value.a);
        QCOMPARE(shown.percentiles[i].value.b, expected.percentiles[i].value.b);
    }
    for (double level : {50.0, 99.0}) {
        QVERIFY(shown.interval(level));
        QVERIFY(sameInterval(shown.interval(level)->a, expected.interval(level)->a));
        QVERIFY(sameInterval(shown.interval(level)->b, expected.interval(level)->b));
    }
    // What the tab shows: core's wording and core's tables.
    QCOMPARE(view.summary(), expected.summary());
    QCOMPARE(view.findChild<QLabel*>(QStringLiteral("compareSummary"))->text(), expected.summary());
    compareTables(view.tables(), ComparisonReport::tables(expected));
    // The loaded run's tail is far above the idle one: the test says so, not just the number.
    QVERIFY(shown.percentile(99)->value.ratio > 10);
    QVERIFY(shown.ks.pValue < 1e-10);
}

void TestCompareView::latencyEqualsCli() {
    const test::CliRun run =
        test::runCli({QStringLiteral("compare"), QStringLiteral("--format"), QStringLiteral("json"),
                      test::samplePath(QStringLiteral("ping18_np")),
                      test::samplePath(QStringLiteral("ping18_iperf16_np"))});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    DatasetStore store;
    addSample(store, QStringLiteral("ping18_np"));
    addSample(store, QStringLiteral("ping18_iperf16_np"));
    CompareView view(&store);
    const LatencyComparison& shown = *view.latency();
    QVERIFY(close(json.value("ks_statistic").toDouble(), shown.ks.statistic));
    QVERIFY(close(json.value("ks_p_value").toDouble(), shown.ks.pValue));
    QVERIFY(close(json.value("mann_whitney_u").toDouble(), shown.mannWhitney.u));
    QVERIFY(close(json.value("mann_whitney_p_value").toDouble(), shown.mannWhitney.pValue));
    const QJsonObject percentiles = json.value("percentiles").toObject();
    for (const LatencyComparison::Level& level : shown.percentiles) {
        const QJsonObject row = percentiles.value(QString::number(level.level)).toObject();
        QVERIFY2(!row.isEmpty(), qPrintable(QString::number(level.level)));
        QVERIFY(close(row.value("a").toDouble(), level.value.a));
        QVERIFY(close(row.value("b").toDouble(), level.value.b));
        QVERIFY(close(row.value("diff").toDouble(), level.value.diff));
    }
    const QJsonObject intervals = json.value("bootstrap_ci").toObject();
    compareJsonInterval(intervals.value("p50").toObject().value("a"), shown.interval(50)->a);
    compareJsonInterval(intervals.value("p99").toObject().value("b"), shown.interval(99)->b);
}

void TestCompareView::throughputEqualsCore_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::newRow("recorded P30") << "tcp-cubic-P30-client.txt"
                                  << "tcp-reno-P30-client.txt";
    QTest::newRow("GENI P30") << "geni-cubic-P30.txt"
                              << "geni-reno-P30.txt";
}

void TestCompareView::throughputEqualsCore() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    DatasetStore store;
    const int idA = addSample(store, a);
    const int idB = addSample(store, b);
    CompareView view(&store);
    QCOMPARE(view.choiceA(), datasetKey(idA));
    QVERIFY(view.throughput());
    QVERIFY(!view.latency());
    const ThroughputComparison expected =
        ThroughputComparison::of(store.find(idA)->label, store.find(idA)->analysis->flows,
                                 store.find(idB)->label, store.find(idB)->analysis->flows);
    const ThroughputComparison& shown = *view.throughput();
    QCOMPARE(shown.flowsA, std::size_t(30));
    QCOMPARE(shown.meanFlowBitsPerSecond.a, expected.meanFlowBitsPerSecond.a);
    QCOMPARE(shown.meanFlowBitsPerSecond.b, expected.meanFlowBitsPerSecond.b);
    QCOMPARE(shown.jainFairness.diff, expected.jainFairness.diff);
    QVERIFY(sameInterval(shown.meanIntervalA, expected.meanIntervalA));
    QVERIFY(sameInterval(shown.meanIntervalB, expected.meanIntervalB));
    QVERIFY(shown.meanIntervalA.valid());
    QCOMPARE(view.summary(), expected.summary());
    std::vector<Table> tables = ComparisonReport::tables(expected);
    if (view.tcp() && view.tcp()->any())
        tables.push_back(ComparisonReport::table(*view.tcp()));
    compareTables(view.tables(), tables);
}

void TestCompareView::throughputEqualsCli() {
    const test::CliRun run =
        test::runCli({QStringLiteral("compare"), QStringLiteral("--format"), QStringLiteral("json"),
                      test::samplePath(QStringLiteral("tcp-cubic-P30-client.txt")),
                      test::samplePath(QStringLiteral("tcp-reno-P30-client.txt"))});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    DatasetStore store;
    addSample(store, QStringLiteral("tcp-cubic-P30-client.txt"));
    addSample(store, QStringLiteral("tcp-reno-P30-client.txt"));
    CompareView view(&store);
    const ThroughputComparison& shown = *view.throughput();
    const QJsonObject mean = json.value("mean_flow_bits_per_second").toObject();
    QVERIFY(close(mean.value("a").toDouble(), shown.meanFlowBitsPerSecond.a));
    QVERIFY(close(mean.value("b").toDouble(), shown.meanFlowBitsPerSecond.b));
    const QJsonObject jain = json.value("jain_fairness").toObject();
    QVERIFY(close(jain.value("a").toDouble(), shown.jainFairness.a));
    QVERIFY(close(jain.value("b").toDouble(), shown.jainFairness.b));
    const QJsonObject intervals =
        json.value("bootstrap_ci").toObject().value("mean_flow_bits_per_second").toObject();
    compareJsonInterval(intervals.value("a"), shown.meanIntervalA);
    compareJsonInterval(intervals.value("b"), shown.meanIntervalB);
}

void TestCompareView::defaultsToTwoOfOneKind() {
    DatasetStore store;
    const int flows = addSample(store, QStringLiteral("tcp-cubic-P30-client.txt"));
    const int idle = addSample(store, QStringLiteral("ping18_np"));
    CompareView view(&store);
    QVERIFY(!view.latency() && !view.throughput()); // one of each kind: nothing to compare
    const int loaded = addSample(store, QStringLiteral("ping18_iperf68_np"));
    view.bringUpToDate();
    QCOMPARE(view.choiceA(), datasetKey(idle));
    QCOMPARE(view.choiceB(), datasetKey(loaded));
    QVERIFY(view.latency());
    // Hiding a chosen dataset takes it out of the choices.
    store.setVisible(idle, false);
    view.bringUpToDate();
    QVERIFY(!view.latency());
    Q_UNUSED(flows);
}

void TestCompareView::refusesMixedKinds() {
    DatasetStore store;
    const int ping = addSample(store, QStringLiteral("ping18_np"));
    const int flows = addSample(store, QStringLiteral("tcp-cubic-P30-client.txt"));
    addSample(store, QStringLiteral("ping18_iperf16_np"));
    CompareView view(&store);
    QVERIFY(view.choose(datasetKey(ping), datasetKey(flows)));
    QVERIFY(!view.latency() && !view.throughput());
    QVERIFY(view.tables().empty());
    QVERIFY(view.summary().contains(QStringLiteral("same kind")));
    QVERIFY(!view.choose(datasetKey(ping), QStringLiteral("dataset:999")));
}

void TestCompareView::copyAndExport() {
    DatasetStore store;
    addSample(store, QStringLiteral("ping18_np"));
    addSample(store, QStringLiteral("ping18_iperf16_np"));
    CompareView view(&store);
    const std::vector<Table> tables = view.tables();
    QCOMPARE(tables.size(), std::size_t(2)); // percentiles with CIs, and the two tests
    const QStringList lines = view.tabSeparated().split(QLatin1Char('\n'));
    QCOMPARE(lines.front(), tables[0].header.join(QLatin1Char('\t')));
    QVERIFY(lines.contains(tables[1].rows[0].join(QLatin1Char('\t'))));
    // Ctrl+C anywhere in the tab copies the tables, as the buttons' tooltip says.
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QGuiApplication::clipboard()->clear();
    QTest::keyClick(view.focusWidget() ? view.focusWidget() : &view, Qt::Key_C,
                    Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), view.tabSeparated());
    QTemporaryDir dir;
    QString error;
    const QString csv = dir.filePath(QStringLiteral("comparison.csv"));
    QVERIFY2(view.exportTo(csv, &error), qPrintable(error));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString written = QString::fromUtf8(file.readAll());
    QCOMPARE(written, TableWriter::write(tables[0], TableWriter::Format::Csv) + QLatin1Char('\n') +
                          TableWriter::write(tables[1], TableWriter::Format::Csv));
    QVERIFY(!view.exportTo(dir.filePath(QStringLiteral("comparison.xyz")), &error));
}

void TestCompareView::largeComparisonRunsInBackground() {
    // 2.5M + 2.5M real RTTs (the idle and a loaded QJump run, repeated): the size where the
    // tests' merges take tens of milliseconds, measured here and printed.
    DatasetStore store;
    const int a = test::addDataset(store, repeated(QStringLiteral("ping18_np"), 500),
                                   QStringLiteral("idle ×500"));
    const int b = test::addDataset(store, repeated(QStringLiteral("ping18_iperf16_np"), 500),
                                   QStringLiteral("loaded ×500"));
    QElapsedTimer timer;
    timer.start();
    const LatencyComparison expected =
        LatencyComparison::of(QStringLiteral("idle ×500"), store.find(a)->analysis->sortedRttMs,
                              QStringLiteral("loaded ×500"), store.find(b)->analysis->sortedRttMs);
    qInfo("LatencyComparison::of on 2 x 2.5M samples: %lld ms", timer.elapsed());

    CompareView view(&store);
    QSignalSpy ready(&view, &CompareView::resultReady);
    timer.restart();
    // The constructor started the comparison; the GUI thread is back at once.
    QVERIFY(view.computing());
    QVERIFY(!view.latency());
    QVERIFY(ready.wait(30000));
    qInfo("background comparison delivered after %lld ms", timer.elapsed());
    QVERIFY(!view.computing());
    QCOMPARE(view.latency()->ks.statistic, expected.ks.statistic);
    QCOMPARE(view.latency()->mannWhitney.pValue, expected.mannWhitney.pValue);
    QVERIFY(sameInterval(view.latency()->interval(99)->b, expected.interval(99)->b));
    QCOMPARE(view.summary(), expected.summary());

    // Pooling both into one group (grouping by kind) sorts 5M samples: in the background,
    // then the group is offered.
    QSignalSpy changed(&store, &DatasetStore::changed);
    timer.restart();
    store.setGroupKey(QStringLiteral("kind"));
    qInfo("grouping 2 x 2.5M samples: GUI thread back after %lld ms", timer.elapsed());
    DatasetGrouping* grouping = DatasetGrouping::of(&store);
    QVERIFY(grouping->pooling());
    QVERIFY(!grouping->latencyGroups().front().analysis);
    QTRY_VERIFY_WITH_TIMEOUT(!grouping->pooling(), 30000);
    qInfo("pooled in the background after %lld ms", timer.elapsed());
    const std::vector<PooledGroup> groups = grouping->latencyGroups();
    QCOMPARE(groups.size(), std::size_t(1));
    QCOMPARE(groups.front().analysis->sortedRttMs.size(), std::size_t(5000000));
    QVERIFY(changed.count() >= 2); // the key, then the finished group
    // Offered once pooled; the tab keeps comparing the two runs, not the group with its own.
    QVERIFY(std::any_of(view.choices().begin(), view.choices().end(), [](const auto& choice) {
        return choice.key == QStringLiteral("group:latency:kind=latency");
    }));
    QCOMPARE(view.choiceA(), QStringLiteral("dataset:%1").arg(a));
    QCOMPARE(view.choiceB(), QStringLiteral("dataset:%1").arg(b));
}

void TestCompareView::keepsChoiceInSettings() {
    DatasetStore store;
    addSample(store, QStringLiteral("ping18_np"));
    const int b = addSample(store, QStringLiteral("ping18_iperf16_np"));
    const int c = addSample(store, QStringLiteral("ping18_iperf68_np"));
    CompareView view(&store);
    QVERIFY(view.choose(datasetKey(c), datasetKey(b)));
    const QJsonObject settings = view.saveSettings();
    // A new session: other ids, the same labels (as a workspace brings them back).
    DatasetStore restored;
    CompareView again(&restored);
    again.restoreSettings(settings);
    addSample(restored, QStringLiteral("ping18_np"));
    addSample(restored, QStringLiteral("ping18_iperf16_np"));
    addSample(restored, QStringLiteral("ping18_iperf68_np"));
    again.bringUpToDate();
    QVERIFY(again.latency());
    QCOMPARE(again.latency()->nameA, QStringLiteral("ping18_iperf68_np"));
    QCOMPARE(again.latency()->nameB, QStringLiteral("ping18_iperf16_np"));
}

void TestCompareView::latencyFiguresDrawTheComparison() {
    DatasetStore store;
    const int idle = addSample(store, QStringLiteral("ping18_np"));
    const int loaded = addSample(store, QStringLiteral("ping18_iperf18_np"));
    CompareView view(&store);
    view.resize(1200, 700);
    QVERIFY(view.latency());
    const LatencyComparison& c = *view.latency();
    const std::vector<double>* sorted[2] = {&store.find(idle)->analysis->sortedRttMs,
                                            &store.find(loaded)->analysis->sortedRttMs};
    const CompareFigures& figures = *view.figures();
    // Each CDF: every drawn point is a step of that side's empirical CDF, F(x) = share of
    // samples <= x counted here, from the smallest sample to the largest.
    for (int side = 0; side < 2; ++side) {
        const QCPGraph* graph = figures.cdfGraph(side);
        QVERIFY(graph && graph->dataCount() > 10);
        const std::vector<double>& samples = *sorted[side];
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const double share =
                static_cast<double>(std::count_if(samples.begin(), samples.end(),
                                                  [&](double v) { return v <= it->key; })) /
                static_cast<double>(samples.size());
            QVERIFY2(
                std::fabs(it->value - share) < 1e-12,
                qPrintable(QStringLiteral("%1: %2 vs %3").arg(it->key).arg(it->value).arg(share)));
        }
        QCOMPARE(graph->data()->constBegin()->key, samples.front());
        QCOMPARE((graph->data()->constEnd() - 1)->key, samples.back());
        QCOMPARE((graph->data()->constEnd() - 1)->value, 1.0);
    }
    // The KS segment: where the CDFs differ most, found here by trying every sample value.
    double bestX = 0;
    double bestD = -1;
    double bestA = 0;
    double bestB = 0;
    std::vector<double> pooled = *sorted[0];
    pooled.insert(pooled.end(), sorted[1]->begin(), sorted[1]->end());
    std::sort(pooled.begin(), pooled.end());
    for (double x : pooled) {
        const auto share = [x](const std::vector<double>& s) {
            return static_cast<double>(std::upper_bound(s.begin(), s.end(), x) - s.begin()) /
                   static_cast<double>(s.size());
        };
        const double d = std::fabs(share(*sorted[0]) - share(*sorted[1]));
        if (d > bestD + 1e-12) {
            bestD = d;
            bestX = x;
            bestA = share(*sorted[0]);
            bestB = share(*sorted[1]);
        }
    }
    QVERIFY(std::fabs(c.ks.statistic - bestD) < 1e-12);
    QCOMPARE(c.ks.location, bestX);
    const QCPItemLine* segment = figures.ksSegment();
    QVERIFY(segment);
    QCOMPARE(segment->start->coords(), QPointF(bestX, bestA));
    QCOMPARE(segment->end->coords(), QPointF(bestX, bestB));
    QVERIFY2(figures.ksLabel()->text().startsWith(
                 QStringLiteral("D = %1").arg(QString::number(bestD, 'f', 3))),
             qPrintable(figures.ksLabel()->text()));
    QVERIFY(figures.mainPlot()->xAxis->label().contains(QStringLiteral("ms")));
    // The percentile differences: B − A at every compared level, with the CI of the
    // difference where the comparison has one and no bar elsewhere.
    const QCPGraph* diffs = figures.differenceGraph();
    QCOMPARE(diffs->dataCount(), static_cast<int>(c.percentiles.size()));
    const QCPErrorBars* bars = ConfidenceBars::of(diffs);
    QVERIFY(bars);
    int withInterval = 0;
    for (int i = 0; i < diffs->dataCount(); ++i) {
        const LatencyComparison::Level& level = c.percentiles[static_cast<std::size_t>(i)];
        QCOMPARE(diffs->data()->at(i)->value, level.value.diff);
        QCOMPARE(diffs->data()->at(i)->value, Percentiles::ofSorted(*sorted[1], level.level) -
                                                  Percentiles::ofSorted(*sorted[0], level.level));
        const QCPErrorBarsData& bar = bars->data()->at(i);
        if (const LatencyComparison::Interval* interval = c.interval(level.level)) {
            ++withInterval;
            QVERIFY(close(level.value.diff - bar.errorMinus, interval->diff.low));
            QVERIFY(close(level.value.diff + bar.errorPlus, interval->diff.high));
        } else {
            QCOMPARE(bar.errorMinus, 0.0);
            QCOMPARE(bar.errorPlus, 0.0);
        }
    }
    QCOMPARE(withInterval, 2); // p50 and p99
    QVERIFY(figures.sidePlot()->yAxis->label().contains(QStringLiteral("(ms)")));
    // No legend inside the axis rect: it stands above the curves.
    QVERIFY(figures.mainPlot()->legend->visible());
    QVERIFY(figures.mainPlot()->legend->layout() != figures.mainPlot()->axisRect()->insetLayout());
}

void TestCompareView::flowFiguresDrawEveryFlowAndTheTcpState() {
    DatasetStore store;
    const int cubic = addSample(store, QStringLiteral("iperf3-cubic-P4.json"));
    const int reno = addSample(store, QStringLiteral("iperf3-reno-P4.json"));
    CompareView view(&store);
    QVERIFY(view.throughput());
    const ThroughputComparison& c = *view.throughput();
    const CompareFigures& figures = *view.figures();
    // Every flow's throughput, in Mbit/s, as FlowStatistics reads each flow of each log.
    const int ids[2] = {cubic, reno};
    for (int side = 0; side < 2; ++side) {
        const FlowStatistics& stats = store.find(ids[side])->analysis->flows;
        const QCPGraph* graph = figures.flowGraph(side);
        QVERIFY(graph);
        QCOMPARE(graph->dataCount(), 4);
        QCOMPARE(static_cast<std::size_t>(graph->dataCount()), stats.flows.size());
        std::vector<double> drawn;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
            drawn.push_back(it->value);
        std::vector<double> expected;
        for (const FlowStatistics::PerFlow& flow : stats.flows)
            expected.push_back(flow.totals.bitsPerSecond * 1e-6);
        std::sort(drawn.begin(), drawn.end());
        std::sort(expected.begin(), expected.end());
        for (std::size_t i = 0; i < drawn.size(); ++i)
            QVERIFY(close(drawn[i], expected[i]));
    }
    // Jain's index of each side with its CI.
    const QCPGraph* jain = figures.jainGraph();
    QCOMPARE(jain->dataCount(), 2);
    QCOMPARE(jain->data()->at(0)->value, store.find(cubic)->analysis->flows.jainFairness);
    QCOMPARE(jain->data()->at(1)->value, store.find(reno)->analysis->flows.jainFairness);
    const QCPErrorBars* bars = ConfidenceBars::of(jain);
    QVERIFY(bars && c.jainIntervalA.valid() && c.jainIntervalB.valid());
    QVERIFY(close(c.jainFairness.a - bars->data()->at(0).errorMinus, c.jainIntervalA.low));
    QVERIFY(close(c.jainFairness.b + bars->data()->at(1).errorPlus, c.jainIntervalB.high));
    // The TCP columns: each side as TcpState::summarize reads its log, and B − A.
    QVERIFY(view.tcp() && view.tcp()->any());
    const TcpFlowSummary a =
        TcpState::summarize(TcpState::statesOf(*store.find(cubic)->analysis->dataset, {}));
    const TcpFlowSummary b =
        TcpState::summarize(TcpState::statesOf(*store.find(reno)->analysis->dataset, {}));
    const TcpComparison& tcp = *view.tcp();
    QVERIFY(a.cwndMeanBytes && b.cwndMaxBytes && a.rttP99Ms && b.retransmits);
    QCOMPARE(tcp.cwndMeanBytes.a, *a.cwndMeanBytes);
    QCOMPARE(tcp.cwndMaxBytes.b, *b.cwndMaxBytes);
    QCOMPARE(tcp.rttMeanMs.diff, *b.rttMeanMs - *a.rttMeanMs);
    QCOMPARE(tcp.rttP99Ms.a, *a.rttP99Ms);
    QCOMPARE(tcp.retransmits.diff, static_cast<double>(*b.retransmits - *a.retransmits));
    QCOMPARE(tcp.retransmitsPerMB.a, *a.retransmitsPerMB);
    // ... listed in the tab as core's table.
    const Table& listed = view.tables().back();
    QCOMPARE(listed.rows, ComparisonReport::table(tcp).rows);
    QCOMPARE(listed.rows[4][3], QString::number(*b.retransmits - *a.retransmits));
    QVERIFY(figures.mainPlot()->yAxis->label().contains(QStringLiteral("Mbit/s")));
}

void TestCompareView::chosenPairsAreTheUsers() {
    DatasetStore store;
    const int a = addSample(store, QStringLiteral("ping18_np"));
    const int b = addSample(store, QStringLiteral("ping18_iperf16_np"));
    const int c = addSample(store, QStringLiteral("ping18_iperf68_np"));
    CompareView view(&store);
    QCOMPARE(view.settingsKey(), ChosenComparison::settingsKey()); // where reports look
    // The pair the tab picked itself is not a choice of the user's.
    QVERIFY(view.latency());
    QVERIFY(view.chosenComparisons().empty());
    QVERIFY(!view.saveSettings().contains(QStringLiteral("chosen")));
    QVERIFY(view.choose(datasetKey(c), datasetKey(a)));
    const std::vector<ChosenComparison> chosen{
        {QStringLiteral("ping18_iperf68_np"), QStringLiteral("ping18_np"), false}};
    QVERIFY(view.chosenComparisons() == chosen);
    const QJsonObject settings = view.saveSettings();
    QVERIFY(ChosenComparison::fromSettings(settings) == chosen);
    // A workspace brings it back before its datasets are loaded, and keeps it.
    DatasetStore restored;
    CompareView again(&restored);
    again.restoreSettings(settings);
    QVERIFY(again.chosenComparisons() == chosen);
    QVERIFY(ChosenComparison::fromSettings(again.saveSettings()) == chosen);
    addSample(restored, QStringLiteral("ping18_np"));
    addSample(restored, QStringLiteral("ping18_iperf16_np"));
    addSample(restored, QStringLiteral("ping18_iperf68_np"));
    again.bringUpToDate();
    QVERIFY(again.chosenComparisons() == chosen);
    QCOMPARE(again.latency()->nameA, QStringLiteral("ping18_iperf68_np"));
    // Hiding a side: the tab falls back to a pair of its own, no longer the user's.
    store.setVisible(c, false);
    view.bringUpToDate();
    QVERIFY(view.chosenComparisons().empty());
    Q_UNUSED(b);
}

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
