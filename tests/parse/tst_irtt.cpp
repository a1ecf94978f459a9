// irtt logs recorded between two network namespaces with random loss on each side
// (tests/data/irtt/SOURCES.md): every count and percentile checked against a reading of the
// JSON by QJsonDocument in the test, and the text output of the same run against its JSON.

#include "DatasetStore.h"
#include "ReferenceReadings.h"
#include "TestSupport.h"
#include "import/FileImporter.h"
#include "model/LatencyMetric.h"
#include "parse/FormatRegistry.h"
#include "parse/IrttParser.h"
#include "stats/LatencySummary.h"
#include "stats/LossStructure.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <map>
#include <set>

using namespace wb;

namespace {

QString dataPath(const char* name) {
    return QStringLiteral(WIREBENCH_TEST_DATA_DIR "/irtt/") + QLatin1String(name);
}

// The JSON as the test reads it, sharing nothing with the parser: values per "lost" state,
// delays in milliseconds.
struct JsonReading {
    std::map<QString, std::vector<std::int64_t>> sequencesByLost;
    std::vector<double> rtt, send, receive, ipdvMagnitude;
    std::int64_t packetsSent = 0;
    std::int64_t packetsReceived = 0;
};

JsonReading readJson(const QString& path) {
    JsonReading reading;
    const QJsonObject root = QJsonDocument::fromJson(test::readAll(path)).object();
    const QJsonObject stats = root[QStringLiteral("stats")].toObject();
    reading.packetsSent = stats[QStringLiteral("packets_sent")].toInteger();
    reading.packetsReceived = stats[QStringLiteral("packets_received")].toInteger();
    for (const QJsonValue& value : root[QStringLiteral("round_trips")].toArray()) {
        const QJsonObject trip = value.toObject();
        reading.sequencesByLost[trip[QStringLiteral("lost")].toString()].push_back(
            trip[QStringLiteral("seqno")].toInteger());
        const QJsonObject delay = trip[QStringLiteral("delay")].toObject();
        if (delay.contains(QStringLiteral("rtt")))
            reading.rtt.push_back(delay[QStringLiteral("rtt")].toDouble() / 1e6);
        if (delay.contains(QStringLiteral("send")))
            reading.send.push_back(delay[QStringLiteral("send")].toDouble() / 1e6);
        if (delay.contains(QStringLiteral("receive")))
            reading.receive.push_back(delay[QStringLiteral("receive")].toDouble() / 1e6);
        const QJsonObject ipdv = trip[QStringLiteral("ipdv")].toObject();
        if (ipdv.contains(QStringLiteral("rtt")))
            reading.ipdvMagnitude.push_back(std::fabs(ipdv[QStringLiteral("rtt")].toDouble()) /
                                            1e6);
    }
    return reading;
}

std::size_t countOf(const JsonReading& reading, const char* lost) {
    const auto it = reading.sequencesByLost.find(QLatin1String(lost));
    return it == reading.sequencesByLost.end() ? 0 : it->second.size();
}

// p50 and p99 of the dataset under the metric, as the statistics compute them, against
// numpy's linear percentiles of the independent values.
void comparePercentiles(const Dataset& dataset, LatencyMetric metric,
                        const std::vector<double>& expected) {
    const Dataset projected = withLatencyMetric(dataset, metric);
    QCOMPARE(projected.latency.rttMs.size(), expected.size());
    const LatencySummary summary = LatencySummary::of(projected.latency.rttMs);
    for (double level : {50.0, 99.0}) {
        const double want = test::numpyPercentile(expected, level);
        QVERIFY2(std::fabs(summary.percentile(level) - want) <= 1e-12 * std::fabs(want),
                 qPrintable(QStringLiteral("%1 p%2: %3 != %4")
                                .arg(latencyMetricName(metric))
                                .arg(level)
                                .arg(summary.percentile(level), 0, 'g', 17)
                                .arg(want, 0, 'g', 17)));
    }
}

} // namespace

class TestIrtt : public QObject {
    Q_OBJECT

private slots:
    void detected_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("format");
        QTest::newRow("json") << dataPath("irtt-loss-updown.json") << QByteArray("irtt/json");
        QTest::newRow("nostats") << dataPath("irtt-nostats.json") << QByteArray("irtt/json");
        // The text summary was once taken for Windows ping.
        QTest::newRow("text") << dataPath("irtt-loss-updown.txt") << QByteArray("irtt/text");
    }
    void detected() {
        QFETCH(QString, path);
        QFETCH(QByteArray, format);
        const QByteArray head = test::readAll(path).left(16 * 1024);
        const FormatEntry* entry = FileImporter::detect(head.toStdString(), nullptr);
        QVERIFY(entry);
        QCOMPARE(QByteArray(entry->id), format);
    }

    void jsonEqualsIndependentReading_data() {
        QTest::addColumn<QString>("path");
        QTest::newRow("loss up and down") << dataPath("irtt-loss-updown.json");
        QTest::newRow("direction unknown") << dataPath("irtt-nostats.json");
    }
    void jsonEqualsIndependentReading() {
        QFETCH(QString, path);
        const JsonReading reading = readJson(path);
        const ImportResult result = FileImporter::importFile(path);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.report.parseErrors.count(), 0);
        QCOMPARE(result.datasets.size(), std::size_t{1});
        const Dataset& dataset = result.datasets.front();
        const LatencySeries& series = dataset.latency;
        QCOMPARE(dataset.info.tool, QStringLiteral("irtt"));
        QCOMPARE(dataset.info.target, QStringLiteral("198.18.36.2"));
        QCOMPARE(dataset.info.packetBytes, std::int64_t{64});

        QCOMPARE(series.rttMs.size(), countOf(reading, "false"));
        QCOMPARE(series.sequence, reading.sequencesByLost.at(QStringLiteral("false")));
        QCOMPARE(series.lostUpSequence.size(), countOf(reading, "true_up"));
        QCOMPARE(series.lostDownSequence.size(), countOf(reading, "true_down"));
        QCOMPARE(series.lostSequence.size() - series.lostUpSequence.size() -
                     series.lostDownSequence.size(),
                 countOf(reading, "true"));
        QCOMPARE(*series.summary.transmitted, reading.packetsSent);
        QCOMPARE(*series.summary.received, reading.packetsReceived);
        QVERIFY(series.hasTimestamps());

        comparePercentiles(dataset, LatencyMetric::Rtt, reading.rtt);
        comparePercentiles(dataset, LatencyMetric::SendDelay, reading.send);
        comparePercentiles(dataset, LatencyMetric::ReceiveDelay, reading.receive);
        comparePercentiles(dataset, LatencyMetric::Ipdv, reading.ipdvMagnitude);
    }

    // The recording's loss was set to differ by direction; the log must show it so.
    // Losses by direction reach the statistics only where irtt told them: a run without the
    // server's statistics has none to show, rather than 0 up and 0 down.
    void lossStructureHasTheDirections() {
        const JsonReading reading = readJson(dataPath("irtt-loss-updown.json"));
        const LossStructure told = LossStructure::of(
            FileImporter::importFile(dataPath("irtt-loss-updown.json")).datasets.front().latency);
        QCOMPARE(told.lostUp, std::optional<std::int64_t>(
                                  static_cast<std::int64_t>(countOf(reading, "true_up"))));
        QCOMPARE(told.lostDown, std::optional<std::int64_t>(
                                    static_cast<std::int64_t>(countOf(reading, "true_down"))));
        for (const char* untold : {"irtt-nostats.json", "irtt-loss-updown.txt"})
            QVERIFY2(!LossStructure::of(
                          FileImporter::importFile(dataPath(untold)).datasets.front().latency)
                          .lostUp,
                     untold);
    }

    void lossDirectionsDiffer() {
        const JsonReading reading = readJson(dataPath("irtt-loss-updown.json"));
        QVERIFY(countOf(reading, "true_up") > 0);
        QVERIFY(countOf(reading, "true_down") > 0);
        QVERIFY(countOf(reading, "true_up") != countOf(reading, "true_down"));
        QVERIFY(countOf(readJson(dataPath("irtt-nostats.json")), "true") > 0);
    }

    // The text output of the run the JSON also recorded: the same replies (times rounded to
    // irtt's printed precision), the same losses without their direction.
    void textAgreesWithJsonOfTheSameRun() {
        const ImportResult json = FileImporter::importFile(dataPath("irtt-loss-updown.json"));
        const ImportResult text = FileImporter::importFile(dataPath("irtt-loss-updown.txt"));
        QVERIFY2(text.ok(), qPrintable(text.error));
        QCOMPARE(text.report.parseErrors.count(), 0);
        QCOMPARE(text.report.ignoredLines, std::int64_t{0});
        const LatencySeries& fromJson = json.datasets.front().latency;
        const LatencySeries& fromText = text.datasets.front().latency;
        QCOMPARE(fromText.sequence, fromJson.sequence);
        QCOMPARE(fromText.lostSequence, fromJson.lostSequence);
        QVERIFY(fromText.lostUpSequence.empty());
        QCOMPARE(*fromText.summary.transmitted, *fromJson.summary.transmitted);
        QCOMPARE(*fromText.summary.received, *fromJson.summary.received);
        for (LatencyMetric metric : allLatencyMetrics()) {
            QVERIFY(hasLatencyMetric(fromText, metric));
            const std::vector<double> a = latencyMetricValues(fromText, metric);
            const std::vector<double> b = latencyMetricValues(fromJson, metric);
            QCOMPARE(a.size(), b.size());
            for (std::size_t i = 0; i < a.size(); ++i) {
                QCOMPARE(std::isnan(a[i]), std::isnan(b[i]));
                // irtt prints three or four significant digits.
                if (!std::isnan(a[i]))
                    QVERIFY2(std::fabs(a[i] - b[i]) <= 5e-3 * b[i] + 1e-9,
                             qPrintable(QStringLiteral("%1 reply %2: text %3, JSON %4")
                                            .arg(latencyMetricName(metric))
                                            .arg(i)
                                            .arg(a[i])
                                            .arg(b[i])));
            }
        }
    }

    // The text's reply lines as a regular expression reads them.
    void textEqualsItsLines() {
        const QString path = dataPath("irtt-loss-updown.txt");
        const QString text = QString::fromUtf8(test::readAll(path));
        static const QRegularExpression reply(
            QStringLiteral(R"(^seq=(\d+) rtt=([0-9.]+)(ns|µs|ms|s) )"),
            QRegularExpression::MultilineOption);
        const std::map<QString, double> toMs = {{QStringLiteral("ns"), 1e-6},
                                                {QStringLiteral("µs"), 1e-3},
                                                {QStringLiteral("ms"), 1},
                                                {QStringLiteral("s"), 1e3}};
        std::vector<double> rtts;
        for (auto it = reply.globalMatch(text); it.hasNext();) {
            const auto match = it.next();
            rtts.push_back(match.captured(2).toDouble() * toMs.at(match.captured(3)));
        }
        const ImportResult result = FileImporter::importFile(path);
        const std::vector<double>& parsed = result.datasets.front().latency.rttMs;
        QCOMPARE(parsed.size(), rtts.size());
        for (std::size_t i = 0; i < rtts.size(); ++i)
            QVERIFY(std::fabs(parsed[i] - rtts[i]) <= 1e-12 * rtts[i]);
    }

    void durations_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("ms");
        QTest::newRow("µs") << QStringLiteral("90.3µs") << 0.0903;
        QTest::newRow("ms") << QStringLiteral("10.34ms") << 10.34;
        QTest::newRow("ns") << QStringLiteral("11ns") << 11e-6;
        QTest::newRow("s") << QStringLiteral("1.8s") << 1800.0;
        QTest::newRow("m s") << QStringLiteral("1m2.5s") << 62500.0;
        QTest::newRow("negative") << QStringLiteral("-15.4µs") << -0.0154;
    }
    void durations() {
        QFETCH(QString, text);
        QFETCH(double, ms);
        const QByteArray bytes = text.toUtf8();
        const std::optional<double> read =
            irttDurationMs(std::string_view(bytes.data(), bytes.size()));
        QVERIFY(read);
        QVERIFY(std::fabs(*read - ms) <= 1e-12 * std::fabs(ms));
    }
    void notDurations() {
        for (const char* text : {"n/a", "", "ms", "12", "1.2.3ms", "5 ms", "-"})
            QVERIFY2(!irttDurationMs(text), text);
    }

    // A damaged document is reported, never read as an empty run silently.
    void damagedJsonIsAParseError() {
        QByteArray bytes = test::readAll(dataPath("irtt-nostats.json"));
        bytes.truncate(bytes.size() / 2);
        const ImportResult result = FileImporter::importBytes(
            std::string_view(bytes.data(), bytes.size()), QStringLiteral("cut.json"));
        QCOMPARE(QByteArray(result.format->id), QByteArray("irtt/json"));
        QCOMPARE(result.report.parseErrors.count(), 1);
        QVERIFY(result.datasets.front().latency.rttMs.empty());
    }

    // A record whose "lost" irtt never writes is an error; the records around it are kept.
    void unknownLostStateIsAnError() {
        const QByteArray bytes = R"({"version":{"irtt":"0.9.0","json_format":1},"round_trips":[)"
                                 R"({"seqno":0,"lost":"false","delay":{"rtt":1000000}},)"
                                 R"({"seqno":1,"lost":"maybe"},)"
                                 R"({"seqno":2,"lost":"true_down"}]})";
        const ImportResult result = FileImporter::importBytes(
            std::string_view(bytes.data(), bytes.size()), QStringLiteral("odd.json"));
        QCOMPARE(result.report.parseErrors.count(), 1);
        const LatencySeries& series = result.datasets.front().latency;
        QCOMPARE(series.rttMs, std::vector<double>{1.0});
        QCOMPARE(series.lostDownSequence, std::vector<std::int64_t>{2});
        QCOMPARE(series.lostSequence, std::vector<std::int64_t>{2});
        // No one-way delay in the record: the metric is absent, not zero.
        QCOMPARE(withLatencyMetric(result.datasets.front(), LatencyMetric::SendDelay)
                     .latency.rttMs.size(),
                 std::size_t{0});
    }

    // The window's choice: every latency view reads the store's entries, which then hold the
    // metric of the runs that carry it; runs without it leave the visible ones until the RTT
    // is chosen again.
    void storeShowsTheChosenMetric() {
        DatasetStore store;
        store.add(
            DatasetEntry::fromImport(FileImporter::importFile(dataPath("irtt-loss-updown.json"))));
        store.add(DatasetEntry::fromImport(FileImporter::importFile(
            QStringLiteral(WIREBENCH_TEST_DATA_DIR "/ping/bsd_macos.txt"))));
        QCOMPARE(store.visibleLatency().size(), std::size_t{2});
        QVERIFY(store.visibleLatencyHasOtherMetrics());
        const JsonReading reading = readJson(dataPath("irtt-loss-updown.json"));

        store.setLatencyMetric(LatencyMetric::ReceiveDelay);
        const std::vector<const DatasetEntry*> shown = store.visibleLatency();
        QCOMPARE(shown.size(), std::size_t{1});
        QCOMPARE(shown.front()->dataset().latency.rttMs, reading.receive);
        QCOMPARE(shown.front()->analysis->latency.count,
                 static_cast<std::int64_t>(reading.receive.size()));

        store.setLatencyMetric(LatencyMetric::Rtt);
        QCOMPARE(store.visibleLatency().size(), std::size_t{2});
        QCOMPARE(store.visibleLatency().front()->dataset().latency.rttMs, reading.rtt);
    }
};

QTEST_GUILESS_MAIN(TestIrtt)
#include "tst_irtt.moc"
