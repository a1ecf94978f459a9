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
        bool badChecksum = false;     // iputils' "(BAD CHECKSUM!)": a damaged reply
        bool otherAddress = false;    // iputils' "(DIFFERENT ADDRESS!)": another host answered
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
    // A reply with a bad checksum: damaged, and (as ping counts it) no answer to its request.
    void fileBadChecksum(const ReplyFacts& reply);
    // "N bytes from A: icmp_seq=S ttl=T (truncated)": a reply shorter than the request, with
    // no time; ping counts it received.
    void readTruncatedReply(std::string_view line, std::string_view body);
    // "wrong data byte #N should be 0xX but was 0xY" (every dialect) or FreeBSD's "wrong total
    // length N instead of M", printed on the line after the reply they describe: that reply
    // was damaged. The dump of its bytes follows on lines of their own (isDataDumpLine).
    void readDamageDetail(std::string_view line);
    // After a damage detail: a line of the reply's bytes in hex ("#16\t10 11 ...", BSD's
    // "\t10 11 ...", FreeBSD's "cp:" and "dp:").
    bool isDataDumpLine(std::string_view body) const;
    // At the end of a run: how many replies were damaged and how, against the summary's
    // "+N corrupted".
    void reportDamage();
    void readUntimedReply(std::string_view line, std::string_view body);
    void readSequenceMention(std::string_view body);
    void readErrorReply(std::string_view line, std::string_view body);
    void readHeader(std::string_view line, std::string_view body);
    // The sequence number a reply is filed under, or nullopt for one that cannot be placed.
    std::optional<std::int64_t> placedSequence(const ReplyFacts& reply);
    static PrintedSequence sequenceIn(std::string_view body);
    // The unwrapped sequence number of a line, if it has a plausible one.
    std::optional<std::int64_t> trackedSequence(std::string_view body);

    bool m_sawHeader = false; // the log shows the start of the run, not an excerpt
    // Where the last reply of the run went, so that a damage detail on the next line can move
    // it to the damaged replies.
    enum class Filed { Nothing, Sample, Duplicate, Damaged };
    struct LastReply {
        std::int64_t line = -1;
        Filed filed = Filed::Nothing;
    } m_lastReply;
    std::int64_t m_detailLine = -1; // the last damage detail or dump line
    struct DamageCounts {
        std::int64_t badChecksum = 0;
        std::int64_t wrongData = 0; // with a right checksum (or none checked)
        std::int64_t truncated = 0;
        std::int64_t otherAddress = 0;
    } m_damage;                        // of the current run
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
