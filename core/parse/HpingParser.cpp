#include "HpingParser.h"

#include "TextScan.h"

namespace wb {

using namespace scan;

namespace {

// The sequence number of a reply: "icmp_seq=" in ICMP mode, "seq=" in TCP and UDP modes.
PrintedSequence sequenceOf(std::string_view body) {
    const PrintedSequence icmp = PrintedSequence::after(body, "icmp_seq=");
    return icmp.present() ? icmp : PrintedSequence::after(body, "seq=");
}

} // namespace

HpingParser::HpingParser()
    : PingParser("hping3", "hping3", nullptr, 0,
                 QStringLiteral("only some replies carry a time; times are not used")) {}

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
    const std::optional<std::string_view> text = toolText(line);
    if (!text)
        return;
    const std::string_view body = *text;
    if (startsWith(body, "---")) {
        if (contains(body, " hping statistic ---")) {
            nextRunIfSeen(m_runHasStatistics);
            m_runHasStatistics = true;
        }
        return;
    }
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
        readHeader(body);
        return;
    }
    if (readPingSummary(body, series().summary))
        return;
    ignoreLine();
}

void HpingParser::nextRunIfSeen(bool seen) {
    if (!seen)
        return;
    nextRun();
    m_runHasHeader = false;
    m_runHasStatistics = false;
}

void HpingParser::readHeader(std::string_view body) {
    nextRunIfSeen(m_runHasHeader);
    m_runHasHeader = true;
    noteRunStart();
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

void HpingParser::readReply(std::string_view line, std::string_view body) {
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
    fileReply(series(), m_sequences, m_times,
              m_sequences.place(printed, m_oddSequences, lineNumber()), *rtt,
              startsWith(body, "DUP!"), prefixed().time, prefixed().elapsedSum);
}

void HpingParser::finishRun() {
    PingParser::finishRun();
    listLosses(m_sequences.firstSequence());
}

} // namespace wb
