#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace wb {

// Exact percentiles identical to numpy.percentile's default ("linear") method: for n sorted
// values the percentile p sits at virtual index h = (n-1)·p/100 and is interpolated between
// its neighbours the way numpy does it, so reports agree with numpy to the last printed digit.
class Percentiles {
public:
    explicit Percentiles(std::vector<double> values);

    // p in [0, 100]; NaN when there are no values or any value is NaN (as numpy returns).
    double at(double p) const;
    std::vector<double> at(const std::vector<double>& ps) const;

    const std::vector<double>& sorted() const& { return m_sorted; }
    std::vector<double> sorted() && { return std::move(m_sorted); } // handed over, not copied
    bool empty() const { return m_sorted.empty(); }
    bool containsNaN() const { return m_containsNaN; }

    // Sorts values without NaN ascending (Boost's pdqsort; -0.0 and 0.0 are equal, in
    // either order, as with std::sort).
    static void sortAscending(std::vector<double>& values);
    // The same rule on data already sorted ascending (no NaN).
    static double ofSorted(const std::vector<double>& sorted, double p);
    // The same numbers for a few levels without sorting the values: by counting distinct
    // values when there are few (logged RTTs), else by selection (std::nth_element).
    static std::vector<double> select(const std::vector<double>& values,
                                      const std::vector<double>& ps);

    // select() without trying to count: by std::nth_element on a copy.
    static std::vector<double> selectByPartition(const std::vector<double>& values,
                                                 const std::vector<double>& ps);

    // Each distinct value with how often it occurs, ascending.
    using DistinctCounts = std::vector<std::pair<double, std::size_t>>;
    // The distinct values of `values` when they are few, as logged RTTs with their three
    // decimals are (then counting them is cheaper than any selection); nullopt when they are too
    // varied for that to pay, or hold a NaN or -0.
    static std::optional<DistinctCounts> countDistinct(const std::vector<double>& values);
    // select() from such counts of `count` values.
    static std::vector<double> fromCounts(const DistinctCounts& counts, std::size_t count,
                                          const std::vector<double>& ps);

    // Where percentile p of n sorted values sits: between sorted indices `previous` and
    // `previous + 1`, a fraction gamma of the way; at the ends exactly on the first or last.
    struct Rank {
        std::size_t previous = 0;
        double gamma = 0;
        bool interpolated = true;
    };
    static Rank rankOf(std::size_t count, double p);
    // numpy's _lerp between the values at those two indices.
    static double interpolate(double a, double b, double gamma);

private:
    std::vector<double> m_sorted;
    bool m_containsNaN = false;
};

// The mean and the population standard deviation (ddof = 0) of values, summed in their order
// as numpy and the Perl references compute them; both 0 for no values.
struct Moments {
    double mean = 0;
    double stddev = 0;

    static Moments of(const std::vector<double>& values);
};

} // namespace wb
