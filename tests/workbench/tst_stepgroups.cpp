#include "StoreSupport.h"
#include "TestSupport.h"

#include "DatasetGrouping.h"
#include "DatasetStore.h"

#include <QDir>
#include <QRegularExpression>
#include <QTest>

using namespace wb;

// The window's grouped views (DatasetGrouping) with the two latency-under-load steps of
// samples/latency-under-load loaded and grouped by congestion control: each step is one run
// of its group, in the Percentiles tab (its ping) and in the Flows tab (its flows) alike,
// with the step's values: its SUM per direction read here from the iperf3 receiver lines.
class TestStepGroups : public QObject {
    Q_OBJECT

private slots:
    void aStepIsOneRunOfItsGroupInEveryView();
};

namespace {

// The sum of the receiver lines' Mbits/sec of the step's logs whose member starts with `what`.
double receiverSum(const QString& congestion, const QString& what) {
    static const QRegularExpression receiver(QStringLiteral(R"(([0-9.]+) Mbits/sec\s+receiver)"));
    double sum = 0;
    for (const QString& member : {what + "-1", what + "-2"}) {
        const QString path = test::samplePath(
            QStringLiteral("latency-under-load%1/rrul-congestion-%2.%3.log")
                .arg(congestion == QLatin1String("reno") ? "-reno" : "", congestion, member));
        sum += receiver.match(QString::fromUtf8(test::readAll(path))).captured(1).toDouble();
    }
    return sum;
}

} // namespace

void TestStepGroups::aStepIsOneRunOfItsGroupInEveryView() {
    DatasetStore store;
    for (const QString& step :
         {QStringLiteral("latency-under-load"), QStringLiteral("latency-under-load-reno")}) {
        const QDir folder(test::samplePath(step));
        for (const QString& name :
             folder.entryList({QStringLiteral("*.log")}, QDir::Files, QDir::Name))
            if (!name.endsWith(QLatin1String(".server.log")))
                QVERIFY(test::addLog(store, folder.filePath(name), name) >= 0);
    }
    QCOMPARE(store.entries().size(), std::size_t(12));
    store.setGroupKey(QStringLiteral("congestion_control"));
    DatasetGrouping* grouping = DatasetGrouping::of(&store);
    const std::vector<PooledGroup> latency = grouping->latencyGroups();
    const std::vector<PooledGroup> throughput = grouping->throughputGroups();
    QCOMPARE(latency.size(), std::size_t(2));
    QCOMPARE(throughput.size(), std::size_t(2));
    const QStringList congestion{QStringLiteral("cubic"), QStringLiteral("reno")};
    for (std::size_t g = 0; g < 2; ++g) {
        const QString name = QStringLiteral("congestion_control=") + congestion[int(g)];
        QCOMPARE(latency[g].name, name);
        QCOMPARE(throughput[g].name, name);
        // Drawn: the ping in one view, the flows and the ss log in the other.
        QCOMPARE(latency[g].memberIds.size(), std::size_t(1));
        QCOMPARE(throughput[g].memberIds.size(), std::size_t(5));
        QVERIFY(latency[g].mixes.isEmpty());
        for (const PooledGroup* group : {&latency[g], &throughput[g]}) {
            QCOMPARE(group->runLevel->runCount, std::size_t(1));
            for (const QString& direction :
                 {QStringLiteral("upload"), QStringLiteral("download")}) {
                const GroupStatistic* sum =
                    group->runLevel->find(direction + QStringLiteral(" SUM (Mbits/s)"));
                QVERIFY(sum);
                const double expected =
                    receiverSum(congestion[int(g)], direction == "upload" ? "up" : "down");
                QVERIFY2(std::abs(sum->runs.mean - expected) < 1e-9,
                         qPrintable(QStringLiteral("%1 %2").arg(sum->runs.mean).arg(expected)));
            }
            QVERIFY(group->runLevel->find(QStringLiteral("p99 (ms)")));
        }
    }
}

QTEST_GUILESS_MAIN(TestStepGroups)
#include "tst_stepgroups.moc"
