#pragma once

#include "report/TableWriter.h"
#include "stats/LoadPhases.h"

#include <QJsonArray>

#include <vector>

namespace wb::cli {

class CliContext;

// The phases of the latency-under-load steps among the datasets, as `table` and `stats` print
// them after their own rows (LoadPhasesReport's tables in the chosen format, captioned in
// text), with a warning on stderr for each member that started late.
class LoadPhasesOutput {
public:
    explicit LoadPhasesOutput(const std::vector<const Dataset*>& datasets);

    bool empty() const { return m_steps.empty(); }
    const std::vector<LoadPhases>& steps() const { return m_steps; }
    // The tables, preceded by a blank line (they follow other output); nothing without steps.
    void printTables(TableWriter::Format format, CliContext& context) const;
    // "load_phases" for the JSON outputs.
    QJsonArray json() const;
    // Each late member, once, as a warning naming its step.
    void warn(CliContext& context) const;

private:
    std::vector<LoadPhases> m_steps;
};

} // namespace wb::cli
