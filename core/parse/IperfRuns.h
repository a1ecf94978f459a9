#pragma once

#include "model/Dataset.h"

#include <vector>

namespace wb {

// The tests of one iperf log, each a dataset: a server that stays up while clients connect test
// after test, or client runs appended to one file with `>>`. Shared by the iperf2 and iperf3
// readers, which split the log into tests and call this once at its end.
struct IperfRuns {
    // Names each test when the log holds more than one: its peer and start time where the log
    // has them ("198.18.0.2 2026-11-29 23:19:40 UTC"), the peer and "run N" when it has no time,
    // else "run N" (FileImporter puts the file's name in front).
    static void label(std::vector<Dataset>& tests);
    static QString labelOf(const RunInfo& info, int run);
};

} // namespace wb
