#include "Iperf3Flows.h"

namespace wb {

namespace {
QString flowId(int stream, const QString& direction, bool withDirection) {
    const QString number = QString::number(stream);
    return withDirection && !direction.isEmpty() ? number + QLatin1Char('/') + direction : number;
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

void Iperf3FlowTable::completeTotals(FlowSeries& series) {
    for (Flow& flow : series.flows) {
        if (!flow.total && flow.senderTotal) {
            flow.total = flow.senderTotal;
            flow.senderTotal.reset();
        }
    }
}

} // namespace wb
