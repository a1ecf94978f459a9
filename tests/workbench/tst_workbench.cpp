// The application model without a toolkit: labels from patterns, the store's palette,
// background jobs handing their results to their receiver's thread, and the comparisons a
// report makes (those chosen in the Compare tab first).
#include "BackgroundJobs.h"
#include "DatasetGrouping.h"
#include "DatasetMetadata.h"
#include "DatasetStore.h"
#include "ImportController.h"
#include "LabelPattern.h"
#include "ReportContent.h"
#include "StoreSupport.h"
#include "TestSupport.h"
#include "stats/Comparison.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSignalSpy>
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
    void storeKeepsUsersMetadata();
    void workspaceRestoresUsersMetadata();
    void reportMarksUsersMetadata();
    void reportWarnsOfGroupsThatMix();
    void metadataFieldsOfTheLogAndTheUser();
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
    // A key of the user's own is a placeholder on the datasets that have it.
    GroupMember own = member;
    own.metadata = {{"testbed", "geni"}, {"congestion_control", "reno"}};
    QCOMPARE(LabelPattern::expand(QStringLiteral("{Testbed} {congestion_control}"), own, 1),
             QStringLiteral("geni reno"));
    QCOMPARE(LabelPattern::unknownPlaceholders(QStringLiteral("{testbed} {x}"), {"testbed"}),
             QStringList{"x"});
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
        runs.push_back({DatasetAnalysis::of(dataset),
                        &reports[static_cast<std::size_t>(i)],
                        QString::fromLatin1(files[i]),
                        QString(),
                        QStringList{i < 2 ? QStringLiteral("cubic") : QStringLiteral("reno")},
                        {}});
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

// The user's metadata on many datasets at once: keys as grouping looks them up, one change
// for the lot, an empty value giving the log's back; grouping uses it (the GENI logs name no
// congestion control).
void TestWorkbench::storeKeepsUsersMetadata() {
    DatasetStore store;
    const int cubic = test::addLog(store, test::samplePath("geni-cubic-P30.txt"), "c");
    const int reno = test::addLog(store, test::samplePath("geni-reno-P30.txt"), "r");
    const int known = test::addLog(store, test::samplePath("tcp-reno-P30-client.txt"), "k");
    const auto groupNames = [&store] {
        std::vector<GroupMember> members;
        for (const DatasetEntry& entry : store.entries())
            members.push_back(DatasetGrouping::memberOf(entry));
        QStringList names;
        for (const DatasetGroup& group :
             DatasetGroups::group(members, QStringLiteral("congestion_control")))
            names << QStringLiteral("%1:%2").arg(group.name()).arg(group.members.size());
        return names;
    };
    QCOMPARE(groupNames(),
             (QStringList{"congestion_control=reno:1", "congestion_control not recorded:2"}));

    QSignalSpy changed(&store, &DatasetStore::changed);
    store.setMetadata({cubic, reno, 999}, {{"Congestion-Control", "cubic"}, {"testbed", "geni"}});
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().first().toInt(), -1);
    QCOMPARE(store.find(cubic)->metadata,
             (QMap<QString, QString>{{"congestion_control", "cubic"}, {"testbed", "geni"}}));
    store.setMetadata({reno}, {{"congestion_control", "reno"}});
    QCOMPARE(groupNames(),
             (QStringList{"congestion_control=cubic:1", "congestion_control=reno:2"}));
    // The user's value replaces what a log says.
    store.setMetadata({known}, {{"congestion_control", "bbr"}});
    QCOMPARE(groupNames(), (QStringList{"congestion_control=bbr:1", "congestion_control=cubic:1",
                                        "congestion_control=reno:1"}));
    // Empty takes it away: the log's value is back.
    store.setMetadata({known}, {{"congestion_control", ""}});
    QVERIFY(store.find(known)->metadata.isEmpty());
    QCOMPARE(groupNames(),
             (QStringList{"congestion_control=cubic:1", "congestion_control=reno:2"}));
    changed.clear();
    store.setMetadata({known}, {{"congestion_control", ""}}); // nothing to change
    QCOMPARE(changed.count(), 0);
    // Data replaced (a live run growing) keeps what the user set.
    DatasetEntry fresh = *store.find(cubic);
    store.replaceData(cubic, std::move(fresh));
    QCOMPARE(store.find(cubic)->metadata.value("testbed"), QStringLiteral("geni"));
}

// A workspace's metadata reaches the store when its logs are read again; keys are looked up
// as grouping does, and a "label" or tag hidden in the metadata is left out.
void TestWorkbench::workspaceRestoresUsersMetadata() {
    Workspace workspace;
    for (const char* name : {"geni-cubic-P30.txt", "geni-reno-P30.txt"}) {
        WorkspaceDataset dataset;
        dataset.source = dataset.absoluteSource = test::samplePath(QString::fromLatin1(name));
        workspace.datasets.push_back(dataset);
    }
    workspace.datasets[0].metadata = {
        {"Congestion-Control", "cubic"}, {"label", "not a label"}, {"tag.x", "y"}};
    DatasetStore store;
    ImportController importer(&store);
    QSignalSpy finished(&importer, &ImportController::finished);
    importer.importWorkspace(workspace);
    QVERIFY(finished.wait(60000 * test::kSlowdown));
    QCOMPARE(store.entries().size(), std::size_t(2));
    QCOMPARE(store.entries()[0].metadata,
             (QMap<QString, QString>{{"congestion_control", "cubic"}}));
    QVERIFY(store.entries()[1].metadata.isEmpty());
}

namespace {

// One report run per sample log, labelled by its file name; `imports` keeps the parse reports
// the runs point to.
std::vector<ReportRun> reportRunsOf(const std::vector<const char*>& names,
                                    std::vector<ImportResult>* imports) {
    for (const char* name : names)
        imports->push_back(FileImporter::importFile(test::samplePath(QString::fromLatin1(name))));
    std::vector<ReportRun> runs;
    for (ImportResult& result : *imports) {
        ReportRun run;
        run.analysis =
            DatasetAnalysis::of(std::make_shared<const Dataset>(result.datasets.front()));
        run.parseReport = &result.report;
        run.label = QFileInfo(result.datasets.front().sourceFile).fileName();
        runs.push_back(std::move(run));
    }
    return runs;
}

} // namespace

// The report's run tables show a value the user set in place of the log's, marked, and say
// what the mark means; a key of the user's own gets a column.
void TestWorkbench::reportMarksUsersMetadata() {
    std::vector<ImportResult> imports;
    std::vector<ReportRun> runs =
        reportRunsOf({"tcp-cubic-P30-client.txt", "geni-reno-P30.txt"}, &imports);
    const auto column = [](const Table& table, const QString& header) {
        QStringList cells;
        const qsizetype c = table.header.indexOf(header);
        for (const QStringList& row : table.rows)
            cells << (c < 0 ? QString() : row[c]);
        return cells;
    };
    const ReportContent plain = ReportContent::of("t", runs, {}, QString());
    QCOMPARE(column(plain.runs, "congestion control"), (QStringList{"cubic", "-"}));
    QVERIFY(plain.metadataNote.isEmpty());
    QCOMPARE(plain.runs.header.indexOf("testbed"), -1);

    runs[0].metadata = {{"congestion_control", "bbr"}};
    runs[1].metadata = {{"congestion_control", "reno"}, {"testbed", "geni"}, {"host", "node-1"}};
    const ReportContent marked =
        ReportContent::of("t", runs, {}, QStringLiteral("congestion_control"));
    QCOMPARE(column(marked.runs, "congestion control"), (QStringList{"bbr*", "reno*"}));
    QCOMPARE(column(marked.runs, "testbed"), (QStringList{"-", "geni*"}));
    QCOMPARE(column(marked.environment, "host"), (QStringList{"-", "node-1*"}));
    QCOMPARE(marked.runs.header.indexOf("host"), -1); // shown in the environment table only
    QVERIFY(marked.metadataNote.startsWith(QStringLiteral("* set by the user")));
    // The report compares the groups the user's values make.
    QVERIFY(!marked.comparisons.empty());
    QCOMPARE(marked.comparisons.front().title,
             QStringLiteral("congestion_control=bbr vs congestion_control=reno"));
}

// The GENI example: the logs do not name their algorithm; with congestion_control set by the
// user the report groups cubic against reno, and says that the cubic group pools a -P 1 run
// with -P 30 runs, in the group table and in the comparison's note.
void TestWorkbench::reportWarnsOfGroupsThatMix() {
    std::vector<ImportResult> imports;
    std::vector<ReportRun> runs =
        reportRunsOf({"geni-cubic-P30.txt", "geni-cubic-P1.txt", "geni-reno-P30.txt"}, &imports);
    for (ReportRun& run : runs)
        run.metadata = {
            {"congestion_control", run.label.contains(QLatin1String("cubic")) ? "cubic" : "reno"}};
    const ReportContent content =
        ReportContent::of("t", runs, {}, QStringLiteral("congestion_control"));
    const QString warning =
        QStringLiteral("Warning: congestion_control=cubic: pools -P 1 and -P 30 runs.");
    QCOMPARE(content.groupSummaries.size(), std::size_t(1));
    QCOMPARE(content.groupSummaries.front().warning, warning);
    QVERIFY2(content.comparisonNotes.join(' ').contains(warning),
             qPrintable(content.comparisonNotes.join(' ')));
    QCOMPARE(content.comparisons.front().title,
             QStringLiteral("congestion_control=cubic vs congestion_control=reno"));
}

// The one key space the Set metadata dialog lists: the log's keys (with or without a value),
// a run plan's parameters, the user's own keys; per key what the logs say, what the user set
// and which log values the user's replace.
void TestWorkbench::metadataFieldsOfTheLogAndTheUser() {
    ImportResult cubic = FileImporter::importFile(test::samplePath("tcp-cubic-P30-client.txt"));
    ImportResult geni = FileImporter::importFile(test::samplePath("geni-reno-P30.txt"));
    Dataset planned = cubic.datasets.front();
    planned.info.parameters.insert(QStringLiteral("rate"), QStringLiteral("20mbit"));
    std::vector<GroupMember> members{{&planned, {"x=y"}, {}, {{"congestion_control", "bbr"}}},
                                     {&geni.datasets.front(), {}, {}, {{"testbed", "geni"}}}};
    const QStringList keys = DatasetMetadata::keysOf(members);
    for (const char* key : {"tool", "streams", "congestion_control", "host"})
        QVERIFY2(keys.contains(QLatin1String(key)), key); // host: no log says it, still listed
    for (const char* key : {"label", "tag", "tag.x", "kind"})
        QVERIFY2(!keys.contains(QLatin1String(key)), key);
    QCOMPARE(keys.mid(keys.size() - 2), (QStringList{"parameters.rate", "testbed"}));

    const MetadataField cc = DatasetMetadata::fieldOf(members, "congestion_control");
    QCOMPARE(cc.logValues, QStringList{"cubic"}); // the GENI log says nothing
    QCOMPARE(cc.userValues, QStringList{"bbr"});
    QCOMPARE(cc.userSetCount, 1);
    QCOMPARE(cc.overriddenLogValues, QStringList{"cubic"});
    const MetadataField testbed = DatasetMetadata::fieldOf(members, "testbed");
    QVERIFY(testbed.logValues.isEmpty());
    QVERIFY(!testbed.overridesLog()); // fills a gap
    members[0].metadata.insert("parameters.rate", "50mbit");
    const MetadataField rate = DatasetMetadata::fieldOf(members, "parameters.rate");
    QCOMPARE(rate.overriddenLogValues, QStringList{"20mbit"});
    members[0].metadata.insert("parameters.rate", "20mbit"); // as the plan says
    QVERIFY(!DatasetMetadata::fieldOf(members, "parameters.rate").overridesLog());

    QVERIFY(DatasetMetadata::refusal("Congestion-Control").isEmpty());
    for (const char* key : {"label", "tag", "tag.site", "kind", " ", "parameters.", "{n}"})
        QVERIFY2(!DatasetMetadata::refusal(QLatin1String(key)).isEmpty(), key);
}

QTEST_GUILESS_MAIN(TestWorkbench)
#include "tst_workbench.moc"
