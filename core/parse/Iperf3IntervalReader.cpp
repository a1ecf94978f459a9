#include "Iperf3IntervalReader.h"

#include "TextScan.h"

namespace wb {

using scan::is;

namespace {
constexpr std::string_view kFieldNames[] = {
    "start",    "end",          "bytes",     "bits_per_second", "retransmits", "lost_packets",
    "packets",  "out_of_order", "jitter_ms", "snd_cwnd",        "rtt",         "rttvar",
    "mean_rtt", "socket",       "omitted",   "sender"};
} // namespace

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
