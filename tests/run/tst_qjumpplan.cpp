// samples/plans/qjump-table1.json, run as `wirebench-cli run --plan` runs it (PlanRunner): its own
// setup makes the namespaces (198.18.0.0/15), its teardown removes them, and the five rows keep
// the seed's order of harm (every loaded configuration's p50 at least 10x the idle one). To keep
// CI short the test runs a copy with ping -c 500 instead of 5000 and 1 s of load before the
// ping instead of 3 s (the flows last as long as the ping, "until"); everything else is the
// plan as shipped. Needs root; skipped otherwise.

#include "NetnsFixture.h"
#include "TestSupport.h"

#include "import/FileImporter.h"
#include "run/ExperimentPlan.h"
#include "run/PlanRunner.h"
#include "stats/LatencySummary.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace wb;

namespace {

constexpr int kTestPings = 500;
constexpr double kTestWarmUp = 1;

// The shipped plan with every ping member's count set to `count`, started at most `warmUp`
// seconds after the load.
QByteArray shortened(const QByteArray& json, int count, double warmUp) {
    QJsonObject plan = QJsonDocument::fromJson(json).object();
    QJsonArray runs = plan.value("runs").toArray();
    for (qsizetype r = 0; r < runs.size(); ++r) {
        QJsonObject run = runs[r].toObject();
        QJsonArray members = run.value("members").toArray();
        for (qsizetype m = 0; m < members.size(); ++m) {
            QJsonObject member = members[m].toObject();
            if (member.value("tool").toString() == QLatin1String("ping")) {
                member.insert("count", count);
                member.insert("start", std::min(member.value("start").toDouble(), warmUp));
            }
            members[m] = member;
        }
        run.insert("members", members);
        runs[r] = run;
    }
    plan.insert("runs", runs);
    return QJsonDocument(plan).toJson();
}

bool namespaceExists(const QString& name) {
    QProcess ip;
    ip.start("ip", {"netns", "list"});
    ip.waitForFinished();
    return QString::fromUtf8(ip.readAll()).contains(name);
}

} // namespace

class TestQjumpPlan : public QObject {
    Q_OBJECT

private slots:
    void orderOfHarm() {
        const QString reason = test::NetnsPair::skipReason();
        if (!reason.isEmpty())
            QSKIP(qPrintable(reason));
        if (namespaceExists("wbq-sw"))
            QSKIP("the namespaces of qjump-table1.json exist already (a run of the plan is going "
                  "on here)");
        QFile shipped(test::samplePath("plans/qjump-table1.json"));
        QVERIFY(shipped.open(QIODevice::ReadOnly));
        QTemporaryDir dir;
        const QString copy = dir.filePath("qjump-table1.json");
        {
            QFile file(copy);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(shortened(shipped.readAll(), kTestPings, kTestWarmUp));
        }
        ExperimentPlan plan;
        QStringList errors;
        QVERIFY2(ExperimentPlan::load(copy, &plan, &errors), qPrintable(errors.join('\n')));
        QCOMPARE(int(plan.steps.size()), 5);

        PlanRunner runner(plan);
        QEventLoop loop;
        QObject::connect(&runner, &PlanRunner::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(120000, &loop, &QEventLoop::quit);
        QElapsedTimer clock;
        clock.start();
        runner.start();
        loop.exec();
        qInfo("5 configurations in %.1f s", clock.elapsed() / 1000.0);
        QCOMPARE(int(runner.outcomes().size()), 5);
        QVERIFY2(!namespaceExists("wbq-"), "the teardown left namespaces behind");

        std::vector<double> p50;
        for (std::size_t i = 0; i < 5; ++i) {
            const RunOutcome& outcome = runner.outcomes()[i];
            QVERIFY2(outcome.completed(), qPrintable(outcome.error));
            QVERIFY(!outcome.members.empty());
            const RunOutcome& ping = outcome.members.front();
            const ImportResult result = FileImporter::importFile(ping.logPath);
            QVERIFY(result.ok() && result.datasets.size() == 1);
            const std::vector<double>& rtts = result.datasets.front().latency.rttMs;
            QVERIFY(rtts.size() >= std::size_t(kTestPings * 0.95));
            p50.push_back(LatencySummary::of(rtts).percentile(50));
            qInfo("%s: p50 %.3f ms over %zu replies", qPrintable(plan.steps[i].spec.label),
                  p50.back(), rtts.size());
        }
        for (std::size_t i = 1; i < 5; ++i)
            QVERIFY2(p50[i] >= 10 * p50[0], qPrintable(plan.steps[i].spec.label));
    }
};

QTEST_GUILESS_MAIN(TestQjumpPlan)
#include "tst_qjumpplan.moc"
