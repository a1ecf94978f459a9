#include "LatencyMetric.h"

#include <cmath>

namespace wb {

namespace {
const std::vector<double>* storedValues(const LatencySeries& series, LatencyMetric metric) {
    switch (metric) {
    case LatencyMetric::Rtt:
        return &series.rttMs;
    case LatencyMetric::SendDelay:
        return &series.sendDelayMs;
    case LatencyMetric::ReceiveDelay:
        return &series.receiveDelayMs;
    case LatencyMetric::Ipdv:
        return &series.ipdvMs;
    }
    return nullptr;
}
} // namespace

QString latencyMetricId(LatencyMetric metric) {
    switch (metric) {
    case LatencyMetric::Rtt:
        return QStringLiteral("rtt");
    case LatencyMetric::SendDelay:
        return QStringLiteral("send-delay");
    case LatencyMetric::ReceiveDelay:
        return QStringLiteral("receive-delay");
    case LatencyMetric::Ipdv:
        return QStringLiteral("ipdv");
    }
    return {};
}

std::optional<LatencyMetric> latencyMetricFromId(const QString& id) {
    for (LatencyMetric metric : allLatencyMetrics())
        if (latencyMetricId(metric) == id)
            return metric;
    return std::nullopt;
}

QString latencyMetricName(LatencyMetric metric) {
    switch (metric) {
    case LatencyMetric::Rtt:
        return QStringLiteral("RTT");
    case LatencyMetric::SendDelay:
        return QStringLiteral("send delay");
    case LatencyMetric::ReceiveDelay:
        return QStringLiteral("receive delay");
    case LatencyMetric::Ipdv:
        return QStringLiteral("IPDV");
    }
    return {};
}

const std::vector<LatencyMetric>& allLatencyMetrics() {
    static const std::vector<LatencyMetric> all = {LatencyMetric::Rtt, LatencyMetric::SendDelay,
                                                   LatencyMetric::ReceiveDelay,
                                                   LatencyMetric::Ipdv};
    return all;
}

bool hasLatencyMetric(const LatencySeries& series, LatencyMetric metric) {
    const std::vector<double>* values = storedValues(series, metric);
    return values && !values->empty() && values->size() == series.rttMs.size();
}

std::vector<double> latencyMetricValues(const LatencySeries& series, LatencyMetric metric) {
    if (!hasLatencyMetric(series, metric))
        return std::vector<double>(series.rttMs.size(), std::nan(""));
    std::vector<double> values = *storedValues(series, metric);
    if (metric == LatencyMetric::Ipdv)
        for (double& value : values)
            value = std::fabs(value);
    return values;
}

Dataset withLatencyMetric(const Dataset& dataset, LatencyMetric metric) {
    if (metric == LatencyMetric::Rtt || dataset.kind != Dataset::Kind::Latency)
        return dataset;
    Dataset result = dataset;
    const LatencySeries& from = dataset.latency;
    LatencySeries& to = result.latency;
    const std::vector<double> values = latencyMetricValues(from, metric);
    const bool timed = from.hasTimestamps();
    to.rttMs.clear();
    to.sequence.clear();
    to.timestamps.clear();
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (std::isnan(values[i]))
            continue;
        to.rttMs.push_back(values[i]);
        if (i < from.sequence.size())
            to.sequence.push_back(from.sequence[i]);
        if (timed)
            to.timestamps.push_back(from.timestamps[i]);
    }
    to.duplicateRttMs.clear();
    to.duplicateSequence.clear();
    to.damagedRttMs.clear();
    to.damagedSequence.clear();
    // The per-reply series belonged to the replies as they were; the metric now is the sample.
    to.sendDelayMs.clear();
    to.receiveDelayMs.clear();
    to.ipdvMs.clear();
    to.sendIpdvMs.clear();
    to.receiveIpdvMs.clear();
    // The tool's summary figures are of the RTT.
    to.summary.rttMin.reset();
    to.summary.rttAvg.reset();
    to.summary.rttMax.reset();
    to.summary.rttDeviation.reset();
    return result;
}

} // namespace wb
