#include "WindowedPercentiles.h"

#include "Percentiles.h"

#include <boost/iterator/counting_iterator.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace wb {

namespace {

// Lost requests in [from, to) of the (ascending) lost sequence numbers.
std::int64_t lostBetween(const std::vector<std::int64_t>& lost, std::int64_t from,
                         std::int64_t to) {
    if (to <= from)
        return 0;
    return std::lower_bound(lost.begin(), lost.end(), to) -
           std::lower_bound(lost.begin(), lost.end(), from);
}

} // namespace

std::size_t WindowedPercentiles::windowFor(std::size_t replies, std::size_t windows) {
    if (windows == 0)
        return std::max<std::size_t>(replies, 1);
    return std::max<std::size_t>((replies + windows - 1) / windows, 1);
}

PercentileBands WindowedPercentiles::bandsIn(const LatencySeries& series, bool seconds, double lo,
                                             double hi, std::size_t windowReplies) {
    const std::size_t n = series.size();
    auto xAt = [&](std::size_t i) {
        if (seconds)
            return series.timestamps[i] - series.timestamps.front();
        return series.sequence.size() == n ? static_cast<double>(series.sequence[i])
                                           : static_cast<double>(i);
    };
    // x grows with the reply index, up to reordering, which moves a window boundary by a reply
    // or two at most.
    const auto first = boost::make_counting_iterator<std::size_t>(0);
    const auto last = boost::make_counting_iterator(n);
    const std::size_t begin =
        *std::partition_point(first, last, [&](auto i) { return xAt(i) < lo; });
    const std::size_t end = *std::partition_point(first + static_cast<std::ptrdiff_t>(begin), last,
                                                  [&](auto i) { return xAt(i) <= hi; });
    PercentileBands bands;
    bands.window = windowReplies > 0 ? windowReplies : windowFor(end - begin);
    const std::size_t from = begin > bands.window ? begin - bands.window : 0;
    bands.windows = of(series, bands.window, from, end + bands.window);
    return bands;
}

std::vector<PercentileWindow> WindowedPercentiles::of(const LatencySeries& series,
                                                      std::size_t windowReplies, std::size_t begin,
                                                      std::size_t end) {
    std::vector<PercentileWindow> result;
    const std::size_t n = series.rttMs.size();
    end = std::min(end, n);
    if (windowReplies == 0 || begin >= end)
        return result;
    const bool haveSequence = series.sequence.size() == n;
    const bool haveTime = series.hasTimestamps();
    const std::vector<std::int64_t>& lost = series.lostSequence;
    constexpr std::int64_t lowest = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t highest = std::numeric_limits<std::int64_t>::max();
    // Where a window's sequence range starts: open-ended for the first and past the last.
    auto boundary = [&](std::size_t reply) {
        if (reply == 0)
            return lowest;
        return reply >= n ? highest : series.sequence[reply];
    };

    const std::size_t first = begin / windowReplies * windowReplies;
    result.reserve((end - first) / windowReplies + 1);
    std::vector<double> window;
    window.reserve(windowReplies);
    // Reordered replies can make a window's first sequence number smaller than the previous
    // window's end; starting at that end keeps the ranges disjoint.
    std::int64_t previousStart = lowest;
    for (std::size_t start = first; start < end; start += windowReplies) {
        const std::size_t stop = std::min(start + windowReplies, n);
        PercentileWindow w;
        w.firstReply = start;
        w.replies = stop - start;
        // Sorting a copy per window is n·log(W) overall: about a second for 5M replies.
        window.assign(series.rttMs.begin() + static_cast<std::ptrdiff_t>(start),
                      series.rttMs.begin() + static_cast<std::ptrdiff_t>(stop));
        window.erase(
            std::remove_if(window.begin(), window.end(), [](double v) { return std::isnan(v); }),
            window.end());
        std::sort(window.begin(), window.end());
        w.p1 = Percentiles::ofSorted(window, 1);
        w.p5 = Percentiles::ofSorted(window, 5);
        w.p50 = Percentiles::ofSorted(window, 50);
        w.p95 = Percentiles::ofSorted(window, 95);
        w.p99 = Percentiles::ofSorted(window, 99);
        if (haveSequence) {
            w.sequenceCentre = 0.5 * (static_cast<double>(series.sequence[start]) +
                                      static_cast<double>(series.sequence[stop - 1]));
            const std::int64_t from = std::max(boundary(start), previousStart);
            const std::int64_t to = std::max(boundary(stop), from);
            previousStart = to;
            w.lost = lostBetween(lost, from, to);
            const auto requests = static_cast<double>(w.replies) + static_cast<double>(w.lost);
            w.lossPercent = 100.0 * static_cast<double>(w.lost) / requests;
        } else {
            w.sequenceCentre = 0.5 * static_cast<double>(start + stop - 1);
            w.lossPercent = std::nan("");
        }
        w.timeCentre = haveTime ? 0.5 * (series.timestamps[start] + series.timestamps[stop - 1]) -
                                      series.timestamps.front()
                                : std::nan("");
        result.push_back(w);
    }
    return result;
}

} // namespace wb
