#include "Iperf3JsonParser.h"

#include "TextScan.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

namespace wb {

using scan::contains;

namespace {

QString text(const QJsonValue& value) {
    if (value.isString())
        return value.toString();
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    const double number = value.toDouble();
    if (number == std::floor(number) && std::fabs(number) < 1e15)
        return QString::number(static_cast<qint64>(number));
    return QString::number(number, 'g', 17);
}

// One stream or sum object of iperf3's JSON as a FlowInterval. JSON carries exact byte counts.
FlowInterval toInterval(const QJsonObject& object) {
    FlowInterval interval;
    interval.start = object.value(QLatin1String("start")).toDouble();
    interval.end = object.value(QLatin1String("end")).toDouble();
    interval.bytes = object.value(QLatin1String("bytes")).toDouble();
    interval.bitsPerSecond = object.value(QLatin1String("bits_per_second")).toDouble();
    interval.bytesExact = true;
    auto integer = [&](const char* key) -> std::optional<std::int64_t> {
        const QJsonValue value = object.value(QLatin1String(key));
        return value.isDouble() ? std::optional<std::int64_t>(value.toInteger()) : std::nullopt;
    };
    interval.retransmits = integer("retransmits");
    interval.lostDatagrams = integer("lost_packets");
    interval.totalDatagrams = integer("packets");
    interval.outOfOrder = integer("out_of_order");
    if (const QJsonValue jitter = object.value(QLatin1String("jitter_ms")); jitter.isDouble())
        interval.jitterMs = jitter.toDouble();
    if (const QJsonValue cwnd = object.value(QLatin1String("snd_cwnd")); cwnd.isDouble())
        interval.cwndBytes = cwnd.toDouble();
    // iperf3 reports rtt in microseconds; the end section has only the mean.
    QJsonValue rtt = object.value(QLatin1String("rtt"));
    if (!rtt.isDouble())
        rtt = object.value(QLatin1String("mean_rtt"));
    if (rtt.isDouble())
        interval.rttMs = rtt.toDouble() / 1000.0;
    return interval;
}

int firstBrace(std::string_view head) {
    const std::size_t brace = head.find('{');
    if (brace == std::string_view::npos || brace > 8)
        return -1; // allow a little junk such as the "^C" of an interrupted run
    return static_cast<int>(brace);
}

} // namespace

Iperf3JsonParser::Iperf3JsonParser() {
    Dataset& data = dataset();
    data.kind = Dataset::Kind::Throughput;
    data.info.tool = QStringLiteral("iperf3");
    data.info.dialect = QStringLiteral("json");
}

int Iperf3JsonParser::sniff(std::string_view head) {
    std::size_t skip = 0;
    while (skip < head.size() && std::isspace(static_cast<unsigned char>(head[skip])))
        ++skip;
    head.remove_prefix(skip);
    if (firstBrace(head) < 0)
        return 0;
    if (contains(head, "\"event\"") &&
        (contains(head, "\"interval\"") || contains(head, "\"start\"")))
        return 40; // --json-stream
    if (contains(head, "\"start\"") &&
        (contains(head, "\"intervals\"") || contains(head, "\"connected\"") ||
         contains(head, "\"test_start\"")))
        return 40;
    return 0;
}

void Iperf3JsonParser::parseLine(std::string_view line) {
    std::size_t segment = m_depth > 0 ? 0 : std::string_view::npos;
    bool junk = false;
    auto append = [&](std::string_view piece) {
        if (m_tooLarge)
            return;
        if (m_buffer.size() + piece.size() > kMaxDocumentBytes) {
            m_tooLarge = true;
            std::string().swap(m_buffer);
            return;
        }
        m_buffer.append(piece);
    };
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (m_depth == 0) {
            if (c == '{') {
                m_depth = 1;
                m_documentLine = lineNumber();
                m_buffer.clear();
                m_tooLarge = false;
                segment = i;
            } else if (c != ' ' && c != '\t') {
                junk = true;
            }
            continue;
        }
        if (m_inString) {
            if (m_escaped)
                m_escaped = false;
            else if (c == '\\')
                m_escaped = true;
            else if (c == '"')
                m_inString = false;
            continue;
        }
        if (c == '"') {
            m_inString = true;
        } else if (c == '{' || c == '[') {
            ++m_depth;
        } else if ((c == '}' || c == ']') && --m_depth == 0) {
            append(line.substr(segment, i + 1 - segment));
            segment = std::string_view::npos;
            completeDocument();
        }
    }
    if (segment != std::string_view::npos) {
        append(line.substr(segment));
        append("\n");
    }
    if (junk)
        warning(line, QStringLiteral("text outside a JSON document ignored"));
}

void Iperf3JsonParser::completeDocument() {
    if (m_tooLarge) {
        parseError({},
                   QStringLiteral("the JSON document starting at line %1 is larger than %2 MiB, "
                                  "more than Qt's JSON reader can hold; it was not read")
                       .arg(m_documentLine)
                       .arg((kMaxDocumentBytes + 1) >> 20));
        m_tooLarge = false;
        return;
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(
        QByteArray::fromRawData(m_buffer.data(), static_cast<qsizetype>(m_buffer.size())), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        const std::string_view before(
            m_buffer.data(), std::min<std::size_t>(m_buffer.size(), std::max(0, error.offset)));
        const auto errorLine = m_documentLine + std::count(before.begin(), before.end(), '\n');
        parseError({}, QStringLiteral("the JSON document starting at line %1 is not valid JSON: %2 "
                                      "(line %3)")
                           .arg(m_documentLine)
                           .arg(error.errorString())
                           .arg(errorLine));
    } else {
        readObject(document.object());
    }
    m_buffer.clear();
}

void Iperf3JsonParser::readObject(const QJsonObject& object) {
    if (object.contains(QLatin1String("event"))) { // --json-stream: one event per line
        const QString event = object.value(QLatin1String("event")).toString();
        const QJsonValue data = object.value(QLatin1String("data"));
        if (event == QLatin1String("start")) {
            beginTest();
            readStart(data.toObject());
        } else if (event == QLatin1String("interval")) {
            readInterval(data.toObject());
        } else if (event == QLatin1String("end")) {
            readEnd(data.toObject());
            finishTest();
        } else if (event == QLatin1String("error")) {
            readError(data.toString());
        }
        return;
    }
    if (!object.contains(QLatin1String("start")) && !object.contains(QLatin1String("end"))) {
        parseError({}, QStringLiteral(
                           "a JSON object that is not iperf3 output (no \"start\" or \"end\")"));
        return;
    }
    beginTest();
    readStart(object.value(QLatin1String("start")).toObject());
    const QJsonArray intervals = object.value(QLatin1String("intervals")).toArray();
    for (const QJsonValue& interval : intervals)
        readInterval(interval.toObject());
    readEnd(object.value(QLatin1String("end")).toObject());
    if (object.contains(QLatin1String("error")))
        readError(object.value(QLatin1String("error")).toString());
    finishTest();
}

void Iperf3JsonParser::beginTest() {
    finishTest();
    if (m_sawData) {
        Dataset next;
        next.kind = Dataset::Kind::Throughput;
        next.info.tool = QStringLiteral("iperf3");
        next.info.dialect = QStringLiteral("json");
        allDatasets().push_back(std::move(next));
    }
    m_flows.reset();
    m_reverse = false;
    m_sawData = true;
}

void Iperf3JsonParser::finishTest() {
    Iperf3FlowTable::completeTotals(current().flows);
    RunInfo& info = current().info;
    if (info.streams == 0 && m_flows.connections() > 0)
        info.streams = m_flows.connections() / (m_flows.bidirectional() ? 2 : 1);
    if (m_omitted > 0) {
        warning({}, QStringLiteral("%1 intervals omitted by -O (warm-up) are not part of the "
                                   "measurement and were left out")
                        .arg(m_omitted));
        m_omitted = 0;
    }
}

void Iperf3JsonParser::finishDatasets() {
    if (m_depth > 0) {
        parseError({}, QStringLiteral("the JSON document starting at line %1 is cut off: the input "
                                      "ends inside it, so nothing of it could be read")
                           .arg(m_documentLine));
    }
    finishTest();
}

void Iperf3JsonParser::readStart(const QJsonObject& start) {
    RunInfo& info = current().info;
    QString version = start.value(QLatin1String("version")).toString();
    if (version.startsWith(QLatin1String("iperf ")))
        version.remove(0, 6);
    if (!version.isEmpty())
        info.version = version;
    const QJsonValue seconds =
        start.value(QLatin1String("timestamp")).toObject().value(QLatin1String("timesecs"));
    if (seconds.isDouble())
        info.start = QDateTime::fromSecsSinceEpoch(seconds.toInteger(), Qt::UTC);
    if (const QJsonObject to = start.value(QLatin1String("connecting_to")).toObject();
        !to.isEmpty()) {
        info.role = QStringLiteral("client");
        info.target = to.value(QLatin1String("host")).toString();
        info.extra.insert(QStringLiteral("port"), text(to.value(QLatin1String("port"))));
    }
    if (const QJsonObject from = start.value(QLatin1String("accepted_connection")).toObject();
        !from.isEmpty()) {
        info.role = QStringLiteral("server");
        info.target = from.value(QLatin1String("host")).toString();
    }
    const QJsonArray connected = start.value(QLatin1String("connected")).toArray();
    for (const QJsonValue& value : connected) {
        const QJsonObject c = value.toObject();
        auto address = [&](const char* host, const char* port) {
            return c.value(QLatin1String(host)).toString() + QStringLiteral(" port ") +
                   text(c.value(QLatin1String(port)));
        };
        m_flows.noteConnection(c.value(QLatin1String("socket")).toInt(),
                               address("local_host", "local_port"),
                               address("remote_host", "remote_port"));
    }
    for (const char* key : {"tcp_mss_default", "tcp_mss", "system_info", "sock_bufsize"}) {
        if (start.contains(QLatin1String(key)))
            info.extra.insert(QLatin1String(key), text(start.value(QLatin1String(key))));
    }
    const QJsonObject test = start.value(QLatin1String("test_start")).toObject();
    if (test.isEmpty())
        return;
    info.protocol = test.value(QLatin1String("protocol")).toString().toLower();
    info.streams = test.value(QLatin1String("num_streams")).toInt();
    m_reverse = test.value(QLatin1String("reverse")).toInt() != 0;
    if (test.value(QLatin1String("bidir")).toInt() != 0)
        m_flows.setBidirectional(true);
    for (const char* key : {"reverse", "bidir", "duration", "omit", "blksize", "bytes", "blocks",
                            "target_bitrate", "tos"}) {
        if (test.contains(QLatin1String(key)))
            info.extra.insert(QLatin1String(key), text(test.value(QLatin1String(key))));
    }
}

QString Iperf3JsonParser::directionOf(const QJsonObject& stream) const {
    // "sender" says whether the host that wrote the log sent this stream (iperf3 >= 3.7);
    // older logs only know the test's direction.
    const QJsonValue sender = stream.value(QLatin1String("sender"));
    bool sends = false;
    if (sender.isBool()) {
        sends = sender.toBool();
    } else {
        const QString& role = current().info.role;
        if (role.isEmpty())
            return {};
        sends = (role == QLatin1String("client")) != m_reverse;
    }
    return sends ? QStringLiteral("send") : QStringLiteral("receive");
}

// Of --bidir's two SUMs only the client-to-server one fits in FlowSeries (see the header).
bool Iperf3JsonParser::isForward(const QString& direction) const {
    if (!m_flows.bidirectional())
        return true;
    const bool server = current().info.role == QLatin1String("server");
    return direction.isEmpty() ||
           direction == (server ? QLatin1String("receive") : QLatin1String("send"));
}

void Iperf3JsonParser::readInterval(const QJsonObject& interval) {
    m_sawData = true;
    const QJsonArray streams = interval.value(QLatin1String("streams")).toArray();
    QJsonObject sum = interval.value(QLatin1String("sum")).toObject();
    bool omitted = sum.value(QLatin1String("omitted")).toBool();
    for (const QJsonValue& stream : streams)
        omitted = omitted || stream.toObject().value(QLatin1String("omitted")).toBool();
    if (omitted) {
        ++m_omitted;
        return;
    }
    const QJsonObject reverseSum = interval.value(QLatin1String("sum_bidir_reverse")).toObject();
    if (!reverseSum.isEmpty()) {
        m_flows.setBidirectional(true);
        if (!isForward(directionOf(sum)))
            sum = reverseSum;
    }
    FlowSeries& series = current().flows;
    for (const QJsonValue& value : streams) {
        const QJsonObject stream = value.toObject();
        Flow& flow = m_flows.flow(series, stream.value(QLatin1String("socket")).toInt(),
                                  directionOf(stream));
        flow.intervals.push_back(toInterval(stream));
        countSample();
    }
    if (!sum.isEmpty())
        series.sumIntervals.push_back(toInterval(sum));
}

void Iperf3JsonParser::readEnd(const QJsonObject& end) {
    if (end.isEmpty())
        return;
    m_sawData = true;
    FlowSeries& series = current().flows;
    const QJsonArray streams = end.value(QLatin1String("streams")).toArray();
    for (const QJsonValue& value : streams) {
        const QJsonObject stream = value.toObject();
        const QJsonObject udp = stream.value(QLatin1String("udp")).toObject();
        const QJsonObject sender = stream.value(QLatin1String("sender")).toObject();
        const QJsonObject receiver = stream.value(QLatin1String("receiver")).toObject();
        const QJsonObject& any = !udp.isEmpty() ? udp : !sender.isEmpty() ? sender : receiver;
        if (any.isEmpty())
            continue;
        Flow& flow =
            m_flows.flow(series, any.value(QLatin1String("socket")).toInt(), directionOf(any));
        if (!udp.isEmpty())
            flow.total = toInterval(udp); // one object: sent counts with the receiver's jitter/loss
        if (!sender.isEmpty())
            flow.senderTotal = toInterval(sender);
        if (!receiver.isEmpty())
            flow.total = toInterval(receiver);
    }
    // The receiver side is the figure of record; old UDP logs have only "sum".
    for (const char* key : {"sum_received", "sum_received_bidir_reverse", "sum", "sum_sent",
                            "sum_sent_bidir_reverse"}) {
        const QJsonObject sum = end.value(QLatin1String(key)).toObject();
        if (!sum.isEmpty() && isForward(directionOf(sum))) {
            series.sumTotal = toInterval(sum);
            break;
        }
    }
    RunInfo& info = current().info;
    const QJsonObject cpu = end.value(QLatin1String("cpu_utilization_percent")).toObject();
    for (auto it = cpu.begin(); it != cpu.end(); ++it)
        info.extra.insert(QStringLiteral("cpu_") + it.key(), text(it.value()));
    const QString senderCc = end.value(QLatin1String("sender_tcp_congestion")).toString();
    const QString receiverCc = end.value(QLatin1String("receiver_tcp_congestion")).toString();
    if (!senderCc.isEmpty()) {
        info.congestionControl = senderCc; // the sender's algorithm shapes the throughput
        info.extra.insert(QStringLiteral("sender_tcp_congestion"), senderCc);
    }
    if (!receiverCc.isEmpty())
        info.extra.insert(QStringLiteral("receiver_tcp_congestion"), receiverCc);
}

void Iperf3JsonParser::readError(const QString& error) {
    current().info.extra.insert(QStringLiteral("error"), error);
    if (error.startsWith(QLatin1String("interrupt")))
        warning({}, QStringLiteral("the run was interrupted (%1); every interval before it is kept")
                        .arg(error));
    else
        parseError({}, QStringLiteral("iperf3 reported an error: %1").arg(error));
}

} // namespace wb
