#pragma once

#include "ConcurrentStep.h"
#include "ExperimentPlan.h"
#include "MeasurementRun.h"

#include <QObject>
#include <QProcess>

#include <memory>

namespace wb {

// Runs the steps of a plan one after another: each step's setup commands, the measurement,
// then its teardown commands (also after a failure). A failed setup skips that step's
// measurement; the plan goes on with the next step. Before the first step, sidecars in the
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

signals:
    void stepStarted(int index, int count, const QString& label);
    void status(const QString& text);
    void progress(double elapsedSeconds, double expectedSeconds); // of the running step
    // What step `index` gained: its member `member` (0 for a step of one tool).
    void snapshot(int index, int member, const wb::LiveSnapshot& growth);
    void stepFinished(int index, const wb::RunOutcome& outcome);
    void finished(bool cancelled);

private:
    void startStep();
    void runNextCommand();
    void onCommandFinished(int exitCode, QProcess::ExitStatus exitStatus);
    void startMeasurement();
    void onMeasurementFinished(const RunOutcome& outcome);
    void endStep();

    enum class Phase { Setup, Measure, Teardown };

    ExperimentPlan m_plan;
    std::vector<RunOutcome> m_outcomes;
    int m_step = -1;
    Phase m_phase = Phase::Setup;
    int m_command = 0;
    bool m_cancelled = false;
    QString m_cancelReason;
    RunOutcome m_current; // outcome of the running step, until it is finished
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<MeasurementRun> m_run;
    std::unique_ptr<ConcurrentStep> m_members; // a step of several members, instead of m_run
};

} // namespace wb
