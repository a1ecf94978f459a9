#pragma once

#include "RunValues.h"
#include "TcpState.h"
#include "model/Dataset.h"

#include <unordered_set>
#include <vector>

namespace wb {

// Any list of items that each stand for a dataset (the CLI's reports, the window's entries,
// a report's runs) split by what RunValues::measurements says of their datasets: the runs,
// and the socket samplers it keeps (whose step has no run among them, or recorded outside a
// plan's step). A sampler recorded in the step of a run of the list is neither: it is that
// run's flows' TCP state (TcpState::statesOf) and counted nowhere else.
template <typename Item> struct Measured {
    std::vector<Item> runs; // latency and throughput runs, in order
    // ss/tcp-info logs that describe no run of the list: the TCP state of the connections
    // they sampled, never a throughput run (no SUM, no fairness).
    std::vector<Item> samplers;

    // datasetOf(item) gives the item's `const Dataset&`.
    template <typename DatasetOf>
    static Measured of(const std::vector<Item>& items, DatasetOf datasetOf) {
        std::vector<const Dataset*> datasets;
        datasets.reserve(items.size());
        for (const Item& item : items)
            datasets.push_back(&datasetOf(item));
        const std::vector<const Dataset*> kept = RunValues::measurements(datasets);
        const std::unordered_set<const Dataset*> measured(kept.begin(), kept.end());
        Measured out;
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (!measured.count(datasets[i]))
                continue;
            (TcpState::isSampler(*datasets[i]) ? out.samplers : out.runs).push_back(items[i]);
        }
        return out;
    }
};

} // namespace wb
