#pragma once

#include "Iperf3SectionReader.h"
#include "JsonStream.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace wb {

// Reads one element of iperf3's "intervals" (or the data of an "interval" event) from the
// JSON events of its object: the stream reports and the SUMs, as Iperf3SectionReader takes
// them. Nothing of it depends on what came before the object, so the same reading serves the
// parser, which hands it the events of each interval as they come, and the block scan, which
// reads whole intervals ahead on other threads with a JsonStream of its own.
class Iperf3IntervalReader : public JsonStream::Handler {
public:
    using StreamRecord = Iperf3StreamRecord;

    // Reading an interval: its object opened (the first beginObject() of an idle reader) and
    // has not closed yet.
    bool reading() const { return !m_stack.empty(); }
    // The document broke off inside the interval: the next object is a new one.
    void abandon() { m_stack.clear(); }

    // What the last interval held, until the next one begins.
    const StreamRecord* streams() const { return m_streams.data(); }
    std::size_t streamCount() const { return m_streamCount; }
    const StreamRecord& sum() const { return m_sum; }
    const StreamRecord& reverseSum() const { return m_reverseSum; }

    // JsonStream::Handler, for the events of one interval object.
    void beginObject() override { beginContainer(true); }
    void endObject() override { m_stack.pop_back(); }
    void beginArray() override { beginContainer(false); }
    void endArray() override { m_stack.pop_back(); }
    void key(std::string_view name) override;
    void string(std::string_view) override { scalar(nullptr, std::nullopt); }
    void number(JsonStream::Number value) override { scalar(&value, std::nullopt); }
    void boolean(bool value) override { scalar(nullptr, value); }
    void null() override { scalar(nullptr, std::nullopt); }
    bool flatObject(const JsonStream::FlatObject& object) override;

private:
    enum class Context : std::uint8_t {
        Interval,   // the interval object
        Streams,    // its "streams": [...]
        Stream,     // one element of it
        Sum,        // its "sum"
        ReverseSum, // its "sum_bidir_reverse" (--bidir)
        Skip,       // anything not read
    };
    enum class IntervalKey : std::uint8_t { Streams, Sum, ReverseSum, Other };
    // In groups by how setField() reads a value; the keys are in kFieldNames, in this order.
    enum Field : std::uint8_t {
        Start, // 0 when not a number
        End,
        Bytes,
        BitsPerSecond,
        Retransmits, // whole numbers, absent when not a number
        LostPackets,
        Packets,
        OutOfOrder,
        JitterMs, // absent when not a number
        SndCwnd,
        Rtt,
        Rttvar,
        MeanRtt,
        Socket,
        Omitted,
        Sender,
        Other,
    };

    void beginContainer(bool object);
    // A value that is not a container, at the current key.
    void scalar(const JsonStream::Number* number, std::optional<bool> flag);
    void setField(const JsonStream::Number* number, std::optional<bool> flag);
    static Field fieldOf(std::string_view name);
    void beginInterval();
    void clearIntervalPart();
    StreamRecord& newStream();

    std::vector<Context> m_stack;
    IntervalKey m_intervalKey = IntervalKey::Other;
    Field m_field = Field::Other;
    std::vector<StreamRecord> m_streams;
    std::size_t m_streamCount = 0;
    StreamRecord m_sum;
    StreamRecord m_reverseSum;
    StreamRecord* m_record = nullptr;
    // The fields of the keys of the last stream object, and of the last sum, taken whole
    // (JsonStream::FlatObject), and the shape number they were looked up for.
    struct ShapeFields {
        std::uint64_t shape = 0;
        std::vector<Field> fields;
    };
    std::array<ShapeFields, 2> m_shapeFields;
};

} // namespace wb
