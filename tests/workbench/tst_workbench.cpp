// The application model without a toolkit: labels from patterns, the store's palette, and
// background jobs handing their results to their receiver's thread.
#include "BackgroundJobs.h"
#include "DatasetStore.h"
#include "LabelPattern.h"
#include "StoreSupport.h"
#include "TestSupport.h"

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
};

void TestWorkbench::labelPatterns() {
    ImportResult result =
        FileImporter::importFile(test::samplePath(QStringLiteral("tcp-cubic-P30-client.txt")));
    const Dataset& dataset = result.datasets.front();
    const GroupMember member{&dataset, {QStringLiteral("site=lab"), QStringLiteral("x")}, {}};
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

QTEST_GUILESS_MAIN(TestWorkbench)
#include "tst_workbench.moc"
