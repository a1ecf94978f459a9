#include "PingDialects.h"

#include "PlainPingReply.h"
#include "TextScan.h"

#include <cmath>
#include <limits>

namespace wb {

using namespace scan;

namespace {

const QString kCutShort = QStringLiteral("reply cut short: no whole time= value, though every "
                                         "reply of its size has one");

bool hasUnixReply(std::string_view head) {
    return contains(head, " bytes from ") && contains(head, "time=");
}

bool hasPingHeaderOrSummary(std::string_view head) {
    return contains(head, "PING ") || contains(head, "PING6(") ||
           contains(head, "packets transmitted");
}

// `-D` prefixes each line with "[1594976827.240914] "; returns the epoch seconds, or NaN.
double takeTimestampPrefix(std::string_view& body) {
    if (body.empty() || body.front() != '[')
        return std::nan("");
    std::string_view rest = body.substr(1);
    auto seconds = takeDouble(rest);
    if (!seconds || rest.empty() || rest.front() != ']')
        return std::nan("");
    body = skipSpaces(rest.substr(1));
    return *seconds;
}

// Where the round-trip time starts in a reply ("time=0.105 ms", "time<1 ms"), or npos. Every
// dialect prints it as the last key=value of the line, so the search runs from the end.
std::size_t timeValueAt(std::string_view body) {
    std::size_t sign = body.size();
    while (sign > 0 && body[sign - 1] != '=' && body[sign - 1] != '<')
        --sign; // a plain loop: find_last_of calls memchr once per character
    if (sign >= 5 && body.substr(sign - 5, 4) == "time")
        return sign;
    for (std::string_view key : {"time=", "time<"}) {
        const std::size_t at = body.find(key);
        if (at != std::string_view::npos)
            return at + key.size();
    }
    return std::string_view::npos;
}

// Every Unix ping prints the 16-bit ICMP sequence number, but merged logs and other tools count
// on past 65535: any number that is not negative is a sequence number (one that stands far off
// the others is kept apart by placedSequence, so that it cannot make up losses).
bool isSequence(std::int64_t printed) {
    return printed >= 0;
}

// A regular reply's facts, or where a line that the line path reads lies in the block.
struct ScannedPingLine {
    double rtt;
    double timestamp;
    std::int32_t printedSequence; // kNoSequence when the line prints none
    bool regularReply;
    bool markedDuplicate;
    bool plain; // a plain reply, which the line path too reads without the lines before it
    std::uint32_t offset; // other lines: where they are in the block (and non-plain replies)
    std::uint32_t length;
    static constexpr std::int32_t kNoSequence = -1;
};

struct ScannedPingLines : BlockScanner::Scan {
    std::vector<ScannedPingLine> lines;
    void clear() { lines.clear(); }
};

} // namespace

UnixPingParser::UnixPingParser(const char* dialect, std::int64_t firstSequence)
    : PingParser(
          "ping", dialect, "icmp", firstSequence,
          QStringLiteral("only some replies carry a -D timestamp; timestamps are not used")) {}

PrintedSequence UnixPingParser::sequenceIn(std::string_view body) {
    for (std::string_view key : {"icmp_seq=", "icmp_req=", "seq=", "icmp_seq "}) {
        const PrintedSequence printed = PrintedSequence::after(body, key);
        if (printed.present())
            return printed;
    }
    return {};
}

std::optional<std::int64_t> UnixPingParser::trackedSequence(std::string_view body) {
    const auto printed = sequenceIn(body).value;
    if (!printed || !isSequence(*printed) ||
        (*printed > 0xffff && !m_sequences.continues(*printed)))
        return std::nullopt;
    return m_sequences.unwrap(*printed);
}

bool UnixPingParser::ReplyFacts::regular() const {
    return rtt && !scan::isImpossibleRtt(*rtt) && !sequenceBeyond64Bits &&
           (!printedSequence || isSequence(*printedSequence));
}

std::optional<UnixPingParser::ReplyFacts> UnixPingParser::replyFacts(std::string_view line) {
    std::string_view body = trimmed(line);
    if (LinePrefixReader::hasTimePrefix(body))
        return std::nullopt; // the line path reads the prefix, which needs the lines before
    const double timestamp = takeTimestampPrefix(body);
    return contains(body, " bytes from ") ? timedReply(body, timestamp) : std::nullopt;
}

std::optional<UnixPingParser::ReplyFacts> UnixPingParser::timedReply(std::string_view body,
                                                                     double timestamp) {
    const std::size_t timeAt = timeValueAt(body);
    if (timeAt == std::string_view::npos)
        return std::nullopt;
    // "time<1 ms" is a sub-resolution reply; the printed bound is the value.
    std::string_view rest = skipSpaces(body.substr(timeAt));
    std::optional<double> rtt = takeMilliseconds(rest);
    // Every dialect prints the unit after the time: without it the line was cut short,
    // perhaps inside the number, so the time cannot be trusted.
    const bool cutShort = rtt ? !startsWith(skipSpaces(rest), "ms") : rest.empty();
    if (cutShort)
        rtt.reset();
    const PrintedSequence printed = sequenceIn(body);
    // "(DUP!)", "(BAD CHECKSUM!)" and "(DIFFERENT ADDRESS!)" are printed after the time.
    ReplyFacts reply{timestamp,     std::nan(""),         rtt,
                     printed.value, printed.beyond64Bits, contains(rest, "(DUP!)")};
    reply.cutShort = cutShort;
    reply.badChecksum = contains(rest, "(BAD CHECKSUM!)");
    reply.otherAddress = contains(rest, "(DIFFERENT ADDRESS!)");
    return reply;
}

std::unique_ptr<BlockScanner::Scan> UnixPingParser::scan(std::string_view wholeLines,
                                                         std::unique_ptr<Scan> spare) const {
    std::unique_ptr<ScannedPingLines> block = reuse<ScannedPingLines>(std::move(spare));
    block->lines.reserve(wholeLines.size() / 48);
    forEachPingLine(
        wholeLines,
        [&block](double rtt, std::int32_t sequence) {
            block->lines.push_back({rtt, std::nan(""), sequence, true, false, true, 0, 0});
        },
        [&block, wholeLines](std::size_t at, std::size_t end, bool readable) {
            const std::string_view line = wholeLines.substr(at, end - at);
            const auto offset = static_cast<std::uint32_t>(at);
            const auto length = static_cast<std::uint32_t>(end - at);
            const std::optional<ReplyFacts> reply =
                readable && line.size() <= kMaxLineLength ? replyFacts(line) : std::nullopt;
            // A number beyond 32 bits, and a marked reply, are rare enough for the line path.
            if (!reply || !reply->regular() || reply->badChecksum || reply->otherAddress ||
                reply->printedSequence.value_or(0) > std::numeric_limits<std::int32_t>::max()) {
                block->lines.push_back({0, 0, 0, false, false, false, offset, length});
                return;
            }
            const auto sequence = static_cast<std::int32_t>(
                reply->printedSequence.value_or(ScannedPingLine::kNoSequence));
            block->lines.push_back({*reply->rtt, reply->timestamp, sequence, true,
                                    reply->markedDuplicate, false, offset, length});
        });
    return block;
}

void UnixPingParser::apply(std::string_view wholeLines, Scan& scan) {
    const auto& lines = static_cast<ScannedPingLines&>(scan).lines;
    if (const std::size_t replies = firstBlockReservation(lines.size(), wholeLines.size())) {
        series().rttMs.reserve(replies);
        series().sequence.reserve(replies);
    }
    for (const ScannedPingLine& line : lines) {
        // After another log started, its lines are only counted (deliver); a reply the scan
        // read without the lines before it goes to the line path when those lines matter
        // (inside a transcript's framing, special spaces).
        if (!line.regularReply || otherLogStarted() ||
            (!line.plain && !m_prefix.readsAsItIs(wholeLines.substr(line.offset, line.length)))) {
            deliver(wholeLines.substr(line.offset, line.length));
            continue;
        }
        countScannedLine();
        const std::optional<std::int64_t> sequence =
            line.printedSequence == ScannedPingLine::kNoSequence
                ? std::nullopt
                : std::optional<std::int64_t>(line.printedSequence);
        acceptReply(
            {line.timestamp, std::nan(""), line.rtt, sequence, false, line.markedDuplicate});
    }
}

void UnixPingParser::parseLine(std::string_view line) {
    double rtt = 0;
    std::int32_t sequence = 0;
    if (takePlainPingReply(line.data(), line.data() + line.size(), &rtt, &sequence)) {
        acceptReply({std::nan(""), std::nan(""), rtt, sequence});
        return;
    }
    const std::optional<std::string_view> text = toolText(line);
    if (!text)
        return;
    std::string_view body = *text;
    double timestamp = takeTimestampPrefix(body);
    double elapsedSum = std::nan("");
    if (std::isnan(timestamp)) { // ping's own -D stamp is the more exact one
        timestamp = prefixed().time;
        elapsedSum = prefixed().elapsedSum;
    }

    if (contains(body, " bytes from ")) {
        if (endsWith(body, " (truncated)")) {
            readTruncatedReply(line, body);
            return;
        }
        if (std::optional<ReplyFacts> reply = timedReply(body, timestamp)) {
            reply->elapsedSum = elapsedSum;
            readReply(line, *reply);
        } else if (contains(body, "ttl=") || contains(body, "hlim=") ||
                   contains(body, "icmp_seq=")) // a reply line cut before its ttl=
            readUntimedReply(line, body);
        else
            readErrorReply(line, body); // macOS "92 bytes from h: Destination Host Unreachable"
        return;
    }
    if (startsWith(body, "From ")) {
        readErrorReply(line, body);
        return;
    }
    if (startsWith(body, "no answer yet") || startsWith(body, "Request timeout")) {
        readSequenceMention(body);
        return;
    }
    if (readPingSummary(body, series().summary) || startsWith(body, "pipe ") || body == "^C")
        return;
    if (startsWith(body, "PING ") || startsWith(body, "PING6(")) {
        readHeader(line, body);
        return;
    }
    if (startsWith(body, "ping: ") || startsWith(body, "ping6: ") ||
        startsWith(body, "WARNING: ")) {
        // ping's own diagnostics ("ping: sendmsg: Network is unreachable") explain gaps in
        // the replies, so they are reported rather than dropped.
        warning(line, QStringLiteral("message from ping"));
        return;
    }
    if (startsWith(body, "wrong data byte #") || startsWith(body, "wrong total length ")) {
        readDamageDetail(line);
        return;
    }
    if (m_detailLine == lineNumber() - 1 && isDataDumpLine(body)) {
        m_detailLine = lineNumber();
        return;
    }
    if (startsWith(body, "---") || startsWith(body, "PATTERN:"))
        return;
    ignoreLine();
}

void UnixPingParser::readReply(std::string_view line, const ReplyFacts& reply) {
    const bool timed = reply.rtt && !scan::isImpossibleRtt(*reply.rtt);
    if (reply.regular() || (timed && reply.sequenceBeyond64Bits)) {
        acceptReply(reply);
        return;
    }
    if (reply.printedSequence && !isSequence(*reply.printedSequence)) {
        rangeError(
            line, QStringLiteral("sequence number %1 is out of range").arg(*reply.printedSequence));
        return;
    }
    // The request was answered even if its time is unusable: it is not a loss.
    if (const std::optional<std::int64_t> seq =
            reply.printedSequence ? placedSequence(reply) : std::nullopt)
        m_sequences.markReplied(*seq);
    if (reply.cutShort)
        parseError(line, kCutShort);
    else if (!reply.rtt)
        parseError(line, QStringLiteral("reply without a readable time= value"));
    else
        rttInRange(line, *reply.rtt); // out of range here: a range error
}

std::optional<std::int64_t> UnixPingParser::placedSequence(const ReplyFacts& reply) {
    if (!reply.printedSequence && !reply.sequenceBeyond64Bits)
        return static_cast<std::int64_t>(series().rttMs.size()) + m_sequences.firstSequence();
    return m_sequences.place({reply.printedSequence, reply.sequenceBeyond64Bits}, m_oddSequences,
                             lineNumber());
}

void UnixPingParser::acceptReply(const ReplyFacts& reply) {
    if (reply.badChecksum) {
        fileBadChecksum(reply);
        return;
    }
    if (reply.otherAddress)
        ++m_damage.otherAddress;
    const std::size_t samples = series().rttMs.size();
    fileReply(series(), m_sequences, m_times, placedSequence(reply), *reply.rtt,
              reply.markedDuplicate, reply.timestamp, reply.elapsedSum);
    m_lastReply = {lineNumber(),
                   series().rttMs.size() > samples ? Filed::Sample : Filed::Duplicate};
}

void UnixPingParser::fileBadChecksum(const ReplyFacts& reply) {
    // iputils neither counts such a reply received nor takes its time into its statistics:
    // the request stays unanswered unless another reply to it arrives.
    LatencySeries& run = series();
    const std::optional<std::int64_t> placed = placedSequence(reply);
    if (placed)
        m_sequences.observe(*placed);
    run.damagedRttMs.push_back(*reply.rtt);
    run.damagedSequence.push_back(
        placed.value_or(run.sequence.empty() ? m_sequences.firstSequence() : run.sequence.back()));
    ++m_damage.badChecksum;
    m_lastReply = {lineNumber(), Filed::Damaged};
}

void UnixPingParser::readTruncatedReply(std::string_view line, std::string_view body) {
    const std::optional<std::int64_t> sequence = trackedSequence(body);
    if (!sequence) {
        warning(line, QStringLiteral("truncated reply without a sequence number"));
        return;
    }
    m_sequences.markReplied(*sequence); // iputils counts it received
    series().damagedRttMs.push_back(std::nan(""));
    series().damagedSequence.push_back(*sequence);
    ++m_damage.truncated;
    m_lastReply = {lineNumber(), Filed::Damaged};
}

void UnixPingParser::readDamageDetail(std::string_view line) {
    const std::int64_t previous = lineNumber() - 1;
    const bool detailBefore = m_detailLine == previous;
    m_detailLine = lineNumber();
    // A reply damaged already (a bad checksum, or a detail before this one) stays as it is.
    if (m_lastReply.filed == Filed::Damaged && (m_lastReply.line == previous || detailBefore))
        return;
    if (m_lastReply.line != previous || m_lastReply.filed == Filed::Nothing) {
        warning(line, QStringLiteral("damaged data reported without its reply on the line "
                                     "before"));
        return;
    }
    LatencySeries& run = series();
    const auto moveLastToDamaged = [&run](std::vector<double>& rtts,
                                          std::vector<std::int64_t>& sequences) {
        run.damagedRttMs.push_back(rtts.back());
        run.damagedSequence.push_back(sequences.back());
        rtts.pop_back();
        sequences.pop_back();
    };
    if (m_lastReply.filed == Filed::Sample) {
        moveLastToDamaged(run.rttMs, run.sequence);
        m_times.dropLast(run);
        --mutableReport().samples;
    } else {
        moveLastToDamaged(run.duplicateRttMs, run.duplicateSequence);
    }
    // ping counted the reply received, as it stays in the sequence numbers answered.
    ++m_damage.wrongData;
    m_lastReply.filed = Filed::Damaged;
}

bool UnixPingParser::isDataDumpLine(std::string_view body) const {
    if (startsWith(body, "cp:") || startsWith(body, "dp:")) {
        body.remove_prefix(3);
    } else if (startsWith(body, "#")) { // iputils: "#16\t", the offset of the first byte
        body.remove_prefix(1);
        if (!takeInt(body))
            return false;
    }
    // The rest: bytes in hex ("%x " or "%2x "), separated by spaces and tabs.
    for (const char c : body)
        if (!std::isxdigit(static_cast<unsigned char>(c)) && c != ' ' && c != '\t')
            return false;
    return true;
}

void UnixPingParser::reportDamage() {
    const DamageCounts& damage = m_damage;
    const LatencySeries& run = series();
    IssueList& warnings = mutableReport().warnings;
    const std::int64_t damaged = damage.badChecksum + damage.wrongData + damage.truncated;
    if (damaged > 0)
        warnings.add(0,
                     QStringLiteral("%1 replies arrived damaged (%2 with a bad checksum, %3 with "
                                    "wrong data bytes, %4 truncated): they are listed as damaged "
                                    "and their round-trip times are in no statistic; as ping "
                                    "counts them, a reply with a bad checksum answers no request, "
                                    "the others do")
                         .arg(damaged)
                         .arg(damage.badChecksum)
                         .arg(damage.wrongData)
                         .arg(damage.truncated),
                     QString());
    // With -q the log shows no reply to count.
    const bool showsReplies = m_sequences.anySeen();
    if (run.summary.corrupted && showsReplies && *run.summary.corrupted != damage.badChecksum)
        warnings.add(0,
                     QStringLiteral("the summary counts %1 corrupted replies, but the log shows "
                                    "%2 replies with a bad checksum")
                         .arg(*run.summary.corrupted)
                         .arg(damage.badChecksum),
                     QString());
    if (damage.otherAddress > 0)
        warnings.add(0,
                     QStringLiteral("%1 replies came from another address than the one pinged "
                                    "(DIFFERENT ADDRESS!); they are taken as replies")
                         .arg(damage.otherAddress),
                     QString());
    m_damage = {};
    m_lastReply = {};
    m_detailLine = -1;
}

void UnixPingParser::readUntimedReply(std::string_view line, std::string_view body) {
    // The request was answered: it is not a loss, whatever became of the line.
    if (auto seq = trackedSequence(body))
        m_sequences.markReplied(*seq);
    // Payloads under 16 bytes carry no send time, so ping prints the reply without time=; a
    // reply of 24 bytes or more (8 of ICMP header, 16 of send time) always has one, so its
    // line was cut short: damaged, not a reply of a ping that could not time it.
    constexpr std::int64_t kTimedReplyBytes = 24;
    std::string_view count = body;
    if (const std::optional<std::int64_t> bytes = scan::takeInt(count);
        bytes && *bytes < kTimedReplyBytes) {
        warning(line,
                QStringLiteral("reply without a round-trip time (payload too small to time)"));
        return;
    }
    parseError(line, kCutShort);
}

void UnixPingParser::readSequenceMention(std::string_view body) {
    if (auto seq = trackedSequence(body))
        m_sequences.observe(*seq);
}

void UnixPingParser::readErrorReply(std::string_view line, std::string_view body) {
    if (auto seq = trackedSequence(body)) {
        m_sequences.observe(*seq);
        series().errorSequence.push_back(*seq);
        return;
    }
    // macOS prints the ICMP error and a dump of the returned IP header, but not which request
    // it answers; reporting it keeps the count of errors visible.
    warning(line, QStringLiteral("ICMP error reply without a sequence number"));
}

void UnixPingParser::readHeader(std::string_view line, std::string_view body) {
    // iputils: "PING h (a) 56(84) bytes of data.", "PING ::1(::1) 56 data bytes"; BSD and
    // BusyBox: "PING h (a): 56 data bytes", "PING6(56=40+8+8 bytes) a --> b". A header of the
    // other family is another ping's log, whose numbering this dialect would misread.
    const bool bsdStyle = contains(body, "): ") || startsWith(body, "PING6(");
    if (m_headerStyle && *m_headerStyle != bsdStyle) {
        anotherLogStarts(line, QStringLiteral("another ping's log starts here"));
        return;
    }
    m_headerStyle = bsdStyle;
    // Another run appended to the same file (`ping HOST >> log` again): a dataset of its own.
    if (m_sawHeader || m_sequences.anySeen() || !series().rttMs.empty() ||
        series().summary.hasCounts())
        nextRun();
    noteRunStart();
    // "PING host (addr) 56(84) bytes of data." / "PING6(56=40+8+8 bytes) ::1 --> ::1"
    m_sawHeader = true;
    std::string_view target;
    if (auto arrow = after(body, "--> ")) {
        target = trimmed(*arrow);
    } else {
        target = body.substr(5);
        target = target.substr(0, target.find_first_of(" ("));
    }
    RunInfo& info = allDatasets().back().info;
    info.target = qStringOf(target);
    // The payload (-s): "56(84) bytes of data", ": 56 data bytes", and the last of the sizes
    // that PING6 adds up ("PING6(104=40+8+56 bytes)").
    std::optional<std::int64_t> payload;
    if (startsWith(body, "PING6(")) {
        std::string_view sizes = body.substr(6, body.find(' ') - 6);
        sizes = sizes.substr(sizes.find_last_of('+') + 1);
        payload = takeInt(sizes);
    } else {
        payload = intBefore(body, contains(body, " data bytes") ? " data bytes" : " bytes");
    }
    if (payload && *payload >= 0)
        info.packetBytes = *payload;
}

void UnixPingParser::finishRun() {
    PingParser::finishRun();
    // An excerpt without the PING header starts somewhere inside the run; the requests before
    // its first line are not lost, just not shown.
    listLosses(m_sequences.runStart(m_sawHeader, series().summary.transmitted.value_or(0)));
    reportDamage();
}

IputilsPingParser::IputilsPingParser() : UnixPingParser({"iputils", 1}) {}

int IputilsPingParser::sniff(std::string_view head) {
    int score = 0;
    if (contains(head, "bytes of data."))
        score += 10;
    if (hasUnixReply(head) && (contains(head, "icmp_seq=") || contains(head, "icmp_req=")))
        score += 5;
    if (contains(head, "no answer yet for icmp_seq="))
        score += 10;
    if (contains(head, "rtt min/avg/max/mdev"))
        score += 10;
    if (contains(head, " received, ") && !contains(head, "packets received"))
        score += 5;
    if (score == 0 && contains(head, "icmp_seq=") && contains(head, "Destination Host Unreachable"))
        score += 4; // "From X icmp_seq=1 Destination Host Unreachable"
    return score;
}

BusyBoxPingParser::BusyBoxPingParser() : UnixPingParser({"busybox", 0}) {}

int BusyBoxPingParser::sniff(std::string_view head) {
    int score = 0;
    if (hasUnixReply(head) && contains(head, ": seq=") && !contains(head, "icmp_seq="))
        score += 12;
    if (contains(head, "round-trip min/avg/max = "))
        score += 12;
    return hasPingHeaderOrSummary(head) || score >= 12 ? score : 0;
}

BsdPingParser::BsdPingParser() : UnixPingParser({"bsd", 0}) {}

int BsdPingParser::sniff(std::string_view head) {
    int score = 0;
    if (contains(head, "round-trip min/avg/max/stddev") ||
        contains(head, "round-trip min/avg/max/std-dev"))
        score += 20;
    if (contains(head, "PING6(") || contains(head, "Request timeout for icmp_seq"))
        score += 15;
    if (contains(head, "packets received") && contains(head, "packets transmitted") &&
        !contains(head, " seq=")) // BusyBox says "packets received" too, with seq=
        score += 8;
    if (hasUnixReply(head) && contains(head, "icmp_seq=") && contains(head, ": 56 data bytes"))
        score += 8;
    if (hasUnixReply(head) && contains(head, " hlim="))
        score += 6;
    return score;
}

} // namespace wb
