#pragma once

#include "SeriesColor.h"

#include <QString>

#include <cmath>
#include <limits>
#include <vector>

namespace wb {

// A sweep as its figure draws it: measured against configured, one series per group, values
// already in the units the axis titles name. Made from a sweep table (SweepPlotSource); the
// figure (widgets/SweepFigure) only draws it.
struct SweepPlotData {
    struct Point {
        double configured = 0;
        double measured = 0;
        // The error bar's ends in the measured unit; NaN when the row has none.
        double low = std::numeric_limits<double>::quiet_NaN();
        double high = std::numeric_limits<double>::quiet_NaN();
        QString configuredText; // the configured value as the table writes it ("0.125 %")
        QString measuredText;   // the measured value with its unit and spread, for read-outs
        int runs = 0;

        bool hasBar() const { return std::isfinite(low) && std::isfinite(high); }
    };
    struct Series {
        QString name; // the group's; empty for a sweep without groups
        SeriesColor color;
        std::vector<Point> points; // in the order of their configured values
    };

    QString configuredTitle; // "configured loss (%)": the x axis' title, its unit included
    QString measuredTitle;   // "UDP loss (%)": the metric's title and unit
    // The y title where the metric's would need more lines than the axis' length gives
    // (PlotStyle::setShortTitle): "measured (Mbit/s)".
    QString measuredShortTitle;
    // Configured and measured are the same quantity in the same unit: the y = x line is drawn.
    bool sameQuantity = false;
    QString barsNote; // what the error bars show ("Error bars: ± 1 stddev"); empty: none
    std::vector<Series> series;

    bool empty() const {
        for (const Series& s : series)
            if (!s.points.empty())
                return false;
        return true;
    }
};

} // namespace wb
