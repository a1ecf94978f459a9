#include "Iperf2FlowBuilder.h"

#include <algorithm>

namespace wb {

namespace {
// Interval edges are printed with 1 to 4 decimals; this is "the same instant" at 1 decimal.
constexpr double kSameTime = 1e-6;
bool startsAtZero(const FlowInterval& line) {
    return line.start < kSameTime;
}

} // namespace

int Iperf2FlowBuilder::active(int stream) const {
    if (stream >= 0 && stream < kDirectStreams) {
        const auto at = static_cast<std::size_t>(stream);
        return at < m_direct.size() ? m_direct[at] - 1 : -1;
    }
    for (const auto& [number, index] : m_active) {
        if (number == stream)
            return static_cast<int>(index);
    }
    return -1;
}

QString Iperf2FlowBuilder::uniqueId(int stream, const QString& direction) const {
    const auto taken = [this](const QString& id) {
        return std::any_of(series().flows.begin(), series().flows.end(),
                           [&id](const Flow& flow) { return flow.id == id; });
    };
    const QString base = QString::number(stream);
    if (!taken(base))
        return base;
    // iperf reuses a number for the other direction of -d/-r, and for the next test.
    const bool otherDirection =
        !direction.isEmpty() &&
        std::none_of(series().flows.begin(), series().flows.end(), [&](const Flow& flow) {
            return flow.streamNumber == stream && flow.direction == direction;
        });
    if (otherDirection && !taken(base + QLatin1Char('/') + direction))
        return base + QLatin1Char('/') + direction;
    for (int test = 2;; ++test) {
        const QString id = base + QLatin1Char('#') + QString::number(test);
        if (!taken(id))
            return id;
    }
}

std::size_t Iperf2FlowBuilder::newFlow(int stream, const QString& direction) {
    Flow flow;
    flow.id = uniqueId(stream, direction);
    flow.streamNumber = stream;
    flow.direction = direction;
    series().flows.push_back(std::move(flow));
    m_tracks.emplace_back();
    const std::size_t index = series().flows.size() - 1;
    if (stream >= 0 && stream < kDirectStreams) {
        const auto at = static_cast<std::size_t>(stream);
        if (at >= m_direct.size())
            m_direct.resize(at + 1, 0);
        m_direct[at] = static_cast<int>(index) + 1;
        return index;
    }
    auto it = std::find_if(m_active.begin(), m_active.end(),
                           [stream](const auto& entry) { return entry.first == stream; });
    if (it != m_active.end())
        it->second = index;
    else
        m_active.emplace_back(stream, index);
    return index;
}

void Iperf2FlowBuilder::restart(FlowSeries& series) {
    m_seriesAt = &series;
    m_tracks.clear();
    m_sumTrack = Track();
    m_direct.clear();
    m_active.clear();
}

bool Iperf2FlowBuilder::allEnded() const {
    for (std::size_t i = 0; i < m_tracks.size(); ++i) {
        if (!m_tracks[i].pending && !series().flows[i].total)
            return false;
    }
    return true;
}

std::size_t Iperf2FlowBuilder::openConnection(int stream, const QString& direction,
                                              const QString& local, const QString& remote) {
    const std::size_t index = newFlow(stream, direction);
    series().flows[index].localAddress = local;
    series().flows[index].remoteAddress = remote;
    return index;
}

std::size_t Iperf2FlowBuilder::flowFor(int stream) {
    const int index = active(stream);
    return index >= 0 ? static_cast<std::size_t>(index) : newFlow(stream, QString());
}

bool Iperf2FlowBuilder::place(Track& track, std::vector<FlowInterval>& intervals,
                              std::optional<FlowInterval>& total, const FlowInterval& line) {
    if (!startsAtZero(line)) {
        // A later interval: whatever was held back was the first interval.
        if (track.pending) {
            appendInterval(intervals, *track.pending);
            track.pending.reset();
        }
        appendInterval(intervals, line);
        return true;
    }
    if (total)
        return false; // a second whole run: the next test
    if (track.pending) {
        if (line.end <= track.pending->end + kSameTime) {
            total = track.pending; // not longer: the held-back line was a whole run
            track.pending.reset();
            return false;
        }
        appendInterval(intervals, *track.pending);
        track.pending.reset();
        total = line;
        return true;
    }
    if (!intervals.empty())
        total = line;
    else
        track.pending = line;
    return true;
}

void Iperf2FlowBuilder::settle(Track& track, std::optional<FlowInterval>& total) {
    if (track.pending && !total)
        total = track.pending;
    track.pending.reset();
}

bool Iperf2FlowBuilder::startsNextTest(std::size_t flow, const FlowInterval& line) const {
    const Track& track = m_tracks[flow];
    return startsAtZero(line) && (series().flows[flow].total ||
                                  (track.pending && line.end <= track.pending->end + kSameTime));
}

void Iperf2FlowBuilder::addLine(std::size_t flow, const FlowInterval& line) {
    Flow* target = &series().flows[flow];
    if (place(m_tracks[flow], target->intervals, target->total, line))
        return;
    settle(m_tracks[flow], target->total);
    const QString direction = target->direction;
    const std::size_t next = newFlow(target->streamNumber, direction);
    target = &series().flows[next];
    place(m_tracks[next], target->intervals, target->total, line);
}

void Iperf2FlowBuilder::addSumLine(const FlowInterval& line) {
    if (place(m_sumTrack, series().sumIntervals, series().sumTotal, line))
        return;
    // A SUM of a later test: FlowSeries holds one SUM, so the latest whole run wins.
    settle(m_sumTrack, series().sumTotal);
    series().sumTotal.reset();
    place(m_sumTrack, series().sumIntervals, series().sumTotal, line);
}

void Iperf2FlowBuilder::addServerReport(std::size_t flow, const FlowInterval& report) {
    Flow& target = series().flows[flow];
    Track& track = m_tracks[flow];
    if (track.pending) {
        target.senderTotal = track.pending;
        track.pending.reset();
    } else if (target.total) {
        target.senderTotal = target.total;
    }
    target.total = report;
}

FlowInterval* Iperf2FlowBuilder::latestWholeRun(std::size_t flow) {
    if (m_tracks[flow].pending)
        return &*m_tracks[flow].pending;
    auto& total = series().flows[flow].total;
    return total ? &*total : nullptr;
}

FlowInterval* Iperf2FlowBuilder::latestSumWholeRun() {
    if (m_sumTrack.pending)
        return &*m_sumTrack.pending;
    return series().sumTotal ? &*series().sumTotal : nullptr;
}

void Iperf2FlowBuilder::finish() {
    for (std::size_t i = 0; i < m_tracks.size(); ++i)
        settle(m_tracks[i], series().flows[i].total);
    settle(m_sumTrack, series().sumTotal);
}

} // namespace wb
