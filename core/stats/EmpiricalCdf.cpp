#include "EmpiricalCdf.h"

#include "Percentiles.h"

#include <algorithm>
#include <cmath>

namespace wb {

EmpiricalCdf EmpiricalCdf::of(std::vector<double> values) {
    values.erase(
        std::remove_if(values.begin(), values.end(), [](double v) { return std::isnan(v); }),
        values.end());
    Percentiles::sortAscending(values);
    return ofSorted(values);
}

EmpiricalCdf EmpiricalCdf::ofSorted(const std::vector<double>& sorted) {
    EmpiricalCdf cdf;
    const auto n = static_cast<double>(sorted.size());
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        // One point per distinct value, at the top of its step.
        if (i + 1 < sorted.size() && sorted[i + 1] == sorted[i])
            continue;
        cdf.x.push_back(sorted[i]);
        cdf.y.push_back(static_cast<double>(i + 1) / n);
    }
    return cdf;
}

} // namespace wb
