#include "import/StreamImport.h"

#include <algorithm>
#include <utility>

namespace wb {

namespace {

template <typename T> std::vector<T> after(const std::vector<T>& values, std::size_t seen) {
    return std::vector<T>(values.begin() + static_cast<std::ptrdiff_t>(seen), values.end());
}

template <typename T> void append(std::vector<T>& values, const std::vector<T>& more) {
    values.insert(values.end(), more.begin(), more.end());
}

} // namespace

DatasetGrowth DatasetGrowthCutter::cut(const Dataset& now) {
    const LatencySeries& latency = now.latency;
    const Seen previous = m_seen;
    m_seen = {latency.rttMs.size(),
              latency.sequence.size(),
              latency.timestamps.size(),
              latency.duplicateRttMs.size(),
              latency.duplicateSequence.size(),
              latency.lostSequence.size(),
              latency.errorSequence.size(),
              std::min(latency.damagedRttMs.size(), latency.damagedSequence.size())};
    const bool shrank =
        m_seen.rtt < previous.rtt || m_seen.sequence < previous.sequence ||
        m_seen.timestamps < previous.timestamps || m_seen.duplicateRtt < previous.duplicateRtt ||
        m_seen.duplicateSequence < previous.duplicateSequence || m_seen.lost < previous.lost ||
        m_seen.errors < previous.errors || m_seen.damaged < previous.damaged;
    const bool first = !std::exchange(m_started, true);
    if (first || shrank || now.kind != Dataset::Kind::Latency)
        return {now, true};

    DatasetGrowth growth{Dataset(), false};
    Dataset& part = growth.part;
    part.kind = now.kind;
    part.sourceFile = now.sourceFile;
    part.label = now.label;
    part.info = now.info;
    LatencySeries& added = part.latency;
    added.summary = latency.summary;
    added.rttMs = after(latency.rttMs, previous.rtt);
    added.sequence = after(latency.sequence, previous.sequence);
    added.timestamps = after(latency.timestamps, previous.timestamps);
    added.duplicateRttMs = after(latency.duplicateRttMs, previous.duplicateRtt);
    added.duplicateSequence = after(latency.duplicateSequence, previous.duplicateSequence);
    added.lostSequence = after(latency.lostSequence, previous.lost);
    added.errorSequence = after(latency.errorSequence, previous.errors);
    added.damagedRttMs = after(latency.damagedRttMs, previous.damaged);
    added.damagedSequence = after(latency.damagedSequence, previous.damaged);
    return growth;
}

void DatasetGrowth::applyTo(Dataset& dataset) const {
    if (whole) {
        dataset = part;
        return;
    }
    dataset.kind = part.kind;
    dataset.sourceFile = part.sourceFile;
    dataset.label = part.label;
    dataset.info = part.info;
    LatencySeries& latency = dataset.latency;
    const LatencySeries& added = part.latency;
    latency.summary = added.summary;
    append(latency.rttMs, added.rttMs);
    append(latency.sequence, added.sequence);
    append(latency.timestamps, added.timestamps);
    append(latency.duplicateRttMs, added.duplicateRttMs);
    append(latency.duplicateSequence, added.duplicateSequence);
    append(latency.lostSequence, added.lostSequence);
    append(latency.errorSequence, added.errorSequence);
    append(latency.damagedRttMs, added.damagedRttMs);
    append(latency.damagedSequence, added.damagedSequence);
}

} // namespace wb
