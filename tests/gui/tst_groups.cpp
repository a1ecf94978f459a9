// Groups from metadata and the bootstrap error bars, on the samples: grouping by a RunInfo
// field or a tag pools the members (one bold CDF per group with its runs faint behind, one
// bar per group with its CI), the percentile and flow views draw core's bootstrap CIs, and
// bulk tags and relabels change the store and survive a workspace round trip.

#include "CdfView.h"
#include "CompareView.h"
#include "ConfidenceBars.h"
#include "DatasetEditActions.h"
#include "DatasetGrouping.h"
#include "DatasetListModel.h"
#include "DatasetStore.h"
#include "FlowBarsView.h"
#include "GroupByBox.h"
#include "ImportController.h"
#include "MainWindow.h"
#include "PercentileTableModel.h"
#include "PercentileView.h"
#include "PlotStyle.h"
#include "ReportContent.h"
#include "StoreSupport.h"
#include "TestSupport.h"
#include "WindowSupport.h"

#include "parse/FormatRegistry.h"
#include "stats/Bootstrap.h"
#include "stats/Comparison.h"
#include "stats/FlowStatistics.h"

#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <qcustomplot.h>

#include <numeric>

using namespace wb;

namespace {

int addSample(DatasetStore& store, const QString& name) {
    return test::addLog(store, test::samplePath(name), QFileInfo(name).completeBaseName());
}

// A QJump ping run as if a plan had recorded it under a congestion control: real samples,
// the metadata a run plan would have written.
int addPingAs(DatasetStore& store, const QString& sample, const QString& congestion) {
    ImportResult result = FileImporter::importFile(test::samplePath(sample));
    Dataset dataset = std::move(result.datasets.front());
    dataset.info.congestionControl = congestion;
    dataset.info.parameters.insert(QStringLiteral("load"), sample.mid(7));
    return test::addDataset(store, std::move(dataset), sample);
}

const CdfView::Curve* groupCurve(const CdfView& view, const QString& name) {
    for (const CdfView::Curve& curve : view.curves())
        if (!curve.faint && curve.key == QStringLiteral("group:") + name)
            return &curve;
    return nullptr;
}

// The error bars of a plottable as (low, high) around its points, in plot units.
std::vector<std::pair<double, double>> barExtents(QCPErrorBars* bars,
                                                  const std::vector<double>& values) {
    std::vector<std::pair<double, double>> out;
    for (int i = 0; i < bars->dataCount(); ++i) {
        const QCPErrorBarsData data = bars->data()->at(i);
        out.push_back({values[i] - data.errorMinus, values[i] + data.errorPlus});
    }
    return out;
}

bool close(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)) + 1e-12;
}

bool waitForImport(MainWindow& window) {
    QSignalSpy finished(window.importer(), &ImportController::finished);
    return finished.wait(60000);
}

} // namespace

class TestGroups : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cdfShowsOneCurvePerGroup();
    void cdfGroupsByTag();
    void flowBarsShowOneBarPerGroup();
    void flowBarsShowMeanWithInterval();
    void percentileViewDrawsIntervals();
    void compareOffersGroups();
    void percentileGroupsAtRunLevelByDefault();
    void flowBarsGroupsAtRunLevelByDefault();
    void compareShowsRunLevelFirst();
    void reportComparesGroupsAtRunLevel();
    void groupByOffersKeysOfTheData();
    void bulkTagAndRelabelSurviveWorkspace();
    void windowSaysWhatAGroupMixes();
    void windowNamesAnInterruptedRepetition();
    void screenshots();
};

void TestGroups::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // keep QSettings away from the user's
}

void TestGroups::cdfShowsOneCurvePerGroup() {
    DatasetStore store;
    const std::vector<int> cubic = {addPingAs(store, "ping18_np", "cubic"),
                                    addPingAs(store, "ping18_iperf16_np", "cubic")};
    const std::vector<int> reno = {addPingAs(store, "ping18_iperf68_np", "reno"),
                                   addPingAs(store, "ping18_iperf18_np", "reno")};
    CdfView view(&store);
    QCOMPARE(view.curves().size(), std::size_t(4));
    store.setGroupKey(QStringLiteral("congestion_control"));
    QCOMPARE(view.curves().size(), std::size_t(6)); // four faint runs, two groups

    for (const auto& [name, members] :
         {std::pair{QStringLiteral("congestion_control=cubic"), cubic},
          std::pair{QStringLiteral("congestion_control=reno"), reno}}) {
        const CdfView::Curve* group = groupCurve(view, name);
        QVERIFY2(group, qPrintable(name));
        QCOMPARE(group->memberCount, 2);
        std::size_t sum = 0;
        for (int id : members) {
            sum += store.find(id)->analysis->sortedRttMs.size();
            // Each run is still drawn, faint and thin, in its group's colour.
            QCPGraph* faint = view.graphOf(id);
            QVERIFY(faint);
            QVERIFY(faint->pen().color().alpha() < 255);
            QCOMPARE(faint->pen().color().rgb(), group->color.rgb());
            QVERIFY(faint->pen().widthF() < group->graph->pen().widthF() / 2);
            QVERIFY(!faint->data()->isEmpty());
        }
        QCOMPARE(group->analysis->sortedRttMs.size(), sum); // the pooled samples
        QCOMPARE(sum, std::size_t(10000));
        QCOMPARE(group->graph->name(), name); // the legend names the group, nothing more
        QVERIFY(!group->graph->data()->isEmpty());
        // The pooled curve is the CDF of all samples: its median is the pooled median.
        const double median = group->analysis->percentile(50);
        std::vector<double> all;
        for (int id : members)
            all.insert(all.end(), store.find(id)->analysis->sortedRttMs.begin(),
                       store.find(id)->analysis->sortedRttMs.end());
        std::sort(all.begin(), all.end());
        QCOMPARE(median, 0.5 * (all[4999] + all[5000]));
    }
    // Only groups in the legend: the faint runs are explained by the group entries.
    QCOMPARE(view.plot()->legend->itemCount(), 2);
    store.setGroupKey(QString());
    QCOMPARE(view.curves().size(), std::size_t(4));
    QCOMPARE(view.graphOf(cubic[0])->pen().color().alpha(), 255);
}

void TestGroups::cdfGroupsByTag() {
    DatasetStore store;
    const int idle = addSample(store, QStringLiteral("ping18_np"));
    const int a = addSample(store, QStringLiteral("ping18_iperf16_np"));
    const int b = addSample(store, QStringLiteral("ping18_iperf68_np"));
    DatasetEditActions::addTags(&store, {idle}, QStringLiteral("load=idle"));
    DatasetEditActions::addTags(&store, {a, b}, QStringLiteral("load=iperf, qjump"));
    CdfView view(&store);
    store.setGroupKey(QStringLiteral("tag.load"));
    const CdfView::Curve* loaded = groupCurve(view, QStringLiteral("tag.load=iperf"));
    QVERIFY(loaded);
    QCOMPARE(loaded->analysis->sortedRttMs.size(), std::size_t(10000));
    QVERIFY(groupCurve(view, QStringLiteral("tag.load=idle")));
    // Hiding a member re-pools its group.
    store.setVisible(b, false);
    QCOMPARE(groupCurve(view, QStringLiteral("tag.load=iperf"))->analysis->sortedRttMs.size(),
             std::size_t(5000));
}

void TestGroups::flowBarsShowOneBarPerGroup() {
    DatasetStore store;
    std::size_t cubicFlows = 0;
    std::size_t renoFlows = 0;
    for (const char* name : {"tcp-cubic-P30-client.txt", "tcp-cubic-P1-client.txt",
                             "tcp-reno-P30-client.txt", "tcp-reno-P1-client.txt"}) {
        const int id = addSample(store, QString::fromLatin1(name));
        (QByteArray(name).contains("cubic") ? cubicFlows : renoFlows) +=
            store.find(id)->analysis->flows.flows.size();
    }
    FlowBarsView view(&store);
    view.setGroupLevel(GroupLevel::Pooled); // the run-level default has its own test
    store.setGroupKey(QStringLiteral("congestion_control"));
    const std::vector<PooledGroup> groups = DatasetGrouping::of(&store)->throughputGroups();
    QCOMPARE(groups.size(), std::size_t(2));
    QCOMPARE(groups[0].name, QStringLiteral("congestion_control=cubic"));
    QCOMPARE(groups[0].analysis->flows.flows.size(), cubicFlows);
    QCOMPARE(groups[1].analysis->flows.flows.size(), renoFlows);
    QCOMPARE(cubicFlows, std::size_t(31));
    QCOMPARE(view.figure().groupBars().size(), std::size_t(2));
    for (std::size_t i = 0; i < groups.size(); ++i) {
        QCPBars* bar = view.figure().groupBars()[i];
        QCOMPARE(bar->dataCount(), 1);
        const std::vector<double> flows =
            ThroughputComparison::perFlowBitsPerSecond(groups[i].analysis->flows);
        const double mean = std::accumulate(flows.begin(), flows.end(), 0.0) / flows.size();
        QVERIFY(close(bar->data()->at(0)->value, mean / 1e6));
        QCOMPARE(bar->brush().color(), PlotStyle::toColor(groups[i].color));
        QCPErrorBars* errors = ConfidenceBars::of(bar);
        QVERIFY(errors);
        const ConfidenceInterval ci = Bootstrap::mean(flows);
        const auto extent = barExtents(errors, {bar->data()->at(0)->value}).front();
        QVERIFY(close(extent.first, ci.low / 1e6));
        QVERIFY(close(extent.second, ci.high / 1e6));
        QVERIFY(ci.high > ci.low);
    }
    QCOMPARE(view.figure().groupBars()[0]->name(), QStringLiteral("congestion_control=cubic"));
    view.resize(900, 600); // laid out, so the read-out finds the bar under the mouse
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const QString tip =
        view.figure()
            .toolTipAt(view.figure().groupBars()[0]->dataPixelPosition(0) + QPointF(0, 4))
            .text;
    QVERIFY2(tip.contains(QStringLiteral("31 flows of 2 runs")), qPrintable(tip));
    QVERIFY(view.plot()->xAxis->label().contains(QStringLiteral("bootstrap")));
    QVERIFY(view.statsText().contains(QStringLiteral("congestion_control=reno")));
    QVERIFY(!view.figure().barsOf(store.entries()[0].id)); // per-flow bars make way for the groups
}

void TestGroups::flowBarsShowMeanWithInterval() {
    DatasetStore store;
    const int cubic = addSample(store, QStringLiteral("tcp-cubic-P30-client.txt"));
    const int reno = addSample(store, QStringLiteral("tcp-reno-P30-client.txt"));
    FlowBarsView view(&store);
    for (int id : {cubic, reno}) {
        QVERIFY(view.figure().barsOf(id));
        QCPBars* mean = view.figure().meanBarsOf(id);
        QVERIFY(mean);
        const std::vector<double> flows =
            ThroughputComparison::perFlowBitsPerSecond(store.find(id)->analysis->flows);
        const ThroughputComparison compared =
            ThroughputComparison::of(QStringLiteral("a"), store.find(id)->analysis->flows,
                                     QStringLiteral("b"), store.find(reno)->analysis->flows);
        // The bar is the mean the Compare tab compares; its error bars are that CI.
        QVERIFY(close(mean->data()->at(0)->value, compared.meanFlowBitsPerSecond.a / 1e6));
        QVERIFY(mean->data()->at(0)->key > 30); // right of the 30 flow slots
        const auto extent =
            barExtents(ConfidenceBars::of(mean), {mean->data()->at(0)->value}).front();
        QVERIFY(close(extent.first, compared.meanIntervalA.low / 1e6));
        QVERIFY(close(extent.second, compared.meanIntervalA.high / 1e6));
    }
    QVERIFY(view.statsText().contains(
        ConfidenceBars::note().mid(QStringLiteral("error bars: ").size())));
}

void TestGroups::percentileViewDrawsIntervals() {
    DatasetStore store;
    const std::vector<int> ids = test::addQjumpSamples(store);
    PercentileView view(&store);
    for (double level : {50.0, 99.0}) {
        QCPGraph* graph = view.intervalGraph(level);
        QVERIFY(graph);
        QCOMPARE(graph->dataCount(), static_cast<int>(ids.size()));
        QCPErrorBars* bars = ConfidenceBars::of(graph);
        QVERIFY(bars);
        std::vector<double> values;
        for (int i = 0; i < graph->dataCount(); ++i)
            values.push_back(graph->data()->at(i)->value);
        const auto extents = barExtents(bars, values);
        for (std::size_t i = 0; i < ids.size(); ++i) {
            const DatasetAnalysis& analysis = *store.find(ids[i])->analysis;
            QVERIFY(close(values[i], analysis.percentile(level))); // ms, the default unit
            const ConfidenceInterval ci = Bootstrap::percentile(analysis.sortedRttMs, level);
            QVERIFY(close(extents[i].first, ci.low));
            QVERIFY(close(extents[i].second, ci.high));
        }
    }
    // In µs, as the table.
    view.model()->setUnit(PercentileTableModel::Unit::Microseconds);
    QTRY_VERIFY(close(view.intervalGraph(99)->data()->at(0)->value,
                      store.find(ids[0])->analysis->percentile(99) * 1000));
    QVERIFY(view.plot()->yAxis->label().contains(QStringLiteral("µs")));
    QVERIFY(view.plot()->xAxis->label().contains(QStringLiteral("2000 resamples")));
}

void TestGroups::compareOffersGroups() {
    DatasetStore store;
    for (const char* name : {"tcp-cubic-P30-client.txt", "tcp-cubic-P1-client.txt",
                             "tcp-reno-P30-client.txt", "tcp-reno-P1-client.txt"})
        addSample(store, QString::fromLatin1(name));
    CompareView view(&store);
    store.setGroupKey(QStringLiteral("congestion_control"));
    QCOMPARE(view.choiceA(), QStringLiteral("group:flows:congestion_control=cubic"));
    QCOMPARE(view.choiceB(), QStringLiteral("group:flows:congestion_control=reno"));
    const std::vector<PooledGroup> groups = DatasetGrouping::of(&store)->throughputGroups();
    const ThroughputComparison expected = ThroughputComparison::of(
        groups[0].name, groups[0].analysis->flows, groups[1].name, groups[1].analysis->flows);
    QVERIFY(view.throughput());
    QCOMPARE(view.throughput()->flowsA, std::size_t(31));
    QCOMPARE(view.throughput()->meanFlowBitsPerSecond.b, expected.meanFlowBitsPerSecond.b);
    // Two runs a side: the run level speaks first, the pooled samples after, labelled.
    QVERIFY2(view.summary().startsWith(QStringLiteral("Run level, 2 against 2 runs: the smallest "
                                                      "possible p is 0.333")),
             qPrintable(view.summary()));
    QVERIFY(view.summary().endsWith(
        QStringLiteral("Pooled samples, runs treated as independent: ") + expected.summary()));
}

// Three loaded QJump runs and the idle one, grouped by a tag: the Percentiles tab shows one row
// per group at run level by default (the mean of each run's p50/p99, with a CI resampling
// runs), says so, and switches to pooled samples on request, saying that too.
void TestGroups::percentileGroupsAtRunLevelByDefault() {
    DatasetStore store;
    const std::vector<int> ids = test::addQjumpSamples(store);
    DatasetEditActions::addTags(&store, {ids[0]}, QStringLiteral("load=idle"));
    DatasetEditActions::addTags(&store, {ids[1], ids[2], ids[3]}, QStringLiteral("load=iperf"));
    store.setVisible(ids[4], false);
    PercentileView view(&store);
    QVERIFY(view.levelCaption()->isHidden()); // nothing to say without groups
    store.setGroupKey(QStringLiteral("tag.load"));
    view.bringUpToDate();
    QVERIFY(view.showsRunLevel());
    QVERIFY(!view.levelCaption()->isHidden());
    QVERIFY2(view.levelCaption()->text().contains(QStringLiteral("Run level: each run summarised "
                                                                 "first")),
             qPrintable(view.levelCaption()->text()));
    const Table table = view.currentTable();
    QCOMPARE(table.rows.size(), std::size_t(2));
    QCOMPARE(table.rows[0][0], QStringLiteral("tag.load=idle"));
    QCOMPARE(table.rows[1][0], QStringLiteral("tag.load=iperf"));
    QCOMPARE(table.rows[1][1], QStringLiteral("3"));
    QCOMPARE(table.rows[1][2], QStringLiteral("run"));
    QCOMPARE(table.rows[0][2], QStringLiteral("sample (one run)"));
    const int p99Column = static_cast<int>(table.header.indexOf("p99 (ms) mean of runs"));
    QVERIFY(p99Column > 0);
    std::vector<double> runP99;
    for (int i = 1; i <= 3; ++i)
        runP99.push_back(store.find(ids[static_cast<std::size_t>(i)])->analysis->percentile(99));
    const double mean = std::accumulate(runP99.begin(), runP99.end(), 0.0) / 3;
    QCOMPARE(table.rows[1][p99Column], QString::number(mean, 'f', 3));
    // The plot: the mean of the runs with the run-level CI, as the table says.
    QTRY_COMPARE(view.intervalGraph(99)->dataCount(), 2); // redrawn once the table settles
    QCPGraph* graph = view.intervalGraph(99);
    QVERIFY(close(graph->data()->at(1)->value, mean));
    // Three runs: no bar, a bootstrap of so few runs would not hold its 95 %.
    const auto extent = barExtents(ConfidenceBars::of(graph), {mean, mean}).back();
    QCOMPARE(extent.first, mean);
    QCOMPARE(extent.second, mean);
    QVERIFY(view.plot()->xAxis->label().contains(QStringLiteral("resampling whole runs")));

    view.setGroupLevel(GroupLevel::Pooled);
    view.bringUpToDate();
    QVERIFY(!view.showsRunLevel());
    QVERIFY(view.levelCaption()->text().startsWith(
        QStringLiteral("Pooled samples (runs treated as one)")));
    const Table pooled = view.currentTable();
    QCOMPARE(pooled.rows.size(), std::size_t(2));
    QCOMPARE(pooled.header[0], QStringLiteral("group"));
    QCOMPARE(pooled.rows[1][0], QStringLiteral("tag.load=iperf"));
    QCOMPARE(pooled.rows[1][1], QStringLiteral("15000"));
    QVERIFY(pooled.caption.contains(QStringLiteral("pooled samples (runs treated as one)")));
    // The choice is kept with the workspace.
    QCOMPARE(view.saveSettings().value("groupLevel").toString(), QStringLiteral("pooled"));
    store.setGroupKey(QString());
    view.bringUpToDate();
    QCOMPARE(view.currentTable().rows.size(), std::size_t(4)); // a row per visible dataset
}

void TestGroups::flowBarsGroupsAtRunLevelByDefault() {
    DatasetStore store;
    std::vector<int> cubic;
    for (const char* name : {"tcp-cubic-P30-client.txt", "tcp-cubic-P1-client.txt",
                             "tcp-reno-P30-client.txt", "tcp-reno-P1-client.txt"}) {
        const int id = addSample(store, QString::fromLatin1(name));
        if (QByteArray(name).contains("cubic"))
            cubic.push_back(id);
    }
    FlowBarsView view(&store);
    store.setGroupKey(QStringLiteral("congestion_control"));
    QCOMPARE(view.groupLevel(), GroupLevel::RunLevel);
    QCOMPARE(view.figure().groupBars().size(), std::size_t(2));
    std::vector<double> sums;
    for (int id : cubic)
        sums.push_back(store.find(id)->analysis->flows.sum.bitsPerSecond / 1e6);
    const double mean = (sums[0] + sums[1]) / 2;
    QCPBars* bar = view.figure().groupBars()[0];
    QVERIFY(close(bar->data()->at(0)->value, mean));
    // Two runs: no bar (a bootstrap of so few runs would not hold its 95 %).
    const auto extent = barExtents(ConfidenceBars::of(bar), {mean}).front();
    QCOMPARE(extent.first, mean);
    QCOMPARE(extent.second, mean);
    // The legend names the group; the bar's read-out gives its SUM and Jain's index.
    QCOMPARE(bar->name(), QStringLiteral("congestion_control=cubic"));
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const QString tip = view.figure().toolTipAt(bar->dataPixelPosition(0) + QPointF(0, 4)).text;
    QVERIFY2(tip.contains(QStringLiteral("SUM, mean of 2 runs: ")) &&
                 tip.contains(QStringLiteral("Jain's index, mean of the runs: ")),
             qPrintable(tip));
    QVERIFY(view.plot()->xAxis->label().contains(QStringLiteral("run level")));
    QVERIFY(view.statsText().contains(QStringLiteral("Run level: each run summarised first")));
    QVERIFY(view.statsText().contains(QStringLiteral("Jain&#x27;s index mean of runs")) ||
            view.statsText().contains(QStringLiteral("Jain's index mean of runs")));
}

void TestGroups::compareShowsRunLevelFirst() {
    DatasetStore store;
    for (const char* name : {"tcp-cubic-P30-client.txt", "tcp-cubic-P1-client.txt",
                             "tcp-reno-P30-client.txt", "tcp-reno-P1-client.txt"})
        addSample(store, QString::fromLatin1(name));
    CompareView view(&store);
    store.setGroupKey(QStringLiteral("congestion_control"));
    QVERIFY(view.throughput());
    QVERIFY(!view.tables().empty());
    QVERIFY(view.tables().front().caption.startsWith(
        QStringLiteral("Run-level comparison: each run one value")));
    QVERIFY(view.levelNote().startsWith(QStringLiteral("Run level first")));
    // Two runs against one run: the one-run side is named.
    QVERIFY(view.choose(QStringLiteral("group:flows:congestion_control=cubic"),
                        QStringLiteral("dataset:%1").arg(store.entries()[2].id)));
    QVERIFY(view.levelNote().contains(
        QStringLiteral("B is one run: no between-run variation could be estimated")));
    // Two single runs: no run-level table.
    QVERIFY(view.choose(QStringLiteral("dataset:%1").arg(store.entries()[0].id),
                        QStringLiteral("dataset:%1").arg(store.entries()[2].id)));
    QVERIFY(view.levelNote().isEmpty());
    QVERIFY(!view.tables().front().caption.startsWith(QStringLiteral("Run-level")));
}

void TestGroups::reportComparesGroupsAtRunLevel() {
    std::vector<ImportResult> imports;
    for (const char* name : {"tcp-cubic-P30-client.txt", "tcp-cubic-P1-client.txt",
                             "tcp-reno-P30-client.txt", "tcp-reno-P1-client.txt"})
        imports.push_back(FileImporter::importFile(test::samplePath(QString::fromLatin1(name))));
    std::vector<ReportRun> runs;
    for (const ImportResult& import : imports)
        runs.push_back({DatasetAnalysis::of(std::make_shared<const Dataset>(import.datasets[0])),
                        &import.report,
                        import.datasets[0].label,
                        QString::fromLatin1(import.format->id),
                        {},
                        {}});
    const ReportContent content =
        ReportContent::of(QStringLiteral("t"), runs, {}, QStringLiteral("congestion_control"));
    QCOMPARE(content.comparisons.size(), std::size_t(1));
    const ReportComparison& comparison = content.comparisons.front();
    QVERIFY(comparison.tables.front().caption.startsWith(QStringLiteral("Run-level comparison")));
    QVERIFY(comparison.summary.startsWith(QStringLiteral("Run level first")));
    QCOMPARE(content.groupSummaries.size(), std::size_t(1));
    const Table& groups = content.groupSummaries.front();
    QVERIFY(groups.caption.contains(QStringLiteral("Run level: each run summarised first")));
    QCOMPARE(groups.rows.size(), std::size_t(2));
    QCOMPARE(groups.rows[0][0], QStringLiteral("congestion_control=cubic"));
    QCOMPARE(groups.rows[0][1], QStringLiteral("2"));
    const double mean = (FlowStatistics::of(imports[0].datasets[0].flows).sum.bitsPerSecond +
                         FlowStatistics::of(imports[1].datasets[0].flows).sum.bitsPerSecond) /
                        2e6;
    QCOMPARE(groups.rows[0][3], QString::number(mean, 'f', 3));
}

void TestGroups::groupByOffersKeysOfTheData() {
    DatasetStore store;
    const int id = addPingAs(store, QStringLiteral("ping18_np"), QStringLiteral("cubic"));
    DatasetEditActions::addTags(&store, {id}, QStringLiteral("site=lab"));
    GroupByBox box(&store);
    QCOMPARE(box.itemData(0).toString(), QString()); // "none"
    for (const QString& key :
         DatasetGroups::fixedKeys() + QStringList{"parameters.load", "tag.site"})
        QVERIFY2(box.findData(key) >= 0, qPrintable(key));
    box.setCurrentIndex(box.findData(QStringLiteral("tag.site")));
    emit box.activated(box.currentIndex());
    QCOMPARE(store.groupKey(), QStringLiteral("tag.site"));
}

void TestGroups::bulkTagAndRelabelSurviveWorkspace() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tags.wbws"));
    {
        MainWindow window;
        window.importPaths({test::samplePath("tcp-cubic-P30-client.txt"),
                            test::samplePath("tcp-reno-P30-client.txt"),
                            test::samplePath("ping18_np")});
        QVERIFY(waitForImport(window));
        auto* list = window.findChild<QTreeView*>();
        auto* edits = window.findChild<DatasetEditActions*>();
        QVERIFY(list && edits);
        // The list's multi-selection is what the actions work on.
        list->selectionModel()->select(list->model()->index(0, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
        list->selectionModel()->select(list->model()->index(1, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
        const std::vector<int> ids = edits->selectedIds();
        QCOMPARE(ids.size(), std::size_t(2));
        QVERIFY(list->isColumnHidden(DatasetListModel::TagsColumn)); // no tags yet
        QVERIFY(list->actions().contains(edits->addTagAction()));
        QVERIFY(!edits->relabelAction()->shortcut().isEmpty());
        DatasetEditActions::addTags(window.store(), ids, QStringLiteral("testbed=veth, tcp"));
        DatasetEditActions::addTags(window.store(), ids, QStringLiteral("tcp")); // no duplicate
        DatasetEditActions::removeTag(window.store(), {ids[1]}, QStringLiteral("tcp"));
        QCOMPARE(window.store()->find(ids[0])->tags, (QStringList{"testbed=veth", "tcp"}));
        QCOMPARE(window.store()->find(ids[1])->tags, (QStringList{"testbed=veth"}));
        QCOMPARE(list->model()->index(0, DatasetListModel::TagsColumn).data().toString(),
                 QStringLiteral("testbed=veth, tcp"));
        QVERIFY(!list->isColumnHidden(DatasetListModel::TagsColumn));
        QVERIFY(list->model()
                    ->index(1, DatasetListModel::LabelColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("tags: testbed=veth")));
        QString error;
        QVERIFY(
            !DatasetEditActions::relabel(window.store(), ids, QStringLiteral("{nope}"), &error));
        QVERIFY(error.contains(QStringLiteral("nope")));
        QCOMPARE(window.store()->find(ids[0])->label, QStringLiteral("tcp-cubic-P30-client"));
        QVERIFY2(DatasetEditActions::relabel(window.store(), ids,
                                             QStringLiteral("{congestion_control} ×{streams} "
                                                            "({tag.testbed}) #{n}"),
                                             &error),
                 qPrintable(error));
        QCOMPARE(window.store()->find(ids[0])->label, QStringLiteral("cubic ×30 (veth) #1"));
        QCOMPARE(window.store()->find(ids[1])->label, QStringLiteral("reno ×30 (veth) #2"));
        window.store()->setGroupKey(QStringLiteral("tag.testbed"));
        QVERIFY2(window.saveWorkspace(path, &error), qPrintable(error));
    }
    MainWindow reopened;
    // The logs are in samples/, outside the workspace's folder: the user agrees to read them.
    reopened.setOutsideFolderQuestion([](const QString&, const QStringList&) { return true; });
    QString error;
    QVERIFY2(test::openWorkspace(reopened, path, &error), qPrintable(error));
    const auto& entries = reopened.store()->entries();
    QCOMPARE(entries.size(), std::size_t(3));
    QCOMPARE(entries[0].label, QStringLiteral("cubic ×30 (veth) #1"));
    QCOMPARE(entries[0].tags, (QStringList{"testbed=veth", "tcp"}));
    QCOMPARE(entries[1].tags, (QStringList{"testbed=veth"}));
    QVERIFY(entries[2].tags.isEmpty());
    QCOMPARE(reopened.store()->groupKey(), QStringLiteral("tag.testbed"));
    QCOMPARE(reopened.findChild<GroupByBox*>()->currentData().toString(),
             QStringLiteral("tag.testbed"));
}

// Grouped by congestion control, cubic's -P 1 and -P 30 runs are one group; by streams, the
// -P 30 group holds cubic and reno: the window says so beside "Group by", and stops saying it
// when no group mixes.
void TestGroups::windowSaysWhatAGroupMixes() {
    MainWindow window;
    window.show();
    window.importPaths({test::samplePath("tcp-cubic-P1-client.txt"),
                        test::samplePath("tcp-cubic-P30-client.txt"),
                        test::samplePath("tcp-reno-P30-client.txt")});
    QVERIFY(waitForImport(window));
    auto* mixes = window.findChild<QLabel*>(QStringLiteral("groupMixes"));
    QVERIFY(mixes);
    QVERIFY(!mixes->isVisible());
    window.store()->setGroupKey(QStringLiteral("congestion_control"));
    QVERIFY(mixes->isVisible());
    QCOMPARE(mixes->text(),
             QStringLiteral("⚠ congestion_control=cubic: pools -P 1 and -P 30 runs"));
    window.store()->setGroupKey(QStringLiteral("streams"));
    QCOMPARE(mixes->text(),
             QStringLiteral("⚠ streams=30: pools congestion control cubic and reno"));
    window.store()->setGroupKey(QStringLiteral("label")); // one run per group
    QVERIFY(!mixes->isVisible());
}

// A plan's repetition that was killed (its sidecar says "interrupted") is pooled with the
// others, and the window names it beside "Group by".
void TestGroups::windowNamesAnInterruptedRepetition() {
    QTemporaryDir dir;
    const QDir plan(test::samplePath("cubic-vs-reno"));
    for (const QString& name : plan.entryList({"*-streams-1-*"}, QDir::Files))
        QVERIFY(QFile::copy(plan.filePath(name), dir.filePath(name)));
    const QString sidecar = dir.filePath("tcp-congestion-reno-streams-1-3.run.json");
    QByteArray record = test::readAll(sidecar);
    record.replace("\"status\": \"completed\"", "\"status\": \"interrupted\"");
    QFile::remove(sidecar);
    test::writeTestFile(dir.path(), "tcp-congestion-reno-streams-1-3.run.json", record);
    MainWindow window;
    window.show();
    window.importPaths({dir.path()});
    QVERIFY(waitForImport(window));
    QCOMPARE(window.store()->entries().size(), std::size_t{6});
    auto* mixes = window.findChild<QLabel*>(QStringLiteral("groupMixes"));
    window.store()->setGroupKey(QStringLiteral("congestion_control"));
    QVERIFY(mixes->isVisible());
    QCOMPARE(mixes->text(), QStringLiteral("⚠ congestion_control=reno: pools a run that did not "
                                           "complete: tcp congestion=reno streams=1 #3 "
                                           "(interrupted)"));
}

// Not a check: renders the views for a human to look at (WIREBENCH_SCREENSHOTS=dir).
void TestGroups::screenshots() {
    const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("set WIREBENCH_SCREENSHOTS=DIR to write screenshots");
    DatasetStore pings;
    addPingAs(pings, "ping18_np", "cubic");
    addPingAs(pings, "ping18_iperf16_np", "cubic");
    addPingAs(pings, "ping18_iperf68_np", "reno");
    addPingAs(pings, "ping18_iperf18_np", "reno");
    addPingAs(pings, "ping18_iperf18_iperf68_np", "reno");
    DatasetStore flows;
    for (const char* name : {"tcp-cubic-P30-client.txt", "tcp-reno-P30-client.txt"})
        addSample(flows, QString::fromLatin1(name));
    DatasetStore grouped;
    for (const char* name : {"tcp-cubic-P30-client.txt", "tcp-cubic-P1-client.txt",
                             "tcp-reno-P30-client.txt", "tcp-reno-P1-client.txt"})
        addSample(grouped, QString::fromLatin1(name));
    grouped.setGroupKey(QStringLiteral("congestion_control"));

    PercentileView percentiles(&pings);
    CompareView compareLatency(&pings);
    FlowBarsView bars(&flows);
    CompareView compareFlows(&flows);
    FlowBarsView groupBars(&grouped);
    const auto save = [&dir](QWidget* view, const QString& name) {
        view->resize(1100, 700);
        view->show();
        QCoreApplication::processEvents();
        QVERIFY(view->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
    };
    save(&percentiles, QStringLiteral("percentiles-ci"));
    save(&compareLatency, QStringLiteral("compare-latency"));
    save(&bars, QStringLiteral("flow-bars-ci"));
    save(&compareFlows, QStringLiteral("compare-flows"));
    save(&groupBars, QStringLiteral("flow-bars-grouped"));
    CdfView cdf(&pings);
    pings.setGroupKey(QStringLiteral("congestion_control"));
    save(&cdf, QStringLiteral("cdf-grouped"));
    PercentileView groupedPercentiles(&pings); // run level, then pooled
    save(&groupedPercentiles, QStringLiteral("percentiles-grouped-run-level"));
    groupedPercentiles.setGroupLevel(GroupLevel::Pooled);
    save(&groupedPercentiles, QStringLiteral("percentiles-grouped-pooled"));
    CompareView compareGrouped(&grouped);
    save(&compareGrouped, QStringLiteral("compare-grouped"));

    // The window: "Group by" over the dataset list, the tags column, the Compare tab.
    MainWindow window;
    window.importPaths(
        {test::samplePath("tcp-cubic-P30-client.txt"), test::samplePath("tcp-reno-P30-client.txt"),
         test::samplePath("tcp-cubic-P1-client.txt"), test::samplePath("tcp-reno-P1-client.txt")});
    QVERIFY(waitForImport(window));
    std::vector<int> ids;
    for (const DatasetEntry& entry : window.store()->entries())
        ids.push_back(entry.id);
    DatasetEditActions::addTags(window.store(), ids, QStringLiteral("testbed=veth"));
    window.store()->setGroupKey(QStringLiteral("congestion_control"));
    window.resize(1400, 800);
    window.show();
    for (WorkbenchView* view : window.views())
        if (qobject_cast<CompareView*>(view))
            window.findChild<QTabWidget*>()->setCurrentWidget(view);
    QCoreApplication::processEvents();
    QVERIFY(window.grab().save(dir + QStringLiteral("/window-compare.png")));
}

QTEST_MAIN(TestGroups)
#include "tst_groups.moc"
