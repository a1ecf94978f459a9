#pragma once

#include <cstdint>

// Eight bytes of text tested at once in a 64-bit word (SWAR), for the parsers' hot loops. Each
// test is exact per byte: no carry or borrow crosses from one byte into the next.
namespace wb::lanes {

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHigh = 0x8080808080808080ULL;

// The high bit of every byte of v that is zero.
constexpr std::uint64_t zeroBytes(std::uint64_t v) {
    return ~(((v & ~kHigh) + ~kHigh) | v) & kHigh;
}

// Bits set in (only) every byte of v that is no ASCII digit: a digit's high half is 3 and its
// low half at most 9 (+6 stays below 16).
constexpr std::uint64_t notDigitBytes(std::uint64_t v) {
    return ((v & (kOnes * 0xF0)) ^ (kOnes * 0x30)) |
           (((v & (kOnes * 0x0F)) + kOnes * 6) & (kOnes * 0xF0));
}

// The index of the first (lowest-addressed, little-endian) byte marked in a non-zero mask.
inline int firstMarkedByte(std::uint64_t mask) {
    return __builtin_ctzll(mask) / 8;
}

static_assert(notDigitBytes(0x3938373635343330ULL) == 0, "the digits 0-9 are digits");
static_assert(notDigitBytes(0x2F3A2F3A2F3A2F3AULL) != 0, "'/' and ':' are not");

} // namespace wb::lanes
