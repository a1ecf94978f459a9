#include "LatencyDistributions.h"

#include <algorithm>

namespace wb {

namespace {

void appendTail(const std::vector<double>& sorted, std::size_t begin, std::size_t end,
                std::vector<double>* marks) {
    const std::size_t count = end - begin;
    if (count == 0)
        return;
    const std::size_t shown = std::min(count, LatencyDistributions::kMaxOutlierMarks);
    for (std::size_t i = 0; i < shown; ++i) {
        const std::size_t rank = shown == 1 ? begin : begin + i * (count - 1) / (shown - 1);
        marks->push_back(sorted[rank]);
    }
}

} // namespace

std::pair<double, double>
LatencyDistributions::range(const std::vector<const std::vector<double>*>& runs,
                            std::optional<double> lo, std::optional<double> hi) {
    double min = 0, max = 1;
    bool any = false;
    for (const std::vector<double>* sorted : runs) {
        if (sorted->empty())
            continue;
        min = any ? std::min(min, sorted->front()) : sorted->front();
        max = any ? std::max(max, sorted->back()) : sorted->back();
        any = true;
    }
    return {lo.value_or(min), hi.value_or(max)};
}

std::vector<Histogram>
LatencyDistributions::histograms(const std::vector<const std::vector<double>*>& runs, int bins,
                                 double lo, double hi) {
    std::vector<Histogram> out;
    out.reserve(runs.size());
    for (const std::vector<double>* sorted : runs)
        out.push_back(Histogram::of(*sorted, bins, lo, hi));
    return out;
}

LatencyDistributions::Box LatencyDistributions::box(const std::vector<double>& sorted,
                                                    BoxSummary::Whiskers whiskers) {
    Box box{BoxSummary::of(sorted, whiskers), {}};
    appendTail(sorted, 0, box.summary.outliersBelow, &box.outlierMarks);
    appendTail(sorted, sorted.size() - box.summary.outliersAbove, sorted.size(), &box.outlierMarks);
    return box;
}

} // namespace wb
