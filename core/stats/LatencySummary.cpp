#include "LatencySummary.h"

#include "Percentiles.h"

#include <boost/accumulators/accumulators.hpp>
#include <boost/accumulators/statistics/count.hpp>
#include <boost/accumulators/statistics/max.hpp>
#include <boost/accumulators/statistics/min.hpp>
#include <boost/accumulators/statistics/stats.hpp>
#include <boost/accumulators/statistics/sum.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace wb {

namespace acc = boost::accumulators;

namespace {
// Feeds value(sample) of every sample into one of four accumulator sets in turn, so that four
// independent chains of additions run at once; the caller combines the lanes.
template <typename Lane, typename Value>
std::array<Lane, 4> inLanes(const std::vector<double>& samples, Value value) {
    std::array<Lane, 4> lanes;
    const std::size_t whole = samples.size() - samples.size() % lanes.size();
    for (std::size_t i = 0; i < whole; i += lanes.size()) {
        for (std::size_t lane = 0; lane < lanes.size(); ++lane)
            lanes[lane](value(samples[i + lane]));
    }
    for (std::size_t i = whole; i < samples.size(); ++i)
        lanes[0](value(samples[i]));
    return lanes;
}
} // namespace

const std::vector<double>& LatencySummary::defaultLevels() {
    static const std::vector<double> levels = {0, 1, 10, 25, 50, 75, 90, 99, 100};
    return levels;
}

double LatencySummary::percentile(double level) const {
    for (std::size_t i = 0; i < percentileLevels.size(); ++i) {
        if (percentileLevels[i] == level)
            return percentileValues[i];
    }
    return std::nan("");
}

LatencySummary LatencySummary::of(const std::vector<double>& samples,
                                  const std::vector<double>& levels) {
    // A big log's RTTs have few distinct values (three decimals): one counting pass over
    // them gives the percentiles and the moments alike.
    constexpr std::size_t kCountFrom = 100'000;
    if (samples.size() >= kCountFrom) {
        if (const auto counts = Percentiles::countDistinct(samples))
            return ofCounts(*counts, samples.size(), levels);
    }
    LatencySummary summary = moments(samples, levels);
    if (!samples.empty())
        summary.percentileValues = samples.size() >= kCountFrom
                                       ? Percentiles::selectByPartition(samples, levels)
                                       : Percentiles::select(samples, levels);
    return summary;
}

LatencySummary LatencySummary::ofCounts(const Percentiles::DistinctCounts& counts,
                                        std::size_t count, const std::vector<double>& levels) {
    LatencySummary summary;
    summary.percentileLevels = levels;
    summary.count = static_cast<std::int64_t>(count);
    summary.percentileValues = Percentiles::fromCounts(counts, count, levels);
    if (counts.empty())
        return summary;
    // The two passes of moments(), over each distinct value once with its weight.
    double total = 0;
    for (const auto& [value, times] : counts)
        total += value * static_cast<double>(times);
    const auto n = static_cast<double>(count);
    summary.mean = total / n;
    double squares = 0;
    for (const auto& [value, times] : counts) {
        const double deviation = value - summary.mean;
        squares += deviation * deviation * static_cast<double>(times);
    }
    summary.variance = squares / n;
    summary.stddev = std::sqrt(summary.variance);
    summary.min = counts.front().first;
    summary.max = counts.back().first;
    summary.range = summary.max - summary.min;
    return summary;
}

LatencySummary LatencySummary::of(const std::vector<double>& samples,
                                  const Percentiles& percentiles,
                                  const std::vector<double>& levels) {
    LatencySummary summary = moments(samples, levels);
    if (!samples.empty())
        summary.percentileValues = percentiles.at(levels);
    return summary;
}

LatencySummary LatencySummary::moments(const std::vector<double>& samples,
                                       const std::vector<double>& levels) {
    LatencySummary summary;
    summary.percentileLevels = levels;
    summary.count = static_cast<std::int64_t>(samples.size());
    if (samples.empty()) {
        summary.percentileValues.assign(levels.size(), std::nan(""));
        return summary;
    }
    // numpy's var takes two passes: the mean, then the mean of the squared deviations from it.
    // Both passes are plain sums here (Boost's incremental variance divides once per sample,
    // a long chain of dependent steps), each in interleaved lanes so that several chains of
    // additions are in flight at once.
    using FirstPass = acc::accumulator_set<
        double, acc::stats<acc::tag::count, acc::tag::min, acc::tag::max, acc::tag::sum>>;
    const auto first = inLanes<FirstPass>(samples, [](double x) { return x; });
    double total = 0;
    summary.min = acc::min(first[0]);
    summary.max = acc::max(first[0]);
    for (const FirstPass& lane : first) {
        total += acc::sum(lane);
        if (acc::count(lane) > 0) {
            summary.min = std::min(summary.min, acc::min(lane));
            summary.max = std::max(summary.max, acc::max(lane));
        }
    }
    const auto count = static_cast<double>(samples.size());
    summary.mean = total / count;
    using SecondPass = acc::accumulator_set<double, acc::stats<acc::tag::sum>>;
    const double mean = summary.mean;
    double squares = 0;
    for (const SecondPass& lane : inLanes<SecondPass>(samples, [mean](double x) {
             const double deviation = x - mean;
             return deviation * deviation;
         }))
        squares += acc::sum(lane);
    summary.variance = squares / count;
    summary.stddev = std::sqrt(summary.variance);
    summary.range = summary.max - summary.min;
    // A NaN sample makes the sum NaN (as do +inf and -inf together), so only then is it
    // worth looking for one.
    if (std::isnan(total) &&
        std::any_of(samples.begin(), samples.end(), [](double v) { return std::isnan(v); }))
        // numpy.min/max/percentile all answer NaN then
        summary.min = summary.max = summary.range = std::nan("");
    return summary;
}

} // namespace wb
