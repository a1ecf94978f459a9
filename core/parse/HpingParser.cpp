#include "HpingParser.h"

#include "PingSummaryReader.h"
#include "TextScan.h"

namespace wb {

using namespace scan;

namespace {

// The sequence number of a reply: "icmp_seq=" in ICMP mode, "seq=" in TCP and UDP modes.
std::optional<std::int64_t> sequenceOf(std::string_view body) {
    if (auto icmp = intAfter(body, "icmp_seq="))
        return icmp;
    return intAfter(body, "seq=");
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
    std::string_view body = trimmed(line);
    if (body.empty() || startsWith(body, "---"))
        return;
    if (startsWith(body, "len=") || startsWith(body, "DUP! len=")) {
        if (contains(body, " rtt="))
            readReply(line, body);
        else
            warning(line, QStringLiteral("a reply cut short (hping3 wrote its statistics into "
                                         "it); its rest may follow on a later line"));
        return;
    }
    if (contains(body, " rtt=") && contains(body, "seq=")) {
        warning(line, QStringLiteral("the rest of a reply whose start is on an earlier line"));
        readReply(line, body);
        return;
    }
    if (startsWith(body, "HPING ")) {
        std::string_view target = body.substr(6);
        target = target.substr(0, target.find(' '));
        dataset().info.target =
            QString::fromUtf8(target.data(), static_cast<qsizetype>(target.size()));
        const bool icmp = contains(body, "icmp mode");
        const bool udp = contains(body, "udp mode");
        dataset().info.protocol = icmp  ? QStringLiteral("icmp")
                                  : udp ? QStringLiteral("udp")
                                        : QStringLiteral("tcp");
        return;
    }
    if (readPingSummary(body, dataset().latency.summary))
        return;
    ignoreLine();
}

void HpingParser::readReply(std::string_view line, std::string_view body) {
    const auto rtt = doubleAfter(body, "rtt=");
    const auto printed = sequenceOf(body);
    if (!rtt || !printed) {
        parseError(line, QStringLiteral("reply without a readable rtt= or sequence number"));
        return;
    }
    if (isImpossibleRtt(*rtt) || *printed < 0) {
        rangeError(line, QStringLiteral("round-trip time %1 ms or sequence number %2 is out of "
                                        "range")
                             .arg(*rtt)
                             .arg(*printed));
        return;
    }
    LatencySeries& series = dataset().latency;
    const std::int64_t sequence = m_sequences.unwrap(*printed);
    const bool firstReply = m_sequences.markReplied(sequence);
    if (startsWith(body, "DUP!") || !firstReply) {
        series.duplicateRttMs.push_back(*rtt);
        series.duplicateSequence.push_back(sequence);
        return;
    }
    series.rttMs.push_back(*rtt);
    series.sequence.push_back(sequence);
    countSample();
}

void HpingParser::finishDatasets() {
    LatencySeries& series = dataset().latency;
    if (series.summary.received && m_sequences.repliedCount() < *series.summary.received)
        return; // lines are missing: which requests went unanswered is unknown
    series.lostSequence =
        listedLosses(m_sequences.unanswered(series.summary.transmitted.value_or(0)),
                     mutableReport().warnings, QString());
}

} // namespace wb
