#pragma once

#include "Percentiles.h"

#include <cstdint>
#include <vector>

namespace wb {

// The numbers of a latency report. Standard deviation is the population one (divide by n),
// as ping's own mdev and numpy.std report it.
struct LatencySummary {
    std::int64_t count = 0;
    double min = 0;
    double max = 0;
    double mean = 0;
    double variance = 0;
    double stddev = 0;
    double range = 0;
    std::vector<double> percentileLevels; // e.g. 0, 1, 10, 25, 50, 75, 90, 99, 100
    std::vector<double> percentileValues; // same order as the levels

    double percentile(double level) const; // NaN when the level was not computed

    static const std::vector<double>& defaultLevels();
    static LatencySummary of(const std::vector<double>& samples,
                             const std::vector<double>& levels = defaultLevels());
    // The same, with the samples already sorted into `percentiles` (callers that keep the
    // sorted samples, like DatasetAnalysis, sort once).
    static LatencySummary of(const std::vector<double>& samples, const Percentiles& percentiles,
                             const std::vector<double>& levels);

private:
    // Count, min, max, mean and variance; percentile values left to the caller.
    static LatencySummary moments(const std::vector<double>& samples,
                                  const std::vector<double>& levels);
    // Everything from the distinct values of `count` samples and their counts.
    static LatencySummary ofCounts(const Percentiles::DistinctCounts& counts, std::size_t count,
                                   const std::vector<double>& levels);
};

} // namespace wb
