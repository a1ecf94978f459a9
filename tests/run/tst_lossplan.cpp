// samples/plans/udp-loss-netns.json run as a user runs it (`wirebench-cli run --plan`), made
// short: loss 0, 0.1 and 0.3 instead of six values, 2 s of iperf2 UDP instead of 10. Its setup
// makes the namespaces (wbsp-a, router wbsp-r, wbsp-b; 198.18.0.0/15) and the random drop on
// the receiver's INPUT, its teardown removes them. Checked: every step's sidecar holds its
// `loss` parameter, each setup command's output and exit, the qdiscs of the three namespaces
// after the setup and after the run (the router's tbf counting what it sent); the measured
// UDP loss, read from each client log's Server Report by a regular expression, lies in the
// binomial range of the configured probability; `table --group-by parameters.loss` on the
// folder, with no metadata file, makes one group per loss value whose SUM is the received
// rate of that step's Server Report, and `sweep --param loss --metric udp-loss` one row per
// configured probability with the Server Report's lost and total datagrams. Needs root; skipped
// otherwise.

#include "NetnsFixture.h"
#include "TestSupport.h"

#include "files/RunSidecar.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace wb;

namespace {

const QStringList kLosses = {"0", "0.1", "0.3"};
const QStringList kNamespaces = {"wbsp-a", "wbsp-r", "wbsp-b"};

// The shipped plan with the short matrix and duration.
QByteArray shortened(const QByteArray& json) {
    QJsonObject plan = QJsonDocument::fromJson(json).object();
    QJsonArray runs = plan.value("runs").toArray();
    QJsonObject run = runs[0].toObject();
    run.insert("matrix", QJsonObject{{"loss", QJsonArray{0, 0.1, 0.3}}});
    run.insert("duration", 2);
    run.insert("repetitions", 1);
    runs[0] = run;
    plan.insert("runs", runs);
    return QJsonDocument(plan).toJson();
}

bool anyNamespaceLeft() {
    QProcess ip;
    ip.start("ip", {"netns", "list"});
    ip.waitForFinished();
    const QString list = QString::fromUtf8(ip.readAll());
    for (const QString& name : kNamespaces)
        if (list.contains(QRegularExpression("(^|\\n)" + name + "( |\\n|$)")))
            return true;
    return false;
}

// Lost and total datagrams of the last Server Report in an iperf2 client log.
std::pair<qint64, qint64> serverReportCounts(const QString& path) {
    const QString text = QString::fromUtf8(test::readAll(path));
    const qsizetype report = text.lastIndexOf("Server Report:");
    static const QRegularExpression counts(" ([0-9]+)/ *([0-9]+) +\\(");
    const QRegularExpressionMatch match = counts.match(text, std::max<qsizetype>(report, 0));
    if (report < 0 || !match.hasMatch())
        return {-1, -1};
    return {match.captured(1).toLongLong(), match.captured(2).toLongLong()};
}

// The received rate of the last Server Report in an iperf2 client log, Mbits/sec as printed.
double serverReportMbits(const QString& path) {
    const QString text = QString::fromUtf8(test::readAll(path));
    const qsizetype report = text.lastIndexOf("Server Report:");
    static const QRegularExpression rate(" ([0-9.]+) Mbits/sec");
    const QRegularExpressionMatch match = rate.match(text, std::max<qsizetype>(report, 0));
    return report >= 0 && match.hasMatch() ? match.captured(1).toDouble() : -1;
}

// |lost - n p| within four standard deviations of Binomial(n, p) (a false alarm about once in
// 16,000 runs), and at most 0.5 % of the datagrams lost elsewhere (a full socket buffer).
bool withinBinomial(qint64 lost, qint64 total, double p) {
    const double expected = double(total) * p;
    const double bound = 4 * std::sqrt(double(total) * p * (1 - p)) + 0.005 * double(total);
    return std::abs(double(lost) - expected) <= bound;
}

const CommandRecord* placeReading(const std::vector<CommandRecord>& readings,
                                  const QString& place) {
    for (const CommandRecord& reading : readings)
        if (reading.place == place)
            return &reading;
    return nullptr;
}

// "Sent N bytes" of the tbf qdisc in a `tc -s qdisc show` output; -1 when there is none.
qint64 tbfSentBytes(const QString& output) {
    static const QRegularExpression sent("qdisc tbf [^\\n]*\\n Sent ([0-9]+) bytes");
    const QRegularExpressionMatch match = sent.match(output);
    return match.hasMatch() ? match.captured(1).toLongLong() : -1;
}

} // namespace

class TestLossPlan : public QObject {
    Q_OBJECT

private slots:
    void lossSweepFromAPlan() {
        const QString reason = test::NetnsPair::skipReason();
        if (!reason.isEmpty())
            QSKIP(qPrintable(reason));
        for (const char* tool : {"iperf", "iptables", "tc"})
            if (QStandardPaths::findExecutable(tool).isEmpty())
                QSKIP(qPrintable(QString("%1 is not installed").arg(tool)));
        if (anyNamespaceLeft())
            QSKIP("the namespaces of udp-loss-netns.json exist already (a run of the plan is "
                  "going on here)");
        QTemporaryDir dir;
        const QString plan = test::writeTestFile(
            dir.path(), "udp-loss-netns.json",
            shortened(test::readAll(test::samplePath("plans/udp-loss-netns.json"))));
        const QString output = dir.filePath("out");
        const test::CliRun run = test::runCliWithin({"run", "--plan", plan, "-o", output}, 90000);
        QVERIFY2(!anyNamespaceLeft(), "the teardown left namespaces behind");
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));

        const QStringList sidecars =
            QDir(output).entryList({"*.run.json"}, QDir::Files, QDir::Name);
        QCOMPARE(sidecars.size(), kLosses.size());
        QStringList losses;
        QMap<QString, double> receivedMbits; // by loss value
        QMap<QString, std::pair<qint64, qint64>> lostOfTotal;
        for (const QString& name : sidecars) {
            const QString path = QDir(output).filePath(name);
            QString why;
            const std::optional<RunRecord> record = RunSidecar::read(path, &why);
            QVERIFY2(record, qPrintable(why));
            QCOMPARE(record->status, QString("completed"));
            const QString loss = record->parameters.value("loss");
            losses << loss;
            const StepConfiguration& configured = record->configured;
            // Every setup command ran and exited 0; the drop rule carries the step's value.
            QCOMPARE(int(configured.setup.size()), 23);
            for (const CommandRecord& command : configured.setup)
                QVERIFY2(command.succeeded() && command.ended == "exited",
                         qPrintable(command.argv.join(' ') + ": " + command.errors));
            QVERIFY(configured.setup[21].argv.contains(loss));
            QVERIFY2(configured.setup[20].output.contains("2 received"),
                     qPrintable(configured.setup[20].output));
            QVERIFY2(configured.setup[22].output.contains("statistic mode random probability"),
                     qPrintable(configured.setup[22].output));
            QCOMPARE(int(configured.teardown.size()), 4);
            for (const CommandRecord& command : configured.teardown)
                QVERIFY(command.succeeded());
            // The router's tbf after the setup (the warm-up ping) and after the run.
            for (const QString& place : kNamespaces) {
                const CommandRecord* before = placeReading(configured.qdiscsAfterSetup, place);
                const CommandRecord* after = placeReading(configured.qdiscsAfterRun, place);
                QVERIFY2(before && after, qPrintable(place));
                QVERIFY2(before->succeeded() && after->succeeded(), qPrintable(place));
                QCOMPARE(before->argv,
                         (QStringList{"ip", "netns", "exec", place, "tc", "-s", "qdisc", "show"}));
            }
            const qint64 sentBefore =
                tbfSentBytes(placeReading(configured.qdiscsAfterSetup, "wbsp-r")->output);
            const qint64 sentAfter =
                tbfSentBytes(placeReading(configured.qdiscsAfterRun, "wbsp-r")->output);
            QVERIFY2(sentBefore >= 0 && sentAfter > sentBefore + 2000000,
                     qPrintable(placeReading(configured.qdiscsAfterRun, "wbsp-r")->output));

            const QString log =
                QDir(output).filePath(QFileInfo(name).completeBaseName().chopped(4) + ".log");
            const auto [lost, total] = serverReportCounts(log);
            receivedMbits.insert(loss, serverReportMbits(log));
            lostOfTotal.insert(loss, {lost, total});
            QVERIFY2(total > 1000, qPrintable(name));
            QVERIFY2(withinBinomial(lost, total, loss.toDouble()),
                     qPrintable(QString("%1: %2 of %3 lost").arg(loss).arg(lost).arg(total)));
            qInfo("loss %s: %lld of %lld datagrams lost", qPrintable(loss), lost, total);
        }
        losses.sort();
        QCOMPARE(losses, kLosses);

        // The parameters come from the sidecars alone: no metadata file in the folder.
        const test::CliRun table =
            test::runCli({"table", "--format", "json", "--group-by", "parameters.loss", output});
        QVERIFY2(table.exitCode == 0, qPrintable(table.err));
        const QJsonObject json = QJsonDocument::fromJson(table.out.toUtf8()).object();
        // One group per loss value, in numeric order, each the step's received rate.
        QStringList groups;
        for (const QJsonValue& value :
             json.value("throughput").toObject().value("groups").toArray()) {
            const QJsonObject group = value.toObject();
            groups << group.value("group").toString();
            QCOMPARE(group.value("runs").toInt(), 1);
            const QString loss = groups.back().section('=', 1);
            const QJsonObject sum = group.value("statistics").toArray().at(0).toObject();
            QCOMPARE(sum.value("statistic").toString(), QString("SUM (Mbits/s)"));
            QCOMPARE(sum.value("mean").toDouble(), receivedMbits.value(loss));
        }
        QCOMPARE(groups,
                 (QStringList{"parameters.loss=0", "parameters.loss=0.1", "parameters.loss=0.3"}));

        // The sweep: one row per configured probability (in %), the Server Reports' counts.
        const test::CliRun sweep = test::runCli(
            {"sweep", "--param", "loss", "--metric", "udp-loss", "--format", "json", output});
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.err));
        const QJsonObject sweepJson = QJsonDocument::fromJson(sweep.out.toUtf8()).object();
        const QJsonArray series = sweepJson.value("series").toArray();
        QCOMPARE(series.size(), 1);
        const QJsonArray rows = series[0].toObject().value("rows").toArray();
        QCOMPARE(rows.size(), kLosses.size());
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QJsonObject row = rows[i].toObject();
            const auto [lost, total] = lostOfTotal.value(kLosses[i]);
            QCOMPARE(row.value("configured_text").toString(), kLosses[i]);
            QCOMPARE(row.value("configured").toDouble(), 100 * kLosses[i].toDouble());
            QCOMPARE(row.value("runs").toInt(), 1);
            QCOMPARE(row.value("measured").toDouble(), 100.0 * double(lost) / double(total));
            const QJsonObject binomial = row.value("binomial").toObject();
            QCOMPARE(binomial.value("lost").toInteger(), lost);
            QCOMPARE(binomial.value("total").toInteger(), total);
        }
    }
};

QTEST_GUILESS_MAIN(TestLossPlan)
#include "tst_lossplan.moc"
