#include "PlainPingReply.h"

#include "ByteLanes.h"
#include "TextScan.h"

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
    const int count = lanes::appendDigits(p, end, &digits);
    if (count == 0 || count > 9)
        return nullptr;
    *value = static_cast<std::int64_t>(digits);
    return p;
}

// takeReplyTime's common case, in a block with bytes to spare: a time of at most six digits
// and its point ("0.115", "12.34", "123") within the eight bytes at p, then " ms\n". One load
// finds both ends of the number, and the point's byte is cut out of the word so that one
// conversion reads whole and fraction together: the same digits over the same power of ten
// as takeReplyTime's own reading, which decides whenever this returns nullptr.
inline const char* takeShortReplyTime(const char* p, const char* end, double* rtt) {
    if (end - p < 16)
        return nullptr;
    const std::uint64_t bytes = lanes::eightBytesAt(p);
    std::uint64_t stops = lanes::notDigitBytes(bytes);
    if (stops == 0)
        return nullptr;
    const int wholeDigits = lanes::firstMarkedByte(stops);
    if (wholeDigits == 0)
        return nullptr;
    int unitAt = wholeDigits; // where " ms" starts
    int digits = wholeDigits;
    std::size_t decimals = 0;
    std::uint64_t digitBytes = bytes;
    if (p[wholeDigits] == '.') {
        stops &= stops - 1; // the next stop ends the fraction
        if (stops == 0)
            return nullptr;
        unitAt = lanes::firstMarkedByte(stops);
        decimals = static_cast<std::size_t>(unitAt - wholeDigits - 1);
        if (decimals == 0)
            return nullptr; // "1. ms"
        digits = unitAt - 1;
        const std::uint64_t wholeBytes = (std::uint64_t{1} << (8 * wholeDigits)) - 1;
        digitBytes = (bytes & wholeBytes) | ((bytes >> 8) & ~wholeBytes);
    }
    std::uint32_t unit = 0;
    std::memcpy(&unit, p + unitAt, sizeof unit);
    constexpr std::uint32_t kUnitAndNewline = ' ' | 'm' << 8 | 's' << 16 | '\n' << 24;
    if (unit != kUnitAndNewline)
        return nullptr;
    *rtt = static_cast<double>(lanes::digitsValue(digitBytes, digits)) /
           scan::kExactPowersOfTen[decimals];
    return p + unitAt + sizeof unit;
}

// The end of a plain reply after " time=": "T ms" and the line's end. T as
// scan::takeSimpleDecimal reads it (digits over an exact power of ten, so the same double),
// limited to 9 integer and 6 decimal digits: such a time is finite and below the 1e9 ms that
// isImpossibleRtt refuses, so no branch waits for the division.
inline const char* takeReplyTime(const char* p, const char* end, double* rtt) {
    if (const char* next = takeShortReplyTime(p, end, rtt))
        return next;
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
    const auto digits = static_cast<std::uint64_t>(whole) * lanes::kPowersOfTen[decimals] +
                        static_cast<std::uint64_t>(fraction);
    *rtt = static_cast<double>(digits) / scan::kExactPowersOfTen[decimals];
    return p;
}

// The sequence number after "icmp_seq=": where it ends, or nullptr when it is no 16-bit one.
inline const char* takeSequence(const char* p, const char* end, std::int32_t* sequence) {
    std::int64_t printed = 0;
    p = takeDigits(p, end, &printed);
    if (!p || printed > 0xffff)
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
        !lanes::sameBytes(p, previous.line, previous.sequenceAt))
        return nullptr;
    const char* const ttlAt = takeSequence(p + previous.sequenceAt, end, sequence);
    if (!ttlAt || static_cast<std::size_t>(end - ttlAt) < middle ||
        !lanes::sameBytes(ttlAt, previous.line + previous.ttlAt, middle))
        return nullptr;
    return takeReplyTime(ttlAt + middle, end, rtt);
}

} // namespace wb
