#include "FlentParser.h"

#include "IrttParser.h"
#include "TextScan.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

namespace wb {

namespace {

using scan::contains;

constexpr int kFormatVersion = 4; // the newest Flent writes (resultset.FILEFORMAT_VERSION)

QString text(const QJsonValue& value) {
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 12);
    return {};
}

// A time as Flent serialises it: ISO 8601 in UTC with a "Z" (version 2 on), or local time
// without a zone in old files. Like Flent, a local time is moved by the whole hours that bring
// it nearest to the first sample's time (`firstSample`, epoch seconds) when there is one.
std::optional<double> epochSeconds(const QString& iso, std::optional<double> firstSample) {
    QString plain = iso.trimmed();
    const bool utc = plain.endsWith(QLatin1Char('Z'));
    if (utc)
        plain.chop(1);
    QDateTime time = QDateTime::fromString(plain, Qt::ISODateWithMs);
    if (!time.isValid())
        time = QDateTime::fromString(plain, Qt::ISODate);
    if (!time.isValid())
        return std::nullopt;
    time.setTimeZone(QTimeZone::utc());
    // Qt keeps milliseconds; Flent writes microseconds.
    double seconds = double(time.toSecsSinceEpoch());
    const qsizetype point = plain.lastIndexOf(QLatin1Char('.'));
    if (point > 0)
        seconds += (QStringLiteral("0") + plain.mid(point)).toDouble();
    if (!utc && firstSample) {
        const double hours = std::round((*firstSample - seconds) / 3600);
        seconds += hours * 3600;
    }
    return seconds;
}

QDateTime dateTimeOf(double epochSeconds) {
    return QDateTime::fromMSecsSinceEpoch(std::llround(epochSeconds * 1000), QTimeZone::utc());
}

// Runners whose series Flent computes from other series of the file.
bool isComputed(const QString& name, const QJsonObject& meta) {
    static const QStringList computed = {
        QStringLiteral("AverageRunner"),  QStringLiteral("SmoothAverageRunner"),
        QStringLiteral("SumRunner"),      QStringLiteral("DiffMinRunner"),
        QStringLiteral("FairnessRunner"), QStringLiteral("NullRunner")};
    const QString runner = meta.value(QLatin1String("RUNNER")).toString();
    if (!runner.isEmpty())
        return computed.contains(runner);
    // Old files name no runner: Flent's tests call their computed series so.
    const QString lower = name.toLower();
    return lower.endsWith(QLatin1String(" avg")) || lower.endsWith(QLatin1String(" sum")) ||
           lower.endsWith(QLatin1String(" totals")) || lower.contains(QLatin1String("fairness"));
}

// One point of a series: when (epoch seconds), the value, and what else Flent kept of it.
struct Point {
    double time = 0;
    std::optional<double> value;
    std::optional<double> duration;  // netperf's sampling interval (s)
    std::optional<std::int64_t> seq; // ping and irtt sequence numbers
    // irtt: whether the round trip was lost and which way, and what it measured beside the
    // RTT (its delay, sentAtEpochSeconds and sequence are the point's own fields).
    IrttRoundTrip irtt;
    std::optional<double> cwndPackets; // the socket sampler's, beside a TCP series
    std::optional<double> tcpRttMs;
};

std::optional<double> number(const QJsonObject& object, const char* key) {
    const QJsonValue value = object.value(QLatin1String(key));
    if (!value.isDouble() || !std::isfinite(value.toDouble()))
        return std::nullopt;
    return value.toDouble();
}

// A lost round trip's direction as Flent's IrttRunner keeps it: irtt's "true_up" and
// "true_down" without their "true_", and irtt's "true" (no direction known) left as it is.
IrttRoundTrip::Lost irttLoss(const QJsonObject& object) {
    if (!object.value(QLatin1String("lost")).toBool())
        return IrttRoundTrip::Lost::No;
    const QString direction = object.value(QLatin1String("lost_dir")).toString();
    if (direction == QLatin1String("up"))
        return IrttRoundTrip::Lost::Up;
    if (direction == QLatin1String("down"))
        return IrttRoundTrip::Lost::Down;
    return IrttRoundTrip::Lost::Unknown;
}

// The raw values of a series, in the units its version stores them. irtt's one-way delays
// and IPDV are in ms in every version (Flent's IrttRunner converts irtt's nanoseconds).
std::vector<Point> rawPoints(const QJsonArray& raw, const QString& name, int version,
                             bool fakeRaw) {
    // Versions before 4 kept netperf UDP_RR samples in transactions per second.
    const bool transactions = version < kFormatVersion && !fakeRaw && name.contains("UDP");
    const bool httpSeconds = version < kFormatVersion && !fakeRaw && name == "HTTP latency";
    std::vector<Point> points;
    for (const QJsonValue& element : raw) {
        const QJsonObject object = element.toObject();
        const std::optional<double> t = number(object, "t");
        if (!t)
            continue;
        Point point;
        point.time = *t;
        point.value = number(object, "val");
        point.duration = number(object, "dur");
        if (const auto seq = number(object, "seq"))
            point.seq = std::int64_t(*seq);
        point.irtt.lost = irttLoss(object);
        point.irtt.sendDelayMs = number(object, "owd_up");
        point.irtt.receiveDelayMs = number(object, "owd_down");
        point.irtt.ipdvMs = number(object, "ipdv");
        point.irtt.sendIpdvMs = number(object, "ipdv_up");
        point.irtt.receiveIpdvMs = number(object, "ipdv_down");
        point.cwndPackets = number(object, "tcp_cwnd");
        point.tcpRttMs = number(object, "tcp_rtt");
        if (point.value && transactions && point.duration)
            point.value = *point.value == 0 ? std::optional<double>() : 1000 / *point.value;
        if (point.value && httpSeconds)
            point.value = *point.value * 1000;
        points.push_back(point);
    }
    std::stable_sort(points.begin(), points.end(),
                     [](const Point& a, const Point& b) { return a.time < b.time; });
    return points;
}

// A series' "results" on the x_values axis: the points that have a value.
std::vector<Point> resultPoints(const QJsonArray& values, const QJsonArray& xValues, double t0) {
    std::vector<Point> points;
    const qsizetype count = std::min(values.size(), xValues.size());
    for (qsizetype i = 0; i < count; ++i) {
        if (!values[i].isDouble() || !xValues[i].isDouble())
            continue;
        Point point;
        point.time = t0 + xValues[i].toDouble();
        point.value = values[i].toDouble();
        points.push_back(point);
    }
    return points;
}

// What a series made of its points: samples taken, and values that could not be (a negative
// or non-finite RTT, an interval of no length).
struct Filled {
    std::int64_t samples = 0;
    std::int64_t impossible = 0;
};

Filled fillLatency(Dataset& dataset, const std::vector<Point>& points, const QString& runner,
                   double stepSize) {
    Filled filled;
    RunInfo& info = dataset.info;
    LatencySeries& latency = dataset.latency;
    info.protocol = runner == QLatin1String("PingRunner") ||
                            (runner.isEmpty() && dataset.label.contains(QLatin1String("ICMP")))
                        ? QStringLiteral("icmp")
                        : QStringLiteral("udp");
    info.pingIntervalSeconds = stepSize;
    const bool sequenced = !points.empty() && std::all_of(points.begin(), points.end(),
                                                          [](const Point& p) { return p.seq; });
    // irtt's one-way delays and IPDV go beside the RTTs only when the series has them, so a
    // ping's series (or an irtt series from a Flent that kept none) has no such metric.
    const bool oneWay = std::any_of(points.begin(), points.end(), [](const Point& p) {
        return p.irtt.sendDelayMs || p.irtt.receiveDelayMs;
    });
    const bool ipdv = std::any_of(points.begin(), points.end(), [](const Point& p) {
        return p.irtt.ipdvMs || p.irtt.sendIpdvMs || p.irtt.receiveIpdvMs;
    });
    const double none = std::numeric_limits<double>::quiet_NaN(); // a reply without the value
    std::set<std::int64_t> seen;
    std::int64_t index = 0;
    for (const Point& point : points) {
        if (point.irtt.lost != IrttRoundTrip::Lost::No) {
            if (point.seq) {
                IrttRoundTrip loss = point.irtt;
                loss.sequence = *point.seq;
                appendIrttRoundTrip(latency, loss);
            }
            continue;
        }
        if (!point.value)
            continue;
        if (!std::isfinite(*point.value) || *point.value < 0) {
            ++filled.impossible;
            continue;
        }
        const std::int64_t seq = sequenced ? *point.seq : index++;
        if (sequenced && !seen.insert(seq).second) {
            latency.duplicateRttMs.push_back(*point.value);
            latency.duplicateSequence.push_back(seq);
            continue;
        }
        latency.rttMs.push_back(*point.value);
        latency.sequence.push_back(seq);
        latency.timestamps.push_back(point.time);
        if (oneWay) {
            latency.sendDelayMs.push_back(point.irtt.sendDelayMs.value_or(none));
            latency.receiveDelayMs.push_back(point.irtt.receiveDelayMs.value_or(none));
        }
        if (ipdv) {
            latency.ipdvMs.push_back(point.irtt.ipdvMs.value_or(none));
            latency.sendIpdvMs.push_back(point.irtt.sendIpdvMs.value_or(none));
            latency.receiveIpdvMs.push_back(point.irtt.receiveIpdvMs.value_or(none));
        }
        ++filled.samples;
    }
    if (sequenced && !latency.sequence.empty()) {
        // irtt lists its lost round trips; a ping's are the numbers missing among its replies.
        if (latency.lostSequence.empty()) {
            for (std::int64_t seq = *seen.begin(); seq < *seen.rbegin(); ++seq)
                if (!seen.count(seq))
                    latency.lostSequence.push_back(seq);
        }
        sortIrttLosses(latency);
        latency.summary.received = std::int64_t(latency.rttMs.size());
        latency.summary.transmitted =
            std::int64_t(latency.rttMs.size() + latency.lostSequence.size());
        latency.summary.duplicates = latency.duplicateCount();
        latency.summary.lossPercent =
            100.0 * double(latency.lostSequence.size()) / double(*latency.summary.transmitted);
    }
    if (!latency.timestamps.empty())
        info.start = dateTimeOf(latency.timestamps.front());
    return filled;
}

// The sampler's TCP state at an interval's end: its last sample at or before it.
struct TcpSamples {
    std::vector<double> times;
    std::vector<double> cwndPackets; // NaN: not sampled
    std::vector<double> rttMs;

    bool empty() const { return times.empty(); }
    std::optional<std::size_t> before(double time) const {
        const auto after = std::upper_bound(times.begin(), times.end(), time + 1e-9);
        if (after == times.begin())
            return std::nullopt;
        return std::size_t(after - times.begin() - 1);
    }
};

TcpSamples tcpSamples(const std::vector<Point>& points, const QString& series,
                      const QJsonObject& results, const QJsonArray& xValues, double t0) {
    TcpSamples samples;
    const double none = std::numeric_limits<double>::quiet_NaN();
    for (const Point& point : points)
        if (point.cwndPackets || point.tcpRttMs) {
            samples.times.push_back(point.time);
            samples.cwndPackets.push_back(point.cwndPackets.value_or(none));
            samples.rttMs.push_back(point.tcpRttMs.value_or(none));
        }
    if (!samples.empty())
        return samples;
    const QJsonArray cwnd = results.value(series + QStringLiteral("::tcp_cwnd")).toArray();
    const QJsonArray rtt = results.value(series + QStringLiteral("::tcp_rtt")).toArray();
    for (qsizetype i = 0; i < xValues.size(); ++i) {
        const bool hasCwnd = i < cwnd.size() && cwnd[i].isDouble();
        const bool hasRtt = i < rtt.size() && rtt[i].isDouble();
        if (!hasCwnd && !hasRtt)
            continue;
        samples.times.push_back(t0 + xValues[i].toDouble());
        samples.cwndPackets.push_back(hasCwnd ? cwnd[i].toDouble() : none);
        samples.rttMs.push_back(hasRtt ? rtt[i].toDouble() : none);
    }
    return samples;
}

Filled fillThroughput(Dataset& dataset, const std::vector<Point>& points, const QString& series,
                      const QJsonObject& meta, const QJsonObject& results,
                      const QJsonArray& xValues, double t0, double stepSize) {
    Filled filled;
    dataset.kind = Dataset::Kind::Throughput;
    RunInfo& info = dataset.info;
    const QString command = meta.value(QLatin1String("COMMAND")).toString();
    const QString lower = series.toLower();
    info.protocol = lower.startsWith(QLatin1String("udp")) ||
                            command.contains(QLatin1String("UDP_STREAM")) ||
                            command.contains(QLatin1String(" -u "))
                        ? QStringLiteral("udp")
                        : QStringLiteral("tcp");
    info.role = QStringLiteral("client");
    info.streams = 1;
    info.intervalSeconds = stepSize;
    const bool download =
        lower.contains(QLatin1String("download")) || command.contains(QLatin1String("TCP_MAERTS"));
    info.direction = download ? QStringLiteral("download") : QStringLiteral("upload");
    info.congestionControl = meta.value(QLatin1String("CONG_CONTROL")).toString();

    Flow flow;
    flow.id = series;
    flow.streamNumber = 1;
    flow.direction = download ? QStringLiteral("receive") : QStringLiteral("send");
    std::optional<double> previousEnd;
    std::vector<std::pair<double, double>> spans; // epoch start and end of each interval
    std::vector<double> rates;
    for (const Point& point : points) {
        if (!point.value)
            continue;
        const double end = point.time;
        const double start = point.duration ? end - *point.duration
                             : previousEnd  ? *previousEnd
                                            : end - stepSize;
        previousEnd = end;
        if (!std::isfinite(*point.value) || *point.value < 0 || !(end > start)) {
            ++filled.impossible;
            continue;
        }
        spans.emplace_back(start, end);
        rates.push_back(*point.value * 1e6);
    }
    if (spans.empty())
        return filled;
    const double memberStart = spans.front().first;
    info.start = dateTimeOf(memberStart);
    const TcpSamples tcp = tcpSamples(points, series, results, xValues, t0);
    const std::optional<double> mss = meta.contains(QLatin1String("TCP_MSS"))
                                          ? std::optional<double>(meta.value("TCP_MSS").toDouble())
                                          : std::nullopt;
    for (std::size_t i = 0; i < spans.size(); ++i) {
        FlowInterval interval;
        interval.start = spans[i].first - memberStart;
        interval.end = spans[i].second - memberStart;
        interval.bitsPerSecond = rates[i];
        interval.bytes = rates[i] * interval.seconds() / 8;
        if (const auto at = tcp.empty() ? std::nullopt : tcp.before(spans[i].second)) {
            if (mss && std::isfinite(tcp.cwndPackets[*at]))
                interval.cwndBytes = tcp.cwndPackets[*at] * *mss;
            if (std::isfinite(tcp.rttMs[*at]))
                interval.rttMs = tcp.rttMs[*at];
        }
        appendInterval(flow.intervals, interval);
        ++filled.samples;
    }
    if (!tcp.empty() && !mss)
        info.extra.insert(QStringLiteral("tcp cwnd"),
                          QStringLiteral("sampled in packets; the file names no MSS to give "
                                         "it in bytes"));
    dataset.flows.flows.push_back(std::move(flow));
    return filled;
}

} // namespace

FlentParser::FlentParser() : LogParser(Input::Bytes) {
    dataset().info.tool = QStringLiteral("flent");
    dataset().info.dialect = QStringLiteral("flent");
}

int FlentParser::sniff(std::string_view head) {
    std::size_t skip = 0;
    while (skip < head.size() && std::isspace(static_cast<unsigned char>(head[skip])))
        ++skip;
    head.remove_prefix(skip);
    if (head.empty() || head.front() != '{')
        return 0;
    // Flent sorts its keys: "metadata" comes first and its settings fill the first KiBs.
    const bool metadata = contains(head, "\"metadata\"");
    if (metadata &&
        (contains(head, "\"FLENT_VERSION\"") || contains(head, "\"NETPERF_WRAPPER_VERSION\"") ||
         (contains(head, "\"SERIES_META\"") && contains(head, "\"STEP_SIZE\""))))
        return 60;
    if (metadata && contains(head, "\"x_values\"") && contains(head, "\"results\""))
        return 50;
    return 0;
}

void FlentParser::parseLine(std::string_view) {} // bytes come through parseBytes()

void FlentParser::parseBytes(std::string_view chunk) {
    m_newlines += std::count(chunk.begin(), chunk.end(), '\n');
    mutableReport().linesRead = m_newlines;
    if (m_tooBig)
        return;
    if (m_bytes.size() + chunk.size() > kMaxBytes) {
        m_tooBig = true;
        m_bytes.clear();
        m_bytes.shrink_to_fit();
        return;
    }
    m_bytes.append(chunk);
}

void FlentParser::finishDatasets() {
    if (!m_bytes.empty() && m_bytes.back() != '\n')
        mutableReport().linesRead = m_newlines + 1;
    if (m_tooBig) {
        parseError(
            {}, QStringLiteral("a Flent file larger than %1 MiB is not read").arg(kMaxBytes >> 20));
        return;
    }
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(
        QByteArray::fromRawData(m_bytes.data(), qsizetype(m_bytes.size())), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        const std::string_view before =
            std::string_view(m_bytes).substr(0, std::size_t(std::max(0, error.offset)));
        mutableReport().linesRead = std::count(before.begin(), before.end(), '\n') + 1;
        parseError({}, QStringLiteral("not a readable Flent file: %1")
                           .arg(document.isObject() || error.error != QJsonParseError::NoError
                                    ? error.errorString()
                                    : QStringLiteral("no JSON object")));
        mutableReport().linesRead = m_newlines;
        return;
    }
    read(document.object());
    m_bytes.clear();
    m_bytes.shrink_to_fit();
}

void FlentParser::read(const QJsonObject& root) {
    const QJsonObject metadata = root.value(QLatin1String("metadata")).toObject();
    const QJsonObject results = root.value(QLatin1String("results")).toObject();
    const QJsonArray xValues = root.value(QLatin1String("x_values")).toArray();
    const QJsonObject seriesMeta = metadata.value(QLatin1String("SERIES_META")).toObject();
    const int version =
        root.contains(QLatin1String("version")) ? root.value(QLatin1String("version")).toInt(1) : 1;
    if (version > kFormatVersion)
        warning({}, QStringLiteral("Flent file format version %1 is newer than %2, the newest "
                                   "known; read as version %2")
                        .arg(version)
                        .arg(kFormatVersion));

    // Version 1 kept raw values, when at all, in the series' metadata.
    QJsonObject raw = root.value(QLatin1String("raw_values")).toObject();
    if (version == 1)
        for (auto it = seriesMeta.begin(); it != seriesMeta.end(); ++it)
            if (it->toObject().contains(QLatin1String("RAW_VALUES")))
                raw.insert(it.key(), it->toObject().value(QLatin1String("RAW_VALUES")));
    const bool fakeRaw = metadata.value(QLatin1String("FAKE_RAW_VALUES")).toBool();

    std::optional<double> firstSample;
    for (auto it = raw.begin(); it != raw.end(); ++it)
        for (const QJsonValue& value : it->toArray())
            if (const auto t = number(value.toObject(), "t"))
                firstSample = std::min(firstSample.value_or(*t), *t);
    const QString t0Text = metadata.value(QLatin1String("T0")).toString();
    const QString timeText = metadata.value(QLatin1String("TIME")).toString();
    const std::optional<double> t0 =
        epochSeconds(t0Text.isEmpty() ? timeText : t0Text, firstSample);
    if (!t0) {
        parseError({}, QStringLiteral("the Flent file has no readable start time (T0, TIME)"));
        return;
    }

    // What every member shares.
    RunInfo common;
    common.tool = QStringLiteral("flent");
    common.dialect = QStringLiteral("flent");
    common.version = text(metadata.value(QLatin1String("FLENT_VERSION")));
    if (common.version.isEmpty())
        common.version = text(metadata.value(QLatin1String("NETPERF_WRAPPER_VERSION")));
    QStringList hosts;
    for (const QJsonValue& host : metadata.value(QLatin1String("HOSTS")).toArray())
        hosts << text(host);
    common.target = hosts.isEmpty() ? text(metadata.value(QLatin1String("HOST")))
                                    : hosts.join(QStringLiteral(", "));
    common.host = text(metadata.value(QLatin1String("LOCAL_HOST")));
    common.kernel = QStringList{text(metadata.value(QLatin1String("KERNEL_NAME"))),
                                text(metadata.value(QLatin1String("KERNEL_RELEASE")))}
                        .join(QLatin1Char(' '))
                        .trimmed();
    common.durationSeconds = metadata.value(QLatin1String("LENGTH")).toDouble();
    const QString name = text(metadata.value(QLatin1String("NAME")));
    const QString title = text(metadata.value(QLatin1String("TITLE")));
    if (!name.isEmpty())
        common.parameters.insert(QStringLiteral("test"), name);
    if (!title.isEmpty())
        common.parameters.insert(QStringLiteral("title"), title);
    const QJsonObject testParameters = metadata.value(QLatin1String("TEST_PARAMETERS")).toObject();
    for (auto it = testParameters.begin(); it != testParameters.end(); ++it)
        if (!text(*it).isEmpty())
            common.parameters.insert(it.key(), text(*it));
    // One step per file: the test and when it ran tell two files of a folder apart.
    common.parameters.insert(QStringLiteral("step"),
                             (name.isEmpty() ? QStringLiteral("flent") : name) + QLatin1Char('@') +
                                 dateTimeOf(*t0).toString(Qt::ISODateWithMs));
    common.extra.insert(QStringLiteral("flent format version"), QString::number(version));
    if (!title.isEmpty())
        common.extra.insert(QStringLiteral("title"), title);
    const QString note = text(metadata.value(QLatin1String("NOTE")));
    if (!note.isEmpty())
        common.extra.insert(QStringLiteral("note"), note);
    const QString systemCongestion = metadata.value(QLatin1String("SYSCTLS"))
                                         .toObject()
                                         .value(QLatin1String("net.ipv4.tcp_congestion_control"))
                                         .toString();
    const double stepSize = metadata.value(QLatin1String("STEP_SIZE")).toDouble();

    std::vector<Dataset> datasets;
    std::set<QString> unread;
    for (auto it = results.begin(); it != results.end(); ++it) {
        const QString series = it.key();
        if (series.contains(QLatin1String("::")))
            continue; // a sampler's series beside its parent (TCP cwnd, RTT): read with it
        const QJsonObject meta = seriesMeta.value(series).toObject();
        if (isComputed(series, meta))
            continue;
        const QString units = meta.value(QLatin1String("UNITS")).toString();
        const bool latency = units == QLatin1String("ms") ||
                             (units.isEmpty() && series.contains(QLatin1String("(ms)")));
        // Version 1 files may name no units: their TCP and UDP series are throughput.
        const bool throughput =
            units == QLatin1String("Mbits/s") || (units.isEmpty() && !latency &&
                                                  (series.startsWith(QLatin1String("TCP ")) ||
                                                   series.startsWith(QLatin1String("UDP "))));
        if (!latency && !throughput) {
            unread.insert(series + (units.isEmpty()
                                        ? QString()
                                        : QStringLiteral(" (") + units + QLatin1Char(')')));
            continue;
        }
        std::vector<Point> points =
            raw.contains(series) ? rawPoints(raw.value(series).toArray(), series, version, fakeRaw)
                                 : std::vector<Point>();
        const bool hasRaw = std::any_of(points.begin(), points.end(), [](const Point& point) {
            return point.value.has_value() || point.irtt.lost != IrttRoundTrip::Lost::No;
        });
        if (!hasRaw)
            points = resultPoints(it->toArray(), xValues, *t0);

        Dataset dataset;
        dataset.label = series;
        dataset.info = common;
        RunInfo& info = dataset.info;
        info.parameters.insert(QStringLiteral("member"), series);
        info.commandLine = meta.value(QLatin1String("COMMAND")).toString();
        const QString runner = meta.value(QLatin1String("RUNNER")).toString();
        if (!runner.isEmpty())
            info.extra.insert(QStringLiteral("flent runner"), runner);
        info.extra.insert(QStringLiteral("flent series"), series);
        info.extra.insert(QStringLiteral("samples from"),
                          hasRaw ? QStringLiteral("raw values")
                                 : QStringLiteral("results on the x_values axis"));
        const Filled filled = latency ? fillLatency(dataset, points, runner, stepSize)
                                      : fillThroughput(dataset, points, series, meta, results,
                                                       xValues, *t0, stepSize);
        mutableReport().samples += filled.samples;
        if (filled.impossible > 0)
            rangeError({}, QStringLiteral("Flent series %1: %2 impossible values left out")
                               .arg(series)
                               .arg(filled.impossible));
        if (!latency) {
            if (info.congestionControl.isEmpty() && info.protocol == QLatin1String("tcp"))
                info.congestionControl = systemCongestion;
        }
        datasets.push_back(std::move(dataset));
    }
    for (const QString& series : unread)
        warning({}, QStringLiteral("Flent series %1 is not latency (ms) or throughput "
                                   "(Mbits/s) and is not read")
                        .arg(series));
    if (datasets.empty()) {
        parseError({}, QStringLiteral("the Flent file holds no latency or throughput series"));
        return;
    }
    allDatasets() = std::move(datasets);
}

} // namespace wb
