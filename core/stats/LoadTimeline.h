#pragma once

#include "TcpState.h"
#include "model/Dataset.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace wb {

// A latency-under-load run on one time axis: where each dataset's own times (a ping's reply
// timestamps, a flow's interval times, which count from the dataset's start) fall on a
// shared axis whose zero is the earliest start among them. The members of a concurrent
// step (parameters "step" and "member") are placed by their recorded wall-clock starts;
// without a step, every dataset that has absolute times (ping -D timestamps, a throughput
// log's start) is placed by them. A dataset with no start is drawn from 0 and listed in
// `unplaced`.
class LoadTimeline {
public:
    enum class Basis {
        ConcurrentStep, // the members of one step, by their recorded starts
        AbsoluteTimes,  // any datasets, by their timestamps / start times
        None,           // no dataset has an absolute time: everything from 0
    };

    // One dataset on the axis. offset: seconds from the axis' zero to the dataset's own zero
    // (a flow's time 0, a ping's first reply); 0 when unplaced. tcpStates: a throughput
    // placement's flows' TCP state from the best source they have, the ss samplers among the
    // datasets matched to them (TcpState::statesOf); empty for a latency placement.
    struct Placement {
        const Dataset* dataset = nullptr;
        double offset = 0;
        bool placed = false;
        std::vector<TcpFlowState> tcpStates;
    };

    // One step of the sum of every flow: `bitsPerSecond` from `start` to the next step's
    // start (the last step ends at `end`).
    struct Step {
        double start = 0;
        double bitsPerSecond = 0;
    };

    // `datasets`: what the user has visible, in order. ss samplers (tool "ss") are not placed:
    // their times are the flows' (TcpState shifts them onto a flow's dataset).
    // The first step among them (steps()) when any, else the datasets without a step.
    static LoadTimeline of(const std::vector<const Dataset*>& datasets);
    // One step's members (parameters "step" and "member"), placed from the step's own zero
    // (the earliest start among them); every other dataset is left out. An empty step: as
    // of() places datasets that belong to no step.
    static LoadTimeline ofStep(const std::vector<const Dataset*>& datasets, const QString& step);
    // The step a member of a concurrent step belongs to; empty for any other dataset.
    static QString stepOf(const Dataset& dataset);
    // The steps the datasets' members belong to, in the order they first appear.
    static QStringList steps(const std::vector<const Dataset*>& datasets);

    Basis basis() const { return m_basis; }
    // The step drawn (Basis::ConcurrentStep), else empty.
    const QString& step() const { return m_step; }
    // The axis' zero, milliseconds since the epoch; nullopt for Basis::None.
    std::optional<std::int64_t> originMs() const { return m_originMs; }
    const std::vector<Placement>& latency() const { return m_latency; }
    const std::vector<Placement>& throughput() const { return m_throughput; }
    // Datasets left out: members of other steps, and pings without reply times.
    const std::vector<const Dataset*>& leftOut() const { return m_leftOut; }
    // Datasets drawn from 0 for want of a start.
    std::vector<const Dataset*> unplaced() const;

    // Reply times of a latency placement on the axis (aligned with its rttMs).
    std::vector<double> replyTimes(const Placement& placement) const;
    // Times of its lost requests (interpolated between the replies around them).
    std::vector<double> lossTimes(const Placement& placement) const;
    // From the first throughput interval's start to the last one's end, on the axis.
    std::optional<std::pair<double, double>> loadPeriod() const { return m_loadPeriod; }
    // The sum of every flow of every throughput placement over time, as steps in time
    // order, and where the last one ends.
    std::vector<Step> sumOfFlows(double* end) const;

    // Whether the datasets hold a latency-under-load step: one step with a latency member
    // and a throughput member (not counting ss samplers).
    static bool isLoadStep(const std::vector<const Dataset*>& datasets);
    static bool isSampler(const Dataset& dataset) { return TcpState::isSampler(dataset); }

private:
    Basis m_basis = Basis::None;
    QString m_step;
    std::optional<std::int64_t> m_originMs;
    std::vector<Placement> m_latency;
    std::vector<Placement> m_throughput;
    std::vector<const Dataset*> m_leftOut;
    std::optional<std::pair<double, double>> m_loadPeriod;
};

} // namespace wb
