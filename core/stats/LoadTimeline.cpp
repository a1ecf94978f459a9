#include "LoadTimeline.h"

#include "TimelineReducer.h"

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

// Where a dataset starts, ms since the epoch: its recorded (or logged) start, else a
// ping's first reply time.
std::optional<std::int64_t> startMs(const Dataset& dataset) {
    if (dataset.info.start.isValid())
        return dataset.info.start.toMSecsSinceEpoch();
    if (dataset.kind == Dataset::Kind::Latency && dataset.latency.hasTimestamps())
        return std::llround(dataset.latency.timestamps.front() * 1000);
    return std::nullopt;
}

} // namespace

QString LoadTimeline::stepOf(const Dataset& dataset) {
    const QMap<QString, QString>& parameters = dataset.info.parameters;
    if (parameters.value(QStringLiteral("member")).isEmpty())
        return {};
    return parameters.value(QStringLiteral("step"));
}

QStringList LoadTimeline::steps(const std::vector<const Dataset*>& datasets) {
    QStringList steps;
    for (const Dataset* dataset : datasets)
        if (dataset && !isSampler(*dataset) && !stepOf(*dataset).isEmpty() &&
            !steps.contains(stepOf(*dataset)))
            steps << stepOf(*dataset);
    return steps;
}

LoadTimeline LoadTimeline::of(const std::vector<const Dataset*>& datasets) {
    return ofStep(datasets, steps(datasets).value(0));
}

LoadTimeline LoadTimeline::ofStep(const std::vector<const Dataset*>& datasets,
                                  const QString& step) {
    LoadTimeline timeline;
    std::vector<const Dataset*> drawn;
    std::vector<const Dataset*> samplers;
    for (const Dataset* dataset : datasets)
        if (dataset && isSampler(*dataset))
            samplers.push_back(dataset);
    timeline.m_step = step;
    if (!step.isEmpty())
        timeline.m_basis = Basis::ConcurrentStep;
    for (const Dataset* dataset : datasets) {
        if (!dataset || isSampler(*dataset))
            continue;
        const bool inStep = timeline.m_step.isEmpty() || stepOf(*dataset) == timeline.m_step;
        // A ping without reply times has no place on a time axis.
        const bool timed =
            dataset->kind == Dataset::Kind::Throughput || dataset->latency.hasTimestamps();
        if (inStep && timed)
            drawn.push_back(dataset);
        else
            timeline.m_leftOut.push_back(dataset);
    }
    for (const Dataset* dataset : drawn)
        if (const std::optional<std::int64_t> start = startMs(*dataset))
            timeline.m_originMs = std::min(timeline.m_originMs.value_or(*start), *start);
    if (!timeline.m_originMs)
        timeline.m_basis = Basis::None;
    else if (timeline.m_basis != Basis::ConcurrentStep)
        timeline.m_basis = Basis::AbsoluteTimes;

    for (const Dataset* dataset : drawn) {
        Placement placement{dataset, 0, false, {}};
        if (dataset->kind == Dataset::Kind::Latency) {
            // Its own zero is the first reply (TimelineReducer's time axis).
            placement.placed = timeline.m_originMs.has_value();
            if (placement.placed)
                placement.offset =
                    dataset->latency.timestamps.front() - double(*timeline.m_originMs) / 1000;
            timeline.m_latency.push_back(placement);
            continue;
        }
        if (const std::optional<std::int64_t> start = startMs(*dataset)) {
            placement.placed = true;
            placement.offset = double(*start - *timeline.m_originMs) / 1000;
        }
        placement.tcpStates = TcpState::statesOf(*dataset, samplers);
        timeline.m_throughput.push_back(std::move(placement));
    }

    for (const Placement& placement : timeline.m_throughput)
        for (const Flow& flow : placement.dataset->flows.flows)
            for (const FlowInterval& interval : flow.intervals) {
                const double start = placement.offset + interval.start;
                const double end = placement.offset + interval.end;
                auto& period = timeline.m_loadPeriod;
                period = period ? std::make_pair(std::min(period->first, start),
                                                 std::max(period->second, end))
                                : std::make_pair(start, end);
            }
    return timeline;
}

std::vector<const Dataset*> LoadTimeline::unplaced() const {
    std::vector<const Dataset*> out;
    for (const auto* placements : {&m_latency, &m_throughput})
        for (const Placement& placement : *placements)
            if (!placement.placed)
                out.push_back(placement.dataset);
    return out;
}

std::vector<double> LoadTimeline::replyTimes(const Placement& placement) const {
    const LatencySeries& series = placement.dataset->latency;
    std::vector<double> times =
        TimelineReducer::xValues(series, TimelineReducer::XAxis::TimeSinceFirstReply, 0);
    if (placement.placed && m_originMs) {
        // Straight from the timestamps: no rounding through the first reply.
        const double origin = double(*m_originMs) / 1000;
        for (std::size_t i = 0; i < times.size(); ++i)
            times[i] = series.timestamps[i] - origin;
    }
    return times;
}

std::vector<double> LoadTimeline::lossTimes(const Placement& placement) const {
    const LatencySeries& series = placement.dataset->latency;
    std::vector<double> times = TimelineReducer::xOfSequences(
        series, series.lostSequence, TimelineReducer::XAxis::TimeSinceFirstReply, 0);
    for (double& t : times)
        t += placement.offset;
    return times;
}

std::vector<LoadTimeline::Step> LoadTimeline::sumOfFlows(double* end) const {
    // Each interval adds its rate from its start and takes it away at its end; the sum is
    // constant between consecutive boundaries.
    struct Change {
        double t;
        double rate;
        int open; // +1 where an interval starts, -1 where it ends
    };
    std::vector<Change> changes;
    for (const Placement& placement : m_throughput)
        for (const Flow& flow : placement.dataset->flows.flows)
            for (const FlowInterval& interval : flow.intervals) {
                if (interval.end <= interval.start)
                    continue;
                changes.push_back({placement.offset + interval.start, interval.bitsPerSecond, 1});
                changes.push_back({placement.offset + interval.end, -interval.bitsPerSecond, -1});
            }
    std::sort(changes.begin(), changes.end(),
              [](const Change& a, const Change& b) { return a.t < b.t; });
    std::vector<Step> steps;
    long double sum = 0;
    int open = 0;
    for (std::size_t i = 0; i < changes.size();) {
        const double t = changes[i].t;
        for (; i < changes.size() && changes[i].t == t; ++i) {
            sum += changes[i].rate;
            open += changes[i].open;
        }
        // No interval open: exactly zero, whatever rounding the additions left.
        steps.push_back({t, open > 0 ? double(sum) : 0.0});
    }
    if (end)
        *end = steps.empty() ? 0 : steps.back().start;
    if (!steps.empty())
        steps.pop_back(); // the last boundary only ends the previous step
    return steps;
}

bool LoadTimeline::isLoadStep(const std::vector<const Dataset*>& datasets) {
    const LoadTimeline timeline = of(datasets);
    return timeline.basis() == Basis::ConcurrentStep && !timeline.latency().empty() &&
           !timeline.throughput().empty();
}

} // namespace wb
