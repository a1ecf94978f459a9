#include "RunsOverTime.h"

#include "Percentiles.h"

#include <algorithm>
#include <cmath>

namespace wb {

double RunsOverTime::gridStep(const std::vector<std::vector<TcpPoint>>& runs) {
    std::vector<double> steps;
    for (const std::vector<TcpPoint>& run : runs)
        for (std::size_t i = 1; i < run.size(); ++i)
            if (run[i].t > run[i - 1].t)
                steps.push_back(run[i].t - run[i - 1].t);
    if (steps.empty())
        return 0;
    Percentiles::sortAscending(steps);
    return Percentiles::ofSorted(steps, 50);
}

double RunsOverTime::valueAt(const std::vector<TcpPoint>& run, double t) {
    const auto after =
        std::lower_bound(run.begin(), run.end(), t,
                         [](const TcpPoint& point, double time) { return point.t < time; });
    if (after == run.end())
        return run.back().value;
    if (after->t == t || after == run.begin())
        return after->value;
    const TcpPoint& before = *std::prev(after);
    const double share = (t - before.t) / (after->t - before.t);
    return before.value + share * (after->value - before.value);
}

std::vector<RunsOverTime::Point> RunsOverTime::of(const std::vector<std::vector<TcpPoint>>& runs,
                                                  Centre centre, Spread spread) {
    if (runs.empty() ||
        std::any_of(runs.begin(), runs.end(), [](const auto& run) { return run.empty(); }))
        return {};
    double first = runs.front().front().t;
    double last = runs.front().back().t;
    for (const std::vector<TcpPoint>& run : runs) {
        first = std::max(first, run.front().t);
        last = std::min(last, run.back().t);
    }
    if (last < first)
        return {};
    if (runs.size() == 1) { // the run itself, at its own times
        std::vector<Point> out;
        for (const TcpPoint& point : runs.front())
            out.push_back({point.t, point.value, point.value, point.value});
        return out;
    }
    const double step = gridStep(runs);
    // Grid times as first + k·step (not summed up), so the k-th is where the runs' own
    // k-th point is when they share a sampling: their values are then taken as they are. The
    // last one is the common end, however far it is from the one before.
    const std::size_t count =
        step > 0 ? static_cast<std::size_t>(std::llround((last - first) / step)) + 1 : 1;
    std::vector<Point> out;
    out.reserve(count);
    std::vector<double> values(runs.size());
    for (std::size_t k = 0; k < count; ++k) {
        const double t = std::min(last, first + double(k) * step);
        for (std::size_t r = 0; r < runs.size(); ++r)
            values[r] = valueAt(runs[r], t);
        Percentiles::sortAscending(values);
        Point point;
        point.t = t;
        if (centre == Centre::Median) {
            point.centre = Percentiles::ofSorted(values, 50);
        } else {
            double total = 0;
            for (double value : values)
                total += value;
            point.centre = total / double(values.size());
        }
        point.low = spread == Spread::MinMax ? values.front() : Percentiles::ofSorted(values, 25);
        point.high = spread == Spread::MinMax ? values.back() : Percentiles::ofSorted(values, 75);
        out.push_back(point);
    }
    return out;
}

} // namespace wb
