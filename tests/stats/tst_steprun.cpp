#include "ReferenceReadings.h"
#include "TestSupport.h"

#include "import/FileImporter.h"
#include "stats/DatasetGroups.h"
#include "stats/GroupSummary.h"
#include "stats/RunValues.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace wb;

// A concurrent step of a plan is one run (RunValues::runs, DatasetGroups): the two recorded
// latency-under-load steps of samples/latency-under-load (cubic and reno: a ping beside two
// iperf3 flows up and two down, ss sampling the senders) and the cubic-vs-reno study. Every
// value is checked against the logs read here with regular expressions: the ping's times and
// summary, the iperf3 receiver lines, the ss samples' cwnd and mss.
class TestStepRun : public QObject {
    Q_OBJECT

private slots:
    void aStepIsOneRun();
    void stepValuesAreTheLogsValues();
    void stepsGroupByWhatTheirMembersAgreeOn();
    void cubicVsRenoRunsAreCountedOnce();
    void cwndReductionsCountEachFallOnce();
    void cwndReductionsOfIperf3Json();
    void cwndReductionsOfSsSamples();
    void cliTableAndCompareShowStepsAsRuns();
};

namespace {

const QStringList kCongestion{QStringLiteral("cubic"), QStringLiteral("reno")};

// The folder each step was recorded into.
QString stepFolder(const QString& congestion) {
    return congestion == QLatin1String("cubic") ? QStringLiteral("latency-under-load")
                                                : QStringLiteral("latency-under-load-reno");
}

struct Imported {
    std::vector<ImportResult> results;
    std::vector<const Dataset*> datasets;
};

// The client logs of a folder (as a folder given to the CLI is read: no server logs).
QStringList clientLogs(const QString& folder) {
    QStringList paths;
    for (const QFileInfo& log :
         QDir(test::samplePath(folder))
             .entryInfoList({QStringLiteral("*.log")}, QDir::Files, QDir::Name))
        if (!log.fileName().endsWith(QLatin1String(".server.log")))
            paths << log.filePath();
    return paths;
}

// Both steps' client logs.
QStringList stepLogs() {
    return clientLogs(stepFolder(QStringLiteral("cubic"))) +
           clientLogs(stepFolder(QStringLiteral("reno")));
}

Imported importAll(const QStringList& paths) {
    Imported imported;
    for (const QString& path : paths)
        imported.results.push_back(FileImporter::importFile(path));
    for (const ImportResult& result : imported.results)
        for (const Dataset& dataset : result.datasets)
            imported.datasets.push_back(&dataset);
    return imported;
}

QString stepLog(const QString& congestion, const QString& member) {
    return test::samplePath(QStringLiteral("%1/rrul-congestion-%2.%3.log")
                                .arg(stepFolder(congestion), congestion, member));
}

QString text(const QString& path) {
    return QString::fromUtf8(test::readAll(path));
}

// An iperf3 text log's receiver line: its seconds (end − start) and Mbits/sec.
struct Receiver {
    double seconds = 0;
    double megabits = 0;
};

Receiver receiverOf(const QString& path) {
    static const QRegularExpression line(QStringLiteral(
        R"(\]\s+([0-9.]+)-([0-9.]+)\s+sec\s+\S+\s+\S+\s+([0-9.]+) Mbits/sec\s+receiver)"));
    const auto match = line.match(text(path));
    if (!match.hasMatch())
        return {};
    return {match.captured(2).toDouble() - match.captured(1).toDouble(),
            match.captured(3).toDouble()};
}

double jainOf(const std::vector<double>& x) {
    double sum = 0;
    double squares = 0;
    for (double v : x) {
        sum += v;
        squares += v * v;
    }
    return sum * sum / (double(x.size()) * squares);
}

// Falls of a series as RunValues defines them, written out: a value below its predecessor
// when the series was not already falling (equal values neither start nor end a fall).
int fallsOf(const std::vector<double>& series) {
    int falls = 0;
    int lastChange = 0; // -1 falling, +1 rising, 0 none yet
    for (std::size_t i = 1; i < series.size(); ++i) {
        if (series[i] < series[i - 1]) {
            if (lastChange != -1)
                ++falls;
            lastChange = -1;
        } else if (series[i] > series[i - 1]) {
            lastChange = 1;
        }
    }
    return falls;
}

// The cwnd (segments × mss, bytes) of each connection of an ss -tin log, in the order of the
// samples, with the most bytes it acknowledged: keyed "LOCAL PEER".
struct Socket {
    std::vector<double> cwnd;
    double bytesAcked = 0;
};

QMap<QString, Socket> ssSockets(const QString& path) {
    static const QRegularExpression socketLine(
        QStringLiteral(R"(^ESTAB\s+\d+\s+\d+\s+(\S+)\s+(\S+))"));
    static const QRegularExpression cwnd(QStringLiteral(R"(\bcwnd:(\d+))"));
    static const QRegularExpression mss(QStringLiteral(R"(\bmss:(\d+))"));
    static const QRegularExpression acked(QStringLiteral(R"(\bbytes_acked:(\d+))"));
    QMap<QString, Socket> sockets;
    QString current;
    for (const QString& line : text(path).split(QLatin1Char('\n'))) {
        if (const auto match = socketLine.match(line); match.hasMatch()) {
            current = match.captured(1) + QLatin1Char(' ') + match.captured(2);
            continue;
        }
        if (current.isEmpty() || !line.startsWith(QLatin1Char('\t')))
            continue;
        const auto c = cwnd.match(line);
        const auto m = mss.match(line);
        if (c.hasMatch() && m.hasMatch())
            sockets[current].cwnd.push_back(c.captured(1).toDouble() * m.captured(1).toDouble());
        if (const auto a = acked.match(line); a.hasMatch())
            sockets[current].bytesAcked =
                std::max(sockets[current].bytesAcked, a.captured(1).toDouble());
        current.clear();
    }
    return sockets;
}

// What the step's logs say, computed here.
struct StepFromLogs {
    double p50 = 0;
    double p99 = 0;
    double loss = 0;
    double uploadSum = 0;
    double downloadSum = 0;
    double jain = 0;
    double uploadJain = 0;
    double downloadJain = 0;
    double cwndReductionsPerSecond = 0;
};

StepFromLogs stepFromLogs(const QString& congestion) {
    StepFromLogs step;
    const std::vector<double> rtts = test::pingRttsOf(stepLog(congestion, QStringLiteral("ping")));
    step.p50 = test::numpyPercentile(rtts, 50);
    step.p99 = test::numpyPercentile(rtts, 99);
    step.loss = test::pingLossPercentOf(stepLog(congestion, QStringLiteral("ping")));
    // The data connection of each flow in the ss log: the sender's socket (up: the client's,
    // towards server port 5201/5202; down: the server's, from port 5203/5204) that moved
    // more than the iperf3 control connection's few bytes.
    const QMap<QString, Socket> sockets = ssSockets(stepLog(congestion, QStringLiteral("ss")));
    std::vector<double> up;
    std::vector<double> down;
    double falls = 0;
    double seconds = 0;
    const QMap<QString, QString> portOf{
        {"up-1", ":5201"}, {"up-2", ":5202"}, {"down-1", ":5203"}, {"down-2", ":5204"}};
    for (auto it = portOf.begin(); it != portOf.end(); ++it) {
        const Receiver receiver = receiverOf(stepLog(congestion, it.key()));
        const bool upload = it.key().startsWith(QLatin1String("up"));
        (upload ? up : down).push_back(receiver.megabits);
        int sockets_found = 0;
        for (auto socket = sockets.begin(); socket != sockets.end(); ++socket) {
            const QStringList ends = socket.key().split(QLatin1Char(' '));
            const bool flowSocket =
                upload ? ends[1].endsWith(it.value()) : ends[0].endsWith(it.value());
            if (!flowSocket || socket->bytesAcked < 65536)
                continue;
            ++sockets_found;
            falls += fallsOf(socket->cwnd);
        }
        if (sockets_found != 1)
            qWarning("%s: %d data sockets", qPrintable(it.key()), sockets_found);
        seconds += receiver.seconds;
    }
    step.uploadSum = up[0] + up[1];
    step.downloadSum = down[0] + down[1];
    step.jain = jainOf({up[0], up[1], down[0], down[1]});
    step.uploadJain = jainOf(up);
    step.downloadJain = jainOf(down);
    step.cwndReductionsPerSecond = falls / seconds;
    return step;
}

bool close(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

std::optional<double> valueOf(const std::vector<RunStatistic>& statistics, const QString& name) {
    for (const RunStatistic& statistic : statistics)
        if (statistic.name == name && statistic.values.size() == 1)
            return statistic.values.front();
    return std::nullopt;
}

#define CHECK_VALUE(statistics, name, expected)                                                    \
    do {                                                                                           \
        const std::optional<double> actual = valueOf(statistics, QStringLiteral(name));            \
        QVERIFY2(actual, name);                                                                    \
        QVERIFY2(close(*actual, expected), qPrintable(QStringLiteral("%1: %2, the logs say %3")    \
                                                          .arg(QStringLiteral(name))               \
                                                          .arg(*actual, 0, 'g', 12)                \
                                                          .arg(expected, 0, 'g', 12)));            \
    } while (false)

std::vector<const Dataset*> ofStep(const std::vector<const Dataset*>& datasets,
                                   const QString& congestion) {
    std::vector<const Dataset*> out;
    for (const Dataset* dataset : datasets)
        if (dataset->sourceFile.contains(QStringLiteral("rrul-congestion-") + congestion + "."))
            out.push_back(dataset);
    return out;
}

} // namespace

void TestStepRun::aStepIsOneRun() {
    const Imported imported = importAll(stepLogs());
    QCOMPARE(imported.datasets.size(), std::size_t(12)); // ping, 4 flows, ss; two steps
    const std::vector<MeasuredRun> runs = RunValues::runs(imported.datasets);
    QCOMPARE(runs.size(), std::size_t(2));
    for (const MeasuredRun& run : runs) {
        QCOMPARE(run.datasets.size(), std::size_t(6));
        QCOMPARE(run.measurements.size(), std::size_t(5)); // the ss log is not a measurement
        QVERIFY(run.concurrent());
    }
    QCOMPARE(runs[0].step, QStringLiteral("rrul-congestion-cubic"));
    QCOMPARE(runs[1].step, QStringLiteral("rrul-congestion-reno"));
    // One member alone is a run of its own.
    QCOMPARE(RunValues::runs({imported.datasets.front()}).size(), std::size_t(1));
    QVERIFY(!RunValues::runs({imported.datasets.front()}).front().concurrent());
}

void TestStepRun::stepValuesAreTheLogsValues() {
    const Imported imported = importAll(stepLogs());
    for (const QString& congestion : kCongestion) {
        const std::vector<const Dataset*> step = ofStep(imported.datasets, congestion);
        QCOMPARE(step.size(), std::size_t(6));
        const StepFromLogs logs = stepFromLogs(congestion);
        const std::vector<RunStatistic> values = RunValues::of(step);
        CHECK_VALUE(values, "p50 (ms)", logs.p50);
        CHECK_VALUE(values, "p99 (ms)", logs.p99);
        CHECK_VALUE(values, "loss %", logs.loss);
        CHECK_VALUE(values, "upload SUM (Mbits/s)", logs.uploadSum);
        CHECK_VALUE(values, "download SUM (Mbits/s)", logs.downloadSum);
        CHECK_VALUE(values, "SUM (Mbits/s)", logs.uploadSum + logs.downloadSum);
        CHECK_VALUE(values, "Jain's index", logs.jain);
        CHECK_VALUE(values, "upload Jain's index", logs.uploadJain);
        CHECK_VALUE(values, "download Jain's index", logs.downloadJain);
        CHECK_VALUE(values, "cwnd reductions /s per flow", logs.cwndReductionsPerSecond);
        // The steps' flows were sampled by ss: their window and RTT are run values too.
        QVERIFY(valueOf(values, QStringLiteral("mean cwnd (KBytes)")));
        QVERIFY(valueOf(values, QStringLiteral("mean RTT (ms)")));
    }
}

void TestStepRun::stepsGroupByWhatTheirMembersAgreeOn() {
    const Imported imported = importAll(stepLogs());
    std::vector<GroupMember> members;
    for (const Dataset* dataset : imported.datasets)
        members.push_back({dataset, {}, {}, {}});
    for (std::size_t i = 0; i < members.size(); ++i)
        QCOMPARE(DatasetGroups::runKindOf(members, i), DatasetGroups::RunKind::LoadStep);
    // The ping has no congestion control of its own; its step's flows and ss log agree.
    const std::vector<DatasetGroup> groups =
        DatasetGroups::group(members, QStringLiteral("congestion_control"));
    QCOMPARE(groups.size(), std::size_t(2));
    QCOMPARE(groups[0].name(), QStringLiteral("congestion_control=cubic"));
    QCOMPARE(groups[1].name(), QStringLiteral("congestion_control=reno"));
    const std::vector<GroupSummary> summaries = GroupSummaries::of(members, groups);
    for (std::size_t g = 0; g < 2; ++g) {
        QCOMPARE(groups[g].members.size(), std::size_t(6));
        QCOMPARE(summaries[g].runCount, std::size_t(1));
        QVERIFY(DatasetGroups::mixes(members, groups[g]).isEmpty());
        const StepFromLogs logs = stepFromLogs(kCongestion[int(g)]);
        const GroupStatistic* upload = summaries[g].find(QStringLiteral("upload SUM (Mbits/s)"));
        QVERIFY(upload);
        QVERIFY(close(upload->runs.mean, logs.uploadSum));
    }
    // Flows up and down: a step has no direction, so both steps are one group of two runs.
    const std::vector<DatasetGroup> byDirection =
        DatasetGroups::group(members, QStringLiteral("direction"));
    QCOMPARE(byDirection.size(), std::size_t(1));
    QCOMPARE(byDirection[0].name(), QStringLiteral("direction not recorded"));
    QCOMPARE(GroupSummaries::of(members, byDirection).front().runCount, std::size_t(2));
    // Their kind is the step's.
    const std::vector<DatasetGroup> byKind = DatasetGroups::group(members, QStringLiteral("kind"));
    QCOMPARE(byKind.size(), std::size_t(1));
    QCOMPARE(byKind[0].name(), QStringLiteral("kind=latency under load"));
    // A step's ping and flows given as two groups of their own are still one run each.
    const GroupSummary both = GroupSummaries::of(QStringLiteral("both"), imported.datasets);
    QCOMPARE(both.runCount, std::size_t(2));
    QCOMPARE(both.find(QStringLiteral("p99 (ms)"))->runs.runs, std::size_t(2));
}

// The study of 12 runs (iperf 2, cubic and reno, 1 and 30 streams, 3 repetitions): each log
// a run, its SUM the SUM (or the one flow's) line of the log; iperf 2 without -e prints no
// window, so there is no cwnd figure.
void TestStepRun::cubicVsRenoRunsAreCountedOnce() {
    const QStringList paths = clientLogs(QStringLiteral("cubic-vs-reno"));
    QCOMPARE(paths.size(), 12);
    const Imported imported = importAll(paths);
    QCOMPARE(RunValues::runs(imported.datasets).size(), std::size_t(12));
    std::vector<GroupMember> members;
    for (const Dataset* dataset : imported.datasets)
        members.push_back({dataset, {}, {}, {}});
    const std::vector<DatasetGroup> groups =
        DatasetGroups::group(members, QStringLiteral("congestion_control"));
    QCOMPARE(groups.size(), std::size_t(2));
    static const QRegularExpression total(QStringLiteral(
        R"(\[(?:SUM|\s*1)\]\s+0\.0+-[0-9.]+\s+sec\s+\S+\s+\S+\s+([0-9.]+) Mbits/sec)"));
    for (const GroupSummary& summary : GroupSummaries::of(members, groups)) {
        QCOMPARE(summary.runCount, std::size_t(6));
        QVERIFY(!summary.find(QStringLiteral("cwnd reductions /s per flow")));
        const QString congestion = summary.name.section(QLatin1Char('='), 1);
        std::vector<double> sums;
        for (const QString& path : paths) {
            if (!path.contains(QStringLiteral("-%1-").arg(congestion)))
                continue;
            // The whole-run line is the last one of the form (after the intervals).
            QString last;
            auto matches = total.globalMatch(text(path));
            while (matches.hasNext())
                last = matches.next().captured(1);
            sums.push_back(last.toDouble());
        }
        QCOMPARE(sums.size(), std::size_t(6));
        const GroupStatistic* sum = summary.find(QStringLiteral("SUM (Mbits/s)"));
        QVERIFY(sum);
        QVERIFY2(close(sum->runs.mean,
                       std::accumulate(sums.begin(), sums.end(), 0.0) / double(sums.size())),
                 qPrintable(QString::number(sum->runs.mean)));
    }
}

void TestStepRun::cwndReductionsCountEachFallOnce() {
    const auto count = [](const std::vector<double>& values) {
        std::vector<TcpPoint> points;
        for (std::size_t i = 0; i < values.size(); ++i)
            points.push_back({double(i), values[i], std::nullopt, std::nullopt});
        return RunValues::cwndReductions(points);
    };
    QCOMPARE(count({}), 0);
    QCOMPARE(count({10}), 0);
    QCOMPARE(count({1, 2, 3, 4}), 0);
    QCOMPARE(count({5, 4, 3, 2, 1}), 1);
    QCOMPARE(count({100, 80, 80, 60, 90, 70}), 2);
    QCOMPARE(count({100, 50, 60, 30, 30, 40, 40, 20}), 3);
    for (const std::vector<double>& series :
         {std::vector<double>{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}, std::vector<double>{2, 2, 1, 1, 2}})
        QCOMPARE(count(series), fallsOf(series));
}

// iperf3 -J: each stream's snd_cwnd per interval; a run's value is its senders' falls over
// their seconds (from the receiver's start to its end, the span the flow's rate covers).
void TestStepRun::cwndReductionsOfIperf3Json() {
    for (const QString& name :
         {QStringLiteral("iperf3-cubic-P4.json"), QStringLiteral("iperf3-reno-P4.json")}) {
        const QString path = test::samplePath(name);
        const QJsonObject json = QJsonDocument::fromJson(test::readAll(path)).object();
        QMap<int, std::vector<double>> cwnd;
        for (const QJsonValue& interval : json["intervals"].toArray())
            for (const QJsonValue& stream : interval.toObject()["streams"].toArray())
                cwnd[stream.toObject()["socket"].toInt()].push_back(
                    stream.toObject()["snd_cwnd"].toDouble());
        double falls = 0;
        double seconds = 0;
        for (const QJsonValue& stream : json["end"].toObject()["streams"].toArray()) {
            const QJsonObject receiver = stream.toObject()["receiver"].toObject();
            falls += fallsOf(cwnd.value(receiver["socket"].toInt()));
            seconds += receiver["end"].toDouble() - receiver["start"].toDouble();
        }
        QCOMPARE(cwnd.size(), 4);
        const Imported imported = importAll({path});
        const std::vector<RunStatistic> values = RunValues::of(imported.datasets);
        CHECK_VALUE(values, "cwnd reductions /s per flow", falls / seconds);
        QVERIFY(falls > 0);
    }
}

// The bottleneck steps (iperf3 -J, two flows through a 20 Mbit/s tbf, ss every 0.1 s): the
// flows' window is read from the ss samples of their sending sockets, where reno halves it
// again and again.
void TestStepRun::cwndReductionsOfSsSamples() {
    for (const QString& congestion : kCongestion) {
        const QStringList paths = clientLogs(QStringLiteral("bottleneck/iperf3-") + congestion);
        QCOMPARE(paths.size(), 2); // the iperf3 log and the ss log
        double falls = 0;
        double seconds = 0;
        for (const QString& path : paths) {
            if (path.endsWith(QLatin1String(".ss.log"))) {
                for (const Socket& socket : ssSockets(path))
                    if (socket.bytesAcked >= 65536)
                        falls += fallsOf(socket.cwnd);
                continue;
            }
            const QJsonObject json = QJsonDocument::fromJson(test::readAll(path)).object();
            for (const QJsonValue& stream : json["end"].toObject()["streams"].toArray()) {
                const QJsonObject receiver = stream.toObject()["receiver"].toObject();
                seconds += receiver["end"].toDouble() - receiver["start"].toDouble();
            }
        }
        QVERIFY(falls > 0);
        const Imported imported = importAll(paths);
        const std::vector<RunStatistic> values = RunValues::of(imported.datasets);
        CHECK_VALUE(values, "cwnd reductions /s per flow", falls / seconds);
    }
}

// `table --group-by` puts the steps in a table of their own, one run each; `compare` of the
// two steps shows each side's step values beside the comparison of their pings.
void TestStepRun::cliTableAndCompareShowStepsAsRuns() {
    const QString cubicFolder = test::samplePath(stepFolder(QStringLiteral("cubic")));
    const QString renoFolder = test::samplePath(stepFolder(QStringLiteral("reno")));
    const test::CliRun table =
        test::runCli({QStringLiteral("table"), QStringLiteral("--format"), QStringLiteral("json"),
                      QStringLiteral("--group-by"), QStringLiteral("congestion_control"),
                      cubicFolder, renoFolder});
    QCOMPARE(table.exitCode, 0);
    const QJsonObject tableJson = QJsonDocument::fromJson(table.out.toUtf8()).object();
    QVERIFY2(!tableJson.contains("latency") && !tableJson.contains("throughput"),
             qPrintable(table.out));
    const QJsonArray groups = tableJson["latency_under_load"].toObject()["groups"].toArray();
    QCOMPARE(groups.size(), 2);
    for (int g = 0; g < 2; ++g) {
        const QJsonObject group = groups[g].toObject();
        QCOMPARE(group["group"].toString(), QStringLiteral("congestion_control=") + kCongestion[g]);
        QCOMPARE(group["runs"].toInt(), 1);
        const StepFromLogs logs = stepFromLogs(kCongestion[g]);
        QMap<QString, double> means;
        for (const QJsonValue& statistic : group["statistics"].toArray())
            means.insert(statistic.toObject()["statistic"].toString(),
                         statistic.toObject()["mean"].toDouble());
        QVERIFY(close(means.value("download SUM (Mbits/s)"), logs.downloadSum));
        QVERIFY(close(means.value("Jain's index"), logs.jain));
        QVERIFY(close(means.value("p99 (ms)"), logs.p99));
        QVERIFY(close(means.value("cwnd reductions /s per flow"), logs.cwndReductionsPerSecond));
    }

    // Without grouping: a row per log, then a row per step with the step's values.
    const test::CliRun rows = test::runCli({QStringLiteral("table"), QStringLiteral("--format"),
                                            QStringLiteral("json"), cubicFolder, renoFolder});
    QCOMPARE(rows.exitCode, 0);
    QJsonArray stepRows;
    for (const QJsonValue& row :
         QJsonDocument::fromJson(rows.out.toUtf8()).object()["rows"].toArray())
        if (row["kind"].toString() == QLatin1String("latency_under_load"))
            stepRows.append(row);
    QCOMPARE(stepRows.size(), 2);
    for (int r = 0; r < 2; ++r) {
        const QJsonObject row = stepRows[r].toObject();
        QCOMPARE(row["run"].toString(), QStringLiteral("rrul congestion=") + kCongestion[r]);
        const StepFromLogs logs = stepFromLogs(kCongestion[r]);
        const QJsonObject values = row["values"].toObject();
        QVERIFY(close(values["upload SUM (Mbits/s)"].toDouble(), logs.uploadSum));
        QVERIFY(close(values["download Jain's index"].toDouble(), logs.downloadJain));
        QVERIFY(close(values["p50 (ms)"].toDouble(), logs.p50));
        QVERIFY(close(values["loss %"].toDouble(), logs.loss));
    }

    const test::CliRun compare =
        test::runCli({QStringLiteral("compare"), QStringLiteral("--format"), QStringLiteral("json"),
                      QStringLiteral("--group-by"), QStringLiteral("congestion_control"),
                      cubicFolder, renoFolder});
    QVERIFY2(compare.exitCode == 0, qPrintable(compare.err));
    const QJsonObject compareJson = QJsonDocument::fromJson(compare.out.toUtf8()).object();
    QCOMPARE(compareJson["kind"].toString(), QStringLiteral("latency"));
    // The samples compared are the pings': all their replies.
    QCOMPARE(
        compareJson["samples"].toObject()["a"].toInt(),
        int(test::pingRttsOf(stepLog(QStringLiteral("cubic"), QStringLiteral("ping"))).size()));
    const QJsonArray sides = compareJson["steps"].toObject()["groups"].toArray();
    QCOMPARE(sides.size(), 2);
    for (int s = 0; s < 2; ++s) {
        QCOMPARE(sides[s].toObject()["runs"].toInt(), 1);
        const StepFromLogs logs = stepFromLogs(kCongestion[s]);
        bool found = false;
        for (const QJsonValue& statistic : sides[s].toObject()["statistics"].toArray())
            if (statistic.toObject()["statistic"].toString() == "upload SUM (Mbits/s)") {
                found = true;
                QVERIFY(close(statistic.toObject()["mean"].toDouble(), logs.uploadSum));
            }
        QVERIFY(found);
    }
    // In words and tables: a row per step value, A's and B's side by side.
    const test::CliRun compareText =
        test::runCli({QStringLiteral("compare"), QStringLiteral("--group-by"),
                      QStringLiteral("congestion_control"), cubicFolder, renoFolder});
    QCOMPARE(compareText.exitCode, 0);
    const StepFromLogs cubic = stepFromLogs(QStringLiteral("cubic"));
    const StepFromLogs reno = stepFromLogs(QStringLiteral("reno"));
    const QString row =
        QStringLiteral(R"(\nupload SUM \(Mbits/s\)\s+1\s+%1\s+1\s+%2\s+%3\n)")
            .arg(QString::number(cubic.uploadSum, 'f', 3), QString::number(reno.uploadSum, 'f', 3),
                 QString::number(reno.uploadSum - cubic.uploadSum, 'f', 3));
    QVERIFY2(compareText.out.contains(QRegularExpression(row)), qPrintable(compareText.out));
}

QTEST_GUILESS_MAIN(TestStepRun)
#include "tst_steprun.moc"
