#pragma once

#include "FlowSeries.h"
#include "LatencySeries.h"
#include "RunInfo.h"

#include <QString>

namespace wb {

// One measurement run as the rest of the program sees it: what was measured and how.
struct Dataset {
    enum class Kind { Latency, Throughput };

    Kind kind = Kind::Latency;
    QString sourceFile; // file the data came from (or the raw log of a live run)
    QString label;      // what the user calls it; defaults to the file name
    RunInfo info;
    LatencySeries latency; // Kind::Latency
    FlowSeries flows;      // Kind::Throughput
};

} // namespace wb
