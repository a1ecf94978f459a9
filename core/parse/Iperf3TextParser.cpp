#include "Iperf3TextParser.h"

#include "IperfRuns.h"
#include "IperfUnits.h"
#include "TextScan.h"

#include <cmath>

namespace wb {

using namespace scan;

namespace {

bool isNumberStart(std::string_view token) {
    return !token.empty() &&
           ((token.front() >= '0' && token.front() <= '9') || token.front() == '.');
}

// iperf2's banners; their presence means the log is not iperf3's even if a word matches.
bool looksLikeIperf2(std::string_view head) {
    return contains(head, "Client connecting to ") ||
           contains(head, "Server listening on TCP port") ||
           contains(head, "Server listening on UDP port") || contains(head, " connected with ");
}

} // namespace

Iperf3TextParser::Iperf3TextParser() {
    describe(dataset());
}

void Iperf3TextParser::describe(Dataset& data) {
    data.kind = Dataset::Kind::Throughput;
    data.info.tool = QStringLiteral("iperf3");
    data.info.dialect = QStringLiteral("text");
}

int Iperf3TextParser::sniff(std::string_view head) {
    const std::string_view start =
        skipSpaces(head.substr(0, std::min<std::size_t>(head.size(), 8)));
    if (looksLikeIperf2(head) || contains(start, "{"))
        return 0; // JSON belongs to Iperf3JsonParser
    int score = 0;
    if (contains(head, "Connecting to host "))
        score += 10;
    if (contains(head, "iperf Done."))
        score += 10;
    if (contains(head, "iperf3: "))
        score += 10;
    if (contains(head, "- - - - - - - - - -"))
        score += 8;
    if (contains(head, "[ ID][Role]"))
        score += 10;
    if (contains(head, "Server listening on ") || contains(head, "Accepted connection from "))
        score += 5;
    if (contains(head, " sec ") && (contains(head, "  sender") || contains(head, "  receiver")))
        score += 10;
    if (contains(head, " connected to ") && contains(head, "] local "))
        score += 4;
    if (contains(head, "[ ID] Interval") && contains(head, "Bitrate"))
        score += 5;
    return score;
}

void Iperf3TextParser::beginTest() {
    if (m_sawData) {
        finishTest();
        describe(allDatasets().emplace_back());
    }
    // -V's "Time:" line, where there is one, names the start in UTC; a prefix is the local
    // time of whatever printed it (read as UTC).
    if (m_lineDate.isValid() && !current().info.start.isValid())
        current().info.start = m_lineDate;
    m_flows.reset();
    m_sumSender.reset();
    m_plainDirection.clear();
    m_directionKnown = m_reverse = m_summary = m_sawInterval = m_sawData = false;
    m_headerRetr = m_headerDatagramsSent = m_headerJitter = false;
    m_warnedRounded = false;
}

void Iperf3TextParser::finishTest() {
    FlowSeries& series = current().flows;
    const RunInfo& info = current().info;
    const Iperf3FlowTable::TestEnd end =
        m_flows.finishTest(current(), m_sumSender,
                           info.extra.contains(QStringLiteral("interrupted")) ||
                               info.extra.contains(QStringLiteral("error")));
    for (const QString& found : end.intervalOrder + end.totals)
        warning({}, found);
    if (!series.sumTotal && m_sumSender)
        series.sumTotal = m_sumSender;
    m_sumSender.reset();
    if (current().info.protocol.isEmpty() && m_sawInterval)
        current().info.protocol = QStringLiteral("tcp");
}

void Iperf3TextParser::finishDatasets() {
    finishTest();
    IperfRuns::label(allDatasets());
}

void Iperf3TextParser::parseLine(std::string_view rawLine) {
    const LinePrefixReader::Line prefixed = m_prefix.read(rawLine);
    if (prefixed.framing) {
        ignoreLine();
        return;
    }
    const std::string_view line = prefixed.text;
    m_lineDate = LinePrefixReader::dateOf(prefixed);
    const std::string_view body = trimmed(line);
    if (body.empty())
        return;
    if (body.front() == '[') {
        readBracketLine(line, body);
        return;
    }
    RunInfo& info = current().info;
    for (const auto& [banner, role] :
         {std::pair<std::string_view, const char*>("Connecting to host ", "client"),
          {"Accepted connection from ", "server"}}) {
        if (startsWith(body, banner)) {
            beginTest();
            const std::string_view host = body.substr(banner.size());
            current().info.role = QLatin1String(role);
            current().info.target = qStringOf(host.substr(0, host.find(',')));
            return;
        }
    }
    if (startsWith(body, "Reverse mode")) {
        m_reverse = true;
        info.extra.insert(QStringLiteral("reverse"), QStringLiteral("1"));
        return;
    }
    if (startsWith(body, "Server listening on ")) {
        if (info.role.isEmpty())
            info.role = QStringLiteral("server");
        return;
    }
    if (startsWith(body, "- - -")) {
        return; // between interval groups of -P, and before the summary (the header marks that)
    }
    if (startsWith(body, "iperf3: error - ") || startsWith(body, "iperf3: error: ")) {
        const QString what = qStringOf(body.substr(16));
        info.extra.insert(QStringLiteral("error"), what);
        parseError(line, QStringLiteral("iperf3 reported an error: %1").arg(what));
        return;
    }
    if (startsWith(body, "iperf3: interrupt")) {
        info.extra.insert(QStringLiteral("interrupted"), QStringLiteral("1"));
        warning(line, QStringLiteral("the run was interrupted; every interval before it is kept"));
        return;
    }
    if (startsWith(body, "iperf3: ") || startsWith(body, "warning: ")) {
        warning(line, QStringLiteral("message from iperf3"));
        return;
    }
    if (startsWith(body, "iperf Done.") || startsWith(body, "-----") ||
        startsWith(body, "Test Complete.") || readVerboseLine(body))
        return;
    ignoreLine(); // shell prompts, banners of other tools, and the like
}

// -V adds the version, the start time, the test parameters and the congestion control.
bool Iperf3TextParser::readVerboseLine(std::string_view body) {
    RunInfo& info = current().info;
    if (startsWith(body, "iperf 3")) {
        beginTest(); // -V prints this before "Connecting to host" of every run
        std::string_view rest = body.substr(6);
        current().info.version = qStringOf(iperf::takeWord(rest));
        return true;
    }
    if (startsWith(body, "Time: ")) {
        // "Time: Sun, 29 Nov 2026 23:21:51 GMT"; Qt's RFC 2822 reader wants a numeric zone.
        QString stamp = qStringOf(trimmed(body.substr(6)));
        if (stamp.endsWith(QLatin1String(" GMT")) || stamp.endsWith(QLatin1String(" UTC")))
            stamp.replace(stamp.size() - 3, 3, QStringLiteral("+0000"));
        const QDateTime time = QDateTime::fromString(stamp, Qt::RFC2822Date);
        if (time.isValid())
            info.start = time;
        return true;
    }
    if (startsWith(body, "Starting Test: protocol: ")) {
        std::string_view rest = body.substr(25);
        info.protocol = qStringOf(rest.substr(0, rest.find(','))).toLower();
        if (auto streams = intAfter(body, ", "))
            info.streams = static_cast<int>(*streams);
        // "…, 1448 byte blocks, omitting 0 seconds, 10 second test, tos 0"
        if (auto seconds = intBefore(body, " second test"); seconds && *seconds > 0)
            info.durationSeconds = static_cast<double>(*seconds);
        if (auto block = intBefore(body, " byte blocks");
            block && *block > 0 && info.protocol == QLatin1String("udp"))
            info.packetBytes = *block;
        return true;
    }
    if (startsWith(body, "snd_tcp_congestion ")) {
        info.congestionControl = qStringOf(trimmed(body.substr(19)));
        return true;
    }
    if (startsWith(body, "rcv_tcp_congestion ")) {
        info.extra.insert(QStringLiteral("receiver_tcp_congestion"),
                          qStringOf(trimmed(body.substr(19))));
        return true;
    }
    if (startsWith(body, "CPU Utilization: ")) {
        info.extra.insert(QStringLiteral("cpu_utilization"), qStringOf(body.substr(17)));
        return true;
    }
    return startsWith(body, "Linux ") || startsWith(body, "Control connection MSS") ||
           startsWith(body, "Cookie: ") || startsWith(body, "TCP MSS: ") ||
           startsWith(body, "Target Bitrate");
}

void Iperf3TextParser::readHeader(std::string_view body) {
    // A header after the intervals starts the summary: from here on a report line is a
    // whole-run figure, never an interval, even without its sender/receiver label.
    if (m_sawInterval)
        m_summary = true;
    m_headerRetr = contains(body, "Retr");
    m_headerJitter = contains(body, "Jitter");
    m_headerDatagramsSent = contains(body, "Total Datagrams") && !contains(body, "Lost/Total");
    if (m_headerJitter || m_headerDatagramsSent)
        current().info.protocol = QStringLiteral("udp");
    if (contains(body, "[Role]")) {
        m_flows.setBidirectional(true);
        current().info.extra.insert(QStringLiteral("bidir"), QStringLiteral("1"));
    }
}

void Iperf3TextParser::readBracketLine(std::string_view line, std::string_view body) {
    const std::size_t close = body.find(']');
    if (close == std::string_view::npos) {
        ignoreLine();
        return;
    }
    const std::string_view id = trimmed(body.substr(1, close - 1));
    std::string_view rest = body.substr(close + 1);
    if (id == "ID") {
        readHeader(body);
        return;
    }
    std::string_view roleTag;
    if (!rest.empty() && rest.front() == '[') {
        const std::size_t end = rest.find(']');
        roleTag = rest.substr(1, end == std::string_view::npos ? 0 : end - 1);
        rest = rest.substr(end == std::string_view::npos ? rest.size() : end + 1);
    }
    rest = skipSpaces(rest);
    std::optional<int> stream;
    if (id != "SUM") {
        std::string_view number = id;
        auto value = takeInt(number);
        if (!value || !number.empty()) {
            ignoreLine();
            return;
        }
        stream = static_cast<int>(*value);
    }
    if (startsWith(rest, "local ")) {
        if (stream)
            readConnection(*stream, rest.substr(6));
        return;
    }
    if (startsWith(rest, "Sent ")) // "[  5] Sent 6041 datagrams": the summary line says it too
        return;
    if (contains(rest, " datagrams received out-of-order")) {
        readOutOfOrder(line, stream, roleTag, rest);
        return;
    }
    if (rest.empty() || !isNumberStart(rest)) {
        ignoreLine();
        return;
    }
    if (auto report = readReport(line, rest))
        storeReport(line, stream, roleTag, *report);
}

void Iperf3TextParser::readConnection(int stream, std::string_view rest) {
    // "198.19.30.2 port 41054 connected to 198.19.30.1 port 5201"
    const std::size_t split = rest.find(" connected to ");
    if (split == std::string_view::npos) {
        ignoreLine();
        return;
    }
    m_flows.noteConnection(stream, qStringOf(trimmed(rest.substr(0, split))),
                           qStringOf(trimmed(rest.substr(split + 14))));
}

std::optional<Iperf3TextParser::Report> Iperf3TextParser::readReport(std::string_view line,
                                                                     std::string_view rest) {
    // "0.00-1.00   sec  6.58 MBytes  55.2 Mbits/sec  191   53.7 KBytes [sender|receiver|(omitted)]"
    // UDP: "... 10.0 Mbits/sec  0.017 ms  0/864 (0%)  [receiver]" or "... 10.0 Mbits/sec  863"
    Report report;
    FlowInterval& interval = report.interval;
    auto start = takeDouble(rest);
    bool ok = start && !rest.empty() && rest.front() == '-';
    std::optional<double> end;
    if (ok) {
        rest.remove_prefix(1);
        end = takeDouble(rest);
        ok = end && iperf::takeWord(rest) == "sec";
    }
    auto transfer = ok ? iperf::takeTransfer(rest) : std::nullopt;
    auto rate = transfer ? iperf::takeRate(rest) : std::nullopt;
    if (!rate) {
        parseError(line,
                   QStringLiteral("report line without a readable interval, transfer and bitrate"));
        return std::nullopt;
    }
    interval.start = *start;
    interval.end = *end;
    interval.bytes = transfer->bytes;
    interval.bytesExact = transfer->exact;
    interval.bitsPerSecond = *rate;
    for (std::string_view token = iperf::takeWord(rest); !token.empty();
         token = iperf::takeWord(rest)) {
        if (token == "sender" || token == "receiver" || token == "(omitted)") {
            report.label = token == "sender"     ? Label::Sender
                           : token == "receiver" ? Label::Receiver
                                                 : Label::Omitted;
            continue;
        }
        if (token.front() == '(') // "(0%)" repeats lost/total
            continue;
        if (!isNumberStart(token)) {
            parseError(line,
                       QStringLiteral("unexpected '%1' in a report line").arg(qStringOf(token)));
            return std::nullopt;
        }
        std::string_view number = token;
        const auto value = takeDouble(number);
        // Counts must be whole numbers in range; anything else is no count iperf3 printed.
        const auto count = [&]() -> std::optional<std::int64_t> {
            const std::optional<std::int64_t> whole = value ? countFrom(*value) : std::nullopt;
            if (!whole)
                rangeError(
                    line,
                    QStringLiteral("impossible count '%1' in a report line").arg(qStringOf(token)));
            return whole;
        };
        if (!number.empty() && number.front() == '/') { // "lost/total"
            number.remove_prefix(1);
            const auto total = takeInt(number);
            interval.lostDatagrams = count();
            if (!interval.lostDatagrams)
                return std::nullopt;
            interval.totalDatagrams = total;
            continue;
        }
        std::string_view probe = rest;
        const std::string_view next = iperf::takeWord(probe);
        if (next == "ms") {
            interval.jitterMs = value;
            rest = probe;
        } else if (const double factor = iperf::byteUnitFactor(next); factor > 0) {
            interval.cwndBytes = *value * factor;
            rest = probe;
        } else if (m_headerDatagramsSent && !m_summary) {
            interval.totalDatagrams = count();
            if (!interval.totalDatagrams)
                return std::nullopt;
        } else {
            interval.retransmits = count();
            if (!interval.retransmits)
                return std::nullopt;
        }
    }
    if (!std::isfinite(interval.bytes) || interval.bytes < 0 || interval.end < interval.start ||
        !std::isfinite(interval.bitsPerSecond) || interval.bitsPerSecond < 0) {
        rangeError(line, QStringLiteral("impossible interval, transfer or rate"));
        return std::nullopt;
    }
    return report;
}

// "[  5] 0.0-1.0 sec  3 datagrams received out-of-order" (and "[SUM]"): a UDP receiver prints it
// after the report it belongs to, an interval or the summary's receiver line.
void Iperf3TextParser::readOutOfOrder(std::string_view line, std::optional<int> stream,
                                      std::string_view roleTag, std::string_view rest) {
    const bool ok = iperf::takeSpan(rest).has_value();
    rest = skipSpaces(rest);
    const auto count = ok ? takeInt(rest) : std::nullopt;
    if (!count || *count < 0) {
        parseError(line, QStringLiteral("unreadable out-of-order datagram count"));
        return;
    }
    const QString direction = directionFor(roleTag);
    FlowSeries& series = current().flows;
    FlowInterval* report = nullptr;
    if (!stream) {
        if (!m_flows.isForward(direction, current().info.role))
            return;
        report = m_summary                     ? (series.sumTotal ? &*series.sumTotal : nullptr)
                 : series.sumIntervals.empty() ? nullptr
                                               : &series.sumIntervals.back();
    } else {
        Flow& flow = m_flows.flow(series, *stream, direction);
        report = m_summary                ? (flow.total ? &*flow.total : nullptr)
                 : flow.intervals.empty() ? nullptr
                                          : &flow.intervals.back();
    }
    if (!report) {
        warning(line, QStringLiteral("out-of-order count without the report it belongs to"));
        return;
    }
    report->outOfOrder = *count;
}

QString Iperf3TextParser::directionFor(std::string_view roleTag) {
    if (!roleTag.empty())
        return startsWith(roleTag, "TX") ? QStringLiteral("send") : QStringLiteral("receive");
    if (!m_directionKnown) {
        // Fixed at the first report: the summary header has other columns than the interval one.
        const QString& role = current().info.role;
        const bool sends = m_headerRetr || m_headerDatagramsSent;
        if (role == QLatin1String("client"))
            m_plainDirection = m_reverse ? QStringLiteral("receive") : QStringLiteral("send");
        else if (role == QLatin1String("server"))
            m_plainDirection = sends ? QStringLiteral("send") : QStringLiteral("receive");
        else if (sends || m_headerJitter)
            m_plainDirection = sends ? QStringLiteral("send") : QStringLiteral("receive");
        m_directionKnown = true;
    }
    return m_plainDirection;
}

void Iperf3TextParser::storeReport(std::string_view line, std::optional<int> stream,
                                   std::string_view roleTag, const Report& report) {
    if (report.label == Label::Omitted) {
        warning(line,
                QStringLiteral("interval omitted by -O (warm-up); not part of the measurement"));
        return;
    }
    if (!m_warnedRounded) {
        warning(line, QStringLiteral("transfer sizes are iperf3's rounded figures (3 digits); "
                                     "bytes are derived from them"));
        m_warnedRounded = true;
    }
    m_sawData = true;
    const QString direction = directionFor(roleTag);
    FlowSeries& series = current().flows;
    const bool whole = m_summary || report.label != Label::None;
    if (!stream) {
        if (!m_flows.isForward(direction, current().info.role)) {
            if (whole && (report.label == Label::Receiver || !series.otherDirectionSumTotal))
                series.otherDirectionSumTotal = report.interval; // the receiver's, where printed
            return;
        }
        if (m_flows.bidirectional())
            series.sumDirection = direction;
        if (!whole)
            appendInterval(series.sumIntervals, report.interval);
        else if (report.label == Label::Sender)
            m_sumSender = report.interval;
        else if (report.label == Label::Receiver || !series.sumTotal)
            series.sumTotal = report.interval;
        return;
    }
    Flow& flow = m_flows.flow(series, *stream, direction);
    if (!whole) {
        appendInterval(flow.intervals, report.interval);
        m_sawInterval = true;
        countSample();
    } else if (report.label == Label::Sender) {
        flow.senderTotal = report.interval;
    } else if (report.label == Label::Receiver || !flow.total) {
        flow.total = report.interval;
    }
}

} // namespace wb
