#pragma once

#include "model/Dataset.h"

#include <QStringList>

#include <cstdint>
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

// The interval lines of an iperf log in time order, whatever order the log printed them in.
// Statistics over intervals and plots of throughput over time take each flow's intervals (and
// the SUM's) as a time series; a line printed out of order, an interval that overlaps the one
// before, or a last interval printed twice must not break that. Shared by the iperf2 and
// iperf3 readers, which call it once per test and warn with what it found.
struct IperfIntervalOrder {
    std::int64_t outOfOrder = 0;  // lines that start before the line printed above them
    std::int64_t overlapping = 0; // lines (in time order) that start before the previous ends
    std::int64_t repeated = 0;    // lines equal to the one before them, kept once

    // Sorts every flow's intervals and the SUM's by start (stably: lines of one instant keep
    // the log's order), keeps a line repeated exactly once, and counts what it saw.
    static IperfIntervalOrder apply(FlowSeries& series);
    // One sentence per finding, for the parser's warnings; empty when the intervals were in order.
    QStringList warnings() const;

private:
    void order(std::vector<FlowInterval>& intervals);
};

} // namespace wb
