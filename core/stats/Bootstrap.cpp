#include "Bootstrap.h"

#include "Percentiles.h"

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

// The percentile-method interval: the (1-c)/2 and (1+c)/2 quantiles of the replicates.
ConfidenceInterval intervalOf(const std::vector<double>& replicates,
                              const BootstrapOptions& options) {
    if (replicates.empty())
        return {};
    const double tail = (1 - options.confidence) / 2 * 100;
    const std::vector<double> bounds = Percentiles::select(replicates, {tail, 100 - tail});
    return {bounds[0], bounds[1]};
}

// Standard normal draw by Marsaglia's polar method.
double normal(std::mt19937_64& generator) {
    for (;;) {
        const double u = 2 * Bootstrap::uniformOpen(generator) - 1;
        const double v = 2 * Bootstrap::uniformOpen(generator) - 1;
        const double s = u * u + v * v;
        if (s < 1 && s > 0)
            return u * std::sqrt(-2 * std::log(s) / s);
    }
}

// Gamma(shape >= 1, 1) by Marsaglia and Tsang (2000).
double gamma(std::mt19937_64& generator, double shape) {
    const double d = shape - 1.0 / 3;
    const double c = 1 / std::sqrt(9 * d);
    for (;;) {
        double x = 0;
        double v = 0;
        do {
            x = normal(generator);
            v = 1 + c * x;
        } while (v <= 0);
        v = v * v * v;
        const double u = Bootstrap::uniformOpen(generator);
        if (u < 1 - 0.0331 * x * x * x * x)
            return d * v;
        if (std::log(u) < 0.5 * x * x + d * (1 - v + std::log(v)))
            return d * v;
    }
}

// The sorted index floor(n·u) of a uniform order statistic u in (0, 1).
std::size_t indexOf(double u, std::size_t n) {
    const double index = std::floor(u * static_cast<double>(n));
    return std::min(n - 1, static_cast<std::size_t>(std::max(0.0, index)));
}

} // namespace

std::uint64_t Bootstrap::uniformIndex(std::mt19937_64& generator, std::uint64_t n) {
    // 2^64 mod n draws at the bottom would make the low indices likelier: redraw them.
    const std::uint64_t rejectBelow = (0 - n) % n;
    std::uint64_t draw = generator();
    while (draw < rejectBelow)
        draw = generator();
    return draw % n;
}

double Bootstrap::uniformOpen(std::mt19937_64& generator) {
    constexpr double kScale = 1.0 / 9007199254740992.0; // 2^-53
    return (static_cast<double>(generator() >> 11) + 0.5) * kScale;
}

double Bootstrap::beta(std::mt19937_64& generator, double a, double b) {
    const double x = gamma(generator, a);
    const double y = gamma(generator, b);
    return x / (x + y);
}

ConfidenceInterval Bootstrap::mean(const std::vector<double>& values,
                                   const BootstrapOptions& options) {
    return of(
        values,
        [](const std::vector<double>& resample) {
            double sum = 0;
            for (double value : resample)
                sum += value;
            return sum / static_cast<double>(resample.size());
        },
        options);
}

ConfidenceInterval Bootstrap::of(const std::vector<double>& values, const Statistic& statistic,
                                 const BootstrapOptions& options) {
    if (values.empty() || options.resamples <= 0)
        return {};
    std::mt19937_64 generator(options.seed);
    const std::size_t n = values.size();
    std::vector<double> replicates;
    replicates.reserve(static_cast<std::size_t>(options.resamples));
    std::vector<double> resample(n);
    for (int r = 0; r < options.resamples; ++r) {
        for (double& value : resample)
            value = values[uniformIndex(generator, n)];
        replicates.push_back(statistic(resample));
    }
    return intervalOf(replicates, options);
}

ConfidenceInterval Bootstrap::percentile(const std::vector<double>& sorted, double level,
                                         const BootstrapOptions& options) {
    if (sorted.empty() || options.resamples <= 0 || std::isnan(level))
        return {};
    return intervalOf(percentileReplicates(sorted, level, options.resamples, options.seed),
                      options);
}

ConfidenceInterval Bootstrap::percentileDifference(const std::vector<double>& sortedA,
                                                   const std::vector<double>& sortedB, double level,
                                                   const BootstrapOptions& options) {
    if (sortedA.empty() || sortedB.empty() || options.resamples <= 0 || std::isnan(level))
        return {};
    std::vector<double> differences =
        percentileReplicates(sortedB, level, options.resamples, options.seed + 1);
    const std::vector<double> ofA =
        percentileReplicates(sortedA, level, options.resamples, options.seed);
    for (std::size_t r = 0; r < differences.size(); ++r)
        differences[r] -= ofA[r];
    return intervalOf(differences, options);
}

std::vector<double> Bootstrap::percentileReplicates(const std::vector<double>& sorted, double level,
                                                    int resamples, std::uint64_t seed) {
    // Each level has its own stream from the seed, so a level's interval does not depend on
    // which other levels were asked for.
    std::mt19937_64 generator(seed);
    const std::size_t n = sorted.size();
    const Percentiles::Rank rank = Percentiles::rankOf(n, level);
    const bool interpolated = rank.interpolated && rank.previous + 1 < n;
    const auto k = static_cast<double>(rank.previous + 1); // 1-based order statistic
    const auto size = static_cast<double>(n);
    std::vector<double> replicates;
    replicates.reserve(static_cast<std::size_t>(resamples));
    for (int r = 0; r < resamples; ++r) {
        // The k-th smallest of n uniforms is Beta(k, n-k+1).
        const double lower = beta(generator, k, size - k + 1);
        const double valueLower = sorted[indexOf(lower, n)];
        if (!interpolated) {
            replicates.push_back(valueLower);
            continue;
        }
        // Given it, the (k+1)-th is the smallest of the n-k uniforms above it.
        const double w = uniformOpen(generator);
        const double upper = lower - (1 - lower) * std::expm1(std::log(w) / (size - k));
        replicates.push_back(
            Percentiles::interpolate(valueLower, sorted[indexOf(upper, n)], rank.gamma));
    }
    return replicates;
}

} // namespace wb
