#pragma once

#include "TcpState.h"

#include <QStringList>

#include <vector>

namespace wb {

// One dataset of a plot of TCP state over time: the flows it draws and where their state is
// read.
struct TcpDatasetLines {
    const Dataset* dataset = nullptr;
    // Its flows' states in order; for an ss/tcp-info dataset only the sockets that are not
    // the source of another dataset's flow (those are drawn as that flow).
    std::vector<TcpFlowState> flows;
    // TcpState::describe of the sources its flows use, distinct, best first.
    QStringList sources;
    // An ss dataset whose every socket is drawn as another dataset's flow: that dataset.
    const Dataset* drawnAs = nullptr;
    // All of the dataset's flows are drawn (its own SUM lines then apply).
    bool complete = true;
};

// How the flows of a run are put together into one line.
enum class TcpCombination {
    Sum,  // throughput, retransmissions, pacing and delivery rate: the run's total
    Mean, // cwnd and RTT: the typical flow
};

// What a plot of TCP state over several datasets draws: each connection once, from its best
// source (TcpState::statesOf), per flow or as one line per run or per group of runs.
class TcpStateLines {
public:
    // A dataset drawn on its own: every flow, from the states given.
    static TcpDatasetLines whole(const Dataset& dataset, std::vector<TcpFlowState> flows);
    // Takes out of the samplers' lines the sockets another dataset's flow is drawn from.
    static void withoutFedSockets(std::vector<TcpDatasetLines>& lines);
    // Whether a drawn flow of any of them has the metric.
    static bool has(const std::vector<TcpDatasetLines>& lines, TcpMetric metric);
    static bool has(const TcpDatasetLines& lines, TcpMetric metric);

    static TcpCombination combinationOf(TcpMetric metric);
    // Series of several flows (or runs) as one: the points of all of them in time order,
    // those of different series closer than half the series' median step taken as one time
    // (the mean of their times: iperf3's streams end an interval some µs apart), each such
    // time holding the sum or the mean of the values there. A series without a point at a
    // time does not count there. No band.
    static std::vector<TcpPoint> combine(const std::vector<std::vector<TcpPoint>>& series,
                                         TcpCombination combination);
    // A dataset's one line: SUM or mean (combinationOf) of its drawn flows. Throughput is
    // the SUM of the intervals (sumIntervals) at their midpoints, as the throughput plot
    // draws it.
    static std::vector<TcpPoint> combined(const TcpDatasetLines& lines, TcpMetric metric);
    // A group of runs as one line: for a mean metric the mean over every flow of every run
    // (pooled), for a sum metric the mean of the runs' sums.
    static std::vector<TcpPoint> pooled(const std::vector<const TcpDatasetLines*>& runs,
                                        TcpMetric metric);
    // The SUM intervals of the drawn flows: the log's own SUM lines when every flow is drawn
    // (FlowStatistics::sumIntervalsOf), else the drawn flows' intervals added up per slot.
    static std::vector<FlowInterval> sumIntervals(const TcpDatasetLines& lines);
    // Intervals as points at their midpoints, bits per second.
    static std::vector<TcpPoint> atMidpoints(const std::vector<FlowInterval>& intervals);
};

} // namespace wb
