#pragma once

#include "Iperf3Flows.h"
#include "JsonStream.h"
#include "JsonTreeBuilder.h"
#include "LogParser.h"

#include <QJsonObject>

#include <array>
#include <optional>
#include <string>
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
    std::optional<double> jitterMs, sndCwnd, rtt, meanRtt;
    std::optional<bool> sender;
    bool omitted = false;
};

// iperf3 -J (one JSON document per run; a file may hold several runs one after the other) and
// --json-stream (iperf3 >= 3.17: one {"event":...,"data":...} object per line). Bytes arrive in
// chunks like any log and go through JsonStream token by token: every interval becomes flow
// data as soon as its object closes, so a run of any length is read in bounded memory, a live
// `iperf3 -J` grows while it runs, and a log cut off keeps every interval before the cut.
// Only "start" and "end" (a few KiB whatever the run's length) are assembled whole.
class Iperf3JsonParser : public LogParser, private JsonStream::Handler {
public:
    using StreamRecord = Iperf3StreamRecord;

    Iperf3JsonParser();
    static int sniff(std::string_view head);

protected:
    void parseLine(std::string_view line) override;
    void parseBytes(std::string_view chunk) override;
    void finishDatasets() override;

private:
    // Where the reader is in the document; decides what a token means.
    enum class Context : std::uint8_t {
        Document,
        Intervals,  // "intervals": [...]
        Interval,   // one element of it, or the data of an "interval" event
        Streams,    // interval "streams": [...]
        Stream,     // one element of it
        Sum,        // interval "sum"
        ReverseSum, // interval "sum_bidir_reverse" (--bidir)
        Skip,       // anything not read
    };
    enum class DocumentKey : std::uint8_t { Start, Intervals, End, Error, Event, Data, Other };
    enum class Section : std::uint8_t { None, Start, Interval, End, Error, Other };
    enum class IntervalKey : std::uint8_t { Streams, Sum, ReverseSum, Other };
    enum class Field : std::uint8_t {
        Socket,
        Start,
        End,
        Bytes,
        BitsPerSecond,
        Retransmits,
        LostPackets,
        Packets,
        OutOfOrder,
        JitterMs,
        SndCwnd,
        Rtt,
        MeanRtt,
        Omitted,
        Sender,
        Other,
    };

    // JsonStream::Handler
    void beginObject() override { beginContainer(true); }
    void endObject() override { endContainer(); }
    void beginArray() override { beginContainer(false); }
    void endArray() override { endContainer(); }
    void key(std::string_view name) override;
    void string(std::string_view value) override;
    void number(JsonStream::Number value) override;
    void boolean(bool value) override;
    void null() override;
    bool flatObject(const JsonStream::FlatObject& object) override;

    void beginContainer(bool object);
    void endContainer();
    void scalar(const JsonStream::Number* number, std::optional<bool> flag,
                const std::string_view* text);
    void setField(const JsonStream::Number* number, std::optional<bool> flag);
    static Field fieldOf(std::string_view name);
    Context documentContainer(bool object);
    void buildTree(Section section, bool object);
    void treeDone(QJsonValue value);
    void beginDocument();
    void beginSection(DocumentKey key);
    void eventData(bool object);
    void endDocument();
    void replayInterval(const QJsonValue& value);
    std::int64_t newlines() const;
    void syncLine();
    void outside(std::string_view chunk, std::size_t* at);
    void collectJunk(std::string_view chunk, std::size_t from);
    void flushJunk();
    void startRecovery();
    void recover(std::string_view chunk, std::size_t* at);

    Dataset& current() { return allDatasets().back(); }
    const Dataset& current() const { return datasets().back(); }
    void beginTest();
    void finishTest();
    void readStart(const QJsonObject& start);
    void beginInterval();
    void clearIntervalPart();
    StreamRecord& newStream();
    void applyInterval();
    void readEnd(const QJsonObject& end);
    void readError(const QString& error);
    QString directionOf(const QJsonObject& stream) const;
    QString direction(std::optional<bool> sender) const;
    bool isForward(const QString& direction) const;

    JsonStream m_json{*this};
    std::vector<Context> m_stack;
    std::int64_t m_documentLine = 0;    // line where the current document began
    std::int64_t m_outsideNewlines = 0; // line breaks not read by m_json
    bool m_endsWithNewline = true;
    // A line with text outside documents, quoted whole in its warning.
    std::string m_lineText; // its part before a document began
    std::string m_junkText; // its part from there
    bool m_junkLine = false;
    bool m_junkOpen = false; // the line goes on in the next chunk
    std::int64_t m_junkWarnedLine = 0;
    // After a syntax error: the braces are counted to find where the broken document ends.
    bool m_recovering = false;
    int m_depth = 0;
    bool m_inString = false;
    bool m_escaped = false;

    // The current document.
    DocumentKey m_documentKey = DocumentKey::Other;
    IntervalKey m_intervalKey = IntervalKey::Other;
    Field m_field = Field::Other;
    bool m_isEvent = false; // has "event": --json-stream
    Section m_event = Section::None;
    bool m_eventDataSeen = false;
    bool m_sawStart = false; // has "start" or "end": iperf3 -J
    bool m_sawEnd = false;
    bool m_testBegun = false;              // beginTest() ran for this document
    std::optional<QString> m_error;        // "error" of a -J document, the data of an "error" event
    std::optional<QJsonValue> m_earlyData; // "data" that came before "event"
    std::int64_t m_documentIntervals = 0;

    // Assembling "start", "end" or early event data.
    JsonTreeBuilder m_tree;
    bool m_building = false;
    Section m_treeSection = Section::None;

    // The interval being read.
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

    Iperf3FlowTable m_flows;
    bool m_reverse = false;
    bool m_sawData = false;
    std::int64_t m_omitted = 0;
};

} // namespace wb
