#pragma once

#include <vector>

namespace wb {

// The mean and the population standard deviation (ddof = 0) of values, summed in their order
// as numpy and the Perl references compute them; both 0 for no values.
struct Moments {
    double mean = 0;
    double stddev = 0;

    static Moments of(const std::vector<double>& values);
};

} // namespace wb
