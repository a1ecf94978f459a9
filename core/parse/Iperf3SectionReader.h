#pragma once

#include "Iperf3Flows.h"
#include "JsonStream.h"
#include "model/Dataset.h"

#include <QJsonObject>

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace wb {

// One stream or sum object of an iperf3 interval as the JSON reader collects it, with what
// QJsonValue would make of each key (toDouble() of a string is 0, toInteger() of 1.5 is 0).
struct Iperf3StreamRecord {
    bool present = false; // an object with at least one key
    int socket = 0;
    double start = 0, end = 0, bytes = 0, bitsPerSecond = 0;
    std::optional<std::int64_t> retransmits, lostPackets, packets, outOfOrder;
    std::optional<double> jitterMs, sndCwnd, rtt, rttvar, meanRtt;
    std::optional<bool> sender;
    bool omitted = false;
};

// Turns the sections of iperf3's JSON output into datasets, one per test (run) in the log: "start"
// (the run's facts and connections), each interval (flow data) and "end" (the whole-run totals). It
// knows iperf3's meaning of the sections: which direction a stream went, which of --bidir's two
// SUMs is kept, that -O's warm-up intervals are no measurement. How the sections are found in the
// bytes is Iperf3JsonParser's business; what is worth a warning is returned to it, since only the
// parser knows the line.
class Iperf3SectionReader {
public:
    // The datasets of the parser: the last one is the current test's.
    explicit Iperf3SectionReader(std::vector<Dataset>& datasets) : m_datasets(datasets) {}

    // What every dataset of this reader is before anything is read into it.
    static void describe(Dataset& dataset);

    // A test begins: it gets a dataset of its own unless the current one is still unused.
    void beginTest();
    // What finishing a test found for the parser to warn about.
    struct TestEnd : Iperf3FlowTable::TestEnd {
        std::int64_t omitted = 0; // intervals -O marked as omitted, left out since the last call
    };
    // Completes the current test's totals.
    TestEnd finishTest();

    void readStart(const QJsonObject& start);
    // One interval object: its stream reports and SUMs (reverseSum: --bidir's other direction).
    // Returns how many stream reports became flow data (the samples).
    std::size_t readInterval(const Iperf3StreamRecord* streams, std::size_t streamCount,
                             const Iperf3StreamRecord& sum, const Iperf3StreamRecord& reverseSum);
    void readEnd(const QJsonObject& end);
    void readError(const QString& error) {
        current().info.extra.insert(QStringLiteral("error"), error);
    }
    // Interval data that holds no interval (an "intervals" element that is not an object) still
    // puts the current dataset in use: the next test gets a dataset of its own.
    void noteData() { m_sawData = true; }

private:
    Dataset& current() { return m_datasets.back(); }
    const Dataset& current() const { return m_datasets.back(); }
    QString directionOf(const QJsonObject& stream) const;
    QString direction(std::optional<bool> sender) const;
    bool isForward(const QString& direction) const;
    void keepSumDirection();

    std::vector<Dataset>& m_datasets;
    Iperf3FlowTable m_flows;
    bool m_reverse = false;
    bool m_sawData = false;
    // The current test read intervals, a non-empty "end", an end whose SUM is the sender's only.
    bool m_intervalsRead = false;
    bool m_endRead = false;
    bool m_sumOfSenderOnly = false;
    std::int64_t m_omitted = 0;
    std::optional<FlowInterval> m_sumSender; // end.sum_sent of the test's direction
};

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
        Interval, // the interval object
        Streams,  // its "streams": [...]
        Stream,   // one element of it
        Sum,      // its "sum", or "sum_bidir_reverse" (--bidir)
        Skip,     // anything not read
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

    // In a stream or sum object: its keys fill m_record.
    bool inRecord() const {
        return m_stack.back() == Context::Stream || m_stack.back() == Context::Sum;
    }
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
