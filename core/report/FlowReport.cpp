#include "FlowReport.h"

#include "report/DatasetJson.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

QJsonValue orNull(const QString& text) {
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

QJsonObject totalsJson(const FlowTotals& totals) {
    return {{"bytes", totals.bytes},
            {"seconds", totals.seconds},
            {"bits_per_second", totals.bitsPerSecond}};
}

// The TCP figures of a flow (or of all flows) as `flows --format json` gives them; every key
// null when the log has no TCP state for it.
void insertTcp(QJsonObject* out, const TcpFlowSummary& tcp, TcpStateSource source) {
    const auto pair = [](const char* a, const std::optional<double>& x, const char* b,
                         const std::optional<double>& y) {
        return x ? QJsonValue(QJsonObject{{a, *x}, {b, DatasetJson::optional(y)}}) : QJsonValue();
    };
    out->insert("tcp_source", orNull(TcpState::describe(source)));
    out->insert("cwnd_bytes", pair("mean", tcp.cwndMeanBytes, "max", tcp.cwndMaxBytes));
    out->insert("rtt_ms", pair("mean", tcp.rttMeanMs, "p99", tcp.rttP99Ms));
    out->insert("retransmits", DatasetJson::optional(tcp.retransmits));
    out->insert("retransmits_per_mb", DatasetJson::optional(tcp.retransmitsPerMB));
}

// An interval's TCP figures, only those the log printed (a UDP interval stays as it was).
void insertIntervalTcp(QJsonObject* out, const FlowInterval& interval) {
    if (interval.retransmits)
        out->insert("retransmits", qint64(*interval.retransmits));
    if (interval.cwndBytes)
        out->insert("cwnd_bytes", *interval.cwndBytes);
    if (interval.rttMs)
        out->insert("rtt_ms", *interval.rttMs);
    if (interval.rttvarMs)
        out->insert("rttvar_ms", *interval.rttvarMs);
}

QString megabits(double bitsPerSecond) {
    return std::isnan(bitsPerSecond) ? QStringLiteral("-")
                                     : QString::number(bitsPerSecond / 1e6, 'f', 2);
}

} // namespace

FlowReport FlowReport::of(const QString& file, const QString& formatId,
                          std::shared_ptr<const DatasetAnalysis> analysis) {
    FlowReport report;
    report.file = file;
    report.label = analysis->dataset->label;
    report.format = formatId;
    report.analysis = std::move(analysis);
    return report;
}

const char* FlowReport::sumSource() const {
    if (!stats().sumFromTool)
        return "computed";
    return analysis->dataset->flows.sumTotalFromSender ? "sender" : "tool";
}

QJsonObject FlowReport::toJson() const {
    const FlowStatistics& stats = analysis->flows;
    const std::vector<TcpFlowState>& tcp = analysis->tcp;
    QJsonArray flows;
    for (std::size_t i = 0; i < stats.flows.size(); ++i) {
        const FlowStatistics::PerFlow& perFlow = stats.flows[i];
        QJsonArray intervals;
        for (const FlowInterval& interval : analysis->dataset->flows.flows[i].intervals) {
            QJsonObject object{{"start", interval.start},
                               {"end", interval.end},
                               {"bytes", interval.bytes},
                               {"bits_per_second", interval.bitsPerSecond}};
            insertIntervalTcp(&object, interval);
            intervals.append(object);
        }
        QJsonObject flow = totalsJson(perFlow.totals);
        flow.insert("id", perFlow.id);
        flow.insert("intervals", intervals);
        flow.insert("jitter_ms", DatasetJson::optional(perFlow.jitterMs));
        flow.insert("lost", DatasetJson::optional(perFlow.lost));
        flow.insert("total_datagrams", DatasetJson::optional(perFlow.totalDatagrams));
        if (i < tcp.size())
            insertTcp(&flow, analysis->tcpPerFlow[i], tcp[i].kind);
        flows.append(flow);
    }
    const bool anyFlow = !stats.flows.empty();
    const bool anyInterval = stats.intervals.count > 0;
    QJsonObject out{{"file", file},
                    {"label", label},
                    {"tool", info().tool},
                    {"format", format},
                    {"protocol", orNull(info().protocol)},
                    {"role", orNull(info().role)},
                    {"congestion_control", orNull(info().congestionControl)},
                    {"flows", flows},
                    {"sum", totalsJson(stats.sum)},
                    {"sum_source", sumSource()},
                    {"jain_fairness", anyFlow ? QJsonValue(stats.jainFairness) : QJsonValue()},
                    {"interval_bits_per_second",
                     anyInterval ? QJsonValue(QJsonObject{{"mean", stats.intervals.mean},
                                                          {"median", stats.intervals.median},
                                                          {"stddev", stats.intervals.stddev}})
                                 : QJsonValue()}};
    QJsonObject all;
    insertTcp(&all, analysis->tcpAll, analysis->tcpSource());
    out.insert("tcp",
               analysis->tcpSource() == TcpStateSource::None ? QJsonValue() : QJsonValue(all));
    DatasetJson::insertParameters(&out, info().parameters);
    return out;
}

Table FlowReport::comparisonTable(const std::vector<FlowReport>& reports) {
    Table table({"label", "protocol", "congestion control", "flows", "SUM (Mbits/s)",
                 "min flow (Mbits/s)", "max flow (Mbits/s)", "stddev (Mbits/s)", "Jain fairness"},
                {false, false, false, true, true, true, true, true, true},
                QStringLiteral("Throughput per run"));
    for (const FlowReport& r : reports)
        table.rows.push_back(
            {r.label, r.info().protocol,
             r.info().congestionControl.isEmpty() ? "-" : r.info().congestionControl,
             QString::number(r.stats().flows.size()), megabits(r.stats().sum.bitsPerSecond),
             megabits(r.stats().minBitsPerSecond), megabits(r.stats().maxBitsPerSecond),
             megabits(r.stats().stddevBitsPerSecond),
             std::isnan(r.stats().jainFairness) ? QStringLiteral("-")
                                                : QString::number(r.stats().jainFairness, 'f', 4)});
    return table;
}

bool FlowReport::anyTcpState(const std::vector<FlowReport>& reports) {
    return std::any_of(reports.begin(), reports.end(), [](const FlowReport& report) {
        return report.analysis->tcpSource() != TcpStateSource::None;
    });
}

Table FlowReport::tcpTable(const std::vector<FlowReport>& reports, bool runsOnly) {
    Table table({"run", "flow", "Mbits/s", "cwnd mean (KBytes)", "cwnd max (KBytes)",
                 "RTT mean (ms)", "RTT p99 (ms)", "retransmits", "retransmits per MB",
                 "TCP state from"},
                {false, false, true, true, true, true, true, true, true, false},
                QStringLiteral("TCP state per flow"));
    const auto fixed = [](const std::optional<double>& value, double scale, int decimals) {
        return value ? QString::number(*value / scale, 'f', decimals) : QStringLiteral("-");
    };
    const auto row = [&](const QString& run, const QString& flow, double bitsPerSecond,
                         const TcpFlowSummary& tcp, TcpStateSource source) {
        return QStringList{
            run,
            flow,
            megabits(bitsPerSecond),
            fixed(tcp.cwndMeanBytes, 1024, 1),
            fixed(tcp.cwndMaxBytes, 1024, 1),
            fixed(tcp.rttMeanMs, 1, 3),
            fixed(tcp.rttP99Ms, 1, 3),
            tcp.retransmits ? QString::number(*tcp.retransmits) : QStringLiteral("-"),
            fixed(tcp.retransmitsPerMB, 1, 3),
            source == TcpStateSource::None ? QStringLiteral("-") : TcpState::describe(source)};
    };
    for (const FlowReport& r : reports) {
        const DatasetAnalysis& a = *r.analysis;
        // A sampler's connections have TCP state but are no run's flows: no throughput.
        const bool sampler = TcpState::isSampler(*a.dataset);
        const double nan = std::nan("");
        for (std::size_t i = 0; !runsOnly && i < a.flows.flows.size(); ++i)
            table.rows.push_back(row(r.label, a.flows.flows[i].id,
                                     sampler ? nan : a.flows.flows[i].totals.bitsPerSecond,
                                     i < a.tcpPerFlow.size() ? a.tcpPerFlow[i] : TcpFlowSummary{},
                                     i < a.tcp.size() ? a.tcp[i].kind : TcpStateSource::None));
        table.rows.push_back(
            row(r.label,
                (sampler ? QStringLiteral("all %1 sampled") : QStringLiteral("all %1"))
                    .arg(a.flows.flows.size()),
                sampler ? nan : a.flows.sum.bitsPerSecond, a.tcpAll, a.tcpSource()));
    }
    return table;
}

Table FlowReport::sampledTable(const std::vector<FlowReport>& samplers, bool perConnection) {
    Table table({"log", perConnection ? "connection" : "connections", "samples",
                 "cwnd mean (KBytes)", "cwnd max (KBytes)", "RTT mean (ms)", "RTT p99 (ms)",
                 "retransmits"},
                {false, !perConnection, true, true, true, true, true, true},
                QStringLiteral("TCP state of sampled connections (ss -tin samples), not a "
                               "throughput run"));
    const auto fixed = [](const std::optional<double>& value, double scale, int decimals) {
        return value ? QString::number(*value / scale, 'f', decimals) : QStringLiteral("-");
    };
    const auto row = [&](const QString& log, const QString& connection, std::size_t samples,
                         const TcpFlowSummary& tcp) {
        return QStringList{log,
                           connection,
                           QString::number(samples),
                           fixed(tcp.cwndMeanBytes, 1024, 1),
                           fixed(tcp.cwndMaxBytes, 1024, 1),
                           fixed(tcp.rttMeanMs, 1, 3),
                           fixed(tcp.rttP99Ms, 1, 3),
                           tcp.retransmits ? QString::number(*tcp.retransmits)
                                           : QStringLiteral("-")};
    };
    for (const FlowReport& r : samplers) {
        const std::vector<Flow>& connections = r.analysis->dataset->flows.flows;
        std::size_t samples = 0;
        for (std::size_t i = 0; i < connections.size(); ++i) {
            samples += connections[i].intervals.size();
            if (perConnection)
                table.rows.push_back(
                    row(r.label, connections[i].id, connections[i].intervals.size(),
                        i < r.analysis->tcpPerFlow.size() ? r.analysis->tcpPerFlow[i]
                                                          : TcpFlowSummary{}));
        }
        if (!perConnection)
            table.rows.push_back(
                row(r.label, QString::number(connections.size()), samples, r.analysis->tcpAll));
    }
    return table;
}

QJsonArray FlowReport::sampledJson(const std::vector<FlowReport>& samplers) {
    QJsonArray out;
    for (const FlowReport& r : samplers) {
        const DatasetAnalysis& a = *r.analysis;
        QJsonArray connections;
        for (std::size_t i = 0; i < a.dataset->flows.flows.size(); ++i) {
            QJsonObject connection{{"id", a.dataset->flows.flows[i].id},
                                   {"samples", qint64(a.dataset->flows.flows[i].intervals.size())}};
            if (i < a.tcp.size())
                insertTcp(&connection, a.tcpPerFlow[i], a.tcp[i].kind);
            connections.append(connection);
        }
        QJsonObject sampler{{"file", r.file},
                            {"label", r.label},
                            {"tool", r.info().tool},
                            {"format", r.format},
                            {"connections", connections}};
        DatasetJson::insertParameters(&sampler, r.info().parameters);
        out.append(sampler);
    }
    return out;
}

QString FlowReport::intervalText() const {
    const IntervalBandwidth& intervals = analysis->flows.intervals;
    return QString::asprintf("Mean: %f\tMedian: %f\tStdDev: %f\n", intervals.mean, intervals.median,
                             intervals.stddev);
}

} // namespace wb
