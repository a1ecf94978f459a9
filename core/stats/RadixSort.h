#pragma once

#include <vector>

namespace wb {

// Sorts doubles ascending, as std::sort does (-0.0 and 0.0 are equal, in either order).
// Big inputs are sorted by their bits, 11 at a time from the least significant (an LSD radix
// sort, O(n)), a million or more in two halves on two cores and then merged: 5 million RTTs
// in about half of std::sort's time (bench_core sortSamples), which the CDF, compare and
// pooling of a big dataset wait for. NaN has no place in an ascending order: the caller
// removes it first.
void sortAscending(std::vector<double>& values);

} // namespace wb
