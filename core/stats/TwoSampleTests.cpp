#include "TwoSampleTests.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace wb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double clipProbability(double p) {
    return std::clamp(p, 0.0, 1.0);
}

// Walks both sorted samples one distinct value at a time: calls step(below, equalA, equalB)
// where `below` counts the values of A and of B smaller than the current value and equalA,
// equalB how many of each equal it. Ties between and within the samples are thus one step.
template <typename Step>
void forEachDistinctValue(const std::vector<double>& a, const std::vector<double>& b, Step step) {
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.size() || j < b.size()) {
        const double value = j >= b.size() ? a[i] : i >= a.size() ? b[j] : std::min(a[i], b[j]);
        const std::size_t fromA = i;
        const std::size_t fromB = j;
        while (i < a.size() && a[i] == value)
            ++i;
        while (j < b.size() && b[j] == value)
            ++j;
        step(fromA, fromB, i - fromA, j - fromB);
    }
}

} // namespace

KolmogorovSmirnov TwoSampleTests::kolmogorovSmirnov(const std::vector<double>& sortedA,
                                                    const std::vector<double>& sortedB) {
    KolmogorovSmirnov result;
    if (sortedA.empty() || sortedB.empty())
        return {kNaN, kNaN, PValueMethod::Exact, kNaN, kNaN, kNaN};
    const auto n1 = static_cast<std::int64_t>(sortedA.size());
    const auto n2 = static_cast<std::int64_t>(sortedB.size());
    const std::int64_t g = std::gcd(n1, n2);
    // In units of 1/lcm(n1, n2) the ECDF difference i/n1 - j/n2 is the integer
    // i·(n2/g) - j·(n1/g): the statistic is exact, and its lattice height h feeds the exact
    // p-value directly.
    std::int64_t h = 0;
    forEachDistinctValue(
        sortedA, sortedB,
        [&](std::size_t belowA, std::size_t belowB, std::size_t equalA, std::size_t equalB) {
            const auto i = static_cast<std::int64_t>(belowA + equalA);
            const auto j = static_cast<std::int64_t>(belowB + equalB);
            const std::int64_t height = std::abs(i * (n2 / g) - j * (n1 / g));
            if (height <= h)
                return; // the first (smallest) value reaching the maximum stays its location
            h = height;
            result.location = equalA > 0 ? sortedA[belowA] : sortedB[belowB];
            result.cdfA = static_cast<double>(i) / static_cast<double>(n1);
            result.cdfB = static_cast<double>(j) / static_cast<double>(n2);
        });
    const double lcm = static_cast<double>(n1 / g) * static_cast<double>(n2);
    result.statistic = static_cast<double>(h) / lcm;
    if (h == 0) { // identical samples: the CDFs touch everywhere, at the smallest value too
        result.location = std::min(sortedA.front(), sortedB.front());
        result.cdfA =
            static_cast<double>(std::upper_bound(sortedA.begin(), sortedA.end(), result.location) -
                                sortedA.begin()) /
            static_cast<double>(n1);
        result.cdfB = result.cdfA;
    }
    if (static_cast<std::size_t>(std::max(n1, n2)) <= kKsExactLimit) {
        result.method = PValueMethod::Exact;
        result.pValue = ksExactPValue(n1, n2, h);
    } else {
        result.method = PValueMethod::Asymptotic;
        const double n = static_cast<double>(n1) * static_cast<double>(n2) /
                         (static_cast<double>(n1) + static_cast<double>(n2));
        result.pValue = kolmogorovSurvival(std::sqrt(n) * result.statistic);
    }
    return result;
}

double TwoSampleTests::ksExactPValue(std::int64_t n1, std::int64_t n2, std::int64_t h) {
    if (h <= 0)
        return 1;
    const std::int64_t g = std::gcd(n1, n2);
    const std::int64_t stepA = n2 / g; // what one more value of A adds to i·n2/g - j·n1/g
    const std::int64_t stepB = n1 / g;
    // A merge order is a lattice path from (0, 0) to (n1, n2); all C(n1+n2, n1) are equally
    // likely. in[j] is the probability of reaching (i, j) without having touched the band's
    // edge |i·stepA - j·stepB| >= h; the mass that reaches the edge is the p-value. Summing
    // the edge mass (rather than 1 - mass inside) keeps tiny p-values exact. Each row visits
    // only the cells a path still inside can reach: from below the row above's first inside
    // cell to the first cell beyond the right edge.
    std::vector<double> in(static_cast<std::size_t>(n2) + 1, 0.0);
    double outside = 0;
    std::int64_t firstJ = 0; // the row's first cell: where the row above could step down to
    for (std::int64_t i = 0; i <= n1; ++i) {
        const std::int64_t lastJ = std::min(n2, (i * stepA + h + stepB - 1) / stepB);
        double left = 0; // in(i, j-1): the cell before firstJ is beyond the edge
        std::int64_t nextFirstJ = -1;
        for (std::int64_t j = firstJ; j <= lastJ; ++j) {
            const auto remainingA = static_cast<double>(n1 - i);
            const auto remainingB = static_cast<double>(n2 - j);
            double mass = i == 0 && j == 0 ? 1 : 0;
            if (i > 0) // a step of A from (i-1, j)
                mass += in[static_cast<std::size_t>(j)] * (remainingA + 1) /
                        (remainingA + 1 + remainingB);
            if (j > firstJ) // a step of B from (i, j-1)
                mass += left * (remainingB + 1) / (remainingA + remainingB + 1);
            if (std::abs(i * stepA - j * stepB) >= h) {
                outside += mass;
                mass = 0;
            } else if (nextFirstJ < 0) {
                nextFirstJ = j;
            }
            in[static_cast<std::size_t>(j)] = mass;
            left = mass;
        }
        if (nextFirstJ < 0)
            break; // no path is inside any more: all the mass has reached the edge
        firstJ = nextFirstJ;
    }
    return clipProbability(outside);
}

double TwoSampleTests::kolmogorovSurvival(double lambda) {
    if (!(lambda > 0))
        return 1;
    constexpr double kPi = 3.14159265358979323846;
    // Two series for the same function; each converges in a few terms on its side of 1.18.
    if (lambda < 1.18) {
        const double w = kPi * kPi / (8 * lambda * lambda);
        double cdf = 0;
        for (int k = 1; k <= 20; ++k) {
            const double odd = 2.0 * k - 1;
            cdf += std::exp(-odd * odd * w);
        }
        return clipProbability(1 - std::sqrt(2 * kPi) / lambda * cdf);
    }
    double survival = 0;
    for (int k = 1; k <= 100; ++k) {
        const double term = std::exp(-2.0 * k * k * lambda * lambda);
        survival += (k % 2 == 1 ? 2 : -2) * term;
        if (term < 1e-300)
            break;
    }
    return clipProbability(survival);
}

MannWhitney TwoSampleTests::mannWhitney(const std::vector<double>& sortedA,
                                        const std::vector<double>& sortedB) {
    if (sortedA.empty() || sortedB.empty())
        return {kNaN, kNaN, PValueMethod::Exact};
    const auto n1 = static_cast<double>(sortedA.size());
    const auto n2 = static_cast<double>(sortedB.size());
    // U1 counts the pairs (a, b) with a > b, a tie as one half; twice that is an integer.
    std::int64_t twiceU1 = 0;
    double tieTerm = 0; // Σ (t³ - t) over groups of t equal values in the pooled sample
    bool ties = false;
    forEachDistinctValue(
        sortedA, sortedB,
        [&](std::size_t, std::size_t belowB, std::size_t equalA, std::size_t equalB) {
            twiceU1 +=
                static_cast<std::int64_t>(equalA) * static_cast<std::int64_t>(2 * belowB + equalB);
            const auto t = static_cast<double>(equalA + equalB);
            if (t > 1) {
                ties = true;
                tieTerm += t * t * t - t;
            }
        });
    MannWhitney result;
    result.u = static_cast<double>(twiceU1) / 2;
    // Two-sided: twice the survival function at the larger of U1 and U2 = n1·n2 - U1.
    const double u = std::max(result.u, n1 * n2 - result.u);
    const bool small = std::min(n1, n2) <= static_cast<double>(kMwuExactLimit);
    if (small && !ties && n1 * n2 <= kMwuExactCells) {
        result.method = PValueMethod::Exact;
        result.pValue = clipProbability(
            2 * mannWhitneyExactSurvival(static_cast<std::int64_t>(sortedA.size()),
                                         static_cast<std::int64_t>(sortedB.size()), u));
        return result;
    }
    result.method = PValueMethod::Asymptotic;
    const double n = n1 + n2;
    const double sigma = std::sqrt(n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1))));
    if (!(sigma > 0)) { // every value equal: no evidence either way
        result.pValue = 1;
        return result;
    }
    // The continuity correction always subtracts: the survival function at U then includes
    // the probability mass at U itself.
    const double z = (u - n1 * n2 / 2 - 0.5) / sigma;
    result.pValue = clipProbability(2 * normalSurvival(z));
    return result;
}

double TwoSampleTests::mannWhitneyExactSurvival(std::int64_t n1, std::int64_t n2, double u) {
    const std::int64_t m = std::min(n1, n2);
    const std::int64_t n = std::max(n1, n2);
    const std::int64_t cells = m * n;
    // The number of merge orders with U = k is the coefficient of q^k in the Gaussian binomial
    // [m+n choose m]_q = Π_{k=1..m} (1 - q^(n+k)) / (1 - q^k); every partial product is a
    // polynomial with non-negative coefficients, built one factor at a time.
    std::vector<double> counts(static_cast<std::size_t>(cells + m) + 1, 0.0);
    counts[0] = 1;
    for (std::int64_t k = 1; k <= m; ++k) {
        const std::int64_t degree = (k - 1) * n;
        for (std::int64_t e = degree + n + k; e >= n + k; --e)
            counts[static_cast<std::size_t>(e)] -= counts[static_cast<std::size_t>(e - n - k)];
        for (std::int64_t e = k; e <= k * n; ++e)
            counts[static_cast<std::size_t>(e)] += counts[static_cast<std::size_t>(e - k)];
        for (std::int64_t e = k * n + 1; e <= degree + n + k; ++e)
            counts[static_cast<std::size_t>(e)] = 0; // exactly divisible: rounding residue only
    }
    counts.resize(static_cast<std::size_t>(cells) + 1);
    const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
    // P(U >= u) = P(U <= cells - u) by symmetry; add the shorter, lower tail.
    const auto threshold = static_cast<std::int64_t>(std::ceil(u));
    if (threshold <= 0)
        return 1;
    if (threshold > cells)
        return 0;
    double tail = 0;
    for (std::int64_t k = 0; k <= cells - threshold; ++k)
        tail += counts[static_cast<std::size_t>(k)];
    return clipProbability(tail / total);
}

double TwoSampleTests::normalSurvival(double z) {
    return 0.5 * std::erfc(z / std::sqrt(2.0));
}

} // namespace wb
