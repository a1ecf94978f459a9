#include "report/DatasetJson.h"

#include "import/FileImporter.h"
#include "model/CompactOptional.h"
#include "parse/FormatRegistry.h"

#include <QFileInfo>
#include <QJsonArray>

#include <cmath>
#include <optional>

namespace wb {

namespace {

template <typename T> QJsonArray array(const std::vector<T>& values) {
    QJsonArray out;
    for (const T& value : values) {
        if constexpr (std::is_floating_point_v<T>)
            out.append(DatasetJson::number(value));
        else
            out.append(static_cast<qint64>(value));
    }
    return out;
}

template <typename T> QJsonValue optional(const std::optional<T>& value) {
    return DatasetJson::optional(value);
}

template <typename T> QJsonValue optional(const CompactOptional<T>& value) {
    return DatasetJson::optional(std::optional<T>(value));
}

// Only the fields the log had (not null), so golden files stay readable.
void insertPresent(QJsonObject* out,
                   std::initializer_list<std::pair<const char*, QJsonValue>> fields) {
    for (const auto& [key, value] : fields)
        if (!value.isNull())
            out->insert(QLatin1String(key), value);
}

QJsonObject describe(const PingSummary& s) {
    QJsonObject out{
        {"transmitted", optional(s.transmitted)},  {"received", optional(s.received)},
        {"duplicates", optional(s.duplicates)},    {"errors", optional(s.errors)},
        {"loss_percent", optional(s.lossPercent)}, {"time_ms", optional(s.timeMs)},
        {"rtt_min", optional(s.rttMin)},           {"rtt_avg", optional(s.rttAvg)},
        {"rtt_max", optional(s.rttMax)},           {"rtt_deviation", optional(s.rttDeviation)}};
    insertPresent(&out, {{"corrupted", optional(s.corrupted)}}); // only iputils prints it
    return out;
}

QJsonObject describe(const FlowInterval& i) {
    QJsonObject out{{"start", i.start},
                    {"end", i.end},
                    {"bytes", i.bytes},
                    {"bits_per_second", i.bitsPerSecond},
                    {"bytes_exact", i.bytesExact}};
    insertPresent(&out, {{"jitter_ms", optional(i.jitterMs)},
                         {"lost", optional(i.lostDatagrams)},
                         {"total_datagrams", optional(i.totalDatagrams)},
                         {"out_of_order", optional(i.outOfOrder)},
                         {"retransmits", optional(i.retransmits)},
                         {"cwnd_bytes", optional(i.cwndBytes)},
                         {"rtt_ms", optional(i.rttMs)},
                         {"rttvar_ms", optional(i.rttvarMs)}});
    return out;
}

QJsonValue describe(const std::optional<FlowInterval>& line) {
    return line ? QJsonValue(describe(*line)) : QJsonValue();
}

QJsonArray describe(const std::vector<FlowInterval>& lines) {
    QJsonArray out;
    for (const FlowInterval& line : lines)
        out.append(describe(line));
    return out;
}

QJsonObject describe(const TcpSocketSample& s) {
    QJsonObject out{{"sample", static_cast<qint64>(s.sample)}};
    insertPresent(&out, {{"cwnd", optional(s.cwndSegments)},
                         {"ssthresh", optional(s.ssthreshSegments)},
                         {"mss", optional(s.mssBytes)},
                         {"rttvar_ms", optional(s.rttvarMs)},
                         {"retransmits_total", optional(s.retransmitsTotal)},
                         {"bytes_acked", optional(s.bytesAcked)},
                         {"bytes_received", optional(s.bytesReceived)},
                         {"delivery_rate", optional(s.deliveryRateBitsPerSecond)},
                         {"pacing_rate", optional(s.pacingRateBitsPerSecond)}});
    return out;
}

QJsonObject describe(const TcpSocketSeries& tcp) {
    QJsonArray samples;
    for (const TcpSocketSample& sample : tcp.samples)
        samples.append(describe(sample));
    return {{"congestion_control", tcp.congestionControl},
            {"state", tcp.state},
            {"note", tcp.note},
            {"samples", samples}};
}

QJsonArray describe(const std::vector<Flow>& flows) {
    QJsonArray out;
    for (const Flow& flow : flows) {
        QJsonObject object{{"id", flow.id},
                           {"stream", flow.streamNumber},
                           {"direction", flow.direction},
                           {"local", flow.localAddress},
                           {"remote", flow.remoteAddress},
                           {"intervals", describe(flow.intervals)},
                           {"total", describe(flow.total)},
                           {"sender_total", describe(flow.senderTotal)}};
        if (!flow.tcp.empty()) // only a socket sampler's flows have it
            object.insert(QStringLiteral("tcp"), describe(flow.tcp));
        out.append(object);
    }
    return out;
}

QJsonObject describe(const FlowSeries& series) {
    QJsonObject out{{"flows", describe(series.flows)},
                    {"sum_intervals", describe(series.sumIntervals)},
                    {"sum_total", describe(series.sumTotal)}};
    if (!series.otherSockets.empty())
        out.insert(QStringLiteral("other_sockets"), describe(series.otherSockets));
    return out;
}

QJsonObject describe(const RunInfo& info) {
    QJsonObject out = {
        {"tool", info.tool},
        {"dialect", info.dialect},
        {"target", info.target},
        {"protocol", info.protocol},
        {"role", info.role},
        {"streams", info.streams},
        {"congestion_control", info.congestionControl},
        {"version", info.version},
        {"start", info.start.isValid() ? info.start.toUTC().toString(Qt::ISODate) : QString()},
        {"extra", DatasetJson::object(info.extra)}};
    // What only runs made by Wirebench know (their .run.json); absent for plain logs.
    const std::pair<const char*, QString> runFacts[] = {
        {"command_line", info.commandLine}, {"host", info.host}, {"kernel", info.kernel}};
    for (const auto& [key, value] : runFacts)
        if (!value.isEmpty())
            out.insert(QLatin1String(key), value);
    DatasetJson::insertParameters(&out, info.parameters);
    return out;
}

QJsonArray describe(const IssueList& issues) {
    QJsonArray out;
    for (const ParseIssue& issue : issues.kept())
        out.append(QJsonObject{{"line", static_cast<qint64>(issue.line)},
                               {"message", issue.message},
                               {"text", issue.text}});
    return out;
}

} // namespace

QJsonValue DatasetJson::number(double value) {
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

QJsonObject DatasetJson::describe(const Dataset& dataset) {
    if (dataset.kind == Dataset::Kind::Throughput)
        return {{"label", dataset.label},
                {"kind", "throughput"},
                {"info", wb::describe(dataset.info)},
                {"flows", wb::describe(dataset.flows)}};
    const LatencySeries& latency = dataset.latency;
    QJsonObject out{{"label", dataset.label},
                    {"tool", dataset.info.tool},
                    {"dialect", dataset.info.dialect},
                    {"target", dataset.info.target},
                    {"samples", static_cast<qint64>(latency.size())},
                    {"rtt_ms", array(latency.rttMs)},
                    {"sequence", array(latency.sequence)},
                    {"duplicate_rtt_ms", array(latency.duplicateRttMs)},
                    {"duplicate_sequence", array(latency.duplicateSequence)},
                    {"lost_sequence", array(latency.lostSequence)},
                    {"error_sequence", array(latency.errorSequence)},
                    {"summary", wb::describe(latency.summary)}};
    if (latency.hasTimestamps())
        out.insert(QStringLiteral("timestamps"), array(latency.timestamps));
    // Only logs with damaged replies have them (few do).
    if (!latency.damagedSequence.empty()) {
        out.insert(QStringLiteral("damaged_rtt_ms"), array(latency.damagedRttMs));
        out.insert(QStringLiteral("damaged_sequence"), array(latency.damagedSequence));
    }
    return out;
}

QJsonObject DatasetJson::describe(const ParseReport& report) {
    return {{"lines_read", static_cast<qint64>(report.linesRead)},
            {"samples", static_cast<qint64>(report.samples)},
            {"ignored_lines", static_cast<qint64>(report.ignoredLines)},
            {"parse_errors", wb::describe(report.parseErrors)},
            {"range_errors", wb::describe(report.rangeErrors)},
            {"warnings", wb::describe(report.warnings)}};
}

QJsonObject DatasetJson::describe(const ImportResult& result) {
    QJsonArray datasets;
    for (const Dataset& dataset : result.datasets)
        datasets.append(describe(dataset));
    return {{"file", QFileInfo(result.file).fileName()},
            {"format", result.format ? QString::fromLatin1(result.format->id) : QString()},
            {"error", result.error},
            {"datasets", datasets},
            {"report", describe(result.report)}};
}

void DatasetJson::insertParameters(QJsonObject* out, const QMap<QString, QString>& parameters) {
    if (!parameters.isEmpty())
        out->insert(QStringLiteral("parameters"), object(parameters));
}

} // namespace wb
