#include "RadixSort.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <future>
#include <thread>
#include <utility>

namespace wb {

namespace {

// Below this std::sort wins: the radix passes and their histograms have a fixed cost.
constexpr std::size_t kRadixFrom = 1 << 16;
constexpr std::size_t kTwoCoresFrom = 1 << 20;
constexpr int kDigitBits = 11;
constexpr int kDigits = (64 + kDigitBits - 1) / kDigitBits;
constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;

// An unsigned key that orders like the double: positive numbers get their sign bit set,
// negative ones are inverted (their magnitude order reverses).
std::uint64_t keyOf(double value) {
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return (bits >> 63) ? ~bits : bits | (std::uint64_t{1} << 63);
}

double valueOf(std::uint64_t key) {
    const std::uint64_t bits = (key >> 63) ? key & ~(std::uint64_t{1} << 63) : ~key;
    double value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

std::size_t digitOf(std::uint64_t key, int digit) {
    return static_cast<std::size_t>((key >> (digit * kDigitBits)) & (kBuckets - 1));
}

// One LSD radix sort of [first, last) (fewer than kRadixFrom: std::sort).
void radixSort(double* first, double* last) {
    const auto n = static_cast<std::size_t>(last - first);
    if (n < kRadixFrom) {
        std::sort(first, last);
        return;
    }
    std::vector<std::uint64_t> keys(n);
    std::vector<std::array<std::size_t, kBuckets>> counts(kDigits);
    for (auto& count : counts)
        count.fill(0);
    for (std::size_t i = 0; i < n; ++i) {
        keys[i] = keyOf(first[i]);
        for (int digit = 0; digit < kDigits; ++digit)
            ++counts[digit][digitOf(keys[i], digit)];
    }
    std::vector<std::uint64_t> scratch(n);
    for (int digit = 0; digit < kDigits; ++digit) {
        auto& count = counts[digit];
        // A digit every key shares (RTTs share their sign and most exponent bits) moves
        // nothing: skip its pass.
        if (std::find(count.begin(), count.end(), n) != count.end())
            continue;
        std::size_t offset = 0;
        for (std::size_t& bucket : count)
            offset += std::exchange(bucket, offset);
        for (const std::uint64_t key : keys)
            scratch[count[digitOf(key, digit)]++] = key;
        keys.swap(scratch);
    }
    for (std::size_t i = 0; i < n; ++i)
        first[i] = valueOf(keys[i]);
}

} // namespace

void sortAscending(std::vector<double>& values) {
    // A big sample is sorted in two halves on two cores, then merged.
    if (values.size() < kTwoCoresFrom || std::thread::hardware_concurrency() < 2) {
        radixSort(values.data(), values.data() + values.size());
        return;
    }
    double* const middle = values.data() + values.size() / 2;
    auto firstHalf =
        std::async(std::launch::async, [&values, middle] { radixSort(values.data(), middle); });
    radixSort(middle, values.data() + values.size());
    firstHalf.get();
    std::vector<double> merged(values.size());
    std::merge(values.data(), middle, middle, values.data() + values.size(), merged.begin());
    values.swap(merged);
}

} // namespace wb
