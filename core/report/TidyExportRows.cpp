#include "report/TidyExportRows.h"

#include "files/OutputFile.h"
#include "report/TextEscaping.h"

#include <cstdint>
#include <cstdio>

namespace wb::tidy {

namespace {

// value with `decimals` digits after the point (none: an integer), from its digits scaled.
char* fixedDigits(char* out, std::int64_t scaled, int decimals) {
    if (scaled < 0) {
        *out++ = '-';
        scaled = -scaled;
    }
    char digits[24];
    const auto end =
        std::to_chars(digits, digits + sizeof digits, static_cast<std::uint64_t>(scaled)).ptr;
    auto count = static_cast<int>(end - digits);
    if (count <= decimals) { // 0.039: zeros between the point and the digits
        *out++ = '0';
        *out++ = '.';
        for (int i = count; i < decimals; ++i)
            *out++ = '0';
        std::memcpy(out, digits, static_cast<std::size_t>(count));
        return out + count;
    }
    std::memcpy(out, digits, static_cast<std::size_t>(count - decimals));
    out += count - decimals;
    if (decimals > 0) {
        *out++ = '.';
        std::memcpy(out, end - decimals, static_cast<std::size_t>(decimals));
        out += decimals;
    }
    return out;
}

} // namespace

char* shortestFixed(char* out, char* last, double value) {
    // Most figures of a log (RTTs, seconds, bytes, Unix times in µs) have six decimals or
    // fewer. Below 2^33 two doubles are less than 10^-6 apart, so at most one number of six
    // decimals rounds to value: value × 10^6 rounds to its digits, an integer below 2^53 whose
    // quotient by 10^6 (both exact, the division correctly rounded as strtod rounds) is value
    // again, and those digits less their trailing zeros are the shortest fixed form. Several
    // times faster than the general algorithm; anything else goes to it.
    constexpr double kScale = 1e6;
    constexpr int kDecimals = 6;
    if (std::fabs(value) < 8e9) { // below 2^33
        const double scaled = std::nearbyint(value * kScale);
        if (scaled / kScale == value) {
            auto digits = static_cast<std::int64_t>(scaled);
            int decimals = kDecimals;
            while (decimals > 0 && digits % 10 == 0) {
                digits /= 10;
                --decimals;
            }
            return fixedDigits(out, digits, decimals);
        }
    }
    const double magnitude = std::fabs(value);
    if (magnitude >= 1e-6 && magnitude < 1e15)
        return std::to_chars(out, last, value, std::chars_format::fixed).ptr;
    return std::to_chars(out, last, value).ptr;
}

// A JSON string literal of text (RFC 8259: quote, backslash and control characters escaped).
std::string jsonString(const QString& text) {
    const QByteArray utf8 = text.toUtf8();
    std::string out;
    out.reserve(static_cast<std::size_t>(utf8.size()) + 2);
    out += '"';
    for (const char c : utf8) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (byte < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + '"';
}

// A text cell as the format writes it.
std::string encodedText(TidyExport::Format format, const QString& text) {
    if (format == TidyExport::Format::Jsonl)
        return jsonString(text);
    return TextEscaping::csvField(text).toUtf8().toStdString();
}

} // namespace wb::tidy
