#pragma once

#include "report/TableWriter.h"
#include "stats/LoadPhases.h"

#include <QJsonArray>
#include <QJsonObject>

#include <vector>

namespace wb {

// The tables and JSON of latency-under-load steps' phases (LoadPhases), as `table`,
// `stats`, `compare` and the report print them: one row per phase of each step's ping, the
// latency increase under load per ping, and when each member started against its plan.
class LoadPhasesReport {
public:
    static Table phaseTable(const std::vector<LoadPhases>& steps);
    static Table increaseTable(const std::vector<LoadPhases>& steps);
    static Table memberTable(const std::vector<LoadPhases>& steps);
    // The three tables, in that order; none when there are no steps.
    static std::vector<Table> tables(const std::vector<LoadPhases>& steps);
    // Two steps' increases side by side, with B less A (ms).
    static Table increaseComparison(const QString& nameA, const LoadPhases& a, const QString& nameB,
                                    const LoadPhases& b);
    static QJsonObject toJson(const LoadPhases& step);
    static QJsonArray toJson(const std::vector<LoadPhases>& steps);
    // Every step's late-member warnings.
    static QStringList warnings(const std::vector<LoadPhases>& steps);
};

} // namespace wb
