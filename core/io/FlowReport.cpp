#include "FlowReport.h"

#include "DatasetJson.h"
#include "FileImporter.h"
#include "parse/FormatRegistry.h"

#include <QJsonArray>

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

QString megabits(double bitsPerSecond) {
    return std::isnan(bitsPerSecond) ? QStringLiteral("-")
                                     : QString::number(bitsPerSecond / 1e6, 'f', 2);
}

} // namespace

FlowReport FlowReport::of(const ImportResult& result, const Dataset& dataset) {
    return of(result.file, result.format ? QString::fromLatin1(result.format->id) : QString(),
              dataset);
}

FlowReport FlowReport::of(const QString& file, const QString& formatId, const Dataset& dataset) {
    FlowReport report;
    report.file = file;
    report.label = dataset.label;
    report.tool = dataset.info.tool;
    report.format = formatId;
    report.protocol = dataset.info.protocol;
    report.role = dataset.info.role;
    report.congestionControl = dataset.info.congestionControl;
    report.parameters = dataset.info.parameters;
    report.dataset = &dataset;
    report.stats = FlowStatistics::of(dataset.flows);
    return report;
}

QJsonObject FlowReport::toJson() const {
    QJsonArray flows;
    for (std::size_t i = 0; i < stats.flows.size(); ++i) {
        const FlowStatistics::PerFlow& perFlow = stats.flows[i];
        QJsonArray intervals;
        for (const FlowInterval& interval : dataset->flows.flows[i].intervals)
            intervals.append(QJsonObject{{"start", interval.start},
                                         {"end", interval.end},
                                         {"bytes", interval.bytes},
                                         {"bits_per_second", interval.bitsPerSecond}});
        QJsonObject flow = totalsJson(perFlow.totals);
        flow.insert("id", perFlow.id);
        flow.insert("intervals", intervals);
        flow.insert("jitter_ms", DatasetJson::optional(perFlow.jitterMs));
        flow.insert("lost", DatasetJson::optional(perFlow.lost));
        flow.insert("total_datagrams", DatasetJson::optional(perFlow.totalDatagrams));
        flows.append(flow);
    }
    const bool anyFlow = !stats.flows.empty();
    const bool anyInterval = stats.intervals.count > 0;
    QJsonObject out{{"file", file},
                    {"label", label},
                    {"tool", tool},
                    {"format", format},
                    {"protocol", orNull(protocol)},
                    {"role", orNull(role)},
                    {"congestion_control", orNull(congestionControl)},
                    {"flows", flows},
                    {"sum", totalsJson(stats.sum)},
                    {"sum_source", stats.sumFromTool ? "tool" : "computed"},
                    {"jain_fairness", anyFlow ? QJsonValue(stats.jainFairness) : QJsonValue()},
                    {"interval_bits_per_second",
                     anyInterval ? QJsonValue(QJsonObject{{"mean", stats.intervals.mean},
                                                          {"median", stats.intervals.median},
                                                          {"stddev", stats.intervals.stddev}})
                                 : QJsonValue()}};
    DatasetJson::insertParameters(&out, parameters);
    return out;
}

Table FlowReport::comparisonTable(const std::vector<FlowReport>& reports) {
    Table table;
    table.header =
        QStringList{"label",         "protocol",           "congestion control", "flows",
                    "SUM (Mbits/s)", "min flow (Mbits/s)", "max flow (Mbits/s)", "stddev (Mbits/s)",
                    "Jain fairness"};
    table.rightAligned = {false, false, false, true, true, true, true, true, true};
    table.caption = QStringLiteral("Throughput per run");
    for (const FlowReport& r : reports)
        table.rows.push_back(
            {r.label, r.protocol, r.congestionControl.isEmpty() ? "-" : r.congestionControl,
             QString::number(r.stats.flows.size()), megabits(r.stats.sum.bitsPerSecond),
             megabits(r.stats.minBitsPerSecond), megabits(r.stats.maxBitsPerSecond),
             megabits(r.stats.stddevBitsPerSecond),
             std::isnan(r.stats.jainFairness) ? QStringLiteral("-")
                                              : QString::number(r.stats.jainFairness, 'f', 4)});
    return table;
}

QString FlowReport::intervalText() const {
    return QString::asprintf("Mean: %f\tMedian: %f\tStdDev: %f\n", stats.intervals.mean,
                             stats.intervals.median, stats.intervals.stddev);
}

} // namespace wb
