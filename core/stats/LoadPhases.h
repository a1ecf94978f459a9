#pragma once

#include "LoadTimeline.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>
#include <utility>
#include <vector>

namespace wb {

// A latency-under-load step's pings split into phases by when its load members ran: before
// the load (idle), under load, and after it, each with its percentiles and loss, and the
// step's headline, how much the latency rose under load (loaded less idle p50 and p99).
//
// The load runs from the first load member's recorded start to the last one's recorded end
// (their sidecars' start and end; a member without a recorded end ends with its last
// interval). Where only some members run (members starting or ending apart), the ping counts
// as under load: a single flow already fills the bottleneck's queue, so those replies are not
// idle, and a ramp of a few replies of its own would have percentiles of no meaning. How long
// that was is told (partialSeconds) so the reader can judge it.
//
// A reply belongs to the phase its reply time (ping -D) falls in; a lost request to the phase
// of its time interpolated between the replies around it (LoadTimeline::lossTimes).
class LoadPhases {
    Q_DECLARE_TR_FUNCTIONS(LoadPhases)

public:
    enum class Phase { Before, UnderLoad, After };
    static constexpr std::size_t kPhaseCount = 3;
    // A member is late when it started more than this share of the step's length after the
    // plan said.
    static constexpr double kLateShare = 0.10;

    // One phase of one ping: on the step's axis (LoadTimeline), seconds.
    struct PhaseLatency {
        Phase phase = Phase::Before;
        double from = 0;
        double to = 0;
        std::size_t replies = 0;
        std::vector<double> percentilesMs; // at levels(); NaN without replies
        std::size_t lost = 0;              // requests lost in the phase

        std::size_t requests() const { return replies + lost; }
        // Lost of the phase's requests, percent; NaN without requests.
        double lossPercent() const;
        double percentileMs(double level) const;
    };

    struct PingPhases {
        const Dataset* dataset = nullptr;
        std::array<PhaseLatency, kPhaseCount> phases;
        // Loaded less idle p50 and p99, ms; NaN when either phase has no replies.
        double increaseP50Ms = 0;
        double increaseP99Ms = 0;

        const PhaseLatency& phase(Phase which) const { return phases[std::size_t(which)]; }
    };

    // A member of the step and when it ran, on the step's axis.
    struct Member {
        const Dataset* dataset = nullptr;
        QString name;
        bool load = false; // a throughput member: it makes the load
        double start = 0;
        double end = 0;
        bool endRecorded = false;
        std::optional<StepSchedule> schedule; // from the step's record, when read

        // When it started against the plan, seconds (positive: late); nullopt without the
        // step's record.
        std::optional<double> lateBy() const;
        // Later than kLateShare of the step's length.
        bool late() const;
    };

    // The percentile levels of each phase: 50, 90, 99.
    static const std::vector<double>& levels();
    static QString phaseName(Phase phase);

    // The phases of the timeline's step; empty() when it is no concurrent step with a placed
    // ping and a load member.
    static LoadPhases of(const LoadTimeline& timeline);
    // Each latency-under-load step among the datasets, in the order they first appear.
    static std::vector<LoadPhases> ofSteps(const std::vector<const Dataset*>& datasets);

    bool empty() const { return m_pings.empty() || !m_load; }
    const QString& step() const { return m_step; }
    // From the first load member's start to the last one's end, on the axis.
    const std::optional<std::pair<double, double>>& load() const { return m_load; }
    // Seconds of the load during which not every load member ran.
    double partialSeconds() const { return m_partialSeconds; }
    const std::vector<PingPhases>& pings() const { return m_pings; }
    // Every member, pings and load, in the timeline's order.
    const std::vector<Member>& members() const { return m_members; }
    // One sentence per late member.
    QStringList lateWarnings() const;

private:
    QString m_step;
    std::optional<std::pair<double, double>> m_load;
    double m_partialSeconds = 0;
    std::vector<PingPhases> m_pings;
    std::vector<Member> m_members;
};

} // namespace wb
