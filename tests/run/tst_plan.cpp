#include "run/ExperimentPlan.h"
#include "run/RunCommands.h"

#include "TestSupport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace wb;

class TestPlan : public QObject {
    Q_OBJECT

private slots:
    void matrixTimesRepetitionsOrder();
    void defaultsAndRunOverride();
    void matrixOverridesOptions();
    void substitutionInCommandsAndStrings();
    void numbersPrintAsJsonDoes();
    void labelTemplateAndStems();
    void singleRunWithoutMatrix();
    void irttRun();
    void outputPathResolution();
    void outputOutsideThePlanFolder_data();
    void outputOutsideThePlanFolder();
    void stemNeverLooksLikeAServerLog();
    void errors_data();
    void errors();
    void newerVersionIsTheOnlyError();
    void collectsEveryError();
    void stepProblemReportedOncePerRun();
    void invalidJsonNamesLine();
    void loadProblems();
    void samplePlans_data();
    void samplePlans();

private:
    // Parses `json` expecting success; fails the test with the errors otherwise.
    static ExperimentPlan parse(const QByteArray& json, const QString& baseDir = "/plans");
    // Parses `json` expecting failure; the errors.
    static QStringList problems(const QByteArray& json);
    static QStringList labels(const ExperimentPlan& plan);
};

ExperimentPlan TestPlan::parse(const QByteArray& json, const QString& baseDir) {
    ExperimentPlan plan;
    QStringList errors;
    const bool ok = ExperimentPlan::fromJson(json, baseDir, &plan, &errors);
    if (!ok || !errors.isEmpty())
        qWarning().noquote() << "unexpected plan errors:\n" << errors.join(QLatin1Char('\n'));
    return ok ? plan : ExperimentPlan{};
}

QStringList TestPlan::problems(const QByteArray& json) {
    ExperimentPlan plan;
    plan.name = QStringLiteral("untouched");
    QStringList errors;
    const bool ok = ExperimentPlan::fromJson(json, QStringLiteral("/plans"), &plan, &errors);
    if (ok || errors.isEmpty() || plan.name != QLatin1String("untouched"))
        qWarning("plan was accepted or errors were empty or the plan was changed");
    return ok ? QStringList() : errors;
}

QStringList TestPlan::labels(const ExperimentPlan& plan) {
    QStringList out;
    for (const PlanStep& step : plan.steps)
        out << step.spec.label;
    return out;
}

void TestPlan::matrixTimesRepetitionsOrder() {
    const ExperimentPlan plan = parse(R"({
        "wirebench_plan": 1, "name": "cc",
        "runs": [{"name": "tcp", "tool": "iperf3", "target": "198.18.0.2",
                  "matrix": {"streams": [1, 30], "congestion": ["cubic", "reno"]},
                  "repetitions": 3}]})");
    QCOMPARE(plan.name, QStringLiteral("cc"));
    QCOMPARE(plan.steps.size(), std::size_t(12));

    // Keys in alphabetical order (congestion before streams, whatever the file's order), the
    // last key fastest, repetitions outermost.
    QStringList expected;
    for (int rep = 1; rep <= 3; ++rep)
        for (const char* cc : {"cubic", "reno"})
            for (int streams : {1, 30})
                expected << QStringLiteral("tcp congestion=%1 streams=%2 #%3")
                                .arg(QLatin1String(cc))
                                .arg(streams)
                                .arg(rep);
    QCOMPARE(labels(plan), expected);

    const PlanStep& sixth = plan.steps[5]; // rep 2, cubic, 30 streams
    QCOMPARE(sixth.spec.tool, RunTool::Iperf3);
    QCOMPARE(sixth.spec.congestionControl, QStringLiteral("cubic"));
    QCOMPARE(sixth.spec.streams, 30);
    QCOMPARE(sixth.spec.target, QStringLiteral("198.18.0.2"));
    const QMap<QString, QString> parameters{
        {"congestion", "cubic"}, {"streams", "30"}, {"repetition", "2"}, {"run", "tcp"}};
    QCOMPARE(sixth.spec.parameters, parameters);
    QCOMPARE(sixth.fileStem, QStringLiteral("tcp-congestion-cubic-streams-30-2"));

    QSet<QString> stems;
    for (const PlanStep& step : plan.steps)
        stems.insert(step.fileStem);
    QCOMPARE(stems.size(), 12);
}

void TestPlan::defaultsAndRunOverride() {
    const ExperimentPlan plan = parse(R"({
        "wirebench_plan": 1, "name": "p",
        "defaults": {"target": "198.18.0.2", "count": 50, "interval": 0.5,
                     "client_prefix": ["ip", "netns", "exec", "wb-a"]},
        "runs": [{"name": "a"},
                 {"name": "b", "count": 7, "target": "198.18.0.3", "size": 1400,
                  "client_prefix": []},
                 {"name": "c", "tool": "iperf2", "duration": 5, "report_interval": 0.5,
                  "udp": true, "bandwidth": 1000000, "reverse": true, "port": 5002,
                  "json": false, "start_server": true,
                  "server_prefix": ["ip", "netns", "exec", "wb-b"]}]})");
    QCOMPARE(plan.steps.size(), std::size_t(3));
    const RunSpec& a = plan.steps[0].spec;
    QCOMPARE(a.tool, RunTool::Ping);
    QCOMPARE(a.target, QStringLiteral("198.18.0.2"));
    QCOMPARE(a.count, 50);
    QCOMPARE(a.intervalSeconds, 0.5);
    QCOMPARE(a.packetSize, 56);
    QCOMPARE(a.clientPrefix, QStringList({"ip", "netns", "exec", "wb-a"}));
    QCOMPARE(a.label, QStringLiteral("a"));
    QCOMPARE(a.parameters, (QMap<QString, QString>{{"run", "a"}}));

    const RunSpec& b = plan.steps[1].spec;
    QCOMPARE(b.count, 7);
    QCOMPARE(b.target, QStringLiteral("198.18.0.3"));
    QCOMPARE(b.packetSize, 1400);
    QCOMPARE(b.intervalSeconds, 0.5);
    QVERIFY(b.clientPrefix.isEmpty());

    const RunSpec& c = plan.steps[2].spec;
    QCOMPARE(c.tool, RunTool::Iperf2);
    QCOMPARE(c.durationSeconds, 5);
    QCOMPARE(c.reportIntervalSeconds, 0.5);
    QVERIFY(c.udp);
    QCOMPARE(c.bandwidth, QStringLiteral("1000000"));
    QVERIFY(c.reverse);
    QCOMPARE(c.port, 5002);
    QVERIFY(!c.json);
    QVERIFY(c.startServer);
    QCOMPARE(c.serverPrefix, QStringList({"ip", "netns", "exec", "wb-b"}));
    QCOMPARE(c.clientPrefix, QStringList({"ip", "netns", "exec", "wb-a"}));
}

void TestPlan::matrixOverridesOptions() {
    const ExperimentPlan plan = parse(R"({
        "wirebench_plan": 1, "name": "p",
        "defaults": {"target": "198.18.0.2", "tool": "iperf3", "streams": 4, "udp": false},
        "runs": [{"name": "m", "streams": 8,
                  "matrix": {"streams": [2, 16], "udp": [true, false],
                             "bandwidth": ["10M", 500]}}]})");
    QCOMPARE(plan.steps.size(), std::size_t(8));
    QCOMPARE(plan.steps[0].spec.label, QStringLiteral("m bandwidth=10M streams=2 udp=true"));
    QCOMPARE(plan.steps[0].spec.streams, 2);
    QVERIFY(plan.steps[0].spec.udp);
    QCOMPARE(plan.steps[0].spec.bandwidth, QStringLiteral("10M"));
    QCOMPARE(plan.steps[7].spec.label, QStringLiteral("m bandwidth=500 streams=16 udp=false"));
    QCOMPARE(plan.steps[7].spec.streams, 16);
    QVERIFY(!plan.steps[7].spec.udp);
    QCOMPARE(plan.steps[7].spec.bandwidth, QStringLiteral("500"));
    QCOMPARE(plan.steps[7].spec.parameters.value("udp"), QStringLiteral("false"));
}

void TestPlan::substitutionInCommandsAndStrings() {
    const ExperimentPlan plan = parse(R"({
        "wirebench_plan": 1, "name": "loss",
        "defaults": {"target": "198.18.0.{host}"},
        "runs": [{"name": "udp", "tool": "iperf", "udp": true, "congestion": "{cc}",
                  "bandwidth": "{rate}M",
                  "matrix": {"loss": [0.05, 0.1], "host": [2], "rate": [10],
                             "cc": ["reno"]},
                  "repetitions": 2,
                  "setup": [["ip", "netns", "exec", "wb-b", "iptables", "-A", "INPUT",
                             "-m", "statistic", "--mode", "random", "--probability", "{loss}",
                             "-j", "DROP"],
                            ["logger", "{run}-{repetition}"]],
                  "teardown": [["ip", "netns", "exec", "wb-b", "iptables", "-D", "INPUT",
                                "-m", "statistic", "--mode", "random", "--probability",
                                "{loss}", "-j", "DROP"]]}]})");
    QCOMPARE(plan.steps.size(), std::size_t(4));
    const PlanStep& step = plan.steps[1]; // rep 1, loss 0.1
    QCOMPARE(step.spec.target, QStringLiteral("198.18.0.2"));
    QCOMPARE(step.spec.bandwidth, QStringLiteral("10M"));
    QCOMPARE(step.spec.congestionControl, QStringLiteral("reno"));
    QCOMPARE(step.setup.size(), 2);
    QCOMPARE(step.setup[0],
             QStringList({"ip", "netns", "exec", "wb-b", "iptables", "-A", "INPUT", "-m",
                          "statistic", "--mode", "random", "--probability", "0.1", "-j", "DROP"}));
    QCOMPARE(step.setup[1], QStringList({"logger", "udp-1"}));
    QCOMPARE(step.teardown.size(), 1);
    QCOMPARE(step.teardown[0][12], QStringLiteral("0.1"));
    QCOMPARE(plan.steps[2].setup[0][12], QStringLiteral("0.05"));
    QCOMPARE(plan.steps[3].setup[1], QStringList({"logger", "udp-2"}));
    QCOMPARE(step.spec.parameters, (QMap<QString, QString>{{"cc", "reno"},
                                                           {"host", "2"},
                                                           {"loss", "0.1"},
                                                           {"rate", "10"},
                                                           {"repetition", "1"},
                                                           {"run", "udp"}}));
}

void TestPlan::numbersPrintAsJsonDoes() {
    // 5 and 5.0 are the same JSON number, so that matrix lists one value twice.
    QVERIFY(problems(R"({"wirebench_plan": 1, "name": "n",
        "runs": [{"name": "r", "target": "198.18.0.2", "matrix": {"x": [5, 5.0]}}]})")
                .contains(R"(runs[0].matrix.x[1]: "5" is listed twice)"));

    const ExperimentPlan ok = parse(R"({
        "wirebench_plan": 1, "name": "n",
        "runs": [{"name": "r", "target": "198.18.0.2", "label": "{x}",
                  "matrix": {"x": [5, 0.05, 1e-7, 2.5e6, -3, 123456789012, 0.1, true, "s"]}}]})");
    QCOMPARE(labels(ok), QStringList({"5", "0.05", "1e-07", "2500000", "-3", "123456789012", "0.1",
                                      "true", "s"}));
}

void TestPlan::labelTemplateAndStems() {
    const ExperimentPlan plan = parse(R"({
        "wirebench_plan": 1, "name": "stems",
        "defaults": {"target": "198.18.0.2"},
        "runs": [{"name": "a", "label": "P {p}: ({run}) #{repetition}", "repetitions": 2,
                  "matrix": {"p": ["x/y", "x y"]}},
                 {"name": "b", "label": "P {p}: (a) #1", "matrix": {"p": ["x/y"]}},
                 {"name": "c", "label": "../.."},
                 {"name": "d", "label": "Same"},
                 {"name": "e", "label": "same"}]})");
    QCOMPARE(labels(plan),
             QStringList({"P x/y: (a) #1", "P x y: (a) #1", "P x/y: (a) #2", "P x y: (a) #2",
                          "P x/y: (a) #1", "../..", "Same", "same"}));
    QStringList stems;
    for (const PlanStep& step : plan.steps)
        stems << step.fileStem;
    // Unsafe characters become one '-'; duplicates get -2, -3; case-insensitive file systems
    // would merge "Same" and "same"; a label of dots does not name a parent folder.
    QCOMPARE(stems, QStringList({"P-x-y-a-1", "P-x-y-a-1-2", "P-x-y-a-2", "P-x-y-a-2-2",
                                 "P-x-y-a-1-3", "step", "Same", "same-2"}));
}

void TestPlan::singleRunWithoutMatrix() {
    const ExperimentPlan plan = parse(R"({"wirebench_plan": 1, "name": "one",
        "runs": [{"name": "ping", "target": "198.18.0.2", "repetitions": 2}]})");
    QCOMPARE(labels(plan), QStringList({"ping #1", "ping #2"}));
    QCOMPARE(plan.steps[1].spec.parameters,
             (QMap<QString, QString>{{"repetition", "2"}, {"run", "ping"}}));
    QVERIFY(plan.steps[0].setup.isEmpty());
    QVERIFY(plan.steps[0].teardown.isEmpty());
}

// "tool": "irtt" with its options; "length" is irtt's alone, the others are shared.
void TestPlan::irttRun() {
    const ExperimentPlan plan = parse(R"({"wirebench_plan": 1, "name": "one",
        "defaults": {"server_prefix": ["ip", "netns", "exec", "b"]},
        "runs": [{"name": "owd", "tool": "irtt", "target": "198.18.0.2", "interval": 0.02,
                  "duration": 15, "length": 1472, "port": 2300, "start_server": true,
                  "matrix": {"interval": [0.02, 0.005]}}]})");
    QCOMPARE(labels(plan), QStringList({"owd interval=0.02", "owd interval=0.005"}));
    const RunSpec& spec = plan.steps[1].spec;
    QCOMPARE(spec.tool, RunTool::Irtt);
    QCOMPARE(spec.intervalSeconds, 0.005);
    QCOMPARE(spec.durationSeconds, 15);
    QCOMPARE(spec.packetLength, 1472);
    QCOMPARE(spec.port, 2300);
    QVERIFY(spec.startServer);
    const RunCommands commands = RunCommands::build(spec);
    QCOMPARE(RunCommands::display(commands.client),
             QStringLiteral("irtt client -o - -q -d 15s -i 5ms -l 1472 198.18.0.2:2300"));
    QCOMPARE(RunCommands::display(commands.server),
             QStringLiteral("ip netns exec b irtt server -b :2300 -i 0"));
    const QStringList refused = problems(R"({"wirebench_plan": 1, "name": "one",
        "runs": [{"name": "owd", "tool": "irtt", "target": "198.18.0.2", "length": -1,
                  "extra_args": ["--loose"]}]})");
    QVERIFY2(refused.join('\n').contains("runs[0].length: must be an integer 0..65507"),
             qPrintable(refused.join('\n')));
}

void TestPlan::outputPathResolution() {
    const auto outputOf = [](const QByteArray& output, const QString& baseDir) {
        QByteArray json = R"({"wirebench_plan": 1, "name": "exp1", )";
        if (!output.isEmpty())
            json += R"("output": ")" + output + R"(", )";
        json += R"("runs": [{"name": "r", "target": "198.18.0.2"}]})";
        return parse(json, baseDir).outputDir;
    };
    QCOMPARE(outputOf({}, "/data/plans"), QStringLiteral("/data/plans/exp1"));
    QCOMPARE(outputOf("results/today", "/data/plans"), QStringLiteral("/data/plans/results/today"));
    QCOMPARE(outputOf("results/../today", "/data/plans/"), QStringLiteral("/data/plans/today"));
    QCOMPARE(outputOf("/srv/wb/out/", "/data/plans"), QStringLiteral("/srv/wb/out"));
    // A relative base folder is made absolute against the current folder.
    QCOMPARE(outputOf({}, "rel"), QDir::cleanPath(QDir::currentPath() + "/rel/exp1"));

    const QStringList empty = problems(R"({"wirebench_plan": 1, "name": "x", "output": "",
        "runs": [{"name": "r", "target": "198.18.0.2"}]})");
    QCOMPARE(empty, QStringList({"output: must be a non-empty string (a folder)"}));
}

void TestPlan::outputOutsideThePlanFolder_data() {
    QTest::addColumn<QString>("output");
    QTest::addColumn<QString>("error");
    const QString outside = QStringLiteral("leads outside the plan's folder (to %1); a relative "
                                           "output stays inside it");
    QTest::newRow("parent") << "../results"
                            << "output: \"../results\" " + outside.arg("/plans-parent/results");
    QTest::newRow("parent after a folder")
        << "a/../../x"
        << "output: \"a/../../x\" " + outside.arg("/plans-parent/x");
    QTest::newRow("to /etc") << "../../etc"
                             << "output: \"../../etc\" " + outside.arg("/etc");
}

// The plan's folder is /plans-parent/plans, which need not exist: the check is on the path.
void TestPlan::outputOutsideThePlanFolder() {
    QFETCH(QString, output);
    QFETCH(QString, error);
    ExperimentPlan plan;
    QStringList errors;
    const QByteArray json = R"({"wirebench_plan": 1, "name": "x", "output": ")" + output.toUtf8() +
                            R"(", "runs": [{"name": "r", "target": "198.18.0.2"}]})";
    QVERIFY(!ExperimentPlan::fromJson(json, "/plans-parent/plans", &plan, &errors));
    QCOMPARE(errors, QStringList{error});
}

// NAME.server.log is the server log of a step whose stem is NAME: a label ending in
// ".server" must not make its own log look like one.
void TestPlan::stemNeverLooksLikeAServerLog() {
    QCOMPARE(ExperimentPlan::fileStemFor("a.server"), QStringLiteral("a-server"));
    QCOMPARE(ExperimentPlan::fileStemFor("A.Server"), QStringLiteral("A-Server"));
    QCOMPARE(ExperimentPlan::fileStemFor("a.servers"), QStringLiteral("a.servers"));
    QCOMPARE(ExperimentPlan::fileStemFor("a.server.b"), QStringLiteral("a.server.b"));
}

void TestPlan::errors_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");

    const QByteArray ok = R"("name": "p", "defaults": {"target": "198.18.0.2"})";
    const auto plan = [&](const QByteArray& runs) {
        return R"({"wirebench_plan": 1, )" + ok + R"(, "runs": )" + runs + "}";
    };
    QTest::newRow("version missing")
        << QByteArray(R"({"name": "p", "runs": [{"name": "r", "target": "h"}]})")
        << R"(wirebench_plan: missing; a plan starts with "wirebench_plan": 1)";
    QTest::newRow("version not a number")
        << QByteArray(R"({"wirebench_plan": "1", "name": "p", "runs": [{"name": "r"}]})")
        << "wirebench_plan: must be the integer 1";
    QTest::newRow("version zero")
        << QByteArray(R"({"wirebench_plan": 0, "name": "p", "runs": [{"name": "r"}]})")
        << "wirebench_plan: must be the integer 1";
    QTest::newRow("not an object")
        << QByteArray("[1, 2]") << "expected a JSON object at the top level, found an array";
    QTest::newRow("empty file") << QByteArray("  \n") << "the file is empty, not a Wirebench plan";
    QTest::newRow("unknown top-level key")
        << QByteArray(R"({"wirebench_plan": 1, "name": "p", "run": [], "runs": [{"name": "r",
            "target": "h"}]})")
        << R"(top level: unknown key "run")";
    QTest::newRow("unknown run key")
        << plan(R"([{"name": "r", "stream": 4}])") << R"(runs[0]: unknown key "stream")";
    QTest::newRow("unknown defaults key")
        << QByteArray(R"({"wirebench_plan": 1, "name": "p", "defaults": {"matrix": {}},
            "runs": [{"name": "r", "target": "h"}]})")
        << R"(defaults: unknown key "matrix")";
    QTest::newRow("unknown matrix key") << plan(R"([{"name": "r", "matrix": {"Loss": [1]}}])")
                                        << R"(runs[0].matrix: unknown key "Loss" (neither a run )"
                                           R"(option nor a parameter name of a-z 0-9 _))";
    QTest::newRow("prefix in matrix")
        << plan(R"([{"name": "r", "matrix": {"client_prefix": [["ssh", "a"]]}}])")
        << R"(runs[0].matrix: "client_prefix" cannot vary in a matrix (client_prefix, )"
           R"(server_prefix and label are per run))";
    QTest::newRow("reserved matrix key") << plan(R"([{"name": "r", "matrix": {"run": [1]}}])")
                                         << R"(runs[0].matrix: "run" is reserved ({run} is )"
                                            R"(filled in by Wirebench))";
    QTest::newRow("wrong type in matrix")
        << plan(R"([{"name": "a"}, {"name": "b", "matrix": {"streams": ["4"]}}])")
        << "runs[1].matrix.streams[0]: must be an integer 1..128";
    QTest::newRow("out of range in matrix")
        << plan(R"([{"name": "b", "matrix": {"streams": [4, 129]}}])")
        << "runs[0].matrix.streams[1]: must be an integer 1..128";
    QTest::newRow("fraction for integer") << plan(R"([{"name": "r", "count": 2.5}])")
                                          << "runs[0].count: must be an integer 1..10000000";
    QTest::newRow("zero interval")
        << plan(R"([{"name": "r", "interval": 0}])")
        << QStringLiteral("runs[0].interval: must be a number of seconds > 0 and ≤ 3600");
    QTest::newRow("port range") << plan(R"([{"name": "r", "port": 0}])")
                                << "runs[0].port: must be an integer 1..65535";
    QTest::newRow("size range") << plan(R"([{"name": "r", "size": 65508}])")
                                << "runs[0].size: must be an integer 0..65507";
    QTest::newRow("duration range") << plan(R"([{"name": "r", "duration": 0}])")
                                    << "runs[0].duration: must be an integer 1..86400";
    QTest::newRow("string for bool")
        << plan(R"([{"name": "r", "udp": "yes"}])") << "runs[0].udp: must be true or false";
    QTest::newRow("unknown tool")
        << plan(R"([{"name": "r", "tool": "fping"}])")
        << "runs[0].tool: must be one of ping, iperf, iperf2, iperf3, irtt";
    QTest::newRow("number for target")
        << plan(R"([{"name": "r", "target": 42}])") << "runs[0].target: must be a string";
    QTest::newRow("bool for bandwidth")
        << plan(R"([{"name": "r", "bandwidth": true}])")
        << QStringLiteral("runs[0].bandwidth: must be a string like \"10M\" or a number ≥ 0");
    QTest::newRow("prefix word not a string")
        << plan(R"([{"name": "r", "client_prefix": ["ssh", 1]}])")
        << "runs[0].client_prefix[1]: must be a string";
    QTest::newRow("prefix not an array") << plan(R"([{"name": "r", "server_prefix": "ssh b"}])")
                                         << "runs[0].server_prefix: must be an array of strings";
    QTest::newRow("empty matrix array") << plan(R"([{"name": "r", "matrix": {"loss": []}}])")
                                        << "runs[0].matrix.loss: must be a non-empty array of "
                                           "values";
    QTest::newRow("matrix value an object")
        << plan(R"([{"name": "r", "matrix": {"loss": [{}]}}])")
        << "runs[0].matrix.loss[0]: must be a string, a number, true or false";
    QTest::newRow("matrix value twice") << plan(R"([{"name": "r", "matrix": {"loss": [1, 1]}}])")
                                        << R"(runs[0].matrix.loss[1]: "1" is listed twice)";
    QTest::newRow("matrix not an object") << plan(R"([{"name": "r", "matrix": [1]}])")
                                          << R"(runs[0].matrix: must be an object of {"key": )"
                                             R"([values...]})";
    QTest::newRow("unknown placeholder in setup")
        << plan(R"([{"name": "r", "matrix": {"loss": [1]}, "setup": [["tc", "{los}"]]}])")
        << "runs[0].setup[0][1]: unknown placeholder {los}; this run knows {loss}, "
           "{repetition}, {run}";
    QTest::newRow("unknown placeholder in label") << plan(R"([{"name": "r", "label": "{x}"}])")
                                                  << "runs[0].label: unknown placeholder {x}; "
                                                     "this run knows {repetition}, {run}";
    QTest::newRow("unknown placeholder from defaults")
        << QByteArray(R"({"wirebench_plan": 1, "name": "p", "defaults": {"target": "{host}"},
            "runs": [{"name": "a", "matrix": {"host": ["h"]}}, {"name": "b"}]})")
        << "defaults.target (used by runs[1]): unknown placeholder {host}; this run knows "
           "{repetition}, {run}";
    QTest::newRow("target starting with -")
        << QByteArray(R"({"wirebench_plan": 1, "name": "p", "runs": [{"name": "r",
            "target": "-f"}]})")
        << R"(runs[0] step "r": target "-f" starts with '-': the tool would read it as an )"
           R"(option, so it is refused)";
    QTest::newRow("target with ;")
        << QByteArray(R"({"wirebench_plan": 1, "name": "p", "runs": [{"name": "r",
            "target": "a;b"}]})")
        << R"(runs[0] step "r": target "a;b" contains the shell metacharacter ';', which no )"
           R"(host name or address has)";
    QTest::newRow("target missing")
        << QByteArray(R"({"wirebench_plan": 1, "name": "p", "runs": [{"name": "r"}]})")
        << R"(runs[0] step "r": the target is empty: give a host name or an address)";
    QTest::newRow("unsafe setup word")
        << plan(R"x([{"name": "r", "setup": [["echo", "$(reboot)"]]}])x")
        << R"x(runs[0].setup[0]: argument "$(reboot)" contains the shell metacharacter '$')x";
    QTest::newRow("unsafe word through substitution")
        << plan(R"([{"name": "r", "matrix": {"w": ["a b"]}, "teardown": [["echo", "{w}"]]}])")
        << R"(runs[0].teardown[0]: argument "a b" contains whitespace)";
    QTest::newRow("setup option as program")
        << plan(R"([{"name": "r", "setup": [["-rf", "x"]]}])")
        << R"(runs[0].setup[0] starts with "-rf", an option, not a program)";
    QTest::newRow("empty setup command") << plan(R"([{"name": "r", "setup": [[]]}])")
                                         << "runs[0].setup[0]: must be a non-empty array of "
                                            "strings (program and arguments)";
    QTest::newRow("setup word not a string") << plan(R"([{"name": "r", "setup": [["tc", 5]]}])")
                                             << "runs[0].setup[0][1]: must be a string";
    QTest::newRow("setup not an array") << plan(R"([{"name": "r", "teardown": "tc"}])")
                                        << "runs[0].teardown: must be an array of commands, each "
                                           "an array of strings";
    QTest::newRow("unsafe prefix")
        << plan(R"([{"name": "r", "client_prefix": ["ssh", "a&b"]}])")
        << R"(runs[0] step "r": the client prefix: argument "a&b" contains the shell )"
           R"(metacharacter '&')";
    QTest::newRow("repetitions") << plan(R"([{"name": "r", "repetitions": 0}])")
                                 << "runs[0].repetitions: must be an integer 1..1000";
    QTest::newRow("run name missing")
        << plan(R"([{"count": 3}])") << "runs[0].name: missing; every run has a name";
    QTest::newRow("run name bad") << plan(R"([{"name": "a b"}])")
                                  << "runs[0].name: must be 1 to 64 of the characters A-Z a-z "
                                     "0-9 . _ -";
    QTest::newRow("run name twice") << plan(R"([{"name": "a", "count": 0}, {"name": "a"}])")
                                    << R"(runs[1].name: another run is already named "a")";
    QTest::newRow("run not an object")
        << plan(R"([{"name": "a"}, 3])") << "runs[1]: must be an object";
    QTest::newRow("plan name ..")
        << QByteArray(R"({"wirebench_plan": 1, "name": "..", "runs": [{"name": "r",
            "target": "h"}]})")
        << "name: must be 1 to 64 of the characters A-Z a-z 0-9 . _ -";
    QTest::newRow("plan name missing")
        << QByteArray(R"({"wirebench_plan": 1, "runs": [{"name": "r", "target": "h"}]})")
        << "name: missing; every plan has a name";
    QTest::newRow("runs empty") << plan("[]") << "runs: must be a non-empty array of runs";
    QTest::newRow("runs missing") << QByteArray(R"({"wirebench_plan": 1, "name": "p"})")
                                  << "runs: missing; a plan needs at least one run";
    QTest::newRow("too many steps")
        << plan(R"([{"name": "r", "repetitions": 1000,
                     "matrix": {"a": [1, 2, 3], "b": [1, 2, 3, 4]}}])")
        << "runs: the plan expands to 12000 steps; at most 10000 are accepted";
}

void TestPlan::errors() {
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const QStringList errors = problems(json);
    if (!errors.contains(expected))
        qWarning().noquote() << "errors were:\n" << errors.join(QLatin1Char('\n'));
    QVERIFY(errors.contains(expected));
}

void TestPlan::newerVersionIsTheOnlyError() {
    // A newer plan may use keys this build does not know; listing them would only confuse.
    const QStringList errors = problems(R"({"wirebench_plan": 2, "name": "p", "loops": 3,
        "runs": [{"name": "r", "target": "h", "fancy": true}]})");
    QCOMPARE(errors, QStringList({"plan format version 2 is newer than this Wirebench reads (1)"}));
}

void TestPlan::collectsEveryError() {
    const QStringList errors = problems(R"({
        "name": "bad name",
        "defaults": {"stream": 3},
        "runs": [{"name": "a", "target": "198.18.0.2", "count": 0, "colour": "red"},
                 {"name": "b", "target": "198.18.0.2",
                  "matrix": {"streams": [0, 4, "8"], "loss": []}}]})");
    QCOMPARE(errors, QStringList({
                         R"(wirebench_plan: missing; a plan starts with "wirebench_plan": 1)",
                         "name: must be 1 to 64 of the characters A-Z a-z 0-9 . _ -",
                         R"(defaults: unknown key "stream")",
                         R"(runs[0]: unknown key "colour")",
                         "runs[0].count: must be an integer 1..10000000",
                         "runs[1].matrix.loss: must be a non-empty array of values",
                         "runs[1].matrix.streams[0]: must be an integer 1..128",
                         "runs[1].matrix.streams[2]: must be an integer 1..128",
                     }));
}

void TestPlan::stepProblemReportedOncePerRun() {
    const QStringList errors = problems(R"({"wirebench_plan": 1, "name": "p",
        "defaults": {"target": "-f", "tool": "iperf3"},
        "runs": [{"name": "a", "matrix": {"streams": [1, 2]}, "repetitions": 2,
                  "congestion": "cubic;reboot"},
                 {"name": "b", "setup": [["echo", "{run};"]]},
                 {"name": "c", "target": "h", "repetitions": 2, "teardown": [["rm", "*"]]}]})");
    QCOMPARE(errors, QStringList({
                         R"(runs[0] step "a streams=1 #1": target "-f" starts with '-': the tool )"
                         R"(would read it as an option, so it is refused (and in 3 more steps))",
                         R"(runs[0] step "a streams=1 #1": congestion control "cubic;reboot" is )"
                         R"(not an algorithm name like cubic, reno or bbr (and in 3 more steps))",
                         R"(runs[1] step "b": target "-f" starts with '-': the tool would read )"
                         R"(it as an option, so it is refused)",
                         R"(runs[1].setup[0]: argument "b;" contains the shell metacharacter ';')",
                         R"(runs[2].teardown[0]: argument "*" contains the shell metacharacter )"
                         R"('*' (and in 1 more step))",
                     }));
}

void TestPlan::invalidJsonNamesLine() {
    // The comma after "p" is missing; Qt notices at the next quote, line 4, column 3.
    const QByteArray json = "{\n  \"wirebench_plan\": 1,\n  \"name\": \"p\"\n"
                            "  \"runs\": []\n}\n";
    QJsonParseError qt;
    QJsonDocument::fromJson(json, &qt);
    QCOMPARE(problems(json), QStringList({"not valid JSON at line 4, column 3: " +
                                          qt.errorString() + " (a plan is JSON)"}));
}

void TestPlan::loadProblems() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ExperimentPlan plan;
    QStringList errors;

    QVERIFY(!ExperimentPlan::load(dir.filePath("absent.json"), &plan, &errors));
    QCOMPARE(errors, QStringList({"no such file"}));

    QVERIFY(!ExperimentPlan::load(dir.path(), &plan, &errors));
    QCOMPARE(errors, QStringList({"a folder, not a plan file"}));

    QFile big(dir.filePath("big.json"));
    QVERIFY(big.open(QIODevice::WriteOnly));
    big.write(QByteArray(1024 * 1024 + 1, ' '));
    big.close();
    QVERIFY(!ExperimentPlan::load(big.fileName(), &plan, &errors));
    QCOMPARE(errors, QStringList({"1048577 bytes is too large for a plan (at most 1 MiB)"}));

    // A plan's output folder is inside the plan file's folder.
    QDir(dir.path()).mkdir("sub");
    QFile good(dir.filePath("sub/p.json"));
    QVERIFY(good.open(QIODevice::WriteOnly));
    good.write(R"({"wirebench_plan": 1, "name": "p", "output": "out",
                  "runs": [{"name": "r", "target": "198.18.0.2"}]})");
    good.close();
    QVERIFY(ExperimentPlan::load(good.fileName(), &plan, &errors));
    QVERIFY(errors.isEmpty());
    QCOMPARE(plan.outputDir, QDir::cleanPath(QDir(dir.path()).absoluteFilePath("sub/out")));
    QCOMPARE(plan.steps.size(), std::size_t(1));

    // ... also once symbolic links are followed: a link inside it to elsewhere is refused.
    QDir(dir.path()).mkdir("elsewhere");
    QVERIFY(QFile::link(dir.filePath("elsewhere"), dir.filePath("sub/linked")));
    QFile linked(dir.filePath("sub/linked.json"));
    QVERIFY(linked.open(QIODevice::WriteOnly));
    linked.write(R"({"wirebench_plan": 1, "name": "p", "output": "linked/out",
                    "runs": [{"name": "r", "target": "198.18.0.2"}]})");
    linked.close();
    QVERIFY(!ExperimentPlan::load(linked.fileName(), &plan, &errors));
    QCOMPARE(errors, QStringList{QStringLiteral("output: \"linked/out\" leads outside the "
                                                "plan's folder through a symbolic link (to %1); "
                                                "a relative output stays inside it")
                                     .arg(dir.filePath("elsewhere/out"))});
}

void TestPlan::samplePlans_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("steps");
    QTest::addColumn<QString>("firstLabel");
    QTest::newRow("cubic-vs-reno")
        << "cubic-vs-reno.json" << 12 << "tcp congestion=cubic streams=1 #1";
    QTest::newRow("udp-loss") << "udp-loss.json" << 18 << "udp loss=0 #1";
    QTest::newRow("geni-ssh") << "geni-ssh.json" << 5 << "baseline";
    QTest::newRow("qjump-table1") << "qjump-table1.json" << 5
                                  << "One host, idle network: ping 201 to 208";
    QTest::newRow("rrul-lite") << "rrul-lite.json" << 6 << "rrul congestion=cubic #1";
    QTest::newRow("udp-loss-netns") << "udp-loss-netns.json" << 6 << "udp loss=0";
    QTest::newRow("delay-sweep") << "delay-sweep.json" << 5 << "ping through a full 5 ms queue";
    QTest::newRow("irtt-under-load") << "irtt-under-load.json" << 4 << "irtt congestion=cubic #1";
}

void TestPlan::samplePlans() {
    QFETCH(QString, file);
    QFETCH(int, steps);
    QFETCH(QString, firstLabel);
    const QString path = test::samplePath("plans/" + file);
    ExperimentPlan plan;
    QStringList errors;
    const bool ok = ExperimentPlan::load(path, &plan, &errors);
    QVERIFY2(ok, qPrintable(errors.join(QLatin1Char('\n'))));
    QVERIFY(errors.isEmpty());
    QCOMPARE(int(plan.steps.size()), steps);
    QCOMPARE(plan.steps.front().spec.label, firstLabel);
    QCOMPARE(plan.name + ".json", file);
    QVERIFY(QDir::isAbsolutePath(plan.outputDir));
    QSet<QString> stems;
    for (const PlanStep& step : plan.steps) {
        stems.insert(step.fileStem);
        // Only the RFC 2544 benchmark range or the testbed's own node names.
        QStringList targets{step.spec.target};
        if (!step.members.empty()) {
            targets.clear();
            for (const StepMember& member : step.members)
                targets << member.spec.target;
        }
        for (const QString& target : targets)
            QVERIFY2(target.startsWith("198.18.") || target == QLatin1String("server-node"),
                     qPrintable(target));
    }
    QCOMPARE(int(stems.size()), steps);
}

QTEST_GUILESS_MAIN(TestPlan)
#include "tst_plan.moc"
