#include "TestSupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <algorithm>
#include <numeric>
#include <vector>

using namespace wb;

namespace {

using test::CliRun;
using test::runCli;

QStringList qjumpSamples() {
    return test::qjumpSamplePaths();
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void compatReportMatchesArtifactPipeline();
    void tableShowsLoadRaisingLatency();
    void statsJsonHasContractKeys();
    void statsTextWithoutCompat();
    void crOnlyLineEndsReadLikeLf();
    void customPercentiles();
    void tableFormats_data();
    void tableFormats();
    void detectNamesDialect();
    void exitCodes_data();
    void exitCodes();
    void compatTooFewSamplesIsFatal();
    void parseErrorsGoToStderrWithLine();
    void flowsJsonHasContractKeys();
    void flowsJsonHasTcpFigures();
    void flowsJsonReadsTcpStateFromSsSamples();
    void statsOnThroughputLogReportsIntervals();
    void tableComparesCubicAndReno();
    void tableGroupByIsRunLevel();
    void tableGroupByPooledSaysSo();
    void plotWritesRequestedImage_data();
    void plotWritesRequestedImage();
    void plotRefusesWrongInput();
    void plotLegendAndFontChoices();
    void plotTcpState();
    void plotLoadTime();
    void plotGroupsOverTime();
    void plotLoadTimeOfTwoSteps();

private:
    QString write(const QString& name, const QByteArray& bytes);
    QTemporaryDir m_dir;
};

void TestCli::initTestCase() {
    QVERIFY(m_dir.isValid());
    for (const QString& file : qjumpSamples())
        QVERIFY2(QFile::exists(file),
                 qPrintable(file + " is missing: samples/ must hold the recorded logs"));
}

QString TestCli::write(const QString& name, const QByteArray& bytes) {
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void TestCli::compatReportMatchesArtifactPipeline() {
    const QString python = test::pythonWithNumpy();
    if (python.isEmpty())
        QSKIP("python3 with numpy is not installed (the setup script installs python3-numpy)");
    QProcess reference;
    reference.start(QStringLiteral("sh"),
                    QStringList{test::toolPath("qjump_reference.sh"), python} + qjumpSamples());
    QVERIFY(reference.waitForFinished(120000));
    QCOMPARE(reference.exitCode(), 0);
    const QString expected = QString::fromUtf8(reference.readAllStandardOutput());
    const CliRun ours = runCli(QStringList{"stats", "--compat", "qjump"} + qjumpSamples());
    QCOMPARE(ours.exitCode, 0);
    QCOMPARE(ours.out, expected);
    QCOMPARE(ours.out.count("Total samples 5000"), qsizetype(5));
}

void TestCli::tableShowsLoadRaisingLatency() {
    const CliRun run = runCli(QStringList{"table", "--format", "json"} + qjumpSamples());
    QCOMPARE(run.exitCode, 0);
    const QJsonArray rows = QJsonDocument::fromJson(run.out.toUtf8()).object()["rows"].toArray();
    QCOMPARE(rows.size(), qsizetype(5));
    const double idleP50 = rows[0].toObject()["p50_us"].toDouble();
    const double idleP99 = rows[0].toObject()["p99_us"].toDouble();
    QVERIFY(idleP50 > 0);
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const QJsonObject row = rows[i].toObject();
        QVERIFY2(row["p50_us"].toDouble() > idleP50, qPrintable(row["label"].toString()));
        QVERIFY2(row["p99_us"].toDouble() > idleP99, qPrintable(row["label"].toString()));
        QCOMPARE(row["samples"].toInt(), 5000);
    }
    const CliRun text = runCli(QStringList{"table"} + qjumpSamples());
    QVERIFY(text.out.startsWith("label"));
    QVERIFY(text.out.contains("p99 (µs)"));
    QCOMPARE(text.out.count('\n'), qsizetype(6));
}

void TestCli::statsJsonHasContractKeys() {
    const CliRun run = runCli({"stats", "--format", "json", qjumpSamples().front()});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject dataset =
        QJsonDocument::fromJson(run.out.toUtf8()).object()["datasets"].toArray().first().toObject();
    for (const char* key : {"file", "tool", "dialect", "transmitted", "received", "duplicates",
                            "loss_percent", "samples", "parse_errors", "range_errors", "unit",
                            "min", "max", "mean", "stddev", "range", "percentiles"})
        QVERIFY2(dataset.contains(key), key);
    QCOMPARE(dataset["unit"].toString(), QStringLiteral("ms"));
    QCOMPARE(dataset["tool"].toString(), QStringLiteral("ping"));
    QCOMPARE(dataset["dialect"].toString(), QStringLiteral("iputils"));
    QCOMPARE(dataset["transmitted"].toInt(), 5000);
    const QJsonObject percentiles = dataset["percentiles"].toObject();
    QCOMPARE(percentiles.keys().size(), qsizetype(9));
    QCOMPARE(percentiles["0"].toDouble(), dataset["min"].toDouble());
    QCOMPARE(percentiles["100"].toDouble(), dataset["max"].toDouble());
    QVERIFY(percentiles["50"].toDouble() <= percentiles["99"].toDouble());
}

// A serial console or terminal capture ends its lines with a lone CR: every reply and every
// loss is counted as in the LF log, and so is every interval of an iperf log.
void TestCli::crOnlyLineEndsReadLikeLf() {
    QTemporaryDir dir;
    QDir(dir.path()).mkpath("lf");
    QDir(dir.path()).mkpath("cr");
    const QList<QStringList> cases{{"stats", "iperf3/tcp-P3-client.txt"},
                                   {"flows", "iperf3/tcp-P3-client.txt"},
                                   {"stats", "ping/iputils_random_loss_5pct.txt"},
                                   {"stats", "ping/iputils_O_loss.txt"}};
    for (const QStringList& command : cases) {
        const QByteArray lf = test::readAll(test::dataPath(command[1]));
        QByteArray cr = lf;
        cr.replace('\n', '\r');
        const QString name = QFileInfo(command[1]).fileName();
        const QString lfPath = test::writeTestFile(dir.filePath("lf"), name, lf);
        const QString crPath = test::writeTestFile(dir.filePath("cr"), name, cr);
        const CliRun expected = runCli({command[0], "--format", "json", lfPath});
        const CliRun actual = runCli({command[0], "--format", "json", crPath});
        QCOMPARE(actual.exitCode, expected.exitCode);
        QCOMPARE(actual.out, QString(expected.out).replace(lfPath, crPath));
        QCOMPARE(actual.err, QString(expected.err).replace(lfPath, crPath));
        if (command[1].contains("loss_5pct")) {
            const QJsonObject dataset = QJsonDocument::fromJson(actual.out.toUtf8())
                                            .object()["datasets"]
                                            .toArray()
                                            .first()
                                            .toObject();
            QVERIFY(dataset["transmitted"].toInt() == 2000 && dataset["received"].toInt() < 2000);
        }
    }
}

void TestCli::statsTextWithoutCompat() {
    const CliRun run = runCli({"stats", qjumpSamples().front()});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.startsWith("### " + qjumpSamples().front() + " ###\nParse errors found: 0\n"));
    QVERIFY(run.out.contains(QRegularExpression("\n 50% - \\d+\\.\\d{6}ms\n")));
    QVERIFY(run.out.contains("Range = "));
}

void TestCli::customPercentiles() {
    const CliRun run = runCli({"stats", "--percentiles", "50,99.9", qjumpSamples().front()});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains(" 50% - "));
    QVERIFY(run.out.contains("99.9% - "));
    QVERIFY(!run.out.contains(" 99% - "));
    QCOMPARE(runCli({"stats", "--percentiles", "101", qjumpSamples().front()}).exitCode, 2);
}

void TestCli::tableFormats_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("marker");
    QTest::addColumn<QString>("label");
    QTest::newRow("csv") << "csv"
                         << "label,samples,p50 (µs),p99 (µs)"
                         << "ping18_iperf18_iperf68_np,5000,";
    QTest::newRow("markdown") << "markdown"
                              << "| label | samples | p50 (µs) | p99 (µs) |"
                              << "| ping18_iperf18_iperf68_np | 5000 | ";
    QTest::newRow("latex") << "latex"
                           << "\\begin{tabular}{lrrr}"
                           << "ping18\\_iperf18\\_iperf68\\_np & 5000 & ";
}

void TestCli::tableFormats() {
    QFETCH(QString, format);
    QFETCH(QString, marker);
    QFETCH(QString, label);
    const CliRun run = runCli(QStringList{"table", "--format", format} + qjumpSamples());
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains(marker), qPrintable(run.out));
    QVERIFY2(run.out.contains(label), qPrintable(run.out));
}

void TestCli::detectNamesDialect() {
    const CliRun run = runCli({"detect", "--format", "json", qjumpSamples().front()});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject file =
        QJsonDocument::fromJson(run.out.toUtf8()).object()["files"].toArray().first().toObject();
    QCOMPARE(file["format"].toString(), QStringLiteral("ping/iputils"));
    QCOMPARE(file["kind"].toString(), QStringLiteral("latency"));
    QCOMPARE(file["samples"].toInt(), 5000);
}

void TestCli::exitCodes_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("stderrHas");
    const QString good = qjumpSamples().front();
    const QString missing = m_dir.filePath("missing.txt");
    QTest::newRow("good file") << QStringList{"stats", good} << 0 << QString();
    QTest::newRow("good and missing")
        << QStringList{"stats", good, missing} << 1
        << QStringLiteral("wirebench-cli: %1: no such file").arg(missing);
    QTest::newRow("only missing") << QStringList{"stats", missing} << 2
                                  << QStringLiteral("no such file");
    const QString emptyFolder = m_dir.filePath("empty-folder");
    QDir().mkpath(emptyFolder);
    QTest::newRow("folder without logs")
        << QStringList{"stats", emptyFolder} << 2 << QStringLiteral("no log files in this folder");
    QTest::newRow("empty") << QStringList{"stats", write("empty.txt", {})} << 2
                           << QStringLiteral("the file is empty");
    QTest::newRow("binary") << QStringList{"detect", write("bin.dat", QByteArray("\x7f"
                                                                                 "ELF\0\0\0",
                                                                                 7))}
                            << 2 << QStringLiteral("binary data");
    QTest::newRow("unknown option") << QStringList{"stats", "--frobnicate", good} << 2
                                    << QStringLiteral("unknown option --frobnicate");
    // Every command reads its options alike (OptionParser): a value joined with "=", a short
    // option that is not one of the command's, and "--" before a file that starts with "-".
    QTest::newRow("joined value") << QStringList{"stats", "--format=json", good} << 0 << QString();
    QTest::newRow("plot joined value")
        << QStringList{"plot", "--type=cdf", "--dpi=200", "-o", m_dir.filePath("cdf.svg"), good}
        << 0 << QString();
    QTest::newRow("unknown short option")
        << QStringList{"stats", "-x", good} << 2 << QStringLiteral("unknown option -x");
    QTest::newRow("file after --") << QStringList{"flows", "--", "-x"} << 2
                                   << QStringLiteral("wirebench-cli: -x: no such file");
    QTest::newRow("unknown command")
        << QStringList{"frobnicate"} << 2 << QStringLiteral("unknown command");
    QTest::newRow("bad format") << QStringList{"stats", "--format", "xml", good} << 2
                                << QStringLiteral("unknown format");
    QTest::newRow("no file") << QStringList{"table"} << 2 << QStringLiteral("no FILE given");
    QByteArray longLine = "PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n" +
                          QByteArray(1 << 20, 'y') +
                          "\n64 bytes from 198.18.0.8: icmp_seq=1 ttl=64 time=0.5 ms\n";
    // A warning (here: the line cut) is printed with its line but changes no exit status.
    QTest::newRow("1 MB line") << QStringList{"stats", write("long.txt", longLine)} << 0
                               << QStringLiteral("long.txt: line 2: warning: ");
}

void TestCli::exitCodes() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, stderrHas);
    const CliRun run = runCli(arguments);
    QCOMPARE(run.exitCode, exitCode);
    if (!stderrHas.isEmpty())
        QVERIFY2(run.err.contains(stderrHas), qPrintable(run.err));
    else
        // Every log is drawn (the ss log's parse warnings about control connections aside).
        QVERIFY2(!run.err.contains("cannot go into") && !run.err.contains("Not drawn") &&
                     !run.err.contains("Drawn from 0"),
                 qPrintable(run.err));
}

void TestCli::compatTooFewSamplesIsFatal() {
    QByteArray log = "PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n";
    for (int seq = 1; seq <= 99; ++seq)
        log += "64 bytes from 198.18.0.8: icmp_seq=" + QByteArray::number(seq) +
               " ttl=64 time=0.25 ms\n";
    const QString few = write("few.txt", log);
    const CliRun run = runCli({"stats", "--compat", "qjump", few, qjumpSamples().front()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.contains("Fatal Error! Not enough points (99)\n"));
    QVERIFY(run.err.contains(few + ": only 99 samples"));
    QCOMPARE(runCli({"stats", "--compat", "qjump", few}).exitCode, 2);
}

void TestCli::parseErrorsGoToStderrWithLine() {
    const QString bad =
        write("bad.txt", "PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n"
                         "64 bytes from 198.18.0.8: icmp_seq=1 ttl=64 time=0.5 ms\n"
                         "64 bytes from 198.18.0.8: icmp_seq=2 ttl=64 time=oops ms\n"
                         "64 bytes from 198.18.0.8: icmp_seq=3 ttl=64 time=-4 ms\n");
    const CliRun run = runCli({"stats", "--format", "json", bad});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(bad + ": line 3: "), qPrintable(run.err));
    QVERIFY2(run.err.contains(bad + ": line 4: "), qPrintable(run.err));
    const QJsonObject dataset =
        QJsonDocument::fromJson(run.out.toUtf8()).object()["datasets"].toArray().first().toObject();
    QCOMPARE(dataset["samples"].toInt(), 1);
    QCOMPARE(dataset["parse_errors"].toInt(), 1);
    QCOMPARE(dataset["range_errors"].toInt(), 1);
}

void TestCli::flowsJsonHasContractKeys() {
    const QStringList files = {test::samplePath("tcp-cubic-P30-client.txt"),
                               test::samplePath("tcp-reno-P30-client.txt")};
    const CliRun run = runCli(QStringList{"flows", "--format", "json"} + files);
    QCOMPARE(run.exitCode, 0);
    const QJsonArray datasets =
        QJsonDocument::fromJson(run.out.toUtf8()).object()["datasets"].toArray();
    QCOMPARE(datasets.size(), qsizetype(2));
    for (const QJsonValue& value : datasets) {
        const QJsonObject dataset = value.toObject();
        for (const char* key : {"file", "tool", "protocol", "role", "congestion_control", "flows",
                                "sum", "jain_fairness", "interval_bits_per_second"})
            QVERIFY2(dataset.contains(key), key);
        QCOMPARE(dataset["flows"].toArray().size(), qsizetype(30));
        const QJsonObject flow = dataset["flows"].toArray().first().toObject();
        for (const char* key : {"id", "bytes", "seconds", "bits_per_second", "intervals",
                                "jitter_ms", "lost", "total_datagrams"})
            QVERIFY2(flow.contains(key), key);
        const QJsonObject interval = flow["intervals"].toArray().first().toObject();
        for (const char* key : {"start", "end", "bytes", "bits_per_second"})
            QVERIFY2(interval.contains(key), key);
        for (const char* key : {"bytes", "seconds", "bits_per_second"})
            QVERIFY2(dataset["sum"].toObject().contains(key), key);
        for (const char* key : {"mean", "median", "stddev"})
            QVERIFY2(dataset["interval_bits_per_second"].toObject().contains(key), key);
        const double jain = dataset["jain_fairness"].toDouble();
        QVERIFY(jain > 0 && jain <= 1);
        QCOMPARE(dataset["protocol"].toString(), QStringLiteral("tcp"));
        QCOMPARE(dataset["role"].toString(), QStringLiteral("client"));
    }
    QCOMPARE(datasets[0].toObject()["congestion_control"].toString(), QStringLiteral("cubic"));
    QCOMPARE(datasets[1].toObject()["congestion_control"].toString(), QStringLiteral("reno"));
}

namespace {

// numpy.percentile's default (linear) rule, written out here so the check does not use the
// code it checks.
double linearPercentile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    const double h = double(values.size() - 1) * p / 100;
    const auto below = static_cast<std::size_t>(h);
    if (below + 1 >= values.size())
        return values.back();
    return values[below] + (h - double(below)) * (values[below + 1] - values[below]);
}

double meanOf(const std::vector<double>& values) {
    double sum = 0;
    for (double v : values)
        sum += v;
    return sum / double(values.size());
}

} // namespace

// The TCP figures of every flow equal a reading of iperf3's own JSON: snd_cwnd and rtt of
// each stream's intervals, the sender's whole-run retransmits and bytes.
void TestCli::flowsJsonHasTcpFigures() {
    const QString file = test::samplePath("iperf3-reno-P4.json");
    QFile log(file);
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QJsonObject iperf = QJsonDocument::fromJson(log.readAll()).object();
    const CliRun run = runCli({"flows", "--format", "json", file});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject dataset =
        QJsonDocument::fromJson(run.out.toUtf8()).object()["datasets"].toArray().first().toObject();
    const QJsonArray flows = dataset["flows"].toArray();
    QCOMPARE(flows.size(), qsizetype(4));
    std::int64_t allRetransmits = 0;
    for (const QJsonValue& value : flows) {
        const QJsonObject flow = value.toObject();
        const int socket = flow["id"].toString().toInt();
        std::vector<double> cwnd;
        std::vector<double> rtt;
        for (const QJsonValue& interval : iperf["intervals"].toArray())
            for (const QJsonValue& stream : interval.toObject()["streams"].toArray())
                if (stream.toObject()["socket"].toInt() == socket) {
                    cwnd.push_back(stream.toObject()["snd_cwnd"].toDouble());
                    rtt.push_back(stream.toObject()["rtt"].toDouble() / 1000);
                }
        QCOMPARE(cwnd.size(), std::size_t(30));
        QJsonObject sender;
        for (const QJsonValue& stream : iperf["end"].toObject()["streams"].toArray())
            if (stream.toObject()["sender"].toObject()["socket"].toInt() == socket)
                sender = stream.toObject()["sender"].toObject();
        QCOMPARE(flow["tcp_source"].toString(), QStringLiteral("iperf3 -J"));
        QCOMPARE(flow["cwnd_bytes"].toObject()["mean"].toDouble(), meanOf(cwnd));
        QCOMPARE(flow["cwnd_bytes"].toObject()["max"].toDouble(),
                 *std::max_element(cwnd.begin(), cwnd.end()));
        QCOMPARE(flow["rtt_ms"].toObject()["mean"].toDouble(), meanOf(rtt));
        QCOMPARE(flow["rtt_ms"].toObject()["p99"].toDouble(), linearPercentile(rtt, 99));
        const std::int64_t retransmits = sender["retransmits"].toInteger();
        QVERIFY(retransmits > 0);
        allRetransmits += retransmits;
        QCOMPARE(flow["retransmits"].toInteger(), retransmits);
        QCOMPARE(flow["retransmits_per_mb"].toDouble(),
                 double(retransmits) / (sender["bytes"].toDouble() / 1e6));
        const QJsonObject first = flow["intervals"].toArray().first().toObject();
        for (const char* key : {"cwnd_bytes", "rtt_ms", "rttvar_ms", "retransmits"})
            QVERIFY2(first.contains(key), key);
    }
    QCOMPARE(dataset["tcp"].toObject()["retransmits"].toInteger(), allRetransmits);
    QCOMPARE(dataset["tcp"].toObject()["tcp_source"].toString(), QStringLiteral("iperf3 -J"));
    // A UDP log has no TCP state: the keys are there, null.
    const CliRun udp =
        runCli({"flows", "--format", "json", test::samplePath("udp-bw-1M-client.txt")});
    const QJsonObject udpSet =
        QJsonDocument::fromJson(udp.out.toUtf8()).object()["datasets"].toArray().first().toObject();
    QVERIFY(udpSet.contains("tcp") && udpSet["tcp"].isNull());
    const QJsonObject udpFlow = udpSet["flows"].toArray().first().toObject();
    for (const char* key : {"tcp_source", "cwnd_bytes", "rtt_ms", "retransmits"})
        QVERIFY2(udpFlow.contains(key) && udpFlow[key].isNull(), key);
}

// iperf flows read beside the ss samples of their connections take their window and RTT
// from the samples (matched by ports), and say so; the ss log, recorded by hand (no plan
// step), is listed as the TCP state of the connections it sampled, never as a dataset of
// flows.
void TestCli::flowsJsonReadsTcpStateFromSsSamples() {
    const CliRun run =
        runCli({"flows", "--format", "json", test::dataPath("ss/iperf3-cubic-P2-client.txt"),
                test::dataPath("ss/iperf3-cubic-P2.ss.log")});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    const QJsonArray datasets = json["datasets"].toArray();
    QCOMPARE(datasets.size(), qsizetype(1));
    const QJsonArray sampled = json["sampled_connections"].toArray();
    QCOMPARE(sampled.size(), qsizetype(1));
    const QJsonArray iperfFlows = datasets[0].toObject()["flows"].toArray();
    const QJsonArray sockets = sampled[0].toObject()["connections"].toArray();
    QCOMPARE(sockets.size(), qsizetype(2));
    for (const QJsonValue socket : sockets)
        QVERIFY(!socket.toObject().contains("bits_per_second")); // no throughput run
    QCOMPARE(iperfFlows.size(), qsizetype(2));
    for (int i = 0; i < 2; ++i) {
        const QJsonObject flow = iperfFlows[i].toObject();
        const QJsonObject socket = sockets[i].toObject();
        QCOMPARE(flow["tcp_source"].toString(), QStringLiteral("ss -tin samples"));
        QCOMPARE(flow["cwnd_bytes"], socket["cwnd_bytes"]);
        QCOMPARE(flow["rtt_ms"], socket["rtt_ms"]);
        QVERIFY(flow["cwnd_bytes"].toObject()["max"].toDouble() > 0);
    }
}

void TestCli::statsOnThroughputLogReportsIntervals() {
    const CliRun run = runCli({"stats", test::samplePath("tcp-cubic-P1-client.txt")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("instead of latency"), qPrintable(run.out));
    QVERIFY(run.out.contains(
        QRegularExpression("Mean: \\d+\\.\\d{6}\tMedian: \\d+\\.\\d{6}\tStdDev: ")));
}

void TestCli::tableComparesCubicAndReno() {
    const CliRun run = runCli(
        {"table", test::samplePath("geni-cubic-P30.txt"), test::samplePath("geni-reno-P30.txt")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("Jain fairness"), qPrintable(run.out));
    QVERIFY(run.out.contains(QRegularExpression("geni-cubic-P30 .* 30 +89.80 ")));
    QVERIFY(run.out.contains(QRegularExpression("geni-reno-P30 .* 30 +90.70 ")));
}

// `table --group-by`: one row per group at run level, each run's SUM read from `flows --format
// json` of its own log, the group's mean and spread recomputed from them (samples/bottleneck:
// two runs per algorithm, iperf 2 and iperf3, each with the ss log of its step).
void TestCli::tableGroupByIsRunLevel() {
    const QString folder = test::samplePath("bottleneck");
    // The folder's params.txt is no flow log (exit status 1, named); every other log is a run.
    const CliRun flows = runCli({"flows", "--format", "json", folder});
    QCOMPARE(flows.exitCode, 1);
    QMap<QString, std::vector<double>> sums; // congestion control -> each run's SUM (Mbit/s)
    for (const QJsonValue& dataset :
         QJsonDocument::fromJson(flows.out.toUtf8()).object().value("datasets").toArray()) {
        const QString cc = dataset.toObject().value("congestion_control").toString();
        // A step's ss log is its iperf run's TCP state, not a run of its own.
        if (!cc.isEmpty() && dataset.toObject().value("tool").toString() != QLatin1String("ss"))
            sums[cc].push_back(
                dataset.toObject().value("sum").toObject().value("bits_per_second").toDouble() /
                1e6);
    }
    QCOMPARE(sums.keys(), QStringList({"cubic", "reno"}));
    const CliRun run =
        runCli({"table", "--format", "json", "--group-by", "congestion_control", folder});
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.err.contains("params.txt: no flow results in this log"));
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(json.value("group_by").toString(), QStringLiteral("congestion_control"));
    const QJsonArray groups = json.value("throughput").toObject().value("groups").toArray();
    QCOMPARE(groups.size(), 3); // cubic, reno and params.txt, which does not say
    for (int g = 0; g < 2; ++g) {
        const QJsonObject group = groups.at(g).toObject();
        const std::vector<double>& runs = sums[g == 0 ? "cubic" : "reno"];
        QCOMPARE(group.value("group").toString(),
                 QStringLiteral("congestion_control=") + (g == 0 ? "cubic" : "reno"));
        QCOMPARE(group.value("runs").toInt(), int(runs.size()));
        QCOMPARE(group.value("level").toString(), QStringLiteral("run"));
        const QJsonObject sum = group.value("statistics").toArray().at(0).toObject();
        QCOMPARE(sum.value("statistic").toString(), QStringLiteral("SUM (Mbits/s)"));
        const double mean = std::accumulate(runs.begin(), runs.end(), 0.0) / double(runs.size());
        QVERIFY(std::abs(sum.value("mean").toDouble() - mean) < 1e-9 * mean);
        QCOMPARE(sum.value("min").toDouble(), *std::min_element(runs.begin(), runs.end()));
        QCOMPARE(sum.value("max").toDouble(), *std::max_element(runs.begin(), runs.end()));
        // A bootstrap of fewer than five runs would not hold its 95 %: no interval then.
        const QJsonArray ci = sum.value("ci").toArray();
        QCOMPARE(ci.isEmpty(), runs.size() < 5);
        if (!ci.isEmpty()) {
            QVERIFY(ci.at(0).toDouble() >= sum.value("min").toDouble());
            QVERIFY(ci.at(1).toDouble() <= sum.value("max").toDouble());
        }
    }
    // The tables say which kind of figure they show, in every format.
    const CliRun text = runCli({"table", "--group-by", "congestion_control", folder});
    QCOMPARE(text.exitCode, 1);
    QVERIFY2(text.out.startsWith("Run level: each run summarised first"), qPrintable(text.out));
    for (const char* format : {"csv", "markdown", "latex"}) {
        const CliRun table =
            runCli({"table", "--format", format, "--group-by", "congestion_control", folder});
        QCOMPARE(table.exitCode, 1);
        QVERIFY2(table.out.contains("SUM (Mbits/s) mean of runs"), qPrintable(table.out));
        QVERIFY(table.out.contains("CI (runs resampled)")); // LaTeX escapes the %
    }
    // The groups mix iperf 2 and iperf3 runs: said on stderr.
    QVERIFY2(text.err.contains("congestion_control=cubic: warning: pools"), qPrintable(text.err));
}

void TestCli::tableGroupByPooledSaysSo() {
    const CliRun pooled =
        runCli({"table", "--pooled", "--group-by", "tool", test::samplePath("ping18_np"),
                test::samplePath("ping18_iperf16_np")});
    QCOMPARE(pooled.exitCode, 0);
    QVERIFY2(pooled.out.startsWith("Latency percentiles per group, pooled samples (runs treated "
                                   "as one)"),
             qPrintable(pooled.out));
    QVERIFY(pooled.out.contains(QRegularExpression("tool=ping +10000 ")));
    const CliRun usage = runCli({"table", "--pooled", test::samplePath("ping18_np")});
    QCOMPARE(usage.exitCode, 2);
    QVERIFY(usage.err.contains("--pooled needs --group-by"));
}

void TestCli::plotWritesRequestedImage_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QStringList>("files");
    const QStringList flows = {test::samplePath("geni-cubic-P30.txt"),
                               test::samplePath("geni-reno-P30.txt")};
    const QStringList times = {test::samplePath("tcp-cubic-P30-client.txt"),
                               test::samplePath("tcp-reno-P30-client.txt")};
    QTest::newRow("cdf png") << "cdf"
                             << "png" << qjumpSamples();
    QTest::newRow("ccdf svg") << "ccdf"
                              << "svg" << qjumpSamples();
    QTest::newRow("flows pdf") << "flows"
                               << "pdf" << flows;
    QTest::newRow("timeseries png") << "timeseries"
                                    << "png" << times;
}

void TestCli::plotWritesRequestedImage() {
    QFETCH(QString, type);
    QFETCH(QString, suffix);
    QFETCH(QStringList, files);
    const QString out = m_dir.filePath(QStringLiteral("%1.%2").arg(type, suffix));
    const CliRun run =
        runCli(QStringList{"plot", "--type", type, "-o", out, "--width", "6in", "--height",
                           "9.525cm", "--dpi", "160", "--title", "A title"} +
               files);
    QCOMPARE(run.exitCode, 0);
    const QByteArray bytes = test::readAll(out);
    if (suffix == "png") {
        QVERIFY(bytes.startsWith("\x89PNG"));
        // IHDR: width and height as big-endian 32-bit numbers at offsets 16 and 20.
        auto be32 = [&](int at) {
            return (uchar(bytes[at]) << 24) | (uchar(bytes[at + 1]) << 16) |
                   (uchar(bytes[at + 2]) << 8) | uchar(bytes[at + 3]);
        };
        QCOMPARE(be32(16), 960); // 6 × 3.75 in at 160 dpi
        QCOMPARE(be32(20), 600);
    } else if (suffix == "pdf") {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.contains("/MediaBox [0 0 432.000000 270.000000]")); // in points
    } else {
        QVERIFY(bytes.contains("width=\"152.4mm\" height=\"95.25mm\""));
        QVERIFY(bytes.contains("A title"));
    }
}

void TestCli::plotRefusesWrongInput() {
    const QString out = m_dir.filePath("wrong.png");
    QCOMPARE(runCli({"plot", "--type", "pie", "-o", out, qjumpSamples().front()}).exitCode, 2);
    QCOMPARE(
        runCli({"plot", "--type", "cdf", "-o", m_dir.filePath("x.gif"), qjumpSamples().front()})
            .exitCode,
        2);
    // A throughput log cannot go into a latency plot: reported, the rest is drawn.
    const CliRun mixed = runCli({"plot", "--type", "cdf", "-o", out, qjumpSamples().front(),
                                 test::samplePath("geni-cubic-P30.txt")});
    QCOMPARE(mixed.exitCode, 1);
    QVERIFY2(mixed.err.contains("geni-cubic-P30.txt: a throughput log cannot go into a cdf plot"),
             qPrintable(mixed.err));
    QVERIFY(QFile::exists(out));
}

// --legend places the legend or leaves it out, --font and --font-size change every text;
// unknown places and sizes are usage errors that write nothing.
void TestCli::plotLegendAndFontChoices() {
    const QStringList files{test::samplePath("ping18_np"), test::samplePath("ping18_iperf16_np")};
    auto figure = [&](const QStringList& options) {
        const QString svg = m_dir.filePath(QStringLiteral("legend-%1.svg").arg(options.join('-')));
        const CliRun run =
            runCli(QStringList{"plot", "--type", "cdf", "-o", svg} + options + files);
        return run.exitCode == 0 ? QString::fromUtf8(test::readAll(svg)) : QString();
    };
    const QString automatic = figure({});
    QVERIFY(automatic.contains("ping18_iperf16_np"));
    QCOMPARE(figure({"--legend", "auto"}), automatic);
    const QString none = figure({"--legend", "none"});
    QVERIFY(!none.isEmpty() && !none.contains("ping18_iperf16_np"));
    QVERIFY(none.contains("RTT (ms)"));
    QStringList drawn{automatic};
    for (const char* place : {"inside", "right", "below"}) {
        const QString placed = figure({"--legend", place});
        QVERIFY2(placed.contains("ping18_iperf16_np"), place);
        drawn << placed;
    }
    drawn.removeDuplicates();
    QVERIFY(drawn.size() >= 3); // right and below differ from each other and from inside
    const QString serif = figure({"--font", "DejaVu Serif", "--font-size", "11"});
    QVERIFY(serif.contains("font-family=\"DejaVu Serif\""));
    QVERIFY(!automatic.contains("font-family=\"DejaVu Serif\""));
    const QString out = m_dir.filePath("legend-wrong.svg");
    QCOMPARE(
        runCli(QStringList{"plot", "--type", "cdf", "--legend", "top", "-o", out} + files).exitCode,
        2);
    QCOMPARE(runCli(QStringList{"plot", "--type", "cdf", "--font-size", "0", "-o", out} + files)
                 .exitCode,
             2);
    QVERIFY(!QFile::exists(out));
}

// cwnd, rtt and retransmits: per flow over time at the default (paper column) size, the
// source and the unit on the figure; a log without the figure is named and left out.
void TestCli::plotTcpState() {
    const QString reno = test::samplePath("iperf3-reno-P4.json");
    const QString cubic = test::samplePath("iperf3-cubic-P4.json");
    const QString svg = m_dir.filePath("cwnd.svg");
    const CliRun cwnd = runCli({"plot", "--type", "cwnd", "-o", svg, reno, cubic});
    QCOMPARE(cwnd.exitCode, 0);
    const QByteArray figure = test::readAll(svg);
    QVERIFY(figure.contains("viewBox=\"0 0 336 240\""));
    QVERIFY(figure.contains("congestion window")); // the axis title may wrap
    QVERIFY(figure.contains("KBytes)"));
    QVERIFY(figure.contains("TCP state from iperf3 -J"));
    const QString png = m_dir.filePath("rtt.png");
    QCOMPARE(runCli({"plot", "--type", "rtt", "-o", png, reno}).exitCode, 0);
    QVERIFY(test::readAll(png).startsWith("\x89PNG"));
    const QString pdf = m_dir.filePath("retransmits.pdf");
    QCOMPARE(runCli({"plot", "--type", "retransmits", "-o", pdf, reno}).exitCode, 0);
    QVERIFY(test::readAll(pdf).startsWith("%PDF-"));

    // geni-cubic-P30.txt has whole-run totals only: no window over time.
    const QString geni = test::samplePath("geni-cubic-P30.txt");
    const QString mixedOut = m_dir.filePath("mixed.svg");
    const CliRun mixed = runCli({"plot", "--type", "cwnd", "-o", mixedOut, geni, reno});
    QCOMPARE(mixed.exitCode, 1);
    QVERIFY2(mixed.err.contains("geni-cubic-P30.txt: no congestion window over time in this log"),
             qPrintable(mixed.err));
    QVERIFY(QFile::exists(mixedOut));
    QVERIFY(!test::readAll(mixedOut).contains("geni-cubic-P30"));
    const QString noneOut = m_dir.filePath("none.svg");
    const CliRun none = runCli({"plot", "--type", "rtt", "-o", noneOut, geni});
    QCOMPARE(none.exitCode, 2);
    QVERIFY2(none.err.contains("geni-cubic-P30.txt: no RTT over time"), qPrintable(none.err));
    QVERIFY(!QFile::exists(noneOut));
}

// --group-by: one legend entry per group naming its line and band; only for the plots over
// time, and only with a key grouping knows.
void TestCli::plotGroupsOverTime() {
    QStringList files;
    for (const char* cc : {"cubic", "reno"}) {
        files << test::samplePath(QStringLiteral("iperf3-%1-P4.json").arg(cc));
        const QDir deep(test::samplePath(QStringLiteral("bottleneck/iperf3-%1").arg(cc)));
        files << deep.filePath(
            deep.entryList({QStringLiteral("*.iperf3-%1.log").arg(cc)}).value(0));
    }
    const QString svg = m_dir.filePath("grouped.svg");
    const CliRun run = runCli(
        QStringList{"plot", "--type", "cwnd", "--group-by", "congestion_control", "-o", svg} +
        files);
    QCOMPARE(run.exitCode, 0);
    // The two runs of a group differ in streams and duration: said, as table says it.
    QVERIFY2(run.err.contains("congestion_control=cubic: warning: pools"), qPrintable(run.err));
    const QString figure = QString::fromUtf8(test::readAll(svg));
    // One legend entry per group, naming it.
    for (const char* cc : {"cubic", "reno"})
        QCOMPARE(figure.count(QStringLiteral(">congestion_control=%1<").arg(cc)), 1);
    const QString cdf = m_dir.filePath("grouped-cdf.svg");
    const CliRun wrongType =
        runCli(QStringList{"plot", "--type", "cdf", "--group-by", "congestion_control", "-o", cdf,
                           qjumpSamples().front()});
    QCOMPARE(wrongType.exitCode, 2);
    QVERIFY2(wrongType.err.contains("--group-by applies to timeseries, cwnd, rtt, retransmits"),
             qPrintable(wrongType.err));
    const CliRun wrongKey =
        runCli(QStringList{"plot", "--type", "cwnd", "--group-by", "colour", "-o", svg} + files);
    QCOMPARE(wrongKey.exitCode, 2);
    QVERIFY2(wrongKey.err.contains("--group-by \"colour\": not a key"), qPrintable(wrongKey.err));
}

// A folder holding two latency-under-load steps: both drawn, each named in the legend.
void TestCli::plotLoadTimeOfTwoSteps() {
    const QString folder = m_dir.filePath("two-steps");
    QVERIFY(QDir().mkpath(folder));
    QStringList steps;
    for (const QDir& step :
         {QDir(test::dataPath("loadtime")), QDir(test::samplePath("latency-under-load"))})
        for (const QString& name : step.entryList({"*.log", "*.json"}, QDir::Files))
            QVERIFY(QFile::copy(step.filePath(name), QDir(folder).filePath(name)));
    const QString svg = m_dir.filePath("two-steps.svg");
    const CliRun run = runCli({"plot", "--type", "loadtime", "-o", svg, folder});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QByteArray bytes = test::readAll(svg);
    for (const char* step : {"step-20261202-001146", "rrul-congestion-cubic"})
        QVERIFY2(bytes.contains(step), step);
    QVERIFY(bytes.contains("from each step"));
}

void TestCli::plotLoadTime() {
    // The latency-under-load recording: its ping, two iperf3 flows and ss samples, latency and
    // throughput logs in one plot.
    const QDir folder(test::dataPath("loadtime"));
    QStringList files;
    for (const QString& log : folder.entryList({"*.log"}, QDir::Files, QDir::Name))
        files << folder.filePath(log);
    QVERIFY(files.size() >= 4);
    const QString svg = m_dir.filePath("loadtime.svg");
    const CliRun run = runCli(QStringList{"plot", "--type", "loadtime", "-o", svg} + files);
    QCOMPARE(run.exitCode, 0);
    // Every log is drawn (the ss log's parse warnings about control connections aside).
    QVERIFY2(!run.err.contains("cannot go into") && !run.err.contains("Not drawn") &&
                 !run.err.contains("Drawn from 0"),
             qPrintable(run.err));
    const QByteArray bytes = test::readAll(svg);
    // A paper column's width, the height of three lanes; each lane named with its unit and the
    // TCP lane with its source; the time axis named once.
    QVERIFY(bytes.contains("width=\"88.9mm\" height=\"105.833mm\"")); // 3.5 × 4.17 in
    for (const char* text :
         {"ping RTT (ms)", "(Mbit/s)", "cwnd (kB)", "ss -tin samples", "time (s)"})
        QVERIFY2(bytes.contains(text), text);
    QCOMPARE(bytes.count("time (s)"), 1);
    // --height wins over loadtime's default; a PNG is that size times --dpi.
    const QString png = m_dir.filePath("loadtime.png");
    QCOMPARE(runCli(QStringList{"plot", "--type", "loadtime", "-o", png, "--height", "3.125in",
                                "--dpi", "96"} +
                    files)
                 .exitCode,
             0);
    const QByteArray header = test::readAll(png).left(24);
    QCOMPARE(qFromBigEndian<quint32>(header.constData() + 16), 336u); // IHDR width, height
    QCOMPARE(qFromBigEndian<quint32>(header.constData() + 20), 300u);
    // A ping log alone draws its lane and says that the others have nothing.
    const CliRun alone =
        runCli({"plot", "--type", "loadtime", "-o", svg, files.filter(".ping.").value(0)});
    QCOMPARE(alone.exitCode, 0);
    QVERIFY(test::readAll(svg).contains("no visible throughput log"));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
