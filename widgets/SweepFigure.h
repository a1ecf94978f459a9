#pragma once

#include "Readout.h"
#include "SweepPlotData.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QPointF>
#include <QString>

#include <optional>
#include <vector>

class QCPErrorBars;
class QCPGraph;
class QCustomPlot;

namespace wb {

// A sweep drawn on a plot: the measured value against the configured one, a marked point per
// configured value joined in order, one series per group, error bars from the spread or the
// run-level interval, and the y = x line where both are the same quantity. Axes are linear or
// logarithmic (rates and delays span decades). The Sweep tab wraps it; wirebench-cli plot
// --type sweep and the report draw it without a view.
class SweepFigure {
    Q_DECLARE_TR_FUNCTIONS(SweepFigure)

public:
    struct Options {
        // Unset: logarithmic when the axis' values are all above 0 and span two decades or
        // more, linear otherwise.
        std::optional<bool> logX;
        std::optional<bool> logY;

        QJsonObject toSettings() const;
        static Options fromSettings(const QJsonObject& settings);
    };

    // Styles `plot`; drawn empty until draw().
    explicit SweepFigure(QCustomPlot* plot);

    // Draws the sweep. Returns what it leaves out (points at or below 0 on a log axis), empty
    // when it draws every point.
    QString draw(const SweepPlotData& data, const Options& options = {});
    // Back to the ranges that show every point and bar.
    void resetRanges();

    // The axes in use: the chosen ones, else the data's.
    bool logX() const { return m_logX; }
    bool logY() const { return m_logY; }
    // The graph of each series drawn, in the data's order (series with no drawable point
    // included, empty); the y = x line is none of them.
    const std::vector<QCPGraph*>& seriesGraphs() const { return m_graphs; }
    // The y = x line, nullptr when not drawn.
    QCPGraph* identityLine() const { return m_identity; }
    // Whether the values decide a log axis by themselves: all above 0, spanning two decades.
    static bool spansDecades(const std::vector<double>& values);
    // What the nearest point at `pixel` (plot pixels) shows, empty when none is near.
    Readout readoutAt(const QPointF& pixel) const;
    static QString exportName() { return QStringLiteral("sweep"); }

private:
    void updateAxes();
    void drawIdentityLine();
    QCPErrorBars* addBars(QCPGraph* graph, const std::vector<SweepPlotData::Point>& points,
                          const QColor& color);

    QCustomPlot* m_plot;
    SweepPlotData m_data;
    Options m_options;
    bool m_logX = false;
    bool m_logY = false;
    std::vector<QCPGraph*> m_graphs;
    // Per graph, the points it draws (those a log axis cannot show left out), for read-outs.
    std::vector<std::vector<SweepPlotData::Point>> m_drawnPoints;
    QCPGraph* m_identity = nullptr;
};

} // namespace wb
