#pragma once

#include "ConcurrentStep.h"
#include "ExperimentPlan.h"
#include "MeasurementRun.h"
#include "StepPlaces.h"

#include <QObject>
#include <QProcess>

#include <memory>

namespace wb {

// Runs the steps of a plan one after another: each step's setup commands, the measurement,
// then its teardown commands (also after a failure). A failed setup skips that step's
// measurement; the plan goes on with the next step. What was configured is kept in the
// step's sidecar (StepConfiguration): each setup and teardown command with its exit and
// output, and the qdiscs of every place the step names (StepPlaces), read after the setup and
// after the measurement; a reading that fails (a namespace gone, no tc) is kept as such and
// never fails the step. Before the first step, sidecars in the
// output folder left "running" by a Wirebench that was killed are marked "interrupted".
// Needs an event loop.
class PlanRunner : public QObject {
    Q_OBJECT

public:
    explicit PlanRunner(ExperimentPlan plan, QObject* parent = nullptr);
    ~PlanRunner() override;

    void start();
    // Cancels the running step (keeping its partial log; why goes into its sidecar), runs
    // its teardown and starts no later step.
    void cancel(const QString& why = QString());

    int currentStep() const { return m_step; } // -1 before the first step
    const ExperimentPlan& plan() const { return m_plan; }
    const std::vector<RunOutcome>& outcomes() const { return m_outcomes; }

    static constexpr int kCommandTimeoutMs = 60000;
    static constexpr int kReadingTimeoutMs = 10000; // a qdisc reading
    // What a step keeps of its commands' output in all, far below what a sidecar may hold.
    static constexpr qsizetype kOutputBudgetBytes = 256 * 1024;

signals:
    void stepStarted(int index, int count, const QString& label);
    void status(const QString& text);
    void progress(double elapsedSeconds, double expectedSeconds); // of the running step
    // What step `index` gained: its member `member` (0 for a step of one tool).
    void snapshot(int index, int member, const wb::LiveSnapshot& growth);
    void stepFinished(int index, const wb::RunOutcome& outcome);
    void finished(bool cancelled);

private:
    // Setup, the qdiscs read after it, the measurement, the qdiscs read after it, teardown.
    enum class Phase { Setup, QdiscsAfterSetup, Measure, QdiscsAfterRun, Teardown };

    void startStep();
    void runNextCommand();
    void onCommandFinished(int exitCode, QProcess::ExitStatus exitStatus);
    void finishPhase();
    void startMeasurement();
    void onMeasurementFinished(const RunOutcome& outcome);
    void enterPhase(Phase phase);
    void endStep();
    void keepConfiguration();
    bool writeSkippedStepSidecar(QString* why);

    QList<QStringList> commandsOf(Phase phase) const;
    std::vector<CommandRecord>& recordsOf(Phase phase);
    QString phaseName() const;

    ExperimentPlan m_plan;
    std::vector<RunOutcome> m_outcomes;
    int m_step = -1;
    Phase m_phase = Phase::Setup;
    int m_command = 0;
    bool m_cancelled = false;
    QString m_cancelReason;
    RunOutcome m_current;              // outcome of the running step, until it is finished
    bool m_measurementSkipped = false; // its setup failed or the plan was cancelled in it
    std::vector<StepPlace> m_places;   // of the running step
    StepConfiguration m_configured;    // of the running step, so far
    qsizetype m_outputBudget = kOutputBudgetBytes;
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<MeasurementRun> m_run;
    std::unique_ptr<ConcurrentStep> m_members; // a step of several members, instead of m_run
};

} // namespace wb
