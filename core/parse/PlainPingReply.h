#pragma once

#include <cstdint>

namespace wb {

// Nearly every line of a big ping log is an iputils or BSD reply of one shape,
//   "64 bytes from 198.18.0.8: icmp_seq=1 ttl=64 time=0.123 ms",
// read here in one pass, without the searches the general readers need (which cost half of a
// block's scan, and most of a small log's reading). The line ends at `end` or at a newline;
// returns where the next line starts, or nullptr for any other line, which the general reader
// then takes. For a line this accepts, both give the same facts: those of a regular reply
// (a time in range, a 16-bit sequence number, no -D stamp, no "(DUP!)") for the dialect
// parsers, and the fourth '='-separated field's number for `--compat qjump`.
const char* takePlainPingReply(const char* p, const char* end, double* rtt, std::int32_t* sequence);

} // namespace wb
