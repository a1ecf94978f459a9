#pragma once

#include "Dataset.h"

#include <cstddef>

namespace wb {

// What a dataset that is still being parsed (a live run's) gained since it was last looked
// at. A latency dataset grows at its end, so only the replies, duplicates, losses and errors
// beyond those seen before are copied, with its description (info, label, summary) as it is
// now: a snapshot of an hour of 1 ms pings costs what arrived since the previous one. A
// throughput dataset (a few intervals a second per flow, reordered and completed when its
// test ends) is copied whole, as is a latency dataset whose lists shrank.
struct DatasetGrowth {
    Dataset part;
    bool whole = true; // `part` is the whole dataset, not what it gained

    // Brings `dataset` (an earlier state of the same parse, grown by every growth before
    // this one) up to date.
    void applyTo(Dataset& dataset) const;
};

// Remembers how much of one dataset was handed out, so the next cut takes only the rest.
class DatasetGrowthCutter {
public:
    DatasetGrowth cut(const Dataset& now);

private:
    struct Seen {
        std::size_t rtt = 0;
        std::size_t sequence = 0;
        std::size_t timestamps = 0;
        std::size_t duplicateRtt = 0;
        std::size_t duplicateSequence = 0;
        std::size_t lost = 0;
        std::size_t errors = 0;
    };
    bool m_started = false;
    Seen m_seen;
};

} // namespace wb
