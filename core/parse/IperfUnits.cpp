#include "IperfUnits.h"

#include "TextScan.h"

#include <cmath>

namespace wb::iperf {

using namespace scan;

namespace {

// Steps of the unit prefixes; an empty prefix is the base unit.
double prefixFactor(std::string_view prefix, double step) {
    if (prefix.empty())
        return 1;
    if (prefix.size() != 1)
        return 0;
    switch (prefix.front()) {
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

// The prefix before `base` when word is exactly PREFIX+base, e.g. "Mbits/sec" -> "M".
std::optional<std::string_view> prefixOf(std::string_view word, std::string_view base) {
    if (word.size() < base.size() || word.substr(word.size() - base.size()) != base)
        return std::nullopt;
    return word.substr(0, word.size() - base.size());
}

} // namespace

double byteUnitFactor(std::string_view unit) {
    // iperf2 says "Byte" in some header lines ("131072 Byte"), "Bytes" in result lines.
    for (std::string_view base : {"Bytes", "Byte"}) {
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
    const auto value = takeLocalizedDouble(rest);
    if (!value)
        return std::nullopt;
    const double factor = byteUnitFactor(takeWord(rest));
    if (factor == 0)
        return std::nullopt;
    text = rest;
    // Whole bytes: "13.1 MBytes" is 13736345.6 by arithmetic, but bytes are counted whole.
    return Transfer{factor == 1 ? *value : std::round(*value * factor), factor == 1};
}

std::optional<double> takeRate(std::string_view& text) {
    std::string_view rest = skipSpaces(text);
    const auto value = takeLocalizedDouble(rest);
    if (!value)
        return std::nullopt;
    const double factor = rateUnitFactor(takeWord(rest));
    if (factor == 0)
        return std::nullopt;
    text = rest;
    // A printed "2.03 Mbits/sec" is 2030000 bit/s; without rounding, binary floating point
    // makes it 2029999.9999999998, which then shows up in every export.
    return factor >= 1000 ? std::round(*value * factor) : *value * factor;
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
    if (!span || takeWord(rest) != "sec")
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

} // namespace wb::iperf
