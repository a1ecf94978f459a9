#include "TcpStateLines.h"

#include "FlowStatistics.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

namespace wb {

namespace {

QStringList sourcesOf(const std::vector<TcpFlowState>& states) {
    std::set<TcpStateSource> kinds; // the enum lists the sources best first
    for (const TcpFlowState& state : states)
        if (state.kind != TcpStateSource::None)
            kinds.insert(state.kind);
    QStringList names;
    for (TcpStateSource kind : kinds)
        names << TcpState::describe(kind);
    return names;
}

// Half the median distance between consecutive points of one series: points of different
// series closer than that are one time (flows of one report, runs with the same interval).
double sameTimeTolerance(const std::vector<std::vector<TcpPoint>>& series) {
    std::vector<double> steps;
    for (const std::vector<TcpPoint>& points : series)
        for (std::size_t i = 1; i < points.size(); ++i)
            if (points[i].t > points[i - 1].t)
                steps.push_back(points[i].t - points[i - 1].t);
    if (steps.empty())
        return 0;
    auto middle = steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2);
    std::nth_element(steps.begin(), middle, steps.end());
    return *middle / 2;
}

struct TaggedPoint {
    double t;
    double value;
    std::size_t series;
};

// One time of the combined line (at most one point of each series): the sum or the mean of
// the values there.
TcpPoint combineAt(const std::vector<TaggedPoint>& points, TcpCombination combination) {
    double timeSum = 0;
    double total = 0;
    for (const TaggedPoint& point : points) {
        timeSum += point.t;
        total += point.value;
    }
    const double n = double(points.size());
    TcpPoint out;
    out.t = timeSum / n;
    out.value = combination == TcpCombination::Sum ? total : total / n;
    return out;
}

} // namespace

TcpDatasetLines TcpStateLines::whole(const Dataset& dataset, std::vector<TcpFlowState> flows) {
    TcpDatasetLines lines;
    lines.dataset = &dataset;
    lines.flows = std::move(flows);
    lines.sources = sourcesOf(lines.flows);
    return lines;
}

void TcpStateLines::withoutFedSockets(std::vector<TcpDatasetLines>& lines) {
    std::map<const Flow*, const Dataset*> fed; // an ss socket -> the dataset whose flow it is
    for (const TcpDatasetLines& entry : lines)
        if (!TcpState::isSampler(*entry.dataset))
            for (const TcpFlowState& state : entry.flows)
                if (state.source != state.flow && state.kind == TcpStateSource::SsSamples)
                    fed.emplace(state.source, entry.dataset);
    for (TcpDatasetLines& entry : lines) {
        if (!TcpState::isSampler(*entry.dataset))
            continue;
        const Dataset* drawnAs = nullptr;
        const auto isFed = [&](const TcpFlowState& state) {
            const auto found = fed.find(state.flow);
            if (found == fed.end())
                return false;
            drawnAs = found->second;
            return true;
        };
        entry.flows.erase(std::remove_if(entry.flows.begin(), entry.flows.end(), isFed),
                          entry.flows.end());
        entry.complete = entry.flows.size() == entry.dataset->flows.flows.size();
        entry.drawnAs = entry.flows.empty() ? drawnAs : nullptr;
        entry.sources = sourcesOf(entry.flows);
    }
}

bool TcpStateLines::has(const TcpDatasetLines& lines, TcpMetric metric) {
    return std::any_of(lines.flows.begin(), lines.flows.end(), [metric](const TcpFlowState& state) {
        return TcpState::has(state, metric);
    });
}

bool TcpStateLines::has(const std::vector<TcpDatasetLines>& lines, TcpMetric metric) {
    return std::any_of(lines.begin(), lines.end(),
                       [metric](const TcpDatasetLines& entry) { return has(entry, metric); });
}

TcpCombination TcpStateLines::combinationOf(TcpMetric metric) {
    return metric == TcpMetric::Cwnd || metric == TcpMetric::Rtt ? TcpCombination::Mean
                                                                 : TcpCombination::Sum;
}

std::vector<TcpPoint> TcpStateLines::combine(const std::vector<std::vector<TcpPoint>>& series,
                                             TcpCombination combination) {
    std::vector<TaggedPoint> all;
    for (std::size_t s = 0; s < series.size(); ++s)
        for (const TcpPoint& point : series[s])
            all.push_back({point.t, point.value, s});
    std::stable_sort(all.begin(), all.end(),
                     [](const TaggedPoint& a, const TaggedPoint& b) { return a.t < b.t; });
    const double tolerance = sameTimeTolerance(series);
    std::vector<TcpPoint> out;
    std::vector<TaggedPoint> sameTime;
    for (const TaggedPoint& point : all) {
        const bool seriesThere =
            std::any_of(sameTime.begin(), sameTime.end(),
                        [&](const TaggedPoint& other) { return other.series == point.series; });
        if (!sameTime.empty() && (seriesThere || (point.t != sameTime.front().t &&
                                                  point.t - sameTime.front().t >= tolerance))) {
            out.push_back(combineAt(sameTime, combination));
            sameTime.clear();
        }
        sameTime.push_back(point);
    }
    if (!sameTime.empty())
        out.push_back(combineAt(sameTime, combination));
    return out;
}

std::vector<TcpPoint> TcpStateLines::combined(const TcpDatasetLines& lines, TcpMetric metric) {
    if (metric == TcpMetric::Throughput)
        return atMidpoints(sumIntervals(lines));
    std::vector<std::vector<TcpPoint>> series;
    for (const TcpFlowState& state : lines.flows)
        series.push_back(TcpState::series(state, metric));
    return combine(series, combinationOf(metric));
}

std::vector<TcpPoint> TcpStateLines::pooled(const std::vector<const TcpDatasetLines*>& runs,
                                            TcpMetric metric) {
    std::vector<std::vector<TcpPoint>> series;
    for (const TcpDatasetLines* run : runs) {
        if (combinationOf(metric) == TcpCombination::Sum) {
            series.push_back(combined(*run, metric));
            continue;
        }
        for (const TcpFlowState& state : run->flows)
            series.push_back(TcpState::series(state, metric));
    }
    return combine(series, TcpCombination::Mean);
}

std::vector<FlowInterval> TcpStateLines::sumIntervals(const TcpDatasetLines& lines) {
    if (!lines.dataset)
        return {};
    if (lines.complete)
        return FlowStatistics::sumIntervalsOf(lines.dataset->flows);
    FlowSeries drawn;
    for (const TcpFlowState& state : lines.flows)
        drawn.flows.push_back(*state.flow);
    return FlowStatistics::sumIntervalsOf(drawn);
}

std::vector<TcpPoint> TcpStateLines::atMidpoints(const std::vector<FlowInterval>& intervals) {
    std::vector<TcpPoint> points;
    points.reserve(intervals.size());
    for (const FlowInterval& interval : intervals)
        points.push_back({(interval.start + interval.end) / 2, interval.bitsPerSecond, std::nullopt,
                          std::nullopt});
    return points;
}

} // namespace wb
