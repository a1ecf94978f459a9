#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace wb {

// The tool's own summary lines ("5 packets transmitted, ...", "rtt min/avg/max/mdev = ...").
// Every field is optional because logs are often cut off before the summary.
struct PingSummary {
    std::optional<std::int64_t> transmitted;
    std::optional<std::int64_t> received;
    std::optional<std::int64_t> duplicates;
    std::optional<std::int64_t> errors;
    std::optional<std::int64_t> corrupted; // iputils "+N corrupted": replies with a bad checksum
    std::optional<double> lossPercent;
    std::optional<double> timeMs;
    std::optional<double> rttMin;
    std::optional<double> rttAvg;
    std::optional<double> rttMax;
    std::optional<double> rttDeviation; // mdev (iputils) or stddev (BSD)

    bool hasCounts() const { return transmitted.has_value(); }
    bool hasRtt() const { return rttMin.has_value(); }
};

// Latency samples of one target. Parallel vectors keep the hot import path allocation-free
// per line and let statistics run over a contiguous array of doubles.
struct LatencySeries {
    std::vector<double> rttMs;          // replies in arrival order, duplicates excluded
    std::vector<std::int64_t> sequence; // sequence number of each reply (unwrapped)
    std::vector<double> timestamps;     // epoch seconds per reply; empty when the log has none
    std::vector<double> duplicateRttMs; // RTTs of duplicate replies
    std::vector<std::int64_t> duplicateSequence;
    std::vector<std::int64_t> lostSequence;  // requests that never got a reply, ascending
    std::vector<std::int64_t> errorSequence; // requests answered by an ICMP error
    // Replies that arrived damaged (a bad checksum, wrong data bytes, cut short): in arrival
    // order, neither in rttMs nor among the duplicates. Their times are not trusted, so no
    // statistic uses them; NaN where the tool printed none.
    std::vector<double> damagedRttMs;
    std::vector<std::int64_t> damagedSequence;
    PingSummary summary;
    // One-way delays and IPDV per reply, parallel to rttMs, from tools that measure them
    // (irtt); empty otherwise. NaN where the tool gave none for a reply (IPDV needs the reply
    // before it; one-way delays need the server's timestamps).
    std::vector<double> sendDelayMs;    // client to server
    std::vector<double> receiveDelayMs; // server to client
    std::vector<double> ipdvMs;         // round-trip IPDV
    std::vector<double> sendIpdvMs;
    std::vector<double> receiveIpdvMs;
    // The losses of lostSequence whose direction the tool told: the request never arrived
    // (up) or its reply never came back (down), ascending. The rest of lostSequence has no
    // direction.
    std::vector<std::int64_t> lostUpSequence;
    std::vector<std::int64_t> lostDownSequence;
    // The tool tells the direction of its losses (irtt), so up and down counts mean something
    // even when they are 0.
    bool lossDirectionsTold = false;

    std::size_t size() const { return rttMs.size(); }
    bool hasOneWayDelays() const {
        return !sendDelayMs.empty() && sendDelayMs.size() == rttMs.size();
    }
    bool hasTimestamps() const { return !timestamps.empty() && timestamps.size() == rttMs.size(); }
    std::int64_t duplicateCount() const { return static_cast<std::int64_t>(duplicateRttMs.size()); }
    std::int64_t damagedCount() const { return static_cast<std::int64_t>(damagedRttMs.size()); }
};

} // namespace wb
