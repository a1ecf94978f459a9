#include "FpingParser.h"

#include "TextScan.h"

#include <cmath>

namespace wb {

using namespace scan;

namespace {

// `fping -g 10.0.0.0/16` is a legitimate 65536-target run; a log naming more targets than
// that is damaged or hostile, and each target costs a dataset.
constexpr std::size_t kMaxHosts = 65536;

// `-D` prefixes "[1596092373.18423] "; `--timestamp-format` puts ctime, ISO or RFC 3339 text
// in the brackets instead, which carries no zone (or a local one) and is not used.
struct TimestampPrefix {
    double epoch = std::nan("");
    bool other = false; // a bracketed prefix that is not epoch seconds
};

TimestampPrefix takeBracketPrefix(std::string_view& body) {
    TimestampPrefix prefix;
    if (body.empty() || body.front() != '[')
        return prefix;
    const std::size_t close = body.find(']');
    if (close == std::string_view::npos)
        return prefix;
    std::string_view inside = body.substr(1, close - 1);
    body = skipSpaces(body.substr(close + 1));
    const auto seconds = takeDouble(inside);
    if (seconds && inside.empty())
        prefix.epoch = *seconds;
    else
        prefix.other = !startsWith(inside, "<-") && !body.empty(); // `[<- addr]` is no time
    return prefix;
}

// `[N], ` at the start of text; on success text is advanced past it. A number beyond 64 bits
// is reported as such (its reply is kept), never cut to a smaller one.
PrintedSequence takeSequence(std::string_view& text) {
    if (!startsWith(text, "["))
        return {};
    std::string_view rest = text.substr(1);
    const PrintedSequence sequence = PrintedSequence::read(rest);
    rest.remove_prefix(std::min(rest.size(), rest.find_first_not_of("-0123456789")));
    if (!sequence.present() || !startsWith(rest, "]"))
        return {};
    rest.remove_prefix(1);
    if (startsWith(rest, ","))
        rest.remove_prefix(1);
    text = skipSpaces(rest);
    return sequence;
}

// The time in `12.8 ms`, at the start of text.
std::optional<double> takeMilliseconds(std::string_view text) {
    const auto value = takeDouble(text);
    if (!value || !startsWith(text, " ms"))
        return std::nullopt;
    return value;
}

// `-C` output: one token per request, a time or `-` for no reply.
bool isValueList(std::string_view rest) {
    rest = trimmed(rest);
    if (rest.empty())
        return false;
    while (!rest.empty()) {
        const std::size_t end = std::min(rest.find(' '), rest.size());
        std::string_view token = rest.substr(0, end);
        if (token != "-" && (!takeDouble(token) || !token.empty()))
            return false;
        rest = skipSpaces(rest.substr(end));
    }
    return true;
}

// The `-s` block: ` 2 targets`, ` 12.3 ms (min round trip time)`, ` 1.003 sec (elapsed ...)`.
bool isGlobalStatistic(std::string_view body) {
    if (body.empty() || body.front() < '0' || body.front() > '9')
        return false;
    takeDouble(body);
    return body.size() >= 2 && body[0] == ' ' &&
           ((body[1] >= 'a' && body[1] <= 'z') || (body[1] >= 'A' && body[1] <= 'Z'));
}

constexpr std::string_view kAlive = " is alive";
constexpr std::string_view kUnreachable = " is unreachable";

} // namespace

FpingParser::FpingParser() : PingParser("fping", "fping", "icmp", 0, QString()) {}

int FpingParser::sniff(std::string_view head) {
    if (contains(head, " bytes from "))
        return 0;       // Unix ping; fping never prints it
    int strong = 0;     // reply, timeout, summary and duplicate lines
    int weak = 0;       // -C lists and `is alive` lines: short shapes other texts can have
    int otherLines = 0; // lines fping would not print
    while (!head.empty() && strong < 60) {
        const std::size_t end = std::min(head.find('\n'), head.size());
        std::string_view body = trimmed(head.substr(0, end));
        head.remove_prefix(std::min(end + 1, head.size()));
        takeBracketPrefix(body);
        if (body.empty() || isGlobalStatistic(body))
            continue;
        const std::size_t separator = body.find(" : ");
        const std::string_view rest =
            separator == std::string_view::npos ? std::string_view() : body.substr(separator + 3);
        if (startsWith(rest, "[") && (contains(rest, " bytes, ") || contains(rest, "timed out")))
            strong += 10;
        else if (startsWith(rest, "xmt/rcv/%"))
            strong += 20;
        else if (startsWith(rest, "duplicate for ["))
            strong += 10;
        else if (startsWith(body, "$ fping "))
            strong += 5;
        else if (isValueList(rest) || (contains(body, " is alive (") && endsWith(body, " ms)")))
            weak += 6;
        else if (endsWith(body, kAlive) || endsWith(body, kUnreachable))
            weak += 2;
        else
            ++otherLines;
    }
    // `Temperature : 21.5` alone is no fping log: weak shapes count only in a text of them.
    if (strong == 0 && otherLines > 0)
        return 0;
    return std::min(strong + weak, 60);
}

FpingParser::Host* FpingParser::host(std::string_view name) {
    if (m_lastHost < m_hosts.size() && m_hosts[m_lastHost].name == name)
        return &m_hosts[m_lastHost];
    if (auto found = m_hostIndex.find(name); found != m_hostIndex.end()) {
        m_lastHost = found->second;
        return &m_hosts[m_lastHost];
    }
    if (m_hosts.size() >= kMaxHosts) {
        if (!m_tooManyHosts)
            mutableReport().warnings.add(lineNumber(),
                                         QStringLiteral("more than %1 targets; lines about "
                                                        "further targets are not read")
                                             .arg(kMaxHosts),
                                         QString());
        m_tooManyHosts = true;
        return nullptr;
    }
    // The base class made one dataset; the first target takes it, later targets get new ones.
    Dataset& data = m_hosts.empty() ? allDatasets().front() : addDataset();
    data.info.target = qStringOf(name);
    data.label = data.info.target;
    Host& added = m_hosts.emplace_back();
    added.name = std::string(name);
    added.dataset = allDatasets().size() - 1;
    m_hostIndex.emplace(m_hosts.back().name, m_hosts.size() - 1);
    m_lastHost = m_hosts.size() - 1;
    return &m_hosts.back();
}

void FpingParser::parseLine(std::string_view line) {
    const std::optional<std::string_view> text = toolText(line);
    if (!text)
        return;
    std::string_view body = *text;
    TimestampPrefix prefix = takeBracketPrefix(body);
    m_lineElapsedSum = std::nan("");
    if (std::isnan(prefix.epoch)) { // a `ts` or `date` prefix when fping's -D gave none
        prefix.epoch = prefixed().time;
        m_lineElapsedSum = prefixed().elapsedSum;
    }
    m_sawOtherTimestamps = m_sawOtherTimestamps || prefix.other;
    if (body.empty())
        return; // the `[12:34:56]` mark of -Q interval statistics, or a stray `[<- addr]`

    const std::size_t separator = body.find(" : ");
    if (separator != std::string_view::npos) {
        readHostLine(line, trimmed(body.substr(0, separator)), body.substr(separator + 3),
                     prefix.epoch);
        return;
    }
    if (const std::size_t at = body.find(kAlive); at != std::string_view::npos) {
        readAlive(line, body, at);
        return;
    }
    if (endsWith(body, kUnreachable)) {
        host(trimmed(body.substr(0, body.size() - kUnreachable.size()))); // a target, no reply
        return;
    }
    if (endsWith(body, " :")) {
        host(trimmed(body.substr(0, body.size() - 2))); // -C list of a target never pinged
        return;
    }
    if (!isGlobalStatistic(body))
        ignoreLine();
}

void FpingParser::readHostLine(std::string_view line, std::string_view name, std::string_view rest,
                               double timestamp) {
    enum class Kind { Reply, Summary, Duplicate, Values } kind;
    if (startsWith(rest, "["))
        kind = Kind::Reply;
    else if (startsWith(rest, "xmt/rcv/%"))
        kind = Kind::Summary;
    else if (startsWith(rest, "duplicate for "))
        kind = Kind::Duplicate;
    else if (isValueList(rest))
        kind = Kind::Values;
    else {
        ignoreLine(); // not about a target (and no target is created for it)
        return;
    }
    Host* target = host(name);
    if (!target) {
        ignoreLine();
        return;
    }
    switch (kind) {
    case Kind::Reply:
        readReply(line, *target, rest, timestamp);
        break;
    case Kind::Summary:
        readSummary(*target, rest);
        break;
    case Kind::Duplicate:
        readDuplicate(line, *target, rest.substr(14));
        break;
    case Kind::Values:
        readValueList(line, *target, rest);
        break;
    }
}

void FpingParser::readReply(std::string_view line, Host& target, std::string_view rest,
                            double timestamp) {
    const PrintedSequence printed = takeSequence(rest);
    if (!printed.present()) {
        parseError(line, QStringLiteral("reply line without a readable [sequence number]"));
        return;
    }
    // A number beyond 64 bits is not used: its time is kept, filed beside the host's reply
    // before it.
    if (printed.beyond64Bits) {
        m_oddSequences.unplaced(lineNumber());
    } else if (startsWith(rest, "timed out")) {
        ++target.replyLines;
        target.sequences.observe(*printed.value);
        return;
    }
    const auto bytes = after(rest, " bytes, ");
    if (!bytes) {
        ignoreLine(); // a reply form without a round-trip time (e.g. ICMP timestamps)
        return;
    }
    target.replyLines += printed.value ? 1 : 0;
    if (auto rtt = checkedRtt(line, takeMilliseconds(*bytes)))
        addReply(target, printed.value, *rtt, timestamp);
    else if (printed.value)
        target.sequences.markReplied(*printed.value); // answered, if unreadably: not a loss
}

// `duplicate for [0], 64 bytes, 0.06 ms [<- 10.0.0.2]`: fping has dropped it from its stats.
void FpingParser::readDuplicate(std::string_view line, Host& target, std::string_view rest) {
    const auto sequence = takeSequence(rest).value;
    const auto bytes = after(rest, " bytes, ");
    if (!sequence || !bytes) {
        parseError(line, QStringLiteral("duplicate reply line without a sequence number or size"));
        return;
    }
    if (auto rtt = checkedRtt(line, takeMilliseconds(*bytes))) {
        target.sequences.observe(*sequence);
        series(target).duplicateRttMs.push_back(*rtt);
        series(target).duplicateSequence.push_back(*sequence);
    }
}

void FpingParser::addReply(Host& target, std::optional<std::int64_t> sequence, double rttMs,
                           double timestamp) {
    // A repeated [N] is a duplicate (loop mode keeps duplicates in the reply lines).
    fileReply(series(target), target.sequences, target.times, sequence, rttMs, false, timestamp,
              m_lineElapsedSum);
}

// `xmt/rcv/%loss = 2/2/0%, outage(ms) = 50, min/avg/max = 12.3/12.5/12.8`; with more replies
// than requests (broadcast, duplicates) the third number is `%return` instead of loss. -Q
// repeats the line per interval; the last one, printed at exit, covers the whole run.
void FpingParser::readSummary(Host& target, std::string_view rest) {
    PingSummary& summary = series(target).summary;
    const bool isReturn = startsWith(rest, "xmt/rcv/%return");
    std::string_view counts = after(rest, "= ").value_or(std::string_view());
    summary.transmitted = takeInt(counts);
    counts = counts.substr(std::min<std::size_t>(1, counts.size())); // the '/'
    summary.received = takeInt(counts);
    counts = counts.substr(std::min<std::size_t>(1, counts.size()));
    const auto percent = takeDouble(counts);
    summary.lossPercent = isReturn ? std::nullopt : percent;
    if (auto outage = doubleAfter(rest, "outage(ms) = "))
        allDatasets()[target.dataset].info.extra.insert(QStringLiteral("outage_ms"),
                                                        QString::number(*outage));
    summary.rttMin.reset();
    summary.rttAvg.reset();
    summary.rttMax.reset();
    if (auto times = after(rest, "min/avg/max = "))
        readSlashedValues(*times, {&summary.rttMin, &summary.rttAvg, &summary.rttMax});
}

// `host : 0.10 0.12 - 0.09`. Kept until the end: with stdout buffered into a file, these
// stderr lines can come before the reply lines they summarise.
void FpingParser::readValueList(std::string_view line, Host& target, std::string_view rest) {
    target.hasValueList = true;
    target.valueListLine = lineNumber();
    target.values.clear();
    rest = trimmed(rest);
    while (!rest.empty()) {
        const std::size_t end = std::min(rest.find(' '), rest.size());
        std::string_view token = rest.substr(0, end);
        rest = skipSpaces(rest.substr(end));
        const std::optional<double> value = takeDouble(token); // none for `-` (isValueList)
        target.values.push_back(!value || rttInRange(line, *value) ? value : std::nan(""));
    }
}

// `host is alive (0.05 ms)` (-e), or `host is alive` without a time.
void FpingParser::readAlive(std::string_view line, std::string_view body, std::size_t at) {
    Host* target = host(trimmed(body.substr(0, at)));
    if (!target) {
        ignoreLine();
        return;
    }
    std::string_view rest = skipSpaces(body.substr(at + kAlive.size()));
    if (!startsWith(rest, "("))
        return;
    if (auto rtt = checkedRtt(line, takeMilliseconds(rest.substr(1))))
        target->aliveRtt = rtt;
}

void FpingParser::finishHost(Host& target) {
    LatencySeries& latency = series(target);
    if (target.hasValueList && target.replyLines == 0) {
        // -q -C: the list is all there is; its positions are the sequence numbers.
        for (std::size_t i = 0; i < target.values.size(); ++i) {
            const auto& value = target.values[i];
            const auto sequence = static_cast<std::int64_t>(i);
            if (!value)
                target.sequences.observe(sequence);
            else if (std::isnan(*value))
                target.sequences.markReplied(sequence); // out of range: answered, not lost
            else
                addReply(target, sequence, *value, std::nan(""));
        }
    } else if (target.hasValueList) {
        crossCheckValueList(target);
    } else if (target.replyLines == 0 && target.aliveRtt) {
        addReply(target, 0, *target.aliveRtt, std::nan(""));
    }
    target.times.finish(latency, m_prefix,
                        QStringLiteral("only some replies of %1 carry a -D timestamp; timestamps "
                                       "are not used")
                            .arg(QString::fromStdString(target.name)),
                        mutableReport().warnings);
    // With only counts (-q) nobody knows which requests were lost. Otherwise the summary's
    // count bounds the silent tail; an interval summary (-Q) of a cut-off log may count fewer
    // requests than the log mentions, so never list less than was seen.
    if (!target.sequences.anySeen())
        return;
    const std::int64_t transmitted = latency.summary.transmitted.value_or(0);
    latency.lostSequence =
        target.sequences.losses(0, std::max(transmitted, target.sequences.highestSeen() + 1),
                                mutableReport().warnings, QString::fromStdString(target.name));
}

// Reply lines and the -C list describe the same requests; a disagreement means a damaged
// or spliced log, so say so (the reply lines, which carry more, are kept).
void FpingParser::crossCheckValueList(const Host& target) {
    const LatencySeries& latency = series(target);
    std::vector<double> replied(target.values.size(), std::nan(""));
    for (std::size_t i = 0; i < latency.sequence.size(); ++i) {
        const std::int64_t sequence = latency.sequence[i];
        if (sequence >= 0 && static_cast<std::size_t>(sequence) < replied.size())
            replied[static_cast<std::size_t>(sequence)] = latency.rttMs[i];
    }
    std::int64_t disagreeing = 0;
    for (std::size_t i = 0; i < target.values.size(); ++i) {
        const auto& listed = target.values[i];
        if (listed && std::isnan(*listed))
            continue; // already reported as a range error
        const bool differ =
            listed ? std::isnan(replied[i]) ||
                         std::abs(replied[i] - *listed) > 1e-9 * std::max(1.0, std::abs(*listed))
                   : !std::isnan(replied[i]);
        disagreeing += differ ? 1 : 0;
    }
    if (disagreeing > 0) {
        mutableReport().warnings.add(
            target.valueListLine,
            QStringLiteral("the -C list of %1 disagrees with its reply lines at %2 of %3 "
                           "positions; the reply lines are used")
                .arg(QString::fromStdString(target.name))
                .arg(disagreeing)
                .arg(target.values.size()),
            QString());
    }
}

void FpingParser::finishDatasets() {
    for (Host& target : m_hosts)
        finishHost(target);
    m_oddSequences.report(mutableReport().warnings, QString());
    if (m_sawOtherTimestamps) {
        mutableReport().warnings.add(0,
                                     QStringLiteral("-D timestamps in ctime/ISO/RFC 3339 format "
                                                    "are not used (only epoch seconds are)"),
                                     QString());
    }
}

} // namespace wb
