#pragma once

#include "model/FlowSeries.h"

#include <QStringList>

#include <cstdint>

namespace wb {

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
