#pragma once

#include "model/LatencySeries.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wb {

// Latency percentiles of one window of consecutive replies, SmokePing style.
struct PercentileWindow {
    std::size_t firstReply = 0; // index into LatencySeries::rttMs
    std::size_t replies = 0;
    double sequenceCentre = 0; // midpoint of the first and last reply's sequence number
    double timeCentre = 0;     // seconds since the series' first reply; NaN without timestamps
    double p1 = 0, p5 = 0, p50 = 0, p95 = 0, p99 = 0; // ms, numpy's linear method
    std::int64_t lost = 0;  // lost requests whose sequence number falls in this window
    double lossPercent = 0; // lost / (replies + lost) · 100; NaN when the series has no sequence
};

// The windows a plot of a series shows over part of its x axis.
struct PercentileBands {
    std::size_t window = 0; // replies per window
    std::vector<PercentileWindow> windows;
};

// Splits a latency series into windows of a fixed number of replies (not of seconds: a window
// then always holds enough samples for its p1/p99 to mean something, whatever the ping
// interval, and logs without timestamps work the same way).
//
// Loss: window k owns the sequence numbers from its first reply's up to (not including) the
// next window's first reply's, the first window also everything before it and the last
// everything after, so each lost request is counted in exactly one window and the windows'
// losses add up to the series' loss.
class WindowedPercentiles {
public:
    // Windows of `windowReplies` replies over replies [begin, end) of the series. Windows are
    // aligned to multiples of windowReplies from reply 0, so a zoomed view shows the same
    // windows as the whole run; the last window may be shorter.
    static std::vector<PercentileWindow> of(const LatencySeries& series, std::size_t windowReplies,
                                            std::size_t begin = 0,
                                            std::size_t end = static_cast<std::size_t>(-1));
    // Enough windows to see structure, few enough to read bands.
    static constexpr std::size_t kAutoWindows = 200;
    // The window size that gives about `windows` windows over `replies` replies (at least 1).
    static std::size_t windowFor(std::size_t replies, std::size_t windows = kAutoWindows);
    // The windows of the replies whose x lies in [lo, hi] (seconds since the first reply when
    // `seconds`, else sequence numbers), of `windowReplies` replies or, when 0, about
    // kAutoWindows over those replies; one window more on each side, so that bands drawn from
    // them run to the edges of a plot that pans.
    static PercentileBands bandsIn(const LatencySeries& series, bool seconds, double lo, double hi,
                                   std::size_t windowReplies);
};

} // namespace wb
