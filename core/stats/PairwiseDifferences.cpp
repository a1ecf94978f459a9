#include "PairwiseDifferences.h"

#include "Percentiles.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace wb {

namespace {

bool anyNaN(const std::vector<double>& values) {
    for (double value : values)
        if (std::isnan(value))
            return true;
    return false;
}

// The doubles (without NaN) as unsigned integers in the same order: -infinity is the least,
// -0 comes just before +0, +infinity is the greatest.
std::uint64_t orderedKey(double value) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    constexpr std::uint64_t sign = std::uint64_t{1} << 63;
    return (bits & sign) ? ~bits : bits | sign;
}

double fromOrderedKey(std::uint64_t key) {
    constexpr std::uint64_t sign = std::uint64_t{1} << 63;
    const std::uint64_t bits = (key & sign) ? key & ~sign : ~key;
    double value = 0;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

} // namespace

PairwiseDifferences::PairwiseDifferences(std::vector<double> a, std::vector<double> b)
    : m_a(std::move(a)), m_b(std::move(b)) {
    m_hasNaN = anyNaN(m_a) || anyNaN(m_b);
    if (m_hasNaN)
        return;
    Percentiles::sortAscending(m_a);
    Percentiles::sortAscending(m_b);
    // inf - inf: the only way two numbers give a NaN difference.
    const auto has = [](const std::vector<double>& sorted, double infinity) {
        return !sorted.empty() && (sorted.front() == infinity || sorted.back() == infinity);
    };
    constexpr double inf = std::numeric_limits<double>::infinity();
    m_hasNaN = (has(m_a, inf) && has(m_b, inf)) || (has(m_a, -inf) && has(m_b, -inf));
}

std::uint64_t PairwiseDifferences::countAtMost(double t) const {
    // For b[j] ascending, the differences of row j that are <= t are those with a[i] from some
    // index on, and that index never moves back.
    std::uint64_t atMost = 0;
    std::size_t first = 0;
    for (double y : m_b) {
        while (first < m_a.size() && y - m_a[first] > t)
            ++first;
        atMost += m_a.size() - first;
    }
    return atMost;
}

double PairwiseDifferences::leastAbove(double t) const {
    double least = std::numeric_limits<double>::infinity();
    std::size_t first = 0;
    for (double y : m_b) {
        while (first < m_a.size() && y - m_a[first] > t)
            ++first;
        if (first > 0) // the row's least difference above t
            least = std::min(least, y - m_a[first - 1]);
    }
    return least;
}

double PairwiseDifferences::kthSmallest(std::uint64_t k) const {
    if (m_hasNaN || k >= count())
        return std::nan("");
    // The least key whose double at least k + 1 differences reach lies between the least and
    // the greatest difference.
    std::uint64_t low = orderedKey(m_b.front() - m_a.back());
    std::uint64_t high = orderedKey(m_b.back() - m_a.front());
    while (low < high) {
        const std::uint64_t middle = low + (high - low) / 2;
        if (countAtMost(fromOrderedKey(middle)) >= k + 1)
            high = middle;
        else
            low = middle + 1;
    }
    // -0 and +0 count alike, so the bisection stops at -0 for a zero; the sort's zero is +0
    // (x - x is +0; only (-0) - (+0) is -0).
    const double kth = fromOrderedKey(low);
    return kth == 0 ? 0.0 : kth;
}

double PairwiseDifferences::percentile(double p) const {
    if (m_hasNaN || count() == 0 || std::isnan(p))
        return std::nan("");
    const Percentiles::Rank rank = Percentiles::rankOf(std::size_t(count()), p);
    const double previous = kthSmallest(rank.previous);
    if (!rank.interpolated || rank.previous + 1 >= count())
        return previous;
    // The next difference in sorted order: the same value again when it is tied, else the
    // least one above it.
    const double next =
        countAtMost(previous) >= rank.previous + 2 ? previous : leastAbove(previous);
    return Percentiles::interpolate(previous, next, rank.gamma);
}

} // namespace wb
