#pragma once

#include "model/Dataset.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace wb {

// What can be drawn of a TCP flow over time.
enum class TcpMetric {
    Throughput,   // bits per second per interval (or per sample)
    Cwnd,         // congestion window, bytes
    Rtt,          // smoothed RTT, ms (rttvar as a band where the log has it)
    Retransmits,  // retransmissions in the interval (or since the previous sample)
    PacingRate,   // bits per second, ss only
    DeliveryRate, // bits per second, ss only
};

// Where a flow's TCP state was read, best first.
enum class TcpStateSource {
    None,
    SsSamples,      // ss -tin samples of the same step (or an ss/tcp-info dataset itself)
    Iperf3Json,     // iperf3 -J per-interval snd_cwnd, rtt, rttvar, retransmits
    Iperf3Text,     // iperf3 text Retr and Cwnd columns (rounded)
    Iperf2Enhanced, // iperf 2 -e Rtry and Cwnd/RTT(var) columns
    RunsOwnLogs,    // a pool of runs of several tools: each flow's state from its run's log
};

// One point of a series: the state at time t (seconds on the dataset's own time axis; the
// end of an interval, or the time of a sample). low/high: a band around value (srtt ±
// rttvar), when known.
struct TcpPoint {
    double t = 0;
    double value = 0;
    std::optional<double> low;
    std::optional<double> high;
};

// Per-flow figures of a TCP sender's state over a run.
struct TcpFlowSummary {
    std::optional<double> cwndMeanBytes; // mean over the intervals/samples that print it
    std::optional<double> cwndMaxBytes;
    std::optional<double> rttMeanMs;
    std::optional<double> rttP99Ms; // numpy linear percentile over the same values
    std::optional<std::int64_t> retransmits;
    std::optional<double> retransmitsPerMB; // per 10^6 bytes sent
    std::optional<double> bytesSent;
};

// The TCP state of one flow of a dataset, read from the best source there is: the flow itself
// (its intervals or, for an ss dataset, its samples) or the matching socket of an ss dataset
// of the same step (time-shifted onto the flow's dataset's time axis).
struct TcpFlowState {
    const Flow* flow = nullptr;   // the flow the state is about
    const Flow* source = nullptr; // where it is read (flow itself, or an ss socket)
    TcpStateSource kind = TcpStateSource::None;
    double timeShift = 0; // added to the source's times to place them on the flow's axis
};

class TcpState {
public:
    // Whether the dataset is a socket sampler's (ss/tcp-info), whose connections may be the
    // flows of another dataset of the same recording.
    static bool isSampler(const Dataset& dataset);
    // What the dataset's own log gives (None for a latency or UDP dataset, or a TCP log
    // without any of the columns).
    static TcpStateSource ownSource(const Dataset& dataset);
    // "ss -tin samples", "iperf3 -J", "iperf3 text", "iperf 2 -e", "each run's own log", ""
    // for None.
    static QString describe(TcpStateSource source);
    // For every flow of `dataset` (in order), where its state is best read: an ss/tcp-info
    // dataset among `others` with the same "step" parameter whose socket matches the flow's
    // ports (SocketFlowMatcher), else the flow's own intervals.
    static std::vector<TcpFlowState> statesOf(const Dataset& dataset,
                                              const std::vector<const Dataset*>& others);
    // The states of every flow of several runs (a group, a side of a comparison), each run's
    // flows matched against the samplers among `runs` (statesOf); an ss log beside its run is
    // that run's state, not flows of its own (RunValues::measurements). What a pool of the
    // runs (DatasetGroups::pool, which keeps no step) cannot match any more.
    static std::vector<TcpFlowState> statesOfRuns(const std::vector<const Dataset*>& runs);
    // The best source any of the states is read from (in TcpStateSource's order); None when
    // no state has any.
    static TcpStateSource sourceOf(const std::vector<TcpFlowState>& states);

    // Whether the state has the metric at all (a value at some point).
    static bool has(const TcpFlowState& state, TcpMetric metric);
    // The series of one metric, in time order; points without the figure are left out.
    static std::vector<TcpPoint> series(const TcpFlowState& state, TcpMetric metric);
    // The flow's own series (its own intervals/samples, no shift).
    static std::vector<TcpPoint> series(const Flow& flow, TcpMetric metric);

    static TcpFlowSummary summarize(const TcpFlowState& state);
    static TcpFlowSummary summarize(const Flow& flow);
    // A dataset's flows together: cwnd and RTT means over every value of every flow, maxima
    // and p99 over all of them, retransmissions and bytes added up.
    static TcpFlowSummary summarize(const std::vector<TcpFlowState>& states);

    // How often the series falls by at least `fraction` of its highest value since the last
    // drop (a halving of cwnd is one drop of 0.5). A drop ends, and counts once, where the
    // series rises again after falling that far (or at its end); smaller rises on the way
    // down do not split one fall in two, nor do they end it.
    static int drops(const std::vector<TcpPoint>& series, double fraction);

    // Unit of the metric's values ("bytes", "ms", "bits/s", "retransmits").
    static QString unit(TcpMetric metric);
    // "throughput", "cwnd", "rtt", "retransmits", "pacing", "delivery".
    static QString key(TcpMetric metric);
    static std::optional<TcpMetric> fromKey(const QString& key);
};

} // namespace wb
