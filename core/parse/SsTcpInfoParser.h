#pragma once

#include "LinePrefixReader.h"
#include "LogParser.h"
#include "SsSocketLine.h"

#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace wb {

// `ss -ti` sampled over time (format ss/tcp-info): each sample is ss's output, its header line
// included, preceded by the wall-clock time as `date +%s.%N` prints it (Wirebench's sampler,
// STEM.ss.log, and `while sleep 0.1; do date +%s.%N; ss -tin dst HOST; done`) or a `date`
// line of another format (LinePrefixReader's), or with a time in front of every line
// (`ss -tin | ts '%.s'`, `ts`, `ts '%Y-%m-%dT%H:%M:%.S'`: the time of a sample's first line
// is the sample's), or without times (samples then separated by the header and numbered), or
// with comment lines ("== …", "# …") between samples.
//
// Each TCP connection (local address:port and peer address:port; a connection that reuses
// the four of a closed one is a new series) becomes a Flow with one interval per sample:
// from the sample before to this one, with the bytes acknowledged in between (bytes_acked),
// the retransmissions in between (retrans:…/total), cwnd × mss in bytes and the smoothed
// RTT; Flow::tcp holds the rest (cwnd in segments, ssthresh, rttvar, delivery and pacing
// rates, the totals, the congestion control). Throughput is known only where times are.
// Listening sockets and connections that never carried 64 KiB either way (iperf3's control
// connection) are kept in FlowSeries::otherSockets, named by their Flow::tcp.note.
class SsTcpInfoParser : public LogParser {
public:
    SsTcpInfoParser();
    static int sniff(std::string_view head);

    // Below this many bytes acknowledged or received a connection is not a data flow.
    static constexpr std::int64_t kLittleData = 64 * 1024;

protected:
    void parseLine(std::string_view line) override;
    void finishDatasets() override;

private:
    enum class Clock { Unknown, Dated, Numbered };
    struct Socket {
        Flow flow;
        std::string key;
        std::int64_t lastSample = -1; // the log's sample it was last read in
        std::int64_t firstLine = 0;   // where it first appeared, and that line's text
        std::string firstText;
        bool firstInLog = false; // its first sample was the log's first
        bool listening = false;
        std::int64_t mostBytes = 0;
        ss::TcpInfo latest;
        std::optional<ss::TcpInfo> before; // the sample before the latest
    };
    // A socket line, kept until its info line comes.
    struct Pending {
        ss::SocketLine socket;
        std::string line;
        std::int64_t lineNumber = 0;
    };

    // dated: the time names a date (a time of day or a prefix without a year only times the
    // samples).
    void startSample(std::optional<ss::EpochTime> time, std::string_view line, bool dated = true);
    void readSocketLine(std::string_view line, const ss::SocketLine& socket, std::string_view rest);
    void readInfoLine(std::string_view line, std::string_view body);
    // Takes a sample of the socket `at` names; `current` is the line being read (the info
    // line, or the line after a socket line that has none).
    void commit(const Pending& at, ss::TcpInfo info, std::string_view current);
    Socket& seriesFor(const ss::SocketLine& socket, const ss::TcpInfo& info);
    // Fills the last interval and sample of `socket` from its latest and previous tcp_info.
    void applyLatest(Socket& socket);
    void flushPending();
    void resolveIncrementalTimes();

    LinePrefixReader m_prefix;
    bool m_prefixedTimes = false;  // the samples' times are prefixes of their lines
    bool m_otherTimeLines = false; // time lines other than `date +%s.%N`'s
    Clock m_clock = Clock::Unknown;
    ss::EpochTime m_origin;
    std::vector<double> m_sampleX; // per sample: seconds since the first, or its number
    // Per sample, the sum of the bare-clock prefixes up to its first line (NaN without one):
    // its time when they turn out to be `ts -i` increments.
    std::vector<double> m_sampleElapsedSums;
    double m_lineElapsedSum = std::nan("");
    bool m_sampleHasHeader = false;
    bool m_sampleHasSockets = false;
    bool m_sampleClosed = false;
    std::unordered_set<std::string> m_sampleKeys; // the sockets of the current sample
    std::optional<Pending> m_pending;
    std::optional<std::size_t> m_lastCommitted; // the socket whose info line came last
    std::vector<Socket> m_sockets;
    std::unordered_map<std::string, std::size_t> m_latestSeries; // key -> index in m_sockets
    std::unordered_map<std::string, int> m_seriesCount;
};

} // namespace wb
