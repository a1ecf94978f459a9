#pragma once

#include "Bootstrap.h"
#include "TwoSampleTests.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

struct FlowStatistics;

struct ComparisonOptions {
    // Percentile levels of the table (numpy's linear method); LatencySummary::defaultLevels().
    std::vector<double> levels;
    // Levels that get bootstrap intervals.
    std::vector<double> intervalLevels{50, 99};
    BootstrapOptions bootstrap;
    double significance = 0.05; // for the wording of KS and Mann–Whitney

    ComparisonOptions();
};

// How many values each side's bootstrap interval rests on. Fewer than two give no interval
// (a resample of one value is that value): the factories return an invalid one, and the
// wording says the intervals cannot be estimated instead of comparing two points.
struct IntervalBasis {
    QString nameA;
    std::size_t countA = 0;
    QString nameB;
    std::size_t countB = 0;
    QString singular; // "sample", "flow"
    QString plural;

    static ConfidenceInterval percentile(const std::vector<double>& sorted, double level,
                                         const BootstrapOptions& options);
    static ConfidenceInterval mean(const std::vector<double>& values,
                                   const BootstrapOptions& options);
    static ConfidenceInterval jain(const std::vector<double>& values,
                                   const BootstrapOptions& options);
};

// One figure of A and B side by side. diff = b - a, ratio = b / a (NaN when a is 0).
struct Difference {
    double a = 0;
    double b = 0;
    double diff = 0;
    double ratio = 0;

    static Difference of(double a, double b);
};

// Latency of A against latency of B (samples in ms).
struct LatencyComparison {
    struct Level {
        double level = 0;
        Difference value;
    };
    struct Interval {
        double level = 0;
        ConfidenceInterval a;
        ConfidenceInterval b;
        ConfidenceInterval diff; // of B − A (Bootstrap::percentileDifference)
    };

    QString nameA;
    QString nameB;
    std::size_t countA = 0;
    std::size_t countB = 0;
    std::vector<Level> percentiles;
    KolmogorovSmirnov ks;
    MannWhitney mannWhitney;
    std::vector<Interval> intervals; // bootstrap CIs at options.intervalLevels
    ComparisonOptions options;

    // Percentile `level` of the table, nullptr when it was not computed.
    const Level* percentile(double level) const;
    const Interval* interval(double level) const;

    // Plain English, one sentence per finding, e.g. "p99 is 3.1× higher in B than in A
    // (812 µs vs 262 µs); the 95 % intervals do not overlap."; summary() joins them.
    QStringList findings() const;
    QString summary() const { return findings().join(QLatin1Char(' ')); }

    // Samples sorted ascending without NaN (DatasetAnalysis::sortedRttMs).
    static LatencyComparison of(const QString& nameA, const std::vector<double>& sortedA,
                                const QString& nameB, const std::vector<double>& sortedB,
                                const ComparisonOptions& options = {});
};

// Per-flow throughput of A against B: the mean over flows (bits/s), Jain's fairness.
struct ThroughputComparison {
    QString nameA;
    QString nameB;
    std::size_t flowsA = 0;
    std::size_t flowsB = 0;
    Difference meanFlowBitsPerSecond;
    Difference jainFairness; // ratio unused in the wording; diff = b - a
    ConfidenceInterval meanIntervalA;
    ConfidenceInterval meanIntervalB;
    // Bootstrap CIs of Jain's index, the flows resampled (fewer than two flows: none).
    ConfidenceInterval jainIntervalA;
    ConfidenceInterval jainIntervalB;
    // Every flow's mean bits per second, in the datasets' flow order (perFlowBitsPerSecond).
    std::vector<double> flowBitsPerSecondA;
    std::vector<double> flowBitsPerSecondB;
    ComparisonOptions options;

    QStringList findings() const;
    QString summary() const { return findings().join(QLatin1Char(' ')); }

    static ThroughputComparison of(const QString& nameA, const FlowStatistics& a,
                                   const QString& nameB, const FlowStatistics& b,
                                   const ComparisonOptions& options = {});
    // The per-flow bits per second of a dataset's flows (the values the mean is taken over).
    static std::vector<double> perFlowBitsPerSecond(const FlowStatistics& stats);
};

} // namespace wb
