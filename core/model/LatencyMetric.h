#pragma once

#include "Dataset.h"

#include <QString>

#include <optional>
#include <vector>

namespace wb {

// Which of a latency dataset's per-reply values the latency statistics and views use: the
// round-trip time (every latency tool), or a one-way delay or the IPDV (irtt).
enum class LatencyMetric { Rtt, SendDelay, ReceiveDelay, Ipdv };

// The command-line spelling: "rtt", "send-delay", "receive-delay", "ipdv".
QString latencyMetricId(LatencyMetric metric);
std::optional<LatencyMetric> latencyMetricFromId(const QString& id);
// For people, in output and in the selector: "RTT", "send delay", "receive delay", "IPDV".
QString latencyMetricName(LatencyMetric metric);
const std::vector<LatencyMetric>& allLatencyMetrics();

// Whether the series carries the metric (RTT: always).
bool hasLatencyMetric(const LatencySeries& series, LatencyMetric metric);

// The metric's value per reply, parallel to rttMs (NaN where the tool gave none). IPDV is
// taken as its magnitude, as irtt's own summary ("IPDV (jitter)") and its text output give
// it, so that the JSON and the text of one run agree.
std::vector<double> latencyMetricValues(const LatencySeries& series, LatencyMetric metric);

// The dataset as every latency view and statistic reads it, with the metric in place of
// the RTT: rttMs holds the metric's values (replies without one are left out, with their
// sequence numbers and timestamps), duplicates (RTTs only) are dropped, losses stay. RTT
// returns the dataset unchanged. A dataset without the metric comes back without samples.
Dataset withLatencyMetric(const Dataset& dataset, LatencyMetric metric);

} // namespace wb
