// Concurrent steps (ConcurrentStep): several members on one clock, their files and the step's
// record, the TCP state sampled with ss, a failing member, cancel, no overwrite, the grouping
// an import brings back, the plan's "members" and `wirebench-cli run --member`. The steps run
// on loopback (no root); the latency-under-load step through a tbf bottleneck runs between
// network namespaces made here (198.18.73.0/24, root; skipped otherwise).

#include "NetnsFixture.h"
#include "RunSupport.h"
#include "TestSupport.h"

#include "import/FileImporter.h"
#include "import/LogFiles.h"
#include "run/ExperimentPlan.h"
#include "run/RunCommands.h"
#include "run/StepMembers.h"
#include "stats/DatasetGroups.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace wb;
using namespace wb::test;

namespace {

QJsonObject readJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QByteArray fileBytes(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The samples of an ss log written as the brief says: a `date +%s.%N` line, then ss's output.
struct SsSample {
    double time = 0;
    QString text;
};

std::vector<SsSample> ssSamples(const QString& path) {
    static const QRegularExpression timeLine(QStringLiteral("^\\d{10}\\.\\d{9}$"));
    std::vector<SsSample> samples;
    for (const QString& line : QString::fromUtf8(fileBytes(path)).split(QLatin1Char('\n'))) {
        if (timeLine.match(line).hasMatch())
            samples.push_back({line.toDouble(), QString()});
        else if (!samples.empty())
            samples.back().text += line + QLatin1Char('\n');
    }
    return samples;
}

// Samples that show a connection to or from `port` with its cwnd (ss prints the TCP info on
// the line after the socket's).
int samplesWithCwnd(const std::vector<SsSample>& samples, int port) {
    int found = 0;
    const QString needle = QStringLiteral(":%1 ").arg(port);
    for (const SsSample& sample : samples) {
        const QStringList lines = sample.text.split(QLatin1Char('\n'));
        for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
            if ((lines[i] + QLatin1Char(' ')).contains(needle) &&
                lines[i + 1].contains(QLatin1String("cwnd:"))) {
                ++found;
                break;
            }
        }
    }
    return found;
}

double median(std::vector<double> values) {
    if (values.empty())
        return std::nan("");
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// The gaps between consecutive samples' times, over the part of the log where flows ran.
std::vector<double> gaps(const std::vector<SsSample>& samples) {
    std::vector<double> out;
    for (std::size_t i = 1; i < samples.size(); ++i)
        out.push_back(samples[i].time - samples[i - 1].time);
    return out;
}

// (ping -D timestamp, RTT in ms) of every reply.
std::vector<std::pair<double, double>> pingReplies(const QString& path) {
    static const QRegularExpression reply(QStringLiteral("^\\[(\\d+\\.\\d+)\\].*time=([0-9.]+) ms"),
                                          QRegularExpression::MultilineOption);
    std::vector<std::pair<double, double>> out;
    auto it = reply.globalMatch(QString::fromUtf8(fileBytes(path)));
    while (it.hasNext()) {
        const auto match = it.next();
        out.emplace_back(match.captured(1).toDouble(), match.captured(2).toDouble());
    }
    return out;
}

QJsonObject memberRecord(const QJsonObject& record, const QString& name) {
    for (const QJsonValue& member : record.value("members").toArray())
        if (member.toObject().value("name").toString() == name)
            return member.toObject();
    return {};
}

StepMember pingMember(const QString& target, double interval, double seconds,
                      const QStringList& prefix = {}) {
    StepMember member;
    member.spec.tool = RunTool::Ping;
    member.spec.target = target;
    member.spec.intervalSeconds = interval;
    member.spec.clientPrefix = prefix;
    StepMembers::pingFor(&member.spec, seconds);
    return member;
}

StepMember flowMember(RunTool tool, const QString& target, double start, int seconds,
                      const QStringList& clientPrefix = {}, const QStringList& serverPrefix = {}) {
    StepMember member;
    member.spec.tool = tool;
    member.spec.target = target;
    member.spec.durationSeconds = seconds;
    member.spec.startServer = true;
    member.spec.clientPrefix = clientPrefix;
    member.spec.serverPrefix = serverPrefix;
    member.startSeconds = start;
    return member;
}

// Every log of a folder imported as the workbench and the CLI do (LogFiles, FileImporter).
struct FolderImport {
    std::vector<Dataset> datasets;
    QStringList unread; // files with an error
};

FolderImport importFolder(const QString& dir) {
    FolderImport out;
    for (const QString& file : LogFiles::expand({dir}).files) {
        ImportResult result = FileImporter::importFile(file);
        if (!result.ok())
            out.unread << QFileInfo(file).fileName();
        for (Dataset& dataset : result.datasets)
            out.datasets.push_back(std::move(dataset));
    }
    return out;
}

bool isRoot() {
    return NetnsPair::skipReason().isEmpty();
}

} // namespace

class TestSteps : public QObject {
    Q_OBJECT

private slots:
    void membersAreCompletedAndChecked();
    void fastPingIsGivenTimeUnderLoad();
    void planMembers();
    void planMemberErrors();
    void loopbackStepKeepsOneClock();
    void failingMemberEndsTheStep();
    void cancelStopsEveryMember();
    void untilStopsTheLoadWithThePing();
    void irttMembersAreNamedAndGivenPorts();
    void irttWithUntilEndsByItsDuration();
    void latencyUnderLoadTakesIrtt();
    void planIrttMembers();
    void irttRunsUntilThePingEnds();
    void cliRunsMembers();
    void latencyUnderLoad();
    void ssSamplesStayInOrderOnASaturatedMachine();
    void ssSamplesThatReadLateStayInOrder();
};

void TestSteps::membersAreCompletedAndChecked() {
    std::vector<StepMember> members{pingMember("198.18.0.2", 0.1, 5),
                                    flowMember(RunTool::Iperf3, "198.18.0.2", 1, 3),
                                    flowMember(RunTool::Iperf3, "198.18.0.2", 1, 3),
                                    flowMember(RunTool::Iperf2, "198.18.0.2", 1, 3)};
    members[2].spec.reverse = true;
    StepMembers::complete(&members);
    QCOMPARE(members[0].name, QStringLiteral("ping"));
    QCOMPARE(members[0].spec.count, 50); // 5 s at 0.1 s
    QCOMPARE(members[1].name, QStringLiteral("iperf-1"));
    QCOMPARE(members[2].name, QStringLiteral("iperf-2"));
    QCOMPARE(members[3].name, QStringLiteral("iperf-3"));
    // Concurrent servers on one host each get their own port.
    QCOMPARE(members[1].spec.port, 5201);
    QCOMPARE(members[2].spec.port, 5202);
    QCOMPARE(members[3].spec.port, 5001);
    QVERIFY2(StepMembers::check(members).isEmpty(),
             qPrintable(StepMembers::check(members).join(";")));

    // Uploads are sampled at the client (dport), -R at the server (sport), one command per host.
    members[1].spec.clientPrefix = {"ip", "netns", "exec", "a"};
    members[3].spec.clientPrefix = {"ip", "netns", "exec", "a"};
    members[2].spec.serverPrefix = {"ip", "netns", "exec", "b"};
    QStringList skipped;
    const auto commands = StepMembers::tcpSampleCommands(members, &skipped);
    QVERIFY(skipped.isEmpty());
    QCOMPARE(int(commands.size()), 2);
    QCOMPARE(commands[0].join(' '), QStringLiteral("ip netns exec a ss -tin ( dport = :5201 or "
                                                   "dport = :5001 )"));
    QCOMPARE(commands[1].join(' '), QStringLiteral("ip netns exec b ss -tin sport = :5202"));

    members[3].name = "iperf-1";
    members[2].until = "nobody";
    members[1].startSeconds = -1;
    const QStringList problems = StepMembers::check(members).join('\n').split('\n');
    QVERIFY2(problems.size() == 3, qPrintable(problems.join('\n')));
    QVERIFY(problems.join('\n').contains("member \"iperf-1\": another member has this name"));
    QVERIFY(problems.join('\n').contains("until names no other member"));
    QVERIFY(problems.join('\n').contains("start must be 0 to"));
    QVERIFY(!StepMembers::checkSampleSeconds(0.005).isEmpty());
    QVERIFY(!StepMembers::checkSampleSeconds(1.5).isEmpty());
    QVERIFY(StepMembers::checkSampleSeconds(0.01).isEmpty());
}

// QJump's ping -i 0.001 -c 5000 takes about 36 s under load (iputils sleeps 10 ms while a reply
// is outstanding); it must not be stopped as hung after 5 s + the grace.
void TestSteps::fastPingIsGivenTimeUnderLoad() {
    RunSpec spec;
    spec.target = "198.18.0.2";
    spec.intervalSeconds = 0.001;
    spec.count = 5000;
    QCOMPARE(RunCommands::build(spec).expectedSeconds, 50.0);
    spec.intervalSeconds = 0.2;
    QCOMPARE(RunCommands::build(spec).expectedSeconds, 1000.0);
}

void TestSteps::planMembers() {
    const QByteArray json = R"({
        "wirebench_plan": 1, "name": "lul",
        "defaults": {"target": "198.18.0.2", "client_prefix": ["ip", "netns", "exec", "a"],
                     "server_prefix": ["ip", "netns", "exec", "b"], "start_server": true},
        "runs": [{"name": "rrul", "ss_interval": 0.05, "matrix": {"congestion": ["cubic", "reno"]},
                  "repetitions": 2,
                  "setup": [["tc", "qdisc", "show"]],
                  "members": [
                      {"tool": "ping", "interval": 0.2, "duration": 70},
                      {"tool": "iperf3", "start": 5, "duration": 60, "until": "ping"},
                      {"name": "down", "tool": "iperf3", "start": 5.5, "duration": 60,
                       "reverse": true, "target": "198.18.0.3"}]}]})";
    ExperimentPlan plan;
    QStringList errors;
    QVERIFY2(ExperimentPlan::fromJson(json, "/tmp", &plan, &errors), qPrintable(errors.join('\n')));
    QCOMPARE(int(plan.steps.size()), 4);
    const PlanStep& step = plan.steps[1];
    QCOMPARE(step.spec.label, QStringLiteral("rrul congestion=reno #1"));
    QCOMPARE(step.tcpSampleSeconds, 0.05);
    QCOMPARE(step.setup.size(), 1);
    QCOMPARE(int(step.members.size()), 3);
    QCOMPARE(step.members[0].name, QStringLiteral("ping"));
    QCOMPARE(step.members[0].spec.count, 350);
    QCOMPARE(step.members[0].spec.clientPrefix.join(' '), QStringLiteral("ip netns exec a"));
    QCOMPARE(step.members[1].name, QStringLiteral("iperf-1"));
    QCOMPARE(step.members[1].startSeconds, 5.0);
    QCOMPARE(step.members[1].until, QStringLiteral("ping"));
    QCOMPARE(step.members[1].spec.congestionControl, QStringLiteral("reno"));
    QCOMPARE(step.members[1].spec.port, 5201);
    QCOMPARE(step.members[2].name, QStringLiteral("down"));
    QCOMPARE(step.members[2].spec.target, QStringLiteral("198.18.0.3"));
    QVERIFY(step.members[2].spec.reverse);
    QCOMPARE(step.members[2].spec.port, 5202);
    QCOMPARE(step.members[2].spec.parameters.value("congestion"), QStringLiteral("reno"));
    QCOMPARE(step.members[2].spec.parameters.value("repetition"), QStringLiteral("1"));
}

void TestSteps::planMemberErrors() {
    const QByteArray json = R"({
        "wirebench_plan": 1, "name": "bad",
        "runs": [{"name": "r", "ss_interval": 2,
                  "members": [
                      {"tool": "ping", "target": "198.18.0.2", "start": -1, "colour": 1},
                      {"name": "ss", "tool": "iperf3", "target": "198.18.0.2", "label": "x"},
                      {"tool": "iperf3", "until": "nobody"}]}]})";
    QStringList errors;
    QVERIFY(!ExperimentPlan::fromJson(json, "/tmp", nullptr, &errors));
    const QString all = errors.join('\n');
    QVERIFY2(
        all.contains("runs[0].ss_interval: the TCP state sampling interval must be 0.01 to 1 s"),
        qPrintable(all));
    QVERIFY2(all.contains("runs[0].members[0].start: must be a number of seconds"),
             qPrintable(all));
    QVERIFY2(all.contains("runs[0].members[0]: unknown key \"colour\""), qPrintable(all));
    QVERIFY2(all.contains("runs[0].members[1]: unknown key \"label\""), qPrintable(all));

    const QByteArray second = R"({
        "wirebench_plan": 1, "name": "bad",
        "runs": [{"name": "r", "members": [
                      {"name": "ss", "tool": "iperf3", "target": "198.18.0.2"},
                      {"tool": "iperf3", "until": "nobody"}]}]})";
    QVERIFY(!ExperimentPlan::fromJson(second, "/tmp", nullptr, &errors));
    const QString both = errors.join('\n');
    QVERIFY2(both.contains("member \"ss\": \"ss\" names a file of the step itself"),
             qPrintable(both));
    QVERIFY2(both.contains("member \"iperf-1\": the target is empty"), qPrintable(both));
    QVERIFY2(both.contains("until names no other member"), qPrintable(both));
}

// ping from 0 s and two TCP flows (iperf3, iperf2) from 1 s on loopback: every file, one clock,
// the ss samples at their interval with cwnd for each flow, and the grouping an import gives.
void TestSteps::loopbackStepKeepsOneClock() {
    QTemporaryDir out;
    // A file of the step's first choice of stem exists: the whole step moves on to STEM-2.
    {
        QFile taken(out.filePath("lul.iperf-2.log"));
        QVERIFY(taken.open(QIODevice::WriteOnly));
        taken.write("not ours\n");
    }
    // Short, so that ss (about 10 ms a sample on a busy machine) overlaps its next tick; the
    // shortest allowed (10 ms) is kept only on a machine with cores to spare, which the tests
    // running beside this one do not leave.
    constexpr double kInterval = 0.025;
    std::vector<StepMember> members{pingMember("127.0.0.1", 0.05, 4),
                                    flowMember(RunTool::Iperf3, "127.0.0.1", 1, 2),
                                    flowMember(RunTool::Iperf2, "127.0.0.1", 1.2, 2)};
    members[1].spec.port = 5741;
    members[2].spec.port = 5742;
    members[1].spec.bandwidth = "200M";
    members[2].spec.bandwidth = "200M";
    const WatchedStep step = watchStep("lul", members, out.path(), "lul", kInterval, 30000);
    QVERIFY(step.ended);
    QVERIFY2(step.outcome.completed(), qPrintable(step.outcome.error));
    QCOMPARE(fileBytes(out.filePath("lul.iperf-2.log")), QByteArray("not ours\n"));
    const QStringList files = QDir(out.path()).entryList(QDir::Files, QDir::Name);
    for (const char* name :
         {"lul-2.run.json", "lul-2.ping.log", "lul-2.ping.run.json", "lul-2.iperf-1.log",
          "lul-2.iperf-1.run.json", "lul-2.iperf-1.server.log", "lul-2.iperf-2.log",
          "lul-2.iperf-2.run.json", "lul-2.iperf-2.server.log", "lul-2.ss.log",
          "lul-2.ss.run.json"})
        QVERIFY2(files.contains(name), qPrintable(files.join(' ')));
    QCOMPARE(step.recordPath, out.filePath("lul-2.run.json"));

    // The record: every member's command line and its client's wall-clock start.
    const QJsonObject record = readJson(step.recordPath);
    QCOMPARE(record.value("wirebench_step").toInt(), 1);
    QCOMPARE(record.value("status").toString(), QStringLiteral("completed"));
    // Who wrote it, so that a reader can tell a step whose Wirebench was killed.
    QCOMPARE(record.value("writer").toObject().value("pid").toInteger(),
             QCoreApplication::applicationPid());
    QCOMPARE(record.value("host").toString(), QSysInfo::machineHostName());
    const double start = record.value("start").toString().toDouble();
    const double end = record.value("end").toString().toDouble();
    QVERIFY(start > 1.6e9 && end > start);
    QVERIFY(
        QRegularExpression("^\\d+\\.\\d{9}$").match(record.value("start").toString()).hasMatch());
    for (const char* name : {"ping", "iperf-1", "iperf-2"}) {
        const QJsonObject member = memberRecord(record, name);
        QVERIFY2(!member.isEmpty(), name);
        QVERIFY(member.value("command_line").toString().contains("127.0.0.1"));
        QCOMPARE(member.value("status").toString(), QStringLiteral("completed"));
        const double clientStart = member.value("client_start").toString().toDouble();
        const double offset = member.value("start_offset").toDouble();
        qInfo("%s: offset %.3f s, client started %.4f s after the step", name, offset,
              clientStart - start);
        QVERIFY2(clientStart - start >= offset - 0.005 && clientStart - start < offset + 1.0, name);
        QVERIFY(std::abs(member.value("client_start_seconds").toDouble() - (clientStart - start)) <
                1e-5);
    }
    QCOMPARE(memberRecord(record, "iperf-1").value("command_line").toString().contains("-p 5741"),
             true);

    // ping -D timestamps lie within the step's span, from the ping's recorded start on.
    const auto replies = pingReplies(out.filePath("lul-2.ping.log"));
    QVERIFY(replies.size() >= 70);
    const double pingStart =
        memberRecord(record, "ping").value("client_start").toString().toDouble();
    for (const auto& [time, rtt] : replies)
        QVERIFY2(time >= pingStart - 0.001 && time <= end,
                 qPrintable(QString::number(time, 'f', 6)));

    // ss samples: at the interval (±20 %), each flow's cwnd seen while it ran.
    const auto samples = ssSamples(out.filePath("lul-2.ss.log"));
    const double span = samples.back().time - samples.front().time;
    const double perInterval = span / kInterval / double(samples.size() - 1);
    qInfo("%zu ss samples over %.2f s: %.3f intervals apart, median gap %.4f s", samples.size(),
          span, perInterval, median(gaps(samples)));
    QVERIFY(samples.size() >= 100);
    QVERIFY(perInterval > 0.8 && perInterval < 1.2);
    QVERIFY(std::abs(median(gaps(samples)) - kInterval) < 0.2 * kInterval);
    for (const SsSample& sample : samples) {
        QVERIFY(sample.time >= start - 0.001 && sample.time <= end);
        QVERIFY(sample.text.startsWith("State"));
    }
    QVERIFY2(samplesWithCwnd(samples, 5741) >= 10, "iperf3 flow");
    QVERIFY2(samplesWithCwnd(samples, 5742) >= 10, "iperf2 flow");

    // Importing the folder: every member's log parses; the members are one group by step.
    const FolderImport imported = importFolder(out.path());
    for (const QString& name : imported.unread)
        QVERIFY2(name.endsWith(".ss.log") || name == "lul.iperf-2.log", qPrintable(name));
    std::vector<GroupMember> grouped;
    QStringList memberNames;
    for (const Dataset& dataset : imported.datasets) {
        if (dataset.info.parameters.value("step") == QLatin1String("lul-2"))
            memberNames << dataset.info.parameters.value("member");
        grouped.push_back({&dataset, {}, {}, {}});
    }
    memberNames.removeDuplicates();
    memberNames.sort();
    QVERIFY(memberNames.contains("ping") && memberNames.contains("iperf-1") &&
            memberNames.contains("iperf-2"));
    const auto groups = DatasetGroups::group(grouped, "parameters.step");
    const auto group = std::find_if(groups.begin(), groups.end(),
                                    [](const DatasetGroup& g) { return g.value == "lul-2"; });
    QVERIFY(group != groups.end());
    QVERIFY(group->members.size() >= 3);
}

void TestSteps::failingMemberEndsTheStep() {
    QTemporaryDir out;
    // Nothing listens on 5749 and no server is started: the flow fails at once.
    StepMember flow = flowMember(RunTool::Iperf3, "127.0.0.1", 0.5, 5);
    flow.spec.startServer = false;
    flow.spec.port = 5749;
    flow.name = "bulk";
    QElapsedTimer clock;
    clock.start();
    const WatchedStep step = watchStep("fails", {pingMember("127.0.0.1", 0.05, 10), flow},
                                       out.path(), "fails", 0.1, 30000);
    QVERIFY(step.ended);
    QVERIFY2(clock.elapsed() < 6000, "the ping was not stopped");
    QCOMPARE(step.outcome.status, RunOutcome::Status::Failed);
    QVERIFY2(step.outcome.error.startsWith("member \"bulk\" failed: "),
             qPrintable(step.outcome.error));
    QVERIFY2(step.outcome.error.contains("5749"), qPrintable(step.outcome.error));
    QCOMPARE(int(step.outcome.members.size()), 2);
    QCOMPARE(step.outcome.members[0].status, RunOutcome::Status::Cancelled);
    // The ping measured until it was stopped, and printed its summary on SIGINT.
    const QByteArray ping = fileBytes(out.filePath("fails.ping.log"));
    QVERIFY(ping.contains("packets transmitted"));
    QVERIFY(FileImporter::importFile(out.filePath("fails.ping.log")).report.samples >= 5);
    QVERIFY(QFileInfo::exists(out.filePath("fails.bulk.log")));
    const QJsonObject record = readJson(step.recordPath);
    QCOMPARE(record.value("status").toString(), QStringLiteral("failed"));
    QCOMPARE(record.value("error").toString(), step.outcome.error);
}

void TestSteps::cancelStopsEveryMember() {
    QTemporaryDir out;
    StepMember flow = flowMember(RunTool::Iperf3, "127.0.0.1", 0.3, 20);
    flow.spec.port = 5743;
    flow.spec.bandwidth = "100M";
    StepMember late = flowMember(RunTool::Iperf2, "127.0.0.1", 15, 5);
    late.spec.port = 5744;
    QElapsedTimer clock;
    clock.start();
    const WatchedStep step =
        watchStep("cancel", {pingMember("127.0.0.1", 0.05, 20), flow, late}, out.path(), "cancel",
                  0.1, 30000, 2500, [](ConcurrentStep& s) { s.cancel("enough"); });
    QVERIFY(step.ended);
    QVERIFY2(clock.elapsed() < 9000, "cancel did not stop the members");
    QCOMPARE(step.outcome.status, RunOutcome::Status::Cancelled);
    QCOMPARE(step.outcome.error, QStringLiteral("enough"));
    QCOMPARE(step.outcome.members[0].status, RunOutcome::Status::Cancelled);
    QCOMPARE(step.outcome.members[1].status, RunOutcome::Status::Cancelled);
    QVERIFY(step.outcome.members[2].error.startsWith("not started"));
    // SIGINT first: both tools printed their summaries into the kept logs.
    QVERIFY(fileBytes(out.filePath("cancel.ping.log")).contains("packets transmitted"));
    const ImportResult flowLog = FileImporter::importFile(out.filePath("cancel.iperf-1.log"));
    QVERIFY(flowLog.ok());
    QVERIFY(flowLog.report.samples >= 1);
    QVERIFY(!QFileInfo::exists(out.filePath("cancel.iperf-2.log")));
    QVERIFY(ssSamples(out.filePath("cancel.ss.log")).size() >= 15);
    QCOMPARE(readJson(step.recordPath).value("status").toString(), QStringLiteral("cancelled"));
    QCOMPARE(memberRecord(readJson(step.recordPath), "iperf-2").value("status").toString(),
             QStringLiteral("waiting"));
}

void TestSteps::untilStopsTheLoadWithThePing() {
    QTemporaryDir out;
    StepMember flow = flowMember(RunTool::Iperf2, "127.0.0.1", 0, 60);
    flow.spec.port = 5745;
    flow.spec.bandwidth = "50M";
    flow.until = "ping";
    QElapsedTimer clock;
    clock.start();
    const WatchedStep step = watchStep("until", {flow, pingMember("127.0.0.1", 0.05, 2)},
                                       out.path(), "until", 0.1, 30000);
    QVERIFY(step.ended);
    QVERIFY2(clock.elapsed() < 8000, "the flow outlived the ping");
    QVERIFY2(step.outcome.completed(), qPrintable(step.outcome.error));
    QCOMPARE(step.outcome.members[0].status, RunOutcome::Status::Completed);
    QVERIFY(FileImporter::importFile(out.filePath("until.iperf-1.log")).report.samples >= 1);
}

// irtt members are named after their tool, and started servers never share a port.
void TestSteps::irttMembersAreNamedAndGivenPorts() {
    std::vector<StepMember> members{flowMember(RunTool::Irtt, "198.18.0.2", 0, 10),
                                    pingMember("198.18.0.2", 0.1, 5),
                                    flowMember(RunTool::Irtt, "198.18.0.2", 0, 10),
                                    flowMember(RunTool::Iperf3, "198.18.0.2", 1, 3)};
    StepMembers::complete(&members);
    QCOMPARE(members[0].name, QStringLiteral("irtt"));
    QCOMPARE(members[1].name, QStringLiteral("ping"));
    QCOMPARE(members[2].name, QStringLiteral("irtt-2"));
    QCOMPARE(members[3].name, QStringLiteral("iperf-1"));
    QCOMPARE(members[0].spec.port, 2112);
    QCOMPARE(members[2].spec.port, 2113);
    QCOMPARE(members[3].spec.port, 5201);
    QVERIFY2(StepMembers::check(members).isEmpty(),
             qPrintable(StepMembers::check(members).join(";")));
    members[2].spec.port = 2112;
    QVERIFY(StepMembers::check(members).join('\n').contains(
        "member \"irtt-2\": another member's server already listens on port 2112"));
}

// A signal loses irtt's JSON, so an irtt member given `until` ends by a duration cut to the
// planned end of that member, and is not signalled when it ends.
void TestSteps::irttWithUntilEndsByItsDuration() {
    StepMember irtt = flowMember(RunTool::Irtt, "198.18.0.2", 0.5, 60);
    irtt.until = "up";
    StepMember up = flowMember(RunTool::Iperf3, "198.18.0.2", 2, 5);
    up.name = "up";
    std::vector<StepMember> members{irtt, up};
    StepMembers::complete(&members);
    QCOMPARE(members[0].spec.durationSeconds, 7); // 2 s + 5 s - 0.5 s, whole seconds up
    QVERIFY(!StepMembers::stopsWithItsUntil(members[0]));
    QVERIFY(StepMembers::stopsWithItsUntil(members[1]));
    // Never lengthened: the member's own duration stays the most it runs.
    members[0].spec.durationSeconds = 3;
    StepMembers::complete(&members);
    QCOMPARE(members[0].spec.durationSeconds, 3);
    // Until a ping: its count at its interval.
    StepMember ping = pingMember("198.18.0.2", 0.2, 4);
    ping.name = "ping";
    irtt.until = "ping";
    irtt.startSeconds = 0;
    std::vector<StepMember> withPing{irtt, ping};
    StepMembers::complete(&withPing);
    QCOMPARE(withPing[0].spec.durationSeconds, 4);
}

void TestSteps::latencyUnderLoadTakesIrtt() {
    RunSpec base;
    base.target = "198.18.0.2";
    base.intervalSeconds = 0.01;
    base.packetLength = 200;
    base.clientPrefix = {"ip", "netns", "exec", "a"};
    base.serverPrefix = {"ip", "netns", "exec", "b"};
    const auto members = StepMembers::latencyUnderLoad(base, 1, 1, 10, 2.5, RunTool::Irtt);
    QCOMPARE(int(members.size()), 3);
    const StepMember& irtt = members[0];
    QCOMPARE(irtt.name, QStringLiteral("irtt"));
    QCOMPARE(irtt.spec.tool, RunTool::Irtt);
    QCOMPARE(irtt.spec.durationSeconds, 15);
    QCOMPARE(irtt.spec.intervalSeconds, 0.01);
    QCOMPARE(irtt.spec.packetLength, 200);
    QVERIFY(irtt.spec.startServer);
    QCOMPARE(irtt.spec.port, 2112);
    QCOMPARE(RunCommands::display(RunCommands::build(irtt.spec).server),
             QStringLiteral("ip netns exec b irtt server -b :2112 -i 0"));
    QCOMPARE(members[1].name, QStringLiteral("up-1"));
    QCOMPARE(members[1].spec.port, 5201);
    QCOMPARE(members[2].spec.port, 5202);
    QVERIFY2(StepMembers::check(members).isEmpty(),
             qPrintable(StepMembers::check(members).join(";")));
    // ping stays the default.
    const auto pinged = StepMembers::latencyUnderLoad(base, 1, 0, 10, 2.5);
    QCOMPARE(pinged[0].name, QStringLiteral("ping"));
    QCOMPARE(pinged[0].spec.count, 1500);
}

void TestSteps::planIrttMembers() {
    const QByteArray json = R"({
        "wirebench_plan": 1, "name": "lul",
        "defaults": {"target": "198.18.0.2", "client_prefix": ["ip", "netns", "exec", "a"],
                     "server_prefix": ["ip", "netns", "exec", "b"], "start_server": true},
        "runs": [{"name": "rrul", "members": [
                      {"tool": "irtt", "interval": 0.01, "length": 100, "duration": 60,
                       "until": "iperf-1"},
                      {"tool": "iperf3", "start": 2, "duration": 8}]}]})";
    ExperimentPlan plan;
    QStringList errors;
    QVERIFY2(ExperimentPlan::fromJson(json, "/tmp", &plan, &errors), qPrintable(errors.join('\n')));
    const PlanStep& step = plan.steps.at(0);
    QCOMPARE(step.members[0].name, QStringLiteral("irtt"));
    QCOMPARE(step.members[0].spec.durationSeconds, 10);
    QCOMPARE(step.members[0].spec.packetLength, 100);
    QCOMPARE(step.members[0].spec.port, 2112);
    QCOMPARE(RunCommands::display(RunCommands::build(step.members[0].spec).client),
             QStringLiteral("ip netns exec a irtt client -o - -q -d 10s -i 10ms -l 100 "
                            "198.18.0.2:2112"));
    const QByteArray bad = R"({
        "wirebench_plan": 1, "name": "bad",
        "runs": [{"name": "r", "members": [
                      {"tool": "irtt", "target": "198.18.0.2", "interval": 20},
                      {"tool": "irtt", "target": "198.18.0.2", "extra_args": ["-o", "x.json"]}]},
                 {"name": "typo", "members": [{"tool": "irrt", "target": "198.18.0.2"}]}]})";
    QVERIFY(!ExperimentPlan::fromJson(bad, "/tmp", nullptr, &errors));
    const QString all = errors.join('\n');
    QVERIFY2(all.contains("member \"irtt\": irtt's interval must be 0.001 to 15 s"),
             qPrintable(all));
    QVERIFY2(all.contains("member \"irtt-2\": extra argument \"-o\": -o is set by Wirebench"),
             qPrintable(all));
    QVERIFY2(all.contains("runs[1].members[0].tool: must be one of ping, iperf, iperf2, iperf3, "
                          "irtt"),
             qPrintable(all));
}

// irtt with its server on loopback until a 2 s ping: it ends by its cut duration, cleanly, so
// its log is irtt's whole JSON; no signal reached it.
void TestSteps::irttRunsUntilThePingEnds() {
    if (QStandardPaths::findExecutable(QStringLiteral("irtt")).isEmpty())
        QSKIP("irtt is not installed (Debian package irtt)");
    QTemporaryDir out;
    StepMember irtt = flowMember(RunTool::Irtt, "127.0.0.1", 0, 30);
    irtt.spec.intervalSeconds = 0.05;
    irtt.spec.port = 20000 + static_cast<int>(QCoreApplication::applicationPid() % 20000);
    irtt.until = "ping";
    StepMember ping = pingMember("127.0.0.1", 0.1, 2);
    ping.name = "ping";
    QElapsedTimer clock;
    clock.start();
    const WatchedStep step = watchStep("irtt until", {irtt, ping}, out.path(), "iu", 0.1, 30000);
    QVERIFY(step.ended);
    QVERIFY2(clock.elapsed() < 12000, "irtt outlived the ping by far");
    QVERIFY2(step.outcome.completed(), qPrintable(step.outcome.error));
    const QJsonObject json = readJson(out.filePath("iu.irtt.log"));
    const QJsonArray trips = json.value("round_trips").toArray();
    QVERIFY2(trips.size() >= 30 && trips.size() <= 41, qPrintable(QString::number(trips.size())));
    QCOMPARE(
        json.value("config").toObject().value("params").toObject().value("duration").toDouble(),
        2e9);
    const RunOutcome& member = step.outcome.members.at(0);
    QCOMPARE(member.status, RunOutcome::Status::Completed);
    QCOMPARE(member.result.datasets.front().info.parameters.value("member"),
             QStringLiteral("irtt"));
}

void TestSteps::cliRunsMembers() {
    QTemporaryDir out;
    QProcess cli;
    cli.start(WIREBENCH_CLI,
              {"run", "-o", out.path(), "--ss-interval", "0.05", "--label", "cli step", "--member",
               "ping 127.0.0.1 --interval 0.05 --duration 2", "--member",
               "iperf3 127.0.0.1 --start 0.5 --duration 1 --start-server --port 5746 "
               "--name up"});
    QVERIFY(cli.waitForFinished(30000));
    const QString said =
        QString::fromUtf8(cli.readAllStandardOutput() + cli.readAllStandardError());
    QVERIFY2(cli.exitCode() == 0, qPrintable(said));
    const QStringList records = QDir(out.path()).entryList({"step-*.run.json"});
    const auto stepRecord = std::find_if(records.begin(), records.end(),
                                         [](const QString& name) { return name.count('.') == 2; });
    QVERIFY2(stepRecord != records.end(), qPrintable(records.join(' ')));
    const QJsonObject record = readJson(QDir(out.path()).filePath(*stepRecord));
    QCOMPARE(record.value("label").toString(), QStringLiteral("cli step"));
    QCOMPARE(memberRecord(record, "up").value("start_offset").toDouble(), 0.5);
    QVERIFY(memberRecord(record, "ping").value("command_line").toString().contains("-c 40"));
    QCOMPARE(record.value("tcp_state").toObject().value("interval").toDouble(), 0.05);
    QVERIFY2(said.contains("  up") && said.contains("cli step ping"), qPrintable(said));

    // The single-tool form is unchanged; mixing it with members is refused.
    QProcess mixed;
    mixed.start(WIREBENCH_CLI,
                {"run", "-o", out.path(), "--tool", "iperf3", "--member", "ping 127.0.0.1"});
    QVERIFY(mixed.waitForFinished(10000));
    QCOMPARE(mixed.exitCode(), 2);
    QVERIFY(mixed.readAllStandardError().contains("give no --tool or target outside them"));
}

// Ping through a tbf bottleneck with a deep queue, idle first and then under two TCP flows
// (one up, one down with -R): the RTT under load is at least 5x the idle RTT of the same path.
void TestSteps::latencyUnderLoad() {
    if (!isRoot())
        QSKIP(qPrintable(NetnsPair::skipReason()));
    NetnsPair net(QStringLiteral("stp"), 73);
    QString why;
    QVERIFY2(net.up(&why), qPrintable(why));
    // 20 Mbit/s with 500 kB of queue: up to 200 ms of queueing each way.
    for (const auto& [ns, dev] : {std::pair{net.clientNamespace(), QStringLiteral("va")},
                                  std::pair{net.serverNamespace(), QStringLiteral("vb")}}) {
        QProcess links;
        links.start("ip", {"-n", ns, "-o", "link", "show", "type", "veth"});
        links.waitForFinished();
        const QString ifname =
            QString::fromUtf8(links.readAll()).section(": ", 1, 1).section('@', 0, 0);
        QVERIFY2(ifname.startsWith(dev), qPrintable(ifname));
        QVERIFY2(
            NetnsPair::run({"ip", "netns", "exec", ns, "tc", "qdisc", "replace", "dev", ifname,
                            "root", "tbf", "rate", "20mbit", "burst", "16kb", "limit", "500kb"},
                           &why),
            qPrintable(why));
    }
    QTemporaryDir out;
    constexpr double kInterval = 0.1;
    StepMember ping = pingMember(net.serverAddress(), 0.05, 9, net.clientPrefix());
    StepMember up = flowMember(RunTool::Iperf3, net.serverAddress(), 2, 5, net.clientPrefix(),
                               net.serverPrefix());
    StepMember down = up;
    down.spec.reverse = true;
    down.startSeconds = 2.2;
    const WatchedStep step =
        watchStep("lul", {ping, up, down}, out.path(), "lul", kInterval, 40000);
    QVERIFY(step.ended);
    QVERIFY2(step.outcome.completed(), qPrintable(step.outcome.error));

    const QJsonObject record = readJson(step.recordPath);
    const double upStart =
        memberRecord(record, "iperf-1").value("client_start").toString().toDouble();
    QVERIFY(upStart > 0);
    std::vector<double> idle, loaded;
    for (const auto& [time, rtt] : pingReplies(out.filePath("lul.ping.log"))) {
        if (time < upStart - 0.05)
            idle.push_back(rtt);
        else if (time > upStart + 1.5 && time < upStart + 4.5)
            loaded.push_back(rtt);
    }
    qInfo("idle RTT median %.3f ms (%zu), under load %.3f ms (%zu)", median(idle), idle.size(),
          median(loaded), loaded.size());
    QVERIFY(idle.size() >= 20 && loaded.size() >= 20);
    QVERIFY(median(loaded) >= 5 * median(idle));

    // Every member's log parses, with the parameters that group them.
    for (const char* name : {"ping", "iperf-1", "iperf-2"}) {
        const ImportResult result =
            FileImporter::importFile(out.filePath(QStringLiteral("lul.%1.log").arg(name)));
        QVERIFY2(result.ok() && result.report.samples > 0, name);
        QCOMPARE(result.datasets.front().info.parameters.value("member"), QString(name));
    }
    // ss ran in the sender's namespace: the client for the upload, the server for -R.
    const QJsonArray commands = record.value("tcp_state").toObject().value("commands").toArray();
    QCOMPARE(commands.size(), 2);
    const auto samples = ssSamples(out.filePath("lul.ss.log"));
    // Written in the order they were taken, across both namespaces: time never steps back.
    for (std::size_t i = 1; i < samples.size(); ++i)
        QVERIFY2(samples[i].time >= samples[i - 1].time, qPrintable(QString::number(i)));
    QVERIFY(samplesWithCwnd(samples, 5201) >= 20);
    QVERIFY(samplesWithCwnd(samples, 5202) >= 20);
    // Two commands per tick: each keeps its own interval.
    std::vector<SsSample> client, server;
    for (const SsSample& sample : samples)
        (sample.text.contains(":5202 ") && !sample.text.contains(":5201 ") ? server : client)
            .push_back(sample);
    for (const auto* part : {&client, &server}) {
        std::vector<SsSample> timed;
        for (const SsSample& sample : *part)
            if (sample.text.contains("cwnd:"))
                timed.push_back(sample);
        QVERIFY(timed.size() >= 20);
        qInfo("median gap %.4f s", median(gaps(timed)));
        QVERIFY(std::abs(median(gaps(timed)) - kInterval) < 0.2 * kInterval);
    }
}

// Busy-looping shells on every core while a step runs, stopped when this goes.
class CpuBurners {
public:
    CpuBurners() {
        for (int i = 0; i < 2 * QThread::idealThreadCount(); ++i) {
            auto burner = std::make_unique<QProcess>();
            burner->start("sh", {"-c", "while :; do :; done"});
            m_burners.push_back(std::move(burner));
        }
    }
    ~CpuBurners() {
        for (auto& burner : m_burners) {
            burner->kill();
            burner->waitForFinished();
        }
    }
    CpuBurners(const CpuBurners&) = delete;
    CpuBurners& operator=(const CpuBurners&) = delete;

private:
    std::vector<std::unique_ptr<QProcess>> m_burners;
};

// Four parallel flows sampled every 50 ms while every core is busy: ss samples that ran at
// once used to read the kernel out of order, a counter stepped back and the parser began a new
// "flow" (5201#2) with the rest of the run, the real flow keeping only its first piece. Now the
// samples are in time order, each connection is one flow, sampled over the whole run.
void TestSteps::ssSamplesStayInOrderOnASaturatedMachine() {
    if (!isRoot())
        QSKIP(qPrintable(NetnsPair::skipReason()));
    NetnsPair net(QStringLiteral("sat"), 74);
    QString why;
    QVERIFY2(net.up(&why), qPrintable(why));
    QTemporaryDir out;
    StepMember up = flowMember(RunTool::Iperf3, net.serverAddress(), 0.5, 6, net.clientPrefix(),
                               net.serverPrefix());
    up.spec.streams = 4;
    up.spec.bandwidth = "50M";
    WatchedStep step;
    {
        const CpuBurners busy;
        step = watchStep("sat", {up}, out.path(), "sat", 0.05, 60000);
    }
    QVERIFY(step.ended);
    QVERIFY2(step.outcome.completed(), qPrintable(step.outcome.error));

    const auto samples = ssSamples(out.filePath("sat.ss.log"));
    QVERIFY(samples.size() >= 20);
    for (std::size_t i = 1; i < samples.size(); ++i)
        QVERIFY2(samples[i].time > samples[i - 1].time, qPrintable(QString::number(i)));

    const ImportResult ss = FileImporter::importFile(out.filePath("sat.ss.log"));
    QVERIFY(ss.ok() && !ss.datasets.empty());
    int dataFlows = 0;
    for (const Flow& flow : ss.datasets.front().flows.flows) {
        QVERIFY2(!flow.id.contains('#'), qPrintable(flow.id + " is a connection seen twice"));
        if (flow.intervals.empty() || flow.tcp.samples.size() < 10)
            continue; // iperf3's control connection, idle
        ++dataFlows;
        // Sampled from the first second of the 6-s run to its last.
        const double first = flow.intervals.front().start;
        const double last = flow.intervals.back().end;
        qInfo("%s: %zu samples, %.2f to %.2f s", qPrintable(flow.id), flow.tcp.samples.size(),
              first, last);
        QVERIFY2(last - first > 4.5, qPrintable(flow.id));
    }
    QVERIFY2(dataFlows == 4, qPrintable(QString::number(dataFlows)));
}

// Each ss sample waits 0 to 70 ms before it reads the kernel (a prefix that delays ss, as a
// loaded machine does), at a 25 ms interval: samples started in one order read in another.
// The log still holds them in the order read, and each connection is one flow.
void TestSteps::ssSamplesThatReadLateStayInOrder() {
    QTemporaryDir out;
    const QString delay = out.filePath("delay-ss");
    {
        QFile script(delay);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\n"
                     "if [ \"$1\" = ss ]; then\n"
                     "  sleep 0.0$(( $(od -An -N1 -tu1 /dev/urandom) % 8 ))\n"
                     "fi\n"
                     "exec \"$@\"\n");
        script.close();
        QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    }
    StepMember up = flowMember(RunTool::Iperf3, "127.0.0.1", 0.3, 4, {delay});
    up.spec.port = 5743;
    up.spec.streams = 2;
    up.spec.bandwidth = "100M";
    const WatchedStep step = watchStep("late", {up}, out.path(), "late", 0.025, 30000);
    QVERIFY(step.ended);
    QVERIFY2(step.outcome.completed(), qPrintable(step.outcome.error));
    const auto samples = ssSamples(out.filePath("late.ss.log"));
    QVERIFY(samples.size() >= 20);
    for (std::size_t i = 1; i < samples.size(); ++i)
        QVERIFY2(samples[i].time > samples[i - 1].time, qPrintable(QString::number(i)));
    const ImportResult ss = FileImporter::importFile(out.filePath("late.ss.log"));
    QVERIFY(ss.ok() && !ss.datasets.empty());
    int dataFlows = 0;
    for (const Flow& flow : ss.datasets.front().flows.flows) {
        QVERIFY2(!flow.id.contains('#'), qPrintable(flow.id + " is a connection seen twice"));
        if (flow.tcp.samples.size() >= 10 &&
            flow.intervals.back().end - flow.intervals.front().start > 3)
            ++dataFlows;
    }
    QCOMPARE(dataFlows, 2);
}

QTEST_GUILESS_MAIN(TestSteps)
#include "tst_steps.moc"
