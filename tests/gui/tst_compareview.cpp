// The Compare tab shows exactly what core compares (LatencyComparison, ThroughputComparison,
// ComparisonReport) and what `wirebench-cli compare --format json` prints, on the QJump ping
// samples and the cubic/reno iperf logs; large comparisons run off the GUI thread.

#include "CompareView.h"
#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "StoreSupport.h"
#include "TestSupport.h"

#include "io/ComparisonReport.h"
#include "stats/Comparison.h"

#include <QClipboard>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

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
    compareTables(view.tables(), ComparisonReport::tables(expected));
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
    QCOMPARE(view.choiceA(), QStringLiteral("group:latency:kind=latency"));
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

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
