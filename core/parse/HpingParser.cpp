#include "HpingParser.h"

#include "PingRuns.h"
#include "PingSummaryReader.h"
#include "TextScan.h"

#include <cmath>

namespace wb {

using namespace scan;

namespace {

// The sequence number of a reply: "icmp_seq=" in ICMP mode, "seq=" in TCP and UDP modes.
PrintedSequence sequenceOf(std::string_view body) {
    const PrintedSequence icmp = PrintedSequence::after(body, "icmp_seq=");
    return icmp.present() ? icmp : PrintedSequence::after(body, "seq=");
}

} // namespace

HpingParser::HpingParser() {
    dataset().info.tool = QStringLiteral("hping3");
    dataset().info.dialect = QStringLiteral("hping3");
}

int HpingParser::sniff(std::string_view head) {
    int score = 0;
    if (startsWith(head, "HPING ") || contains(head, "\nHPING "))
        score += 20;
    if (contains(head, "hping statistic ---"))
        score += 20;
    if (contains(head, "len=") && contains(head, " ip=") && contains(head, " rtt="))
        score += 20;
    return score;
}

void HpingParser::parseLine(std::string_view line) {
    const LinePrefixReader::Line text = m_prefix.read(line);
    if (text.framing)
        return;
    std::string_view body = trimmed(text.text);
    if (body.empty())
        return;
    if (startsWith(body, "---")) {
        if (contains(body, " hping statistic ---")) {
            nextRunIfSeen(m_runHasStatistics);
            m_runHasStatistics = true;
        }
        return;
    }
    if (startsWith(body, "len=") || startsWith(body, "DUP! len=")) {
        if (contains(body, " rtt="))
            readReply(line, body, text);
        else
            warning(line, QStringLiteral("a reply cut short (hping3 wrote its statistics into "
                                         "it); its rest may follow on a later line"));
        return;
    }
    if (contains(body, " rtt=") && contains(body, "seq=")) {
        warning(line, QStringLiteral("the rest of a reply whose start is on an earlier line"));
        readReply(line, body, text);
        return;
    }
    if (startsWith(body, "HPING ")) {
        readHeader(line, body);
        return;
    }
    if (readPingSummary(body, series().summary))
        return;
    ignoreLine();
}

void HpingParser::nextRunIfSeen(bool seen) {
    if (!seen)
        return;
    finishRun();
    startNextRun(allDatasets());
    m_sequences = SequenceTracker(0);
    m_runHasHeader = false;
    m_runHasStatistics = false;
    m_times.clear();
}

void HpingParser::readHeader(std::string_view line, std::string_view body) {
    nextRunIfSeen(m_runHasHeader);
    m_runHasHeader = true;
    m_runStarts.resize(allDatasets().size());
    m_runStarts.back() = LinePrefixReader::prefixText(skipSpaces(line));
    std::string_view target = body.substr(6);
    target = target.substr(0, target.find(' '));
    RunInfo& info = allDatasets().back().info;
    info.target = qStringOf(target);
    const bool icmp = contains(body, "icmp mode");
    const bool udp = contains(body, "udp mode");
    info.protocol = icmp  ? QStringLiteral("icmp")
                    : udp ? QStringLiteral("udp")
                          : QStringLiteral("tcp");
    // "28 headers + 0 data bytes": the payload is -d.
    if (auto payload = intBefore(body, " data bytes"); payload && *payload >= 0)
        info.packetBytes = *payload;
}

void HpingParser::readReply(std::string_view line, std::string_view body,
                            const LinePrefixReader::Line& text) {
    const auto rtt = millisecondsAfter(body, "rtt=");
    const PrintedSequence printed = sequenceOf(body);
    if (!rtt || !printed.present()) {
        parseError(line, QStringLiteral("reply without a readable rtt= or sequence number"));
        return;
    }
    if (isImpossibleRtt(*rtt) || printed.value.value_or(0) < 0) {
        rangeError(line, QStringLiteral("round-trip time %1 ms or sequence number %2 is out of "
                                        "range")
                             .arg(*rtt)
                             .arg(printed.value.value_or(0)));
        return;
    }
    LatencySeries& run = series();
    // A number that cannot be placed keeps its reply, filed beside the reply before it.
    const std::optional<std::int64_t> placed =
        m_sequences.place(printed, m_oddSequences, lineNumber());
    const std::int64_t sequence =
        placed ? *placed : (run.sequence.empty() ? 0 : run.sequence.back());
    const bool firstReply = !placed || m_sequences.markReplied(sequence);
    if (startsWith(body, "DUP!") || !firstReply) {
        run.duplicateRttMs.push_back(*rtt);
        run.duplicateSequence.push_back(sequence);
        return;
    }
    run.rttMs.push_back(*rtt);
    run.sequence.push_back(sequence);
    m_times.add(run, text.time, text.elapsedSum);
    countSample();
}

void HpingParser::finishRun() {
    LatencySeries& run = series();
    IssueList& warnings = mutableReport().warnings;
    m_times.finish(run, m_prefix,
                   QStringLiteral("only some replies carry a time; times are not used"), warnings);
    checkSummary(run, m_sequences.repliedCount(), warnings);
    if (run.summary.received && m_sequences.repliedCount() < *run.summary.received)
        return; // lines are missing: which requests went unanswered is unknown
    run.lostSequence = listedLosses(m_sequences.unanswered(run.summary.transmitted.value_or(0)),
                                    warnings, QString());
}

void HpingParser::finishDatasets() {
    finishRun();
    m_oddSequences.report(mutableReport().warnings, QString());
    labelRuns(allDatasets(), m_runStarts);
}

} // namespace wb
