#pragma once

#include <cfloat>
#include <cstdint>
#include <cstring>
#include <optional>

namespace wb::scan {

// Powers of ten that a double holds exactly.
inline constexpr double kExactPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                               1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                               1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Appends the digits at p to *value (which wraps after 19 digits, when no conversion uses it)
// and returns how many there were; p is left after them.
inline int appendDigits(const char*& p, const char* end, std::uint64_t* value) {
    int count = 0;
    for (; p < end && *p >= '0' && *p <= '9'; ++p, ++count)
        *value = *value * 10 + static_cast<std::uint64_t>(*p - '0');
    return count;
}

// The conversion of the numbers JsonStream has read digit by digit: it makes `flows` of a long
// iperf3 -J log 1.2 times as fast as std::from_chars alone (tests/bench/bench_iperf3_flows.sh).
//
// digits / 10^decimals as std::from_chars rounds the decimal number they spell ("count"
// significant digits written, leading zeros included), when that can be done without it;
// nullopt when from_chars has to decide.
// - Up to 15 digits, both operands are exact doubles and one IEEE division rounds correctly
//   (Clinger's fast path).
// - Up to 19 digits (iperf3 prints rates such as 23800336.445059016), digits and 10^decimals
//   are exact in x87 extended precision (64-bit significand), whose division rounds the true
//   quotient correctly to 64 bits. Rounding that again to a double gives the correctly rounded
//   result unless it lands exactly on a midpoint between two doubles (the 11 extra bits are
//   100 0000 0000): midpoints are 64-bit numbers, so a quotient on either side of one stays on
//   its side. That case (0.5 % of 20 million random 16- to 19-digit decimals) goes to
//   from_chars.
inline std::optional<double> exactDecimal(std::uint64_t digits, int decimals, int count) {
    if (count <= 15)
        return static_cast<double>(digits) / kExactPowersOfTen[decimals];
#if (defined(__x86_64__) || defined(__i386__)) && LDBL_MANT_DIG == 64
    static constexpr long double kPowers[] = {1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,
                                              1e7L,  1e8L,  1e9L,  1e10L, 1e11L, 1e12L, 1e13L,
                                              1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L};
    if (count <= 19) {
        const long double quotient = static_cast<long double>(digits) / kPowers[decimals];
        std::uint64_t significand;
        std::memcpy(&significand, &quotient, sizeof significand); // the low 8 bytes
        if ((significand & 0x7FF) != 0x400)
            return static_cast<double>(quotient);
    }
#endif
    return std::nullopt;
}

} // namespace wb::scan
