#pragma once

#include "TcpState.h"
#include "model/Dataset.h"

#include <QString>

#include <vector>

namespace wb {

// One figure of each run of a group (its p99, its SUM): what run-level statistics compare.
struct RunStatistic {
    QString name;               // "p99 (ms)", "SUM (Mbits/s)", ...
    std::vector<double> values; // one per run, in the order of the runs
};

// One run: one dataset, or every dataset of one concurrent step of a plan (its ping, its
// flows up and down, the ss sampler of their TCP state), which together are one
// measurement. The datasets keep the order they were given in.
struct MeasuredRun {
    QString step; // LoadTimeline::stepOf, empty for a dataset outside any step
    std::vector<const Dataset*> datasets;
    // The datasets that are measurements of their own (not an ss sampler of the others).
    std::vector<const Dataset*> measurements;

    // A step of several measurements (a ping beside flows, flows up and down): its values
    // are the step's as a whole. A step of one measurement (an iperf run and the ss log of
    // its sockets) is that measurement's run.
    bool concurrent() const { return measurements.size() >= 2; }
};

class RunValues {
public:
    // The runs of every kind the datasets make, in order of their first dataset.
    //
    // Latency: p50 and p99 of its RTTs (ms; a step's latency members' replies together) and,
    // when every latency run knows what it sent, its loss (% of requests, LossStructure).
    //
    // Throughput: "SUM (Mbits/s)" (one dataset: the tool's SUM, FlowStatistics; a concurrent
    // step: the sum of its flows' whole-run rates, each over its own seconds, since its
    // members run side by side as separate tests) and "Jain's index" over all its flows.
    // A concurrent step whose flows go both ways also has "upload SUM (Mbits/s)",
    // "download SUM (Mbits/s)" and Jain's index per direction: the two directions cross
    // different queues, so fairness among the flows that compete for one bottleneck is the
    // per-direction index, while the index over all flows (the RRUL figure) also reflects
    // that the two links may differ in capacity. A flow's direction is its member's
    // (RunInfo::direction: upload, download; a bidir member's flows by Flow::direction).
    //
    // TCP, when every throughput run has them, over the run's senders (TcpState::statesOf,
    // the step's ss samples when there are): mean congestion window (KBytes of 1024),
    // smoothed RTT (ms), retransmissions per 10^6 bytes sent and cwnd reductions per second
    // per flow (cwndReductions).
    //
    // A run without a figure (no replies, no flows) is left out of that figure.
    static std::vector<RunStatistic> of(const std::vector<const Dataset*>& datasets);

    static std::vector<MeasuredRun> runs(const std::vector<const Dataset*>& datasets);

    // The datasets that are measurements of their own, in order: an ss/tcp-info log recorded
    // in the same step as another log of the list describes that log's flows (their TCP
    // state, which `of` reads from it), so it is not another run. The one place that rule is.
    static std::vector<const Dataset*> measurements(const std::vector<const Dataset*>& datasets);

    // How often a sender's congestion window was reduced: the number of falls in its
    // sampled cwnd series (TcpState::series, TcpMetric::Cwnd: iperf3 -J snd_cwnd, iperf3
    // text and iperf 2 -e Cwnd, or ss samples), where a fall is a sample below the one
    // before it whose previous change was not already a fall: 100 80 80 60 90 70 holds two
    // (a reduction spread over several samples, as in fast recovery, counts once).
    static int cwndReductions(const std::vector<TcpPoint>& cwnd);
    // The run value "cwnd reductions /s per flow": every sender's reductions added up over
    // the senders' durations added up (each flow's whole-run seconds, FlowStatistics), so a
    // run of 30 flows reads like a run of one. Senders are flows with two cwnd values or
    // more; nullopt without any.
    static std::optional<double> cwndReductionsPerSecond(const std::vector<TcpFlowState>& states);
};

} // namespace wb
