#pragma once

#include "SweepPlotData.h"
#include "stats/SweepTable.h"

#include <QCoreApplication>

namespace wb {

// A sweep table as its figure draws it: values in one unit per axis (rates in kbit/s, Mbit/s
// or Gbit/s by their largest value, as the sweep table writes them; the same on both axes where
// both are one quantity, so y = x holds), axis titles with those units, a series per group in the
// palette's colours, and error bars of one kind for every row (ErrorBars).
class SweepPlotSource {
    Q_DECLARE_TR_FUNCTIONS(SweepPlotSource)

public:
    // What the error bars show. Auto: the run-level 95 % CI of the mean when every row has
    // one (enough runs), else the spread (the samples' stddev for the mean metrics, the
    // between-run stddev otherwise), else none.
    enum class ErrorBars { Auto, Spread, RunInterval, None };

    static SweepPlotData of(const SweepTable& table, ErrorBars bars = ErrorBars::Auto);

    // A rate unit for values up to `largest` bit/s: its name and bits per unit.
    struct RateUnit {
        QString name;
        double bits = 1;
    };
    static RateUnit rateUnitFor(double largest);

    // What a reader needs beside the figure: the dashed line's meaning where it is drawn, and
    // what the error bars show ("Dashed: measured = configured. Error bars: ...").
    static QString noteOf(const SweepPlotData& data);

    // "error-bars" names as the CLI and settings write them: auto, spread, ci, none.
    static QString nameOf(ErrorBars bars);
    static std::optional<ErrorBars> errorBarsNamed(const QString& name);
};

} // namespace wb
