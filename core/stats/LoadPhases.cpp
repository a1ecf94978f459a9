#include "LoadPhases.h"

#include "Percentiles.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Seconds from the axis' zero to a recorded wall-clock time.
double onAxis(const QDateTime& time, std::int64_t originMs) {
    return double(time.toMSecsSinceEpoch() - originMs) / 1000;
}

// Where a load member's data ends on the axis: its flows' last interval end.
std::optional<double> lastIntervalEnd(const LoadTimeline::Placement& placement) {
    std::optional<double> end;
    for (const Flow& flow : placement.dataset->flows.flows)
        for (const FlowInterval& interval : flow.intervals)
            end = std::max(end.value_or(interval.end), interval.end);
    if (end)
        *end += placement.offset;
    return end;
}

LoadPhases::Phase phaseAt(double t, const std::pair<double, double>& load) {
    if (t < load.first)
        return LoadPhases::Phase::Before;
    return t > load.second ? LoadPhases::Phase::After : LoadPhases::Phase::UnderLoad;
}

} // namespace

double LoadPhases::PhaseLatency::lossPercent() const {
    return requests() ? 100.0 * double(lost) / double(requests()) : kNaN;
}

double LoadPhases::PhaseLatency::percentileMs(double level) const {
    const std::vector<double>& all = levels();
    const auto it = std::find(all.begin(), all.end(), level);
    return it == all.end() ? kNaN : percentilesMs[std::size_t(it - all.begin())];
}

std::optional<double> LoadPhases::Member::lateBy() const {
    if (!schedule || !schedule->startedOffset)
        return std::nullopt;
    return *schedule->startedOffset - schedule->plannedOffset;
}

bool LoadPhases::Member::late() const {
    const std::optional<double> late = lateBy();
    return late && schedule->stepSeconds && *late > kLateShare * *schedule->stepSeconds;
}

const std::vector<double>& LoadPhases::levels() {
    static const std::vector<double> levels{50, 90, 99};
    return levels;
}

QString LoadPhases::phaseName(Phase phase) {
    switch (phase) {
    case Phase::Before:
        return tr("before (idle)");
    case Phase::UnderLoad:
        return tr("under load");
    case Phase::After:
        return tr("after");
    }
    return {};
}

LoadPhases LoadPhases::of(const LoadTimeline& timeline) {
    LoadPhases phases;
    phases.m_step = timeline.step();
    if (timeline.basis() != LoadTimeline::Basis::ConcurrentStep || !timeline.originMs())
        return phases;
    const std::int64_t origin = *timeline.originMs();

    for (const LoadTimeline::Placement& placement : timeline.latency()) {
        Member member;
        member.dataset = placement.dataset;
        member.name = placement.dataset->info.parameters.value(QStringLiteral("member"));
        const std::vector<double> replies = timeline.replyTimes(placement);
        const RunInfo& info = placement.dataset->info;
        member.start = info.start.isValid() ? onAxis(info.start, origin) : replies.front();
        member.endRecorded = info.end.isValid();
        member.end = member.endRecorded ? onAxis(info.end, origin) : replies.back();
        member.schedule = info.schedule;
        phases.m_members.push_back(member);
    }
    // All load members from their starts and ends: the load is from the first start to the
    // last end; every member runs from the last start to the first end.
    std::optional<double> lastStart;
    std::optional<double> firstEnd;
    for (const LoadTimeline::Placement& placement : timeline.throughput()) {
        const RunInfo& info = placement.dataset->info;
        const std::optional<double> dataEnd = lastIntervalEnd(placement);
        if (!placement.placed || (!info.end.isValid() && !dataEnd))
            continue;
        Member member;
        member.dataset = placement.dataset;
        member.name = info.parameters.value(QStringLiteral("member"));
        member.load = true;
        member.start = placement.offset;
        member.endRecorded = info.end.isValid();
        member.end = member.endRecorded ? onAxis(info.end, origin) : *dataEnd;
        member.schedule = info.schedule;
        phases.m_members.push_back(member);
        auto& load = phases.m_load;
        load = load ? std::make_pair(std::min(load->first, member.start),
                                     std::max(load->second, member.end))
                    : std::make_pair(member.start, member.end);
        lastStart = std::max(lastStart.value_or(member.start), member.start);
        firstEnd = std::min(firstEnd.value_or(member.end), member.end);
    }
    if (!phases.m_load)
        return phases;
    const std::pair<double, double> load = *phases.m_load;
    phases.m_partialSeconds = (load.second - load.first) - std::max(0.0, *firstEnd - *lastStart);

    for (const LoadTimeline::Placement& placement : timeline.latency()) {
        if (!placement.placed)
            continue;
        const std::vector<double> times = timeline.replyTimes(placement);
        const std::vector<double> lossTimes = timeline.lossTimes(placement);
        const std::vector<double>& rtts = placement.dataset->latency.rttMs;
        std::array<std::vector<double>, kPhaseCount> samples;
        PingPhases ping;
        ping.dataset = placement.dataset;
        for (std::size_t i = 0; i < times.size() && i < rtts.size(); ++i)
            samples[std::size_t(phaseAt(times[i], load))].push_back(rtts[i]);
        for (double t : lossTimes)
            ++ping.phases[std::size_t(phaseAt(t, load))].lost;
        const double end = std::max(times.empty() ? load.second : times.back(), load.second);
        const std::array<std::pair<double, double>, kPhaseCount> spans{
            {{std::min(0.0, load.first), load.first}, load, {load.second, end}}};
        for (std::size_t p = 0; p < kPhaseCount; ++p) {
            PhaseLatency& phase = ping.phases[p];
            phase.phase = Phase(p);
            phase.from = spans[p].first;
            phase.to = spans[p].second;
            phase.replies = samples[p].size();
            phase.percentilesMs = samples[p].empty() ? std::vector<double>(levels().size(), kNaN)
                                                     : Percentiles::select(samples[p], levels());
        }
        const PhaseLatency& idle = ping.phase(Phase::Before);
        const PhaseLatency& loaded = ping.phase(Phase::UnderLoad);
        const bool both = idle.replies > 0 && loaded.replies > 0;
        ping.increaseP50Ms = both ? loaded.percentileMs(50) - idle.percentileMs(50) : kNaN;
        ping.increaseP99Ms = both ? loaded.percentileMs(99) - idle.percentileMs(99) : kNaN;
        phases.m_pings.push_back(std::move(ping));
    }
    return phases;
}

std::vector<LoadPhases> LoadPhases::ofSteps(const std::vector<const Dataset*>& datasets) {
    std::vector<LoadPhases> all;
    for (const QString& step : LoadTimeline::steps(datasets)) {
        LoadPhases phases = of(LoadTimeline::ofStep(datasets, step));
        if (!phases.empty())
            all.push_back(std::move(phases));
    }
    return all;
}

QStringList LoadPhases::lateWarnings() const {
    QStringList warnings;
    for (const Member& member : m_members)
        if (member.late())
            warnings << tr("%1 of step %2 started at %3 s, %4 s after the %5 s its plan says: "
                           "later than %6 % of the step's %7 s")
                            .arg(member.name, m_step)
                            .arg(*member.schedule->startedOffset, 0, 'f', 3)
                            .arg(*member.lateBy(), 0, 'f', 3)
                            .arg(member.schedule->plannedOffset, 0, 'f', 3)
                            .arg(kLateShare * 100, 0, 'f', 0)
                            .arg(*member.schedule->stepSeconds, 0, 'f', 2);
    return warnings;
}

} // namespace wb
