#pragma once

#include "CategoryAxisLabels.h"
#include "stats/LatencyDistributions.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>

#include <functional>
#include <optional>
#include <vector>

class QCPBars;
class QCPStatisticalBox;
class QCustomPlot;

namespace wb {

struct DatasetEntry;

// The RTT distribution of latency runs drawn on a plot: histograms side by side in common
// bins (the QJump artifact's 25 bins over [min, max] by default) or one box plot per run,
// compact enough for twenty runs in one figure. The Distributions view wraps it with its
// toolbar; wirebench-cli plot and the report draw it without a view.
class DistributionsFigure {
    Q_DECLARE_TR_FUNCTIONS(DistributionsFigure)

public:
    enum class Mode { Histogram, Box };

    struct Options {
        Mode mode = Mode::Histogram;
        int bins = 25;
        // Histogram range; unset = [min, max] of the runs.
        std::optional<double> rangeMin, rangeMax;
        bool logY = false;
        BoxSummary::Whiskers whiskers = BoxSummary::Whiskers::Percentile1To99;

        // As workspaces keep them; `key` names the settings in a warning on a bad value.
        QJsonObject toSettings() const;
        static Options fromSettings(const QJsonObject& settings, const QString& key);
    };

    // Styles `plot`, and places its legend (where legendMayMove allows) and its box labels
    // whenever it is laid out.
    explicit DistributionsFigure(
        QCustomPlot* plot, std::function<bool()> legendMayMove = [] { return true; });

    // Draws the latency runs with samples among `visible` (at most DrawnRuns::kMaxDrawn);
    // the histograms' default range spans them all. Returns what it leaves out
    // (DrawnRuns::note), empty when it draws every run.
    QString draw(const std::vector<const DatasetEntry*>& visible, const Options& options);
    // A file name stem for exports: "rtt-histogram" or "rtt-boxplots".
    static QString exportName(Mode mode);

    // What is drawn for a dataset (nullptr when not drawn or in the other mode).
    QCPBars* barsOf(int datasetId) const { return m_bars.value(datasetId, nullptr); }
    const Histogram* histogramOf(int datasetId) const;
    QCPStatisticalBox* boxOf(int datasetId) const { return m_boxes.value(datasetId, nullptr); }
    const BoxSummary* boxSummaryOf(int datasetId) const;
    // The run names under the boxes, as shown and whole (tooltips).
    const CategoryAxisLabels& boxLabels() const { return m_boxLabels; }
    // The histogram's bin range in use (the runs' [min, max] when no range is set).
    std::pair<double, double> histogramRange() const { return m_range; }

private:
    void updateAxes();
    void drawHistograms(const std::vector<const DatasetEntry*>& entries);
    void drawBoxes(const std::vector<const DatasetEntry*>& entries);
    void placeHistogramLegend();

    QCustomPlot* m_plot;
    std::function<bool()> m_legendMayMove;
    Options m_options;
    std::pair<double, double> m_range{0, 1};
    QMap<int, QCPBars*> m_bars;
    QMap<int, Histogram> m_histograms;
    QMap<int, QCPStatisticalBox*> m_boxes;
    QMap<int, BoxSummary> m_summaries;
    CategoryAxisLabels m_boxLabels; // each box's run and outlier count under it
};

} // namespace wb
