// What a plan's step keeps of what was configured (PlanRunner, StepConfiguration): each setup
// and teardown command with its exit and output, bounded with a note; the qdiscs of every
// place the step names, after the setup and after the measurement, a place that cannot be read
// kept as such without failing the step; a step whose setup failed keeps it in a sidecar of its
// own. The places are found in prefixes and `ip` commands (StepPlaces). No root needed: the
// measurement is a ping of the loopback address.

#include "TestSupport.h"

#include "files/RunSidecar.h"
#include "files/StepRecord.h"
#include "run/ExperimentPlan.h"
#include "run/PlanRunner.h"
#include "run/StepPlaces.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace wb;

namespace {

QStringList placeNames(const std::vector<StepPlace>& places) {
    QStringList names;
    for (const StepPlace& place : places)
        names << place.name;
    return names;
}

ExperimentPlan planFrom(const QByteArray& json, const QString& folder) {
    ExperimentPlan plan;
    QStringList errors;
    if (!ExperimentPlan::fromJson(json, folder, &plan, &errors))
        qWarning("%s", qPrintable(errors.join('\n')));
    return plan;
}

// Runs the plan to its end; false when it did not end within a minute.
bool runToEnd(PlanRunner& runner) {
    QEventLoop loop;
    bool ended = false;
    QObject::connect(&runner, &PlanRunner::finished, &loop, [&] {
        ended = true;
        loop.quit();
    });
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    runner.start();
    if (!ended)
        loop.exec();
    return ended;
}

QJsonObject jsonOf(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                          : QJsonObject();
}

// A command for setup and teardown, whose words must be shell-safe: `say OUT ERR STATUS`
// prints OUT on stdout, ERR (unless "-") on stderr and exits with STATUS; `say --bytes N` prints N
// bytes of "x\n" lines.
QString writeSayScript(const QString& folder) {
    const QString path = folder + "/say";
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write("#!/bin/sh\n"
               "if [ \"$1\" = --bytes ]; then yes x | head -c \"$2\"; exit 0; fi\n"
               "echo \"$1\"; [ \"$2\" = - ] || echo \"$2\" >&2; exit \"$3\"\n");
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

// A namespace name no other process uses.
QString goneNamespace() {
    return QStringLiteral("wbsp-gone-%1").arg(QCoreApplication::applicationPid());
}

} // namespace

class TestPlanRecord : public QObject {
    Q_OBJECT

private slots:
    void namespacesInIpCommands_data() {
        QTest::addColumn<QStringList>("argv");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("netns add") << QStringList{"ip", "netns", "add", "r"} << QStringList{"r"};
        QTest::newRow("netns exec runs another command")
            << QStringList{"ip", "netns", "exec", "r", "ip", "-n", "x", "link"} << QStringList{"r"};
        QTest::newRow("-n") << QStringList{"ip", "-n", "r", "addr", "add", "1.2.3.4/24"}
                            << QStringList{"r"};
        QTest::newRow("-netns after another option")
            << QStringList{"/usr/sbin/ip", "-4", "-netns", "r", "route"} << QStringList{"r"};
        QTest::newRow("netns word after the object is not an option")
            << QStringList{"ip", "link", "add", "v0", "netns", "a", "type", "veth"}
            << QStringList{};
        QTest::newRow("not ip") << QStringList{"tc", "-n", "r", "qdisc"} << QStringList{};
    }
    void namespacesInIpCommands() {
        QFETCH(QStringList, argv);
        QFETCH(QStringList, names);
        QCOMPARE(StepPlaces::namespacesIn(argv), names);
    }

    // The client's and the server's prefixes, and a router namespace named only in setup, once
    // each; a step of members adds each member's prefixes.
    void placesOfSteps() {
        QTemporaryDir dir;
        const ExperimentPlan plan = planFrom(R"({"wirebench_plan": 1, "name": "p", "runs": [
            {"name": "one", "tool": "iperf", "start_server": true, "target": "198.18.1.1",
             "client_prefix": ["ip", "netns", "exec", "a"],
             "server_prefix": ["ip", "netns", "exec", "b"],
             "setup": [["ip", "netns", "add", "a"], ["ip", "netns", "add", "r"],
                       ["ip", "-n", "r", "link", "set", "lo", "up"],
                       ["ip", "netns", "exec", "b", "sysctl", "-q", "-w", "x=1"]]},
            {"name": "two", "target": "198.18.1.1",
             "members": [{"tool": "ping", "client_prefix": ["ssh", "node-1"]},
                         {"tool": "iperf", "start_server": true}]}]})",
                                             dir.path());
        QCOMPARE(int(plan.steps.size()), 2);
        QCOMPARE(placeNames(StepPlaces::of(plan.steps[0])), (QStringList{"a", "r", "b"}));
        QCOMPARE(StepPlaces::qdiscReading(StepPlaces::of(plan.steps[0])[1]),
                 (QStringList{"ip", "netns", "exec", "r", "tc", "-s", "qdisc", "show"}));
        QCOMPARE(placeNames(StepPlaces::of(plan.steps[1])),
                 (QStringList{"ssh node-1", "this host"}));
        QCOMPARE(StepPlaces::qdiscReading(StepPlaces::of(plan.steps[1])[1]),
                 (QStringList{"tc", "-s", "qdisc", "show"}));
    }

    // Setup output on both streams, a long output cut with its note, a failing teardown, a
    // place whose namespace does not exist: all in the run's sidecar, next to what was there.
    void stepKeepsWhatWasConfigured() {
        if (QStandardPaths::findExecutable("ping").isEmpty())
            QSKIP("ping is not installed");
        QTemporaryDir dir;
        const QString say = writeSayScript(dir.path());
        const QByteArray json = QStringLiteral(R"({"wirebench_plan": 1, "name": "p",
            "runs": [{"name": "ping", "target": "127.0.0.1", "count": 2, "interval": 0.2,
              "server_prefix": ["ip", "netns", "exec", "%1"],
              "matrix": {"loss": [0.25]},
              "setup": [["%2", "set-{loss}", "careful", "0"], ["%2", "--bytes", "40000"]],
              "teardown": [["%2", "undone", "-", "3"]]}]})")
                                    .arg(goneNamespace(), say)
                                    .toUtf8();
        ExperimentPlan plan = planFrom(json, dir.path());
        QCOMPARE(int(plan.steps.size()), 1);
        plan.outputDir = dir.path();
        PlanRunner runner(plan);
        QVERIFY(runToEnd(runner));
        QCOMPARE(int(runner.outcomes().size()), 1);
        const RunOutcome& outcome = runner.outcomes().front();
        // Only the teardown failed; the reading of the missing namespace did not.
        QCOMPARE(outcome.status, RunOutcome::Status::Failed);
        QCOMPARE(
            outcome.error,
            QString("teardown command \"%1 undone - 3\" failed (exit status 3): undone").arg(say));
        QVERIFY(!outcome.result.datasets.empty());

        QString why;
        const std::optional<RunRecord> record = RunSidecar::read(outcome.sidecarPath, &why);
        QVERIFY2(record, qPrintable(why));
        QCOMPARE(record->parameters.value("loss"), QString("0.25"));
        const StepConfiguration& configured = record->configured;
        QCOMPARE(int(configured.setup.size()), 2);
        const CommandRecord& first = configured.setup[0];
        QCOMPARE(first.argv, (QStringList{say, "set-0.25", "careful", "0"}));
        QCOMPARE(first.ended, QString("exited"));
        QCOMPARE(first.exitCode, std::optional<int>(0));
        QCOMPARE(first.output, QString("set-0.25\n"));
        QCOMPARE(first.errors, QString("careful\n"));
        QVERIFY(first.outputNote.isEmpty() && first.errorsNote.isEmpty());
        const CommandRecord& longOne = configured.setup[1];
        QCOMPARE(longOne.output,
                 QString("x\n").repeated(20000).left(CommandRecord::kMaxStreamBytes));
        QCOMPARE(longOne.outputNote, QString("cut: 40000 bytes printed, the first %1 kept")
                                         .arg(CommandRecord::kMaxStreamBytes));
        QCOMPARE(int(configured.teardown.size()), 1);
        QCOMPARE(configured.teardown[0].exitCode, std::optional<int>(3));
        QCOMPARE(configured.teardown[0].output, QString("undone\n"));

        // The client runs here, the server's prefix names a namespace that is not there.
        for (const auto* readings : {&configured.qdiscsAfterSetup, &configured.qdiscsAfterRun}) {
            QCOMPARE(int(readings->size()), 2);
            const CommandRecord& here = readings->at(0);
            QCOMPARE(here.place, QString("this host"));
            QCOMPARE(here.argv, (QStringList{"tc", "-s", "qdisc", "show"}));
            if (QStandardPaths::findExecutable("tc").isEmpty()) {
                QCOMPARE(here.ended, QString("not started"));
            } else {
                QVERIFY2(here.succeeded(), qPrintable(here.errors));
                QVERIFY2(here.output.contains("qdisc ") && here.output.contains("Sent "),
                         qPrintable(here.output));
            }
            const CommandRecord& gone = readings->at(1);
            QCOMPARE(gone.place, goneNamespace());
            QVERIFY(!gone.succeeded());
            QVERIFY2(gone.ended == "not started" || gone.errors.contains(goneNamespace()),
                     qPrintable(gone.errors));
        }

        // Additive: an older reader still finds what it knew, at the version it reads.
        const QJsonObject root = jsonOf(outcome.sidecarPath);
        QCOMPARE(root.value("wirebench_run").toInt(), RunSidecar::kVersion);
        QCOMPARE(root.value("label").toString(), record->label);
        QCOMPARE(root.value("configured")
                     .toObject()
                     .value("setup")
                     .toArray()
                     .at(0)
                     .toObject()
                     .value("stdout")
                     .toString(),
                 QString("set-0.25\n"));
        // Rewriting the record (as settling an interrupted run does) keeps it.
        const QString copy = dir.filePath("copy.run.json");
        QVERIFY(RunSidecar::write(copy, *record, &why));
        QCOMPARE(jsonOf(copy).value("configured"), root.value("configured"));
    }

    // A failing setup skips the measurement; its sidecar, of the step's own, keeps why, the
    // setup's output, the queues after it and the teardown.
    void failedSetupKeptInASidecarOfItsOwn() {
        QTemporaryDir dir;
        const QString say = writeSayScript(dir.path());
        ExperimentPlan plan = planFrom(QStringLiteral(R"({"wirebench_plan": 1, "name": "p",
            "runs": [{"name": "ping", "target": "127.0.0.1", "count": 2,
              "setup": [["%1", "half", "-", "4"], ["%1", "never", "-", "0"]],
              "teardown": [["%1", "undone", "-", "0"]]}]})")
                                           .arg(say)
                                           .toUtf8(),
                                       dir.path());
        plan.outputDir = dir.path();
        PlanRunner runner(plan);
        QVERIFY(runToEnd(runner));
        const RunOutcome& outcome = runner.outcomes().front();
        QCOMPARE(outcome.status, RunOutcome::Status::Failed);
        QCOMPARE(outcome.sidecarPath, dir.filePath(plan.steps[0].fileStem + ".run.json"));
        QVERIFY(!QFile::exists(dir.filePath(plan.steps[0].fileStem + ".log")));
        QString why;
        const std::optional<RunRecord> record = RunSidecar::read(outcome.sidecarPath, &why);
        QVERIFY2(record, qPrintable(why));
        QCOMPARE(record->status, QString("failed"));
        QCOMPARE(record->error, outcome.error);
        QVERIFY(record->error.contains("exit status 4"));
        QCOMPARE(int(record->configured.setup.size()), 1);
        QCOMPARE(record->configured.setup[0].output, QString("half\n"));
        QCOMPARE(record->configured.setup[0].exitCode, std::optional<int>(4));
        QCOMPARE(int(record->configured.qdiscsAfterSetup.size()), 1);
        QVERIFY(record->configured.qdiscsAfterRun.empty());
        QCOMPARE(int(record->configured.teardown.size()), 1);
        QCOMPARE(record->configured.teardown[0].output, QString("undone\n"));
    }

    // A step of members keeps it in the step's record, which StepRecord reads back.
    void stepOfMembersKeepsItInTheStepRecord() {
        if (QStandardPaths::findExecutable("ping").isEmpty())
            QSKIP("ping is not installed");
        QTemporaryDir dir;
        const QString say = writeSayScript(dir.path());
        ExperimentPlan plan = planFrom(QStringLiteral(R"({"wirebench_plan": 1, "name": "p",
            "runs": [{"name": "pair", "target": "127.0.0.1",
              "members": [{"tool": "ping", "count": 2, "interval": 0.2},
                          {"name": "second", "tool": "ping", "count": 100, "interval": 0.2,
                           "until": "ping"}],
              "setup": [["%1", "ready", "-", "0"]]}]})")
                                           .arg(say)
                                           .toUtf8(),
                                       dir.path());
        plan.outputDir = dir.path();
        PlanRunner runner(plan);
        QVERIFY(runToEnd(runner));
        const RunOutcome& outcome = runner.outcomes().front();
        QVERIFY2(outcome.completed(), qPrintable(outcome.error));
        QString why;
        const std::optional<StepRecord> record = StepRecord::read(outcome.sidecarPath, &why);
        QVERIFY2(record, qPrintable(why));
        QCOMPARE(int(record->members.size()), 2);
        QCOMPARE(int(record->configured.setup.size()), 1);
        QCOMPARE(record->configured.setup[0].output, QString("ready\n"));
        QCOMPARE(int(record->configured.qdiscsAfterRun.size()), 1);
        // The member stopped by design (until) completed, and its own sidecar says so.
        QCOMPARE(int(outcome.members.size()), 2);
        const std::optional<RunRecord> second =
            RunSidecar::read(outcome.members[1].sidecarPath, &why);
        QVERIFY2(second, qPrintable(why));
        QCOMPARE(second->status, QString("completed"));
        QVERIFY(second->error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPlanRecord)
#include "tst_planrecord.moc"
