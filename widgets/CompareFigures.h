#pragma once

#include "CategoryAxisLabels.h"
#include "stats/Comparison.h"

#include <QColor>
#include <QObject>

#include <vector>

class QCPGraph;
class QCPItemLine;
class QCPItemText;
class QCustomPlot;

namespace wb {

// The drawings of the Compare tab, beside its tables. Latency: A's and B's empirical CDFs
// overlaid with the Kolmogorov–Smirnov distance marked where it is reached, and B − A at the
// compared percentile levels with the bootstrap CI of each difference. Flows: every flow's
// throughput of A and of B as a strip over a box (BoxSummary), and Jain's index of each
// side with its bootstrap CI. Every number is the comparison's (core); this only draws, on the
// two plots it is given (the Compare tab lays them out).
class CompareFigures : public QObject {
    Q_OBJECT

public:
    // The two sides as the other tabs colour them.
    struct Side {
        QString label;
        QColor color;
    };

    CompareFigures(QCustomPlot* main, QCustomPlot* side, QObject* parent);

    // sortedA, sortedB: the samples the comparison was computed from (ms, ascending).
    // pooledRuns: a side holds two runs or more, so the samples drawn are its runs' pooled and
    // the run level (the Compare tab's first table) is the result; the axes then say
    // pooledRunsNote().
    void showLatency(const LatencyComparison& comparison, const std::vector<double>& sortedA,
                     const std::vector<double>& sortedB, const Side& a, const Side& b,
                     bool pooledRuns);
    void showThroughput(const ThroughputComparison& comparison, const Side& a, const Side& b,
                        bool pooledRuns);
    void clear();
    // "pooled samples, runs treated as independent"
    static QString pooledRunsNote();

    // The main plot (CDFs, or per-flow throughput) and the small one beside it (percentile
    // differences, or Jain's index); what is drawn, for export and tests.
    QCustomPlot* mainPlot() const { return m_main; }
    QCustomPlot* sidePlot() const { return m_side; }
    // Latency: the CDF curves of A and B, the KS segment and its label.
    QCPGraph* cdfGraph(int side) const { return m_cdf[side]; }
    QCPItemLine* ksSegment() const { return m_ksSegment; }
    QCPItemText* ksLabel() const { return m_ksLabel; }
    // Latency: B − A per level (key = index of the level); flows: each side's flows
    // (key = 1 for A, 2 for B, value in Mbit/s), and Jain's index (key 1, 2).
    QCPGraph* differenceGraph() const { return m_points[0]; }
    QCPGraph* flowGraph(int side) const { return m_points[side]; }
    QCPGraph* jainGraph() const { return m_jain; }

private:
    void reset();
    void drawCdf(int side, const std::vector<double>& sorted, const Side& look, double xMin,
                 double xMax, bool logX);

    QCustomPlot* m_main;
    QCustomPlot* m_side;
    QCPGraph* m_cdf[2] = {nullptr, nullptr};
    QCPGraph* m_points[2] = {nullptr, nullptr};
    QCPGraph* m_jain = nullptr;
    QCPItemLine* m_ksSegment = nullptr;
    QCPItemText* m_ksLabel = nullptr;
    CategoryAxisLabels m_mainLabels;
    CategoryAxisLabels m_sideLabels;
    bool m_mainHasCategories = false;
    bool m_sideHasCategories = false;
};

} // namespace wb
