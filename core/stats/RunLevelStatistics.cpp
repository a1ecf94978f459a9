#include "RunLevelStatistics.h"

#include "PairwiseDifferences.h"
#include "Percentiles.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <numeric>
#include <random>

namespace wb {

namespace {

double medianOf(std::vector<double> values) {
    Percentiles::sortAscending(values);
    return Percentiles::ofSorted(values, 50);
}

std::vector<double> sorted(std::vector<double> values) {
    Percentiles::sortAscending(values);
    return values;
}

// The percentile interval of bootstrap replicates.
ConfidenceInterval intervalOf(std::vector<double> replicates, double confidence) {
    Percentiles::sortAscending(replicates);
    const double tail = (1 - confidence) / 2 * 100;
    return {Percentiles::ofSorted(replicates, tail), Percentiles::ofSorted(replicates, 100 - tail)};
}

std::vector<double> resample(const std::vector<double>& values, std::mt19937_64& generator) {
    std::vector<double> out(values.size());
    for (double& value : out)
        value = values[Bootstrap::uniformIndex(generator, values.size())];
    return out;
}

// C(n, k) as a double (it only decides between enumerating and sampling).
double combinations(std::size_t n, std::size_t k) {
    double c = 1;
    for (std::size_t i = 1; i <= k; ++i)
        c = c * double(n - k + i) / double(i);
    return c;
}

} // namespace

RunLevelSummary RunLevelStatistics::summarize(const std::vector<double>& runValues,
                                              const BootstrapOptions& options) {
    RunLevelSummary summary;
    summary.runs = runValues.size();
    if (runValues.empty())
        return summary;
    const std::vector<double> ordered = sorted(runValues);
    const Moments moments = Moments::of(runValues);
    summary.mean = moments.mean;
    summary.stddev = moments.stddev;
    summary.median = Percentiles::ofSorted(ordered, 50);
    summary.min = ordered.front();
    summary.max = ordered.back();
    if (runValues.size() >= kBootstrapRuns)
        summary.meanInterval = Bootstrap::mean(runValues, options);
    return summary;
}

ConfidenceInterval
RunLevelStatistics::clusterBootstrap(const std::vector<std::vector<double>>& runs,
                                     const PooledStatistic& statistic,
                                     const BootstrapOptions& options) {
    if (runs.size() < kBootstrapRuns)
        return {};
    std::mt19937_64 generator(options.seed);
    std::vector<double> replicates;
    replicates.reserve(static_cast<std::size_t>(options.resamples));
    std::vector<double> pooled;
    for (int r = 0; r < options.resamples; ++r) {
        pooled.clear();
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const std::vector<double>& run = runs[Bootstrap::uniformIndex(generator, runs.size())];
            pooled.insert(pooled.end(), run.begin(), run.end());
        }
        replicates.push_back(statistic(pooled));
    }
    return intervalOf(std::move(replicates), options.confidence);
}

double RunLevelStatistics::smallestPermutationP(std::size_t runsA, std::size_t runsB) {
    if (runsA == 0 || runsB == 0)
        return 1;
    const double splits = combinations(runsA + runsB, runsA);
    return std::min(1.0, splits <= kExactPermutationLimit ? 2 / splits : 2.0 / (kPermutations + 1));
}

double RunLevelStatistics::permutationPValue(const std::vector<double>& a,
                                             const std::vector<double>& b,
                                             const BootstrapOptions& options,
                                             PValueMethod* method) {
    std::vector<double> pooled = a;
    pooled.insert(pooled.end(), b.begin(), b.end());
    const std::size_t n = pooled.size();
    const std::size_t k = a.size();
    if (k == 0 || k == n)
        return 1;
    const double total = std::accumulate(pooled.begin(), pooled.end(), 0.0);
    // mean(B') - mean(A') of a split whose A' adds up to sumA.
    const auto statistic = [&](double sumA) {
        return (total - sumA) / double(n - k) - sumA / double(k);
    };
    // The observed split is the first one enumerated (A's values, summed in their order), so
    // its statistic is computed exactly as the enumeration computes it.
    const double observed = statistic(std::accumulate(a.begin(), a.end(), 0.0));
    // Splits this close to the observed value count as reaching it: the same values summed in
    // another order differ in their last bits, by up to a few ulps of the sums (scipy's
    // permutation_test has such a tolerance too).
    double largest = 0;
    for (double value : pooled)
        largest = std::max(largest, std::abs(value));
    const double gamma = 100 * DBL_EPSILON * double(n) * largest;
    std::int64_t atLeast = 0;
    std::int64_t atMost = 0;
    std::int64_t splits = 0;
    const auto count = [&](double sumA) {
        const double value = statistic(sumA);
        atLeast += value >= observed - gamma;
        atMost += value <= observed + gamma;
        ++splits;
    };
    if (combinations(n, k) <= kExactPermutationLimit) {
        *method = PValueMethod::Exact;
        std::vector<bool> inA(n, false);
        std::fill(inA.begin(), inA.begin() + static_cast<std::ptrdiff_t>(k), true);
        do {
            double sumA = 0;
            for (std::size_t i = 0; i < n; ++i)
                if (inA[i])
                    sumA += pooled[i];
            count(sumA);
        } while (std::prev_permutation(inA.begin(), inA.end()));
        const double p = 2 * double(std::min(atLeast, atMost)) / double(splits);
        return std::min(1.0, p);
    }
    *method = PValueMethod::Asymptotic; // a random sample of the splits
    std::mt19937_64 generator(options.seed);
    for (int r = 0; r < kPermutations; ++r) {
        // The first k places of a Fisher–Yates shuffle are a uniform random A'.
        double sumA = 0;
        for (std::size_t i = 0; i < k; ++i) {
            std::swap(pooled[i], pooled[i + Bootstrap::uniformIndex(generator, n - i)]);
            sumA += pooled[i];
        }
        count(sumA);
    }
    const double p = 2 * double(std::min(atLeast, atMost) + 1) / double(splits + 1);
    return std::min(1.0, p);
}

double RunLevelStatistics::cliffsDelta(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.empty() || b.empty())
        return 0;
    std::int64_t above = 0;
    std::int64_t below = 0;
    for (double x : a)
        for (double y : b) {
            above += y > x;
            below += y < x;
        }
    return double(above - below) / (double(a.size()) * double(b.size()));
}

double RunLevelStatistics::hodgesLehmann(const std::vector<double>& a,
                                         const std::vector<double>& b) {
    return PairwiseDifferences(a, b).percentile(50);
}

RunLevelComparison RunLevelStatistics::compare(const std::vector<double>& a,
                                               const std::vector<double>& b,
                                               const BootstrapOptions& options) {
    RunLevelComparison out;
    out.runsA = a.size();
    out.runsB = b.size();
    if (a.empty() || b.empty())
        return out;
    out.medianA = medianOf(a);
    out.medianB = medianOf(b);
    out.medianDifference = out.medianB - out.medianA;
    out.permutationP = permutationPValue(a, b, options, &out.permutationMethod);
    out.mannWhitney = TwoSampleTests::mannWhitney(sorted(a), sorted(b));
    out.cliffsDelta = cliffsDelta(a, b);
    out.hodgesLehmann = hodgesLehmann(a, b);
    if (a.size() >= kBootstrapRuns && b.size() >= kBootstrapRuns) {
        std::mt19937_64 generator(options.seed);
        std::vector<double> replicates;
        replicates.reserve(static_cast<std::size_t>(options.resamples));
        for (int r = 0; r < options.resamples; ++r) {
            const double medianA = medianOf(resample(a, generator));
            replicates.push_back(medianOf(resample(b, generator)) - medianA);
        }
        out.medianDifferenceInterval = intervalOf(std::move(replicates), options.confidence);
    }
    return out;
}

} // namespace wb
