// A run's extra arguments for its tool (extra_args): which words are accepted and which are
// refused with the reason, read the way the tool's getopt reads them; where they go in the
// command; the run option in plans and on the command line; and a real ping on loopback
// whose log shows them.

#include "RunSupport.h"
#include "TestSupport.h"

#include "files/RunSidecar.h"
#include "run/ExperimentPlan.h"
#include "run/RunCommands.h"
#include "run/RunOptions.h"
#include "run/RunValidation.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace wb;
using namespace wb::test;

Q_DECLARE_METATYPE(wb::RunTool)

namespace {

RunSpec specWith(RunTool tool, const QStringList& extra) {
    RunSpec spec;
    spec.tool = tool;
    spec.target = QStringLiteral("198.18.0.2");
    spec.extraArgs = extra;
    return spec;
}

} // namespace

class TestExtraArgs : public QObject {
    Q_OBJECT

private slots:
    // refused: a part of the message (the word and why), or empty when accepted.
    void rules_data() {
        QTest::addColumn<RunTool>("tool");
        QTest::addColumn<QStringList>("words");
        QTest::addColumn<QString>("refused");
        const RunTool ping = RunTool::Ping;
        const RunTool iperf2 = RunTool::Iperf2;
        const RunTool iperf3 = RunTool::Iperf3;
        const auto row = [](const char* name, RunTool tool, const QStringList& words,
                            const char* refused) {
            QTest::newRow(name) << tool << words << QString::fromUtf8(refused);
        };
        // Accepted: options Wirebench leaves alone, values attached or in the next word.
        row("iperf3 window and length", iperf3, {"-w", "4M", "-l", "1400"}, "");
        row("iperf3 long with value", iperf3, {"--window", "4M", "--cport=5300"}, "");
        row("iperf3 abbreviated window", iperf3, {"--wind", "4M"}, "");
        row("iperf3 flags cluster", iperf3, {"-NZ4"}, "");
        row("iperf3 value attached", iperf3, {"-O2"}, "");
        row("iperf3 -T with its value", iperf3, {"-T-"}, "prefixes every output line");
        row("iperf3 unknown option with value", iperf3, {"--some-new-option", "7"}, "");
        row("iperf2 enhanced and window", iperf2, {"-e", "-w", "2M", "--len", "1400"}, "");
        row("iperf2 tos value eats -u", iperf2, {"-S", "-u"}, "");
        row("ping ttl", ping, {"-t", "32"}, "");
        row("ping ttl attached", ping, {"-t32", "-W", "2"}, "");
        row("ping pattern holding c", ping, {"-pfc"}, "");
        row("ping flags", ping, {"-4", "-O", "-U"}, "");
        // Refused: what Wirebench sets, the output and its format, the target.
        row("iperf3 -J", iperf3, {"-J"}, "\"-J\": -J sets what the run's \"json\" option sets");
        row("iperf3 -uJ", iperf3, {"-uJ"}, "\"-uJ\": -u sets what the run's \"udp\" option sets");
        row("iperf3 -NJ", iperf3, {"-NJ"}, "\"-NJ\": -J sets what the run's \"json\"");
        row("iperf3 --json", iperf3, {"--json"}, "\"--json\": --json sets");
        row("iperf3 --js abbreviation", iperf3, {"--js"}, "(short for --json)");
        row("iperf3 --logfile=x", iperf3, {"--logfile=x"}, "sends the output to a file");
        row("iperf3 --logf x", iperf3, {"--logf", "x"}, "(short for --logfile)");
        row("iperf3 -c", iperf3, {"-c", "198.18.0.9"}, "is where Wirebench puts the target");
        row("iperf3 -s", iperf3, {"-s"}, "would make the client a server");
        row("iperf3 -D", iperf3, {"-D"}, "would make the client a server");
        row("iperf3 --daemon", iperf3, {"--daemon"}, "would make the client a server");
        row("iperf3 -t", iperf3, {"-t", "30"}, "\"duration\" option");
        row("iperf3 --time=30", iperf3, {"--time=30"}, "\"duration\" option");
        row("iperf3 -i", iperf3, {"-i", "0.1"}, "\"report_interval\" option");
        row("iperf3 -P8", iperf3, {"-P8"}, "\"streams\" option");
        row("iperf3 -p", iperf3, {"-p", "5300"}, "\"port\" option");
        row("iperf3 -C", iperf3, {"-C", "reno"}, "\"congestion\" option");
        row("iperf3 --bitrate", iperf3, {"--bitrate=1M"}, "\"bandwidth\" option");
        row("iperf3 -n", iperf3, {"-n", "1G"}, "instead of the run's duration");
        row("iperf3 --timestamps", iperf3, {"--timestamps=%s"}, "prefixes every output line");
        row("iperf3 after a value", iperf3, {"-w", "4M", "-R"},
            "\"-R\": -R sets what the run's "
            "\"reverse\"");
        row("iperf3 second target", iperf3, {"-N", "198.18.0.9"}, "neither an option nor");
        row("iperf3 double dash", iperf3, {"--", "-J"}, "\"--\" ends the options");
        row("iperf2 -y C", iperf2, {"-y", "C"}, "changes the report format");
        row("iperf2 -o", iperf2, {"-ofile"}, "sends the output to a file");
        row("iperf2 -Z", iperf2, {"-Z", "reno"}, "\"congestion\" option");
        row("iperf2 --tcp-cong", iperf2, {"--tcp-cong", "reno"}, "(short for --tcp-congestion)");
        row("iperf2 -r", iperf2, {"-r"}, "past the run's duration");
        row("iperf2 --sum-only", iperf2, {"--sum-only"}, "the flows would be lost");
        row("ping -c", ping, {"-c", "5"}, "\"-c\": -c sets what the run's \"count\" option sets");
        row("ping -i", ping, {"-i0.5"}, "\"interval\" option");
        row("ping -s", ping, {"-s", "1400"}, "\"size\" option");
        row("ping -w", ping, {"-w", "5"}, "a deadline");
        row("ping -nD", ping, {"-OD"}, "\"-OD\": -D is set by Wirebench already");
        row("ping -q", ping, {"-q"}, "prints none of the replies");
        row("ping -f", ping, {"-f"}, "prints dots");
        row("ping long option", ping, {"--ttl=3"}, "ping (iputils) has no long options");
        row("ping second target", ping, {"198.18.0.9"}, "would read it as a second target");
        const RunTool irtt = RunTool::Irtt;
        row("irtt dscp and timeouts", irtt, {"--dscp=46", "--timeouts", "200ms,400ms"}, "");
        row("irtt stats and flags", irtt, {"--stats", "count", "-4", "--thread", "-Q"}, "");
        row("irtt hmac attached", irtt, {"--hmac=0x1234", "--fill", "rand"}, "");
        row("irtt -d", irtt, {"-d", "30s"}, "\"-d\": -d sets what the run's \"duration\" option");
        row("irtt -i attached", irtt, {"-i10ms"}, "\"interval\" option");
        row("irtt -l", irtt, {"-l", "1472"}, "\"length\" option");
        row("irtt -o", irtt, {"-o", "out.json"}, "the JSON on stdout is the run's log");
        row("irtt -q in a cluster", irtt, {"-4q"}, "\"-4q\": -q is set by Wirebench already");
        row("irtt -n", irtt, {"-n"}, "exits without measuring");
        row("irtt --loose", irtt, {"--loose"}, "would let the server change");
        row("irtt second target", irtt, {"198.18.0.9"}, "would read it as a second target");
        // Shell safety first, as for every word of a run.
        row("semicolon", iperf3, {"-w", "4M;reboot"}, "the shell metacharacter ';'");
        row("space", ping, {"-t 32"}, "whitespace");
        row("empty word", ping, {""}, "an empty argument");
    }

    void rules() {
        QFETCH(RunTool, tool);
        QFETCH(QStringList, words);
        QFETCH(QString, refused);
        const QString problem = RunValidation::checkExtraArguments(specWith(tool, words));
        if (refused.isEmpty()) {
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        } else {
            QVERIFY2(problem.contains(refused), qPrintable(problem));
            QVERIFY(RunValidation::check(specWith(tool, words)).contains(problem));
        }
    }

    void goAfterWirebenchsOwnOptions() {
        RunSpec ping = specWith(RunTool::Ping, {"-t", "32"});
        QCOMPARE(RunCommands::build(ping).client,
                 (QStringList{"ping", "-D", "-n", "-c", "10", "-i", "1", "-s", "56", "-t", "32",
                              "198.18.0.2"}));
        RunSpec iperf = specWith(RunTool::Iperf3, {"-w", "4M"});
        iperf.json = true;
        QCOMPARE(RunCommands::display(RunCommands::build(iperf).client),
                 QStringLiteral("iperf3 -c 198.18.0.2 -t 10 -i 1 -P 1 -J -w 4M"));
    }

    void planAndCommandLineTakeThem() {
        const RunOption* option = RunOptions::find(QStringLiteral("extra_args"));
        QVERIFY(option);
        QCOMPARE(option->kind, RunOption::Kind::Words);
        QCOMPARE(RunOptions::fromJson(RunOptions::toJson(specWith(RunTool::Iperf3, {"-w", "4M"})))
                     .extraArgs,
                 (QStringList{"-w", "4M"}));
        QTemporaryDir dir;
        QString plan = writeTestFile(dir.path(), "p.json", R"({"wirebench_plan": 1, "name": "p",
            "defaults": {"tool": "iperf3", "target": "198.18.0.2", "extra_args": ["-w", "4M"]},
            "runs": [{"name": "ok"},
                     {"name": "own", "extra_args": ["-l", "1400"]},
                     {"name": "bad", "extra_args": ["-uJ"]},
                     {"name": "typed", "extra_args": "-l 1400"}]})");
        ExperimentPlan loaded;
        QStringList errors;
        QVERIFY(!ExperimentPlan::load(plan, &loaded, &errors));
        const QString all = errors.join('\n');
        QVERIFY2(all.contains(R"(runs[2] step "bad": extra argument "-uJ": -u sets what the)"),
                 qPrintable(all));
        QVERIFY2(all.contains("runs[3].extra_args: must be an array of strings"), qPrintable(all));
        QCOMPARE(errors.size(), 2);
        plan = writeTestFile(dir.path(), "q.json", R"({"wirebench_plan": 1, "name": "p",
            "defaults": {"tool": "iperf3", "target": "198.18.0.2", "extra_args": ["-w", "4M"]},
            "runs": [{"name": "ok"}, {"name": "own", "extra_args": ["-l", "1400"]}]})");
        errors.clear();
        QVERIFY2(ExperimentPlan::load(plan, &loaded, &errors), qPrintable(errors.join('\n')));
        QCOMPARE(loaded.steps.at(0).spec.extraArgs, (QStringList{"-w", "4M"}));
        QCOMPARE(loaded.steps.at(1).spec.extraArgs, (QStringList{"-l", "1400"}));
    }

    // wirebench-cli run takes them as one string, refuses before anything runs and says why.
    void commandLineRefusesWithTheReason() {
        QTemporaryDir dir;
        const CliRun refused = runCli({"run", "--tool", "iperf3", "--extra-args", "-w 4M -uJ", "-o",
                                       dir.path(), "198.18.0.2"});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains(R"(extra argument "-uJ": -u sets what the run's "udp")"),
                 qPrintable(refused.err));
        QVERIFY(QDir(dir.path()).isEmpty());
    }

    // ping prints the pattern it was given: the log shows the extra argument took effect.
    void realPingShowsThemInItsLog() {
        QTemporaryDir dir;
        RunSpec spec;
        spec.target = QStringLiteral("127.0.0.1");
        spec.count = 2;
        spec.intervalSeconds = 0.2;
        spec.extraArgs = QStringList{"-p", "ff", "-t", "32"};
        const WatchedRun watched = watchRun(spec, dir.path(), QStringLiteral("pattern"), 20000);
        QVERIFY(watched.ended);
        QVERIFY2(watched.outcome.completed(), qPrintable(watched.outcome.error));
        const QByteArray log = readAll(watched.outcome.logPath);
        QVERIFY2(log.contains("PATTERN: 0xff"), log.constData());
        QCOMPARE(watched.outcome.result.report.samples, 2);
        QString why;
        const auto record = RunSidecar::read(watched.outcome.sidecarPath, &why);
        QVERIFY2(record, qPrintable(why));
        QVERIFY(RunCommands::display(record->command).endsWith("-p ff -t 32 127.0.0.1"));
    }
};

QTEST_GUILESS_MAIN(TestExtraArgs)
#include "tst_extraargs.moc"
