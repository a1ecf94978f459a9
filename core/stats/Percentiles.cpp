#include "Percentiles.h"

#include <boost/sort/pdqsort/pdqsort.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <optional>

namespace wb {

Percentiles::Percentiles(std::vector<double> values) : m_sorted(std::move(values)) {
    // NaN breaks the strict weak ordering std::sort needs; numpy answers NaN for such data.
    const auto firstNaN =
        std::remove_if(m_sorted.begin(), m_sorted.end(), [](double v) { return std::isnan(v); });
    m_containsNaN = firstNaN != m_sorted.end();
    m_sorted.erase(firstNaN, m_sorted.end());
    sortAscending(m_sorted);
}

void Percentiles::sortAscending(std::vector<double>& values) {
    boost::sort::pdqsort(values.begin(), values.end());
}

double Percentiles::at(double p) const {
    if (m_containsNaN)
        return std::nan("");
    return ofSorted(m_sorted, p);
}

std::vector<double> Percentiles::at(const std::vector<double>& ps) const {
    std::vector<double> result;
    result.reserve(ps.size());
    for (double p : ps)
        result.push_back(at(p));
    return result;
}

namespace {

using Rank = Percentiles::Rank;

template <typename ValueAt> double valueAt(const Rank& rank, std::size_t count, ValueAt at) {
    if (!rank.interpolated || rank.previous + 1 >= count)
        return at(rank.previous);
    return Percentiles::interpolate(at(rank.previous), at(rank.previous + 1), rank.gamma);
}

// Puts every rank in [ranksBegin, ranksEnd) (ascending, all within [from, to)) in its sorted
// place: the middle rank first, then each half with the ranks that fall in it, so k ranks
// cost O(n log k) rather than k passes over the data.
void placeRanks(std::vector<double>& values, std::size_t from, std::size_t to,
                std::vector<std::size_t>::const_iterator ranksBegin,
                std::vector<std::size_t>::const_iterator ranksEnd) {
    if (ranksBegin == ranksEnd || from >= to)
        return;
    const auto middle = ranksBegin + (ranksEnd - ranksBegin) / 2;
    const auto base = values.begin();
    std::nth_element(base + static_cast<std::ptrdiff_t>(from),
                     base + static_cast<std::ptrdiff_t>(*middle),
                     base + static_cast<std::ptrdiff_t>(to));
    placeRanks(values, from, *middle, ranksBegin, middle);
    placeRanks(values, *middle + 1, to, middle + 1, ranksEnd);
}

// Logged RTTs have few distinct values (ping prints three decimals), so counting them is
// cheaper than any selection: one hash pass, then a sort of the distinct values only. Gives
// up (nullopt) when the values turn out to be too varied for that to pay.
class DistinctValues {
public:
    static constexpr std::size_t kMaxDistinct = 1 << 16;

    bool add(double value) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        // -0.0 == 0.0 but has other bits, and NaN equals nothing: leave such data to selection.
        if (bits == kNegativeZero || std::isnan(value))
            return false;
        return add(bits, 1);
    }

    // (value, count) in ascending order of value.
    std::vector<std::pair<double, std::size_t>> ascending() const {
        std::vector<std::pair<double, std::size_t>> out;
        out.reserve(m_used);
        for (const Slot& slot : m_slots) {
            if (slot.count == 0)
                continue;
            double value = 0;
            std::memcpy(&value, &slot.bits, sizeof value);
            out.emplace_back(value, slot.count);
        }
        std::sort(out.begin(), out.end());
        return out;
    }

private:
    struct Slot {
        std::uint64_t bits = 0;
        std::size_t count = 0;
    };
    static constexpr std::uint64_t kNegativeZero = std::uint64_t{1} << 63;

    bool add(std::uint64_t bits, std::size_t count) {
        std::size_t slot = hash(bits) & (m_slots.size() - 1);
        while (m_slots[slot].count != 0 && m_slots[slot].bits != bits)
            slot = (slot + 1) & (m_slots.size() - 1);
        const bool fresh = m_slots[slot].count == 0;
        m_slots[slot].count += count;
        if (fresh) {
            m_slots[slot].bits = bits;
            if (++m_used * 2 > m_slots.size() && !grow())
                return false;
        }
        return true;
    }

    static std::uint64_t hash(std::uint64_t bits) {
        bits ^= bits >> 33;
        bits *= 0xff51afd7ed558ccdULL;
        return bits ^ (bits >> 33);
    }

    bool grow() {
        if (m_slots.size() >= 2 * kMaxDistinct)
            return false;
        std::vector<Slot> old(m_slots.size() * 2);
        old.swap(m_slots);
        m_used = 0;
        for (const Slot& slot : old)
            if (slot.count != 0)
                add(slot.bits, slot.count); // half full at most: no growth again
        return true;
    }

    std::vector<Slot> m_slots = std::vector<Slot>(1024);
    std::size_t m_used = 0;
};

// The value at each rank (ascending), from the counts of the distinct values.
std::vector<double> valuesAtRanks(const Percentiles::DistinctCounts& ascending,
                                  const std::vector<std::size_t>& ranks) {
    std::vector<double> out;
    out.reserve(ranks.size());
    std::size_t below = 0; // values before the current distinct value
    std::size_t at = 0;
    for (std::size_t rank : ranks) {
        while (below + ascending[at].second <= rank) {
            below += ascending[at].second;
            ++at;
        }
        out.push_back(ascending[at].first);
    }
    return out;
}

// The sorted indices whose values the levels `ps` of n values need, ascending and unique.
std::vector<std::size_t> ranksFor(std::size_t n, const std::vector<double>& ps) {
    std::vector<std::size_t> ranks;
    for (double p : ps) {
        if (std::isnan(p))
            continue;
        const Rank rank = Percentiles::rankOf(n, p);
        ranks.push_back(rank.previous);
        if (rank.interpolated && rank.previous + 1 < n)
            ranks.push_back(rank.previous + 1);
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    return ranks;
}

// Each level's percentile of n values, given the values at `ranks` (from ranksFor).
std::vector<double> levelsFromRanks(std::size_t n, const std::vector<double>& ps,
                                    const std::vector<std::size_t>& ranks,
                                    const std::vector<double>& rankValues) {
    const auto valueOfRank = [&](std::size_t rank) {
        return rankValues[static_cast<std::size_t>(
            std::lower_bound(ranks.begin(), ranks.end(), rank) - ranks.begin())];
    };
    std::vector<double> result;
    result.reserve(ps.size());
    for (double p : ps)
        result.push_back(std::isnan(p) ? std::nan("")
                                       : valueAt(Percentiles::rankOf(n, p), n, valueOfRank));
    return result;
}

} // namespace

Percentiles::Rank Percentiles::rankOf(std::size_t count, double p) {
    const auto n = static_cast<double>(count);
    const double virtualIndex = (n - 1) * (p / 100.0);
    if (virtualIndex >= n - 1)
        return {count - 1, 0, false};
    if (virtualIndex < 0)
        return {0, 0, false};
    const double previousIndex = std::floor(virtualIndex);
    return {static_cast<std::size_t>(previousIndex), virtualIndex - previousIndex, true};
}

// numpy's _lerp: interpolate from the nearer end, which keeps results monotonic and decides
// the last bit of the answer.
double Percentiles::interpolate(double a, double b, double gamma) {
    const double difference = b - a;
    return gamma >= 0.5 ? b - difference * (1 - gamma) : a + difference * gamma;
}

double Percentiles::ofSorted(const std::vector<double>& sorted, double p) {
    if (sorted.empty() || std::isnan(p))
        return std::nan("");
    return valueAt(rankOf(sorted.size(), p), sorted.size(),
                   [&](std::size_t i) { return sorted[i]; });
}

std::optional<Percentiles::DistinctCounts>
Percentiles::countDistinct(const std::vector<double>& values) {
    DistinctValues distinct;
    for (double value : values) {
        if (!distinct.add(value))
            return std::nullopt;
    }
    return distinct.ascending();
}

std::vector<double> Percentiles::fromCounts(const DistinctCounts& counts, std::size_t count,
                                            const std::vector<double>& ps) {
    if (count == 0)
        return std::vector<double>(ps.size(), std::nan(""));
    const std::vector<std::size_t> ranks = ranksFor(count, ps);
    return levelsFromRanks(count, ps, ranks, valuesAtRanks(counts, ranks));
}

std::vector<double> Percentiles::select(const std::vector<double>& values,
                                        const std::vector<double>& ps) {
    if (auto counts = countDistinct(values))
        return fromCounts(*counts, values.size(), ps);
    return selectByPartition(values, ps);
}

std::vector<double> Percentiles::selectByPartition(const std::vector<double>& values,
                                                   const std::vector<double>& ps) {
    const bool anyNaN =
        std::any_of(values.begin(), values.end(), [](double v) { return std::isnan(v); });
    if (values.empty() || anyNaN)
        return std::vector<double>(ps.size(), std::nan(""));
    const std::size_t n = values.size();
    const std::vector<std::size_t> ranks = ranksFor(n, ps);
    std::vector<double> partitioned = values;
    placeRanks(partitioned, 0, n, ranks.begin(), ranks.end());
    std::vector<double> rankValues;
    rankValues.reserve(ranks.size());
    for (std::size_t rank : ranks)
        rankValues.push_back(partitioned[rank]);
    return levelsFromRanks(n, ps, ranks, rankValues);
}

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
