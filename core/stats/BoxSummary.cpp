#include "BoxSummary.h"

#include "Percentiles.h"

#include <algorithm>
#include <cmath>

namespace wb {

BoxSummary BoxSummary::of(const std::vector<double>& sorted, Whiskers whiskers) {
    BoxSummary box;
    if (sorted.empty()) {
        const double nan = std::nan("");
        box.min = box.max = box.q1 = box.median = box.q3 = nan;
        box.lowerWhisker = box.upperWhisker = nan;
        return box;
    }
    box.count = sorted.size();
    box.min = sorted.front();
    box.max = sorted.back();
    box.q1 = Percentiles::ofSorted(sorted, 25);
    box.median = Percentiles::ofSorted(sorted, 50);
    box.q3 = Percentiles::ofSorted(sorted, 75);
    if (whiskers == Whiskers::Percentile1To99) {
        box.lowerWhisker = Percentiles::ofSorted(sorted, 1);
        box.upperWhisker = Percentiles::ofSorted(sorted, 99);
    } else {
        // Tukey's whiskers end on data, never on the fence itself, so they never reach past
        // the min or max.
        const double iqr = box.q3 - box.q1;
        const double lowFence = box.q1 - 1.5 * iqr;
        const double highFence = box.q3 + 1.5 * iqr;
        box.lowerWhisker = *std::lower_bound(sorted.begin(), sorted.end(), lowFence);
        box.upperWhisker = *(std::upper_bound(sorted.begin(), sorted.end(), highFence) - 1);
    }
    box.outliersBelow = static_cast<std::size_t>(
        std::lower_bound(sorted.begin(), sorted.end(), box.lowerWhisker) - sorted.begin());
    box.outliersAbove = static_cast<std::size_t>(
        sorted.end() - std::upper_bound(sorted.begin(), sorted.end(), box.upperWhisker));
    return box;
}

} // namespace wb
