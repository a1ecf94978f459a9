#include "LossStructure.h"

#include "model/LatencySeries.h"

#include <algorithm>
#include <limits>

namespace wb {

namespace {

double percentOf(std::int64_t part, std::int64_t whole) {
    return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

// Lengths of the runs of consecutive numbers in an ascending list.
std::vector<std::int64_t> runLengths(const std::vector<std::int64_t>& ascending) {
    std::vector<std::int64_t> lengths;
    for (std::size_t i = 0; i < ascending.size(); ++i) {
        if (i > 0 && ascending[i] == ascending[i - 1] + 1)
            ++lengths.back();
        else
            lengths.push_back(1);
    }
    return lengths;
}

} // namespace

LossStructure LossStructure::of(const LatencySeries& series) {
    const PingSummary& summary = series.summary;
    const auto replies = static_cast<std::int64_t>(series.size());
    const auto listed = static_cast<std::int64_t>(series.lostSequence.size());
    LossStructure loss;
    // The tool's counts win: a ping -q log or one with filtered lines lists no (or not every)
    // lost request, but its summary still knows how many there were.
    loss.requests = summary.transmitted.value_or(replies + listed);
    loss.lost =
        summary.transmitted && summary.received ? *summary.transmitted - *summary.received : listed;
    loss.lossPercent = percentOf(loss.lost, loss.requests);

    std::vector<std::int64_t> lengths = runLengths(series.lostSequence);
    loss.burstCount = static_cast<std::int64_t>(lengths.size());
    if (!lengths.empty()) {
        // Sorting the lengths groups them for the distribution; there are far fewer bursts
        // than replies, so this costs nothing next to the reordering scan.
        std::sort(lengths.begin(), lengths.end());
        loss.longestBurst = lengths.back();
        loss.meanBurstLength = static_cast<double>(listed) / static_cast<double>(loss.burstCount);
        for (std::int64_t length : lengths) {
            if (loss.burstLengths.empty() || loss.burstLengths.back().first != length)
                loss.burstLengths.emplace_back(length, 0);
            ++loss.burstLengths.back().second;
        }
    }

    // A reply is late when a later request was answered before it; comparing with the running
    // maximum (not the previous reply) counts each late reply once, however far it fell back.
    // Raw pointers over the millions of replies: unoptimized (debug, sanitizer) builds would
    // otherwise spend most of the time in iterator calls.
    const std::int64_t* sequence = series.sequence.data();
    std::int64_t highest = std::numeric_limits<std::int64_t>::min();
    for (std::size_t i = 0, n = series.sequence.size(); i < n; ++i) {
        if (sequence[i] < highest)
            ++loss.reordered;
        else
            highest = sequence[i];
    }
    loss.reorderedPercent = percentOf(loss.reordered, replies);
    loss.duplicates = summary.duplicates.value_or(series.duplicateCount());
    const std::size_t directed = series.lostUpSequence.size() + series.lostDownSequence.size();
    // irtt without the server's statistics tells no direction of any loss: nothing to show.
    if (series.lossDirectionsTold && (directed > 0 || series.lostSequence.empty())) {
        loss.lostUp = static_cast<std::int64_t>(series.lostUpSequence.size());
        loss.lostDown = static_cast<std::int64_t>(series.lostDownSequence.size());
    }
    return loss;
}

std::vector<WindowLoss> LossStructure::perWindow(const LatencySeries& series,
                                                 std::int64_t windowRequests) {
    const std::vector<std::int64_t>& replied = series.sequence;
    const std::vector<std::int64_t>& lost = series.lostSequence;
    if (windowRequests <= 0 || (replied.empty() && lost.empty()))
        return {};
    // Replies may arrive out of order, so their range needs a scan; the losses are ascending.
    // Raw pointers for the same reason as in of(): these loops run once per reply.
    std::int64_t first = lost.empty() ? replied.front() : lost.front();
    std::int64_t last = lost.empty() ? replied.front() : lost.back();
    const std::int64_t* sequence = replied.data();
    for (std::size_t i = 0, n = replied.size(); i < n; ++i) {
        first = std::min(first, sequence[i]);
        last = std::max(last, sequence[i]);
    }

    std::vector<WindowLoss> windows(static_cast<std::size_t>((last - first) / windowRequests + 1));
    for (std::size_t i = 0; i < windows.size(); ++i)
        windows[i].firstSequence = first + static_cast<std::int64_t>(i) * windowRequests;
    // Sequence numbers come almost in order, so the window of the previous one nearly always
    // fits again; dividing only on a change keeps this near the cost of the scan above.
    WindowLoss* const begin = windows.data();
    WindowLoss* current = begin;
    auto windowOf = [=, &current](std::int64_t number) {
        if (number < current->firstSequence || number >= current->firstSequence + windowRequests)
            current = begin + (number - first) / windowRequests;
        return current;
    };
    for (std::size_t i = 0, n = replied.size(); i < n; ++i)
        ++windowOf(sequence[i])->sent;
    sequence = lost.data();
    for (std::size_t i = 0, n = lost.size(); i < n; ++i) {
        WindowLoss* hit = windowOf(sequence[i]);
        ++hit->sent;
        ++hit->lost;
    }
    for (WindowLoss& window : windows)
        window.lossPercent = percentOf(window.lost, window.sent);
    return windows;
}

} // namespace wb
