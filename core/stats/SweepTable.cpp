#include "SweepTable.h"

#include "FlowStatistics.h"
#include "LossStructure.h"
#include "Percentiles.h"
#include "RunValues.h"
#include "TcpState.h"
#include "files/NamePattern.h"
#include "model/NaturalOrder.h"

#include <boost/math/distributions/binomial.hpp>

#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>

namespace wb {

namespace {

SweepMetricInfo info(SweepMetric metric, const char* id, const char* title, Quantity quantity,
                     const char* unit = "") {
    return {metric, QLatin1String(id), QLatin1String(title), quantity, QLatin1String(unit)};
}

bool isStddevMetric(SweepMetric metric) {
    return metric == SweepMetric::RttStddev || metric == SweepMetric::IntervalStddev;
}

bool isLossMetric(SweepMetric metric) {
    return metric == SweepMetric::UdpLoss || metric == SweepMetric::PingLoss;
}

// One run's figure and what the row pools across runs.
struct RunFigure {
    std::optional<double> value;
    std::int64_t lost = 0; // loss metrics: the run's counts
    std::int64_t total = 0;
    std::vector<double> samples; // mean metrics: the samples the mean is over
};

std::vector<const Dataset*> measurementsOfKind(const MeasuredRun& run, Dataset::Kind kind) {
    std::vector<const Dataset*> out;
    for (const Dataset* dataset : run.measurements) {
        if (dataset->kind == kind && !TcpState::isSampler(*dataset))
            out.push_back(dataset);
    }
    return out;
}

std::optional<double> runValueNamed(const MeasuredRun& run, const char* name) {
    for (const RunStatistic& statistic : RunValues::of(run.datasets)) {
        if (statistic.name == QLatin1String(name) && statistic.values.size() == 1)
            return statistic.values.front();
    }
    return std::nullopt;
}

RunFigure figureOf(const MeasuredRun& run, const SweepOptions& options) {
    RunFigure figure;
    switch (options.metric) {
    case SweepMetric::UdpLoss: {
        for (const Dataset* dataset : measurementsOfKind(run, Dataset::Kind::Throughput)) {
            for (const FlowStatistics::PerFlow& flow : FlowStatistics::of(dataset->flows).flows) {
                if (flow.lost && flow.totalDatagrams) {
                    figure.lost += *flow.lost;
                    figure.total += *flow.totalDatagrams;
                }
            }
        }
        if (figure.total > 0)
            figure.value = 100.0 * static_cast<double>(figure.lost) / figure.total;
        return figure;
    }
    case SweepMetric::PingLoss: {
        for (const Dataset* dataset : measurementsOfKind(run, Dataset::Kind::Latency)) {
            const LossStructure loss = LossStructure::of(dataset->latency);
            figure.lost += loss.lost;
            figure.total += loss.requests;
        }
        if (figure.total > 0)
            figure.value = 100.0 * static_cast<double>(figure.lost) / figure.total;
        return figure;
    }
    case SweepMetric::RttMean:
    case SweepMetric::RttMedian:
    case SweepMetric::RttStddev:
    case SweepMetric::RttPercentile: {
        // A step's latency members' replies together, as RunValues pools them.
        for (const Dataset* dataset : measurementsOfKind(run, Dataset::Kind::Latency))
            figure.samples.insert(figure.samples.end(), dataset->latency.rttMs.begin(),
                                  dataset->latency.rttMs.end());
        if (figure.samples.empty())
            return figure;
        if (options.metric == SweepMetric::RttMean)
            figure.value = Moments::of(figure.samples).mean;
        else if (options.metric == SweepMetric::RttStddev)
            figure.value = Moments::of(figure.samples).stddev;
        else
            figure.value =
                Percentiles(figure.samples)
                    .at(options.metric == SweepMetric::RttMedian ? 50 : options.percentile);
        return figure;
    }
    case SweepMetric::IntervalMean:
    case SweepMetric::IntervalMedian:
    case SweepMetric::IntervalStddev: {
        // Each throughput measurement's per-interval series (FlowStatistics::intervalSeries),
        // its first N intervals; a step's members one after another.
        for (const Dataset* dataset : measurementsOfKind(run, Dataset::Kind::Throughput)) {
            std::vector<double> series = FlowStatistics::intervalSeries(dataset->flows);
            if (options.firstIntervals > 0 && series.size() > options.firstIntervals)
                series.resize(options.firstIntervals);
            figure.samples.insert(figure.samples.end(), series.begin(), series.end());
        }
        if (figure.samples.empty())
            return figure;
        const IntervalBandwidth intervals = IntervalBandwidth::of(figure.samples);
        figure.value = options.metric == SweepMetric::IntervalMean     ? intervals.mean
                       : options.metric == SweepMetric::IntervalMedian ? intervals.median
                                                                       : intervals.stddev;
        return figure;
    }
    case SweepMetric::Sum:
        if (const auto mbits = runValueNamed(run, "SUM (Mbits/s)"))
            figure.value = *mbits * 1e6;
        return figure;
    case SweepMetric::Jain:
        figure.value = runValueNamed(run, "Jain's index");
        return figure;
    case SweepMetric::Retransmissions:
        figure.value = runValueNamed(run, "retransmits per 10^6 bytes");
        return figure;
    case SweepMetric::Cwnd:
        figure.value = runValueNamed(run, "mean cwnd (KBytes)");
        return figure;
    case SweepMetric::SmoothedRtt:
        figure.value = runValueNamed(run, "mean RTT (ms)");
        return figure;
    }
    return figure;
}

QString labelOf(const GroupMember& member) {
    return member.label.isEmpty() ? member.dataset->label : member.label;
}

// The members' configured value text and where it came from.
struct ConfiguredText {
    QString text;
    QString source;
};

ConfiguredText lookUp(const std::vector<GroupMember>& members, std::size_t index,
                      const QString& key) {
    QString usedKey = key;
    QStringList values = DatasetGroups::stepValues(members, index, key);
    if (values.isEmpty() && !key.startsWith(QLatin1String("parameters."))) {
        usedKey = QStringLiteral("parameters.") + key;
        values = DatasetGroups::stepValues(members, index, usedKey);
    }
    if (values.isEmpty())
        return {};
    const bool userSet = members[index].metadata.contains(usedKey);
    return {values.front(), userSet ? QStringLiteral("metadata ") + usedKey : usedKey};
}

} // namespace

bool SweepTable::sameQuantity() const {
    return !series.empty() && !series.front().rows.empty() && !isStddevMetric(metric.metric) &&
           metric.quantity != Quantity::Number && configuredQuantity() == metric.quantity;
}

Quantity SweepTable::configuredQuantity() const {
    for (const SweepSeries& s : series) {
        if (!s.rows.empty())
            return s.rows.front().configured.quantity;
    }
    return Quantity::Number;
}

const std::vector<SweepMetricInfo>& SweepTables::metrics() {
    static const std::vector<SweepMetricInfo> all = {
        info(SweepMetric::UdpLoss, "udp-loss", "UDP loss", Quantity::Percent),
        info(SweepMetric::PingLoss, "ping-loss", "ping loss", Quantity::Percent),
        info(SweepMetric::RttMean, "rtt-mean", "mean RTT", Quantity::Milliseconds),
        info(SweepMetric::RttMedian, "rtt-median", "median RTT", Quantity::Milliseconds),
        info(SweepMetric::RttStddev, "rtt-stddev", "RTT stddev", Quantity::Milliseconds),
        info(SweepMetric::RttPercentile, "rtt-pNN", "RTT percentile", Quantity::Milliseconds),
        info(SweepMetric::IntervalMean, "interval-mean", "mean per-interval bandwidth",
             Quantity::BitsPerSecond),
        info(SweepMetric::IntervalMedian, "interval-median", "median per-interval bandwidth",
             Quantity::BitsPerSecond),
        info(SweepMetric::IntervalStddev, "interval-stddev", "per-interval bandwidth stddev",
             Quantity::BitsPerSecond),
        info(SweepMetric::Sum, "sum", "SUM", Quantity::BitsPerSecond),
        info(SweepMetric::Jain, "jain", "Jain's index", Quantity::Number),
        info(SweepMetric::Retransmissions, "retransmissions", "retransmits", Quantity::Number,
             "per 10^6 bytes"),
        info(SweepMetric::Cwnd, "cwnd", "mean cwnd", Quantity::Number, "KBytes"),
        info(SweepMetric::SmoothedRtt, "srtt", "mean TCP smoothed RTT", Quantity::Milliseconds),
    };
    return all;
}

std::optional<SweepMetricInfo> SweepTables::metricNamed(const QString& id, double* percentile) {
    const QString name = id.trimmed().toLower();
    if (name.startsWith(QLatin1String("rtt-p")) && name != QLatin1String("rtt-pnn")) {
        bool ok = false;
        const double level = name.mid(5).toDouble(&ok);
        if (!ok || level < 0 || level > 100)
            return std::nullopt;
        if (percentile)
            *percentile = level;
        SweepMetricInfo out = info(SweepMetric::RttPercentile, "", "", Quantity::Milliseconds);
        out.id = QStringLiteral("rtt-p") + name.mid(5);
        out.title = QStringLiteral("RTT p") + name.mid(5);
        return out;
    }
    for (const SweepMetricInfo& metric : metrics()) {
        if (metric.id == name && metric.metric != SweepMetric::RttPercentile)
            return metric;
    }
    return std::nullopt;
}

QString SweepTables::configuredText(const std::vector<GroupMember>& members, std::size_t index,
                                    const QString& parameter,
                                    const QMap<QString, QString>& patternFields) {
    const auto field = patternFields.constFind(parameter);
    if (field != patternFields.constEnd())
        return *field;
    return lookUp(members, index, DatasetGroups::canonicalKey(parameter)).text;
}

BinomialCheck SweepTables::binomial(std::int64_t lost, std::int64_t total, double p) {
    BinomialCheck check;
    check.lost = lost;
    check.total = total;
    if (total <= 0 || p <= 0) {
        check.low = check.high = 0;
    } else if (p >= 1) {
        check.low = check.high = total;
    } else {
        using namespace boost::math;
        const binomial_distribution<double> distribution(static_cast<double>(total), p);
        // Integer quantiles rounded outwards (Boost's default policy): the range holds at
        // least 95 % of the distribution.
        check.low = static_cast<std::int64_t>(quantile(distribution, 0.025));
        check.high = static_cast<std::int64_t>(quantile(complement(distribution, 0.025)));
    }
    check.inside = check.low <= lost && lost <= check.high;
    return check;
}

SweepTable SweepTables::of(const std::vector<GroupMember>& given, const SweepOptions& options) {
    SweepTable table;
    table.parameter = options.parameter;
    table.groupBy = options.groupBy;
    table.firstIntervals = options.firstIntervals;
    double percentile = options.percentile;
    if (options.metric == SweepMetric::RttPercentile) {
        table.metric =
            *metricNamed(QStringLiteral("rtt-p") + QString::number(percentile), &percentile);
    } else {
        for (const SweepMetricInfo& metric : metrics())
            if (metric.metric == options.metric)
                table.metric = metric;
    }

    // The pattern's fields become the members' metadata, so a step's members share them as
    // any value the user set (DatasetGroups::stepValues).
    std::vector<GroupMember> members = given;
    const QString key = DatasetGroups::canonicalKey(options.parameter);
    QStringList sources;
    std::vector<bool> fromPattern(members.size(), false);
    if (!options.namePattern.isEmpty()) {
        QString error;
        const std::optional<NamePattern> pattern = NamePattern::parse(options.namePattern, &error);
        if (!pattern) {
            table.skipped << error;
            return table;
        }
        QSet<QString> listed;
        for (std::size_t i = 0; i < members.size(); ++i) {
            const QString& file = members[i].dataset->sourceFile;
            const auto fields = pattern->match(file);
            if (!fields) {
                if (!listed.contains(file)) {
                    listed.insert(file);
                    table.unmatchedFiles << file;
                }
                continue;
            }
            for (auto field = fields->constBegin(); field != fields->constEnd(); ++field)
                members[i].metadata.insert(DatasetGroups::canonicalKey(field.key()), field.value());
            fromPattern[i] = fields->contains(options.parameter) || fields->contains(key);
        }
    }

    // Members by series and configured value. A member's key is its run's (stepValues), so
    // the members of one step land in one cell.
    struct Cell {
        ConfiguredValue configured;
        std::vector<const Dataset*> datasets;
    };
    std::map<QString, std::vector<Cell>> cells; // group value -> cells
    for (std::size_t i = 0; i < members.size(); ++i) {
        const ConfiguredText found = lookUp(members, i, key);
        const QString label = labelOf(members[i]);
        if (found.text.isEmpty()) {
            if (options.namePattern.isEmpty() ||
                !table.unmatchedFiles.contains(members[i].dataset->sourceFile))
                table.skipped << QStringLiteral("%1: no value for %2").arg(label, key);
            continue;
        }
        const QString source =
            fromPattern[i] ? QStringLiteral("name pattern ") + options.namePattern : found.source;
        if (!sources.contains(source))
            sources << source;
        const std::optional<ConfiguredValue> configured =
            ConfiguredValue::parse(options.parameter, found.text);
        if (!configured) {
            table.skipped << QStringLiteral("%1: %2 \"%3\" is not a number with a known unit")
                                 .arg(label, key, found.text);
            continue;
        }
        const QString group = options.groupBy.isEmpty()
                                  ? QString()
                                  : DatasetGroups::stepValues(members, i, options.groupBy).value(0);
        std::vector<Cell>& groupCells = cells[group];
        auto cell = std::find_if(groupCells.begin(), groupCells.end(), [&](const Cell& c) {
            return c.configured.value == configured->value &&
                   c.configured.quantity == configured->quantity;
        });
        if (cell == groupCells.end()) {
            groupCells.push_back({*configured, {}});
            cell = groupCells.end() - 1;
        }
        cell->datasets.push_back(members[i].dataset);
    }
    table.source = sources.join(QStringLiteral(", "));

    QStringList groups;
    for (const auto& entry : cells)
        groups << entry.first;
    NaturalOrder::sort(&groups);
    // Members without a group value last, as DatasetGroups orders them.
    if (groups.removeAll(QString()) > 0)
        groups << QString();

    SweepOptions resolved = options;
    resolved.percentile = percentile;
    for (const QString& group : groups) {
        std::vector<Cell>& groupCells = cells[group];
        std::sort(groupCells.begin(), groupCells.end(), [](const Cell& a, const Cell& b) {
            return ConfiguredValue::less(a.configured, b.configured);
        });
        SweepSeries series;
        series.group = group;
        for (const Cell& cell : groupCells) {
            SweepRow row;
            row.configured = cell.configured;
            std::int64_t lost = 0;
            std::int64_t total = 0;
            std::vector<double> pooled;
            for (const MeasuredRun& run : RunValues::runs(cell.datasets)) {
                const bool onlySamplers =
                    std::all_of(run.measurements.begin(), run.measurements.end(),
                                [](const Dataset* d) { return TcpState::isSampler(*d); });
                const QString label =
                    run.measurements.empty() ? QString() : run.measurements.front()->label;
                if (onlySamplers)
                    continue; // an ss log of its own: TCP state, not a run of this sweep
                const RunFigure figure = figureOf(run, resolved);
                if (!figure.value || std::isnan(*figure.value)) {
                    table.skipped << QStringLiteral("%1: no %2").arg(label, table.metric.title);
                    continue;
                }
                row.runValues.push_back(*figure.value);
                row.labels << label;
                lost += figure.lost;
                total += figure.total;
                pooled.insert(pooled.end(), figure.samples.begin(), figure.samples.end());
            }
            if (row.runValues.empty())
                continue;
            row.runs = RunLevelStatistics::summarize(row.runValues, options.bootstrap);
            row.measured = row.runValues.size() == 1 ? row.runValues.front() : row.runs.mean;
            if (!isStddevMetric(options.metric) && table.metric.quantity != Quantity::Number &&
                row.configured.quantity == table.metric.quantity && !row.configured.unlimited &&
                row.configured.value != 0)
                row.percentOfConfigured = 100.0 * row.measured / row.configured.value;
            if (options.metric == SweepMetric::RttMean ||
                options.metric == SweepMetric::IntervalMean)
                row.sampleStddev = Moments::of(pooled).stddev;
            if (isLossMetric(options.metric) && row.configured.quantity == Quantity::Percent &&
                !row.configured.unlimited)
                row.binomial = binomial(lost, total, row.configured.value / 100);
            series.rows.push_back(std::move(row));
        }
        if (!series.rows.empty())
            table.series.push_back(std::move(series));
    }
    return table;
}

} // namespace wb
