#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

// Units and fields shared by the iperf text formats (iperf2 and iperf3 print the same
// units): transfer sizes use 1024 per step, bit rates 1000 per step, and the `-f K`/`-f M`
// byte-rate formats ("KBytes/sec") are bytes per second with 1024 per step.
namespace wb::iperf {

// Bytes per unit of a transfer figure ("Bytes", "KBytes", "MBytes", "GBytes", "TBytes"),
// or 0 when the word is not a transfer unit.
double byteUnitFactor(std::string_view unit);

// 1024^n for the binary prefix letters K, M, G, T (as in -e's "330K" Cwnd), else 0.
double binaryPrefix(char letter);

// Bits per second per unit of a rate figure ("bits/sec" … "Tbits/sec", and the byte rates
// "Bytes/sec" … "GBytes/sec"), or 0 when the word is not a rate unit.
double rateUnitFactor(std::string_view unit);

// The next whitespace-delimited word of text; text is advanced past it.
std::string_view takeWord(std::string_view& text);

struct Transfer {
    double bytes = 0;
    // Only a figure printed in plain Bytes is an exact count; "13.1 MBytes" is rounded.
    bool exact = false;
};

// "13.1 MBytes" / "9784655932 Bytes" at the start of text (leading spaces allowed).
std::optional<Transfer> takeTransfer(std::string_view& text);

// "94.2 Mbits/sec" / "11474 KBytes/sec" at the start of text, in bits per second.
std::optional<double> takeRate(std::string_view& text);

struct Span {
    double start = 0;
    double end = 0;
    int decimals = 0; // of the start figure: 1 for iperf 2.0 "0.0-10.0", 4 for 2.1 "0.0000-…"
};

// "0.0- 1.0 sec" / "0.0000-10.0000 sec" / "0.00-1.00   sec" at the start of text.
std::optional<Span> takeSpan(std::string_view& text);

// A bare CSV interval "0.0-10.0" (no unit).
std::optional<Span> parseSpan(std::string_view text);

// The fields every result line starts with, "0.0000-1.0000 sec  23.0 MBytes   193 Mbits/sec".
struct ResultFields {
    Span span;
    Transfer transfer;
    double bitsPerSecond = 0;
};

// The interval takeResultFields read last, kept by its caller from line to line. With -P
// every stream prints the same interval each second, so most lines of a long log repeat the
// bytes of the interval of a line before; comparing those bytes costs less than reading the
// two figures again.
class SpanMemo {
public:
    // The length of the interval at the start of text when it is the remembered one, byte for
    // byte, and a blank follows it: reading it would then end at the same blank with the same
    // figures. 0 otherwise.
    std::size_t recall(std::string_view text) const;
    const Span& span() const { return m_span; }
    // spanText, the bytes just read as span, when a blank follows them.
    void remember(std::string_view spanText, const Span& span);

private:
    static constexpr std::size_t kLongest = 32; // "1234567.0000-1234568.0000" is 25
    char m_text[kLongest] = {};
    std::size_t m_size = 0;
    Span m_span;
};

// takeSpan, takeTransfer and takeRate in a row, in one pass for the plain figures nearly every
// line has (a multi-million-line log is mostly these lines). nullopt when a figure is anything
// else (signs, exponents, decimal commas, more than 15 digits) or a field is missing: the
// three readers then decide, and they give the same values wherever this succeeds. memo
// carries the interval from one call to the next; it only saves reading, never changes a value.
std::optional<ResultFields> takeResultFields(std::string_view& text, SpanMemo& memo);

} // namespace wb::iperf
