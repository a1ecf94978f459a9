#include "Iperf3IntervalReader.h"

#include "TextScan.h"

namespace wb {

using scan::is;

void Iperf3IntervalReader::key(std::string_view name) {
    switch (m_stack.back()) {
    case Context::Interval:
        m_intervalKey = is(name, "streams")             ? IntervalKey::Streams
                        : is(name, "sum")               ? IntervalKey::Sum
                        : is(name, "sum_bidir_reverse") ? IntervalKey::ReverseSum
                                                        : IntervalKey::Other;
        break;
    case Context::Stream:
    case Context::Sum:
    case Context::ReverseSum:
        m_record->present = true;
        m_field = fieldOf(name);
        break;
    default:
        break;
    }
}

Iperf3IntervalReader::Field Iperf3IntervalReader::fieldOf(std::string_view name) {
    // The hot path: every key of every stream object of every interval comes here.
    switch (name.size()) {
    case 3:
        return is(name, "end") ? Field::End : is(name, "rtt") ? Field::Rtt : Field::Other;
    case 5:
        return is(name, "bytes") ? Field::Bytes : is(name, "start") ? Field::Start : Field::Other;
    case 6:
        return is(name, "socket")   ? Field::Socket
               : is(name, "sender") ? Field::Sender
               : is(name, "rttvar") ? Field::Rttvar
                                    : Field::Other;
    case 7:
        return is(name, "omitted")   ? Field::Omitted
               : is(name, "packets") ? Field::Packets
                                     : Field::Other;
    case 8:
        return is(name, "snd_cwnd")   ? Field::SndCwnd
               : is(name, "mean_rtt") ? Field::MeanRtt
                                      : Field::Other;
    case 9:
        return is(name, "jitter_ms") ? Field::JitterMs : Field::Other;
    case 11:
        return is(name, "retransmits") ? Field::Retransmits : Field::Other;
    case 12:
        return is(name, "lost_packets")   ? Field::LostPackets
               : is(name, "out_of_order") ? Field::OutOfOrder
                                          : Field::Other;
    case 15:
        return is(name, "bits_per_second") ? Field::BitsPerSecond : Field::Other;
    default:
        return Field::Other;
    }
}

// A stream or sum object as key() and the value events would fill it in, its keys looked up
// once per shape: nearly every object of a long log is one of these.
bool Iperf3IntervalReader::flatObject(const JsonStream::FlatObject& object) {
    ShapeFields* known = nullptr;
    switch (m_stack.back()) {
    case Context::Stream:
        known = &m_shapeFields[0];
        break;
    case Context::Sum:
    case Context::ReverseSum:
        known = &m_shapeFields[1];
        break;
    default:
        return false;
    }
    if (object.shape() != known->shape) {
        known->fields.clear();
        for (std::size_t i = 0; i < object.size(); ++i)
            known->fields.push_back(fieldOf(object.key(i)));
        known->shape = object.shape();
    }
    m_record->present = true; // a shape has members
    using Kind = JsonStream::ValueKind;
    for (std::size_t i = 0; i < object.size(); ++i) {
        m_field = known->fields[i];
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
    switch (m_stack.back()) {
    case Context::Stream:
    case Context::Sum:
    case Context::ReverseSum:
        setField(number, flag);
        break;
    case Context::Streams:
        newStream();
        break;
    case Context::Interval:
        clearIntervalPart();
        break;
    case Context::Skip:
        break;
    }
}

void Iperf3IntervalReader::setField(const JsonStream::Number* number, std::optional<bool> flag) {
    StreamRecord& r = *m_record;
    auto integer = [&]() -> std::optional<std::int64_t> {
        return number ? std::optional<std::int64_t>(number->toInteger().value_or(0)) : std::nullopt;
    };
    auto real = [&]() -> std::optional<double> {
        return number ? std::optional<double>(number->toDouble()) : std::nullopt;
    };
    switch (m_field) {
    case Field::Socket:
        r.socket = number ? number->toInt() : 0;
        break;
    case Field::Start:
        r.start = number ? number->toDouble() : 0;
        break;
    case Field::End:
        r.end = number ? number->toDouble() : 0;
        break;
    case Field::Bytes:
        r.bytes = number ? number->toDouble() : 0;
        break;
    case Field::BitsPerSecond:
        r.bitsPerSecond = number ? number->toDouble() : 0;
        break;
    case Field::Retransmits:
        r.retransmits = integer();
        break;
    case Field::LostPackets:
        r.lostPackets = integer();
        break;
    case Field::Packets:
        r.packets = integer();
        break;
    case Field::OutOfOrder:
        r.outOfOrder = integer();
        break;
    case Field::JitterMs:
        r.jitterMs = real();
        break;
    case Field::SndCwnd:
        r.sndCwnd = real();
        break;
    case Field::Rtt:
        r.rtt = real();
        break;
    case Field::Rttvar:
        r.rttvar = real();
        break;
    case Field::MeanRtt:
        r.meanRtt = real();
        break;
    case Field::Omitted:
        r.omitted = flag.value_or(false);
        break;
    case Field::Sender:
        r.sender = flag;
        break;
    case Field::Other:
        break;
    }
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
            next = Context::ReverseSum, m_record = &m_reverseSum;
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
    case Context::ReverseSum:
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
