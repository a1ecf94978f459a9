#pragma once

#include "report/TableWriter.h"
#include "stats/SweepTable.h"

#include <QJsonObject>

namespace wb {

// A sweep (SweepTables::of) as `wirebench-cli sweep`, the report and the Sweep tab show it.
class SweepReport {
public:
    enum class Units {
        InCells,  // for people (text, Markdown, LaTeX, the window): each cell with its unit,
                  // rates in Mbit/s or kbit/s by size as the seed's tables write them
        InHeader, // for programs (CSV): plain numbers in the metric's unit, named in the header
    };

    // One row per configured value (and group): the configured value, the measured value,
    // % of configured where both are one quantity, the samples' stddev for mean metrics, the
    // runs and, with several, their min–max; for loss, lost/total and the binomial 95 % range.
    static Table table(const SweepTable& sweep, Units units);
    // "UDP loss against configured loss (name pattern udp-loss-{loss}pct-client.txt) ...".
    static QString caption(const SweepTable& sweep);
    // {"parameter","source","metric":{"id","title","unit"},"group_by","first_intervals",
    //  "series":[{"group","rows":[{"configured","configured_text","configured_unit",
    //  "unlimited","measured","percent_of_configured","sample_stddev","runs","run_values",
    //  "run_min","run_max","run_stddev","run_ci","binomial":{...}|null,"logs"}]}],
    //  "unmatched_files":[...],"skipped":[...]}: every number in the unit "unit" names.
    static QJsonObject json(const SweepTable& sweep);

    // value in the metric's unit as people read it: "5.000 %", "24.310 ms", "97.179 Mbit/s",
    // "972.36 kbit/s", "0.9987".
    static QString valueText(double value, const SweepMetricInfo& metric);
    // The unit of the metric's numbers: "%", "ms", "bit/s", "KBytes", "" (Jain's index).
    static QString unitOf(const SweepMetricInfo& metric);
};

} // namespace wb
