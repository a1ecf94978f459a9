#include "Histogram.h"

#include <algorithm>
#include <cmath>

namespace wb {

double Histogram::percent(std::size_t bin) const {
    return total == 0 ? 0.0 : static_cast<double>(counts[bin]) * 100.0 / static_cast<double>(total);
}

Histogram Histogram::of(const std::vector<double>& values, int bins, double lo, double hi) {
    Histogram histogram;
    if (bins <= 0 || !std::isfinite(lo) || !std::isfinite(hi) || lo > hi)
        return histogram;
    if (lo == hi) {
        lo -= 0.5;
        hi += 0.5;
    }
    // np.linspace(lo, hi, bins + 1): start + i * step, with the last edge exactly hi.
    const double step = (hi - lo) / bins;
    histogram.edges.resize(static_cast<std::size_t>(bins) + 1);
    for (int i = 0; i <= bins; ++i)
        histogram.edges[static_cast<std::size_t>(i)] = i * step + lo;
    histogram.edges.back() = hi;
    histogram.counts.assign(static_cast<std::size_t>(bins), 0);

    // numpy's fast path for equal bins: scale, truncate, then correct by comparing with edges.
    const double norm = bins / (hi - lo);
    for (double value : values) {
        if (!(value >= lo && value <= hi))
            continue;
        auto index = static_cast<std::int64_t>((value - lo) * norm);
        if (index == bins)
            --index;
        if (value < histogram.edges[static_cast<std::size_t>(index)])
            --index;
        else if (index != bins - 1 && value >= histogram.edges[static_cast<std::size_t>(index) + 1])
            ++index;
        ++histogram.counts[static_cast<std::size_t>(index)];
        ++histogram.total;
    }
    return histogram;
}

Histogram Histogram::artifactDefault(const std::vector<double>& values) {
    if (values.empty())
        return {};
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    return of(values, 25, *lo, *hi);
}

} // namespace wb
