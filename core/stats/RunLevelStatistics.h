#pragma once

#include "Bootstrap.h"
#include "TwoSampleTests.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace wb {

// A group of repeated runs, each reduced to one value first (its p99, its SUM, its Jain's
// index): the runs, not the samples inside them, are the independent observations.
struct RunLevelSummary {
    std::size_t runs = 0;
    double mean = 0;
    double median = 0;
    double stddev = 0; // population, between runs
    double min = 0;
    double max = 0;
    // Percentile bootstrap of the mean over resampled runs; invalid with fewer than
    // RunLevelStatistics::kBootstrapRuns runs, where it would not hold its coverage.
    ConfidenceInterval meanInterval;
};

// Group B against group A on run values.
struct RunLevelComparison {
    std::size_t runsA = 0;
    std::size_t runsB = 0;
    double medianA = 0;
    double medianB = 0;
    double medianDifference = 0; // medianB - medianA
    // Bootstrap of the difference of medians, each group's runs resampled on their own;
    // invalid unless both groups have RunLevelStatistics::kBootstrapRuns runs or more.
    ConfidenceInterval medianDifferenceInterval;
    // Two-sided permutation test of the difference of means: every split of the pooled run
    // values when there are at most kExactPermutationLimit, else kPermutations random ones
    // (p = (hits + 1) / (kPermutations + 1)); method says which (Asymptotic: sampled).
    double permutationP = 1;
    PValueMethod permutationMethod = PValueMethod::Exact;
    MannWhitney mannWhitney;  // on the run values, scipy's rules (exact for small counts)
    double cliffsDelta = 0;   // P(b > a) - P(b < a) over all pairs of runs
    double hodgesLehmann = 0; // median of all pairwise differences b - a (PairwiseDifferences)

    // With one run on either side no between-run variation could be estimated: the tests
    // above have no power and the intervals are invalid.
    bool betweenRunVariation() const { return runsA >= 2 && runsB >= 2; }
};

class RunLevelStatistics {
public:
    static constexpr double kExactPermutationLimit = 200000;
    static constexpr int kPermutations = 20000;

    static RunLevelSummary summarize(const std::vector<double>& runValues,
                                     const BootstrapOptions& options = {});

    // A statistic of the pooled samples of several runs (p99 of all their RTTs, say) with a
    // CI from a cluster bootstrap: each replicate draws whole runs with replacement and pools
    // them, so the correlation inside a run is kept. Invalid with fewer than kBootstrapRuns.
    using PooledStatistic = std::function<double(const std::vector<double>& pooled)>;
    static ConfidenceInterval clusterBootstrap(const std::vector<std::vector<double>>& runs,
                                               const PooledStatistic& statistic,
                                               const BootstrapOptions& options = {});

    static RunLevelComparison compare(const std::vector<double>& a, const std::vector<double>& b,
                                      const BootstrapOptions& options = {});

    // The smallest two-sided permutation p-value runsA against runsB runs can give: 2 over
    // the number of splits when they are enumerated (3 against 3: 0.10), else that of the
    // sampled test. Fewer runs than this allows cannot show a difference at a smaller level.
    static double smallestPermutationP(std::size_t runsA, std::size_t runsB);
    // Below this many runs on a side a percentile bootstrap of the runs does not keep its
    // stated coverage (its 95 % interval is far narrower than one that does), so no interval
    // is presented.
    static constexpr std::size_t kBootstrapRuns = 5;

    // The building blocks, public for tests.
    static double permutationPValue(const std::vector<double>& a, const std::vector<double>& b,
                                    const BootstrapOptions& options, PValueMethod* method);
    static double cliffsDelta(const std::vector<double>& a, const std::vector<double>& b);
    // Median of the n · m differences b - a, in O(n + m) memory; NaN when one is NaN.
    static double hodgesLehmann(const std::vector<double>& a, const std::vector<double>& b);
};

} // namespace wb
