#pragma once

#include <QStringList>
#include <QWidget>

#include <map>
#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;

namespace wb {

class DatasetStore;
struct ExperimentPlan;
class LiveDatasets;
class MeasurementRun;
class PlanRunner;
class RunForm;
class Settings;
struct ImportResult;
struct LiveSnapshot;
struct RunOutcome;
struct RunSpec;

// The Run dock: a form for one ping/iperf run (or an experiment plan from a JSON file), its
// progress and result. A run's datasets appear in the store while it is measuring and grow
// with every snapshot; the runner in core does the work, this panel only shows it.
class RunPanel : public QWidget {
    Q_OBJECT

public:
    RunPanel(DatasetStore* store, Settings* settings, QWidget* parent = nullptr);
    ~RunPanel() override;

    RunForm* form() const { return m_form; }
    bool busy() const { return m_run || m_plan; }
    QSize sizeHint() const override;
    // The problems that kept the last Start from running (empty when it started).
    QStringList problems() const { return m_problems; }
    QString statusText() const;

    // Validates the form and starts the run; problems are shown under the form instead.
    bool start();
    // Loads and runs a plan; its problems are listed in a message box instead.
    bool startPlan(const QString& path);
    void choosePlan(); // file dialog, then startPlan
    void cancel();
    void focusForm(); // puts the cursor in the target field
    void saveForm();  // the form and output folder into Settings

signals:
    void busyChanged(bool busy);
    // One line saying how a run or plan ended, for the status bar.
    void finished(const QString& summary);
    // Logs a run wrote besides what it shows live (a step's ss samples), for the window to
    // import.
    void importRequested(const QStringList& paths);
    // A plan that could not be run, with its problems, for the window's Problems panel.
    void problem(const QString& title, const QString& text, const QStringList& details);

private:
    void setBusy(bool busy, const QString& what);
    void showProblems(const QStringList& problems);
    bool startable(const QString& folder, QStringList problems);
    bool startLoadStep(const QString& folder);
    void runPlan(ExperimentPlan plan, const QString& name);
    void onProgress(double elapsed, double expected);
    // A run or plan step starts: its datasets will follow it in the store (LiveDatasets).
    void followNewRun();
    // The datasets of member `member` of the running step (0: the run itself), made when
    // its first data arrives.
    LiveDatasets* liveFor(int member);
    void onSnapshot(int member, const LiveSnapshot& growth);
    // `run`, when given, holds the result (a finished run) and is handed over with it.
    void onFinalResult(const ImportResult& result, MeasurementRun* run = nullptr);
    void onRunFinished(const RunOutcome& outcome);
    void onStepStarted(int index, int count, const QString& label);
    void onStepFinished(int index, const RunOutcome& outcome);
    void onPlanFinished(bool cancelled);
    QString outcomeLine(const RunOutcome& outcome, bool fullPath) const;
    static QString fileStem(const RunSpec& spec);

    DatasetStore* m_store;
    Settings* m_settings;

    RunForm* m_form = nullptr;
    QLabel* m_message = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_planButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;

    MeasurementRun* m_run = nullptr; // owned (child); deleted after it finished
    PlanRunner* m_plan = nullptr;
    QStringList m_problems;
    QString m_runLabel; // label of the running run or plan step
    QString m_stepText; // "step 3/8: label" while a plan runs
    // The current run's datasets, one LiveDatasets per member of a concurrent step (one for
    // a single run); owned, children.
    std::vector<LiveDatasets*> m_live;
    int m_planCompleted = 0;
    int m_planSteps = 0;
};

} // namespace wb
