#pragma once

#include "WorkbenchView.h"
#include "stats/WindowedPercentiles.h"

#include <QMap>

#include <vector>

class QCPGraph;
class QAction;
class QComboBox;
class QSpinBox;
class QTimer;
class QToolBar;

namespace wb {

struct DatasetEntry;

// SmokePing-style "smoke" of long ping runs: per window of W replies the median as a line
// coloured by the window's loss, over a shaded p5–p95 band and a lighter p1–p99 band.
// One dataset at a time reads best (its bands and loss colours are unambiguous); "all
// datasets" overlays translucent p5–p95 bands and medians in the datasets' own colours.
class BandsView : public WorkbenchView {
    Q_OBJECT

public:
    enum class Curve { P1, P5, Median, P95, P99 };
    // Loss classes of the median line, in SmokePing's spirit.
    enum class LossClass { None, Below1, Below5, AtLeast5 };
    static constexpr int kAllDatasets = -1;

    explicit BandsView(DatasetStore* store, QWidget* parent = nullptr);
    ~BandsView() override;

    QString title() const override;
    QCustomPlot* plot() override { return m_plot; }
    QString exportName() const override;
    QJsonObject saveSettings() const override;
    void restoreSettings(const QJsonObject& settings) override;
    void resetView() override;

    // Public so wirebench-cli can set the same options headless.
    // Replies per window; 0 = automatic (about 200 windows across the visible range).
    int windowReplies() const { return m_windowReplies; }
    void setWindowReplies(int replies);
    bool logY() const { return m_logY; }
    void setLogY(bool on);
    // The dataset shown, or kAllDatasets; a hidden dataset falls back to the first visible.
    int shownDataset() const { return m_shown; }
    void setShownDataset(int datasetId);

    // The graph of one curve of a dataset (nullptr when not drawn) and the windows it shows.
    QCPGraph* graphOf(int datasetId, Curve curve) const;
    const std::vector<PercentileWindow>& windowsOf(int datasetId) const;
    // The window size in use (the automatic one when windowReplies() is 0).
    std::size_t effectiveWindow(int datasetId) const;
    static LossClass lossClassOf(double lossPercent);
    static QColor lossColor(LossClass lossClass);

private:
    struct Drawn {
        std::vector<PercentileWindow> windows;
        std::size_t window = 0;
        QMap<Curve, QCPGraph*> graphs;
    };

    void buildToolBar(QToolBar* bar);
    void rebuild();   // which datasets, then windows and graphs
    void recompute(); // windows for the visible x range, graphs' data
    void scheduleRecompute();
    void fillDataset(const DatasetEntry& entry, bool alone);
    void addLossSegments(const DatasetEntry& entry, const Drawn& drawn);
    void updateAxes();
    void syncControls();
    std::vector<const DatasetEntry*> shownEntries() const;
    bool useSeconds() const; // x in seconds when every shown dataset has timestamps
    double xOf(const PercentileWindow& window) const;

    QCustomPlot* m_plot;
    QComboBox* m_datasetCombo = nullptr;
    QSpinBox* m_windowSpin = nullptr;
    QAction* m_logYAction = nullptr;
    QTimer* m_recomputeTimer = nullptr; // set first thing in the constructor
    QMap<int, Drawn> m_drawn;
    std::vector<QCPGraph*> m_lossGraphs;

    int m_windowReplies = 0;
    bool m_logY = false;
    int m_shown = 0; // 0 = not chosen yet: the first visible dataset
    bool m_recomputing = false;
};

} // namespace wb
