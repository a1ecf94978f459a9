#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace wb {

struct LatencySeries;

// Loss % of one window of consecutive sequence numbers [firstSequence, firstSequence + N).
struct WindowLoss {
    std::int64_t firstSequence = 0;
    std::int64_t sent = 0; // requests in the window the log knows of (replied or lost)
    std::int64_t lost = 0;
    double lossPercent = 0; // 0 for a window without requests
};

// How a ping run lost, reordered and duplicated packets, not only how many. Loss % alone
// cannot tell one long outage from scattered single drops; the burst figures can.
struct LossStructure {
    std::int64_t requests = 0; // the tool's transmitted count, else replies + listed losses
    std::int64_t lost = 0;     // transmitted - received when the tool says so, else listed
    double lossPercent = 0;    // 0 when there were no requests

    // Runs of consecutive lost sequence numbers, from the losses the log lists (a ping -q log
    // has a loss count but no list, so it has no bursts).
    std::int64_t burstCount = 0;
    std::int64_t longestBurst = 0;
    double meanBurstLength = 0;                                      // 0 without bursts
    std::vector<std::pair<std::int64_t, std::int64_t>> burstLengths; // length -> bursts, ascending

    // Replies that arrived after a reply to a later request.
    std::int64_t reordered = 0;
    double reorderedPercent = 0; // of the replies
    std::int64_t duplicates = 0;
    // Losses by direction, from a tool that tells them (irtt); the rest of `lost` went
    // unexplained. Empty when the tool tells no direction, or told none of its losses'.
    std::optional<std::int64_t> lostUp;
    std::optional<std::int64_t> lostDown;

    static LossStructure of(const LatencySeries& series);
    // Consecutive windows of windowRequests sequence numbers from the first request of the run
    // to its last (the last window may be shorter); empty when the log locates no request.
    static std::vector<WindowLoss> perWindow(const LatencySeries& series,
                                             std::int64_t windowRequests);
};

} // namespace wb
