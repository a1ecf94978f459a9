// The application model without a toolkit: labels from patterns, the store's palette,
// background jobs handing their results to their receiver's thread, and the comparisons a
// report makes (those chosen in the Compare tab first).
#include "BackgroundJobs.h"
#include "DatasetStore.h"
#include "LabelPattern.h"
#include "ReportContent.h"
#include "StoreSupport.h"
#include "TestSupport.h"
#include "stats/Comparison.h"

#include <QCoreApplication>
#include <QTest>
#include <QThread>

#include <algorithm>

using namespace wb;

class TestWorkbench : public QObject {
    Q_OBJECT

private slots:
    void labelPatterns();
    void storeGivesPaletteColours();
    void jobsReportOnTheReceiversThread();
    void reportComparesWhatWasChosen();
};

void TestWorkbench::labelPatterns() {
    ImportResult result =
        FileImporter::importFile(test::samplePath(QStringLiteral("tcp-cubic-P30-client.txt")));
    const Dataset& dataset = result.datasets.front();
    const GroupMember member{&dataset, {QStringLiteral("site=lab"), QStringLiteral("x")}, {}, {}};
    QCOMPARE(
        LabelPattern::expand(QStringLiteral("{congestion_control} P{streams} #{n}"), member, 3),
        QStringLiteral("cubic P30 #3"));
    QCOMPARE(LabelPattern::expand(QStringLiteral("{file}/{tag.site}/{tag}"), member, 1),
             QStringLiteral("tcp-cubic-P30-client.txt/lab/site=lab,x"));
    QCOMPARE(LabelPattern::unknownPlaceholders(QStringLiteral("{cc} {streams} {bogus}")),
             (QStringList{"cc", "bogus"}));
    QVERIFY(LabelPattern::help().contains(QStringLiteral("{congestion_control}")));
}

void TestWorkbench::storeGivesPaletteColours() {
    DatasetStore store;
    const int first = test::addLog(store, test::samplePath(QStringLiteral("ping18_np")), "a");
    const int second = test::addLog(store, test::samplePath(QStringLiteral("ping18_np")), "b");
    QVERIFY(store.find(first)->color == SeriesColor::palette(0));
    QVERIFY(store.find(second)->color == SeriesColor::palette(1));
    QVERIFY(SeriesColor::palette(0) == SeriesColor::rgb8(0, 114, 178));
    store.setColor(first, SeriesColor::rgb8(0x12, 0x34, 0x56));
    QCOMPARE(store.find(first)->color.green, quint16(0x3434));
}

void TestWorkbench::jobsReportOnTheReceiversThread() {
    QObject receiver;
    std::vector<int> results;
    {
        BackgroundJobs jobs(&receiver);
        for (int i = 0; i < 4; ++i)
            jobs.run(
                [i] {
                    QThread::msleep(10);
                    return i * i;
                },
                [&results, &receiver](int square) {
                    QCOMPARE(QThread::currentThread(), receiver.thread());
                    results.push_back(square);
                });
    } // waits for the jobs; their results are queued for the receiver
    QVERIFY(results.empty());
    QCoreApplication::processEvents();
    std::sort(results.begin(), results.end());
    QCOMPARE(results, (std::vector<int>{0, 1, 4, 9}));
}

void TestWorkbench::reportComparesWhatWasChosen() {
    // Two cubic and two reno runs, tagged; the report's own pick is the two tag groups.
    std::vector<ReportRun> runs;
    std::vector<ParseReport> reports(4);
    const char* const files[] = {"iperf3-cubic-P4.json", "tcp-cubic-P30-client.txt",
                                 "iperf3-reno-P4.json", "tcp-reno-P30-client.txt"};
    for (int i = 0; i < 4; ++i) {
        ImportResult result = FileImporter::importFile(test::samplePath(files[i]));
        QVERIFY(!result.datasets.empty());
        auto dataset = std::make_shared<const Dataset>(std::move(result.datasets.front()));
        runs.push_back({DatasetAnalysis::of(dataset), &reports[static_cast<std::size_t>(i)],
                        QString::fromLatin1(files[i]), QString(),
                        QStringList{i < 2 ? QStringLiteral("cubic") : QStringLiteral("reno")}});
    }
    const QString tag = QStringLiteral("tag");
    const ReportContent automatic = ReportContent::of({}, runs, {}, tag);
    QCOMPARE(automatic.comparisons.size(), std::size_t(1));
    QCOMPARE(automatic.comparisons[0].title, QStringLiteral("tag=cubic vs tag=reno"));

    // Chosen: the groups the other way round, and two runs; each as chosen, in order, and
    // no automatic one. A choice with a side not shown is named and left out.
    const std::vector<ChosenComparison> chosen{
        {QStringLiteral("tag=reno"), QStringLiteral("tag=cubic"), true},
        {QStringLiteral("iperf3-reno-P4.json"), QStringLiteral("iperf3-cubic-P4.json"), false},
        {QStringLiteral("iperf3-reno-P4.json"), QStringLiteral("hidden run"), false}};
    const ReportContent content = ReportContent::of({}, runs, {}, tag, chosen);
    QCOMPARE(content.comparisons.size(), std::size_t(2));
    QCOMPARE(content.comparisons[0].title, QStringLiteral("tag=reno vs tag=cubic"));
    // Groups of two runs: the run-level comparison first, then the pooled flows.
    QVERIFY(content.comparisons[0].tables[0].caption.startsWith(
        QStringLiteral("Run-level comparison: each run one value")));
    QCOMPARE(content.comparisons[0].tables[1].rows[0],
             (QStringList{"flows", "34", "34", "-", "-"})); // 4 + 30 flows pooled per group
    QCOMPARE(content.comparisons[1].title,
             QStringLiteral("iperf3-reno-P4.json vs iperf3-cubic-P4.json"));
    const ThroughputComparison expected =
        ThroughputComparison::of(QStringLiteral("iperf3-reno-P4.json"), runs[2].analysis->flows,
                                 QStringLiteral("iperf3-cubic-P4.json"), runs[0].analysis->flows);
    QCOMPARE(content.comparisons[1].summary, expected.summary());
    const QString notes = content.comparisonNotes.join(QLatin1Char(' '));
    QVERIFY2(notes.contains(QStringLiteral("chosen in the Compare tab")), qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("iperf3-reno-P4.json vs hidden run")),
             qPrintable(notes));
    // Only a choice that cannot be made: the report's own pick follows.
    const ReportContent fallback = ReportContent::of({}, runs, {}, tag, {chosen[2]});
    QCOMPARE(fallback.comparisons.size(), std::size_t(1));
    QCOMPARE(fallback.comparisons[0].title, QStringLiteral("tag=cubic vs tag=reno"));
}

QTEST_GUILESS_MAIN(TestWorkbench)
#include "tst_workbench.moc"
