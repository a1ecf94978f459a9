#include "Iperf3SectionReader.h"

#include "TextScan.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace wb {

using scan::is;

namespace {

// The keys of Iperf3IntervalReader::Field, in its order.
constexpr std::string_view kFieldNames[] = {
    "start",    "end",          "bytes",     "bits_per_second", "retransmits", "lost_packets",
    "packets",  "out_of_order", "jitter_ms", "snd_cwnd",        "rtt",         "rttvar",
    "mean_rtt", "socket",       "omitted",   "sender"};

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

FlowInterval toInterval(const Iperf3StreamRecord& r) {
    FlowInterval interval;
    interval.start = r.start;
    interval.end = r.end;
    interval.bytes = r.bytes;
    interval.bitsPerSecond = r.bitsPerSecond;
    interval.bytesExact = true;
    interval.retransmits = r.retransmits;
    interval.lostDatagrams = r.lostPackets;
    interval.totalDatagrams = r.packets;
    interval.outOfOrder = r.outOfOrder;
    interval.jitterMs = r.jitterMs;
    interval.cwndBytes = r.sndCwnd;
    if (const std::optional<double> rtt = r.rtt ? r.rtt : r.meanRtt)
        interval.rttMs = *rtt / 1000.0;
    if (r.rttvar)
        interval.rttvarMs = *r.rttvar / 1000.0;
    return interval;
}

} // namespace

void Iperf3SectionReader::describe(Dataset& dataset) {
    dataset.kind = Dataset::Kind::Throughput;
    dataset.info.tool = QStringLiteral("iperf3");
    dataset.info.dialect = QStringLiteral("json");
}

void Iperf3SectionReader::beginTest() {
    if (m_sawData)
        describe(m_datasets.emplace_back());
    m_flows.reset();
    m_reverse = false;
    m_sawData = true;
}

Iperf3SectionReader::TestEnd Iperf3SectionReader::finishTest() {
    TestEnd end;
    // Any error that ended a run with data (an interrupt, "the server has terminated", "control
    // socket has closed unexpectedly") may have kept the receiver's figures from coming.
    static_cast<Iperf3FlowTable::TestEnd&>(end) = m_flows.finishTest(
        current(), m_sumSender, !current().info.extra.value(QStringLiteral("error")).isEmpty());
    m_sumSender.reset();
    if (m_sumOfSenderOnly)
        end.totals << QStringLiteral("the receiver never reported (the end section has the "
                                     "sender's SUM only: the run was cut short); the SUM is the "
                                     "sender's");
    else if (m_intervalsRead && !m_endRead)
        end.totals << QStringLiteral("the log has no end section (a run cut short, or a log "
                                     "cut off): the receiver's whole-run figures are missing, "
                                     "and whole-run figures are added up from the intervals");
    m_sumOfSenderOnly = m_intervalsRead = m_endRead = false;
    end.omitted = m_omitted;
    m_omitted = 0;
    return end;
}

void Iperf3SectionReader::readStart(const QJsonObject& start) {
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
    // A test of -n bytes or -k blocks has duration 0; a TCP block is a write, not a packet.
    info.durationSeconds = std::max(0.0, test.value(QLatin1String("duration")).toDouble());
    if (info.protocol == QLatin1String("udp"))
        info.packetBytes = std::max<qint64>(0, test.value(QLatin1String("blksize")).toInteger());
    m_reverse = test.value(QLatin1String("reverse")).toInt() != 0;
    if (test.value(QLatin1String("bidir")).toInt() != 0)
        m_flows.setBidirectional(true);
    for (const char* key : {"reverse", "bidir", "duration", "omit", "blksize", "bytes", "blocks",
                            "target_bitrate", "tos"}) {
        if (test.contains(QLatin1String(key)))
            info.extra.insert(QLatin1String(key), text(test.value(QLatin1String(key))));
    }
}

QString Iperf3SectionReader::direction(std::optional<bool> sender) const {
    // "sender" says whether the host that wrote the log sent this stream (iperf3 >= 3.7);
    // older logs only know the test's direction.
    bool sends = false;
    if (sender) {
        sends = *sender;
    } else {
        const QString& role = current().info.role;
        if (role.isEmpty())
            return {};
        sends = (role == QLatin1String("client")) != m_reverse;
    }
    return sends ? QStringLiteral("send") : QStringLiteral("receive");
}

QString Iperf3SectionReader::directionOf(const QJsonObject& stream) const {
    const QJsonValue sender = stream.value(QLatin1String("sender"));
    return direction(sender.isBool() ? std::optional<bool>(sender.toBool()) : std::nullopt);
}

// A sum of no known direction is kept too.
bool Iperf3SectionReader::isForward(const QString& direction) const {
    return direction.isEmpty() || m_flows.isForward(direction, current().info.role);
}

// The SUM kept of --bidir's two adds up the client-to-server flows.
void Iperf3SectionReader::keepSumDirection() {
    if (m_flows.bidirectional())
        current().flows.sumDirection = Iperf3FlowTable::forwardDirection(current().info.role);
}

// One interval object has been read: its streams and sum become flow data.
std::size_t Iperf3SectionReader::readInterval(const Iperf3StreamRecord* streams,
                                              std::size_t streamCount,
                                              const Iperf3StreamRecord& sum,
                                              const Iperf3StreamRecord& reverseSum) {
    m_sawData = true;
    bool omitted = sum.omitted;
    for (std::size_t i = 0; i < streamCount; ++i)
        omitted = omitted || streams[i].omitted;
    if (omitted) {
        ++m_omitted;
        return 0;
    }
    const Iperf3StreamRecord* kept = &sum;
    if (reverseSum.present) {
        m_flows.setBidirectional(true);
        if (!isForward(direction(sum.sender)))
            kept = &reverseSum;
    }
    FlowSeries& series = current().flows;
    for (std::size_t i = 0; i < streamCount; ++i) {
        const Iperf3StreamRecord& stream = streams[i];
        Flow& flow = m_flows.flow(series, stream.socket, direction(stream.sender));
        appendInterval(flow.intervals, toInterval(stream));
    }
    if (kept->present) {
        appendInterval(series.sumIntervals, toInterval(*kept));
        keepSumDirection();
    }
    m_intervalsRead = m_intervalsRead || streamCount > 0 || kept->present;
    return streamCount;
}

void Iperf3SectionReader::readEnd(const QJsonObject& end) {
    if (end.isEmpty())
        return;
    m_sawData = true;
    m_endRead = true;
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
            keepSumDirection();
            // Only the sender's sum: the receiver's figures never came.
            m_sumOfSenderOnly = QLatin1String(key).startsWith(QLatin1String("sum_sent"));
            series.sumTotalFromSender = m_sumOfSenderOnly;
            break;
        }
    }
    for (const char* key : {"sum_sent", "sum_sent_bidir_reverse"}) {
        const QJsonObject sum = end.value(QLatin1String(key)).toObject();
        if (!sum.isEmpty() && isForward(directionOf(sum))) {
            m_sumSender = toInterval(sum);
            break;
        }
    }
    for (const char* key :
         {"sum_received", "sum_received_bidir_reverse", "sum_sent", "sum_sent_bidir_reverse"}) {
        const QJsonObject sum = end.value(QLatin1String(key)).toObject();
        if (m_flows.bidirectional() && !sum.isEmpty() && !isForward(directionOf(sum))) {
            series.otherDirectionSumTotal = toInterval(sum);
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

void Iperf3IntervalReader::key(std::string_view name) {
    if (m_stack.back() == Context::Interval) {
        m_intervalKey = is(name, "streams")             ? IntervalKey::Streams
                        : is(name, "sum")               ? IntervalKey::Sum
                        : is(name, "sum_bidir_reverse") ? IntervalKey::ReverseSum
                                                        : IntervalKey::Other;
    } else if (inRecord()) {
        m_record->present = true;
        m_field = fieldOf(name);
    }
}

Iperf3IntervalReader::Field Iperf3IntervalReader::fieldOf(std::string_view name) {
    static_assert(std::size(kFieldNames) == Field::Other);
    for (std::size_t i = 0; i < std::size(kFieldNames); ++i) {
        if (name == kFieldNames[i])
            return static_cast<Field>(i);
    }
    return Field::Other;
}

// A stream or sum object as key() and the value events would fill it in, its keys looked up
// once per shape: nearly every object of a long log is one of these.
bool Iperf3IntervalReader::flatObject(const JsonStream::FlatObject& object) {
    if (!inRecord())
        return false;
    ShapeFields& known = m_shapeFields[m_stack.back() == Context::Stream ? 0 : 1];
    if (object.shape() != known.shape) {
        known.fields.clear();
        for (std::size_t i = 0; i < object.size(); ++i)
            known.fields.push_back(fieldOf(object.key(i)));
        known.shape = object.shape();
    }
    m_record->present = true; // a shape has members
    using Kind = JsonStream::ValueKind;
    for (std::size_t i = 0; i < object.size(); ++i) {
        m_field = known.fields[i];
        const Kind kind = object.kind(i);
        if (kind == Kind::Number) {
            const JsonStream::Number number = object.number(i);
            setField(&number, std::nullopt);
        } else {
            setField(nullptr, kind == Kind::True    ? std::optional<bool>(true)
                              : kind == Kind::False ? std::optional<bool>(false)
                                                    : std::nullopt);
        }
    }
    return true;
}

// What QJsonValue would make of a scalar where a container was expected (toObject(),
// toArray()) is an empty one, and that is what is read.
void Iperf3IntervalReader::scalar(const JsonStream::Number* number, std::optional<bool> flag) {
    if (inRecord())
        setField(number, flag);
    else if (m_stack.back() == Context::Streams)
        newStream();
    else if (m_stack.back() == Context::Interval)
        clearIntervalPart();
}

void Iperf3IntervalReader::setField(const JsonStream::Number* number, std::optional<bool> flag) {
    using R = StreamRecord;
    static constexpr double R::*kReals[] = {&R::start, &R::end, &R::bytes, &R::bitsPerSecond};
    static constexpr std::optional<std::int64_t> R::*kCounts[] = {&R::retransmits, &R::lostPackets,
                                                                  &R::packets, &R::outOfOrder};
    static constexpr std::optional<double> R::*kFigures[] = {&R::jitterMs, &R::sndCwnd, &R::rtt,
                                                             &R::rttvar, &R::meanRtt};
    StreamRecord& r = *m_record;
    const int field = m_field;
    if (field < Field::Retransmits)
        r.*kReals[field] = number ? number->toDouble() : 0;
    else if (field < Field::JitterMs)
        r.*kCounts[field - Field::Retransmits] =
            number ? std::optional<std::int64_t>(number->toInteger().value_or(0)) : std::nullopt;
    else if (field < Field::Socket)
        r.*kFigures[field - Field::JitterMs] =
            number ? std::optional<double>(number->toDouble()) : std::nullopt;
    else if (m_field == Field::Socket)
        r.socket = number ? number->toInt() : 0;
    else if (m_field == Field::Omitted)
        r.omitted = flag.value_or(false);
    else if (m_field == Field::Sender)
        r.sender = flag;
}

void Iperf3IntervalReader::beginContainer(bool object) {
    if (m_stack.empty()) { // the interval's own object
        beginInterval();
        m_stack.push_back(Context::Interval);
        return;
    }
    Context next = Context::Skip;
    switch (m_stack.back()) {
    case Context::Interval:
        clearIntervalPart();
        if (m_intervalKey == IntervalKey::Streams && !object)
            next = Context::Streams;
        else if (m_intervalKey == IntervalKey::Sum && object)
            next = Context::Sum, m_record = &m_sum;
        else if (m_intervalKey == IntervalKey::ReverseSum && object)
            next = Context::Sum, m_record = &m_reverseSum;
        break;
    case Context::Streams: {
        StreamRecord& stream = newStream();
        if (object) {
            next = Context::Stream;
            m_record = &stream;
        }
        break;
    }
    case Context::Stream:
    case Context::Sum:
        setField(nullptr, std::nullopt);
        break;
    case Context::Skip:
        break;
    }
    m_stack.push_back(next);
}

void Iperf3IntervalReader::beginInterval() {
    m_streamCount = 0;
    m_sum = StreamRecord();
    m_reverseSum = StreamRecord();
    m_intervalKey = IntervalKey::Other;
}

// A key of the interval object begins again (a repeated key keeps its last value, as in
// QJsonObject).
void Iperf3IntervalReader::clearIntervalPart() {
    switch (m_intervalKey) {
    case IntervalKey::Streams:
        m_streamCount = 0;
        break;
    case IntervalKey::Sum:
        m_sum = StreamRecord();
        break;
    case IntervalKey::ReverseSum:
        m_reverseSum = StreamRecord();
        break;
    case IntervalKey::Other:
        break;
    }
}

Iperf3IntervalReader::StreamRecord& Iperf3IntervalReader::newStream() {
    if (m_streamCount == m_streams.size())
        m_streams.emplace_back();
    StreamRecord& stream = m_streams[m_streamCount++];
    stream = StreamRecord();
    return stream;
}

} // namespace wb
