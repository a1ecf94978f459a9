// Flent data files (tests/data/flent/SOURCES.md: three recorded by Flent itself here, the others
// written by tests/tools/make_flent_files.py in format versions 1, 3 and 4). Every series is
// checked against a reading of the file's JSON made here with zlib and QJsonDocument, sharing
// nothing with the importer's decompression or the parser: count, mean, p50 and p99 (numpy's
// linear percentile), irtt's lost round trips with their directions, one-way delays and IPDV
// (count, replies without one, p50, p99; also as `stats --metric` prints them), the socket
// sampler's cwnd, and that the series of one file are one step.

#include "DatasetStore.h"
#include "ReferenceReadings.h"
#include "TestSupport.h"
#include "import/FileImporter.h"
#include "model/LatencyMetric.h"
#include "parse/FormatRegistry.h"
#include "stats/LoadTimeline.h"
#include "stats/RunValues.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <zlib.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

using namespace wb;

namespace {

QString dataPath(const char* file) {
    return QStringLiteral(WIREBENCH_TEST_DATA_DIR "/flent/") + QLatin1String(file);
}

// The file's bytes, gunzipped with zlib when they start with gzip's magic.
QByteArray plainBytes(const QString& path) {
    const QByteArray bytes = test::readAll(path);
    if (!bytes.startsWith("\x1f\x8b"))
        return bytes;
    z_stream stream{};
    inflateInit2(&stream, 16 + MAX_WBITS);
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.constData()));
    stream.avail_in = uInt(bytes.size());
    QByteArray out;
    char buffer[65536];
    int status = Z_OK;
    while (status == Z_OK) {
        stream.next_out = reinterpret_cast<Bytef*>(buffer);
        stream.avail_out = sizeof buffer;
        status = inflate(&stream, Z_NO_FLUSH);
        out.append(buffer, qsizetype(sizeof buffer - stream.avail_out));
    }
    inflateEnd(&stream);
    return status == Z_STREAM_END ? out : QByteArray();
}

// One series as the file holds it, read straight from the JSON.
struct ExpectedSeries {
    bool latency = true;
    std::vector<double> values; // ms, or Mbit/s
    std::size_t lost = 0;       // irtt's lost round trips
    std::size_t lostUp = 0;     // of them, "lost_dir": "up"
    std::size_t lostDown = 0;
    // irtt's per-reply values by raw key (owd_up, ...), NaN for a reply without one; a key no
    // reply of the series has is absent.
    std::map<QString, std::vector<double>> perReply;
    double firstTime = 0; // epoch seconds of the first value (raw values only)
    bool raw = false;
    std::set<double> cwndBytes; // the sampler's cwnd × TCP_MSS
};

const char* const kPerReplyKeys[] = {"owd_up", "owd_down", "ipdv", "ipdv_up", "ipdv_down"};

std::map<QString, ExpectedSeries> expectedSeries(const QJsonObject& root) {
    std::map<QString, ExpectedSeries> out;
    const QJsonObject meta = root["metadata"].toObject()["SERIES_META"].toObject();
    const QJsonObject raw = root["raw_values"].toObject();
    const int version = root.contains("version") ? root["version"].toInt() : 1;
    const QJsonObject results = root["results"].toObject();
    for (const QString& name : results.keys()) {
        const QJsonObject seriesMeta = meta[name].toObject();
        const QString runner = seriesMeta["RUNNER"].toString();
        if (name.contains("::") || runner == "SumRunner" || runner == "AverageRunner" ||
            name.endsWith(" sum") || name.endsWith(" avg") || name.endsWith("totals"))
            continue;
        ExpectedSeries series;
        series.latency = seriesMeta["UNITS"].toString() == "ms" || name.contains("(ms)");
        const double mss = seriesMeta["TCP_MSS"].toDouble();
        for (const QJsonValue& value : raw[name].toArray()) {
            const QJsonObject point = value.toObject();
            if (point["lost"].toBool()) {
                ++series.lost;
                series.lostUp += point["lost_dir"].toString() == "up";
                series.lostDown += point["lost_dir"].toString() == "down";
            }
            if (point.contains("tcp_cwnd") && mss > 0)
                series.cwndBytes.insert(point["tcp_cwnd"].toDouble() * mss);
            if (!point.contains("val"))
                continue;
            double v = point["val"].toDouble();
            if (version < 4 && name.contains("UDP") && point.contains("dur"))
                v = 1000 / v; // netperf UDP_RR in transactions/s before version 4
            if (!series.raw)
                series.firstTime = point["t"].toDouble();
            series.raw = true;
            series.values.push_back(v);
            for (const char* key : kPerReplyKeys)
                series.perReply[key].push_back(point.contains(key) ? point[key].toDouble()
                                                                   : std::nan(""));
        }
        for (const char* key : kPerReplyKeys) {
            const std::vector<double>& values = series.perReply[key];
            if (std::all_of(values.begin(), values.end(), [](double v) { return std::isnan(v); }))
                series.perReply.erase(key);
        }
        if (!series.raw)
            for (const QJsonValue& value : results[name].toArray())
                if (value.isDouble())
                    series.values.push_back(value.toDouble());
        out[name] = series;
    }
    return out;
}

double mean(const std::vector<double>& values) {
    return std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
}

std::vector<double> withoutNan(const std::vector<double>& values) {
    std::vector<double> out;
    std::copy_if(values.begin(), values.end(), std::back_inserter(out),
                 [](double v) { return !std::isnan(v); });
    return out;
}

// A per-reply series of the dataset against the file's: as many values, as many replies
// without one, and the same p50 and p99 of the rest.
void comparePerReply(const std::vector<double>& got, const std::vector<double>& want,
                     const QString& what) {
    QVERIFY2(got.size() == want.size(), qPrintable(QStringLiteral("%1: %2 values, the file %3")
                                                       .arg(what)
                                                       .arg(got.size())
                                                       .arg(want.size())));
    const std::vector<double> gotValues = withoutNan(got);
    const std::vector<double> wantValues = withoutNan(want);
    QVERIFY2(gotValues.size() == wantValues.size(), qPrintable(what));
    for (double p : {50.0, 99.0})
        QVERIFY2(test::numpyPercentile(gotValues, p) == test::numpyPercentile(wantValues, p) ||
                     wantValues.empty(),
                 qPrintable(QStringLiteral("%1: p%2").arg(what).arg(p)));
}

const char* const kFiles[] = {
    "ping-real.flent.gz",  "ping-irtt-loss.flent.gz", "ping-irtt-updown.flent.gz",
    "rrul-cubic.flent.gz", "rrul-bbr.flent.gz",       "tcp_upload-v1.flent",
    "rrul_be-v3.json"};

} // namespace

class TestFlent : public QObject {
    Q_OBJECT

private slots:
    void files_data() {
        QTest::addColumn<QString>("path");
        for (const char* file : kFiles)
            QTest::newRow(file) << dataPath(file);
    }

    void detected_data() { files_data(); }
    void detected() {
        QFETCH(QString, path);
        const QByteArray head = plainBytes(path).left(16 * 1024);
        const FormatEntry* format = FileImporter::detect(head.toStdString(), nullptr);
        QVERIFY(format);
        QCOMPARE(QByteArray(format->id), QByteArray("flent"));
    }

    void seriesEqualTheFile_data() { files_data(); }
    void seriesEqualTheFile() {
        QFETCH(QString, path);
        const QJsonObject root = QJsonDocument::fromJson(plainBytes(path)).object();
        QVERIFY(!root.isEmpty());
        const std::map<QString, ExpectedSeries> expected = expectedSeries(root);
        const ImportResult result = FileImporter::importFile(path);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QVERIFY(result.format && QByteArray(result.format->id) == "flent");
        QCOMPARE(result.datasets.size(), expected.size());
        for (const Dataset& dataset : result.datasets) {
            const QString member = dataset.info.parameters.value("member");
            QVERIFY2(expected.count(member), qPrintable(member));
            const ExpectedSeries& want = expected.at(member);
            QCOMPARE(dataset.kind == Dataset::Kind::Latency, want.latency);
            std::vector<double> got;
            if (want.latency) {
                got = dataset.latency.rttMs;
                QCOMPARE(dataset.latency.lostSequence.size(), want.lost);
                QCOMPARE(dataset.latency.timestamps.size(), got.size());
                if (want.raw)
                    QCOMPARE(dataset.latency.timestamps.front(), want.firstTime);
            } else {
                QCOMPARE(dataset.flows.flows.size(), std::size_t(1));
                std::set<double> cwnd;
                for (const FlowInterval& interval : dataset.flows.flows[0].intervals) {
                    got.push_back(interval.bitsPerSecond / 1e6);
                    if (interval.cwndBytes)
                        cwnd.insert(*interval.cwndBytes);
                }
                // Every cwnd on an interval is one the sampler recorded, and some are there.
                QCOMPARE(!cwnd.empty(), !want.cwndBytes.empty());
                for (double bytes : cwnd)
                    QVERIFY(want.cwndBytes.count(bytes));
            }
            QCOMPARE(got.size(), want.values.size());
            QVERIFY(!got.empty());
            QVERIFY(qFuzzyCompare(mean(got), mean(want.values)));
            for (double p : {50.0, 99.0})
                QCOMPARE(test::numpyPercentile(got, p), test::numpyPercentile(want.values, p));
        }
    }

    // The real irtt run lost packets on the way up (iptables on the server's side): each lost
    // round trip is named by its sequence number and counted against what was sent.
    void irttLossesFromTheFile() {
        const ImportResult result = FileImporter::importFile(dataPath("ping-irtt-loss.flent.gz"));
        const Dataset* irtt = nullptr;
        for (const Dataset& dataset : result.datasets)
            if (dataset.info.parameters.value("member") == "Ping (ms) UDP")
                irtt = &dataset;
        QVERIFY(irtt);
        QVERIFY(!irtt->latency.lostSequence.empty());
        QCOMPARE(*irtt->latency.summary.transmitted,
                 std::int64_t(irtt->latency.rttMs.size() + irtt->latency.lostSequence.size()));
        QCOMPARE(irtt->info.protocol, QStringLiteral("udp"));
    }

    // What Flent's IrttRunner kept of each round trip beside the RTT: the one-way delays and
    // the IPDV go on the replies (NaN where the file has none), the losses by direction. A
    // series whose raw values hold none of them (ping, a generated irtt series) has none.
    void perReplyValuesEqualTheFile_data() { files_data(); }
    void perReplyValuesEqualTheFile() {
        QFETCH(QString, path);
        const std::map<QString, ExpectedSeries> expected =
            expectedSeries(QJsonDocument::fromJson(plainBytes(path)).object());
        const ImportResult result = FileImporter::importFile(path);
        QVERIFY2(result.ok(), qPrintable(result.error));
        for (const Dataset& dataset : result.datasets) {
            if (dataset.kind != Dataset::Kind::Latency)
                continue;
            const QString member = dataset.info.parameters.value("member");
            const ExpectedSeries& want = expected.at(member);
            const LatencySeries& latency = dataset.latency;
            const std::pair<const char*, const std::vector<double>*> columns[] = {
                {"owd_up", &latency.sendDelayMs},
                {"owd_down", &latency.receiveDelayMs},
                {"ipdv", &latency.ipdvMs},
                {"ipdv_up", &latency.sendIpdvMs},
                {"ipdv_down", &latency.receiveIpdvMs}};
            for (const auto& [key, got] : columns) {
                const auto it = want.perReply.find(key);
                comparePerReply(*got,
                                it == want.perReply.end() ? std::vector<double>() : it->second,
                                member + QLatin1Char(' ') + QLatin1String(key));
            }
            QCOMPARE(latency.lostUpSequence.size(), want.lostUp);
            QCOMPARE(latency.lostDownSequence.size(), want.lostDown);
        }
    }

    // The run with loss both ways (iptables on the server's and the client's INPUT at 12 % and
    // 6 %): losses of each direction, and the one-way delays against irtt's own statistics,
    // which Flent keeps in the series' metadata.
    void irttOneWayDelaysAndLossesByDirection() {
        const QString path = dataPath("ping-irtt-updown.flent.gz");
        const QJsonObject root = QJsonDocument::fromJson(plainBytes(path)).object();
        const QJsonObject irttMeta = root["metadata"]["SERIES_META"]["Ping (ms) UDP"].toObject();
        const ExpectedSeries want = expectedSeries(root).at("Ping (ms) UDP");
        QVERIFY(want.lostUp > 0 && want.lostDown > 0 && want.lostUp != want.lostDown);
        const ImportResult result = FileImporter::importFile(path);
        QVERIFY2(result.ok(), qPrintable(result.error));
        const auto irtt = std::find_if(
            result.datasets.begin(), result.datasets.end(), [](const Dataset& dataset) {
                return dataset.info.parameters.value("member") == "Ping (ms) UDP";
            });
        QVERIFY(irtt != result.datasets.end());
        const LatencySeries& latency = irtt->latency;
        QVERIFY(latency.hasOneWayDelays());
        QCOMPARE(latency.lostUpSequence.size() + latency.lostDownSequence.size(),
                 latency.lostSequence.size());
        for (std::int64_t seq : latency.lostUpSequence)
            QVERIFY(
                std::binary_search(latency.lostSequence.begin(), latency.lostSequence.end(), seq));
        QCOMPARE(*latency.summary.transmitted, irttMeta["PACKETS_SENT"].toInteger());
        QCOMPARE(std::int64_t(latency.rttMs.size()), irttMeta["PACKETS_RECEIVED"].toInteger());
        // irtt's means are whole nanoseconds, so they differ from the replies' mean below 1e-6
        // ms; its IPDV mean is of the magnitudes, as its summary's "IPDV (jitter)".
        QVERIFY(std::abs(mean(latency.sendDelayMs) - irttMeta["OWD_UP_MEAN"].toDouble()) < 1e-5);
        QVERIFY(std::abs(mean(latency.receiveDelayMs) - irttMeta["OWD_DOWN_MEAN"].toDouble()) <
                1e-5);
        // The first reply and each one after a loss have no IPDV: NaN, not zero.
        std::vector<double> ipdv = withoutNan(latency.ipdvMs);
        QVERIFY(!ipdv.empty() && ipdv.size() < latency.ipdvMs.size());
        for (double& value : ipdv)
            value = std::abs(value);
        QVERIFY(std::abs(mean(ipdv) - irttMeta["IPDV_MEAN"].toDouble()) < 1e-5);
    }

    // `stats --metric send-delay|receive-delay` on a Flent file prints, for its irtt series,
    // the count, p50 and p99 of the file's one-way delays; its ping series, which has no such
    // delay, is left out with a warning that names it, and the run succeeds.
    void statsMetricIsTheFilesDelays_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("metric");
        QTest::addColumn<QString>("key");
        for (const char* file : {"ping-real.flent.gz", "ping-irtt-updown.flent.gz"}) {
            QTest::addRow("%s send", file) << file << "send-delay"
                                           << "owd_up";
            QTest::addRow("%s receive", file) << file << "receive-delay"
                                              << "owd_down";
        }
    }
    void statsMetricIsTheFilesDelays() {
        QFETCH(QString, file);
        QFETCH(QString, metric);
        QFETCH(QString, key);
        const QString path = dataPath(file.toLatin1().constData());
        const std::map<QString, ExpectedSeries> expected =
            expectedSeries(QJsonDocument::fromJson(plainBytes(path)).object());
        const test::CliRun run =
            test::runCli({"stats", "--metric", metric, "--format", "json", path});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.err.contains("Ping (ms) ICMP has no"), qPrintable(run.err));
        const QJsonArray datasets =
            QJsonDocument::fromJson(run.out.toUtf8()).object()["datasets"].toArray();
        QCOMPARE(datasets.size(), 1);
        const QJsonObject stats = datasets.first().toObject();
        QCOMPARE(stats["metric"].toString(), metric);
        // The label is the file's and the series' name: "ping-real · Ping (ms) UDP".
        const QString series = stats["label"].toString().section(QStringLiteral(" · "), 1);
        QVERIFY2(expected.count(series), qPrintable(stats["label"].toString()));
        const ExpectedSeries& want = expected.at(series);
        QVERIFY(want.perReply.count(key));
        const std::vector<double> delays = withoutNan(want.perReply.at(key));
        QCOMPARE(stats["samples"].toInteger(), qint64(delays.size()));
        const QJsonObject percentiles = stats["percentiles"].toObject();
        QCOMPARE(percentiles["50"].toDouble(), test::numpyPercentile(delays, 50));
        QCOMPARE(percentiles["99"].toDouble(), test::numpyPercentile(delays, 99));
    }

    // The window's metric box (DatasetStore's metric): with a Flent file open it is offered,
    // and the receive delay shows the irtt series alone, its values the file's owd_down.
    void storeShowsTheFilesReceiveDelay() {
        const QString path = dataPath("ping-irtt-updown.flent.gz");
        const std::map<QString, ExpectedSeries> expected =
            expectedSeries(QJsonDocument::fromJson(plainBytes(path)).object());
        DatasetStore store;
        store.add(DatasetEntry::fromImport(FileImporter::importFile(path)));
        QCOMPARE(store.visibleLatency().size(), std::size_t{2});
        QVERIFY(store.visibleLatencyHasOtherMetrics());
        store.setLatencyMetric(LatencyMetric::ReceiveDelay);
        const std::vector<const DatasetEntry*> shown = store.visibleLatency();
        QCOMPARE(shown.size(), std::size_t{1});
        std::vector<double> got = shown.front()->dataset().latency.rttMs;
        std::vector<double> want = withoutNan(expected.at("Ping (ms) UDP").perReply.at("owd_down"));
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        QCOMPARE(got, want);
        QCOMPARE(shown.front()->analysis->latency.count, std::int64_t(want.size()));
    }

    // The series of one file are one step; two files are two runs, each of several members.
    void aFileIsOneStep() {
        std::vector<Dataset> all;
        for (const char* file : {"rrul-cubic.flent.gz", "rrul-bbr.flent.gz"}) {
            ImportResult result = FileImporter::importFile(dataPath(file));
            for (Dataset& dataset : result.datasets)
                all.push_back(std::move(dataset));
        }
        std::vector<const Dataset*> pointers;
        for (const Dataset& dataset : all)
            pointers.push_back(&dataset);
        QCOMPARE(LoadTimeline::steps(pointers).size(), 2);
        const std::vector<MeasuredRun> runs = RunValues::runs(pointers);
        QCOMPARE(runs.size(), std::size_t(2));
        for (const MeasuredRun& run : runs) {
            QVERIFY(run.concurrent());
            QCOMPARE(run.datasets.size(), std::size_t(5));
        }
        QVERIFY(LoadTimeline::isLoadStep({pointers.begin(), pointers.begin() + 5}));
        // Metadata: test, title, kernel, congestion control from the sysctls.
        const auto upload = *std::find_if(all.begin(), all.end(), [](const Dataset& dataset) {
            return dataset.info.parameters.value("member") == "TCP upload BE";
        });
        QCOMPARE(upload.info.parameters.value("test"), QStringLiteral("rrul"));
        QCOMPARE(upload.info.parameters.value("title"), QStringLiteral("cubic"));
        QCOMPARE(upload.info.kernel, QStringLiteral("Linux 6.1.0-28-amd64"));
        QCOMPARE(upload.info.congestionControl, QStringLiteral("cubic"));
        QCOMPARE(upload.info.tool, QStringLiteral("flent"));
    }

    // irtt's "lost": "true" (no direction known) is kept by Flent as lost_dir "true": lost,
    // neither up nor down. A reply without IPDV has NaN there, not zero.
    void lossWithoutDirection() {
        const QByteArray file = R"({"version": 4, "metadata": {"FLENT_VERSION": "2.1.1",
            "NAME": "ping", "T0": "2026-12-06T21:00:00.000000Z", "STEP_SIZE": 0.05,
            "SERIES_META": {"Ping (ms) UDP": {"RUNNER": "IrttRunner", "UNITS": "ms"}}},
          "x_values": [0.0], "results": {"Ping (ms) UDP": [0.3]},
          "raw_values": {"Ping (ms) UDP": [
            {"seq": 0, "t": 1796590800.1, "val": 0.3, "owd_up": 0.2, "owd_down": 0.1},
            {"lost": true, "lost_dir": "true", "seq": 1, "t": 1796590800.15},
            {"lost": true, "lost_dir": "down", "seq": 2, "t": 1796590800.2},
            {"seq": 3, "t": 1796590800.3, "val": 0.5, "owd_up": 0.25, "owd_down": 0.25,
             "ipdv": 0.2, "ipdv_up": 0.05, "ipdv_down": 0.15}]}})";
        const ImportResult result = FileImporter::importBytes(file.toStdString(), "u.flent");
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.datasets.size(), std::size_t(1));
        const LatencySeries& latency = result.datasets.front().latency;
        QCOMPARE(latency.rttMs, (std::vector<double>{0.3, 0.5}));
        QCOMPARE(latency.lostSequence, (std::vector<std::int64_t>{1, 2}));
        QCOMPARE(latency.lostDownSequence, std::vector<std::int64_t>{2});
        QVERIFY(latency.lostUpSequence.empty());
        QCOMPARE(latency.sendDelayMs, (std::vector<double>{0.2, 0.25}));
        QCOMPARE(latency.receiveDelayMs, (std::vector<double>{0.1, 0.25}));
        QCOMPARE(latency.ipdvMs.size(), std::size_t(2));
        QVERIFY(std::isnan(latency.ipdvMs[0]));
        QCOMPARE(latency.ipdvMs[1], 0.2);
        QCOMPARE(latency.sendIpdvMs[1], 0.05);
        QCOMPARE(latency.receiveIpdvMs[1], 0.15);
        QCOMPARE(*latency.summary.transmitted, std::int64_t(4));
    }

    void brokenFileIsAnError() {
        const ImportResult result = FileImporter::importBytes(
            "{\"metadata\": {\"FLENT_VERSION\": \"2.1.1\", \"x", "x.flent");
        QVERIFY(result.datasets.empty() || result.datasets.front().latency.rttMs.empty());
        QVERIFY(result.report.parseErrors.count() > 0 || !result.ok());
    }
};

QTEST_GUILESS_MAIN(TestFlent)
#include "tst_flent.moc"
