#pragma once

#include "model/LatencySeries.h"

#include <string_view>

namespace wb {

// The statistics lines that ping-like tools print at the end, into `summary`:
//   iputils: "5 packets transmitted, 5 received, +4 duplicates, +3 errors, 0% packet loss,
//             time 4017ms" and "rtt min/avg/max/mdev = a/b/c/d ms"
//   BSD, BusyBox, hping3: "... 9 packets received, 2 duplicates, 10% packet loss" and
//             "round-trip min/avg/max = a/b/c ms"
// Returns false for any other line.
bool readPingSummary(std::string_view body, PingSummary& summary);

} // namespace wb
