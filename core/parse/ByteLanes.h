#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Eight bytes of text tested at once in a 64-bit word (SWAR), for the parsers' hot loops. Each
// test is exact per byte: no carry or borrow crosses from one byte into the next.
namespace wb::lanes {

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHigh = 0x8080808080808080ULL;

// The eight bytes at p as one word, the first in the lowest byte (x86 is little-endian).
inline std::uint64_t eightBytesAt(const char* p) {
    std::uint64_t bytes = 0;
    std::memcpy(&bytes, p, sizeof bytes);
    return bytes;
}

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

// Whether the n bytes at a and b are the same. Parsers compare a few dozen bytes at most (the
// text between two values of a flat JSON object, a remembered iperf interval): eight at a
// time, the last eight overlapping, costs less than memcmp's call and dispatch on the size.
inline bool sameBytes(const char* a, const char* b, std::size_t n) {
#if defined(__SSE2__)
    // Sixteen at a time where every x86-64 can (a ping reply's 36-byte prefix: three
    // comparisons instead of five words and their loop).
    if (n >= 16) {
        const auto sameSixteen = [](const char* x, const char* y) {
            const __m128i left = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x));
            const __m128i right = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y));
            return _mm_movemask_epi8(_mm_cmpeq_epi8(left, right)) == 0xFFFF;
        };
        for (std::size_t i = 0; i + 16 < n; i += 16) {
            if (!sameSixteen(a + i, b + i))
                return false;
        }
        return sameSixteen(a + n - 16, b + n - 16);
    }
#endif
    if (n >= 8) {
        for (std::size_t i = 0; i + 8 < n; i += 8) {
            if (eightBytesAt(a + i) != eightBytesAt(b + i))
                return false;
        }
        return eightBytesAt(a + n - 8) == eightBytesAt(b + n - 8);
    }
    unsigned differ = 0;
    for (std::size_t i = 0; i < n; ++i)
        differ |= static_cast<unsigned char>(a[i] ^ b[i]);
    return differ == 0;
}

// 10^n for n up to 8: what a number read so far is multiplied by when n more digits follow.
constexpr std::uint64_t kPowersOfTen[] = {1,      10,      100,      1000,     10000,
                                          100000, 1000000, 10000000, 100000000};

// The number spelled by the first `count` (1 to 8) bytes of v, all ASCII digits, the first
// most significant. Their values are moved to the top bytes (as zeros before them would be),
// then combined in pairs, fours and eights by multiplication; the bytes after them, and any
// borrow from those, are shifted out first.
constexpr std::uint64_t digitsValue(std::uint64_t v, int count) {
    std::uint64_t digits = (v - kOnes * '0') << (8 * (8 - count));
    digits = digits * 10 + (digits >> 8);
    return (((digits & 0x000000FF000000FF) * (100 + (1000000ULL << 32))) +
            (((digits >> 16) & 0x000000FF000000FF) * (1 + (10000ULL << 32)))) >>
           32;
}

// The run of ASCII digits at `at` (before `end`): `at` is moved past it, its length returned,
// and *value becomes *value * 10^length + the number it spells (wrapping around after 19
// digits, which every reader refuses). A log's numbers are short and of varying length: when
// the run ends within the next eight bytes they are read at once, with no branch per digit to
// mispredict where it ends; a run of eight or more, and the last bytes before `end`, are read
// one by one.
inline int appendDigits(const char*& at, const char* end, std::uint64_t* value) {
    if (end - at >= 8) {
        const std::uint64_t bytes = eightBytesAt(at);
        if (const std::uint64_t stops = notDigitBytes(bytes)) {
            const int count = firstMarkedByte(stops);
            if (count > 0)
                *value = *value * kPowersOfTen[count] + digitsValue(bytes, count);
            at += count;
            return count;
        }
    }
    int count = 0;
    for (; at < end && static_cast<unsigned>(*at - '0') < 10; ++at, ++count)
        *value = *value * 10 + static_cast<std::uint64_t>(*at - '0');
    return count;
}

static_assert(notDigitBytes(0x3938373635343330ULL) == 0, "the digits 0-9 are digits");
static_assert(notDigitBytes(0x2F3A2F3A2F3A2F3AULL) != 0, "'/' and ':' are not");
static_assert(digitsValue(0x3837363534333231ULL, 8) == 12345678, "\"12345678\"");
static_assert(digitsValue(0x2020202020203930ULL, 2) == 9, "\"09\" before blanks");
static_assert(digitsValue(0x00FF2F2E37393331ULL, 4) == 1397, "\"1397\" before bytes below '0'");

} // namespace wb::lanes
