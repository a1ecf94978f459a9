#pragma once

#include "stats/WindowedPercentiles.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>

#include <vector>

class QCPGraph;
class QCustomPlot;

namespace wb {

struct DatasetEntry;
class DatasetStore;

// SmokePing-style "smoke" of long ping runs drawn on a plot: per window of W replies the
// median as a line coloured by the window's loss, over a shaded p5–p95 band and a lighter
// p1–p99 band, the windows of the visible x range from core's WindowedPercentiles. One run at a
// time reads best (its bands and loss colours are unambiguous); "all runs" overlays translucent
// p5–p95 bands and medians in the runs' own colours. The Bands view wraps it with its toolbar;
// wirebench-cli plot and the report draw it without a view.
class BandsFigure {
    Q_DECLARE_TR_FUNCTIONS(BandsFigure)

public:
    enum class Curve { P1, P5, Median, P95, P99 };
    // Loss classes of the median line, in SmokePing's spirit.
    enum class LossClass { None, Below1, Below5, AtLeast5 };
    static constexpr int kAllDatasets = -1;

    struct Options {
        // Replies per window; 0 = automatic (about kAutoWindows across the visible range).
        int windowReplies = 0;
        bool logY = false;
        // The dataset drawn, or kAllDatasets; one not visible (0: none chosen yet) falls back to
        // the first visible.
        int shown = 0;

        // As workspaces keep them (dataset ids are per session: only "all runs" is kept);
        // `key` names the settings in a warning on a bad value, and the run shown and log y
        // stay as in `options` when the settings do not say.
        QJsonObject toSettings() const {
            return {
                {"windowReplies", windowReplies}, {"logY", logY}, {"all", shown == kAllDatasets}};
        }
        static Options fromSettings(const QJsonObject& settings, const QString& key,
                                    Options options);
    };

    explicit BandsFigure(QCustomPlot* plot);

    // Draws the store's visible latency runs as options.shown says, over the whole of them.
    // Returns the dataset drawn (options.shown or its fallback; 0 when none is visible).
    int draw(const DatasetStore& store, Options options);
    // Windows of another size over the same x range.
    void setWindowReplies(int replies);
    // The windows of the visible x range drawn anew (after a pan or zoom); the caller replots.
    void recompute();
    // Back to the x range of the runs drawn.
    void resetRanges();

    const Options& options() const { return m_options; }
    static QString exportName() { return QStringLiteral("rtt-bands"); }
    // The graph of one curve of a dataset (nullptr when not drawn), and the windows it shows
    // with their size in use (the automatic one when windowReplies is 0; none when not drawn).
    QCPGraph* graphOf(int datasetId, Curve curve) const;
    const PercentileBands& bandsOf(int datasetId) const;
    static LossClass lossClassOf(double lossPercent);
    static QColor lossColor(LossClass lossClass);

private:
    struct Drawn {
        PercentileBands bands;
        QMap<Curve, QCPGraph*> graphs;
    };

    void drawBands(const DatasetEntry& entry, bool alone);
    void addLossSegments(const DatasetEntry& entry, const PercentileBands& bands);
    std::vector<const DatasetEntry*> shownEntries(); // sets m_seconds
    double xOf(const PercentileWindow& w) const {
        return m_seconds ? w.timeCentre : w.sequenceCentre;
    }

    QCustomPlot* m_plot;
    const DatasetStore* m_store = nullptr;
    Options m_options;
    bool m_seconds = false; // x in seconds: every run shown has timestamps
    QMap<int, Drawn> m_drawn;
};

} // namespace wb
