#include "WindowsPingParser.h"

#include "TextScan.h"

#include <cmath>

namespace wb {

using namespace scan;

namespace {

constexpr std::string_view kUnitLatin = "ms";
constexpr std::string_view kUnitCyrillic = "\xD0\xBC\xD1\x81"; // "мс" (Russian; also "мсек")

bool isAsciiAlnum(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// One `=N ms` or `<N ms` round-trip token.
struct RttToken {
    double value = 0;
    bool readable = true;
    bool belowResolution = false; // `<1ms`: faster than the timer can tell
};

struct RttTokens {
    static constexpr int kKept = 3;
    int count = 0; // every token on the line; only the first kKept are kept
    RttToken token[kKept];
};

// After the number: an optional space, then `ms` or `мс`. A following ASCII letter means
// another word (the Russian summary's `мсек` continues with Cyrillic, which is fine).
bool startsWithUnit(std::string_view text) {
    if (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    for (std::string_view unit : {kUnitLatin, kUnitCyrillic}) {
        if (startsWith(text, unit)) {
            const std::string_view tail = text.substr(unit.size());
            return tail.empty() || !isAsciiAlnum(tail.front());
        }
    }
    return false;
}

// `time=abcms`: shaped like a round-trip time, but the number cannot be read. Counting it
// as a token turns a damaged reply into a parse error instead of a silent timeout.
bool looksLikeUnreadableTime(std::string_view text) {
    const std::string_view word = text.substr(0, text.find_first_of(" \t,"));
    return contains(word, kUnitLatin) || contains(word, kUnitCyrillic);
}

RttTokens findRttTokens(std::string_view body) {
    RttTokens found;
    // A plain loop: find_first_of calls memchr once per character, a third of the parse time.
    for (std::size_t at = 0; at < body.size(); ++at) {
        if (body[at] != '=' && body[at] != '<')
            continue;
        std::string_view rest = skipSpaces(body.substr(at + 1));
        RttToken token;
        token.belowResolution = body[at] == '<';
        if (auto value = takeDouble(rest)) {
            if (!startsWithUnit(rest))
                continue; // bytes=32, TTL=51, Sent = 4
            token.value = *value;
        } else if (looksLikeUnreadableTime(rest)) {
            token.readable = false;
        } else {
            continue;
        }
        if (found.count < RttTokens::kKept)
            found.token[found.count] = token;
        ++found.count;
    }
    return found;
}

// The `= N` counts of the packet line (sent, received, lost in every language). A count
// ends at a separator: space, `,`, `(`, the end, or a non-ASCII comma such as `、` or `，`.
struct PacketCounts {
    int count = 0;
    std::int64_t value[3] = {};
    std::string_view rest; // text after the third count (may hold the loss percent)
};

PacketCounts findPacketCounts(std::string_view body) {
    PacketCounts found;
    for (std::size_t at = body.find('='); at != std::string_view::npos;
         at = body.find('=', at + 1)) {
        std::string_view rest = skipSpaces(body.substr(at + 1));
        const auto value = takeInt(rest);
        if (!value)
            continue;
        const bool separated = rest.empty() || rest.front() == ' ' || rest.front() == ',' ||
                               rest.front() == '(' ||
                               static_cast<unsigned char>(rest.front()) >= 0x80;
        if (!separated)
            continue;
        if (found.count == 3) {
            found.count = 4; // more than three: not the packet line
            break;
        }
        found.value[found.count++] = *value;
        found.rest = rest;
    }
    return found;
}

// `0%`, `(perte 0%)`, and Turkish `%0`: the number next to the percent sign.
std::optional<double> percentIn(std::string_view text) {
    const std::size_t percent = text.find('%');
    if (percent == std::string_view::npos)
        return std::nullopt;
    std::size_t start = percent;
    while (start > 0 &&
           ((text[start - 1] >= '0' && text[start - 1] <= '9') || text[start - 1] == '.'))
        --start;
    std::string_view number =
        start < percent ? text.substr(start, percent - start) : text.substr(percent + 1);
    return takeDouble(number);
}

bool isHostChar(char c) {
    return isAsciiAlnum(c) || c == '.' || c == ':' || c == '-' || c == '_' || c == '%';
}

bool isHostWord(std::string_view word) {
    return !word.empty() && std::all_of(word.begin(), word.end(), isHostChar);
}

// An address or dotted name among the words of a localized sentence; the sentence's own
// words (`data:`, `Millisek.:`, `'Ping'`, `32`) are not, since they lack an inner `.`/`:`.
bool isAddressWord(std::string_view word) {
    return isHostWord(word) && word.find_first_of(".:") != std::string_view::npos &&
           std::any_of(word.begin(), word.end(), isAsciiAlnum);
}

std::string_view stripPunctuation(std::string_view word) {
    while (!word.empty() && (word.front() == '(' || word.front() == '['))
        word.remove_prefix(1);
    while (!word.empty() && (word.back() == ',' || word.back() == ')' || word.back() == ']'))
        word.remove_suffix(1);
    if (!word.empty() && word.back() == ':')
        word.remove_suffix(1);
    while (!word.empty() && word.back() == '.')
        word.remove_suffix(1);
    return word;
}

std::string_view firstAddressWord(std::string_view body) {
    while (!body.empty()) {
        body = skipSpaces(body);
        const std::size_t end = std::min(body.find(' '), body.size());
        const std::string_view word = stripPunctuation(body.substr(0, end));
        if (isAddressWord(word))
            return word;
        body.remove_prefix(end);
    }
    return {};
}

// Headers and statistics titles end with a colon in every language (`data:`, `Daten:`,
// `données :`, `資料):`); request lines end with `.` or `。`.
bool endsWithColon(std::string_view body) {
    return endsWith(body, ":") || endsWith(body, "\xEF\xBC\x9A"); // "："
}

// `Pinging X with 32 bytes of data:` in any language (after the counts of a run's statistics,
// the start of another run).
bool isHeader(std::string_view body) {
    return endsWithColon(body) && !contains(body, "=") && !firstAddressWord(body).empty();
}

// The packet size a header names (`with 32 bytes of data:`, `mit 32 Bytes Daten:`,
// `32 バイトのデータ`): its first word of digits only; empty when it has none.
std::string_view packetSizeIn(std::string_view body) {
    for (std::size_t at = 0; at < body.size(); ++at) {
        const bool starts = at == 0 || body[at - 1] == ' ';
        std::size_t end = at;
        while (end < body.size() && body[end] >= '0' && body[end] <= '9')
            ++end;
        if (starts && end > at && (end == body.size() || body[end] == ' '))
            return body.substr(at, end - at);
        at = std::max(at, end);
    }
    return {};
}

// A header as opposed to a statistics title (`Ping statistics for X:`): it also names the
// packet size.
bool isRunHeader(std::string_view body) {
    return isHeader(body) && !packetSizeIn(body).empty();
}

// Errors Windows prints without the address of the router that sent them. Localized forms
// of these (rare: the local stack raises them) count as timeouts.
bool isLocalErrorMessage(std::string_view body) {
    for (std::string_view word : {"unreachable", "failure", "failed", "expired"}) {
        if (contains(body, word))
            return true;
    }
    return false;
}

// Unix ping and fping replies, and iperf's `(ct=0.21 ms)`, carry round-trip tokens too;
// their own parsers take them.
bool looksLikeOtherTool(std::string_view head) {
    return contains(head, " bytes from ") || contains(head, "icmp_seq") ||
           contains(head, "icmp_req") || contains(head, ": seq=") || contains(head, " : [") ||
           contains(head, "xmt/rcv/") || contains(head, "bits/sec") || contains(head, " rtt=");
}

} // namespace

WindowsPingParser::WindowsPingParser()
    : PingParser("ping", "windows", "icmp", 1,
                 QStringLiteral("only some replies carry a time; times are not used")) {}

int WindowsPingParser::sniff(std::string_view head) {
    if (looksLikeOtherTool(head))
        return 0;
    int strong = 0;    // shapes only Windows ping prints
    int weakLines = 0; // one `=Nms` and nothing else (IPv6 replies carry no TTL)
    while (!head.empty() && strong < 60) {
        const std::size_t end = std::min(head.find('\n'), head.size());
        const std::string_view body = trimmed(head.substr(0, end));
        head.remove_prefix(std::min(end + 1, head.size()));
        const RttTokens tokens = findRttTokens(body);
        if (tokens.count == 1 && contains(body, "TTL="))
            strong += 6;
        else if (tokens.count == 1)
            ++weakLines;
        else if (tokens.count == 3)
            strong += 20;
        else if (tokens.count == 0 && findPacketCounts(body).count == 3)
            strong += 15;
        else if (startsWith(body, "Request timed out."))
            strong += 5;
    }
    // A text that merely mentions a time once or twice (`took=5ms`) is not a ping log.
    if (strong == 0 && weakLines < 3)
        return 0;
    return std::min(strong + 2 * weakLines, 60);
}

void WindowsPingParser::parseLine(std::string_view rawLine) {
    const std::optional<std::string_view> text = toolText(rawLine);
    if (!text)
        return;
    const std::string_view body = *text;
    const std::string_view line = prefixed().text; // indentation counts from after a time prefix
    if (readByShape(line, body))
        return;
    if (body == "^C" || body == "Control-C")
        return;
    if (body == "Control-Break") {
        m_section = Section::Requests; // interim statistics of `ping -t`; requests go on
        return;
    }
    const std::size_t indent = line.size() - skipSpaces(line).size();
    switch (m_section) {
    case Section::Preamble:
        // Only the header (`Pinging X with 32 bytes of data:`) starts the run; a console prompt
        // or banner before it is not a request.
        if (isHeader(body)) {
            startRun(body, indent);
        } else {
            ignoreLine();
        }
        return;
    case Section::Requests:
        readRequestLine(line, body, indent);
        return;
    case Section::Statistics:
        if (series().summary.transmitted && isRunHeader(body))
            startRun(body, indent);
        else if (endsWithColon(body))
            takeTarget(body, false); // `Ping statistics for X:`
        else
            ignoreLine();
        return;
    }
}

// Replies, summaries and the packet line are recognised by their numbers alone, anywhere, so a log
// without its header (or with interim statistics from Control-Break) still parses.
bool WindowsPingParser::readByShape(std::string_view line, std::string_view body) {
    const RttTokens tokens = findRttTokens(body);
    if (tokens.count == 1) {
        const RttToken& token = tokens.token[0];
        if (token.readable)
            readReply(line, token.value, token.belowResolution);
        else
            unreadableReply(line);
        return true;
    }
    if (tokens.count == 3) {
        // Minimum, Maximum, Average: this order in every language.
        PingSummary& summary = series().summary;
        const RttToken* field = tokens.token;
        if (!field[0].readable || !field[1].readable || !field[2].readable) {
            parseError(line, QStringLiteral("round-trip summary with an unreadable value"));
        } else {
            summary.rttMin = field[0].value;
            summary.rttMax = field[1].value;
            summary.rttAvg = field[2].value;
        }
        m_section = Section::Statistics;
        return true;
    }
    if (tokens.count != 0) {
        parseError(line, QStringLiteral("%1 round-trip times on one line; a reply has one and the "
                                        "summary three")
                             .arg(tokens.count));
        return true;
    }
    if (readPacketCounts(body)) {
        m_section = Section::Statistics;
        return true;
    }
    if (body.front() == '(' && contains(body, "%")) {
        // The loss percent wrapped onto its own line: `(22% straty),`
        if (auto loss = percentIn(body))
            series().summary.lossPercent = loss;
        return true;
    }
    if (contains(body, "TTL=")) {
        unreadableReply(line);
        return true;
    }
    return false;
}

void WindowsPingParser::readRequestLine(std::string_view line, std::string_view body,
                                        std::size_t indent) {
    if (indent > m_requestIndent) {
        ignoreLine(); // e.g. the `Route:` / `Timestamp:` continuation lines of -r and -s
        return;
    }
    if (endsWithColon(body)) {
        if (isRunHeader(body)) { // a run cut short (no statistics), then the next one
            startRun(body, indent);
            return;
        }
        m_section = Section::Statistics; // `Ping statistics for X:`
        takeTarget(body, false);
        return;
    }
    if (contains(body, "=")) {
        unreadableReply(line); // timeout and error messages have no `=`: a damaged reply
        return;
    }
    readUnanswered(body);
}

// Every reply-like line is a request, readable or not, so later requests keep their numbers.
std::int64_t WindowsPingParser::countRequest(std::string_view line) {
    if (m_section == Section::Preamble) // no header: the first reply sets the request column
        m_requestIndent = line.size() - skipSpaces(line).size();
    m_section = Section::Requests;
    return ++m_requests;
}

void WindowsPingParser::unreadableReply(std::string_view line) {
    countRequest(line);
    parseError(line, QStringLiteral("reply without a readable round-trip time"));
}

// `time<1ms` (`time<10ms` before Windows XP) gives a bound, not a time.
void WindowsPingParser::readReply(std::string_view line, double printedMs, bool belowResolution) {
    const std::int64_t sequence = countRequest(line);
    if (!rttInRange(line, printedMs))
        return;
    if (belowResolution && m_belowResolution++ == 0) {
        m_firstBelowResolutionLine = lineNumber();
        m_resolutionMs = printedMs;
    }
    // Each request has a number of its own: the reply is never a duplicate.
    fileReply(series(), m_sequences, m_times, sequence, belowResolution ? 0.0 : printedMs, false,
              prefixed().time, prefixed().elapsedSum);
}

// One request without a round-trip time. An ICMP error names the router that sent it
// (`Reply from 10.0.0.1: Destination host unreachable.`, in any language); a timeout names
// nobody (`Request timed out.`, `Upłynął limit czasu żądania.`).
void WindowsPingParser::readUnanswered(std::string_view body) {
    const std::int64_t sequence = countRequest(body);
    LatencySeries& run = series();
    if (!firstAddressWord(body).empty() || isLocalErrorMessage(body))
        run.errorSequence.push_back(sequence);
    else
        run.lostSequence.push_back(sequence);
}

bool WindowsPingParser::readPacketCounts(std::string_view body) {
    const PacketCounts counts = findPacketCounts(body);
    if (counts.count != 3)
        return false;
    PingSummary& summary = series().summary;
    summary.transmitted = counts.value[0];
    summary.received = counts.value[1];
    // Some languages wrap the percent onto the next line; readByShape picks it up there.
    summary.lossPercent = percentIn(counts.rest);
    return true;
}

void WindowsPingParser::takeTarget(std::string_view body, bool preferName) {
    RunInfo& info = allDatasets().back().info;
    if (!info.target.isEmpty())
        return;
    std::string_view target;
    const std::size_t bracket = body.find('[');
    if (preferName && bracket != std::string_view::npos) {
        // `Pinging google.com [216.58.196.238] with ...`: the name the user typed.
        std::string_view before = trimmed(body.substr(0, bracket));
        before = before.substr(before.find_last_of(' ') + 1);
        target = isHostWord(before) ? before : std::string_view();
    }
    if (target.empty())
        target = firstAddressWord(body);
    info.target = qStringOf(target);
}

void WindowsPingParser::startRun(std::string_view body, std::size_t indent) {
    if (m_requests > 0 || series().summary.transmitted ||
        !allDatasets().back().info.target.isEmpty()) {
        nextRun();
        m_requests = 0;
    }
    noteRunStart();
    takeTarget(body, true);
    std::string_view digits = packetSizeIn(body);
    if (auto size = takeInt(digits))
        allDatasets().back().info.packetBytes = *size;
    m_section = Section::Requests;
    m_requestIndent = indent;
}

void WindowsPingParser::finishRun() {
    PingParser::finishRun();
    LatencySeries& run = series();
    IssueList& warnings = mutableReport().warnings;
    const PingSummary& summary = run.summary;
    if (summary.transmitted && m_requests > 0 && *summary.transmitted != m_requests) {
        warnings.add(0,
                     QStringLiteral("the statistics count %1 sent requests, but the log "
                                    "shows %2 request lines")
                         .arg(*summary.transmitted)
                         .arg(m_requests),
                     QString());
    }
    // Windows counts an ICMP error from a router (`Reply from X: Destination host
    // unreachable.`) received, one raised by the local stack (`General failure.`) not.
    checkSummary(run, static_cast<std::int64_t>(run.rttMs.size()),
                 static_cast<std::int64_t>(run.rttMs.size() + run.errorSequence.size()), warnings);
}

void WindowsPingParser::finishDatasets() {
    PingParser::finishDatasets();
    if (m_belowResolution > 0) {
        // Windows' own minimum and average count these as 0 ms too.
        mutableReport().warnings.add(
            m_firstBelowResolutionLine,
            QStringLiteral("%1 %2 below the timer resolution (time<%3ms) and recorded as 0 ms")
                .arg(m_belowResolution)
                .arg(m_belowResolution == 1 ? QStringLiteral("reply was")
                                            : QStringLiteral("replies were"))
                .arg(m_resolutionMs),
            QString());
    }
}

} // namespace wb
