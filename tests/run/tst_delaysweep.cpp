// The delay sweep recorded with samples/plans/delay-sweep.json (samples/delay-sweep, its
// README "2e"): ping through a tbf queue kept full by a UDP flood, its depth set by the plan's
// queue_delay_ms. `table --group-by parameters.queue_delay_ms` on the folder, with no metadata
// file, gives one row per configured delay in numeric order whose p50, p99 and loss equal an
// independent reading of that step's ping log (ReferenceReadings); each step's record keeps
// the tbf it configured and the router's qdisc as the kernel held it; `sweep` gives each
// delay's mean RTT and population standard deviation. No root needed.

#include "ReferenceReadings.h"
#include "TestSupport.h"

#include "files/StepRecord.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace wb;

namespace {

const QList<int> kQueueMs = {5, 10, 20, 40, 80};

QString stepStem(int queueMs) {
    return QString("ping-through-a-full-%1-ms-queue").arg(queueMs);
}

QString folder() {
    return test::samplePath("delay-sweep");
}

double statistic(const QJsonObject& group, const QString& name) {
    for (const QJsonValue& value : group.value("statistics").toArray())
        if (value.toObject().value("statistic").toString() == name)
            return value.toObject().value("mean").toDouble();
    return std::nan("");
}

} // namespace

class TestDelaySweep : public QObject {
    Q_OBJECT

private slots:
    void tableGroupsByTheConfiguredDepth() {
        const test::CliRun table = test::runCli(
            {"table", "--format", "json", "--group-by", "parameters.queue_delay_ms", folder()});
        QVERIFY2(table.exitCode == 0, qPrintable(table.err));
        // Every member completed, the load stopped by design when the ping ended included.
        QVERIFY2(!table.err.contains("did not complete"), qPrintable(table.err));
        const QJsonArray groups = QJsonDocument::fromJson(table.out.toUtf8())
                                      .object()
                                      .value("latency_under_load")
                                      .toObject()
                                      .value("groups")
                                      .toArray();
        QCOMPARE(groups.size(), kQueueMs.size());
        for (qsizetype i = 0; i < groups.size(); ++i) {
            const QJsonObject group = groups[i].toObject();
            const int queueMs = kQueueMs[i];
            QCOMPARE(group.value("group").toString(),
                     QString("parameters.queue_delay_ms=%1").arg(queueMs));
            QCOMPARE(group.value("runs").toInt(), 1);
            const QString ping = QDir(folder()).filePath(stepStem(queueMs) + ".ping.log");
            const std::vector<double> rtts = test::pingRttsOf(ping);
            QVERIFY(rtts.size() >= 95);
            QCOMPARE(statistic(group, "p50 (ms)"), test::numpyPercentile(rtts, 50));
            QCOMPARE(statistic(group, "p99 (ms)"), test::numpyPercentile(rtts, 99));
            QCOMPARE(statistic(group, "loss %"), test::pingLossPercentOf(ping));
            // A full queue of queue_delay_ms holds the ping about that long: within 10 % and the
            // bucket's 1600 bytes at 10 Mbit/s (1.28 ms).
            const double median = test::numpyPercentile(rtts, 50);
            QVERIFY2(std::abs(median - queueMs) <= 0.1 * queueMs + 1.28,
                     qPrintable(QString("%1 ms: median %2 ms").arg(queueMs).arg(median)));
        }
    }

    // `sweep --param queue_delay_ms --metric rtt-mean`: per configured delay (a bare number of
    // a delay parameter is in ms) the mean RTT, its % of the configured delay and the
    // population standard deviation of the RTTs, as the ping log reads.
    void sweepOfMeanRtt() {
        const test::CliRun sweep = test::runCli({"sweep", "--param", "queue_delay_ms", "--metric",
                                                 "rtt-mean", "--format", "json", folder()});
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.err));
        const QJsonArray series =
            QJsonDocument::fromJson(sweep.out.toUtf8()).object().value("series").toArray();
        QCOMPARE(series.size(), 1);
        const QJsonArray rows = series[0].toObject().value("rows").toArray();
        QCOMPARE(rows.size(), kQueueMs.size());
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QJsonObject row = rows[i].toObject();
            const int queueMs = kQueueMs[i];
            QCOMPARE(row.value("configured").toDouble(), double(queueMs));
            QCOMPARE(row.value("configured_unit").toString(), QString("ms"));
            QCOMPARE(row.value("runs").toInt(), 1);
            const std::vector<double> rtts =
                test::pingRttsOf(QDir(folder()).filePath(stepStem(queueMs) + ".ping.log"));
            double sum = 0;
            for (double rtt : rtts)
                sum += rtt;
            const double mean = sum / double(rtts.size());
            double squares = 0;
            for (double rtt : rtts)
                squares += (rtt - mean) * (rtt - mean);
            QCOMPARE(row.value("measured").toDouble(), mean);
            QCOMPARE(row.value("sample_stddev").toDouble(),
                     std::sqrt(squares / double(rtts.size())));
            QCOMPARE(row.value("percent_of_configured").toDouble(), 100 * mean / queueMs);
        }
    }

    // What the plan configured and what the router's tbf held are kept in each step's record.
    void recordsKeepTheQueue() {
        for (int queueMs : kQueueMs) {
            QString why;
            const std::optional<StepRecord> record =
                StepRecord::read(QDir(folder()).filePath(stepStem(queueMs) + ".run.json"), &why);
            QVERIFY2(record, qPrintable(why));
            const QString latency = QString("%1ms").arg(queueMs);
            bool configuredTbf = false;
            for (const CommandRecord& command : record->configured.setup) {
                QVERIFY(command.succeeded());
                configuredTbf = configuredTbf ||
                                (command.argv.contains("tbf") && command.argv.endsWith(latency));
            }
            QVERIFY(configuredTbf);
            bool routerRead = false;
            for (const CommandRecord& reading : record->configured.qdiscsAfterRun) {
                if (reading.place != "wbsp-qr")
                    continue;
                routerRead = true;
                QVERIFY2(reading.output.contains("qdisc tbf") &&
                             reading.output.contains("lat " + latency),
                         qPrintable(reading.output));
            }
            QVERIFY(routerRead);
        }
    }
};

QTEST_GUILESS_MAIN(TestDelaySweep)
#include "tst_delaysweep.moc"
