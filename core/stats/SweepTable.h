#pragma once

#include "Bootstrap.h"
#include "ConfiguredValue.h"
#include "DatasetGroups.h"
#include "RunLevelStatistics.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace wb {

// What a sweep measures per run (one value per run, RunValues::runs: a concurrent step is
// one run, an ss log beside a run is that run's TCP state, never a run of its own).
enum class SweepMetric {
    UdpLoss,         // % of datagrams: Σlost / Σtotal of the server's report (a client log's
                     // "Server Report"), else the client's own figures (FlowStatistics)
    PingLoss,        // % of echo requests (LossStructure)
    RttMean,         // ms, of every RTT of the run
    RttMedian,       // ms
    RttStddev,       // ms, population
    RttPercentile,   // ms, SweepOptions::percentile (numpy linear)
    IntervalMean,    // bit/s: mean of the per-interval bandwidth (analyze.pl's Mean)
    IntervalMedian,  // bit/s
    IntervalStddev,  // bit/s, population (analyze.pl's StandardDeviation)
    Sum,             // bit/s: the run's SUM (RunValues "SUM")
    Jain,            // Jain's index over the run's flows
    Retransmissions, // retransmits per 10^6 bytes sent (RunValues)
    Cwnd,            // mean congestion window, KBytes of 1024 (RunValues)
    SmoothedRtt,     // mean TCP smoothed RTT, ms (RunValues)
};

struct SweepMetricInfo {
    SweepMetric metric = SweepMetric::UdpLoss;
    QString id;                           // the CLI's name: "udp-loss", "rtt-p99", "interval-mean"
    QString title;                        // "UDP loss", "RTT p99", "mean per-interval bandwidth"
    Quantity quantity = Quantity::Number; // of the measured value (Percent, Milliseconds, ...)
    QString unit; // of the measured value when not a Quantity one: "KBytes", "per 10^6 bytes"
};

// What to tabulate.
struct SweepOptions {
    // The configured value's key: a name-pattern field, a key the user set (GroupMember::
    // metadata), a grouping key (DatasetGroups::isKey, parameters.NAME), or NAME alone for
    // parameters.NAME. Looked up in that order.
    QString parameter;
    SweepMetric metric = SweepMetric::UdpLoss;
    double percentile = 99; // RttPercentile
    // Interval metrics: only the first N intervals of each run (the seed's `head -n 60`);
    // 0: all of them.
    std::size_t firstIntervals = 0;
    // Optional: one series per value of this key (DatasetGroups::stepValues), e.g. tool,
    // direction; empty: one series.
    QString groupBy;
    // Optional file-name pattern (NamePattern) whose fields are metadata of every log it
    // matches; empty: none.
    QString namePattern;
    BootstrapOptions bootstrap;
};

// Where the measured loss count lies against the configured probability p over the row's
// datagrams or requests (all runs together): [low, high] is the central 95 % range of
// Binomial(total, p), its quantiles 0.025 and 0.975 rounded outwards (so it covers at least
// 95 %).
struct BinomialCheck {
    std::int64_t lost = 0;
    std::int64_t total = 0;
    std::int64_t low = 0;
    std::int64_t high = 0;
    bool inside = false; // low <= lost <= high
    double lowPercent() const { return total > 0 ? 100.0 * low / total : 0; }
    double highPercent() const { return total > 0 ? 100.0 * high / total : 0; }
};

// One configured value of one series.
struct SweepRow {
    ConfiguredValue configured;
    // The measured value: with one run its own value, with two or more the mean of the runs'
    // values (runs.mean), in the metric's unit (SweepMetricInfo).
    double measured = 0;
    // measured / configured · 100 when both are the same quantity and the configured value
    // is a finite number other than 0.
    std::optional<double> percentOfConfigured;
    // For the mean metrics (RttMean, IntervalMean): the population standard deviation of the
    // samples that mean is over, every run's samples together (with one run: the seed's
    // stddev column, analyze.pl's StandardDeviation). nullopt for other metrics.
    std::optional<double> sampleStddev;
    // The run values (one per run, in order) and their run-level summary: between-run
    // stddev, min, max and, from RunLevelStatistics::kBootstrapRuns runs, the CI of the mean.
    std::vector<double> runValues;
    RunLevelSummary runs;
    std::optional<BinomialCheck> binomial; // UdpLoss and PingLoss with a Percent value
    QStringList labels;                    // the runs' datasets (their labels), in order
};

// One series: the rows of one group value, ascending by configured value.
struct SweepSeries {
    QString group; // value of SweepOptions::groupBy; empty without grouping
    std::vector<SweepRow> rows;
};

struct SweepTable {
    QString parameter; // as given
    // Where the configured values came from: "name pattern udp-loss-{loss}pct-client.txt",
    // "metadata loss", "parameters.loss"; the sources of several, joined by ", ".
    QString source;
    SweepMetricInfo metric;
    QString groupBy;
    std::size_t firstIntervals = 0;  // SweepOptions::firstIntervals, for captions
    std::vector<SweepSeries> series; // in the order of their group value (natural order)

    // Logs left out, with why, in the order given: files a name pattern did not match,
    // logs without a value for the parameter, values that are not a configured value
    // ("LABEL: loss \"abc\" is not a number"), runs the metric has no value for.
    QStringList unmatchedFiles; // file paths the pattern did not match
    QStringList skipped;        // "LABEL: why"

    // True when configured and measured values are one quantity: % of configured and a
    // y = x line mean something.
    bool sameQuantity() const;
    // The configured value's quantity (of the first row); Number without rows.
    Quantity configuredQuantity() const;
};

class SweepTables {
public:
    // The metrics in the order the help lists them.
    static const std::vector<SweepMetricInfo>& metrics();
    // "udp-loss", "rtt-mean", "rtt-p99", "rtt-p99.9", "interval-mean", ...; nullopt when not
    // a metric (*percentile set for rtt-pNN).
    static std::optional<SweepMetricInfo> metricNamed(const QString& id, double* percentile);

    // The sweep of members (the datasets and the user's values) under options.
    static SweepTable of(const std::vector<GroupMember>& members, const SweepOptions& options);

    // The configured value of member `index` for the parameter: the pattern's fields
    // (patternFields, empty without one), the user's metadata, the grouping keys; empty
    // text when it has none.
    static QString configuredText(const std::vector<GroupMember>& members, std::size_t index,
                                  const QString& parameter,
                                  const QMap<QString, QString>& patternFields);

    // The binomial range of lost out of total for probability p (0..1).
    static BinomialCheck binomial(std::int64_t lost, std::int64_t total, double p);
};

} // namespace wb
