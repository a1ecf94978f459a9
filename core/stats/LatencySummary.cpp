#include "LatencySummary.h"

#include "Percentiles.h"

#include <boost/accumulators/accumulators.hpp>
#include <boost/accumulators/statistics/count.hpp>
#include <boost/accumulators/statistics/max.hpp>
#include <boost/accumulators/statistics/mean.hpp>
#include <boost/accumulators/statistics/min.hpp>
#include <boost/accumulators/statistics/stats.hpp>
#include <boost/accumulators/statistics/variance.hpp>

#include <algorithm>
#include <cmath>
#include <future>
#include <thread>

namespace wb {

namespace acc = boost::accumulators;

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
    // Both passes read millions of samples; on a big dataset they run on two cores.
    constexpr std::size_t kConcurrentFrom = 100'000;
    if (samples.size() < kConcurrentFrom || std::thread::hardware_concurrency() < 2) {
        LatencySummary summary = moments(samples, levels);
        if (!samples.empty())
            summary.percentileValues = Percentiles::select(samples, levels);
        return summary;
    }
    auto running = std::async(std::launch::async, [&] { return moments(samples, levels); });
    std::vector<double> values = Percentiles::select(samples, levels);
    LatencySummary summary = running.get();
    summary.percentileValues = std::move(values);
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
    // Boost's variance updates the mean with a division per sample, one long chain of
    // dependent steps; four interleaved lanes run four chains at once and are then combined
    // exactly as Chan et al. combine partial variances (what numpy's pairwise sums also do in
    // spirit: the result is the population variance, to rounding).
    using Lane = acc::accumulator_set<
        double, acc::stats<acc::tag::min, acc::tag::max, acc::tag::mean, acc::tag::variance>>;
    constexpr std::size_t kLanes = 4;
    Lane lanes[kLanes];
    const std::size_t whole = samples.size() - samples.size() % kLanes;
    for (std::size_t i = 0; i < whole; i += kLanes) {
        for (std::size_t lane = 0; lane < kLanes; ++lane)
            lanes[lane](samples[i + lane]);
    }
    for (std::size_t i = whole; i < samples.size(); ++i)
        lanes[0](samples[i]);
    double total = 0;
    summary.min = acc::min(lanes[0]);
    summary.max = acc::max(lanes[0]);
    for (const Lane& lane : lanes) {
        const auto n = static_cast<double>(acc::count(lane));
        if (n == 0)
            continue;
        total += n * acc::mean(lane);
        summary.min = std::min(summary.min, acc::min(lane));
        summary.max = std::max(summary.max, acc::max(lane));
    }
    const auto count = static_cast<double>(samples.size());
    summary.mean = total / count;
    double squares = 0; // sum of squared deviations from the overall mean
    for (const Lane& lane : lanes) {
        const auto n = static_cast<double>(acc::count(lane));
        if (n == 0)
            continue;
        const double offset = acc::mean(lane) - summary.mean;
        squares += n * (acc::variance(lane) + offset * offset); // Boost's variance divides by n
    }
    summary.variance = squares / count;
    summary.stddev = std::sqrt(summary.variance);
    summary.range = summary.max - summary.min;
    if (std::any_of(samples.begin(), samples.end(), [](double v) { return std::isnan(v); }))
        // numpy.min/max/percentile all answer NaN then
        summary.min = summary.max = summary.range = std::nan("");
    return summary;
}

} // namespace wb
