#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace wb {

// What stands for "no value" in a CompactOptional<T>: a value no measurement can have.
template <typename T> struct AbsentValue;

template <> struct AbsentValue<double> {
    static constexpr double kValue = std::numeric_limits<double>::quiet_NaN();
    static bool is(double value) { return std::isnan(value); }
};

template <> struct AbsentValue<std::int64_t> {
    static constexpr std::int64_t kValue = std::numeric_limits<std::int64_t>::min();
    static bool is(std::int64_t value) { return value == kValue; }
};

// An optional number in the space of the number: std::optional<double> takes 16 bytes, this
// 8. FlowInterval has seven, a one-hour -P 30 -i 1 log over 100,000 intervals, and each fresh
// page of them costs a page fault.
//
// The rule: NaN (any NaN) and INT64_MIN are not values. Storing one leaves the optional
// empty, so has_value() is false and nothing reads it back as a number. No tool prints either
// as a measurement. The figures every result line must have (interval, transfer, rate) are
// range-checked and refuse NaN (tests/parse/tst_hostile.cpp), but the optional columns are
// read as printed: a hostile "nan" jitter (iperf2 text and CSV), Cwnd or RTT (iperf2 -e) or
// a count of -9223372036854775808 (any count of iperf2 text and CSV and of iperf3 JSON,
// iperf3's total after "/") reads as that column missing, as an unreadable column does
// (tested in tst_flowstats). JSON has no NaN, and iperf3's text reader takes no "nan".
// Counts are kept negative as printed, so the sentinel is the most negative one, which no
// count can be.
//
// The subset of std::optional's interface the code base uses, plus conversion from and to
// std::optional<T> so that std::optional-typed readers and results assign directly.
template <typename T> class CompactOptional {
public:
    constexpr CompactOptional() = default;
    constexpr CompactOptional(std::nullopt_t) {}
    CompactOptional(T value) : m_value(value) {}
    CompactOptional(const std::optional<T>& value)
        : m_value(value ? *value : AbsentValue<T>::kValue) {}

    bool has_value() const { return !AbsentValue<T>::is(m_value); }
    explicit operator bool() const { return has_value(); }
    // As std::optional's: only meaningful when has_value().
    const T& operator*() const { return m_value; }

    operator std::optional<T>() const {
        return has_value() ? std::optional<T>(m_value) : std::nullopt;
    }

    // Equal when both are empty or both hold equal values, as std::optional compares.
    friend bool operator==(const CompactOptional& a, const CompactOptional& b) {
        return a.has_value() == b.has_value() && (!a.has_value() || a.m_value == b.m_value);
    }
    friend bool operator!=(const CompactOptional& a, const CompactOptional& b) { return !(a == b); }
    friend bool operator==(const CompactOptional& a, const std::optional<T>& b) {
        return a == CompactOptional(b);
    }
    friend bool operator!=(const CompactOptional& a, const std::optional<T>& b) {
        return !(a == b);
    }
    friend bool operator==(const CompactOptional& a, const T& b) {
        return a.has_value() && a.m_value == b;
    }
    friend bool operator!=(const CompactOptional& a, const T& b) { return !(a == b); }

private:
    T m_value = AbsentValue<T>::kValue;
};

static_assert(sizeof(CompactOptional<double>) == sizeof(double));
static_assert(sizeof(CompactOptional<std::int64_t>) == sizeof(std::int64_t));

} // namespace wb
