#pragma once

#include "BlockScanner.h"
#include "Iperf3SectionReader.h"
#include "JsonStream.h"
#include "LogParser.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wb {

// Where the JSON documents in a log begin and where a broken one ends, for a reader of several
// documents one after the other (iperf3 -J runs, --json-stream lines). Text between documents (the
// "^C" of an interrupted run, a shell prompt) is handed to the listener a whole line at a time, so
// a warning can quote it however the chunks fall. After a syntax error the rest of the broken
// document is skipped by counting its braces, so that the documents after it are read.
//
// Bytes inside documents go to the JSON reader, not through here; newlines() counts only the line
// breaks read here, and the reader adds its own.
class JsonDocumentBoundaries {
public:
    class Listener {
    public:
        virtual ~Listener() = default;
        // A line with text outside any document, without its line break and CR, cut to
        // LogParser::kMaxLineLength. Called while the line is the current one: newlines() has not
        // counted its line break yet.
        virtual void textOutsideDocuments(std::string_view line) = 0;
    };

    explicit JsonDocumentBoundaries(Listener& listener) : m_listener(listener) {}

    // Before anything else of a chunk: the rest of a line of text that a document began on and that
    // the previous chunk cut.
    void continueLine(std::string_view chunk) {
        if (m_junkOpen)
            collectJunk(chunk, 0);
    }
    // Reads from *at up to the '{' of the next document. Returns true when one begins there (at
    // *at), false when the chunk ends first (*at is its size).
    bool skipToDocument(std::string_view chunk, std::size_t* at);
    // The input has ended: hands on a line of text not finished by a line break.
    void finish() {
        if (m_junkLine)
            flushJunk();
    }

    // A syntax error `depth` containers deep (inside a string when `inString`): the rest of the
    // document is skipped.
    void startRecovery(std::size_t depth, bool inString);
    bool recovering() const { return m_recovering; }
    // Skips from *at through the end of the broken document. Returns true when it ends (*at just
    // after it), false when the chunk ends first.
    bool recover(std::string_view chunk, std::size_t* at);

    std::int64_t newlines() const { return m_newlines; }

private:
    void collectJunk(std::string_view chunk, std::size_t from);
    void flushJunk();

    Listener& m_listener;
    std::int64_t m_newlines = 0;
    // A line with text outside documents, quoted whole.
    std::string m_lineText; // its part before a document began
    std::string m_junkText; // its part from there
    bool m_junkLine = false;
    bool m_junkOpen = false; // the line goes on in the next chunk
    // Counting braces after a syntax error.
    bool m_recovering = false;
    int m_depth = 0;
    bool m_inString = false;
    bool m_escaped = false;
};

// Assembles one small JSON value from JsonStream's tokens, for the parts of a log that are
// read as a whole (iperf3's "start" and "end" sections: a few KiB however long the run was).
// Numbers keep QJsonDocument's distinction between integers and doubles, so QJsonValue's
// toInt()/toInteger()/toDouble() read them exactly as from a parsed document.
class JsonTreeBuilder {
public:
    // Starts a value with its first token; done() says when it is complete.
    void beginObject() { m_frames.emplace_back().object = true; }
    void beginArray() { m_frames.emplace_back().object = false; }
    void endContainer();
    void key(std::string_view name) {
        m_frames.back().key = QString::fromUtf8(name.data(), qsizetype(name.size()));
    }
    void scalar(const QJsonValue& value) { add(value); }
    static QJsonValue number(JsonStream::Number number);

    bool done() const { return m_frames.empty(); }
    QJsonValue take() { return std::move(m_result); }

private:
    struct Frame {
        bool object = true;
        QJsonObject members;
        QJsonArray elements;
        QString key;
    };
    void add(const QJsonValue& value);

    std::vector<Frame> m_frames;
    QJsonValue m_result;
};

// iperf3 -J (one JSON document per run; a file may hold several runs one after the other) and
// --json-stream (iperf3 >= 3.17: one {"event":...,"data":...} object per line). Bytes arrive in
// chunks like any log and go through JsonStream token by token: every interval becomes flow
// data as soon as its object closes, so a run of any length is read in bounded memory, a live
// `iperf3 -J` grows while it runs, and a log cut off keeps every interval before the cut.
// Only "start" and "end" (a few KiB whatever the run's length) are assembled whole.
//
// This class routes the tokens by where they stand in a document; JsonDocumentBoundaries
// finds the documents among other text, Iperf3IntervalReader reads each interval object and
// Iperf3SectionReader makes datasets of the sections.
//
// Big logs (import/ParallelFeeder) have their intervals read ahead: a block scan on another
// thread reads every object of the block that starts with a "streams" key as if it were an
// interval, and when the parser reaches an element of "intervals" (or the data of an
// "interval" event) where one of those begins, it takes what was read instead of reading the
// bytes again. Reading an interval object depends on nothing before it, so the guess costs a
// worker's time at worst (the "end" section starts that way too), never a different result.
// On two cores a long -J log is read 1.4 times as fast (tests/bench/bench_iperf3_flows.sh).
class Iperf3JsonParser : public LogParser,
                         public BlockScanner,
                         private JsonStream::Handler,
                         private JsonDocumentBoundaries::Listener {
public:
    using StreamRecord = Iperf3StreamRecord;

    Iperf3JsonParser();
    static int sniff(std::string_view head);

    std::unique_ptr<Scan> scan(std::string_view wholeLines,
                               std::unique_ptr<Scan> spare) const override;
    void apply(std::string_view wholeLines, Scan& scan) override;
    // Intervals taken as a block scan read them (tests check that the scan is used).
    std::int64_t intervalsReadAhead() const { return m_intervalsReadAhead; }

protected:
    void parseLine(std::string_view line) override;
    void parseBytes(std::string_view chunk) override;
    void finishDatasets() override;

private:
    struct IntervalsReadAhead;

    // Where the reader is in the document; decides what a token means.
    enum class Context : std::uint8_t {
        Document,
        Intervals, // "intervals": [...]
        Interval,  // one element of it, or the data of an "interval" event: m_interval reads it
        Skip,      // anything not read
    };
    enum class DocumentKey : std::uint8_t { Start, Intervals, End, Error, Event, Data, Other };
    enum class Section : std::uint8_t { None, Start, Interval, End, Error, Other };

    // JsonStream::Handler
    void beginObject() override { beginContainer(true); }
    void endObject() override { endContainer(true); }
    void beginArray() override { beginContainer(false); }
    void endArray() override { endContainer(false); }
    void key(std::string_view name) override;
    void string(std::string_view value) override;
    void number(JsonStream::Number value) override;
    void boolean(bool value) override;
    void null() override;
    bool flatObject(const JsonStream::FlatObject& object) override;
    const char* readAhead(const char* at, std::int64_t* lines) override;

    bool inInterval() const { return !m_building && m_stack.back() == Context::Interval; }
    void beginContainer(bool object);
    void endContainer(bool object);
    void scalar(const QJsonValue& value);
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
    // JsonDocumentBoundaries::Listener
    void textOutsideDocuments(std::string_view line) override;
    void startRecovery();

    void beginTest();
    void finishTest();
    // An interval object read (here, or ahead by a block scan) becomes flow data.
    void takeInterval(const StreamRecord* streams, std::size_t streamCount, const StreamRecord& sum,
                      const StreamRecord& reverseSum);
    void readError(const QString& error);

    JsonStream m_json{*this};
    JsonDocumentBoundaries m_boundaries{*this};
    Iperf3SectionReader m_sections{allDatasets()};
    std::vector<Context> m_stack;
    std::int64_t m_documentLine = 0; // line where the current document began
    bool m_endsWithNewline = true;
    std::int64_t m_junkWarnedLine = 0; // the last line with text outside documents

    // The current document.
    DocumentKey m_documentKey = DocumentKey::Other;
    bool m_isEvent = false; // has "event": --json-stream
    Section m_event = Section::None;
    bool m_eventDataSeen = false;
    bool m_sawStartOrEnd = false;          // has "start" or "end": iperf3 -J
    bool m_testBegun = false;              // beginTest() ran for this document
    std::optional<QString> m_error;        // "error" of a -J document, the data of an "error" event
    std::optional<QJsonValue> m_earlyData; // "data" that came before "event"
    std::int64_t m_documentIntervals = 0;

    // Assembling "start", "end" or early event data.
    JsonTreeBuilder m_tree;
    bool m_building = false;
    Section m_treeSection = Section::None;

    Iperf3IntervalReader m_interval;
    // The intervals a block scan read ahead, while that block is applied; the next to look at.
    const IntervalsReadAhead* m_readAhead = nullptr;
    std::size_t m_readAheadNext = 0;
    std::int64_t m_intervalsReadAhead = 0;
};

} // namespace wb
