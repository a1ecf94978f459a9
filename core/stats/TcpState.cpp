#include "TcpState.h"

#include "Percentiles.h"
#include "RunValues.h"
#include "SocketFlowMatch.h"

#include <algorithm>
#include <iterator>
#include <numeric>

namespace wb {

namespace {

bool hasTcpFigure(const FlowInterval& interval) {
    return interval.cwndBytes || interval.rttMs || interval.retransmits;
}

bool hasTcpFigures(const Flow& flow) {
    return std::any_of(flow.intervals.begin(), flow.intervals.end(), hasTcpFigure);
}

// The sample read with interval i of a sampler's flow (one interval per sample), or nullptr.
const TcpSocketSample* sampleOf(const Flow& flow, std::size_t i) {
    return flow.tcp.samples.size() == flow.intervals.size() ? &flow.tcp.samples[i] : nullptr;
}

std::optional<double> valueOf(const Flow& flow, std::size_t i, TcpMetric metric) {
    const FlowInterval& interval = flow.intervals[i];
    const TcpSocketSample* sample = sampleOf(flow, i);
    switch (metric) {
    case TcpMetric::Throughput:
        return interval.bitsPerSecond;
    case TcpMetric::Cwnd:
        return std::optional<double>(interval.cwndBytes);
    case TcpMetric::Rtt:
        return std::optional<double>(interval.rttMs);
    case TcpMetric::Retransmits:
        if (interval.retransmits)
            return double(*interval.retransmits);
        return std::nullopt;
    case TcpMetric::PacingRate:
        return sample ? std::optional<double>(sample->pacingRateBitsPerSecond) : std::nullopt;
    case TcpMetric::DeliveryRate:
        return sample ? std::optional<double>(sample->deliveryRateBitsPerSecond) : std::nullopt;
    }
    return std::nullopt;
}

std::optional<double> rttvarOf(const Flow& flow, std::size_t i) {
    if (flow.intervals[i].rttvarMs)
        return std::optional<double>(flow.intervals[i].rttvarMs);
    const TcpSocketSample* sample = sampleOf(flow, i);
    return sample ? std::optional<double>(sample->rttvarMs) : std::nullopt;
}

std::vector<double> valuesOf(const Flow& flow, TcpMetric metric) {
    std::vector<double> values;
    for (std::size_t i = 0; i < flow.intervals.size(); ++i)
        if (const std::optional<double> value = valueOf(flow, i, metric))
            values.push_back(*value);
    return values;
}

// What summaries are made of: every cwnd and RTT value, retransmissions and bytes sent.
struct SummaryParts {
    std::vector<double> cwnd;
    std::vector<double> rtt;
    std::optional<std::int64_t> retransmits;
    std::optional<double> bytesSent;

    void add(const SummaryParts& other) {
        cwnd.insert(cwnd.end(), other.cwnd.begin(), other.cwnd.end());
        rtt.insert(rtt.end(), other.rtt.begin(), other.rtt.end());
        if (other.retransmits)
            retransmits = retransmits.value_or(0) + *other.retransmits;
        if (other.bytesSent)
            bytesSent = bytesSent.value_or(0) + *other.bytesSent;
    }

    TcpFlowSummary summary() const {
        TcpFlowSummary out;
        if (!cwnd.empty()) {
            out.cwndMeanBytes =
                std::accumulate(cwnd.begin(), cwnd.end(), 0.0) / double(cwnd.size());
            out.cwndMaxBytes = *std::max_element(cwnd.begin(), cwnd.end());
        }
        if (!rtt.empty()) {
            out.rttMeanMs = std::accumulate(rtt.begin(), rtt.end(), 0.0) / double(rtt.size());
            out.rttP99Ms = Percentiles::select(rtt, {99.0}).front();
        }
        out.retransmits = retransmits;
        out.bytesSent = bytesSent;
        if (retransmits && bytesSent && *bytesSent > 0)
            out.retransmitsPerMB = double(*retransmits) / (*bytesSent / 1e6);
        return out;
    }
};

// The whole-run retransmissions a flow's own log gives: the sender's total line, else its
// intervals added up.
std::optional<std::int64_t> retransmitsOf(const Flow& flow) {
    if (flow.senderTotal && flow.senderTotal->retransmits)
        return std::optional<std::int64_t>(flow.senderTotal->retransmits);
    if (flow.total && flow.total->retransmits)
        return std::optional<std::int64_t>(flow.total->retransmits);
    std::optional<std::int64_t> sum;
    for (const FlowInterval& interval : flow.intervals)
        if (interval.retransmits)
            sum = sum.value_or(0) + *interval.retransmits;
    return sum;
}

std::optional<double> bytesSentOf(const Flow& flow) {
    if (flow.senderTotal)
        return flow.senderTotal->bytes;
    if (flow.total)
        return flow.total->bytes;
    if (flow.intervals.empty())
        return std::nullopt;
    return std::accumulate(flow.intervals.begin(), flow.intervals.end(), 0.0,
                           [](double sum, const FlowInterval& i) { return sum + i.bytes; });
}

// The window, RTT values and, when the flow's own log has none, retransmissions of the state's
// source; bytes sent and retransmission totals of the flow's own log (exact where the
// sampler saw only the sampled part of the run).
SummaryParts partsOf(const TcpFlowState& state) {
    SummaryParts parts;
    if (!state.source || !state.flow)
        return parts;
    parts.cwnd = valuesOf(*state.source, TcpMetric::Cwnd);
    parts.rtt = valuesOf(*state.source, TcpMetric::Rtt);
    parts.retransmits = retransmitsOf(*state.flow);
    if (!parts.retransmits && state.source != state.flow)
        parts.retransmits = retransmitsOf(*state.source);
    parts.bytesSent = bytesSentOf(*state.flow);
    return parts;
}

// Whether an ss dataset may hold `dataset`'s connections: the same step of a plan, or (when
// neither names a step) recorded over the same time. A log that does not say when it started
// (iperf text, ss without time lines: recorded by hand) is left to the ports to match.
bool sameRecording(const Dataset& sampler, const Dataset& dataset) {
    const QString step = dataset.info.parameters.value(QStringLiteral("step"));
    const QString samplerStep = sampler.info.parameters.value(QStringLiteral("step"));
    if (!step.isEmpty() || !samplerStep.isEmpty())
        return step == samplerStep;
    if (!sampler.info.start.isValid() || !dataset.info.start.isValid())
        return true;
    const auto lastEnd = [](const Dataset& d) {
        double end = 0;
        for (const Flow& flow : d.flows.flows)
            if (!flow.intervals.empty())
                end = std::max(end, flow.intervals.back().end);
        return d.info.start.addMSecs(qint64(end * 1000));
    };
    return sampler.info.start <= lastEnd(dataset) && dataset.info.start <= lastEnd(sampler);
}

} // namespace

bool TcpState::isSampler(const Dataset& dataset) {
    return dataset.kind == Dataset::Kind::Throughput && dataset.info.tool == QLatin1String("ss");
}

TcpStateSource TcpState::ownSource(const Dataset& dataset) {
    if (dataset.kind != Dataset::Kind::Throughput ||
        std::none_of(dataset.flows.flows.begin(), dataset.flows.flows.end(), hasTcpFigures))
        return TcpStateSource::None;
    const QString& tool = dataset.info.tool;
    if (tool == QLatin1String("ss"))
        return TcpStateSource::SsSamples;
    if (tool == QLatin1String("iperf3"))
        return dataset.info.dialect == QLatin1String("json") ? TcpStateSource::Iperf3Json
                                                             : TcpStateSource::Iperf3Text;
    if (tool == QLatin1String("iperf"))
        return TcpStateSource::Iperf2Enhanced;
    // A pool of runs of several tools keeps no tool (DatasetGroups::pool): its flows carry the
    // figures their own runs' logs printed, which no one of the names above describes.
    return TcpStateSource::RunsOwnLogs;
}

QString TcpState::describe(TcpStateSource source) {
    // In the order of TcpStateSource.
    static const char* const kNames[] = {
        "", "ss -tin samples", "iperf3 -J", "iperf3 text", "iperf 2 -e", "each run's own log"};
    return source == TcpStateSource::None ? QString()
                                          : QString::fromLatin1(kNames[static_cast<int>(source)]);
}

std::vector<TcpFlowState> TcpState::statesOf(const Dataset& dataset,
                                             const std::vector<const Dataset*>& others) {
    std::vector<TcpFlowState> states;
    std::vector<bool> sender; // the sampled socket is the flow's sending end
    const TcpStateSource own = ownSource(dataset);
    for (const Flow& flow : dataset.flows.flows)
        states.push_back({&flow, &flow, hasTcpFigures(flow) ? own : TcpStateSource::None, 0});
    sender.assign(states.size(), false);
    if (isSampler(dataset))
        return states;
    for (const Dataset* sampler : others) {
        if (!sampler || sampler == &dataset || !isSampler(*sampler) ||
            !sameRecording(*sampler, dataset))
            continue;
        const double shift = sampler->info.start.isValid() && dataset.info.start.isValid()
                                 ? double(dataset.info.start.msecsTo(sampler->info.start)) / 1000
                                 : 0;
        for (const SocketFlowMatch& match : SocketFlowMatcher::match(*sampler, dataset)) {
            if (!match.flow || *match.flow >= states.size())
                continue;
            // The first sampled socket that sends the flow's data (a sampler on loopback sees
            // both ends, and the receiver's window says nothing of the flow), else the other.
            const Flow& flow = dataset.flows.flows[*match.flow];
            const bool receivedHere = flow.direction == QLatin1String("receive");
            const bool sends = match.fromOtherEnd == receivedHere;
            TcpFlowState& state = states[*match.flow];
            if (state.kind == TcpStateSource::SsSamples && (sender[*match.flow] || !sends))
                continue;
            state.source = &sampler->flows.flows[match.socket];
            state.kind = TcpStateSource::SsSamples;
            state.timeShift = shift;
            sender[*match.flow] = sends;
        }
    }
    return states;
}

std::vector<TcpFlowState> TcpState::statesOfRuns(const std::vector<const Dataset*>& runs) {
    std::vector<TcpFlowState> states;
    for (const Dataset* run : RunValues::measurements(runs)) {
        if (run->kind != Dataset::Kind::Throughput)
            continue;
        const std::vector<TcpFlowState> own = statesOf(*run, runs);
        states.insert(states.end(), own.begin(), own.end());
    }
    return states;
}

TcpStateSource TcpState::sourceOf(const std::vector<TcpFlowState>& states) {
    TcpStateSource best = TcpStateSource::None;
    for (const TcpFlowState& state : states)
        if (state.kind != TcpStateSource::None &&
            (best == TcpStateSource::None || int(state.kind) < int(best)))
            best = state.kind;
    return best;
}

bool TcpState::has(const TcpFlowState& state, TcpMetric metric) {
    if (!state.source)
        return false;
    for (std::size_t i = 0; i < state.source->intervals.size(); ++i)
        if (valueOf(*state.source, i, metric))
            return true;
    return false;
}

std::vector<TcpPoint> TcpState::series(const TcpFlowState& state, TcpMetric metric) {
    if (!state.source)
        return {};
    std::vector<TcpPoint> points = series(*state.source, metric);
    for (TcpPoint& point : points)
        point.t += state.timeShift;
    return points;
}

std::vector<TcpPoint> TcpState::series(const Flow& flow, TcpMetric metric) {
    std::vector<TcpPoint> points;
    for (std::size_t i = 0; i < flow.intervals.size(); ++i) {
        const std::optional<double> value = valueOf(flow, i, metric);
        if (!value)
            continue;
        TcpPoint point{flow.intervals[i].end, *value, std::nullopt, std::nullopt};
        if (metric == TcpMetric::Rtt)
            if (const std::optional<double> rttvar = rttvarOf(flow, i)) {
                point.low = std::max(0.0, *value - *rttvar);
                point.high = *value + *rttvar;
            }
        points.push_back(point);
    }
    std::stable_sort(points.begin(), points.end(),
                     [](const TcpPoint& a, const TcpPoint& b) { return a.t < b.t; });
    return points;
}

TcpFlowSummary TcpState::summarize(const TcpFlowState& state) {
    return partsOf(state).summary();
}

TcpFlowSummary TcpState::summarize(const Flow& flow) {
    return summarize(TcpFlowState{&flow, &flow, TcpStateSource::None, 0});
}

TcpFlowSummary TcpState::summarize(const std::vector<TcpFlowState>& states) {
    SummaryParts all;
    for (const TcpFlowState& state : states)
        all.add(partsOf(state));
    return all.summary();
}

int TcpState::drops(const std::vector<TcpPoint>& series, double fraction) {
    if (series.empty())
        return 0;
    int count = 0;
    double peak = series.front().value;
    double trough = peak;
    const auto significant = [&] { return peak > 0 && peak - trough >= fraction * peak; };
    for (const TcpPoint& point : series) {
        const double v = point.value;
        if (v <= trough) {
            trough = v;
            continue;
        }
        // Rising again: the fall from the peak is over.
        if (significant()) {
            ++count;
            peak = v;
        } else {
            peak = std::max(peak, v);
        }
        trough = v;
    }
    return significant() ? count + 1 : count;
}

namespace {

// The key and the unit of each metric's values, in the order of TcpMetric.
struct MetricName {
    const char* key;
    const char* unit;
};

constexpr MetricName kMetricNames[] = {
    {"throughput", "bits/s"},       {"cwnd", "bytes"},    {"rtt", "ms"},
    {"retransmits", "retransmits"}, {"pacing", "bits/s"}, {"delivery", "bits/s"}};

} // namespace

QString TcpState::unit(TcpMetric metric) {
    return QString::fromLatin1(kMetricNames[static_cast<int>(metric)].unit);
}

QString TcpState::key(TcpMetric metric) {
    return QString::fromLatin1(kMetricNames[static_cast<int>(metric)].key);
}

std::optional<TcpMetric> TcpState::fromKey(const QString& key) {
    for (int i = 0; i < static_cast<int>(std::size(kMetricNames)); ++i)
        if (key == QLatin1String(kMetricNames[i].key))
            return static_cast<TcpMetric>(i);
    return std::nullopt;
}

} // namespace wb
