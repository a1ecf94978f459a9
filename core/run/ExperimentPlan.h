#pragma once

#include "RunSpec.h"
#include "StepMembers.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

// One run of a plan with the matrix values filled in.
struct PlanStep {
    RunSpec spec;                // parameters hold the matrix values and "repetition"
    QList<QStringList> setup;    // commands run before the measurement, in order
    QList<QStringList> teardown; // commands run after it, even when it failed
    QString fileStem;            // unique within the plan, safe as a file name
    // Several tools at once on one clock (ConcurrentStep); empty for a step of one tool, which
    // is `spec`. With members, `spec` holds only the step's label and parameters.
    std::vector<StepMember> members;
    double tcpSampleSeconds = StepMembers::kDefaultSampleSeconds; // ss -tin interval
};

// An experiment plan: named runs, each optionally expanded over a matrix of option values
// and repeated, with setup/teardown commands per step. The JSON format is documented in
// README.md ("Experiment plans"); every value is validated before anything runs.
struct ExperimentPlan {
    QString name;
    QString outputDir; // absolute; from the plan (relative to its file) unless overridden
    std::vector<PlanStep> steps;

    // Parses and validates a plan. On any problem returns false and fills *errors with every
    // problem found, each naming where it is ("runs[1].matrix.streams[0]: ...").
    static bool fromJson(const QByteArray& json, const QString& baseDir, ExperimentPlan* plan,
                         QStringList* errors);
    static bool load(const QString& path, ExperimentPlan* plan, QStringList* errors);
    // A safe file name from a label: "tcp congestion=cubic #2" -> "tcp-congestion-cubic-2";
    // never empty, never hidden, never a path.
    static QString fileStemFor(const QString& label);
};

} // namespace wb
