#pragma once

#include "report/TableWriter.h"
#include "stats/Comparison.h"
#include "stats/DatasetAnalysis.h"
#include "stats/RunLevelStatistics.h"
#include "stats/RunValues.h"
#include "stats/TcpComparison.h"

#include <QJsonArray>
#include <QJsonObject>

#include <optional>
#include <vector>

namespace wb {

// One side of a comparison: its name, its analysis (a run's, or a group's pooled) and its
// runs (one dataset each).
struct ComparisonSide {
    QString name;
    std::shared_ptr<const DatasetAnalysis> analysis;
    std::vector<const Dataset*> runs;
};

// A against B from their analyses and runs: the one computation behind the Compare tab, the
// report and `wirebench-cli compare`.
struct AnalysisComparison {
    std::optional<LatencyComparison> latency; // one of these two
    std::optional<ThroughputComparison> throughput;
    std::optional<TcpComparison> tcp; // with throughput: the analyses' TCP figures
    // ComparisonReport::tables, after the run-level table (runLevelTable of RunValues) when
    // a side has repetitions: the runs, not their pooled samples, are the independent
    // observations.
    std::vector<Table> tables;
    QString levelNote; // ComparisonReport::levelNote
    // ComparisonReport::runLevelFindings when a side has repetitions, else empty.
    QStringList runLevelFindings;

    // Plain words: with repetitions the run level's findings first, which are the result, then
    // the samples' (LatencyComparison or ThroughputComparison) as one sentence labelled as
    // pooled samples with the runs treated as independent; without, the samples' alone.
    QStringList findings() const;
    QString summary() const { return findings().join(QLatin1Char(' ')); }

    static AnalysisComparison of(const ComparisonSide& a, const ComparisonSide& b,
                                 const ComparisonOptions& options = {});
};

// A comparison in the shapes the CLI contract fixes (`wirebench-cli compare`): JSON and
// tables, so the CLI, the Compare tab and the report show the same numbers.
class ComparisonReport {
public:
    // {"a","b","ks_statistic","ks_p_value","mann_whitney_u","mann_whitney_p_value",
    //  "percentiles":{"50":{"a","b","diff","ratio"},…},
    //  "bootstrap_ci":{"p50":{"a":[lo,hi],"b":[lo,hi]},…}, "samples":{"a","b"}, "unit":"ms",
    //  "ks_method","mann_whitney_method","bootstrap":{"resamples","seed","confidence"},"summary"}
    static QJsonObject toJson(const LatencyComparison& comparison);
    // {"a","b","flows":{"a","b"},"mean_flow_bits_per_second":{"a","b","diff","ratio"},
    //  "jain_fairness":{"a","b","diff","ratio"},
    //  "bootstrap_ci":{"mean_flow_bits_per_second":{"a":[lo,hi],"b":[lo,hi]}},
    //  "bootstrap":{…},"summary"}
    static QJsonObject toJson(const ThroughputComparison& comparison);

    // Percentiles (value, diff, ratio and the CIs) and, for latency, the tests.
    static std::vector<Table> tables(const LatencyComparison& comparison);
    static std::vector<Table> tables(const ThroughputComparison& comparison);
    // The TCP senders' figures, A, B and B − A: cwnd in KBytes (1024 bytes, as iperf prints
    // it), RTT in ms, retransmissions and retransmissions per 10^6 bytes sent; empty when
    // neither side has any (comparison.any() is false).
    static Table table(const TcpComparison& comparison);

    // Each run one value: per statistic of RunValues, B vs A on run values
    // (RunLevelStatistics::compare). The caption says that runs are the unit; a note row says
    // when a side has one run (no between-run variation could be estimated).
    static Table runLevelTable(const std::vector<RunStatistic>& a,
                               const std::vector<RunStatistic>& b, const BootstrapOptions& options);
    // [{"statistic","runs":{"a","b"},"median":{"a","b"},"median_diff","median_diff_ci",
    //   "permutation_p","permutation_method","mann_whitney_p","cliffs_delta",
    //   "hodges_lehmann","between_run_variation"}]
    static QJsonArray runLevelJson(const std::vector<RunStatistic>& a,
                                   const std::vector<RunStatistic>& b,
                                   const BootstrapOptions& options);

    // The run level in plain words: what the numbers of runs allow (the smallest permutation
    // p they can give), each statistic's medians of the runs with its permutation p, and which
    // statistics differ at options.significance.
    static QStringList runLevelFindings(const std::vector<RunStatistic>& a,
                                        const std::vector<RunStatistic>& b,
                                        const ComparisonOptions& options);
    // Whether a side holds two runs or more (runs: the datasets of each side, one per run, an
    // ss log beside the iperf log of its step not counted: RunValues::measurements).
    static bool hasRepetitions(const std::vector<const Dataset*>& runsA,
                               const std::vector<const Dataset*>& runsB);
    // Which kind of figures come first, and for a side of one run that no between-run
    // variation could be estimated, a line each; empty without repetitions.
    static QString levelNote(const std::vector<const Dataset*>& runsA,
                             const std::vector<const Dataset*>& runsB);

    // "p = 0.0312", "p < 1e-300": how a p-value reads in text.
    static QString pValueText(double p);
    static QString methodName(PValueMethod method);
};

} // namespace wb
