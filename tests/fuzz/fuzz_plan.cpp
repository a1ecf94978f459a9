// Experiment plan loading (ExperimentPlan::fromJson): every plan is validated before anything
// runs. A refused plan names at least one problem; an accepted one has no problems and gives
// every step its own, non-empty output file stem (two runs never write the same file).

#include "FuzzSupport.h"

#include "run/ExperimentPlan.h"

#include <QSet>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray input(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    wb::ExperimentPlan plan;
    QStringList errors;
    const bool ok = wb::ExperimentPlan::fromJson(
        input, QStringLiteral("/nonexistent-wirebench-fuzz"), &plan, &errors);
    if (!ok) {
        if (errors.isEmpty())
            wb::fuzz::fail("a refused plan names its problems", "a problem", "none");
        return 0;
    }
    if (!errors.isEmpty())
        wb::fuzz::fail("an accepted plan has no problems", "none", errors.join('\n').toUtf8());
    QSet<QString> stems;
    for (const wb::PlanStep& step : plan.steps) {
        if (step.fileStem.isEmpty() || stems.contains(step.fileStem))
            wb::fuzz::fail("every step has its own file stem", "a new stem",
                           step.fileStem.toUtf8());
        stems.insert(step.fileStem);
    }
    return 0;
}
