#pragma once

#include <cstdint>
#include <vector>

namespace wb {

// Equal-width histogram computed as numpy.histogram(values, bins, range=[lo, hi]) does,
// including its edge arithmetic, so bin counts match the QJump artifact's 25-bin output.
struct Histogram {
    std::vector<double> edges;        // bins + 1 edges, ascending
    std::vector<std::int64_t> counts; // values per bin; the last bin includes its right edge
    std::int64_t total = 0;           // values counted (values outside the range are not)

    // Percentage of all counted values in bin i, as the artifact's hist_out.ssv writes it.
    double percent(std::size_t bin) const;

    // bins over [lo, hi]; with lo == hi numpy widens the range to [lo - 0.5, hi + 0.5].
    static Histogram of(const std::vector<double>& values, int bins, double lo, double hi);
    // The artifact's default: 25 bins over [min, max] of the data.
    static Histogram artifactDefault(const std::vector<double>& values);
};

} // namespace wb
