#pragma once

#include "model/FlowSeries.h"

#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace wb {

// Whole-run figures of one flow (or of the SUM).
struct FlowTotals {
    double bytes = 0;
    double seconds = 0;
    double bitsPerSecond = 0;
};

// Mean, median and population standard deviation of per-interval bandwidth: the numbers
// seed 002's analyze.pl prints (Math::NumberCruncher Mean/Median/StandardDeviation).
struct IntervalBandwidth {
    std::size_t count = 0;
    double mean = 0;
    double median = 0;
    double stddev = 0;

    static IntervalBandwidth of(const std::vector<double>& bitsPerSecond);
};

// The statistics of a throughput dataset, computed from the flows the parser filled.
struct FlowStatistics {
    struct PerFlow {
        QString id;
        FlowTotals totals;
        std::optional<double> jitterMs;
        std::optional<std::int64_t> lost;
        std::optional<std::int64_t> totalDatagrams;
        std::optional<double> lossPercent;
    };

    std::vector<PerFlow> flows;
    FlowTotals sum; // the tool's SUM line when printed, else computed from the flows
    // Computed from the flows: all of them, or with a tool's SUM, those of its direction
    // (FlowSeries::sumDirection) on the side (receiver or sender figures) closer to it.
    FlowTotals computedSum;
    bool sumFromTool = false;
    double sumDisagreement = 0; // |tool - computed| / tool, for bits per second
    double minBitsPerSecond = 0;
    double maxBitsPerSecond = 0;
    double stddevBitsPerSecond = 0; // population, across flows
    double jainFairness = 0;        // (Σx)² / (n·Σx²) over per-flow bits per second
    // UDP, over the flows whose report has them: Σlost / Σdatagrams (so a long flow weighs
    // more than a short one) and the plain mean of the flows' jitter.
    std::optional<double> lossPercent;
    std::optional<double> meanJitterMs;
    IntervalBandwidth intervals; // over interval lines only, never whole-run lines

    // A SUM that disagrees with the flows by more than this is worth a warning.
    static constexpr double kSumTolerance = 0.01;

    static FlowStatistics of(const FlowSeries& series);
    // Whole-run figures of one flow: its receiver/tool total, else its intervals added up.
    static FlowTotals totalsOf(const Flow& flow);
    // The per-interval bandwidth series statistics use: the tool's SUM intervals when it
    // printed them, else the single flow's, else the flows' intervals added per time slot.
    static std::vector<double> intervalSeries(const FlowSeries& series);
    // The same series with its time slots (start, end, bytes, bits per second), for plots
    // of the aggregate over time; slots in time order.
    static std::vector<FlowInterval> sumIntervalsOf(const FlowSeries& series);
    static double jain(const std::vector<double>& values);

private:
    static void checkToolSum(const FlowSeries& series, FlowStatistics& stats);
    // The flows that pass `counted`, added up on their receiver and on their sender side;
    // returns the side closer to `sum` and how far it is (|sum - side| / sum).
    static std::pair<FlowTotals, double>
    closestSide(const FlowSeries& series, const FlowTotals& sum,
                const std::function<bool(const Flow&)>& counted);
};

} // namespace wb
