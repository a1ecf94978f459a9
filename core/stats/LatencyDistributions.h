#pragma once

#include "BoxSummary.h"
#include "Histogram.h"

#include <optional>
#include <utility>
#include <vector>

namespace wb {

// What the Distributions figure shows of latency runs (each given by its RTTs sorted
// ascending, in ms): histograms in common bins over one range, or box summaries with the
// outlier samples worth marking.
class LatencyDistributions {
public:
    // The histograms' range: `lo` and `hi` where given, else the runs' min and max ([0, 1]
    // when no run has samples).
    static std::pair<double, double> range(const std::vector<const std::vector<double>*>& runs,
                                           std::optional<double> lo, std::optional<double> hi);
    // Each run's histogram of `bins` bins over [lo, hi] (Histogram::of).
    static std::vector<Histogram> histograms(const std::vector<const std::vector<double>*>& runs,
                                             int bins, double lo, double hi);

    // A run's box and the samples beyond its whiskers that the plot marks: at most
    // kMaxOutlierMarks per side, evenly spaced ranks always with the extreme.
    struct Box {
        BoxSummary summary;
        std::vector<double> outlierMarks;
    };
    static Box box(const std::vector<double>& sorted, BoxSummary::Whiskers whiskers);

    // A box plot of millions of samples has tens of thousands beyond p1/p99; drawing all of
    // them is slow and reads as a solid bar, while this many ranks draw the same shape.
    static constexpr std::size_t kMaxOutlierMarks = 300;
};

} // namespace wb
