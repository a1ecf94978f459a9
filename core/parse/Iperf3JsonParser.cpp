#include "Iperf3JsonParser.h"

#include "IperfRuns.h"
#include "TextScan.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

namespace wb {

using scan::contains;
using scan::is;

namespace {

int firstBrace(std::string_view head) {
    const std::size_t brace = head.find('{');
    if (brace == std::string_view::npos || brace > 8)
        return -1; // allow a little junk such as the "^C" of an interrupted run
    return static_cast<int>(brace);
}

constexpr std::size_t kMaxLineLength = LogParser::kMaxLineLength;

} // namespace

bool JsonDocumentBoundaries::skipToDocument(std::string_view chunk, std::size_t* at) {
    for (std::size_t i = *at; i < chunk.size(); ++i) {
        const char c = chunk[i];
        if (c == '{') {
            // The warning quotes the whole line. Once its rest is being collected up to a
            // line break in a later chunk (m_junkOpen), a later '{' on it collects nothing
            // more: the line is read once however the chunks fall.
            if (m_junkLine && !m_junkOpen)
                collectJunk(chunk, i);
            else if (!m_junkLine)
                m_lineText.clear();
            *at = i;
            return true;
        }
        if (c == '\n') {
            flushJunk();
            ++m_newlines;
            m_lineText.clear();
            continue;
        }
        if (!m_junkOpen && m_lineText.size() < kMaxLineLength)
            m_lineText += c;
        m_junkLine = m_junkLine || !(scan::isSpaceOrTab(c) || c == '\r');
    }
    *at = chunk.size();
    return false;
}

// The rest of a line with text outside a document, up to its end (which may be in a later chunk).
void JsonDocumentBoundaries::collectJunk(std::string_view chunk, std::size_t from) {
    const std::size_t newline = chunk.find('\n', from);
    const std::string_view rest = chunk.substr(from, newline - std::min(newline, from));
    m_junkText.append(rest.substr(0, kMaxLineLength - std::min(kMaxLineLength, m_junkText.size())));
    m_junkOpen = newline == std::string_view::npos;
    if (!m_junkOpen)
        flushJunk();
}

void JsonDocumentBoundaries::flushJunk() {
    if (!m_junkLine)
        return;
    std::string text = m_lineText + m_junkText;
    if (!text.empty() && text.back() == '\r')
        text.pop_back();
    m_listener.textOutsideDocuments(text);
    m_junkLine = m_junkOpen = false;
    m_junkText.clear();
    m_lineText.clear();
}

void JsonDocumentBoundaries::startRecovery(std::size_t depth, bool inString) {
    m_recovering = true;
    m_depth = static_cast<int>(depth);
    m_inString = inString;
    m_escaped = false;
}

bool JsonDocumentBoundaries::recover(std::string_view chunk, std::size_t* at) {
    for (std::size_t i = *at; i < chunk.size(); ++i) {
        const char c = chunk[i];
        if (c == '\n')
            ++m_newlines;
        if (m_inString) {
            if (m_escaped)
                m_escaped = false;
            else if (c == '\\')
                m_escaped = true;
            else if (c == '"')
                m_inString = false;
        } else if (c == '"') {
            m_inString = true;
        } else if (c == '{' || c == '[') {
            ++m_depth;
        } else if ((c == '}' || c == ']') && --m_depth <= 0) {
            m_recovering = false;
            *at = i + 1;
            return true;
        }
    }
    *at = chunk.size();
    return false;
}

QJsonValue JsonTreeBuilder::number(JsonStream::Number number) {
    // QJsonDocument stores a number written as an integer that fits in 64 bits as an integer.
    if (const auto integer = number.exactInteger())
        return QJsonValue(qint64(*integer));
    return QJsonValue(number.toDouble());
}

void JsonTreeBuilder::endContainer() {
    Frame frame = std::move(m_frames.back());
    m_frames.pop_back();
    add(frame.object ? QJsonValue(std::move(frame.members))
                     : QJsonValue(std::move(frame.elements)));
}

void JsonTreeBuilder::add(const QJsonValue& value) {
    if (m_frames.empty()) {
        m_result = value;
        return;
    }
    Frame& frame = m_frames.back();
    if (frame.object)
        frame.members.insert(frame.key, value); // a repeated key keeps its last value
    else
        frame.elements.append(value);
}

Iperf3JsonParser::Iperf3JsonParser() : LogParser(Input::Bytes) {
    Iperf3SectionReader::describe(dataset());
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

void Iperf3JsonParser::parseLine(std::string_view) {} // bytes come through parseBytes()

void Iperf3JsonParser::parseBytes(std::string_view chunk) {
    if (chunk.empty())
        return;
    std::size_t at = 0;
    m_boundaries.continueLine(chunk);
    while (at < chunk.size()) {
        if (m_boundaries.recovering()) {
            // A broken -J document still ends its test; a broken event is only itself.
            if (m_boundaries.recover(chunk, &at) && m_testBegun && !m_isEvent) {
                syncLine();
                finishTest();
            }
            continue;
        }
        if (!m_json.inValue()) {
            if (!m_boundaries.skipToDocument(chunk, &at))
                break;
            syncLine();
            m_documentLine = lineNumber();
        }
        at += m_json.feed(chunk.substr(at));
        if (m_json.failed())
            startRecovery();
    }
    m_endsWithNewline = chunk.back() == '\n';
    mutableReport().linesRead = newlines() + (m_endsWithNewline ? 0 : 1);
}

std::int64_t Iperf3JsonParser::newlines() const {
    return m_json.line() - 1 + m_boundaries.newlines();
}

void Iperf3JsonParser::syncLine() {
    mutableReport().linesRead = newlines() + 1;
}

// One warning per line: the text before a document and the text after it on the same
// line (`^C{...} x`) both come here.
void Iperf3JsonParser::textOutsideDocuments(std::string_view line) {
    const std::int64_t linesRead = lineNumber();
    syncLine();
    if (lineNumber() != m_junkWarnedLine)
        warning(line, QStringLiteral("text outside a JSON document ignored"));
    m_junkWarnedLine = lineNumber();
    mutableReport().linesRead = linesRead;
}

void Iperf3JsonParser::startRecovery() {
    syncLine();
    parseError({}, QStringLiteral("the JSON document starting at line %1 is not valid JSON: %2 "
                                  "(line %3); what was read before is kept")
                       .arg(m_documentLine)
                       .arg(QString::fromStdString(m_json.error()))
                       .arg(lineNumber()));
    m_boundaries.startRecovery(m_json.depth(), m_json.failedInString());
    m_json.reset();
    m_stack.clear();
    m_interval.abandon();
    m_tree = JsonTreeBuilder();
    m_building = false;
}

void Iperf3JsonParser::finishDatasets() {
    m_boundaries.finish();
    // As LogParser counts: a last line without a line break is a line.
    mutableReport().linesRead = newlines() + (m_endsWithNewline ? 0 : 1);
    if (m_json.inValue() || m_boundaries.recovering()) {
        parseError({}, QStringLiteral("the JSON document starting at line %1 is cut off: the "
                                      "input ends inside it at line %2; the %3 intervals of it "
                                      "read before the cut are kept")
                           .arg(m_documentLine)
                           .arg(lineNumber())
                           .arg(m_documentIntervals));
    }
    finishTest();
    IperfRuns::label(allDatasets());
}

// --- tokens ------------------------------------------------------------------------------

void Iperf3JsonParser::key(std::string_view name) {
    if (m_building)
        m_tree.key(name);
    else if (inInterval())
        m_interval.key(name);
    else if (m_stack.back() == Context::Document)
        m_documentKey = is(name, "start")       ? DocumentKey::Start
                        : is(name, "intervals") ? DocumentKey::Intervals
                        : is(name, "end")       ? DocumentKey::End
                        : is(name, "error")     ? DocumentKey::Error
                        : is(name, "event")     ? DocumentKey::Event
                        : is(name, "data")      ? DocumentKey::Data
                                                : DocumentKey::Other;
}

void Iperf3JsonParser::string(std::string_view value) {
    if (inInterval())
        m_interval.string(value);
    else
        scalar(QJsonValue(qStringOf(value)));
}

void Iperf3JsonParser::number(JsonStream::Number value) {
    if (inInterval())
        m_interval.number(value);
    else
        scalar(JsonTreeBuilder::number(value));
}

void Iperf3JsonParser::boolean(bool value) {
    if (inInterval())
        m_interval.boolean(value);
    else
        scalar(QJsonValue(value));
}

bool Iperf3JsonParser::flatObject(const JsonStream::FlatObject& object) {
    return inInterval() && m_interval.flatObject(object);
}

void Iperf3JsonParser::null() {
    if (inInterval())
        m_interval.null();
    else
        scalar(QJsonValue(QJsonValue::Null));
}

// A value that is not a container, at the current key, outside an interval: part of a tree being
// assembled, or read here. What QJsonValue would make of it when a container was expected
// (toObject(), toArray()) is an empty one, and that is what is read.
void Iperf3JsonParser::scalar(const QJsonValue& value) {
    if (m_building) {
        m_tree.scalar(value);
        return;
    }
    if (m_stack.back() == Context::Intervals)
        m_sections.noteData(); // an interval that is not an object
    if (m_stack.back() != Context::Document)
        return;
    const QString string = value.toString();
    switch (m_documentKey) {
    case DocumentKey::Start:
    case DocumentKey::End:
    case DocumentKey::Intervals:
        if (!m_isEvent)
            beginSection(m_documentKey);
        break;
    case DocumentKey::Error:
        if (!m_isEvent)
            m_error = string;
        break;
    case DocumentKey::Event:
        m_isEvent = true;
        m_event = string == QLatin1String("start")      ? Section::Start
                  : string == QLatin1String("interval") ? Section::Interval
                  : string == QLatin1String("end")      ? Section::End
                  : string == QLatin1String("error")    ? Section::Error
                                                        : Section::Other;
        break;
    case DocumentKey::Data:
        if (!m_isEvent) {
            m_earlyData = value;
        } else {
            eventData(false);
            if (m_event == Section::Error)
                m_error = string;
        }
        break;
    case DocumentKey::Other:
        break;
    }
}

void Iperf3JsonParser::beginContainer(bool object) {
    if (m_building) {
        object ? m_tree.beginObject() : m_tree.beginArray();
        return;
    }
    if (m_stack.empty()) { // parseLine starts a document only at '{'
        beginDocument();
        m_stack.push_back(Context::Document);
        return;
    }
    Context next = Context::Skip;
    switch (m_stack.back()) {
    case Context::Document:
        next = documentContainer(object);
        break;
    case Context::Intervals:
        if (object) {
            m_interval.beginObject();
            next = Context::Interval;
        } else {
            m_sections.noteData();
        }
        break;
    case Context::Interval:
        object ? m_interval.beginObject() : m_interval.beginArray();
        return; // the interval reader keeps its own nesting
    case Context::Skip:
        break;
    }
    if (!m_building)
        m_stack.push_back(next);
}

Iperf3JsonParser::Context Iperf3JsonParser::documentContainer(bool object) {
    switch (m_documentKey) {
    case DocumentKey::Start:
    case DocumentKey::End:
        if (m_isEvent)
            return Context::Skip;
        beginSection(m_documentKey);
        if (object)
            buildTree(m_documentKey == DocumentKey::Start ? Section::Start : Section::End, true);
        return Context::Skip;
    case DocumentKey::Intervals:
        if (m_isEvent)
            return Context::Skip;
        beginSection(m_documentKey);
        return object ? Context::Skip : Context::Intervals;
    case DocumentKey::Error:
        if (!m_isEvent)
            m_error = QString();
        return Context::Skip;
    case DocumentKey::Event:
        m_isEvent = true;
        m_event = Section::Other;
        return Context::Skip;
    case DocumentKey::Data:
        if (!m_isEvent) { // "event" may still come: keep the data until it does
            buildTree(Section::None, object);
            return Context::Skip;
        }
        eventData(object);
        if (!object)
            return Context::Skip;
        if (m_event == Section::Start || m_event == Section::End) {
            buildTree(m_event, true);
            return Context::Skip;
        }
        if (m_event == Section::Interval) {
            m_interval.beginObject();
            return Context::Interval;
        }
        return Context::Skip;
    case DocumentKey::Other:
        return Context::Skip;
    }
    return Context::Skip;
}

void Iperf3JsonParser::endContainer(bool object) {
    if (m_building) {
        m_tree.endContainer();
        if (m_tree.done()) {
            m_building = false;
            treeDone(m_tree.take());
        }
        return;
    }
    const Context context = m_stack.back();
    if (context == Context::Interval) {
        object ? m_interval.endObject() : m_interval.endArray();
        if (m_interval.reading())
            return;
        m_stack.pop_back();
        takeInterval(m_interval.streams(), m_interval.streamCount(), m_interval.sum(),
                     m_interval.reverseSum());
        return;
    }
    m_stack.pop_back();
    if (context == Context::Document)
        endDocument();
}

void Iperf3JsonParser::buildTree(Section section, bool object) {
    m_building = true;
    m_treeSection = section;
    object ? m_tree.beginObject() : m_tree.beginArray();
}

void Iperf3JsonParser::treeDone(QJsonValue value) {
    switch (m_treeSection) {
    case Section::Start:
        m_sections.readStart(value.toObject());
        break;
    case Section::End:
        m_sections.readEnd(value.toObject());
        break;
    default:
        m_earlyData = std::move(value);
        break;
    }
}

// --- documents ---------------------------------------------------------------------------

void Iperf3JsonParser::beginDocument() {
    m_documentKey = DocumentKey::Other;
    m_isEvent = false;
    m_event = Section::None;
    m_eventDataSeen = false;
    m_sawStartOrEnd = m_testBegun = false;
    m_error.reset();
    m_earlyData.reset();
    m_documentIntervals = 0;
}

// A -J document: its test begins with the first of its sections.
void Iperf3JsonParser::beginSection(DocumentKey key) {
    m_sawStartOrEnd = m_sawStartOrEnd || key == DocumentKey::Start || key == DocumentKey::End;
    if (!m_testBegun) {
        m_testBegun = true;
        beginTest();
    }
}

// The "data" of a --json-stream event begins (a container when `object`).
void Iperf3JsonParser::eventData(bool object) {
    m_eventDataSeen = true;
    if (m_event == Section::Start)
        beginTest();
    else if (m_event == Section::Interval && !object)
        m_sections.noteData(); // the data of an interval event that is not an object
    else if (m_event == Section::Error)
        m_error = QString();
}

void Iperf3JsonParser::endDocument() {
    syncLine();
    if (m_isEvent) {
        if (m_earlyData && !m_eventDataSeen) { // "data" came before "event"
            const QJsonValue data = std::move(*m_earlyData);
            m_earlyData.reset();
            if (m_event == Section::Interval && data.isObject()) {
                replayInterval(data);
            } else {
                eventData(false);
                if (m_event == Section::Start)
                    m_sections.readStart(data.toObject());
                else if (m_event == Section::End)
                    m_sections.readEnd(data.toObject());
                else if (m_event == Section::Error)
                    m_error = data.toString();
            }
        }
        if (!m_eventDataSeen)
            eventData(false);
        if (m_event == Section::End)
            finishTest();
        else if (m_event == Section::Error)
            readError(m_error.value_or(QString()));
        return;
    }
    if (!m_sawStartOrEnd) {
        parseError({}, QStringLiteral(
                           "a JSON object that is not iperf3 output (no \"start\" or \"end\")"));
        return;
    }
    if (m_error)
        readError(*m_error);
    finishTest();
}

// Early "data" of an interval event, read as if it had come after its "event".
void Iperf3JsonParser::replayInterval(const QJsonValue& data) {
    m_stack.push_back(Context::Document);
    m_documentKey = DocumentKey::Data;
    std::function<void(const QJsonValue&)> replay = [&](const QJsonValue& value) {
        switch (value.type()) {
        case QJsonValue::Object: {
            beginObject();
            const QJsonObject object = value.toObject();
            for (auto it = object.begin(); it != object.end(); ++it) {
                const QByteArray name = it.key().toUtf8();
                key(std::string_view(name.constData(), static_cast<std::size_t>(name.size())));
                replay(it.value());
            }
            endObject();
            break;
        }
        case QJsonValue::Array:
            beginArray();
            for (const QJsonValue& element : value.toArray())
                replay(element);
            endArray();
            break;
        case QJsonValue::String: {
            const QByteArray text = value.toString().toUtf8();
            string(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
            break;
        }
        case QJsonValue::Double: {
            const double d = value.toDouble();
            const QByteArray text = std::trunc(d) == d && std::fabs(d) < 9007199254740992.0
                                        ? QByteArray::number(static_cast<qint64>(d))
                                        : QByteArray::number(d, 'g', 17);
            number(JsonStream::Number{
                std::string_view(text.constData(), static_cast<std::size_t>(text.size()))});
            break;
        }
        case QJsonValue::Bool:
            boolean(value.toBool());
            break;
        default:
            null();
            break;
        }
    };
    replay(data);
    m_stack.pop_back();
}

// --- intervals ---------------------------------------------------------------------------

void Iperf3JsonParser::takeInterval(const StreamRecord* streams, std::size_t streamCount,
                                    const StreamRecord& sum, const StreamRecord& reverseSum) {
    mutableReport().samples +=
        static_cast<std::int64_t>(m_sections.readInterval(streams, streamCount, sum, reverseSum));
    ++m_documentIntervals;
}

// --- intervals read ahead ------------------------------------------------------------------

// What a block scan read: the interval objects of the block, each with where its bytes are.
struct Iperf3JsonParser::IntervalsReadAhead : BlockScanner::Scan {
    struct Interval {
        const char* begin; // its '{'
        const char* end;   // after its '}'
        std::int64_t lines;
        std::size_t firstStream;
        std::size_t streamCount;
        StreamRecord sum;
        StreamRecord reverseSum;
    };
    std::vector<Interval> intervals;
    std::vector<StreamRecord> streams;
    void clear() {
        intervals.clear();
        streams.clear();
    }
};

namespace {

// An interval object nests three deep (its streams and their objects); a guess that nests
// deeper is no interval, and failing it early keeps a scan of nested guesses linear.
constexpr std::size_t kIntervalDepth = 8;

constexpr std::string_view kFirstKey = "\"streams\"";

const char* skipBlanks(const char* p, const char* end) {
    while (p < end && JsonStream::isBlank(*p))
        ++p;
    return p;
}

// The '{' that opens an object whose first key starts at `key` (blanks between), else nullptr.
const char* objectOpeningAt(const char* begin, const char* key) {
    const char* p = key;
    while (p > begin && JsonStream::isBlank(p[-1]))
        --p;
    return p > begin && p[-1] == '{' ? p - 1 : nullptr;
}

// The next object in [from, end) that opens with a "streams" key. Most often it is the
// element right after the interval just read (", {"), which is looked at before searching.
const char* nextIntervalGuess(const char* begin, const char* from, const char* end) {
    const char* p = skipBlanks(from, end);
    if (p < end && *p == ',') {
        const char* const open = skipBlanks(p + 1, end);
        const char* const key = open < end && *open == '{' ? skipBlanks(open + 1, end) : end;
        if (static_cast<std::size_t>(end - key) >= kFirstKey.size() &&
            std::memcmp(key, kFirstKey.data(), kFirstKey.size()) == 0)
            return open;
    }
    // memmem, not string_view::find: that stops at every '"' (a few dozen per stream object).
    for (p = from; p < end; p += kFirstKey.size()) {
        const void* const found =
            ::memmem(p, static_cast<std::size_t>(end - p), kFirstKey.data(), kFirstKey.size());
        if (!found)
            return nullptr;
        p = static_cast<const char*>(found);
        if (const char* const open = objectOpeningAt(begin, p))
            return open;
    }
    return nullptr;
}

} // namespace

std::unique_ptr<BlockScanner::Scan> Iperf3JsonParser::scan(std::string_view wholeLines,
                                                           std::unique_ptr<Scan> spare) const {
    std::unique_ptr<IntervalsReadAhead> block = reuse<IntervalsReadAhead>(std::move(spare));
    Iperf3IntervalReader reader;
    JsonStream json(reader);
    json.setMaxDepth(kIntervalDepth);
    const char* const begin = wholeLines.data();
    const char* const end = begin + wholeLines.size();
    for (const char* open = nextIntervalGuess(begin, begin, end); open;) {
        json.reset();
        reader.abandon();
        const std::int64_t lineBefore = json.line();
        const std::size_t read =
            json.feed(std::string_view(open, static_cast<std::size_t>(end - open)));
        if (json.failed() || json.inValue()) {
            // Not JSON, or not whole in this block: the parser reads it. The next guess
            // starts after this one's "streams" key.
            open = nextIntervalGuess(begin, skipBlanks(open + 1, end) + kFirstKey.size(), end);
            continue;
        }
        block->intervals.push_back({open, open + read, json.line() - lineBefore,
                                    block->streams.size(), reader.streamCount(), reader.sum(),
                                    reader.reverseSum()});
        block->streams.insert(block->streams.end(), reader.streams(),
                              reader.streams() + reader.streamCount());
        open = nextIntervalGuess(begin, open + read, end);
    }
    return block;
}

void Iperf3JsonParser::apply(std::string_view wholeLines, Scan& scan) {
    m_readAhead = static_cast<const IntervalsReadAhead*>(&scan);
    m_readAheadNext = 0;
    m_json.setReadAhead(true);
    parseBytes(wholeLines);
    m_json.setReadAhead(false);
    m_readAhead = nullptr;
}

// An element of "intervals", or the data of an "interval" event (--json-stream), that a block
// scan read whole: taken as read.
const char* Iperf3JsonParser::readAhead(const char* at, std::int64_t* lines) {
    if (!m_readAhead || m_building)
        return nullptr;
    const bool element = m_stack.back() == Context::Intervals;
    const bool intervalEvent = m_stack.back() == Context::Document && m_isEvent &&
                               m_event == Section::Interval && m_documentKey == DocumentKey::Data;
    if (!element && !intervalEvent)
        return nullptr;
    const std::vector<IntervalsReadAhead::Interval>& intervals = m_readAhead->intervals;
    while (m_readAheadNext < intervals.size() && intervals[m_readAheadNext].begin < at)
        ++m_readAheadNext;
    if (m_readAheadNext == intervals.size() || intervals[m_readAheadNext].begin != at)
        return nullptr;
    const IntervalsReadAhead::Interval& interval = intervals[m_readAheadNext++];
    if (intervalEvent)
        eventData(true); // as documentContainer() does before the interval is read
    takeInterval(m_readAhead->streams.data() + interval.firstStream, interval.streamCount,
                 interval.sum, interval.reverseSum);
    ++m_intervalsReadAhead;
    *lines = interval.lines;
    return interval.end;
}

// --- tests -------------------------------------------------------------------------------

void Iperf3JsonParser::beginTest() {
    syncLine();
    finishTest();
    m_sections.beginTest();
}

void Iperf3JsonParser::finishTest() {
    const Iperf3SectionReader::TestEnd end = m_sections.finishTest();
    if (end.omitted > 0) {
        warning({}, QStringLiteral("%1 intervals omitted by -O (warm-up) are not part of the "
                                   "measurement and were left out")
                        .arg(end.omitted));
    }
    for (const QString& found : end.totals + end.intervalOrder)
        warning({}, found);
}

void Iperf3JsonParser::readError(const QString& error) {
    m_sections.readError(error);
    if (error.startsWith(QLatin1String("interrupt")))
        warning({}, QStringLiteral("the run was interrupted (%1); every interval before it is kept")
                        .arg(error));
    else
        parseError({}, QStringLiteral("iperf3 reported an error: %1").arg(error));
}

} // namespace wb
