#pragma once

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

// Small allocation-free helpers for reading numbers and keys out of log lines. Parsers use
// these instead of regular expressions so that a multi-million-line log stays cheap.
namespace wb::scan {

inline bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

inline bool endsWith(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Compares with a literal of known length: no strlen, an inlined memcmp (JSON readers call it
// per key).
template <std::size_t N> bool is(std::string_view name, const char (&literal)[N]) {
    return name.size() == N - 1 && std::memcmp(name.data(), literal, N - 1) == 0;
}

inline bool contains(std::string_view text, std::string_view needle) {
    return text.find(needle) != std::string_view::npos;
}

// What separates the fields of a log line.
inline bool isSpaceOrTab(char c) {
    return c == ' ' || c == '\t';
}

inline std::string_view trimmed(std::string_view text) {
    while (!text.empty() && isSpaceOrTab(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && (isSpaceOrTab(text.back()) || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

inline std::string_view skipSpaces(std::string_view text) {
    while (!text.empty() && isSpaceOrTab(text.front()))
        text.remove_prefix(1);
    return text;
}

// The text right after the first occurrence of key, or nullopt when key is absent.
inline std::optional<std::string_view> after(std::string_view text, std::string_view key) {
    const std::size_t at = text.find(key);
    if (at == std::string_view::npos)
        return std::nullopt;
    return text.substr(at + key.size());
}

// A decimal number at the start of text (locale-independent, correctly rounded like Python's
// float()); on success text is advanced past it. inf/nan spellings and out-of-range values
// (1e400 reads as inf, as in Python) are returned so that range checks can report them.
inline std::optional<double> takeDouble(std::string_view& text) {
    double value = 0;
    const char* begin = text.data();
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec == std::errc::result_out_of_range) {
        const bool negative = begin != end && *begin == '-';
        const std::string_view digits(begin, static_cast<std::size_t>(ptr - begin));
        const bool underflow = digits.find("e-") != std::string_view::npos ||
                               digits.find("E-") != std::string_view::npos;
        value = underflow ? 0.0 : (negative ? -HUGE_VAL : HUGE_VAL);
    } else if (ec != std::errc()) {
        return std::nullopt;
    }
    text.remove_prefix(static_cast<std::size_t>(ptr - begin));
    return value;
}

// As takeDouble, but also reads the decimal comma of localized output ("12,5" is 12.5).
// Only for fields that can never be a comma-separated list.
inline std::optional<double> takeLocalizedDouble(std::string_view& text) {
    std::string_view probe = text;
    auto value = takeDouble(probe);
    if (!value || probe.size() < 2 || probe[0] != ',' || probe[1] < '0' || probe[1] > '9')
        return takeDouble(text);
    const std::size_t intLength = text.size() - probe.size();
    std::size_t total = intLength + 1;
    while (total < text.size() && text[total] >= '0' && text[total] <= '9')
        ++total;
    char buffer[64];
    if (total >= sizeof buffer)
        return takeDouble(text);
    std::copy(text.data(), text.data() + total, buffer);
    buffer[intLength] = '.';
    double localized = 0;
    std::from_chars(buffer, buffer + total, localized);
    text.remove_prefix(total);
    return localized;
}

inline std::optional<std::int64_t> takeInt(std::string_view& text) {
    std::int64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc())
        return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(ptr - text.data()));
    return value;
}

// What take (takeInt, takeDouble, takeMilliseconds) reads after key and any spaces, or nullopt.
template <typename Take>
inline auto readAfter(std::string_view text, std::string_view key, Take take) {
    auto rest = after(text, key);
    std::string_view tail = skipSpaces(rest.value_or(std::string_view()));
    return rest ? take(tail) : std::nullopt;
}

// The number that follows key (spaces allowed in between), e.g. intAfter(line, "icmp_seq=").
inline std::optional<std::int64_t> intAfter(std::string_view text, std::string_view key) {
    return readAfter(text, key, takeInt);
}

// The whole number that starts the word right before key: intBefore("56(84) bytes of data",
// " bytes") is 56.
inline std::optional<std::int64_t> intBefore(std::string_view text, std::string_view key) {
    const std::size_t at = text.find(key);
    if (at == std::string_view::npos)
        return std::nullopt;
    std::string_view head = text.substr(0, at);
    while (!head.empty() && isSpaceOrTab(head.back()))
        head.remove_suffix(1);
    const std::size_t space = head.find_last_of(" \t");
    std::string_view word = space == std::string_view::npos ? head : head.substr(space + 1);
    return takeInt(word);
}

// A round-trip time at the start of text ("0.105 ms", "0.105ms", "12"): a number that stands
// alone, followed by the text's end, a space or the unit; on success text is advanced past
// the number. nullopt for a number cut out of something else ("0.x7", "12abc", "1.2.3",
// "4msec"), which is no time.
inline std::optional<double> takeMilliseconds(std::string_view& text) {
    std::string_view rest = text;
    const std::optional<double> value = takeDouble(rest);
    std::string_view unit = rest.substr(0, 2) == "ms" ? rest.substr(2) : rest;
    const bool alone =
        unit.empty() || unit.front() == ' ' || unit.front() == '\t' || unit.front() == '\r' ||
        (unit.size() < rest.size() && !std::isalnum(static_cast<unsigned char>(unit.front())));
    if (!value || !alone)
        return std::nullopt;
    text = rest;
    return value;
}

inline std::optional<double> doubleAfter(std::string_view text, std::string_view key) {
    return readAfter(text, key, takeDouble);
}

// The round-trip time after key (takeMilliseconds), or nullopt.
inline std::optional<double> millisecondsAfter(std::string_view text, std::string_view key) {
    return readAfter(text, key, takeMilliseconds);
}

// A count a tool printed as a number (datagrams, retransmits): a whole number that a 64-bit
// integer holds exactly, or nullopt for anything else (negative, fractional, NaN, inf, 1e30),
// which no tool prints and which must not reach a conversion to an integer.
inline std::optional<std::int64_t> countFrom(double value) {
    constexpr double kLargestExact = 9007199254740992.0; // 2^53
    if (!(value >= 0 && value <= kLargestExact) || value != std::floor(value))
        return std::nullopt;
    return static_cast<std::int64_t>(value);
}

// A round-trip time no ping can have printed: not finite, negative, or above 1e9 ms (the
// QJump artifact's bound). Such replies are range errors in every ping dialect.
inline bool isImpossibleRtt(double ms) {
    return !std::isfinite(ms) || ms < 0 || ms > 1e9;
}

} // namespace wb::scan
