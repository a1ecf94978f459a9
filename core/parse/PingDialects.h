#pragma once

#include "BlockScanner.h"
#include "PingParser.h"

#include <string_view>

namespace wb {

// The `N bytes from HOST: icmp_seq=N ttl=N time=X ms` family shared by Linux iputils, BusyBox
// and the BSDs (macOS, FreeBSD). Their reply lines differ only in small ways (seq= vs
// icmp_seq=, hlim= vs ttl=, where counting starts, whether duplicates are marked), so one
// reader serves all three and each dialect class states what is particular to it.
class UnixPingParser : public PingParser, public BlockScanner {
public:
    // dialect: "iputils", "busybox", "bsd"; firstSequence: iputils counts from 1, BusyBox and
    // BSD from 0.
    UnixPingParser(const char* dialect, std::int64_t firstSequence);

    std::unique_ptr<Scan> scan(std::string_view wholeLines,
                               std::unique_ptr<Scan> spare) const override;
    void apply(std::string_view wholeLines, Scan& scan) override;

    // What a reply line says, read without parser state.
    struct ReplyFacts {
        double timestamp = 0;             // -D epoch seconds, NaN without -D
        double elapsedSum = std::nan(""); // of a line-prefix clock (LinePrefixReader)
        std::optional<double> rtt;
        std::optional<std::int64_t> printedSequence;
        bool sequenceBeyond64Bits = false;
        bool markedDuplicate = false; // iputils' "(DUP!)"
        bool cutShort = false;        // a time= without its unit: the line was cut
        // A reply that is taken as it is: readable time in range, a sequence number that is
        // not negative and fits 64 bits (or none).
        bool regular() const;
    };

protected:
    void parseLine(std::string_view line) override;
    void finishRun() override;

private:
    // The facts of a reply line with a round-trip time, or nullopt for any other line.
    static std::optional<ReplyFacts> replyFacts(std::string_view line);
    // The facts of a " bytes from " line (without indentation and -D prefix) that prints a
    // round-trip time, or nullopt.
    static std::optional<ReplyFacts> timedReply(std::string_view body, double timestamp);
    void readReply(std::string_view line, const ReplyFacts& reply);
    void acceptReply(const ReplyFacts& reply);
    void readUntimedReply(std::string_view line, std::string_view body);
    void readSequenceMention(std::string_view body);
    void readErrorReply(std::string_view line, std::string_view body);
    void readHeader(std::string_view line, std::string_view body);
    // The sequence number a reply is filed under, or nullopt for one that cannot be placed.
    std::optional<std::int64_t> placedSequence(const ReplyFacts& reply);
    static PrintedSequence sequenceIn(std::string_view body);
    // The unwrapped sequence number of a line, if it has a plausible one.
    std::optional<std::int64_t> trackedSequence(std::string_view body);

    bool m_sawHeader = false;          // the log shows the start of the run, not an excerpt
    std::optional<bool> m_headerStyle; // BSD/BusyBox-style headers (see readHeader)
};

// Linux iputils ping and ping6 (icmp_seq= or the older icmp_req=, -D, -O, (DUP!), -q).
class IputilsPingParser : public UnixPingParser {
public:
    IputilsPingParser();
    static int sniff(std::string_view head);
};

// BusyBox ping (seq=, "round-trip min/avg/max", counting from 0).
class BusyBoxPingParser : public UnixPingParser {
public:
    BusyBoxPingParser();
    static int sniff(std::string_view head);
};

// macOS and FreeBSD ping/ping6 ("round-trip min/avg/max/stddev", duplicates unmarked).
class BsdPingParser : public UnixPingParser {
public:
    BsdPingParser();
    static int sniff(std::string_view head);
};

} // namespace wb
