#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace wb {

// Where a plain reply's parts are within its line, so that the next line can be compared
// with it instead of searched: the sequence number, what follows it (" ttl=64 "), the time.
struct PlainReplyLayout {
    const char* line = nullptr;
    std::size_t sequenceAt = 0;
    std::size_t ttlAt = 0;
    std::size_t timeAt = 0;
};

// Nearly every line of a big ping log is an iputils or BSD reply of one shape,
//   "64 bytes from 198.18.0.8: icmp_seq=1 ttl=64 time=0.123 ms",
// read here in one pass, without the searches the general readers need: `stats` of 5 million
// replies runs 1.9 times as fast with it, `--compat qjump` 2.5 times (tests/bench/run_bench.sh).
// The line ends at `end` or at a newline; returns where the next line starts, or nullptr for any
// other line, which the general reader then takes. For a line this accepts, both give the same
// facts: those of a regular reply (a time in range, a sequence number of at most nine digits,
// no -D stamp, no "(DUP!)") for the dialect parsers, and the fourth '='-separated field's number
// for `--compat qjump`.
const char* takePlainPingReply(const char* p, const char* end, double* rtt, std::int32_t* sequence,
                               PlainReplyLayout* layout = nullptr);

// takePlainPingReply for a line that repeats `previous` (a reply it accepted, still in memory)
// up to its sequence number and again from after it up to its time, as consecutive replies of
// one target do: the same facts for the same line, without searching for the address's end;
// nullptr when the line differs there (takePlainPingReply then decides).
const char* takeRepeatedPingReply(const char* p, const char* end, const PlainReplyLayout& previous,
                                  double* rtt, std::int32_t* sequence);

// Walks a block of whole lines (each ending in '\n'), as the ping dialects' scan() does:
// onPlain(rtt, sequence) for each plain reply, onOther(at, end, readable) for any other line,
// which lies at [at, end) of `lines` without its newline. A plain reply holds no NUL byte;
// another line that does is not `readable`: only the line path reads it (and reports it), so
// the dialects need no pass of their own over the block to look for NUL bytes.
template <typename OnPlain, typename OnOther>
void forEachPingLine(std::string_view lines, OnPlain&& onPlain, OnOther&& onOther) {
    const char* const begin = lines.data();
    const char* const end = begin + lines.size();
    PlainReplyLayout previous;
    for (std::size_t at = 0; at < lines.size();) {
        double rtt = 0;
        std::int32_t sequence = 0;
        const char* next = previous.line
                               ? takeRepeatedPingReply(begin + at, end, previous, &rtt, &sequence)
                               : nullptr;
        if (!next)
            next = takePlainPingReply(begin + at, end, &rtt, &sequence, &previous);
        if (next) {
            onPlain(rtt, sequence);
            at = static_cast<std::size_t>(next - begin);
            continue;
        }
        std::size_t lineEnd = lines.find('\n', at);
        if (lineEnd == std::string_view::npos)
            lineEnd = lines.size();
        const bool readable =
            std::string_view(begin + at, lineEnd - at).find('\0') == std::string_view::npos;
        onOther(at, lineEnd, readable);
        at = lineEnd + 1;
    }
}

} // namespace wb
