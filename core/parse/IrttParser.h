#pragma once

#include "LogParser.h"

#include <QJsonObject>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>

namespace wb {

// One round trip as irtt records it: an element of "round_trips" in `irtt client -o FILE`.
// Delays are in milliseconds; an absent value is one irtt did not give (a lost packet has no
// delay, the first reply and a reply after a loss have no IPDV, `--stats=none` gives no
// one-way delay).
struct IrttRoundTrip {
    // irtt's "lost": "false", "true_up" (the server never received it), "true_down" (the
    // server received it, its reply was lost), "true" (lost, the direction unknown: the
    // server sent no received-packet statistics).
    enum class Lost { No, Up, Down, Unknown };

    std::int64_t sequence = 0;
    Lost lost = Lost::No;
    std::optional<double> rttMs;
    std::optional<double> sendDelayMs;    // client to server
    std::optional<double> receiveDelayMs; // server to client
    std::optional<double> ipdvMs;         // round-trip IPDV, signed as irtt gives it
    std::optional<double> sendIpdvMs;
    std::optional<double> receiveIpdvMs;
    std::optional<double> sentAtEpochSeconds; // the client's wall clock at sending
};

// Reads one irtt round-trip record; nullopt when it is not one (no "seqno" or an unknown
// "lost"). Used for irtt's own JSON and for other files that embed irtt's records.
std::optional<IrttRoundTrip> readIrttRoundTrip(const QJsonObject& record);

// Files a round trip into a latency series: a reply with its RTT, one-way delays and IPDV,
// or a loss with its direction. Round trips arrive in sequence order.
void appendIrttRoundTrip(LatencySeries& series, const IrttRoundTrip& trip);
// Puts the series' lost sequence numbers, with and without a direction, in ascending order:
// after the last round trip and any losses added beside them.
void sortIrttLosses(LatencySeries& series);

// irtt's JSON output (`irtt client -o out.json`): one document with "version", "config",
// "stats" and "round_trips". irtt writes it whole at the end of a run, so the document is
// collected (up to kMaxDocumentBytes) and read at the end.
class IrttJsonParser : public LogParser {
public:
    IrttJsonParser();
    static int sniff(std::string_view head);

    static constexpr std::size_t kMaxDocumentBytes = 512u * 1024u * 1024u;

protected:
    void parseLine(std::string_view line) override;
    void parseBytes(std::string_view chunk) override;
    void finishDatasets() override;

private:
    void readDocument(const QJsonObject& root);

    std::string m_document;
    bool m_tooLarge = false;
};

// irtt client's text output: one line per reply, then a summary.
//   [Connecting] connecting to 198.18.36.2
//   seq=0 rtt=90.3µs rd=36.3µs sd=54µs ipdv=n/a
//   seq=3 rtt=115µs rd=35µs sd=79.7µs ipdv=15.4µs
//                   RTT  66.8µs   570µs   137µs  10.34ms  1.52ms
//      packets sent/received: 280/254 (9.29% loss)
// Lost packets have no line: they are the sequence numbers without a reply, up to the number
// of packets sent. Their direction is not printed per packet, so they stay undivided.
// IPDV is printed as a magnitude.
class IrttTextParser : public LogParser {
public:
    IrttTextParser();
    static int sniff(std::string_view head);

protected:
    void parseLine(std::string_view line) override;
    void finishDatasets() override;

private:
    void readReply(std::string_view line);
    bool readSummaryLine(std::string_view body);

    std::unordered_set<std::int64_t> m_seen; // sequence numbers replied to: losses, duplicates
};

// A duration as irtt prints it ("90.3µs", "1.5ms", "2s", "11ns", "1m2.5s"), in milliseconds;
// nullopt for anything else ("n/a").
std::optional<double> irttDurationMs(std::string_view text);

} // namespace wb
