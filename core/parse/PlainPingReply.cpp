#include "PlainPingReply.h"

#include "ExactDecimal.h"

#include <cstring>

namespace wb {

namespace {

// Takes `literal` at p: where it ends, or nullptr. The length is a constant, so the
// comparison compiles to a few loads instead of a call.
template <std::size_t N>
inline const char* takeLiteral(const char* p, const char* end, const char (&literal)[N]) {
    constexpr std::size_t length = N - 1;
    if (!p || static_cast<std::size_t>(end - p) < length || std::memcmp(p, literal, length) != 0)
        return nullptr;
    return p + length;
}

// Takes one to nine digits at p: where they end, or nullptr (more are no plain reply).
inline const char* takeDigits(const char* p, const char* end, std::int64_t* value) {
    if (!p)
        return nullptr;
    std::uint64_t digits = 0;
    const int count = scan::appendDigits(p, end, &digits);
    if (count == 0 || count > 9)
        return nullptr;
    *value = static_cast<std::int64_t>(digits);
    return p;
}

// The end of a plain reply after " time=": "T ms" and the line's end. T is read as its digits
// over an exact power of ten (Clinger's fast path: the double std::from_chars gives), limited
// to 9 integer and 6 decimal digits: such a time is finite and below the 1e9 ms that
// isImpossibleRtt refuses, so no branch waits for the division.
inline const char* takeReplyTime(const char* p, const char* end, double* rtt) {
    // The time of nearly every reply on a LAN, "0.123 ms": the same digits over 1000.
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (end - p >= 8 && digit(p[0]) && p[1] == '.' && digit(p[2]) && digit(p[3]) && digit(p[4]) &&
        std::memcmp(p + 5, " ms", 3) == 0 && (end - p == 8 || p[8] == '\n')) {
        const int digits =
            (p[0] - '0') * 1000 + (p[2] - '0') * 100 + (p[3] - '0') * 10 + (p[4] - '0');
        *rtt = static_cast<double>(digits) / scan::kExactPowersOfTen[3];
        return p + (end - p == 8 ? 8 : 9);
    }
    std::int64_t whole = 0;
    const char* point = takeDigits(p, end, &whole);
    if (!point)
        return nullptr;
    std::int64_t fraction = 0;
    const char* unit = point;
    if (point < end && *point == '.') {
        unit = takeDigits(point + 1, end, &fraction);
        if (!unit || unit - point - 1 > 6)
            return nullptr;
    }
    const auto decimals = static_cast<std::size_t>(unit == point ? 0 : unit - point - 1);
    // The line ends after the unit: at its newline (a block of lines) or at `end` (one line).
    p = takeLiteral(unit, end, " ms");
    if (!p || (p < end && *p++ != '\n'))
        return nullptr;
    static constexpr std::int64_t kPowersOfTen[] = {1, 10, 100, 1000, 10000, 100000, 1000000};
    const auto digits = static_cast<std::uint64_t>(whole * kPowersOfTen[decimals] + fraction);
    *rtt = static_cast<double>(digits) / scan::kExactPowersOfTen[decimals];
    return p;
}

// The sequence number after "icmp_seq=": where it ends, or nullptr for more than nine digits.
// Numbers above 65535 are taken too (merged logs, other tools): the dialects warn about them.
inline const char* takeSequence(const char* p, const char* end, std::int32_t* sequence) {
    std::int64_t printed = 0;
    p = takeDigits(p, end, &printed);
    if (!p)
        return nullptr;
    *sequence = static_cast<std::int32_t>(printed);
    return p;
}

} // namespace

const char* takePlainPingReply(const char* p, const char* end, double* rtt, std::int32_t* sequence,
                               PlainReplyLayout* layout) {
    const char* const line = p;
    std::int64_t number = 0;
    p = takeLiteral(takeDigits(p, end, &number), end, " bytes from ");
    if (!p)
        return nullptr;
    // The address (IPv6 has colons; a name has "(address)") ends at ": icmp_seq="; none of it
    // may hold a '=' the general reader could take for a key, nor a NUL byte, which only the
    // line path reports (so a block scan need not look for them). A very long one is left to
    // the general reader, which also cuts lines longer than it keeps.
    const char* addressEnd = end - p > 512 ? p + 512 : end;
    const char* sequenceAt = nullptr;
    for (; !sequenceAt; ++p) {
        if (p >= addressEnd || *p == '\n' || *p == '=' || *p == '\0')
            return nullptr;
        if (*p == ':')
            sequenceAt = takeLiteral(p, end, ": icmp_seq=");
    }
    const char* const ttlAt = takeSequence(sequenceAt, end, sequence);
    const char* const timeAt =
        takeLiteral(takeDigits(takeLiteral(ttlAt, end, " ttl="), end, &number), end, " time=");
    if (!timeAt)
        return nullptr;
    const char* const next = takeReplyTime(timeAt, end, rtt);
    if (next && layout)
        *layout = {line, static_cast<std::size_t>(sequenceAt - line),
                   static_cast<std::size_t>(ttlAt - line), static_cast<std::size_t>(timeAt - line)};
    return next;
}

const char* takeRepeatedPingReply(const char* p, const char* end, const PlainReplyLayout& previous,
                                  double* rtt, std::int32_t* sequence) {
    // Bytes equal to the previous reply's up to its sequence number were read the same way
    // there; so were those from after its sequence number to its time (" ttl=64 time="), as
    // its sequence number, like this one, ends at a non-digit.
    const std::size_t middle = previous.timeAt - previous.ttlAt;
    if (static_cast<std::size_t>(end - p) < previous.sequenceAt + middle ||
        std::memcmp(p, previous.line, previous.sequenceAt) != 0)
        return nullptr;
    const char* const ttlAt = takeSequence(p + previous.sequenceAt, end, sequence);
    if (!ttlAt || static_cast<std::size_t>(end - ttlAt) < middle ||
        std::memcmp(ttlAt, previous.line + previous.ttlAt, middle) != 0)
        return nullptr;
    return takeReplyTime(ttlAt + middle, end, rtt);
}

} // namespace wb
