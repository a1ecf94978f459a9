#pragma once

#include <vector>

namespace wb {

// The empirical CDF of a sample: step function F(x) = (number of values <= x) / n.
struct EmpiricalCdf {
    std::vector<double> x; // distinct values, ascending
    std::vector<double> y; // F at each x, in (0, 1]

    static EmpiricalCdf of(std::vector<double> values);
    // From data already sorted ascending (avoids a second sort when percentiles sorted it).
    static EmpiricalCdf ofSorted(const std::vector<double>& sorted);
};

} // namespace wb
