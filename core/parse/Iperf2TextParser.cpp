#include "Iperf2TextParser.h"

#include "IperfRuns.h"
#include "IperfUnits.h"
#include "TextScan.h"

#include <QDateTime>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace wb {

using namespace scan;

namespace {

// "198.19.2.1%wbip2-va" names the interface after the address; the flow keeps the address.
std::string_view withoutInterface(std::string_view address) {
    return address.substr(0, address.find('%'));
}

// "A port P" at the start of text: the address and the port, text advanced past them.
std::optional<std::pair<std::string_view, std::int64_t>> takeEndpoint(std::string_view& text) {
    const std::size_t at = text.find(" port ");
    if (at == std::string_view::npos)
        return std::nullopt;
    const std::string_view address = trimmed(text.substr(0, at));
    std::string_view rest = text.substr(at + 6);
    const auto port = takeInt(rest);
    if (!port)
        return std::nullopt;
    text = rest;
    return std::make_pair(withoutInterface(address), *port);
}

// iperf2 prints "TCP port 5001" / "UDP port 5001" in both banners.
void readProtocolAndPort(std::string_view body, RunInfo& info, int& port) {
    if (contains(body, "UDP port"))
        info.protocol = QStringLiteral("udp");
    else if (contains(body, "TCP port"))
        info.protocol = QStringLiteral("tcp");
    if (auto number = intAfter(body, " port "))
        port = static_cast<int>(*number);
}

// "Cwnd/RTT(var)" of -e: "330K/18308(1583) us" (2.1) or "2110K/34 us".
void readCwndRtt(std::string_view& rest, FlowInterval& out) {
    std::string_view word = iperf::takeWord(rest);
    const auto cwnd = takeDouble(word);
    if (!cwnd || word.empty())
        return;
    double factor = 1;
    if (word.front() != '/') {
        factor = iperf::binaryPrefix(word.front());
        word.remove_prefix(1);
    }
    if (factor == 0 || word.empty() || word.front() != '/')
        return;
    word.remove_prefix(1);
    const auto rtt = takeDouble(word);
    if (!rtt)
        return;
    // The RTT's variation in brackets, in the RTT's unit (2.1 and later).
    std::optional<double> rttvar;
    if (!word.empty() && word.front() == '(') {
        word.remove_prefix(1);
        rttvar = takeDouble(word);
        if (word != ")" || !rttvar || !std::isfinite(*rttvar) || *rttvar < 0)
            rttvar.reset();
    }
    const std::string_view unit = iperf::takeWord(rest);
    const auto toMs = [&unit](double value) { return unit == "ms" ? value : value / 1000.0; };
    out.cwndBytes = *cwnd * factor;
    out.rttMs = toMs(*rtt);
    if (rttvar)
        out.rttvarMs = toMs(*rttvar);
}

// One line of a scanned block: the figures of a plain result line, or where a line the
// parser reads itself lies.
struct ScannedIperf2Line {
    static constexpr std::int32_t kNotPlain = -2;
    static constexpr std::int32_t kSum = -1;

    iperf::ResultFields fields;
    std::uint32_t offset;   // of the line in the block
    std::uint32_t length;   // without '\n'; without the CR of CRLF when plain
    std::int32_t stream;    // the tag's stream, kSum or kNotPlain
    std::uint16_t restFrom; // what follows the rate, from the line's start
    std::uint16_t restLength;
};

struct ScannedIperf2Lines : BlockScanner::Scan {
    std::vector<ScannedIperf2Line> lines;
    void clear() { lines.clear(); }
};

} // namespace

Iperf2TextParser::Iperf2TextParser() : m_flows(dataset().flows) {
    describe(dataset());
}

void Iperf2TextParser::describe(Dataset& data) {
    data.kind = Dataset::Kind::Throughput;
    data.info.tool = QStringLiteral("iperf");
    data.info.dialect = QStringLiteral("text");
}

int Iperf2TextParser::sniff(std::string_view head) {
    // iperf3's own words; its result lines would otherwise look like iperf2's.
    if (contains(head, "iperf Done.") || contains(head, "Connecting to host") ||
        contains(head, "- - - - - -") || contains(head, "Bitrate") ||
        (contains(head, " sender") && contains(head, " receiver")))
        return 0;
    int score = 0;
    if (contains(head, "Client connecting to "))
        score += 20;
    if (contains(head, "Server listening on TCP port") ||
        contains(head, "Server listening on UDP port"))
        score += 20;
    if (contains(head, "[ ID] Interval") && contains(head, "Bandwidth"))
        score += 10;
    if (score > 0)
        return score;
    // Bare result lines (seed 004): count those with iperf2's 1- or 4-decimal intervals.
    int results = 0;
    while (!head.empty() && results < 3) {
        const std::size_t newline = head.find('\n');
        std::string_view line = trimmed(head.substr(0, newline)); // CR of CRLF too
        head = newline == std::string_view::npos ? std::string_view{} : head.substr(newline + 1);
        const Tag tag = takeTag(line);
        if (tag.kind != Tag::Stream && tag.kind != Tag::Sum)
            continue;
        const auto span = iperf::takeSpan(line);
        if (span && (span->decimals == 1 || span->decimals == 4) && iperf::takeTransfer(line) &&
            iperf::takeRate(line))
            ++results;
    }
    return results > 0 ? 10 + results : 0;
}

Iperf2TextParser::Tag Iperf2TextParser::takeTag(std::string_view& body) {
    Tag tag;
    if (body.empty() || body.front() != '[')
        return tag;
    const std::size_t close = body.find(']');
    if (close == std::string_view::npos)
        return tag;
    std::string_view inner = trimmed(body.substr(1, close - 1));
    body.remove_prefix(close + 1);
    tag.kind = Tag::Other;
    if (!inner.empty() && inner.front() == '*') {
        tag.reverse = true;
        inner = skipSpaces(inner.substr(1));
    }
    if (startsWith(inner, "SUM")) { // "[SUM]", and "[SUM-2]" on 2.1's "Sent" line
        tag.kind = Tag::Sum;
        return tag;
    }
    std::string_view digits = inner;
    const auto number = takeInt(digits);
    if (number && digits.empty() && *number >= 0) {
        tag.kind = Tag::Stream;
        tag.stream = static_cast<int>(*number);
    }
    return tag;
}

std::optional<Iperf2TextParser::PlainResult>
Iperf2TextParser::takePlainResult(std::string_view line, iperf::SpanMemo& memo) {
    // The tag: "[ 12]" or "[SUM]" right at the start of the line. A number that wraps to a
    // negative int is left to the general path: a scan marks lines with negative streams.
    std::string_view rest = line;
    const Tag tag = takeTag(rest);
    if (tag.kind != Tag::Sum && (tag.kind != Tag::Stream || tag.stream < 0))
        return std::nullopt;
    const auto fields = iperf::takeResultFields(rest, memo);
    if (!fields)
        return std::nullopt;
    // What readStreamLine checks before a result line: only the out-of-order count can look
    // like one, and only by what follows the rate.
    rest = trimmed(rest);
    if (!rest.empty() && contains(rest, "datagrams received out-of-order"))
        return std::nullopt;
    return PlainResult{tag, *fields, rest};
}

void Iperf2TextParser::applyPlainResult(std::string_view line, const PlainResult& plain) {
    FlowInterval result;
    if (acceptResult(line, plain.fields, plain.rest, result))
        storeResult(plain.tag, result);
}

std::unique_ptr<BlockScanner::Scan> Iperf2TextParser::scan(std::string_view wholeLines,
                                                           std::unique_ptr<Scan> spare) const {
    std::unique_ptr<ScannedIperf2Lines> block = reuse<ScannedIperf2Lines>(std::move(spare));
    block->lines.reserve(wholeLines.size() / 48); // a -P result line is about 55 bytes
    iperf::SpanMemo memo; // the block's own: it only saves reading, never changes a figure
    for (std::size_t at = 0; at < wholeLines.size();) {
        std::size_t end = wholeLines.find('\n', at);
        if (end == std::string_view::npos)
            end = wholeLines.size();
        std::string_view line = wholeLines.substr(at, end - at);
        ScannedIperf2Line scanned{{},
                                  static_cast<std::uint32_t>(at),
                                  static_cast<std::uint32_t>(line.size()),
                                  ScannedIperf2Line::kNotPlain,
                                  0,
                                  0};
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1); // as LogParser delivers it
        // Longer lines are cut and warned about by the line path (and rest must fit 16 bits).
        // NUL bytes are reported by the line path.
        const auto plain = line.size() < std::numeric_limits<std::uint16_t>::max() &&
                                   line.find('\0') == std::string_view::npos
                               ? takePlainResult(line, memo)
                               : std::nullopt;
        if (plain) {
            scanned.fields = plain->fields;
            scanned.length = static_cast<std::uint32_t>(line.size());
            scanned.stream =
                plain->tag.kind == Tag::Sum ? ScannedIperf2Line::kSum : plain->tag.stream;
            scanned.restFrom = static_cast<std::uint16_t>(plain->rest.data() - line.data());
            scanned.restLength = static_cast<std::uint16_t>(plain->rest.size());
        }
        block->lines.push_back(scanned);
        at = end + 1;
    }
    return block;
}

void Iperf2TextParser::apply(std::string_view wholeLines, Scan& scan) {
    for (const ScannedIperf2Line& scanned : static_cast<ScannedIperf2Lines&>(scan).lines) {
        const std::string_view line = wholeLines.substr(scanned.offset, scanned.length);
        if (scanned.stream == ScannedIperf2Line::kNotPlain) {
            deliver(line);
            continue;
        }
        countScannedLine();
        PlainResult plain{{}, scanned.fields, line.substr(scanned.restFrom, scanned.restLength)};
        if (scanned.stream == ScannedIperf2Line::kSum) {
            plain.tag.kind = Tag::Sum;
        } else {
            plain.tag.kind = Tag::Stream;
            plain.tag.stream = scanned.stream;
        }
        applyPlainResult(line, plain);
    }
}

void Iperf2TextParser::parseLine(std::string_view rawLine) {
    if (const auto plain = takePlainResult(rawLine, m_spanMemo)) {
        applyPlainResult(rawLine, *plain);
        return;
    }
    // A time in front of the line (`iperf … | ts`): the tool's text behind it is read. Lines
    // that start with their tag (the plain results above, all a block scan reads) have none.
    const LinePrefixReader::Line prefixed = m_prefix.read(rawLine);
    if (prefixed.framing) {
        ignoreLine();
        return;
    }
    const std::string_view line = prefixed.text;
    m_lineDate = LinePrefixReader::dateOf(prefixed);
    if (!std::isnan(prefixed.time)) {
        if (const auto plain = takePlainResult(line, m_spanMemo)) {
            applyPlainResult(line, *plain);
            return;
        }
    }
    std::string_view body = trimmed(line);
    if (body.empty())
        return;
    const Tag tag = takeTag(body);
    body = skipSpaces(body);
    switch (tag.kind) {
    case Tag::None:
        if (!readBanner(line, body))
            ignoreLine();
        return;
    case Tag::Other: // "[ ID] Interval …" column headings, "[ CT] final connect times …"
        return;
    case Tag::Sum:
    case Tag::Stream:
        readStreamLine(line, tag, body);
        return;
    }
}

bool Iperf2TextParser::readBanner(std::string_view line, std::string_view body) {
    if (contains(body, "Client connecting to ") || startsWith(body, "Server listening on "))
        bannerBegins(contains(body, "Client connecting to "));
    RunInfo& info = current().info;
    if (startsWith(body, "---"))
        return true;
    if (auto rest = after(body, "Client connecting to ")) {
        const std::string_view host = rest->substr(0, rest->find(','));
        info.target = qStringOf(host);
        readProtocolAndPort(*rest, info, m_connectPort);
        // The -d client prints "Server listening" first; the -d/-r server prints this banner
        // only after its first connection, for the reverse direction.
        if (info.role.isEmpty() || !m_sawConnection)
            info.role = QStringLiteral("client");
        if (auto flows = after(*rest, " flows)")) {
            const std::string_view head = rest->substr(0, rest->size() - flows->size() - 7);
            info.extra.insert(QStringLiteral("flows"),
                              qStringOf(head.substr(head.find_last_of('(') + 1)));
        }
        return true;
    }
    if (startsWith(body, "Server listening on ")) {
        readProtocolAndPort(body, info, m_listenPort);
        if (info.role.isEmpty())
            info.role = QStringLiteral("server");
        return true;
    }
    if (startsWith(body, "TCP congestion control")) {
        // "TCP congestion control set to reno" (-Z); the algorithm is the last word.
        info.congestionControl = qStringOf(body.substr(body.find_last_of(' ') + 1));
        return true;
    }
    if (startsWith(body, "Sending ") || startsWith(body, "Receiving ")) {
        info.protocol = QStringLiteral("udp");
        std::string_view rest = body.substr(body.find(' ') + 1);
        if (auto size = takeInt(rest)) {
            info.extra.insert(QStringLiteral("datagram_bytes"), QString::number(*size));
            info.packetBytes = *size;
        }
        return true;
    }
    static constexpr std::pair<const char*, const char*> kFacts[] = {
        {"TCP window size:", "tcp_window"},
        {"UDP buffer size:", "udp_buffer"},
        {"Write buffer size:", "write_buffer"},
        {"Read buffer size:", "read_buffer"},
        {"MSS size", "mss"},
        {"TOS set to", "tos"},
        {"iperf version", "version_string"},
    };
    for (const auto& [prefix, key] : kFacts) {
        if (startsWith(body, prefix)) {
            info.extra.insert(QLatin1String(key),
                              qStringOf(trimmed(body.substr(std::string_view(prefix).size()))));
            return true;
        }
    }
    if (startsWith(body, "Waiting for server threads"))
        return true;
    if (contains(body, "failed") || contains(body, "error") || contains(body, "WARNING")) {
        warning(line, QStringLiteral("message from iperf"));
        return true;
    }
    if (startsWith(body, "iperf ") || contains(body, "$ iperf ") || contains(body, "# iperf ")) {
        readCommand(body);
        return true;
    }
    return false;
}

void Iperf2TextParser::readCommand(std::string_view body) {
    // A log captured from a shell starts with the command line; -Z names the algorithm when
    // iperf itself does not print it (2.0.x).
    RunInfo& info = current().info;
    info.extra.insert(QStringLiteral("command"), qStringOf(body.substr(body.find("iperf "))));
    for (std::string_view key : {" -Z ", " --linux-congestion ", " --tcp-congestion "}) {
        if (auto rest = after(body, key)) {
            std::string_view algorithm = *rest;
            if (info.congestionControl.isEmpty())
                info.congestionControl = qStringOf(iperf::takeWord(algorithm));
        }
    }
}

void Iperf2TextParser::readStreamLine(std::string_view line, const Tag& tag,
                                      std::string_view body) {
    if (tag.kind == Tag::Stream && startsWith(body, "local ") &&
        contains(body, " connected with ")) {
        readConnection(tag, body);
        return;
    }
    if (startsWith(body, "Server Report:")) {
        m_reportStream = tag.kind == Tag::Sum ? -1 : tag.stream;
        return;
    }
    if (startsWith(body, "Sent ") && contains(body, " datagrams")) {
        readDatagramCount(tag, body);
        return;
    }
    if (contains(body, "datagrams received out-of-order")) {
        readOutOfOrder(tag, body);
        return;
    }
    std::string_view rest = body;
    if (const auto span = iperf::takeSpan(rest)) {
        const auto transfer = iperf::takeTransfer(rest);
        const auto rate = transfer ? iperf::takeRate(rest) : std::nullopt;
        FlowInterval result;
        if (!rate)
            parseError(line, QStringLiteral("report line without a readable transfer and rate"));
        else if (acceptResult(line, {*span, *transfer, *rate}, rest, result)) // reports its errors
            storeResult(tag, result);
        return;
    }
    if (startsWith(body, "WARNING") || contains(body, "failed")) {
        warning(line, QStringLiteral("message from iperf"));
        return;
    }
    if (!body.empty() && body.front() >= '0' && body.front() <= '9')
        parseError(line, QStringLiteral("unreadable iperf report line"));
    else
        ignoreLine();
}

void Iperf2TextParser::readConnection(const Tag& tag, std::string_view body) {
    // "local 198.18.2.1 port 37768 connected with 198.18.1.1 port 5001 (icwnd/mss/irtt=…)"
    std::string_view rest = body.substr(6);
    const auto local = takeEndpoint(rest);
    auto remoteText = after(rest, "connected with ");
    std::optional<std::pair<std::string_view, std::int64_t>> remote;
    if (remoteText)
        remote = takeEndpoint(*remoteText);
    const std::int64_t localPort = local ? local->second : -1;
    const std::int64_t remotePort = remote ? remote->second : -1;
    // The server sends back on -d/-r of iperf 2.1 and marks that connection.
    const bool reverse = tag.reverse || contains(body, "(reverse)");
    const QString direction = reverse ? QStringLiteral("send") : directionOf(localPort, remotePort);
    if (connectionBegins(tag.stream, reverse, direction))
        beginTest(true);
    m_reverseBanner = false;
    RunInfo& info = current().info;
    const auto endpoint = [](const auto& part) {
        return part ? qStringOf(part->first) + QStringLiteral(" port ") +
                          QString::number(part->second)
                    : QString();
    };
    const std::size_t flow =
        m_flows.openConnection(tag.stream, direction, endpoint(local), endpoint(remote));
    if (direction.isEmpty())
        m_undirected.push_back({flow, localPort, remotePort});
    m_sawConnection = true;
    if (info.target.isEmpty() && remote)
        info.target = qStringOf(remote->first);
    if (auto peer = after(body, "(peer "))
        info.extra.insert(QStringLiteral("peer_version"),
                          qStringOf(peer->substr(0, peer->find(')'))));
    if (auto when = after(body, ") on "); when && !info.start.isValid()) {
        // "on 2026-11-29 23:19:40 (UTC)" or with milliseconds "… 15:51:57.435 (UTC)"
        const QString stamp = qStringOf(trimmed(when->substr(0, when->find(" ("))));
        QDateTime start = QDateTime::fromString(stamp, QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
        if (!start.isValid())
            start = QDateTime::fromString(stamp, QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        if (start.isValid() && contains(*when, "(UTC)"))
            start.setTimeZone(QTimeZone::utc());
        info.start = start;
    }
    if (!info.start.isValid() && m_lineDate.isValid())
        info.start = m_lineDate; // the time prefix of the connection line
}

QString Iperf2TextParser::directionOf(std::int64_t localPort, std::int64_t remotePort) {
    if (m_listenPort >= 0 && localPort == m_listenPort)
        return QStringLiteral("receive"); // accepted on the listening port
    if (m_connectPort >= 0 && remotePort == m_connectPort)
        return QStringLiteral("send");
    const QString& role = current().info.role;
    if (role == QLatin1String("client"))
        return QStringLiteral("send");
    if (role == QLatin1String("server"))
        return QStringLiteral("receive");
    return {};
}

void Iperf2TextParser::inferDirections() {
    std::vector<Flow>& flows = current().flows.flows;
    RunInfo& info = current().info;
    bool sameRemote = true;
    bool sameLocal = true;
    for (const Undirected& entry : m_undirected) {
        sameRemote = sameRemote && entry.remotePort == m_undirected.front().remotePort;
        sameLocal = sameLocal && entry.localPort == m_undirected.front().localPort;
    }
    for (const Undirected& entry : m_undirected) {
        QString direction = directionOf(entry.localPort, entry.remotePort);
        if (direction.isEmpty() && info.role.isEmpty() && sameRemote != sameLocal) {
            // No banner at all: the side whose port every connection shares is the server.
            direction = sameRemote ? QStringLiteral("send") : QStringLiteral("receive");
            info.extra.insert(QStringLiteral("role_inferred"), QStringLiteral("true"));
        }
        flows[entry.flow].direction = direction;
    }
    if (info.role.isEmpty() && info.extra.contains(QStringLiteral("role_inferred")))
        info.role = sameRemote ? QStringLiteral("client") : QStringLiteral("server");
}

bool Iperf2TextParser::acceptResult(std::string_view line, const iperf::ResultFields& fields,
                                    std::string_view rest, FlowInterval& out) {
    const iperf::Span& span = fields.span;
    const iperf::Transfer& transfer = fields.transfer;
    if (!std::isfinite(span.start) || !std::isfinite(span.end) || span.end < span.start ||
        !std::isfinite(transfer.bytes) || transfer.bytes < 0 ||
        !std::isfinite(fields.bitsPerSecond) || fields.bitsPerSecond < 0) {
        rangeError(line, QStringLiteral("impossible interval, transfer or rate"));
        return false;
    }
    if (m_spanDecimals < 0)
        m_spanDecimals = span.decimals;
    out.start = span.start;
    out.end = span.end;
    out.bytes = transfer.bytes;
    out.bytesExact = transfer.exact;
    out.bitsPerSecond = fields.bitsPerSecond;
    if (!transfer.exact && !m_warnedRounded) {
        m_warnedRounded = true;
        warning(line, QStringLiteral("transfer sizes are derived from rounded figures "
                                     "(e.g. \"13.1 MBytes\"); byte counts are approximate"));
    }
    if (!rest.empty())
        readColumns(rest, out);
    return true;
}

void Iperf2TextParser::readColumns(std::string_view rest, FlowInterval& out) {
    rest = skipSpaces(rest);
    const auto first = takeDouble(rest);
    if (!first)
        return; // nothing more, or "Reads=Dist" style columns we do not use
    if (startsWith(skipSpaces(rest), "ms")) {
        // UDP receiver: "0.017 ms    0/ 2552 (0%)" (2.0 pads the total)
        out.jitterMs = *first;
        rest = skipSpaces(skipSpaces(rest).substr(2));
        const auto lost = takeInt(rest);
        rest = skipSpaces(rest);
        if (!lost || rest.empty() || rest.front() != '/')
            return;
        rest = skipSpaces(rest.substr(1));
        const auto total = takeInt(rest);
        if (!total)
            return;
        out.lostDatagrams = *lost;
        out.totalDatagrams = *total;
        return;
    }
    if (rest.empty() || rest.front() != '/')
        return;
    // -e sender: "Write/Err Rtry Cwnd/RTT(var) NetPwr" (TCP) or "Write/Err PPS" (UDP)
    rest.remove_prefix(1);
    if (!takeInt(rest))
        return;
    rest = skipSpaces(rest);
    const auto retries = takeInt(rest);
    // Only a word starting "pps" is read whole: the TCP lines' next word is the long Cwnd/RTT.
    std::string_view probe = skipSpaces(rest);
    if (!retries || (startsWith(probe, "pps") && iperf::takeWord(probe) == "pps"))
        return;
    out.retransmits = *retries;
    readCwndRtt(rest, out);
}

void Iperf2TextParser::storeResult(const Tag& tag, const FlowInterval& result) {
    countSample();
    // Without connection lines (bare result lines, seed 004) only a second whole run of a
    // stream tells that the next test began.
    if (tag.kind == Tag::Stream && !m_sawConnection && m_flows.hasFlowFor(tag.stream) &&
        m_reportStream != tag.stream && m_flows.startsNextTest(m_flows.flowFor(tag.stream), result))
        beginTest(true);
    m_sawResult = true;
    if (tag.kind == Tag::Sum) {
        m_flows.addSumLine(result);
        return;
    }
    const std::size_t flow = m_flows.flowFor(tag.stream);
    if (m_reportStream == tag.stream) {
        m_reportStream = -2;
        m_flows.addServerReport(flow, result);
        return;
    }
    m_flows.addLine(flow, result);
}

void Iperf2TextParser::readDatagramCount(const Tag& tag, std::string_view body) {
    // "[  1] Sent 2679 datagrams" after the client's whole-run line; "[SUM-2] Sent …" for -P.
    std::string_view rest = body.substr(5);
    const auto sent = takeInt(rest);
    if (!sent)
        return;
    FlowInterval* whole =
        tag.kind == Tag::Sum
            ? m_flows.latestSumWholeRun()
            : (m_flows.hasFlowFor(tag.stream) ? m_flows.latestWholeRun(m_flows.flowFor(tag.stream))
                                              : nullptr);
    if (whole)
        whole->totalDatagrams = *sent;
}

void Iperf2TextParser::readOutOfOrder(const Tag& tag, std::string_view body) {
    // "[  3] 0.00-3.01 sec  1 datagrams received out-of-order", after the receiver's line.
    std::string_view rest = body;
    iperf::takeSpan(rest);
    rest = skipSpaces(rest);
    const auto count = takeInt(rest);
    if (!count || tag.kind != Tag::Stream || !m_flows.hasFlowFor(tag.stream))
        return;
    if (FlowInterval* whole = m_flows.latestWholeRun(m_flows.flowFor(tag.stream)))
        whole->outOfOrder = *count;
}

void Iperf2TextParser::bannerBegins(bool clientBanner) {
    // The banners of one test (-d/-r print both) come before its results, and iperf's threads
    // may print their connections before the client banner.
    if (!m_sawResult)
        return;
    if (clientBanner && current().info.role == QLatin1String("server") && m_sawConnection) {
        m_reverseBanner = true;
        return;
    }
    beginTest(false);
}

bool Iperf2TextParser::connectionBegins(int stream, bool reverse, const QString& direction) const {
    if (current().flows.empty())
        return false;
    // -d/-r: the connection back, marked, after the server's own client banner, or accepted by
    // a client's listener, belongs to the test that made it.
    if (reverse || m_reverseBanner ||
        (current().info.role == QLatin1String("client") && direction == QLatin1String("receive")))
        return false;
    // -P connections of one test arrive together, before any of them ends.
    return m_flows.allEnded() || m_flows.hasFlowFor(stream);
}

void Iperf2TextParser::beginTest(bool keepBanner) {
    finishTest();
    Dataset next;
    describe(next);
    if (keepBanner) {
        const RunInfo& before = current().info;
        RunInfo& info = next.info;
        info = before;
        info.target.clear();
        info.start = QDateTime();
        info.streams = 0;
        info.version.clear();
        if (before.extra.contains(QStringLiteral("protocol_inferred")))
            info.protocol.clear();
        if (before.extra.contains(QStringLiteral("role_inferred")))
            info.role.clear();
        for (const char* key :
             {"peer_version", "bidirectional", "role_inferred", "protocol_inferred", "flows"})
            info.extra.remove(QLatin1String(key));
    } else {
        m_listenPort = m_connectPort = -1;
    }
    allDatasets().push_back(std::move(next));
    m_flows.restart(current().flows);
    m_undirected.clear();
    m_reportStream = -2;
    m_sawConnection = false;
    m_reverseBanner = false;
    m_sawResult = false;
}

void Iperf2TextParser::finishDatasets() {
    finishTest();
    // A banner after the last test (a server started again that nobody connected to) is no test.
    std::vector<Dataset>& tests = allDatasets();
    if (tests.size() > 1 && tests.back().flows.empty())
        tests.pop_back();
    IperfRuns::label(tests);
}

void Iperf2TextParser::finishTest() {
    m_flows.finish();
    for (const QString& found : IperfIntervalOrder::apply(current().flows).warnings())
        warning({}, found);
    inferDirections();
    RunInfo& info = current().info;
    const FlowSeries& series = current().flows;
    int sending = 0;
    int receiving = 0;
    int undirected = 0;
    bool sawDatagrams = false;
    for (const Flow& flow : series.flows) {
        (flow.direction == QLatin1String("send")      ? sending
         : flow.direction == QLatin1String("receive") ? receiving
                                                      : undirected)++;
        const auto udp = [](const std::optional<FlowInterval>& line) {
            return line && (line->jitterMs || line->totalDatagrams);
        };
        sawDatagrams = sawDatagrams || udp(flow.total) || udp(flow.senderTotal) ||
                       (!flow.intervals.empty() && flow.intervals.front().jitterMs);
    }
    info.streams = std::max({sending, receiving, undirected});
    if (sending > 0 && receiving > 0)
        info.extra.insert(QStringLiteral("bidirectional"), QStringLiteral("true"));
    if (info.protocol.isEmpty() && !series.empty()) {
        // Bare result lines name no protocol; UDP always reports datagrams somewhere.
        info.protocol = sawDatagrams ? QStringLiteral("udp") : QStringLiteral("tcp");
        info.extra.insert(QStringLiteral("protocol_inferred"), QStringLiteral("true"));
    }
    const QString versionText = info.extra.value(QStringLiteral("version_string"));
    if (versionText.startsWith(QLatin1String("2.0")))
        info.version = QStringLiteral("2.0");
    else if (versionText.startsWith(QLatin1String("2.1")))
        info.version = QStringLiteral("2.1");
    else if (m_spanDecimals == 1)
        info.version = QStringLiteral("2.0");
    else if (m_spanDecimals > 1)
        info.version = QStringLiteral("2.1");
}

} // namespace wb
