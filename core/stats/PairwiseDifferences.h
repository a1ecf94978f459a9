#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wb {

// The n · m differences b[j] - a[i] of two samples, without forming them: order statistics of
// the differences in O(n + m) memory. Twenty thousand runs a side are 400 million
// differences (3.2 GB as doubles); here they cost the two sorted samples.
//
// With a and b sorted ascending, the computed differences (floating-point subtraction is
// monotonic in each operand) fall along each row and rise along each column, so how many are
// at most t is counted along a staircase in O(n + m). The k-th smallest is the least double
// t that at least k + 1 differences reach, found by bisecting the doubles in their order
// (at most 64 counts). It is exactly the value a sort of all the differences puts at k.
class PairwiseDifferences {
public:
    // The samples in any order; NaN or infinities that make a difference NaN (the same
    // infinity on both sides) leave hasNaN() true.
    PairwiseDifferences(std::vector<double> a, std::vector<double> b);

    std::uint64_t count() const { return std::uint64_t(m_a.size()) * m_b.size(); }
    bool hasNaN() const { return m_hasNaN; }

    // The k-th smallest difference (0-based, k < count()), as a sort of them all would place
    // it; NaN when hasNaN().
    double kthSmallest(std::uint64_t k) const;
    // Percentile p of the differences by Percentiles' (numpy's linear) rule; the median is
    // p = 50, the average of the two middle differences when their count is even.
    double percentile(double p) const;

private:
    // How many differences are <= t.
    std::uint64_t countAtMost(double t) const;
    // The least difference > t; +infinity when none is.
    double leastAbove(double t) const;

    std::vector<double> m_a; // ascending
    std::vector<double> m_b; // ascending
    bool m_hasNaN = false;
};

} // namespace wb
