// TcpState: where a flow's TCP state is read (statesOf), its series, per-flow summaries and
// drop counting; on small made-up datasets, and on the recordings of samples/bottleneck
// (cubic and reno through a deep queue) and samples/latency-under-load, whose numbers are
// compared with this test's own reading of the same logs (QJsonDocument for iperf3 -J, a
// regular expression for ss -tin and iperf 2 -e), never through the parsers.

#include "TestSupport.h"
#include "files/RunSidecar.h"
#include "stats/SocketFlowMatch.h"
#include "stats/TcpState.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <map>

using namespace wb;

namespace {

// ---- made-up datasets -------------------------------------------------------------------

FlowInterval tcpInterval(double end, double cwnd, double rtt, std::int64_t retransmits) {
    FlowInterval interval;
    interval.start = end - 1;
    interval.end = end;
    interval.bytes = 1e6;
    interval.bitsPerSecond = 8e6;
    interval.cwndBytes = cwnd;
    interval.rttMs = rtt;
    interval.retransmits = retransmits;
    return interval;
}

Flow iperfFlow(const QString& id, int localPort, std::vector<FlowInterval> intervals) {
    Flow flow;
    flow.id = id;
    flow.direction = QStringLiteral("send");
    flow.localAddress = QStringLiteral("198.18.2.1 port %1").arg(localPort);
    flow.remoteAddress = QStringLiteral("198.18.1.1 port 5201");
    flow.intervals = std::move(intervals);
    return flow;
}

Dataset iperf3Json(const QString& step, const QDateTime& start, std::vector<Flow> flows) {
    Dataset dataset;
    dataset.kind = Dataset::Kind::Throughput;
    dataset.info.tool = QStringLiteral("iperf3");
    dataset.info.dialect = QStringLiteral("json");
    dataset.info.protocol = QStringLiteral("tcp");
    dataset.info.start = start;
    if (!step.isEmpty())
        dataset.info.parameters.insert(QStringLiteral("step"), step);
    dataset.flows.flows = std::move(flows);
    return dataset;
}

// An ss sampler's socket 198.18.2.1:localPort -> 198.18.1.1:5201 with one sample per
// (time, cwnd segments) pair, mss 1000, rtt 10 ms and rttvar 2 ms.
Flow ssSocket(int localPort, const std::vector<std::pair<double, std::int64_t>>& samples) {
    Flow flow;
    flow.id = QStringLiteral("198.18.2.1:%1").arg(localPort);
    flow.localAddress = QStringLiteral("198.18.2.1 port %1").arg(localPort);
    flow.remoteAddress = QStringLiteral("198.18.1.1 port 5201");
    for (std::size_t i = 0; i < samples.size(); ++i) {
        FlowInterval interval;
        interval.start = i ? samples[i - 1].first : samples[i].first;
        interval.end = samples[i].first;
        interval.cwndBytes = double(samples[i].second * 1000);
        interval.rttMs = 10.0;
        flow.intervals.push_back(interval);
        TcpSocketSample sample;
        sample.sample = std::int64_t(i);
        sample.cwndSegments = samples[i].second;
        sample.mssBytes = 1000;
        sample.rttvarMs = 2.0;
        sample.pacingRateBitsPerSecond = 1e6 * double(i + 1);
        flow.tcp.samples.push_back(sample);
    }
    return flow;
}

Dataset ssDataset(const QString& step, const QDateTime& start, std::vector<Flow> sockets) {
    Dataset dataset;
    dataset.kind = Dataset::Kind::Throughput;
    dataset.info.tool = QStringLiteral("ss");
    dataset.info.start = start;
    if (!step.isEmpty())
        dataset.info.parameters.insert(QStringLiteral("step"), step);
    dataset.flows.flows = std::move(sockets);
    return dataset;
}

std::vector<TcpPoint> points(const std::vector<double>& values) {
    std::vector<TcpPoint> out;
    for (std::size_t i = 0; i < values.size(); ++i)
        out.push_back({double(i), values[i], std::nullopt, std::nullopt});
    return out;
}

std::vector<double> valuesOf(const std::vector<TcpPoint>& series) {
    std::vector<double> values;
    for (const TcpPoint& point : series)
        values.push_back(point.value);
    return values;
}

// ---- the recorded steps -------------------------------------------------------------------

// Every dataset of a step's folder: each member's log and the ss log, read with their
// sidecars (the run.json and server logs are companions, not logs).
struct StepLogs {
    QString folder;
    std::vector<Dataset> datasets;

    const Dataset* byTool(const QString& tool, int nth = 0) const {
        for (const Dataset& dataset : datasets)
            if (dataset.info.tool == tool && nth-- == 0)
                return &dataset;
        return nullptr;
    }
    std::vector<const Dataset*> all() const {
        std::vector<const Dataset*> out;
        for (const Dataset& dataset : datasets)
            out.push_back(&dataset);
        return out;
    }
    // The file of `dataset`'s log.
    static QByteArray bytesOf(const Dataset& dataset) { return test::readAll(dataset.sourceFile); }
};

StepLogs readStep(const QString& relativeFolder) {
    StepLogs step;
    step.folder = test::samplePath(relativeFolder);
    const QDir dir(step.folder);
    for (const QString& name : dir.entryList({QStringLiteral("*.log")}, QDir::Files, QDir::Name)) {
        const QString path = dir.filePath(name);
        if (RunSidecar::isRunCompanion(path))
            continue;
        ImportResult result = FileImporter::importFile(path);
        if (!result.ok())
            qFatal("%s: %s", qPrintable(path), qPrintable(result.error));
        for (Dataset& dataset : result.datasets) {
            dataset.sourceFile = path;
            step.datasets.push_back(std::move(dataset));
        }
    }
    return step;
}

// One ss -tin sample of one socket as the log prints it.
struct SsReading {
    qint64 epochNs = 0; // the sample's time line
    double secondsSinceFirstSample = 0;
    double cwndBytes = 0; // cwnd:N × mss:N
    double rttMs = 0;     // rtt:a/b
    double rttvarMs = 0;
};

// The ss log read with regular expressions: per connection "localPort>peerPort", its samples
// in order. Times are the `date +%s.%N` lines, counted from the first one.
std::map<QString, std::vector<SsReading>> readSsLog(const QByteArray& log) {
    static const QRegularExpression timeLine(QStringLiteral("^(\\d+)\\.(\\d{9})$"));
    static const QRegularExpression socketLine(
        QStringLiteral("^\\S+\\s+\\d+\\s+\\d+\\s+\\S+:(\\d+)\\s+\\S+:(\\d+)"));
    static const QRegularExpression cwnd(QStringLiteral("\\bcwnd:(\\d+)"));
    static const QRegularExpression mss(QStringLiteral("\\bmss:(\\d+)"));
    static const QRegularExpression rtt(QStringLiteral("\\brtt:([0-9.]+)/([0-9.]+)"));
    std::map<QString, std::vector<SsReading>> sockets;
    std::optional<std::pair<qint64, qint64>> first;
    double now = 0;
    qint64 epochNs = 0;
    QString connection;
    for (const QString& line : QString::fromUtf8(log).split(QLatin1Char('\n'))) {
        if (const auto match = timeLine.match(line); match.hasMatch()) {
            const std::pair<qint64, qint64> time{match.captured(1).toLongLong(),
                                                 match.captured(2).toLongLong()};
            if (!first)
                first = time;
            now = double(time.first - first->first) + double(time.second - first->second) / 1e9;
            epochNs = time.first * 1000000000 + time.second;
            continue;
        }
        if (const auto match = socketLine.match(line); match.hasMatch()) {
            connection = match.captured(1) + QLatin1Char('>') + match.captured(2);
            continue;
        }
        const auto c = cwnd.match(line), m = mss.match(line), r = rtt.match(line);
        if (connection.isEmpty() || !c.hasMatch() || !m.hasMatch() || !r.hasMatch())
            continue;
        sockets[connection].push_back({epochNs, now,
                                       c.captured(1).toDouble() * m.captured(1).toDouble(),
                                       r.captured(1).toDouble(), r.captured(2).toDouble()});
        connection.clear();
    }
    return sockets;
}

// The ss readings of `flow`'s connection, seen from either end.
const std::vector<SsReading>* ssReadingsOf(const std::map<QString, std::vector<SsReading>>& log,
                                           const Flow& flow) {
    const auto local = SocketFlowMatcher::portOf(flow.localAddress);
    const auto remote = SocketFlowMatcher::portOf(flow.remoteAddress);
    if (!local || !remote)
        return nullptr;
    for (const QString& key : {QStringLiteral("%1>%2").arg(*local).arg(*remote),
                               QStringLiteral("%1>%2").arg(*remote).arg(*local)})
        if (const auto it = log.find(key); it != log.end())
            return &it->second;
    return nullptr;
}

// When the step record (the folder's STEM.run.json with "members") says member `name`'s
// client started, in ns since the epoch; 0 when it does not.
qint64 clientStartNs(const QString& folder, const QString& name) {
    const QDir dir(folder);
    for (const QString& file : dir.entryList({QStringLiteral("*.run.json")}, QDir::Files)) {
        const QJsonObject record =
            QJsonDocument::fromJson(test::readAll(dir.filePath(file))).object();
        for (const QJsonValue& member : record["members"].toArray()) {
            if (member["name"].toString() != name)
                continue;
            const QStringList parts = member["client_start"].toString().split(QLatin1Char('.'));
            if (parts.size() == 2 && parts[1].size() == 9)
                return parts[0].toLongLong() * 1000000000 + parts[1].toLongLong();
        }
    }
    return 0;
}

// One iperf3 -J interval of one stream.
struct JsonReading {
    double end = 0;
    double cwndBytes = 0; // snd_cwnd
    double rttMs = 0;     // rtt / 1000
    double rttvarMs = 0;  // rttvar / 1000
    double retransmits = 0;
};

// iperf3 -J's intervals of the stream whose local port is `flow`'s.
std::vector<JsonReading> jsonReadingsOf(const QByteArray& log, const Flow& flow) {
    const QJsonObject root = QJsonDocument::fromJson(log).object();
    const auto port = SocketFlowMatcher::portOf(flow.localAddress);
    int socket = -1;
    for (const QJsonValue& connected : root["start"]["connected"].toArray())
        if (port && connected["local_port"].toInt() == *port)
            socket = connected["socket"].toInt();
    std::vector<JsonReading> out;
    for (const QJsonValue& interval : root["intervals"].toArray())
        for (const QJsonValue& stream : interval["streams"].toArray())
            if (stream["socket"].toInt() == socket && socket >= 0)
                out.push_back({stream["end"].toDouble(), stream["snd_cwnd"].toDouble(),
                               stream["rtt"].toDouble() / 1000, stream["rttvar"].toDouble() / 1000,
                               stream["retransmits"].toDouble()});
    return out;
}

// iperf 2 -e's interval lines of one stream: "[  1] 0.0000-1.0000 sec ... 127K/100415(970) us"
// (cwnd K/RTT(rttvar) us),
// without the whole-run line (longer than the recordings' -i 1).
struct Iperf2Reading {
    double end = 0;
    double cwndBytes = 0;
    double rttMs = 0;
    double rttvarMs = 0;
};

std::vector<Iperf2Reading> iperf2ReadingsOf(const QByteArray& log, int streamNumber) {
    constexpr double kReportSeconds = 1;
    const QRegularExpression line(
        QStringLiteral("^\\[\\s*%1\\]\\s+([0-9.]+)-([0-9.]+) sec .* (\\d+)K/(\\d+)\\((\\d+)\\) us")
            .arg(streamNumber));
    std::vector<Iperf2Reading> out;
    for (const QString& text : QString::fromUtf8(log).split(QLatin1Char('\n'))) {
        const auto match = line.match(text);
        if (!match.hasMatch() ||
            match.captured(2).toDouble() - match.captured(1).toDouble() > kReportSeconds)
            continue;
        out.push_back({match.captured(2).toDouble(), match.captured(3).toDouble() * 1024,
                       match.captured(4).toDouble() / 1000, match.captured(5).toDouble() / 1000});
    }
    return out;
}

// iperf3 text's interval lines of one sender: "[  5]   0.00-1.00   sec ... 0    191 KBytes",
// the Cwnd column in binary units.
std::vector<std::pair<double, double>> iperf3TextCwnd(const QByteArray& log) {
    static const QRegularExpression line(QStringLiteral(
        "^\\[\\s*\\d+\\]\\s+[0-9.]+-([0-9.]+)\\s+sec\\s.*\\s([0-9.]+) (K|M)Bytes\\s*$"));
    std::vector<std::pair<double, double>> out;
    for (const QString& text : QString::fromUtf8(log).split(QLatin1Char('\n')))
        if (const auto match = line.match(text); match.hasMatch())
            out.emplace_back(match.captured(1).toDouble(),
                             match.captured(2).toDouble() *
                                 (match.captured(3) == QLatin1String("K") ? 1024 : 1024 * 1024));
    return out;
}

} // namespace

class TestTcpState : public QObject {
    Q_OBJECT

private slots:
    void statesOfTakesTheSameStepsSamplerShifted();
    void statesOfKeepsTheOwnSourceWithoutASampler();
    void seriesOfSsSamplesHasRttvarBandAndPacing();
    void summarizeMeansMaximaP99AndRetransmitsPerMB();
    void summarizeOfManyFlowsPoolsTheirValues();
    void dropsCountsEachSignificantFall();

    void bottleneckStepsHaveEverySource_data();
    void bottleneckStepsHaveEverySource();
    void bottleneckSsSeriesEqualTheSsLog_data();
    void bottleneckSsSeriesEqualTheSsLog();
    void bottleneckIperf3JsonSeriesEqualTheJson_data();
    void bottleneckIperf3JsonSeriesEqualTheJson();
    void bottleneckIperf2SeriesEqualItsColumns_data();
    void bottleneckIperf2SeriesEqualItsColumns();
    void ssSamplesSitAtTheirWallClockTime_data();
    void ssSamplesSitAtTheirWallClockTime();
    void renoHalvesRepeatedlyCubicBacksOffLess();
    void latencyUnderLoadFlowsHaveSsSamplesBothWays();
};

void TestTcpState::statesOfTakesTheSameStepsSamplerShifted() {
    const QDateTime start = QDateTime::fromMSecsSinceEpoch(1764633228000, Qt::UTC);
    const Dataset iperf = iperf3Json(
        QStringLiteral("step-1"), start,
        {iperfFlow("5", 40000, {tcpInterval(1, 10000, 5, 0), tcpInterval(2, 20000, 6, 1)}),
         iperfFlow("7", 40002, {tcpInterval(1, 30000, 5, 0), tcpInterval(2, 40000, 6, 0)})});
    // Another step's sampler with the same ports must not be taken, even listed first.
    const Dataset otherStep = ssDataset(QStringLiteral("step-2"), start,
                                        {ssSocket(40000, {{0, 99}}), ssSocket(40002, {{0, 99}})});
    const Dataset sampler =
        ssDataset(QStringLiteral("step-1"), start.addMSecs(1500),
                  {ssSocket(40002, {{0, 3}, {0.1, 4}}), ssSocket(40000, {{0, 1}, {0.1, 2}})});

    const std::vector<TcpFlowState> states =
        TcpState::statesOf(iperf, {&otherStep, &iperf, &sampler});
    QCOMPARE(states.size(), std::size_t{2});
    QCOMPARE(states[0].flow, &iperf.flows.flows[0]);
    QCOMPARE(states[0].source, &sampler.flows.flows[1]);
    QCOMPARE(states[1].source, &sampler.flows.flows[0]);
    for (const TcpFlowState& state : states) {
        QCOMPARE(state.kind, TcpStateSource::SsSamples);
        QCOMPARE(state.timeShift, 1.5);
    }
    const std::vector<TcpPoint> cwnd = TcpState::series(states[0], TcpMetric::Cwnd);
    QCOMPARE(cwnd.size(), std::size_t{2});
    QCOMPARE(cwnd[0].t, 1.5);
    QCOMPARE(cwnd[1].t, 1.6);
    QCOMPARE(valuesOf(cwnd), (std::vector<double>{1000, 2000}));
    QCOMPARE(TcpState::describe(states[0].kind), QStringLiteral("ss -tin samples"));

    // Without a step on either side, a sampler that ran at the same time is the same recording.
    Dataset unnamed = iperf;
    unnamed.info.parameters.clear();
    Dataset unnamedSampler = sampler;
    unnamedSampler.info.parameters.clear();
    QCOMPARE(TcpState::statesOf(unnamed, {&unnamedSampler})[0].kind, TcpStateSource::SsSamples);
    unnamedSampler.info.start = start.addSecs(3600);
    QCOMPARE(TcpState::statesOf(unnamed, {&unnamedSampler})[0].kind, TcpStateSource::Iperf3Json);
}

void TestTcpState::statesOfKeepsTheOwnSourceWithoutASampler() {
    const QDateTime start = QDateTime::fromMSecsSinceEpoch(1764633228000, Qt::UTC);
    const Dataset iperf = iperf3Json(
        QStringLiteral("step-1"), start,
        {iperfFlow("5", 40000, {tcpInterval(1, 10000, 5, 0), tcpInterval(2, 20000, 6, 1)})});
    const std::vector<TcpFlowState> states = TcpState::statesOf(iperf, {});
    QCOMPARE(states.size(), std::size_t{1});
    QCOMPARE(states[0].kind, TcpStateSource::Iperf3Json);
    QCOMPARE(states[0].source, states[0].flow);
    QCOMPARE(states[0].timeShift, 0.0);
    QCOMPARE(valuesOf(TcpState::series(states[0], TcpMetric::Cwnd)),
             (std::vector<double>{10000, 20000}));
    QVERIFY(!TcpState::has(states[0], TcpMetric::PacingRate));

    // A flow without any TCP figure has no source.
    Dataset bare = iperf;
    bare.flows.flows[0].intervals = {FlowInterval{}};
    QCOMPARE(TcpState::statesOf(bare, {})[0].kind, TcpStateSource::None);
    QCOMPARE(TcpState::ownSource(bare), TcpStateSource::None);
}

void TestTcpState::seriesOfSsSamplesHasRttvarBandAndPacing() {
    const Flow socket = ssSocket(40000, {{0, 1}, {0.1, 2}, {0.2, 3}});
    const TcpFlowState state{&socket, &socket, TcpStateSource::SsSamples, 0};
    const std::vector<TcpPoint> rtt = TcpState::series(state, TcpMetric::Rtt);
    QCOMPARE(rtt.size(), std::size_t{3});
    for (const TcpPoint& point : rtt) {
        QCOMPARE(point.value, 10.0);
        QCOMPARE(point.low, std::optional<double>(8.0));
        QCOMPARE(point.high, std::optional<double>(12.0));
    }
    QCOMPARE(valuesOf(TcpState::series(state, TcpMetric::PacingRate)),
             (std::vector<double>{1e6, 2e6, 3e6}));
}

void TestTcpState::summarizeMeansMaximaP99AndRetransmitsPerMB() {
    Flow flow = iperfFlow("5", 40000,
                          {tcpInterval(1, 10000, 1, 1), tcpInterval(2, 20000, 2, 0),
                           tcpInterval(3, 30000, 3, 2), tcpInterval(4, 40000, 4, 0),
                           tcpInterval(5, 50000, 100, 0)});
    // No whole-run line: retransmits and bytes add up the intervals (3, 5 MB).
    TcpFlowSummary summary = TcpState::summarize(flow);
    QCOMPARE(summary.cwndMeanBytes, std::optional<double>(30000));
    QCOMPARE(summary.cwndMaxBytes, std::optional<double>(50000));
    QCOMPARE(summary.rttMeanMs, std::optional<double>(22));
    // numpy.percentile([1, 2, 3, 4, 100], 99): index 3.96, 4 + 0.96 × 96
    QVERIFY(summary.rttP99Ms);
    QCOMPARE(*summary.rttP99Ms, 4 + 0.96 * 96);
    QCOMPARE(summary.retransmits, std::optional<std::int64_t>(3));
    QCOMPARE(summary.bytesSent, std::optional<double>(5e6));
    QCOMPARE(summary.retransmitsPerMB, std::optional<double>(0.6));

    // The sender's whole-run line wins over the intervals.
    FlowInterval sender = tcpInterval(5, 0, 0, 0);
    sender.start = 0;
    sender.bytes = 8e6;
    sender.retransmits = 4;
    flow.senderTotal = sender;
    summary = TcpState::summarize(flow);
    QCOMPARE(summary.retransmits, std::optional<std::int64_t>(4));
    QCOMPARE(summary.bytesSent, std::optional<double>(8e6));
    QCOMPARE(summary.retransmitsPerMB, std::optional<double>(0.5));

    // From an ss source: its window and RTT, the flow's own retransmits and bytes.
    const Flow socket = ssSocket(40000, {{0, 1}, {0.1, 3}});
    summary = TcpState::summarize(TcpFlowState{&flow, &socket, TcpStateSource::SsSamples, 0});
    QCOMPARE(summary.cwndMeanBytes, std::optional<double>(2000));
    QCOMPARE(summary.cwndMaxBytes, std::optional<double>(3000));
    QCOMPARE(summary.rttMeanMs, std::optional<double>(10));
    QCOMPARE(summary.retransmits, std::optional<std::int64_t>(4));

    // Nothing known: nothing made up.
    const TcpFlowSummary none = TcpState::summarize(Flow{});
    QVERIFY(!none.cwndMeanBytes && !none.rttP99Ms && !none.retransmits && !none.bytesSent &&
            !none.retransmitsPerMB);
}

void TestTcpState::summarizeOfManyFlowsPoolsTheirValues() {
    const Flow a =
        iperfFlow("5", 40000, {tcpInterval(1, 10000, 1, 1), tcpInterval(2, 20000, 2, 1)});
    const Flow b = iperfFlow("7", 40002, {tcpInterval(1, 60000, 9, 0)});
    const TcpFlowSummary all = TcpState::summarize(std::vector<TcpFlowState>{
        {&a, &a, TcpStateSource::Iperf3Json, 0}, {&b, &b, TcpStateSource::Iperf3Json, 0}});
    // Means over every value (not the mean of the flows' means).
    QCOMPARE(all.cwndMeanBytes, std::optional<double>(30000));
    QCOMPARE(all.cwndMaxBytes, std::optional<double>(60000));
    QCOMPARE(all.rttMeanMs, std::optional<double>(4));
    // numpy.percentile([1, 2, 9], 99): index 1.98, 2 + 0.98 × 7
    QVERIFY(all.rttP99Ms);
    QCOMPARE(*all.rttP99Ms, 2 + 0.98 * 7);
    QCOMPARE(all.retransmits, std::optional<std::int64_t>(2));
    QCOMPARE(all.bytesSent, std::optional<double>(3e6));
}

void TestTcpState::dropsCountsEachSignificantFall() {
    // Three halvings of a sawtooth.
    QCOMPARE(TcpState::drops(points({10, 20, 10, 15, 20, 10, 20, 10, 12}), 0.4), 3);
    // A fall in small steps is one fall; one interrupted by a small rise too.
    QCOMPARE(TcpState::drops(points({20, 18, 15, 12, 10, 11, 8, 16}), 0.4), 1);
    // Backing off by 30 % is no 40 % drop, and is one of 25 %.
    QCOMPARE(TcpState::drops(points({10, 7, 10, 7, 10, 7}), 0.4), 0);
    QCOMPARE(TcpState::drops(points({10, 7, 10, 7, 10, 7}), 0.25), 3);
    // A series ending in a fall counts it.
    QCOMPARE(TcpState::drops(points({10, 20, 5}), 0.5), 1);
    // Rising only, flat, empty, zeros.
    QCOMPARE(TcpState::drops(points({1, 2, 3, 4}), 0.1), 0);
    QCOMPARE(TcpState::drops(points({5, 5, 5}), 0.1), 0);
    QCOMPARE(TcpState::drops({}, 0.5), 0);
    QCOMPARE(TcpState::drops(points({0, 0, 0}), 0.5), 0);
}

namespace {
const char* const kBottleneckSteps[] = {"bottleneck/iperf3-cubic", "bottleneck/iperf3-reno",
                                        "bottleneck/iperf-cubic", "bottleneck/iperf-reno"};
}

void TestTcpState::bottleneckStepsHaveEverySource_data() {
    QTest::addColumn<QString>("folder");
    for (const char* folder : kBottleneckSteps)
        QTest::newRow(folder) << QString::fromLatin1(folder);
}

void TestTcpState::bottleneckStepsHaveEverySource() {
    // Each flow's cwnd series exists from every source the step has: the ss samples (matched
    // to the flow by its ports) and the iperf log's own columns.
    QFETCH(QString, folder);
    const StepLogs step = readStep(folder);
    const Dataset* sampler = step.byTool(QStringLiteral("ss"));
    QVERIFY(sampler);
    const Dataset* iperf = step.byTool(QStringLiteral("iperf3"));
    if (!iperf)
        iperf = step.byTool(QStringLiteral("iperf"));
    QVERIFY(iperf);
    const bool json = iperf->info.tool == QLatin1String("iperf3");
    const TcpStateSource own = json ? TcpStateSource::Iperf3Json : TcpStateSource::Iperf2Enhanced;
    QCOMPARE(TcpState::ownSource(*iperf), own);
    QCOMPARE(iperf->flows.flows.size(), std::size_t{2});
    QCOMPARE(iperf->info.congestionControl, folder.section(QLatin1Char('-'), -1));

    const std::vector<TcpFlowState> sampled = TcpState::statesOf(*iperf, step.all());
    const std::vector<TcpFlowState> alone = TcpState::statesOf(*iperf, {});
    for (std::size_t i = 0; i < sampled.size(); ++i) {
        QCOMPARE(sampled[i].kind, TcpStateSource::SsSamples);
        QCOMPARE(sampled[i].source->tcp.congestionControl, iperf->info.congestionControl);
        // A 60 s run sampled every 0.1 s (iperf3) or 1 s (iperf 2).
        const std::size_t minimum = json ? 500 : 55;
        QVERIFY2(TcpState::series(sampled[i], TcpMetric::Cwnd).size() >= minimum,
                 qPrintable(QString::number(TcpState::series(sampled[i], TcpMetric::Cwnd).size())));
        QCOMPARE(alone[i].kind, own);
        QVERIFY(TcpState::series(alone[i], TcpMetric::Cwnd).size() >= 55);
        QVERIFY(TcpState::series(alone[i], TcpMetric::Rtt).size() >= 55);
        // The sampler's times placed on the iperf log's axis: inside the run.
        const std::vector<TcpPoint> cwnd = TcpState::series(sampled[i], TcpMetric::Cwnd);
        QVERIFY2(cwnd.front().t > -2 && cwnd.back().t < 63,
                 qPrintable(QStringLiteral("%1 .. %2").arg(cwnd.front().t).arg(cwnd.back().t)));
    }
}

void TestTcpState::bottleneckSsSeriesEqualTheSsLog_data() {
    bottleneckStepsHaveEverySource_data();
}

void TestTcpState::bottleneckSsSeriesEqualTheSsLog() {
    QFETCH(QString, folder);
    const StepLogs step = readStep(folder);
    const Dataset* sampler = step.byTool(QStringLiteral("ss"));
    QVERIFY(sampler);
    const std::map<QString, std::vector<SsReading>> log = readSsLog(StepLogs::bytesOf(*sampler));
    for (const Dataset& iperf : step.datasets) {
        if (&iperf == sampler)
            continue;
        for (const TcpFlowState& state : TcpState::statesOf(iperf, step.all())) {
            const std::vector<SsReading>* readings = ssReadingsOf(log, *state.flow);
            QVERIFY2(readings, qPrintable(state.flow->localAddress));
            const std::vector<TcpPoint> cwnd = TcpState::series(state, TcpMetric::Cwnd);
            const std::vector<TcpPoint> rtt = TcpState::series(state, TcpMetric::Rtt);
            QCOMPARE(cwnd.size(), readings->size());
            QCOMPARE(rtt.size(), readings->size());
            for (std::size_t i = 0; i < readings->size(); ++i) {
                const SsReading& reading = (*readings)[i];
                QCOMPARE(cwnd[i].value, reading.cwndBytes);
                QCOMPARE(rtt[i].value, reading.rttMs);
                QVERIFY(rtt[i].low && rtt[i].high);
                QCOMPARE(*rtt[i].high, reading.rttMs + reading.rttvarMs);
                QCOMPARE(*rtt[i].low, std::max(0.0, reading.rttMs - reading.rttvarMs));
                // Times: the log's, moved by the shift onto the iperf log's axis.
                QVERIFY2(std::abs(cwnd[i].t - state.timeShift - reading.secondsSinceFirstSample) <
                             1e-6,
                         qPrintable(QStringLiteral("%1: %2 vs %3")
                                        .arg(i)
                                        .arg(cwnd[i].t - state.timeShift)
                                        .arg(reading.secondsSinceFirstSample)));
            }
        }
    }
}

void TestTcpState::bottleneckIperf3JsonSeriesEqualTheJson_data() {
    QTest::addColumn<QString>("folder");
    QTest::newRow("cubic") << QStringLiteral("bottleneck/iperf3-cubic");
    QTest::newRow("reno") << QStringLiteral("bottleneck/iperf3-reno");
}

void TestTcpState::bottleneckIperf3JsonSeriesEqualTheJson() {
    QFETCH(QString, folder);
    const StepLogs step = readStep(folder);
    const Dataset* iperf = step.byTool(QStringLiteral("iperf3"));
    QVERIFY(iperf);
    const QByteArray log = StepLogs::bytesOf(*iperf);
    for (const TcpFlowState& state : TcpState::statesOf(*iperf, {})) {
        const std::vector<JsonReading> readings = jsonReadingsOf(log, *state.flow);
        QCOMPARE(readings.size(), std::size_t{60});
        const std::vector<TcpPoint> cwnd = TcpState::series(state, TcpMetric::Cwnd);
        const std::vector<TcpPoint> rtt = TcpState::series(state, TcpMetric::Rtt);
        const std::vector<TcpPoint> retransmits = TcpState::series(state, TcpMetric::Retransmits);
        QCOMPARE(cwnd.size(), readings.size());
        QCOMPARE(rtt.size(), readings.size());
        QCOMPARE(retransmits.size(), readings.size());
        double retransmitted = 0;
        for (std::size_t i = 0; i < readings.size(); ++i) {
            const JsonReading& reading = readings[i];
            QCOMPARE(cwnd[i].t, reading.end);
            QCOMPARE(cwnd[i].value, reading.cwndBytes);
            QCOMPARE(rtt[i].value, reading.rttMs);
            QVERIFY(rtt[i].low && rtt[i].high);
            QCOMPARE(*rtt[i].low, std::max(0.0, reading.rttMs - reading.rttvarMs));
            QCOMPARE(*rtt[i].high, reading.rttMs + reading.rttvarMs);
            QCOMPARE(retransmits[i].value, reading.retransmits);
            retransmitted += reading.retransmits;
        }
        QVERIFY(retransmitted > 0); // the queue overflowed
        const TcpFlowSummary summary = TcpState::summarize(state);
        QCOMPARE(summary.retransmits, std::optional<std::int64_t>(std::int64_t(retransmitted)));
    }
}

void TestTcpState::bottleneckIperf2SeriesEqualItsColumns_data() {
    QTest::addColumn<QString>("folder");
    QTest::newRow("cubic") << QStringLiteral("bottleneck/iperf-cubic");
    QTest::newRow("reno") << QStringLiteral("bottleneck/iperf-reno");
}

void TestTcpState::bottleneckIperf2SeriesEqualItsColumns() {
    QFETCH(QString, folder);
    const StepLogs step = readStep(folder);
    const Dataset* iperf = step.byTool(QStringLiteral("iperf"));
    QVERIFY(iperf);
    const QByteArray log = StepLogs::bytesOf(*iperf);
    for (const TcpFlowState& state : TcpState::statesOf(*iperf, {})) {
        const std::vector<Iperf2Reading> readings = iperf2ReadingsOf(log, state.flow->streamNumber);
        QVERIFY2(readings.size() >= 59, qPrintable(QString::number(readings.size())));
        const std::vector<TcpPoint> cwnd = TcpState::series(state, TcpMetric::Cwnd);
        const std::vector<TcpPoint> rtt = TcpState::series(state, TcpMetric::Rtt);
        QCOMPARE(cwnd.size(), readings.size());
        QCOMPARE(rtt.size(), readings.size());
        for (std::size_t i = 0; i < readings.size(); ++i) {
            QCOMPARE(cwnd[i].t, readings[i].end);
            QCOMPARE(cwnd[i].value, readings[i].cwndBytes);
            QCOMPARE(rtt[i].value, readings[i].rttMs);
            QVERIFY(rtt[i].low && rtt[i].high);
            QCOMPARE(*rtt[i].low, std::max(0.0, readings[i].rttMs - readings[i].rttvarMs));
            QCOMPARE(*rtt[i].high, readings[i].rttMs + readings[i].rttvarMs);
        }
    }
}

void TestTcpState::ssSamplesSitAtTheirWallClockTime_data() {
    QTest::addColumn<QString>("folder");
    for (const char* folder : kBottleneckSteps)
        QTest::newRow(folder) << QString::fromLatin1(folder);
    QTest::newRow("latency-under-load") << QStringLiteral("latency-under-load");
}

void TestTcpState::ssSamplesSitAtTheirWallClockTime() {
    // On a flow's time axis (0 = when its client started, as the step record says) an ss
    // sample sits at its time line minus that start: the sidecars' starts (ms) are the
    // client's start and the ss log's first sample, not when the run or step began.
    QFETCH(QString, folder);
    const StepLogs step = readStep(folder);
    const std::map<QString, std::vector<SsReading>> log =
        readSsLog(StepLogs::bytesOf(*step.byTool(QStringLiteral("ss"))));
    int flows = 0;
    for (const Dataset& iperf : step.datasets) {
        if (iperf.kind != Dataset::Kind::Throughput || iperf.info.tool == QLatin1String("ss"))
            continue;
        const qint64 clientStart =
            clientStartNs(step.folder, iperf.info.parameters.value(QStringLiteral("member")));
        QVERIFY2(clientStart > 0, qPrintable(iperf.sourceFile));
        for (const TcpFlowState& state : TcpState::statesOf(iperf, step.all())) {
            const std::vector<SsReading>* readings = ssReadingsOf(log, *state.flow);
            QVERIFY(readings);
            const std::vector<TcpPoint> cwnd = TcpState::series(state, TcpMetric::Cwnd);
            QCOMPARE(cwnd.size(), readings->size());
            for (std::size_t i = 0; i < cwnd.size(); ++i) {
                const double expected = double((*readings)[i].epochNs - clientStart) / 1e9;
                // Each start is kept to the ms.
                QVERIFY2(std::abs(cwnd[i].t - expected) < 0.0021,
                         qPrintable(QStringLiteral("%1 sample %2: at %3 s, its time line %4 s")
                                        .arg(iperf.sourceFile)
                                        .arg(i)
                                        .arg(cwnd[i].t)
                                        .arg(expected)));
            }
            ++flows;
        }
    }
    QVERIFY(flows >= 2);
}

void TestTcpState::renoHalvesRepeatedlyCubicBacksOffLess() {
    // Through the deep queue each flow's window is limited by losses: reno halves it (the
    // sawtooth), cubic takes 30 % off and grows back along its cubic curve. Read from the
    // best source, the ss samples every 0.1 s.
    const auto dropsOf = [](const QString& folder, double fraction) {
        const StepLogs step = readStep(folder);
        std::vector<int> counts;
        for (const TcpFlowState& state :
             TcpState::statesOf(*step.byTool(QStringLiteral("iperf3")), step.all()))
            counts.push_back(TcpState::drops(TcpState::series(state, TcpMetric::Cwnd), fraction));
        return counts;
    };
    const std::vector<int> reno = dropsOf(QStringLiteral("bottleneck/iperf3-reno"), 0.4);
    const std::vector<int> cubic = dropsOf(QStringLiteral("bottleneck/iperf3-cubic"), 0.4);
    const std::vector<int> cubicBackOffs = dropsOf(QStringLiteral("bottleneck/iperf3-cubic"), 0.25);
    QCOMPARE(reno.size(), std::size_t{2});
    QCOMPARE(cubic.size(), std::size_t{2});
    for (std::size_t i = 0; i < reno.size(); ++i) {
        QVERIFY2(reno[i] >= 3, qPrintable(QString::number(reno[i])));
        QVERIFY2(cubicBackOffs[i] >= 3, qPrintable(QString::number(cubicBackOffs[i])));
        QVERIFY2(cubic[i] < reno[i],
                 qPrintable(QStringLiteral("cubic %1, reno %2").arg(cubic[i]).arg(reno[i])));
    }
}

void TestTcpState::latencyUnderLoadFlowsHaveSsSamplesBothWays() {
    // The latency-under-load step: ping with its timestamps, flows up (sampled at the client)
    // and down (iperf3 -R, sampled at the server, which sends), all of one step.
    const QDir root(test::samplePath(QStringLiteral("latency-under-load")));
    QStringList stepFolders;
    QDirIterator it(root.path(), {QStringLiteral("*.ss.log")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        stepFolders << QFileInfo(it.next()).path();
    QCOMPARE(stepFolders.size(), 1);
    const StepLogs step = readStep(
        root.relativeFilePath(stepFolders.front()).prepend(QStringLiteral("latency-under-load/")));
    const Dataset* ping = nullptr;
    int up = 0, down = 0;
    const std::map<QString, std::vector<SsReading>> log =
        readSsLog(StepLogs::bytesOf(*step.byTool(QStringLiteral("ss"))));
    for (const Dataset& dataset : step.datasets) {
        if (dataset.kind == Dataset::Kind::Latency) {
            ping = &dataset;
            continue;
        }
        if (dataset.info.tool != QLatin1String("iperf3"))
            continue;
        for (const TcpFlowState& state : TcpState::statesOf(dataset, step.all())) {
            QCOMPARE(state.kind, TcpStateSource::SsSamples);
            const std::vector<SsReading>* readings = ssReadingsOf(log, *state.flow);
            QVERIFY(readings);
            QCOMPARE(valuesOf(TcpState::series(state, TcpMetric::Cwnd)).size(), readings->size());
            QVERIFY(readings->size() > 100);
            ++(state.flow->direction == QLatin1String("receive") ? down : up);
        }
        // The log's own source: an up flow's client is its sender and prints Cwnd.
        if (dataset.flows.flows.front().direction == QLatin1String("receive"))
            continue;
        const std::vector<TcpFlowState> own = TcpState::statesOf(dataset, {});
        QCOMPARE(own.size(), std::size_t{1});
        QCOMPARE(own.front().kind, TcpStateSource::Iperf3Text);
        const std::vector<std::pair<double, double>> readings =
            iperf3TextCwnd(StepLogs::bytesOf(dataset));
        const std::vector<TcpPoint> cwnd = TcpState::series(own.front(), TcpMetric::Cwnd);
        QCOMPARE(cwnd.size(), readings.size());
        QVERIFY(cwnd.size() >= 19);
        for (std::size_t i = 0; i < cwnd.size(); ++i) {
            QCOMPARE(cwnd[i].t, readings[i].first);
            QCOMPARE(cwnd[i].value, readings[i].second);
        }
    }
    QVERIFY(ping);
    QVERIFY(ping->info.start.isValid());
    QVERIFY(up > 0);
    QVERIFY(down > 0);
}

QTEST_GUILESS_MAIN(TestTcpState)
#include "tst_tcpstate.moc"
