#pragma once

#include <cstdint>
#include <vector>

namespace wb {

// How a p-value was obtained, so reports can say it.
enum class PValueMethod { Exact, Asymptotic };

// Two-sided two-sample Kolmogorov–Smirnov test, as scipy.stats.ks_2samp(method='auto').
struct KolmogorovSmirnov {
    double statistic = 0; // D = max |F_A(x) - F_B(x)|
    double pValue = 1;
    PValueMethod method = PValueMethod::Exact;
    // Where D is reached: the smallest sample value x with |F_A(x) - F_B(x)| = D, and both
    // empirical CDFs there (F(x) = share of values <= x), the ends of the segment a plot
    // marks D with. NaN when a sample is empty.
    double location = 0;
    double cdfA = 0;
    double cdfB = 0;
};

// Two-sided Mann–Whitney U test, as scipy.stats.mannwhitneyu(use_continuity=True,
// alternative='two-sided', method='auto').
struct MannWhitney {
    double u = 0; // U1: of sample A, counting a tie with B as one half
    double pValue = 1;
    PValueMethod method = PValueMethod::Exact;
};

// Both tests take samples sorted ascending without NaN (DatasetAnalysis::sortedRttMs,
// Percentiles::sorted()): then each is one O(n) merge, ties handled as groups of equal values.
class TwoSampleTests {
public:
    // scipy's rule: exact p-value when max(n1, n2) <= kKsExactLimit, else the asymptotic
    // Kolmogorov distribution Q(sqrt(n1·n2/(n1+n2))·D).
    static constexpr std::size_t kKsExactLimit = 10000;
    // scipy's rule: exact p-value when the smaller sample has <= kMwuExactLimit values and
    // there are no ties, else the normal approximation with tie and continuity corrections.
    // scipy has no size cap; the exact table here needs n1·n2 doubles, so beyond
    // kMwuExactCells the normal approximation is used too.
    static constexpr std::size_t kMwuExactLimit = 8;
    static constexpr double kMwuExactCells = 1e7;

    static KolmogorovSmirnov kolmogorovSmirnov(const std::vector<double>& sortedA,
                                               const std::vector<double>& sortedB);
    static MannWhitney mannWhitney(const std::vector<double>& sortedA,
                                   const std::vector<double>& sortedB);

    // The building blocks, public for tests and for callers with their own statistic.
    // P(D >= h / lcm(n1, n2)) under H0 for two samples of n1 and n2 distinct values: the share
    // of the C(n1+n2, n1) merge orders whose ECDF difference reaches h/lcm; O(n1·n2).
    static double ksExactPValue(std::int64_t n1, std::int64_t n2, std::int64_t h);
    // Survival function of the Kolmogorov distribution: P(K >= lambda).
    static double kolmogorovSurvival(double lambda);
    // P(U >= u) under H0 without ties: the Gaussian binomial coefficient's coefficients.
    static double mannWhitneyExactSurvival(std::int64_t n1, std::int64_t n2, double u);
    // P(Z >= z) of the standard normal distribution.
    static double normalSurvival(double z);
};

} // namespace wb
