// The Compare tab with Group by, in the window: it compares two groups whose runs record the
// key (the runs that do not, like the GENI iperf 2 quotations, are a group named for what they
// lack, compared only when chosen); its plain words are the run level's when a side has runs
// (a null study of real pings split into 3 against 3 runs, and the recorded cubic/reno runs),
// with the pooled samples' statements labelled; and a group's mixing warning stands beside
// the figures and tables that show the group (Compare, Percentiles, Flows, the report).

#include "CdfView.h"
#include "CompareFigures.h"
#include "CompareView.h"
#include "DatasetEditActions.h"
#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "FlowBarsView.h"
#include "GroupWarningLabel.h"
#include "ImportController.h"
#include "MainWindow.h"
#include "PercentileView.h"
#include "ReportContent.h"
#include "StoreSupport.h"
#include "TestSupport.h"

#include "parse/FormatRegistry.h"
#include "report/ComparisonReport.h"
#include "stats/DatasetGroups.h"

#include <QComboBox>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>

using namespace wb;

namespace {

const QString kCc = QStringLiteral("congestion_control");

// The congestion-control samples: the four GENI quotations (their iperf 2 output does not
// print the congestion control) and the four iperf 2 -e recordings (it does), then a ping.
const QStringList kGeni{"geni-cubic-P1.txt", "geni-cubic-P30.txt", "geni-reno-P1.txt",
                        "geni-reno-P30.txt"};
const QStringList kRecorded{"tcp-cubic-P30-client.txt", "tcp-cubic-P1-client.txt",
                            "tcp-reno-P30-client.txt", "tcp-reno-P1-client.txt"};

bool waitForImport(MainWindow& window) {
    QSignalSpy finished(window.importer(), &ImportController::finished);
    return finished.wait(60000);
}

QStringList samplePaths(const QStringList& names) {
    QStringList paths;
    for (const QString& name : names)
        paths << test::samplePath(name);
    return paths;
}

// The Compare tab, brought to the front as the user does: a hidden tab is drawn when shown.
CompareView* showCompareTab(MainWindow& window) {
    for (WorkbenchView* view : window.views())
        if (auto* compare = qobject_cast<CompareView*>(view)) {
            window.findChild<QTabWidget*>()->setCurrentWidget(compare);
            QCoreApplication::processEvents();
            return compare;
        }
    return nullptr;
}

const CompareChoice* choiceOf(const CompareView& view, const QString& key) {
    for (const CompareChoice& choice : view.choices())
        if (choice.key == key)
            return &choice;
    return nullptr;
}

// The mean of every flow's throughput in these logs (bit/s), read here from the imports.
double meanFlowOf(const QStringList& names) {
    double sum = 0;
    std::size_t flows = 0;
    for (const QString& name : names)
        for (const Flow& flow : test::firstDatasetOf(test::samplePath(name)).flows.flows) {
            sum += flow.total->bitsPerSecond; // each flow's whole-run line
            ++flows;
        }
    return sum / static_cast<double>(flows);
}

// The smallest two-sided permutation p of n against m runs: the observed split is one of
// C(n + m, n), and its mirror image is as extreme.
double smallestPermutationP(int n, int m) {
    double splits = 1;
    for (int i = 1; i <= n; ++i)
        splits = splits * (m + i) / i;
    return 2 / splits;
}

// The run-level sentence "Run level, 3 against 3 runs: the smallest possible p is 0.1, so no
// difference can be significant at 0.05.", with p computed here.
QString whatThreeAgainstThreeAllow() {
    return QStringLiteral("Run level, 3 against 3 runs: the smallest possible p is %1, so no "
                          "difference can be significant at 0.05.")
        .arg(QString::number(smallestPermutationP(3, 3), 'g', 3));
}

// The summary the Compare tab shows: its plain words say the run level first and label what
// the pooled samples say; the figures say they draw pooled samples.
void checkRunLevelFirst(const CompareView& view, const QString& allows) {
    const QString summary = view.summary();
    QVERIFY2(summary.startsWith(allows), qPrintable(summary));
    const qsizetype pooled =
        summary.indexOf(QStringLiteral("Pooled samples, runs treated as independent: "));
    QVERIFY2(pooled > 0, qPrintable(summary));
    // What the runs allow claims no significance; whatever the pooled samples claim is
    // labelled as theirs.
    QVERIFY2(!summary.left(pooled).contains(QStringLiteral("(significant at")),
             qPrintable(summary));
    // The window shows it whole under the note of which figures come first, the pooled
    // samples' statements on a line of their own.
    auto* label = view.findChild<QLabel*>(QStringLiteral("compareSummary"));
    QVERIFY(label && label->isVisible());
    const QString shown = label->text();
    QVERIFY2(shown.startsWith(QStringLiteral("<i>Run level first (each run one value)")),
             qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("<br>") +
                            summary.left(pooled).trimmed().toHtmlEscaped() +
                            QStringLiteral("<br>") + summary.mid(pooled).toHtmlEscaped()),
             qPrintable(shown));
    // The first table is the run-level one; over three runs it gives no 95 % interval.
    QVERIFY(!view.tables().empty());
    QVERIFY(view.tables().front().caption.startsWith(QStringLiteral("Run-level comparison")));
    QVERIFY2(view.tables().front().caption.contains(
                 QStringLiteral("no 95 % interval with fewer than 5 runs a side")),
             qPrintable(view.tables().front().caption));
    // The figures draw pooled samples, and say so.
    for (QCustomPlot* plot : {view.figures()->mainPlot(), view.figures()->sidePlot()})
        QVERIFY2(plot->xAxis->label().simplified().contains(CompareFigures::pooledRunsNote()),
                 qPrintable(plot->xAxis->label()));
}

} // namespace

class TestCompareGroups : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultsToTwoGroupsThatRecordTheKey();
    void runsWithoutTheKeyAreComparedOnlyWhenChosen();
    void reportLeavesOutRunsWithoutTheKey();
    void nullStudySaysWhatThreeRunsAllow();
    void cubicAgainstRenoSaysWhatThreeRunsAllow();
    void mixingWarningStandsBesideTheGroups();
    void screenshots();
};

void TestCompareGroups::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // keep QSettings away from the user's
}

// The GENI logs and a ping record no congestion control, the iperf 2 -e runs do: grouped by
// it the tab compares cubic with reno, and names the rest for what they lack.
void TestCompareGroups::defaultsToTwoGroupsThatRecordTheKey() {
    MainWindow window;
    window.show();
    window.importPaths(samplePaths(kGeni + kRecorded + QStringList{"ping18_np"}));
    QVERIFY(waitForImport(window));
    QCOMPARE(window.store()->entries().size(), std::size_t(9));
    window.store()->setGroupKey(kCc);
    CompareView* view = showCompareTab(window);
    QVERIFY(view);
    QCOMPARE(view->choiceA(), QStringLiteral("group:flows:congestion_control=cubic"));
    QCOMPARE(view->choiceB(), QStringLiteral("group:flows:congestion_control=reno"));
    QVERIFY(view->throughput());
    QCOMPARE(view->throughput()->flowsA, std::size_t(31));
    QCOMPARE(view->throughput()->flowsB, std::size_t(31));
    const double cubic = meanFlowOf({"tcp-cubic-P30-client.txt", "tcp-cubic-P1-client.txt"});
    const double reno = meanFlowOf({"tcp-reno-P30-client.txt", "tcp-reno-P1-client.txt"});
    QVERIFY(std::abs(view->throughput()->meanFlowBitsPerSecond.a - cubic) <= 1e-9 * cubic);
    QVERIFY(std::abs(view->throughput()->meanFlowBitsPerSecond.b - reno) <= 1e-9 * reno);

    // The runs without the key: one group of each kind, offered under what they lack.
    const CompareChoice* geni =
        choiceOf(*view, QStringLiteral("group:flows:congestion_control not recorded"));
    QVERIFY(geni);
    QVERIFY(!geni->recorded);
    QCOMPARE(geni->runs.size(), std::size_t(4));
    const CompareChoice* ping =
        choiceOf(*view, QStringLiteral("group:latency:congestion_control not recorded"));
    QVERIFY(ping);
    QCOMPARE(ping->runs.size(), std::size_t(1));
    auto* boxA = view->findChild<QComboBox*>(QStringLiteral("compareA"));
    QVERIFY(boxA->findText(QStringLiteral("congestion_control not recorded (group of 4 runs, 62 "
                                          "flows)")) >= 0);
    for (int i = 0; i < boxA->count(); ++i)
        QVERIFY2(!boxA->itemText(i).contains(QStringLiteral("(none)")),
                 qPrintable(boxA->itemText(i)));
    // The CDF's legend names the ping's group so too.
    bool inLegend = false;
    for (WorkbenchView* other : window.views()) {
        if (!qobject_cast<CdfView*>(other))
            continue;
        other->bringUpToDate();
        for (int i = 0; i < other->plot()->plottableCount(); ++i)
            inLegend = inLegend || other->plot()->plottable(i)->name() ==
                                       QStringLiteral("congestion_control not recorded");
    }
    QVERIFY(inLegend);

    // Only one group records it: the tab compares two runs, not a group with its own runs.
    for (const DatasetEntry& entry : window.store()->entries())
        if (entry.label.contains(QStringLiteral("reno")))
            window.store()->setVisible(entry.id, false);
    QVERIFY(!view->choiceA().startsWith(QStringLiteral("group:")));
    QVERIFY(!view->choiceB().startsWith(QStringLiteral("group:")));
    QVERIFY(view->throughput());
}

// Chosen by the user, the runs without the key are compared like any group, and their
// mixing warning stands under the result.
void TestCompareGroups::runsWithoutTheKeyAreComparedOnlyWhenChosen() {
    DatasetStore store;
    for (const QString& name : kGeni + kRecorded)
        QVERIFY(test::addLog(store, test::samplePath(name), name) >= 0);
    CompareView view(&store);
    store.setGroupKey(kCc);
    QVERIFY(view.groupWarnings().isEmpty() ||
            !view.groupWarnings().join(' ').contains(QStringLiteral("not recorded")));
    QVERIFY(view.choose(QStringLiteral("group:flows:congestion_control=cubic"),
                        QStringLiteral("group:flows:congestion_control not recorded")));
    QVERIFY(view.throughput());
    QCOMPARE(view.throughput()->nameB, QStringLiteral("congestion_control not recorded"));
    QCOMPARE(view.throughput()->flowsB, std::size_t(62));
    QVERIFY(view.groupWarnings().contains(
        QStringLiteral("congestion_control not recorded: pools -P 1 and -P 30 runs")));
    // The user's choice holds when the store changes.
    store.setVisible(store.entries().front().id, true);
    QCOMPARE(view.choiceB(), QStringLiteral("group:flows:congestion_control not recorded"));
    QCOMPARE(view.chosenComparisons().size(), std::size_t(1));
    QCOMPARE(view.chosenComparisons().front().b, QStringLiteral("congestion_control not recorded"));
}

// The report compares the first two groups that record the key; with only one such group it
// compares runs, never a group with the runs that lack the key.
void TestCompareGroups::reportLeavesOutRunsWithoutTheKey() {
    std::vector<ImportResult> imports;
    for (const QString& name : kGeni + QStringList{"tcp-cubic-P30-client.txt"})
        imports.push_back(FileImporter::importFile(test::samplePath(name)));
    std::vector<ReportRun> runs;
    for (const ImportResult& import : imports)
        runs.push_back({DatasetAnalysis::of(std::make_shared<const Dataset>(import.datasets[0])),
                        &import.report,
                        import.datasets[0].label,
                        QString::fromLatin1(import.format->id),
                        {},
                        {}});
    const ReportContent content = ReportContent::of(QStringLiteral("t"), runs, {}, kCc);
    QVERIFY(!content.comparisons.empty());
    for (const ReportComparison& comparison : content.comparisons)
        QVERIFY2(!comparison.title.contains(QStringLiteral("not recorded")),
                 qPrintable(comparison.title));
    // Its group table names them for what they lack, with what they pool beside it.
    QCOMPARE(content.groupSummaries.size(), std::size_t(1));
    const Table& groups = content.groupSummaries.front();
    QCOMPARE(groups.rows.back()[0], QStringLiteral("congestion_control not recorded"));
    QVERIFY2(groups.warning.contains(
                 QStringLiteral("congestion_control not recorded: pools -P 1 and -P 30 runs")),
             qPrintable(groups.warning));
}

// Six runs of one distribution: the 4,800 replies of the idle QJump ping cut into six logs of
// 800, three a side. The tab says what three runs a side allow, not what 2,400 pooled samples
// a side suggest.
void TestCompareGroups::nullStudySaysWhatThreeRunsAllow() {
    QTemporaryDir dir;
    const QStringList parts = test::nullStudyParts(dir.path());
    QCOMPARE(parts.size(), 6);
    MainWindow window;
    window.show();
    window.importPaths(parts);
    QVERIFY(waitForImport(window));
    DatasetStore* store = window.store();
    QCOMPARE(store->entries().size(), std::size_t(6));
    std::vector<int> first, second;
    for (const DatasetEntry& entry : store->entries())
        (entry.label.contains(QRegularExpression(QStringLiteral("part-[012]"))) ? first : second)
            .push_back(entry.id);
    QCOMPARE(first.size(), std::size_t(3));
    DatasetEditActions::addTags(store, first, QStringLiteral("half=first"));
    DatasetEditActions::addTags(store, second, QStringLiteral("half=second"));
    store->setGroupKey(QStringLiteral("tag.half"));
    CompareView* view = showCompareTab(window);
    QCOMPARE(view->choiceA(), QStringLiteral("group:latency:tag.half=first"));
    QCOMPARE(view->choiceB(), QStringLiteral("group:latency:tag.half=second"));
    QVERIFY(view->latency());
    QCOMPARE(view->latency()->countA + view->latency()->countB, std::size_t(4800));
    checkRunLevelFirst(*view, whatThreeAgainstThreeAllow());
    QVERIFY(view->summary().contains(QStringLiteral("Medians of the runs: p50 (ms) ")));
    // The same words as `wirebench-cli compare` of the same runs, three a side.
    const test::CliRun cli = test::runCli(
        {"compare", "--format", "json", parts.mid(0, 3).join(','), parts.mid(3).join(',')});
    QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
    const QString cliSummary = QJsonDocument::fromJson(cli.out.toUtf8())["summary"].toString();
    const auto runLevel = [](const QString& summary) {
        return summary.left(summary.indexOf(QStringLiteral("Pooled samples")));
    };
    QCOMPARE(runLevel(view->summary()), runLevel(cliSummary));
}

// The recorded cubic/reno plan, 30 streams, three repetitions a side, grouped by congestion
// control: the run level speaks first, as in `wirebench-cli compare --group-by`.
void TestCompareGroups::cubicAgainstRenoSaysWhatThreeRunsAllow() {
    QTemporaryDir dir;
    const QDir plan(test::samplePath("cubic-vs-reno"));
    QStringList logs;
    for (const QString& name : plan.entryList({"*-streams-30-*"}, QDir::Files)) {
        QVERIFY(QFile::copy(plan.filePath(name), dir.filePath(name)));
        if (name.endsWith(QStringLiteral("-30-1.log")) ||
            name.endsWith(QStringLiteral("-30-2.log")) ||
            name.endsWith(QStringLiteral("-30-3.log")))
            logs << dir.filePath(name);
    }
    QCOMPARE(logs.size(), 6);
    MainWindow window;
    window.show();
    window.importPaths({dir.path()});
    QVERIFY(waitForImport(window));
    QCOMPARE(window.store()->entries().size(), std::size_t(6));
    window.store()->setGroupKey(kCc);
    CompareView* view = showCompareTab(window);
    QCOMPARE(view->choiceA(), QStringLiteral("group:flows:congestion_control=cubic"));
    QCOMPARE(view->choiceB(), QStringLiteral("group:flows:congestion_control=reno"));
    QVERIFY(view->throughput());
    checkRunLevelFirst(*view, whatThreeAgainstThreeAllow());
    QVERIFY(view->summary().contains(QStringLiteral("SUM (Mbits/s) ")));
    QVERIFY(view->summary().contains(QStringLiteral("Jain's index ")));
    QVERIFY(view->summary().contains(
        QStringLiteral("Pooled samples, runs treated as independent: Mean per-flow")));
    QVERIFY(view->groupWarnings().isEmpty()); // every run -P 30
    const test::CliRun cli = test::runCli(
        QStringList{"compare", "--format", "json", "--group-by", "congestion_control"} + logs);
    QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
    QCOMPARE(view->summary(), QJsonDocument::fromJson(cli.out.toUtf8())["summary"].toString());
}

// Grouped by congestion control, the -P 1 and -P 30 runs share a group: the Compare tab says
// so under its result, the Percentiles tab over its group rows, the Flows tab over its group
// table, each only for the groups it shows.
void TestCompareGroups::mixingWarningStandsBesideTheGroups() {
    DatasetStore store;
    for (const QString& name : kRecorded)
        QVERIFY(test::addLog(store, test::samplePath(name), name) >= 0);
    // Two pings recorded under different parameters, one group of them.
    for (const char* name : {"ping18_np", "ping18_iperf16_np"}) {
        Dataset ping = test::firstDatasetOf(test::samplePath(QString::fromLatin1(name)));
        ping.info.congestionControl = QStringLiteral("cubic");
        ping.info.parameters.insert(QStringLiteral("load"), QString::fromLatin1(name));
        test::addDataset(store, std::move(ping), QString::fromLatin1(name));
    }
    CompareView compare(&store);
    PercentileView percentiles(&store);
    FlowBarsView flows(&store);
    store.setGroupKey(kCc);
    const QString flowWarning =
        QStringLiteral("congestion_control=cubic: pools -P 1 and -P 30 runs");
    const QString pingWarning = QStringLiteral(
        "congestion_control=cubic: pools parameter load ping18_iperf16_np and ping18_np");
    QCOMPARE(DatasetGrouping::of(&store)->mixWarnings(),
             QStringList({pingWarning, flowWarning,
                          QStringLiteral("congestion_control=reno: pools -P 1 and -P 30 runs")}));
    // Compare: latency first, one group of pings only; then cubic against reno.
    QCOMPARE(compare.choiceA(), QStringLiteral("group:flows:congestion_control=cubic"));
    QCOMPARE(compare.groupWarnings().size(), 2);
    QCOMPARE(compare.groupWarnings().front(), flowWarning);
    auto* shown = compare.findChild<GroupWarningLabel*>(QStringLiteral("groupWarning"));
    QVERIFY(shown && !shown->isHidden());
    QVERIFY(shown->text().startsWith(QStringLiteral("⚠ ") + flowWarning));
    // Two runs, no group: nothing to warn of.
    QVERIFY(compare.choose(QStringLiteral("dataset:%1").arg(store.entries()[0].id),
                           QStringLiteral("dataset:%1").arg(store.entries()[2].id)));
    QVERIFY(compare.groupWarnings().isEmpty());
    QVERIFY(shown->isHidden());
    // Percentiles: the latency group's warning, at run level and pooled.
    QCOMPARE(percentiles.groupWarning()->warnings(), QStringList{pingWarning});
    QVERIFY(!percentiles.groupWarning()->isHidden());
    percentiles.setGroupLevel(GroupLevel::Pooled);
    QCOMPARE(percentiles.groupWarning()->warnings(), QStringList{pingWarning});
    // Flows: the throughput groups' warnings over the group table.
    QVERIFY2(flows.statsText().contains((QStringLiteral("⚠ ") + flowWarning).toHtmlEscaped()),
             qPrintable(flows.statsText()));
    QVERIFY(!flows.statsText().contains(QStringLiteral("parameter load")));
    QVERIFY(flows.statsText().indexOf(QStringLiteral("⚠")) <
            flows.statsText().indexOf(QStringLiteral("<table")));
    // Grouping off: no warning anywhere.
    store.setGroupKey(QString());
    QVERIFY(percentiles.groupWarning()->isHidden());
    QVERIFY(!flows.statsText().contains(QStringLiteral("⚠ congestion_control")));
}

// Not a check: the window at a laptop's 1366×768 with Group by, the Compare tab in front, for
// a human to look at (WIREBENCH_SCREENSHOTS=dir).
void TestCompareGroups::screenshots() {
    const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("set WIREBENCH_SCREENSHOTS=DIR to write screenshots");
    const auto shoot = [&dir](const QStringList& paths, const QString& name,
                              const QString& chooseB) {
        MainWindow window;
        window.importPaths(paths);
        QVERIFY(waitForImport(window));
        window.store()->setGroupKey(kCc);
        window.resize(1366, 768);
        window.show();
        CompareView* view = showCompareTab(window);
        if (!chooseB.isEmpty())
            QVERIFY(view->choose(view->choiceA(), chooseB));
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
        // The group tables of the Percentiles and Flows tabs, their warnings over them.
        for (WorkbenchView* other : window.views())
            if (qobject_cast<PercentileView*>(other) || qobject_cast<FlowBarsView*>(other)) {
                window.findChild<QTabWidget*>()->setCurrentWidget(other);
                QCoreApplication::processEvents();
                QVERIFY(window.grab().save(
                    QStringLiteral("%1/%2-%3.png").arg(dir, name, other->exportName())));
            }
    };
    shoot({test::samplePath("cubic-vs-reno")}, QStringLiteral("compare-grouped-cubic-vs-reno"), {});
    shoot(samplePaths(kGeni + kRecorded + QStringList{"ping18_np"}),
          QStringLiteral("compare-grouped-with-geni"), {});
    shoot(samplePaths(kGeni + kRecorded), QStringLiteral("compare-grouped-not-recorded"),
          QStringLiteral("group:flows:congestion_control not recorded"));
}

QTEST_MAIN(TestCompareGroups)
#include "tst_comparegroups.moc"
