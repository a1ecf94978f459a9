#include "LoadPhasesOutput.h"

#include "CliContext.h"

#include "report/LoadPhasesReport.h"

namespace wb::cli {

LoadPhasesOutput::LoadPhasesOutput(const std::vector<const Dataset*>& datasets)
    : m_steps(LoadPhases::ofSteps(datasets)) {}

void LoadPhasesOutput::printTables(TableWriter::Format format, CliContext& context) const {
    for (const Table& table : LoadPhasesReport::tables(m_steps)) {
        context.out() << '\n';
        if (format == TableWriter::Format::Text)
            context.out() << table.caption << '\n';
        context.out() << TableWriter::write(table, format);
    }
}

QJsonArray LoadPhasesOutput::json() const {
    return LoadPhasesReport::toJson(m_steps);
}

void LoadPhasesOutput::warn(CliContext& context) const {
    for (const LoadPhases& step : m_steps)
        for (const QString& warning : step.lateWarnings())
            context.fileWarning(step.step(), warning);
}

} // namespace wb::cli
