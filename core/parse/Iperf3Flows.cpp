#include "Iperf3Flows.h"

#include "IperfRuns.h"

#include <algorithm>

namespace wb {

namespace {

// The whole run as the intervals add it up, for the figures a contradicting total has as zero.
// Jitter is iperf3's running estimate, so the last interval's is the run's.
bool takeFromIntervals(FlowInterval& total, const std::vector<FlowInterval>& intervals) {
    double bytes = 0;
    std::int64_t lost = 0;
    std::int64_t datagrams = 0;
    bool counts = true;
    for (const FlowInterval& interval : intervals) {
        bytes += interval.bytes;
        counts = counts && interval.lostDatagrams && interval.totalDatagrams;
        if (counts) {
            lost += *interval.lostDatagrams;
            datagrams += *interval.totalDatagrams;
        }
    }
    if (total.bytes != 0 || total.bitsPerSecond != 0 || bytes <= 0)
        return false;
    if (total.end <= total.start) {
        total.start = intervals.front().start;
        total.end = intervals.back().end;
    }
    total.bytes = bytes;
    total.bytesExact = std::all_of(intervals.begin(), intervals.end(),
                                   [](const FlowInterval& i) { return i.bytesExact; });
    total.bitsPerSecond = total.seconds() > 0 ? bytes * 8 / total.seconds() : 0;
    if (counts && datagrams > 0 && (!total.totalDatagrams || *total.totalDatagrams == 0)) {
        total.lostDatagrams = lost;
        total.totalDatagrams = datagrams;
    }
    if ((!total.jitterMs || *total.jitterMs == 0) && intervals.back().jitterMs)
        total.jitterMs = intervals.back().jitterMs;
    return true;
}

QString flowId(int stream, const QString& direction, bool withDirection) {
    const QString number = QString::number(stream);
    return withDirection && !direction.isEmpty() ? number + QLatin1Char('/') + direction : number;
}

// A receiver's figure with nothing in it: no bytes, and no datagram it counted.
bool isEmpty(const FlowInterval& total) {
    return total.bytes == 0 && total.bitsPerSecond == 0 &&
           (!total.totalDatagrams || *total.totalDatagrams == 0);
}

bool replacedBySender(std::optional<FlowInterval>& total, const std::optional<FlowInterval>& sender,
                      bool cutShort) {
    if (!total || !isEmpty(*total) || !(cutShort || total->seconds() <= 0) || !sender ||
        sender->bytes <= 0)
        return false;
    total = sender;
    return true;
}

QString zeroTotalsWarning(int replaced) {
    return QStringLiteral("%1 whole-run figures of the receiver say 0 bytes while its intervals "
                          "carry data: their zero figures are taken from the intervals")
        .arg(replaced);
}

QString senderTotalsWarning(int replaced) {
    return QStringLiteral("the receiver never reported (its whole-run figures are 0 bytes: the "
                          "run was cut short); the sender's are used for %1")
        .arg(replaced == 1 ? QStringLiteral("1 whole-run figure")
                           : QStringLiteral("%1 whole-run figures").arg(replaced));
}

} // namespace

void Iperf3FlowTable::reset() {
    m_keys.clear();
    m_addresses.clear();
    m_bidirectional = false;
}

void Iperf3FlowTable::noteConnection(int stream, const QString& local, const QString& remote) {
    m_addresses.insert(stream, {local, remote});
}

Flow& Iperf3FlowTable::flow(FlowSeries& series, int stream, const QString& direction) {
    // Looked up by stream number: a report line per stream and interval, and synthetic or
    // merged logs hold tens of thousands of streams.
    std::vector<Key>& sameNumber = m_keys[stream];
    for (const Key& key : sameNumber) {
        if (key.direction == direction)
            return series.flows[key.index];
    }
    // The same number in the other direction: both ids must name their direction to stay unique.
    for (const Key& key : sameNumber)
        series.flows[key.index].id = flowId(stream, key.direction, true);
    Flow flow;
    flow.streamNumber = stream;
    flow.direction = direction;
    flow.id = flowId(stream, direction, m_bidirectional || !sameNumber.empty());
    if (auto it = m_addresses.constFind(stream); it != m_addresses.constEnd()) {
        flow.localAddress = it->first;
        flow.remoteAddress = it->second;
    }
    sameNumber.push_back({direction, series.flows.size()});
    series.flows.push_back(std::move(flow));
    return series.flows.back();
}

int Iperf3FlowTable::takeZeroTotalsFromIntervals(FlowSeries& series) {
    int replaced = 0;
    bool allReceive = !series.flows.empty();
    for (Flow& flow : series.flows) {
        const bool receiver = flow.direction == QLatin1String("receive");
        allReceive = allReceive && receiver;
        if (receiver && flow.total && !flow.intervals.empty() &&
            takeFromIntervals(*flow.total, flow.intervals))
            ++replaced;
    }
    if (allReceive && series.sumTotal && !series.sumIntervals.empty() &&
        takeFromIntervals(*series.sumTotal, series.sumIntervals))
        ++replaced;
    return replaced;
}

int Iperf3FlowTable::takeSenderTotalsForEmptyReceiver(FlowSeries& series,
                                                      const std::optional<FlowInterval>& sumSender,
                                                      bool cutShort) {
    int replaced = 0;
    for (Flow& flow : series.flows)
        replaced += replacedBySender(flow.total, flow.senderTotal, cutShort) ? 1 : 0;
    if (replacedBySender(series.sumTotal, sumSender, cutShort)) {
        series.sumTotalFromSender = true;
        ++replaced;
    }
    return replaced;
}

void Iperf3FlowTable::completeTotals(FlowSeries& series) {
    for (Flow& flow : series.flows) {
        if (!flow.total && flow.senderTotal) {
            flow.total = flow.senderTotal;
            flow.senderTotal.reset();
        }
    }
}

Iperf3FlowTable::TestEnd Iperf3FlowTable::finishTest(Dataset& test,
                                                     const std::optional<FlowInterval>& sumSender,
                                                     bool cutShort) const {
    TestEnd end;
    end.intervalOrder = IperfIntervalOrder::apply(test.flows).warnings();
    if (const int replaced = takeZeroTotalsFromIntervals(test.flows); replaced > 0)
        end.totals << zeroTotalsWarning(replaced);
    if (const int replaced = takeSenderTotalsForEmptyReceiver(test.flows, sumSender, cutShort);
        replaced > 0)
        end.totals << senderTotalsWarning(replaced);
    completeTotals(test.flows);
    if (test.info.streams == 0 && connections() > 0)
        test.info.streams = connections() / (m_bidirectional ? 2 : 1);
    return end;
}

} // namespace wb
