#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

namespace wb {

// A two-sided confidence interval; NaN bounds when there was nothing to resample.
struct ConfidenceInterval {
    double low = std::nan("");
    double high = std::nan("");

    bool valid() const { return !std::isnan(low) && !std::isnan(high); }
    bool overlaps(const ConfidenceInterval& other) const {
        return valid() && other.valid() && low <= other.high && other.low <= high;
    }
};

struct BootstrapOptions {
    static constexpr std::uint64_t kDefaultSeed = 20150504; // fixed: reports reproduce
    static constexpr int kDefaultResamples = 2000;

    std::uint64_t seed = kDefaultSeed;
    int resamples = kDefaultResamples;
    double confidence = 0.95;
};

// Percentile-method bootstrap intervals (the 2.5 % and 97.5 % percentiles of the resampled
// statistic, numpy's linear method) with a fixed default seed and 2000 resamples, reproducible
// everywhere: std::mt19937_64 is fully specified by the standard, and the mapping of its
// output to indices and to (0, 1) is ours (std::uniform_*_distribution and
// std::gamma_distribution differ between standard libraries). The Beta draws below also use
// std::log and std::expm1; a C library whose last bit differs from glibc's could move a
// replicate only when a draw lands within one ulp of an index boundary.
class Bootstrap {
public:
    // CI of the mean: resamples of the values drawn index by index; O(resamples · n), meant
    // for per-flow throughputs (tens to thousands of values).
    static ConfidenceInterval mean(const std::vector<double>& values,
                                   const BootstrapOptions& options = {});
    // CI of any statistic of the values (Jain's index of per-flow throughputs), resampled
    // index by index as mean() does; mean() is this with the mean.
    using Statistic = std::function<double(const std::vector<double>&)>;
    static ConfidenceInterval of(const std::vector<double>& values, const Statistic& statistic,
                                 const BootstrapOptions& options = {});

    // CI of percentile `level` (numpy's linear method) of sorted samples (ascending, no NaN).
    // A resample of n values is never built: the value at rank k of a resample is the value
    // at sorted index floor(n·U) where U is the k-th smallest of n uniform draws, and U is
    // drawn directly from its Beta(k, n-k+1) distribution (the neighbouring rank k+1, needed
    // for interpolation, from its conditional law). This is the same distribution as
    // resampling indices, in O(resamples) per level instead of O(resamples · n): 2000
    // resamples of 5M samples take microseconds.
    static ConfidenceInterval percentile(const std::vector<double>& sorted, double level,
                                         const BootstrapOptions& options = {});
    // CI of percentile `level` of B minus that of A, two independent samples resampled
    // independently: A's replicates are percentile()'s, B's come from a stream of their own
    // (seed + 1), and the interval is taken over the replicates' differences.
    static ConfidenceInterval percentileDifference(const std::vector<double>& sortedA,
                                                   const std::vector<double>& sortedB, double level,
                                                   const BootstrapOptions& options = {});

    // Unbiased index in [0, n) from the generator (rejection of the incomplete last block).
    static std::uint64_t uniformIndex(std::mt19937_64& generator, std::uint64_t n);
    // Uniform double in (0, 1) from the top 53 bits, never 0 or 1.
    static double uniformOpen(std::mt19937_64& generator);
    // Draws of Beta(a, b) (a, b >= 1) from two Marsaglia–Tsang gamma draws.
    static double beta(std::mt19937_64& generator, double a, double b);

private:
    // percentile()'s replicates of one level (non-empty sorted samples).
    static std::vector<double> percentileReplicates(const std::vector<double>& sorted, double level,
                                                    int resamples, std::uint64_t seed);
};

} // namespace wb
