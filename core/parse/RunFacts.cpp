#include "RunFacts.h"

#include "model/Dataset.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace wb {

namespace {

double milliseconds(double seconds) {
    return std::round(seconds * 1000) / 1000;
}

// The report interval: the width of the first two intervals of the first flow that has two
// (the last interval of a test may be shorter; a log without -i has one interval or none).
double reportInterval(const FlowSeries& series) {
    const auto widthOf = [](const std::vector<FlowInterval>& intervals) {
        if (intervals.size() < 2)
            return 0.0;
        const double first = milliseconds(intervals[0].seconds());
        return first > 0 && first == milliseconds(intervals[1].seconds()) ? first : 0.0;
    };
    for (const Flow& flow : series.flows)
        if (const double width = widthOf(flow.intervals); width > 0)
            return width;
    return widthOf(series.sumIntervals);
}

// The test's length from its whole-run figure (or the end of its last interval) in whole
// seconds, rounded down: a test overshoots its -t (the last segments of -P 30 flows, a
// receiver's view, a slow UDP rate's last datagram), it does not end early.
double testLength(const FlowSeries& series) {
    double seconds = series.sumTotal ? series.sumTotal->seconds() : 0;
    for (const Flow& flow : series.flows) {
        if (seconds > 0)
            break;
        if (flow.senderTotal)
            seconds = flow.senderTotal->seconds();
        else if (flow.total)
            seconds = flow.total->seconds();
        else if (!flow.intervals.empty())
            seconds = flow.intervals.back().end;
    }
    return seconds >= 1 ? std::floor(seconds) : milliseconds(seconds);
}

// The test's direction from which way its flows went, as seen by the host that wrote the log,
// else from the test parameters the log printed (iperf3 -J test_start, -R, --bidir).
QString directionOf(const Dataset& dataset) {
    const RunInfo& info = dataset.info;
    bool sends = false;
    bool receives = false;
    for (const Flow& flow : dataset.flows.flows) {
        sends = sends || flow.direction == QLatin1String("send");
        receives = receives || flow.direction == QLatin1String("receive");
    }
    const auto flag = [&](const char* key) {
        const QString value = info.extra.value(QLatin1String(key));
        return value == QLatin1String("1") || value == QLatin1String("true");
    };
    if ((sends && receives) || flag("bidir") || flag("bidirectional"))
        return QStringLiteral("bidir");
    const bool client = info.role == QLatin1String("client");
    const bool server = info.role == QLatin1String("server");
    if ((client && sends) || (server && receives))
        return QStringLiteral("upload");
    if ((client && receives) || (server && sends))
        return QStringLiteral("download");
    if (info.extra.contains(QStringLiteral("reverse")))
        return flag("reverse") ? QStringLiteral("download") : QStringLiteral("upload");
    return {};
}

} // namespace

double RunFacts::pingIntervalSeconds(const LatencySeries& series) {
    if (!series.hasTimestamps() || series.sequence.size() != series.size() || series.size() < 3)
        return 0;
    std::vector<double> sent(series.size());
    for (std::size_t i = 0; i < sent.size(); ++i)
        sent[i] = series.timestamps[i] - series.rttMs[i] / 1000;
    std::vector<double> steps; // seconds per sequence number between consecutive replies
    for (std::size_t i = 1; i < sent.size(); ++i) {
        const std::int64_t numbers = series.sequence[i] - series.sequence[i - 1];
        if (numbers > 0)
            steps.push_back((sent[i] - sent[i - 1]) / static_cast<double>(numbers));
    }
    const std::int64_t span = series.sequence.back() - series.sequence.front();
    if (steps.size() < 2 || span <= 0)
        return 0;
    const double overall = (sent.back() - sent.front()) / static_cast<double>(span);
    auto middle = steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2);
    std::nth_element(steps.begin(), middle, steps.end());
    // The typical step and the average over the run agree for a steady pace; a clock of whole
    // seconds or an adaptive pace makes them differ.
    const double tolerance = std::max(0.001, 0.02 * overall);
    if (std::abs(*middle - overall) > tolerance)
        return 0;
    if (overall < 0.001)
        return 0;
    // A sender's timer runs a little late on every request (1.004 s apart for -i 1, 0.214 s
    // for -i 0.2): a pace within 8 % above a value of the 1-2-5 series most -i are taken from
    // is that value, any other is given to two significant digits.
    const double decade = std::pow(10.0, std::floor(std::log10(overall)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (overall >= step * decade && overall <= 1.08 * step * decade)
            return step * decade;
    const double scale = 10 / decade;
    return std::round(overall * scale) / scale;
}

void RunFacts::complete(Dataset& dataset) {
    RunInfo& info = dataset.info;
    if (dataset.kind == Dataset::Kind::Latency) {
        if (info.pingIntervalSeconds <= 0)
            info.pingIntervalSeconds = pingIntervalSeconds(dataset.latency);
        return;
    }
    // A socket sampler's log (ss) shows sockets, not a test with a length or a direction.
    if (!info.tool.startsWith(QLatin1String("iperf")))
        return;
    if (info.intervalSeconds <= 0)
        info.intervalSeconds = reportInterval(dataset.flows);
    if (info.durationSeconds <= 0)
        info.durationSeconds = testLength(dataset.flows);
    if (info.direction.isEmpty())
        info.direction = directionOf(dataset);
}

} // namespace wb
