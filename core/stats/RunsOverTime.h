#pragma once

#include "TcpState.h"

#include <cstddef>
#include <vector>

namespace wb {

// The line a group of runs draws over time: at each time of a grid common to the runs, the
// median (or mean) of the runs' values there and a band across them (smallest to largest
// run, or the interquartile range). Every run's times count from its own start, so runs
// recorded at different hours line up.
class RunsOverTime {
public:
    enum class Centre { Median, Mean };
    enum class Spread {
        MinMax,        // the smallest and the largest run
        Interquartile, // the 25th and 75th percentile of the runs (numpy's linear method)
    };

    struct Point {
        double t = 0;
        double centre = 0;
        double low = 0;
        double high = 0;
    };

    // Each run one series in time order (t in seconds from the run's start). The grid starts
    // at the latest first time of the runs and steps by the runs' median sampling step
    // (gridStep) up to the earliest last time: only where every run has data, so the
    // median is always of the same runs; the last grid time is that earliest last time. A
    // run's value at a grid time is interpolated linearly between its two points around it
    // (exact where it has a point there). One run: its own points. Empty when a run is empty
    // or the runs do not overlap in time.
    static std::vector<Point> of(const std::vector<std::vector<TcpPoint>>& runs, Centre centre,
                                 Spread spread);
    // The median distance between consecutive points of the runs; 0 when no run has two.
    static double gridStep(const std::vector<std::vector<TcpPoint>>& runs);
    // One run's value at t by linear interpolation between the points around it; t must lie
    // within its first and last time.
    static double valueAt(const std::vector<TcpPoint>& run, double t);
};

} // namespace wb
