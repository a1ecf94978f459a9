#include "IperfRuns.h"

#include <algorithm>

namespace wb {

namespace {

bool sameLine(const FlowInterval& a, const FlowInterval& b) {
    return a.start == b.start && a.end == b.end && a.bytes == b.bytes &&
           a.bitsPerSecond == b.bitsPerSecond && a.jitterMs == b.jitterMs &&
           a.lostDatagrams == b.lostDatagrams && a.totalDatagrams == b.totalDatagrams &&
           a.retransmits == b.retransmits && a.cwndBytes == b.cwndBytes;
}

bool startsEarlier(const FlowInterval& a, const FlowInterval& b) {
    return a.start < b.start;
}

} // namespace

QString IperfRuns::labelOf(const RunInfo& info, int run) {
    QString time;
    if (info.start.isValid()) {
        const bool local = info.start.timeSpec() == Qt::LocalTime;
        time = (local ? info.start : info.start.toUTC())
                   .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) +
               (local ? QString() : QStringLiteral(" UTC"));
    }
    const QString number = QStringLiteral("run %1").arg(run);
    if (info.target.isEmpty())
        return time.isEmpty() ? number : number + QLatin1Char(' ') + time;
    return info.target + QLatin1Char(' ') +
           (time.isEmpty() ? QStringLiteral("(%1)").arg(number) : time);
}

void IperfRuns::label(std::vector<Dataset>& tests) {
    if (tests.size() < 2)
        return;
    for (std::size_t i = 0; i < tests.size(); ++i)
        tests[i].label = labelOf(tests[i].info, static_cast<int>(i) + 1);
}

void IperfIntervalOrder::order(std::vector<FlowInterval>& intervals) {
    for (std::size_t i = 1; i < intervals.size(); ++i)
        outOfOrder += intervals[i].start < intervals[i - 1].start ? 1 : 0;
    if (!std::is_sorted(intervals.begin(), intervals.end(), startsEarlier))
        std::stable_sort(intervals.begin(), intervals.end(), startsEarlier);
    const auto end = std::unique(intervals.begin(), intervals.end(), sameLine);
    repeated += intervals.end() - end;
    intervals.erase(end, intervals.end());
    for (std::size_t i = 1; i < intervals.size(); ++i)
        overlapping += intervals[i].start < intervals[i - 1].end ? 1 : 0;
}

IperfIntervalOrder IperfIntervalOrder::apply(FlowSeries& series) {
    IperfIntervalOrder found;
    for (Flow& flow : series.flows)
        found.order(flow.intervals);
    found.order(series.sumIntervals);
    return found;
}

QStringList IperfIntervalOrder::warnings() const {
    QStringList out;
    if (outOfOrder > 0)
        out << QStringLiteral("%1 interval lines start before the line above them: the intervals "
                              "are read in time order")
                   .arg(outOfOrder);
    if (overlapping > 0)
        out << QStringLiteral("%1 intervals overlap the interval before them: throughput over "
                              "time counts those seconds twice")
                   .arg(overlapping);
    if (repeated > 0)
        out << QStringLiteral("%1 interval lines repeat the line before them exactly: each is "
                              "counted once")
                   .arg(repeated);
    return out;
}

} // namespace wb
