#include "PingRuns.h"

#include "model/Dataset.h"
#include "model/ParseReport.h"

#include <cmath>

namespace wb {

namespace {

void dropTimesSteppingBack(LatencySeries& run, IssueList& warnings) {
    if (!run.hasTimestamps())
        return;
    std::int64_t steps = 0;
    std::size_t first = 0;
    double largest = 0;
    for (std::size_t i = 1; i < run.timestamps.size(); ++i) {
        const double step = run.timestamps[i - 1] - run.timestamps[i];
        if (step > 0) {
            if (steps++ == 0)
                first = i;
            largest = std::max(largest, step);
        }
    }
    if (steps == 0)
        return;
    warnings.add(0,
                 QStringLiteral("the reply times step backwards %1 times (first at the reply to "
                                "sequence number %2, by up to %3 s): the clock was set back while "
                                "the log was written; the times are not used, and the run is "
                                "drawn by sequence number")
                     .arg(steps)
                     .arg(first < run.sequence.size() ? run.sequence[first] : -1)
                     .arg(largest, 0, 'g', 6),
                 QString());
    run.timestamps.clear();
}

} // namespace

void ReplyTimes::add(LatencySeries& run, double time, double elapsedSum) {
    if (std::isnan(time))
        return;
    if (run.timestamps.size() + 1 == run.rttMs.size()) {
        run.timestamps.push_back(time);
        if (!std::isnan(elapsedSum)) // only bare clocks (-D stamps need none)
            m_elapsedSums.push_back(elapsedSum);
    }
    m_sawTime = true;
}

void ReplyTimes::dropLast(LatencySeries& run) {
    if (run.timestamps.size() != run.rttMs.size() + 1)
        return;
    if (m_elapsedSums.size() == run.timestamps.size())
        m_elapsedSums.pop_back();
    run.timestamps.pop_back();
}

void ReplyTimes::finish(LatencySeries& run, const LinePrefixReader& prefix, const QString& partial,
                        IssueList& warnings) {
    if (m_sawTime && run.timestamps.size() != run.rttMs.size()) {
        run.timestamps.clear();
        warnings.add(0, partial, QString());
    }
    prefix.resolveIncrements(run.timestamps, m_elapsedSums, warnings);
    dropTimesSteppingBack(run, warnings);
}

bool lossPercentAgrees(double printed, std::int64_t transmitted, std::int64_t received) {
    if (transmitted <= 0)
        return true;
    // In doubles: damaged counts (a negative one, 2^63 - 1) must not overflow.
    const double computed = 100.0 *
                            (static_cast<double>(transmitted) - static_cast<double>(received)) /
                            static_cast<double>(transmitted);
    // Whole numbers are rounded or truncated by the tools: within one point either way.
    return std::abs(printed - computed) < 1.0 || (received > transmitted && printed <= 0);
}

void checkSummary(const LatencySeries& run, std::int64_t fewestShown, std::int64_t mostShown,
                  IssueList& warnings) {
    const PingSummary& summary = run.summary;
    if (!summary.transmitted || !summary.received)
        return;
    if (summary.lossPercent &&
        !lossPercentAgrees(*summary.lossPercent, *summary.transmitted, *summary.received))
        warnings.add(0,
                     QStringLiteral("the summary says %1 % packet loss, but its counts (%2 sent, "
                                    "%3 received) do not give it; the loss is taken from the "
                                    "counts")
                         .arg(*summary.lossPercent)
                         .arg(*summary.transmitted)
                         .arg(*summary.received),
                     QString());
    const bool showsReplies = mostShown > 0 || !run.lostSequence.empty();
    if (showsReplies && (*summary.received < fewestShown || *summary.received > mostShown))
        warnings.add(0,
                     QStringLiteral("the summary counts %1 replies received, but the log shows "
                                    "%2; the loss is taken from the summary's counts")
                         .arg(*summary.received)
                         .arg(fewestShown == mostShown
                                  ? QString::number(fewestShown)
                                  : QStringLiteral("%1 to %2").arg(fewestShown).arg(mostShown)),
                     QString());
}

} // namespace wb
