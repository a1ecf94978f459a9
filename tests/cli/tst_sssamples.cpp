// An ss log is the TCP state of the flows it sampled, never a run of its own: flows, table
// --group-by and compare give the same flows, SUMs, Jain's indices and p-values on a run
// folder with and without its ss logs (samples/cubic-vs-reno-ss, recorded with the plan
// runner), and the TCP state they show is read from ss only when the ss logs are there.
#include "TestSupport.h"

#include "import/FileImporter.h"
#include "stats/DatasetAnalysis.h"
#include "stats/DatasetGroups.h"
#include "stats/TcpComparison.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <tuple>

using namespace wb;
using test::CliRun;
using test::runCli;
using test::samplePath;

namespace {

const QString kFolder = QStringLiteral("cubic-vs-reno-ss");

QJsonObject jsonOf(const CliRun& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

// What the test reads itself of one iperf3 -J log: the receivers' SUM and each stream's
// rate, the senders' retransmissions, and which local port each stream used.
struct Iperf3Run {
    double sumBitsPerSecond = 0;
    std::vector<double> streamBitsPerSecond;
    qint64 retransmits = 0;
    QString congestion;
    QMap<QString, int> portOf;               // iperf3's socket number (the flow id) -> local port
    QMap<QString, std::vector<double>> cwnd; // socket number -> snd_cwnd of every interval

    double jain() const {
        const double sum =
            std::accumulate(streamBitsPerSecond.begin(), streamBitsPerSecond.end(), 0.0);
        double squares = 0;
        for (double x : streamBitsPerSecond)
            squares += x * x;
        return sum * sum / (double(streamBitsPerSecond.size()) * squares);
    }
};

Iperf3Run readIperf3(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject end = root["end"].toObject();
    Iperf3Run run;
    run.sumBitsPerSecond = end["sum_received"].toObject()["bits_per_second"].toDouble();
    for (const QJsonValue stream : end["streams"].toArray())
        run.streamBitsPerSecond.push_back(
            stream.toObject()["receiver"].toObject()["bits_per_second"].toDouble());
    run.retransmits = end["sum_sent"].toObject()["retransmits"].toInteger();
    run.congestion = end["sender_tcp_congestion"].toString();
    for (const QJsonValue connected : root["start"].toObject()["connected"].toArray())
        run.portOf.insert(QString::number(connected.toObject()["socket"].toInt()),
                          connected.toObject()["local_port"].toInt());
    for (const QJsonValue interval : root["intervals"].toArray())
        for (const QJsonValue stream : interval.toObject()["streams"].toArray())
            run.cwnd[QString::number(stream.toObject()["socket"].toInt())].push_back(
                stream.toObject()["snd_cwnd"].toDouble());
    return run;
}

// A copy of the run folder without its ss logs (and their sidecars).
QString copyWithoutSs(const QString& into) {
    const QDir source(samplePath(kFolder));
    for (const QString& name : source.entryList(QDir::Files))
        if (!name.contains(QLatin1String(".ss.")))
            QFile::copy(source.filePath(name), into + QLatin1Char('/') + name);
    return into;
}

// The flows JSON's datasets by label.
QMap<QString, QJsonObject> datasetsByLabel(const CliRun& run) {
    QMap<QString, QJsonObject> out;
    for (const QJsonValue dataset : jsonOf(run)["datasets"].toArray())
        out.insert(dataset.toObject()["label"].toString(), dataset.toObject());
    return out;
}

// The throughput groups of `table --group-by --format json`, by name.
QMap<QString, QJsonObject> groupsOf(const CliRun& run) {
    QMap<QString, QJsonObject> out;
    for (const QJsonValue group : jsonOf(run)["throughput"].toObject()["groups"].toArray())
        out.insert(group.toObject()["group"].toString(), group.toObject());
    return out;
}

// The ss log's cwnd (bytes: segments × mss) of the connection from `port`, every sample.
std::vector<double> ssCwndOf(const QString& ssLog, int port) {
    QFile file(ssLog);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    const QRegularExpression cwnd(QStringLiteral("\\bcwnd:(\\d+)\\b"));
    const QRegularExpression mss(QStringLiteral("\\bmss:(\\d+)\\b"));
    std::vector<double> values;
    for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
        if (!lines[i].startsWith(QLatin1String("ESTAB")) ||
            !lines[i].contains(QStringLiteral(":%1 ").arg(port)))
            continue;
        const auto c = cwnd.match(lines[i + 1]);
        const auto m = mss.match(lines[i + 1]);
        if (c.hasMatch() && m.hasMatch())
            values.push_back(c.captured(1).toDouble() * m.captured(1).toDouble());
    }
    return values;
}

} // namespace

class TestSsSamples : public QObject {
    Q_OBJECT

private slots:
    void flowsCountEachConnectionOnce();
    void tableGroupsTheRunsOnly();
    void compareGivesTheSameResult();
    void pooledSidesReadTheirRunsState();

private:
    QTemporaryDir m_dir;
};

void TestSsSamples::flowsCountEachConnectionOnce() {
    const QString with = samplePath(kFolder);
    const QString without = copyWithoutSs(m_dir.path());
    const CliRun a = runCli({"flows", "--format", "json", with});
    const CliRun b = runCli({"flows", "--format", "json", without});
    QVERIFY2(a.exitCode == 0, qPrintable(a.err));
    QVERIFY2(b.exitCode == 0, qPrintable(b.err));
    const QMap<QString, QJsonObject> withSs = datasetsByLabel(a);
    const QMap<QString, QJsonObject> withoutSs = datasetsByLabel(b);
    QCOMPARE(withSs.size(), 6); // six iperf3 runs, no ss "run"
    QCOMPARE(withSs.keys(), withoutSs.keys());
    QVERIFY(!jsonOf(a).contains("sampled_connections")); // every ss log found its run

    const QDir folder(with);
    for (auto it = withSs.cbegin(); it != withSs.cend(); ++it) {
        const QJsonObject& ss = it.value();
        const QJsonObject& bare = withoutSs[it.key()];
        QCOMPARE(ss["tool"].toString(), QStringLiteral("iperf3"));
        const QString log = QFileInfo(ss["file"].toString()).fileName();
        const Iperf3Run run = readIperf3(folder.filePath(log));
        QCOMPARE(run.streamBitsPerSecond.size(), std::size_t(4));
        // The same flows and figures either way, and those of the log read here.
        QCOMPARE(ss["flows"].toArray().size(), 4);
        QCOMPARE(bare["flows"].toArray().size(), 4);
        const double sum = ss["sum"].toObject()["bits_per_second"].toDouble();
        QCOMPARE(bare["sum"].toObject()["bits_per_second"].toDouble(), sum);
        QVERIFY2(
            std::abs(sum - run.sumBitsPerSecond) < 1e-6 * run.sumBitsPerSecond,
            qPrintable(
                QStringLiteral("%1: %2 against %3").arg(log).arg(sum).arg(run.sumBitsPerSecond)));
        QCOMPARE(bare["jain_fairness"].toDouble(), ss["jain_fairness"].toDouble());
        QVERIFY(std::abs(ss["jain_fairness"].toDouble() - run.jain()) < 1e-9);
        // Retransmissions once, from the runs' own totals, with or without the samples.
        const QJsonObject tcp = ss["tcp"].toObject();
        QCOMPARE(tcp["retransmits"].toInteger(), run.retransmits);
        QCOMPARE(bare["tcp"].toObject()["retransmits"].toInteger(), run.retransmits);
        // The TCP state's source is the ss samples only where they are.
        QCOMPARE(tcp["tcp_source"].toString(), QStringLiteral("ss -tin samples"));
        QCOMPARE(bare["tcp"].toObject()["tcp_source"].toString(), QStringLiteral("iperf3 -J"));
        // Each flow's window is its own connection's: as the ss log has it where it is read,
        // else as iperf3 printed it.
        const QString ssLog =
            folder.filePath(log.section(QLatin1Char('.'), 0, 0) + QStringLiteral(".ss.log"));
        const QJsonArray bareFlows = bare["flows"].toArray();
        for (qsizetype i = 0; i < bareFlows.size(); ++i) {
            const QJsonObject flow = ss["flows"].toArray()[i].toObject();
            const QString id = flow["id"].toString();
            QCOMPARE(bareFlows[i].toObject()["id"].toString(), id);
            QCOMPARE(flow["tcp_source"].toString(), QStringLiteral("ss -tin samples"));
            QCOMPARE(bareFlows[i].toObject()["tcp_source"].toString(), QStringLiteral("iperf3 -J"));
            QVERIFY2(run.portOf.contains(id), qPrintable(id));
            for (const auto& [cwnd, from] : {std::pair(ssCwndOf(ssLog, run.portOf[id]), flow),
                                             std::pair(run.cwnd[id], bareFlows[i].toObject())}) {
                QVERIFY2(!cwnd.empty(), qPrintable(QStringLiteral("%1: flow %2").arg(log, id)));
                const double mean =
                    std::accumulate(cwnd.begin(), cwnd.end(), 0.0) / double(cwnd.size());
                QVERIFY2(std::abs(from["cwnd_bytes"].toObject()["mean"].toDouble() - mean) <
                             1e-9 * mean,
                         qPrintable(QStringLiteral("%1: flow %2: %3 against %4")
                                        .arg(log, id)
                                        .arg(from["cwnd_bytes"].toObject()["mean"].toDouble())
                                        .arg(mean)));
            }
        }
    }

    // Text: one block of four flows per run, the same either way.
    const CliRun textA = runCli({"flows", with});
    const CliRun textB = runCli({"flows", without});
    QCOMPARE(textA.out.count(QStringLiteral("\nflows 4 ")), 6);
    QCOMPARE(textA.out, QString(textB.out).replace(without, with)); // headings name the file
    QVERIFY(!textA.out.contains(QLatin1String(".ss.log")));
}

void TestSsSamples::tableGroupsTheRunsOnly() {
    const QString with = samplePath(kFolder);
    QTemporaryDir dir;
    const QString without = copyWithoutSs(dir.path());
    const QStringList args{"table", "--group-by", "congestion_control", "--format", "json"};
    const CliRun a = runCli(args + QStringList{with});
    const CliRun b = runCli(args + QStringList{without});
    QVERIFY2(a.exitCode == 0, qPrintable(a.err));
    QVERIFY2(b.exitCode == 0, qPrintable(b.err));
    // An ss log is no run made otherwise: nothing is pooled that should not be.
    QVERIFY2(!a.err.contains(QLatin1String("pools")), qPrintable(a.err));
    QVERIFY(!jsonOf(a).contains("warnings"));
    const QMap<QString, QJsonObject> withSs = groupsOf(a);
    const QMap<QString, QJsonObject> withoutSs = groupsOf(b);
    QCOMPARE(withSs.keys(), QStringList({"congestion_control=cubic", "congestion_control=reno"}));
    QCOMPARE(withoutSs.keys(), withSs.keys());

    // The runs' SUMs read here, per congestion control.
    QMap<QString, std::vector<double>> sums;
    for (const QString& log : QDir(with).entryList({"*.iperf3.log"})) {
        const Iperf3Run run = readIperf3(QDir(with).filePath(log));
        sums[QStringLiteral("congestion_control=") + run.congestion].push_back(
            run.sumBitsPerSecond / 1e6);
    }
    const auto statistic = [](const QJsonObject& group, const QString& name) {
        for (const QJsonValue value : group["statistics"].toArray())
            if (value.toObject()["statistic"].toString() == name)
                return value.toObject();
        return QJsonObject();
    };
    for (const QString& group : withSs.keys()) {
        QCOMPARE(withSs[group]["runs"].toInt(), 3);
        QCOMPARE(withoutSs[group]["runs"].toInt(), 3);
        for (const char* name : {"SUM (Mbits/s)", "Jain's index"})
            QCOMPARE(statistic(withSs[group], name)["mean"].toDouble(),
                     statistic(withoutSs[group], name)["mean"].toDouble());
        const std::vector<double>& runs = sums[group];
        QCOMPARE(runs.size(), std::size_t(3));
        const double mean = std::accumulate(runs.begin(), runs.end(), 0.0) / 3;
        QVERIFY(std::abs(statistic(withSs[group], "SUM (Mbits/s)")["mean"].toDouble() - mean) <
                1e-9 * mean);
        // The window and RTT: the runs' TCP state, from the ss samples where they are
        // (flowsCountEachConnectionOnce checks each source), so they differ.
        for (const char* name : {"mean cwnd (KBytes)", "mean RTT (ms)"}) {
            QVERIFY2(!statistic(withSs[group], name).isEmpty(), name);
            QVERIFY2(!statistic(withoutSs[group], name).isEmpty(), name);
            QVERIFY(statistic(withSs[group], name)["mean"].toDouble() !=
                    statistic(withoutSs[group], name)["mean"].toDouble());
        }
    }

    // Text: the same runs, SUM and Jain's index columns either way (the first nine).
    const CliRun textA = runCli({"table", "--group-by", "congestion_control", with});
    const CliRun textB = runCli({"table", "--group-by", "congestion_control", without});
    const auto sumAndJain = [](const QString& text) {
        QStringList rows;
        for (const QString& line : text.split(QLatin1Char('\n')))
            if (line.startsWith(QLatin1String("congestion_control=")))
                rows << line.split(QRegularExpression(QStringLiteral("\\s{2,}")))
                            .mid(0, 9)
                            .join('|');
        return rows;
    };
    QCOMPARE(sumAndJain(textA.out).size(), 2);
    QCOMPARE(sumAndJain(textA.out), sumAndJain(textB.out));
}

void TestSsSamples::compareGivesTheSameResult() {
    const QString with = samplePath(kFolder);
    QTemporaryDir dir;
    const QString without = copyWithoutSs(dir.path());
    const QStringList args{"compare", "--format", "json", "--group-by", "congestion_control"};
    const CliRun a = runCli(args + QStringList{with});
    const CliRun b = runCli(args + QStringList{without});
    QVERIFY2(a.exitCode == 0, qPrintable(a.err));
    QVERIFY2(b.exitCode == 0, qPrintable(b.err));
    QVERIFY2(!a.err.contains(QLatin1String("pools")), qPrintable(a.err));
    const QJsonObject ss = jsonOf(a);
    const QJsonObject bare = jsonOf(b);
    // Twelve flows a side, each connection once.
    for (const char* side : {"a", "b"}) {
        QCOMPARE(ss["flows"].toObject()[side].toInt(), 12);
        QCOMPARE(bare["flows"].toObject()[side].toInt(), 12);
    }
    // The run-level statistics and their p-values do not depend on the samples' presence.
    const QJsonArray runLevelA = ss["run_level"].toArray();
    const QJsonArray runLevelB = bare["run_level"].toArray();
    QVERIFY(!runLevelA.isEmpty());
    QMap<QString, QJsonObject> byName;
    for (const QJsonValue value : runLevelB)
        byName.insert(value.toObject()["statistic"].toString(), value.toObject());
    int compared = 0;
    for (const QJsonValue value : runLevelA) {
        const QJsonObject row = value.toObject();
        const QString name = row["statistic"].toString();
        if (!name.startsWith(QLatin1String("SUM")) && !name.startsWith(QLatin1String("Jain")))
            continue;
        QVERIFY2(byName.contains(name), qPrintable(name));
        QCOMPARE(row["permutation_p"].toDouble(), byName[name]["permutation_p"].toDouble());
        QCOMPARE(row["mann_whitney_p"].toDouble(), byName[name]["mann_whitney_p"].toDouble());
        QCOMPARE(row["median_diff"].toDouble(), byName[name]["median_diff"].toDouble());
        ++compared;
    }
    QCOMPARE(compared, 2);
    // The pooled flows' figures alike: the same mean per-flow throughput and fairness.
    for (const char* figure : {"mean_flow_bits_per_second", "jain_fairness"})
        for (const char* side : {"a", "b"})
            QCOMPARE(ss[figure].toObject()[side].toDouble(),
                     bare[figure].toObject()[side].toDouble());
    QCOMPARE(ss["sample_summary"].toString(), bare["sample_summary"].toString());
    // The run-level words give the same SUM and Jain's index results either way, with the
    // medians of the runs' own figures read here.
    QMap<QString, std::vector<double>> sums;
    QMap<QString, std::vector<double>> jains;
    for (const QString& log : QDir(with).entryList({"*.iperf3.log"})) {
        const Iperf3Run run = readIperf3(QDir(with).filePath(log));
        sums[run.congestion].push_back(run.sumBitsPerSecond / 1e6);
        jains[run.congestion].push_back(run.jain());
    }
    const auto median = [](std::vector<double> values) {
        std::sort(values.begin(), values.end());
        return values[values.size() / 2]; // three runs
    };
    const auto phrase = [](const QString& words, const QString& name) {
        const qsizetype from = words.indexOf(name);
        return from < 0 ? QString() : words.mid(from, words.indexOf(QLatin1Char(';'), from) - from);
    };
    for (const auto& [name, values, decimals] :
         {std::tuple(QStringLiteral("SUM (Mbits/s) "), sums, 3),
          std::tuple(QStringLiteral("Jain's index "), jains, 3)}) {
        const QString said = phrase(ss["summary"].toString(), name);
        QCOMPARE(said, phrase(bare["summary"].toString(), name));
        const QString medians = QStringLiteral("%1%2 in A, %3 in B, permutation p = ")
                                    .arg(name)
                                    .arg(median(values["cubic"]), 0, 'f', decimals)
                                    .arg(median(values["reno"]), 0, 'f', decimals);
        QVERIFY2(said.startsWith(medians), qPrintable(said + QStringLiteral(" | ") + medians));
    }
}

// A side pooling runs keeps no step, so its pooled flows match no ss log: its TCP state is
// read from its runs, each matched within its step, every retransmission once.
void TestSsSamples::pooledSidesReadTheirRunsState() {
    const QDir folder(samplePath(kFolder));
    std::vector<ImportResult> imports;
    for (const QString& name : folder.entryList({"*.log"}))
        if (!name.endsWith(QLatin1String(".server.log")))
            imports.push_back(FileImporter::importFile(folder.filePath(name)));
    QMap<QString, std::vector<const Dataset*>> runs; // by congestion control, ss logs too
    QMap<QString, qint64> retransmits;
    for (const ImportResult& result : imports)
        for (const Dataset& dataset : result.datasets) {
            const QString cc = dataset.info.parameters.value(QStringLiteral("congestion"));
            runs[cc].push_back(&dataset);
            if (dataset.info.tool == QLatin1String("iperf3"))
                retransmits[cc] += readIperf3(dataset.sourceFile).retransmits;
        }
    QCOMPARE(runs["cubic"].size(), std::size_t(6)); // three runs and their ss logs
    QCOMPARE(runs["reno"].size(), std::size_t(6));
    const auto pooled = [&runs](const QString& cc) {
        return DatasetAnalysis::of(
            std::make_shared<const Dataset>(DatasetGroups::pool(runs[cc], cc)));
    };
    const auto cubic = pooled("cubic");
    const auto reno = pooled("reno");
    QCOMPARE(cubic->flows.flows.size(), std::size_t(12)); // the ss logs pool no flows
    // The pooled analysis alone has only its runs' own figures, and says so.
    QCOMPARE(cubic->tcpSource(), TcpStateSource::Iperf3Json);
    QCOMPARE(*cubic->tcpAll.retransmits, retransmits["cubic"]);
    const TcpComparison c =
        TcpComparison::of("cubic", *cubic, runs["cubic"], "reno", *reno, runs["reno"]);
    QCOMPARE(c.sourceA, TcpStateSource::SsSamples);
    QCOMPARE(c.sourceB, TcpStateSource::SsSamples);
    QCOMPARE(TcpState::describe(c.sourceA), QStringLiteral("ss -tin samples"));
    QCOMPARE(*c.a.retransmits, retransmits["cubic"]);
    QCOMPARE(*c.b.retransmits, retransmits["reno"]);
    // The window over every ss sample of the side's twelve connections, read here.
    double sum = 0;
    std::size_t count = 0;
    for (const QString& name : folder.entryList({"tcp-congestion-cubic-*.iperf3.log"})) {
        const Iperf3Run run = readIperf3(folder.filePath(name));
        const QString ssLog = folder.filePath(name.section(QLatin1Char('.'), 0, 0) + ".ss.log");
        for (int port : run.portOf) {
            const std::vector<double> cwnd = ssCwndOf(ssLog, port);
            sum = std::accumulate(cwnd.begin(), cwnd.end(), sum);
            count += cwnd.size();
        }
    }
    QVERIFY(count > 12);
    QVERIFY(std::abs(*c.a.cwndMeanBytes - sum / double(count)) < 1e-9 * sum / double(count));
}

QTEST_GUILESS_MAIN(TestSsSamples)
#include "tst_sssamples.moc"
