#pragma once

#include "CategoryAxisLabels.h"
#include "WorkbenchView.h"
#include "stats/BoxSummary.h"
#include "stats/Histogram.h"

#include <QMap>

#include <optional>

class QAction;
class QCPBars;
class QCPStatisticalBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace wb {

struct DatasetEntry;

// The RTT distribution of every visible latency dataset, as histograms side by side in common
// bins (the QJump artifact's 25 bins over [min, max] by default) or as one box plot per run,
// compact enough for twenty runs in one figure.
class DistributionsView : public WorkbenchView {
    Q_OBJECT

public:
    enum class Mode { Histogram, Box };

    explicit DistributionsView(DatasetStore* store, QWidget* parent = nullptr);
    ~DistributionsView() override;

    QString title() const override;
    QCustomPlot* plot() override { return m_plot; }
    QString exportName() const override;
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    // Public so wirebench-cli can set the same options headless.
    Mode mode() const { return m_mode; }
    void setMode(Mode mode);
    int bins() const { return m_bins; }
    void setBins(int bins);
    // Histogram range; unset = [min, max] of the visible data.
    std::optional<double> rangeMin() const { return m_rangeMin; }
    std::optional<double> rangeMax() const { return m_rangeMax; }
    void setRange(std::optional<double> min, std::optional<double> max);
    bool logY() const { return m_logY; }
    void setLogY(bool on);
    BoxSummary::Whiskers whiskers() const { return m_whiskers; }
    void setWhiskers(BoxSummary::Whiskers whiskers);

    // What is drawn for a dataset (nullptr / empty when hidden or in the other mode).
    QCPBars* barsOf(int datasetId) const { return m_bars.value(datasetId, nullptr); }
    const Histogram* histogramOf(int datasetId) const;
    QCPStatisticalBox* boxOf(int datasetId) const { return m_boxes.value(datasetId, nullptr); }
    const BoxSummary* boxSummaryOf(int datasetId) const;
    // The run names under the boxes, as shown and whole (tooltips).
    const CategoryAxisLabels& boxLabels() const { return m_boxLabels; }
    // The histogram's bin range in use (the data's [min, max] when no range is set).
    std::pair<double, double> histogramRange() const;

private:
    void buildToolBar();
    void rebuild();
    // The visible latency runs with samples that the plot draws (WorkbenchView::drawable).
    std::vector<const DatasetEntry*> withSamples();
    void drawHistograms();
    void drawBoxes();
    void placeHistogramLegend();
    void updateAxes();
    void syncControls();
    void readRangeFields();

    QCustomPlot* m_plot;
    QComboBox* m_modeCombo = nullptr;
    QSpinBox* m_binsSpin = nullptr;
    QLineEdit* m_minEdit = nullptr;
    QLineEdit* m_maxEdit = nullptr;
    QComboBox* m_whiskerCombo = nullptr;
    QAction* m_logYAction = nullptr;
    QList<QAction*> m_histogramControls; // shown in histogram mode only
    QList<QAction*> m_boxControls;
    QMap<int, QCPBars*> m_bars;
    QMap<int, Histogram> m_histograms;
    QMap<int, QCPStatisticalBox*> m_boxes;
    QMap<int, BoxSummary> m_summaries;
    CategoryAxisLabels m_boxLabels; // each box's run and outlier count under it

    Mode m_mode = Mode::Histogram;
    int m_bins = 25;
    std::optional<double> m_rangeMin, m_rangeMax;
    bool m_logY = false;
    BoxSummary::Whiskers m_whiskers = BoxSummary::Whiskers::Percentile1To99;
};

} // namespace wb
