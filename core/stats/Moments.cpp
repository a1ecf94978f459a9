#include "Moments.h"

#include <cmath>
#include <numeric>

namespace wb {

Moments Moments::of(const std::vector<double>& values) {
    Moments moments;
    if (values.empty())
        return moments;
    const auto n = static_cast<double>(values.size());
    moments.mean = std::accumulate(values.begin(), values.end(), 0.0) / n;
    double squares = 0;
    for (double value : values)
        squares += (value - moments.mean) * (value - moments.mean);
    moments.stddev = std::sqrt(squares / n);
    return moments;
}

} // namespace wb
