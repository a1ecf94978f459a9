#pragma once

#include "PingParser.h"

#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wb {

// fping: per-reply lines (`host : [0], 64 bytes, 0.05 ms (0.05 avg, 0% loss)`), `-D`
// timestamps, timeouts, duplicates, the per-host summary (`xmt/rcv/%loss = ...`), the `-C`
// value lists (`host : 0.10 0.12 - 0.09`) and `-e` (`host is alive (0.05 ms)`). fping pings
// many hosts at once, so the log yields one dataset per host, in order of first mention.
class FpingParser : public PingParser {
public:
    FpingParser();
    static int sniff(std::string_view head);

protected:
    void parseLine(std::string_view line) override;
    void finishDatasets() override;

private:
    // What is known about one target while its lines arrive (they interleave with others').
    struct Host {
        std::string name;
        std::size_t dataset = 0;
        SequenceTracker sequences{0}; // fping counts from [0]
        std::int64_t replyLines = 0;  // per-reply and timeout lines seen
        ReplyTimes times;             // -D stamps or line prefixes
        bool hasValueList = false;    // a -C line was seen
        std::int64_t valueListLine = 0;
        std::vector<std::optional<double>> values; // -C values; nullopt = `-`, NaN = bad
        std::optional<double> aliveRtt;            // -e: the first reply only
    };

    Host* host(std::string_view name); // nullptr past the target limit
    void readHostLine(std::string_view line, std::string_view name, std::string_view rest,
                      double timestamp);
    void readReply(std::string_view line, Host& target, std::string_view rest, double timestamp);
    void readDuplicate(std::string_view line, Host& target, std::string_view rest);
    void readSummary(Host& target, std::string_view rest);
    void readValueList(std::string_view line, Host& target, std::string_view rest);
    void readAlive(std::string_view line, std::string_view body, std::size_t at);
    void addReply(Host& target, std::optional<std::int64_t> sequence, double rttMs,
                  double timestamp);
    void finishHost(Host& target);
    void crossCheckValueList(const Host& target);
    LatencySeries& series(const Host& target) { return allDatasets()[target.dataset].latency; }

    std::vector<Host> m_hosts;
    std::map<std::string, std::size_t, std::less<>> m_hostIndex;
    std::size_t m_lastHost = 0;             // consecutive lines are often about the same host
    double m_lineElapsedSum = std::nan(""); // of the current line's prefix
    bool m_sawOtherTimestamps = false;
    bool m_tooManyHosts = false;
};

} // namespace wb
