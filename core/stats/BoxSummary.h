#pragma once

#include <cstddef>
#include <vector>

namespace wb {

// The five numbers a box plot draws, plus how many samples lie beyond its whiskers.
struct BoxSummary {
    enum class Whiskers {
        Percentile1To99, // whiskers at p1 and p99: the same 2 % of every run is "outside"
        Tukey,           // at the furthest samples within 1.5 IQR of the box (Tukey's rule)
    };

    std::size_t count = 0;
    double min = 0, max = 0;
    double q1 = 0, median = 0, q3 = 0; // numpy linear p25, p50, p75
    double lowerWhisker = 0, upperWhisker = 0;
    std::size_t outliersBelow = 0; // samples < lowerWhisker
    std::size_t outliersAbove = 0; // samples > upperWhisker

    std::size_t outliers() const { return outliersBelow + outliersAbove; }

    // From samples sorted ascending (no NaN); all values NaN and counts 0 when empty.
    static BoxSummary of(const std::vector<double>& sorted, Whiskers whiskers);
};

} // namespace wb
