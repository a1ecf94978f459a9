#include "FlowStatistics.h"

#include "Percentiles.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace wb {

namespace {

FlowTotals totalsOf(const FlowInterval& line) {
    return {line.bytes, line.seconds(), line.bitsPerSecond};
}

} // namespace

IntervalBandwidth IntervalBandwidth::of(const std::vector<double>& bitsPerSecond) {
    IntervalBandwidth result;
    result.count = bitsPerSecond.size();
    if (bitsPerSecond.empty())
        return result;
    std::vector<double> sorted = bitsPerSecond;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t middle = sorted.size() / 2;
    result.median = sorted.size() % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    const Moments moments = Moments::of(bitsPerSecond);
    result.mean = moments.mean;
    result.stddev = moments.stddev;
    return result;
}

FlowTotals FlowStatistics::totalsOf(const Flow& flow) {
    if (flow.total)
        return wb::totalsOf(*flow.total);
    FlowTotals totals;
    if (flow.intervals.empty())
        return totals;
    for (const FlowInterval& interval : flow.intervals)
        totals.bytes += interval.bytes;
    totals.seconds = flow.intervals.back().end - flow.intervals.front().start;
    totals.bitsPerSecond = totals.seconds > 0 ? totals.bytes * 8 / totals.seconds : 0;
    return totals;
}

double FlowStatistics::jain(const std::vector<double>& values) {
    double sum = 0;
    double squares = 0;
    for (double value : values) {
        sum += value;
        squares += value * value;
    }
    return squares > 0 ? sum * sum / (static_cast<double>(values.size()) * squares) : 0;
}

std::vector<FlowInterval> FlowStatistics::sumIntervalsOf(const FlowSeries& series) {
    if (!series.sumIntervals.empty())
        return series.sumIntervals;
    if (series.flows.size() == 1)
        return series.flows.front().intervals;
    // Add the flows up per reporting slot, keyed by the slot's end rounded to 1 ms.
    std::map<long long, FlowInterval> perSlot;
    for (const Flow& flow : series.flows)
        for (const FlowInterval& interval : flow.intervals) {
            auto [it, fresh] = perSlot.try_emplace(std::llround(interval.end * 1000));
            FlowInterval& slot = it->second;
            slot.start = fresh ? interval.start : std::min(slot.start, interval.start);
            slot.end = fresh ? interval.end : slot.end;
            slot.bytes += interval.bytes;
            slot.bitsPerSecond += interval.bitsPerSecond;
        }
    std::vector<FlowInterval> out;
    out.reserve(perSlot.size());
    for (auto& [end, slot] : perSlot)
        out.push_back(slot);
    return out;
}

std::vector<double> FlowStatistics::intervalSeries(const FlowSeries& series) {
    std::vector<double> values;
    for (const FlowInterval& interval : sumIntervalsOf(series))
        values.push_back(interval.bitsPerSecond);
    return values;
}

// A tool prints its SUM from one side: an iperf2 UDP client adds up what it sent while its
// flows' totals are the server reports; a --bidir log's SUM covers one direction. The SUM is
// compared with the flows of its direction, on whichever side is closer to it; the other
// direction's SUM, where the log has one, with the other direction's flows.
void FlowStatistics::checkToolSum(const FlowSeries& series, FlowStatistics& stats) {
    const auto inSumDirection = [&series](const Flow& flow) {
        return series.sumDirection.isEmpty() || flow.direction == series.sumDirection;
    };
    std::tie(stats.computedSum, stats.sumDisagreement) =
        closestSide(series, stats.sum, inSumDirection);
    if (series.sumDirection.isEmpty() || !series.otherDirectionSumTotal)
        return;
    const FlowTotals otherSum = wb::totalsOf(*series.otherDirectionSumTotal);
    if (otherSum.bitsPerSecond <= 0)
        return;
    const double otherOff = closestSide(series, otherSum, [&](const Flow& flow) {
                                return !inSumDirection(flow);
                            }).second;
    stats.sumDisagreement = std::max(stats.sumDisagreement, otherOff);
}

std::pair<FlowTotals, double>
FlowStatistics::closestSide(const FlowSeries& series, const FlowTotals& sum,
                            const std::function<bool(const Flow&)>& counted) {
    FlowTotals receiver;
    FlowTotals sender;
    const auto add = [](FlowTotals& to, const FlowTotals& flow) {
        to.bytes += flow.bytes;
        to.seconds = std::max(to.seconds, flow.seconds);
    };
    for (const Flow& flow : series.flows) {
        if (!counted(flow))
            continue;
        const FlowTotals totals = totalsOf(flow);
        add(receiver, totals);
        add(sender, flow.senderTotal ? wb::totalsOf(*flow.senderTotal) : totals);
    }
    const auto disagreement = [&sum](FlowTotals& side) {
        side.bitsPerSecond = side.seconds > 0 ? side.bytes * 8 / side.seconds : 0;
        return std::abs(sum.bitsPerSecond - side.bitsPerSecond) / sum.bitsPerSecond;
    };
    const double receiverOff = disagreement(receiver);
    const double senderOff = disagreement(sender);
    return senderOff < receiverOff ? std::make_pair(sender, senderOff)
                                   : std::make_pair(receiver, receiverOff);
}

FlowStatistics FlowStatistics::of(const FlowSeries& series) {
    FlowStatistics stats;
    std::vector<double> rates;
    std::vector<double> jitters;
    double lost = 0;
    double datagrams = 0;
    for (const Flow& flow : series.flows) {
        PerFlow perFlow;
        perFlow.id = flow.id;
        perFlow.totals = totalsOf(flow);
        if (flow.total) {
            perFlow.jitterMs = flow.total->jitterMs;
            perFlow.lost = flow.total->lostDatagrams;
            perFlow.totalDatagrams = flow.total->totalDatagrams;
            if (perFlow.lost && perFlow.totalDatagrams && *perFlow.totalDatagrams > 0)
                perFlow.lossPercent = 100.0 * static_cast<double>(*perFlow.lost) /
                                      static_cast<double>(*perFlow.totalDatagrams);
        }
        if (perFlow.jitterMs)
            jitters.push_back(*perFlow.jitterMs);
        if (perFlow.lost && perFlow.totalDatagrams) {
            lost += static_cast<double>(*perFlow.lost);
            datagrams += static_cast<double>(*perFlow.totalDatagrams);
        }
        rates.push_back(perFlow.totals.bitsPerSecond);
        stats.computedSum.bytes += perFlow.totals.bytes;
        stats.computedSum.seconds = std::max(stats.computedSum.seconds, perFlow.totals.seconds);
        stats.flows.push_back(std::move(perFlow));
    }
    // iperf's SUM rate is all bytes over the longest flow's time, not a sum of rates. One
    // flow is its own SUM, at the rate it printed: its bytes may be rounded ("229 MBytes").
    if (stats.flows.size() == 1)
        stats.computedSum = stats.flows.front().totals;
    else if (stats.computedSum.seconds > 0)
        stats.computedSum.bitsPerSecond = stats.computedSum.bytes * 8 / stats.computedSum.seconds;
    stats.sum = stats.computedSum;
    if (series.sumTotal) {
        stats.sum = wb::totalsOf(*series.sumTotal);
        stats.sumFromTool = true;
        if (stats.sum.bitsPerSecond > 0)
            checkToolSum(series, stats);
    }
    if (!rates.empty()) {
        const auto [lo, hi] = std::minmax_element(rates.begin(), rates.end());
        stats.minBitsPerSecond = *lo;
        stats.maxBitsPerSecond = *hi;
        stats.stddevBitsPerSecond = Moments::of(rates).stddev;
        stats.jainFairness = jain(rates);
    }
    if (datagrams > 0)
        stats.lossPercent = 100.0 * lost / datagrams;
    if (!jitters.empty())
        stats.meanJitterMs = Moments::of(jitters).mean;
    stats.intervals = IntervalBandwidth::of(intervalSeries(series));
    return stats;
}

} // namespace wb
