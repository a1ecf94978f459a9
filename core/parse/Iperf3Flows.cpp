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
    // Few flows (at most iperf3's -P 128 per direction), so a linear search is cheap.
    for (const Key& key : m_keys) {
        if (key.stream == stream && key.direction == direction)
            return series.flows[key.index];
    }
    // The same number in the other direction: both ids must name their direction to stay unique.
    bool reused = false;
    for (const Key& key : m_keys) {
        if (key.stream == stream) {
            series.flows[key.index].id = flowId(stream, key.direction, true);
            reused = true;
        }
    }
    Flow flow;
    flow.streamNumber = stream;
    flow.direction = direction;
    flow.id = flowId(stream, direction, m_bidirectional || reused);
    if (auto it = m_addresses.constFind(stream); it != m_addresses.constEnd()) {
        flow.localAddress = it->first;
        flow.remoteAddress = it->second;
    }
    m_keys.push_back({stream, direction, series.flows.size()});
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
