#include "IperfUnits.h"

#include "ExactDecimal.h"
#include "TextScan.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace wb::iperf {

using namespace scan;

namespace {

// The factor of a one-letter unit prefix (K, M, G, T; iperf prints some in lower case).
double letterFactor(char letter, double step) {
    switch (letter) {
    case 'K':
    case 'k':
        return step;
    case 'M':
    case 'm':
        return step * step;
    case 'G':
    case 'g':
        return step * step * step;
    case 'T':
    case 't':
        return step * step * step * step;
    default:
        return 0;
    }
}

// Steps of the unit prefixes; an empty prefix is the base unit.
double prefixFactor(std::string_view prefix, double step) {
    if (prefix.empty())
        return 1;
    return prefix.size() == 1 ? letterFactor(prefix.front(), step) : 0;
}

// a == b for the few letters of a unit. string_view's == calls memcmp, which costs more than
// the whole rest of reading a unit, and every result line has three of them.
bool sameText(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] != b[i])
            return false;
    }
    return true;
}

// The prefix before `base` when word is exactly PREFIX+base, e.g. "Mbits/sec" -> "M".
std::optional<std::string_view> prefixOf(std::string_view word, std::string_view base) {
    if (word.size() < base.size() || !sameText(word.substr(word.size() - base.size()), base))
        return std::nullopt;
    return word.substr(0, word.size() - base.size());
}

// takeLocalizedDouble, reading the figure once: every result line has two of them, and a
// decimal comma is rare.
std::optional<double> takeFigure(std::string_view& text) {
    std::string_view rest = text;
    const auto value = takeDouble(rest);
    if (value && rest.size() >= 2 && rest[0] == ',' && rest[1] >= '0' && rest[1] <= '9')
        return takeLocalizedDouble(text);
    if (value)
        text = rest;
    return value;
}

Transfer transferOf(double figure, double factor) {
    // Whole bytes: "13.1 MBytes" is 13736345.6 by arithmetic, but bytes are counted whole.
    return {factor == 1 ? figure : std::round(figure * factor), factor == 1};
}

double rateOf(double figure, double factor) {
    // A printed "2.03 Mbits/sec" is 2030000 bit/s; without rounding, binary floating point
    // makes it 2029999.9999999998, which then shows up in every export.
    return factor >= 1000 ? std::round(figure * factor) : figure * factor;
}

} // namespace

double byteUnitFactor(std::string_view unit) {
    // iperf2 says "Byte" in some header lines ("131072 Byte"), "Bytes" in result lines.
    for (std::string_view base : {std::string_view("Bytes"), std::string_view("Byte")}) {
        if (auto prefix = prefixOf(unit, base))
            return prefixFactor(*prefix, 1024);
    }
    return 0;
}

double binaryPrefix(char letter) {
    return letter == 'k' ? 0 : prefixFactor(std::string_view(&letter, 1), 1024);
}

double rateUnitFactor(std::string_view unit) {
    if (auto prefix = prefixOf(unit, "bits/sec"))
        return prefixFactor(*prefix, 1000);
    if (auto prefix = prefixOf(unit, "Bytes/sec"))
        return 8 * prefixFactor(*prefix, 1024);
    return 0;
}

std::string_view takeWord(std::string_view& text) {
    text = skipSpaces(text);
    std::size_t length = 0;
    while (length < text.size() && text[length] != ' ' && text[length] != '\t')
        ++length;
    const std::string_view word = text.substr(0, length);
    text.remove_prefix(length);
    return word;
}

std::optional<Transfer> takeTransfer(std::string_view& text) {
    std::string_view rest = skipSpaces(text);
    const auto value = takeFigure(rest);
    if (!value)
        return std::nullopt;
    const double factor = byteUnitFactor(takeWord(rest));
    if (factor == 0)
        return std::nullopt;
    text = rest;
    return transferOf(*value, factor);
}

std::optional<double> takeRate(std::string_view& text) {
    std::string_view rest = skipSpaces(text);
    const auto value = takeFigure(rest);
    if (!value)
        return std::nullopt;
    const double factor = rateUnitFactor(takeWord(rest));
    if (factor == 0)
        return std::nullopt;
    text = rest;
    return rateOf(*value, factor);
}

namespace {
int decimalsOf(std::string_view number) {
    const std::size_t dot = number.find('.');
    return dot == std::string_view::npos ? 0 : static_cast<int>(number.size() - dot - 1);
}

std::optional<Span> takeBareSpan(std::string_view& text) {
    std::string_view rest = skipSpaces(text);
    const std::string_view startText = rest;
    const auto start = takeDouble(rest);
    if (!start || rest.empty() || rest.front() != '-')
        return std::nullopt;
    const int decimals = decimalsOf(startText.substr(0, startText.size() - rest.size()));
    rest = skipSpaces(rest.substr(1)); // 2.0 pads the end: "0.0- 1.0"
    const auto end = takeDouble(rest);
    if (!end)
        return std::nullopt;
    text = rest;
    return Span{*start, *end, decimals};
}
} // namespace

std::optional<Span> takeSpan(std::string_view& text) {
    std::string_view rest = text;
    auto span = takeBareSpan(rest);
    if (!span || !sameText(takeWord(rest), "sec"))
        return std::nullopt;
    text = rest;
    return span;
}

std::optional<Span> parseSpan(std::string_view text) {
    auto span = takeBareSpan(text);
    if (!span || !trimmed(text).empty())
        return std::nullopt;
    return span;
}

namespace {

// A cursor over one line for takeResultFields.
struct Cursor {
    const char* at;
    const char* end;

    void skipSpaces() {
        while (at < end && isSpaceOrTab(*at))
            ++at;
    }
    std::string_view word() { // as takeWord
        skipSpaces();
        const char* begin = at;
        while (at < end && !isSpaceOrTab(*at))
            ++at;
        return {begin, static_cast<std::size_t>(at - begin)};
    }
    // Whether the word at `at` is `literal`, the end of the line or a blank after it: then
    // `at` is moved past it. As sameText(word(), literal) without searching for the word's
    // end byte by byte; a comparison of a constant length compiles to a load or two.
    template <std::size_t N> bool wordIs(const char (&literal)[N]) {
        constexpr std::size_t size = N - 1;
        const auto left = static_cast<std::size_t>(end - at);
        if (left < size || std::memcmp(at, literal, size) != 0 ||
            (left > size && !isSpaceOrTab(at[size])))
            return false;
        at += size;
        return true;
    }
    // The factor of the unit word next, "<prefix letter><base>" or anything else as
    // otherFactor reads it: nearly every line has a letter and base ("MBytes", "Mbits/sec").
    template <std::size_t N>
    double unitFactor(const char (&base)[N], double step, double (*otherFactor)(std::string_view)) {
        skipSpaces();
        if (at < end) {
            Cursor afterLetter{at + 1, end};
            if (afterLetter.wordIs(base)) {
                const char letter = *at;
                at = afterLetter.at;
                return letterFactor(letter, step);
            }
        }
        return otherFactor(word());
    }

    // "123.4567": digits, and after a point at least one more, 15 digits at most. Then the
    // number is exact digits over an exact power of ten, and IEEE division rounds it exactly
    // as from_chars (takeDouble) does. Whatever else might follow a number in another reading
    // (an exponent, a decimal comma, a second point) makes it false.
    bool plainDecimal(double* value, int* decimals) {
        std::uint64_t digits = 0;
        int count = appendDigits(at, end, &digits);
        *decimals = 0;
        if (count > 0 && at < end && *at == '.') {
            ++at;
            *decimals = appendDigits(at, end, &digits);
            count += *decimals;
            if (*decimals == 0)
                return false;
        }
        if (count == 0 || count > 15 ||
            (at < end && (*at == 'e' || *at == 'E' || *at == ',' || *at == '.')))
            return false;
        *value = static_cast<double>(digits) / kExactPowersOfTen[*decimals];
        return true;
    }

    // "0.0000-1.0000" (2.0 pads the end: "0.0- 1.0"), both figures plain.
    bool span(Span* out) {
        int decimals = 0;
        if (!plainDecimal(&out->start, &out->decimals) || at == end || *at != '-')
            return false;
        ++at;
        skipSpaces();
        return plainDecimal(&out->end, &decimals);
    }
    bool blank() const { return at < end && isSpaceOrTab(*at); }
};

// std::round for x >= +0, without the call into libm: below 2^52 the truncation and x minus
// it are exact, and from 2^52 on every double is whole. Whether to round up is added, not
// branched on: it is a coin toss per figure, and a mispredicted branch costs more.
double roundPositive(double x) {
    if (!(x < 4503599627370496.0))
        return x;
    const double whole = static_cast<double>(static_cast<std::int64_t>(x));
    return whole + static_cast<double>(x - whole >= 0.5);
}

} // namespace

std::size_t SpanMemo::recall(std::string_view text) const {
    if (m_size == 0 || text.size() <= m_size || std::memcmp(text.data(), m_text, m_size) != 0)
        return 0;
    return isSpaceOrTab(text[m_size]) ? m_size : 0;
}

void SpanMemo::remember(std::string_view spanText, const Span& span) {
    if (spanText.size() > kLongest)
        return;
    std::memcpy(m_text, spanText.data(), spanText.size());
    m_size = spanText.size();
    m_span = span;
}

std::optional<ResultFields> takeResultFields(std::string_view& text, SpanMemo& memo) {
    // The figures are kept in locals and the result is built once at the end: filled in
    // field by field, it was read back as a whole while the stores were still in flight,
    // a stall per field.
    Cursor line{text.data(), text.data() + text.size()};
    line.skipSpaces();
    const std::string_view spanText(line.at, static_cast<std::size_t>(line.end - line.at));
    Span span;
    if (const std::size_t repeated = memo.recall(spanText)) {
        span = memo.span();
        line.at += repeated;
    } else {
        if (!line.span(&span))
            return std::nullopt;
        if (line.blank())
            memo.remember(spanText.substr(0, static_cast<std::size_t>(line.at - spanText.data())),
                          span);
    }
    int decimals = 0;
    double transfer = 0;
    double rate = 0;
    line.skipSpaces();
    if (!line.wordIs("sec"))
        return std::nullopt;
    line.skipSpaces();
    if (!line.plainDecimal(&transfer, &decimals))
        return std::nullopt;
    const double bytesFactor = line.unitFactor("Bytes", 1024, byteUnitFactor);
    if (bytesFactor == 0)
        return std::nullopt;
    line.skipSpaces();
    if (!line.plainDecimal(&rate, &decimals))
        return std::nullopt;
    const double bitsFactor = line.unitFactor("bits/sec", 1000, rateUnitFactor);
    if (bitsFactor == 0)
        return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(line.at - text.data()));
    // transferOf and rateOf; the figures here have no sign.
    return ResultFields{
        span,
        {bytesFactor == 1 ? transfer : roundPositive(transfer * bytesFactor), bytesFactor == 1},
        bitsFactor >= 1000 ? roundPositive(rate * bitsFactor) : rate * bitsFactor};
}

} // namespace wb::iperf
