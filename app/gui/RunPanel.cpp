#include "RunPanel.h"

#include "AppTheme.h"

#include "DatasetStore.h"
#include "LiveDatasets.h"
#include "RunForm.h"
#include "Settings.h"
#include "run/ExperimentPlan.h"
#include "run/MeasurementRun.h"
#include "run/OutputFolder.h"
#include "run/PlanRunner.h"
#include "run/RunValidation.h"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

// What the bar says once a run is over, in place of its last "elapsed / expected".
QString outcomeWord(RunOutcome::Status status) {
    switch (status) {
    case RunOutcome::Status::Completed:
        return RunPanel::tr("completed");
    case RunOutcome::Status::Cancelled:
        return RunPanel::tr("cancelled");
    case RunOutcome::Status::Failed:
        break;
    }
    return RunPanel::tr("failed");
}

QString seconds(double s) {
    return QString::number(std::floor(s + 1e-9), 'f', 0);
}

// "10 replies", "4 flows": what a run measured, for its one-line result.
QString measuredText(const ImportResult& result) {
    std::size_t replies = 0;
    std::size_t flows = 0;
    bool latency = false;
    for (const Dataset& dataset : result.datasets) {
        if (dataset.kind == Dataset::Kind::Latency) {
            latency = true;
            replies += dataset.latency.size();
        } else {
            flows += dataset.flows.flows.size();
        }
    }
    if (result.datasets.empty())
        return RunPanel::tr("nothing measured");
    // Spelled out: without a loaded translation "%n" plurals print "flow(s)".
    if (latency)
        return replies == 1 ? RunPanel::tr("1 reply") : RunPanel::tr("%1 replies").arg(replies);
    return flows == 1 ? RunPanel::tr("1 flow") : RunPanel::tr("%1 flows").arg(flows);
}
} // namespace

RunPanel::RunPanel(DatasetStore* store, Settings* settings, QWidget* parent)
    : QWidget(parent), m_store(store), m_settings(settings) {
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_form = new RunForm;
    scroll->setWidget(m_form);
    // As wide as the form wants: a narrow dock would cut the labels and the output folder.
    scroll->setMinimumWidth(m_form->sizeHint().width() +
                            style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setWordWrap(true);
    AppTheme::keepTextReadable(m_message, QColor(0xc0, 0x39, 0x2b));
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();

    m_startButton = new QPushButton(tr("Start"), this);
    m_startButton->setObjectName(QStringLiteral("start"));
    m_startButton->setToolTip(tr("Start the run (Ctrl+Return)"));
    m_startButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("cancel"));
    m_cancelButton->setToolTip(
        tr("Stop the run (Esc); what was measured so far and the raw log are kept"));
    m_planButton = new QPushButton(tr("Run plan…"), this);
    m_planButton->setObjectName(QStringLiteral("runPlan"));
    m_planButton->setToolTip(tr("Run an experiment plan (JSON) step by step"));
    connect(m_startButton, &QPushButton::clicked, this, &RunPanel::start);
    connect(m_cancelButton, &QPushButton::clicked, this, &RunPanel::cancel);
    connect(m_planButton, &QPushButton::clicked, this, &RunPanel::choosePlan);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_startButton);
    buttons->addWidget(m_cancelButton);
    buttons->addStretch(1);
    buttons->addWidget(m_planButton);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(QString());
    m_status = new QLabel(tr("Fill in the form and press Start."), this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Room for a wrapped error message: a dock does not grow a label to its wrapped height.
    m_status->setMinimumHeight(m_status->fontMetrics().lineSpacing() * 2);
    m_status->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_message);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);

    // Shortcuts that work wherever the focus is inside the panel, not in the whole window.
    auto* startAction = new QAction(tr("Start"), this);
    startAction->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    startAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(startAction, &QAction::triggered, this, [this] {
        if (!busy())
            start();
    });
    auto* cancelAction = new QAction(tr("Cancel run"), this);
    cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    cancelAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(cancelAction, &QAction::triggered, this, &RunPanel::cancel);
    addActions({startAction, cancelAction});

    m_form->setSpec(m_settings->lastRun());
    m_form->setOutputFolder(m_settings->runOutputFolder());
    setBusy(false, QString());
}

RunPanel::~RunPanel() {
    // Closing the window stops a run; its partial log stays on disk.
    if (m_run) {
        m_run->disconnect(this);
        m_run->cancel();
    }
    if (m_plan) {
        m_plan->disconnect(this);
        m_plan->cancel();
    }
}

// Wide enough for an output path like "~/measurements/runs" and a status line, so the dock
// does not open as a narrow strip.
QSize RunPanel::sizeHint() const {
    QSize hint = QWidget::sizeHint();
    hint.setWidth(std::max(hint.width(), fontMetrics().averageCharWidth() * 56));
    return hint;
}

void RunPanel::saveForm() {
    m_settings->setLastRun(m_form->spec());
    m_settings->setRunOutputFolder(QDir::fromNativeSeparators(m_form->outputFolder()));
}

void RunPanel::focusForm() {
    m_form->focusTarget();
}

QString RunPanel::statusText() const {
    return m_status->text();
}

// A file name that sorts by time and says what ran: "ping-127.0.0.1-20240501-142301".
QString RunPanel::fileStem(const RunSpec& spec) {
    QString target = spec.target;
    target.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    return QStringLiteral("%1-%2-%3")
        .arg(runToolProgram(spec.tool), target,
             QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

void RunPanel::showProblems(const QStringList& problems) {
    m_problems = problems;
    m_message->setText(problems.join(QLatin1Char('\n')));
    m_message->setVisible(!problems.isEmpty());
}

bool RunPanel::start() {
    if (busy())
        return false;
    const QString folder = QDir::fromNativeSeparators(m_form->outputFolder());
    if (m_form->latencyUnderLoad())
        return startLoadStep(folder);
    const RunSpec run = m_form->spec();
    QStringList problems = RunValidation::check(run);
    if (!startable(folder, problems))
        return false;

    m_runLabel = run.label.isEmpty() ? RunForm::defaultLabel(run) : run.label;
    m_stepText.clear();
    followNewRun();
    m_run = new MeasurementRun(run, folder, fileStem(run), this);
    connect(m_run, &MeasurementRun::status, m_status, &QLabel::setText);
    connect(m_run, &MeasurementRun::progress, this, &RunPanel::onProgress);
    connect(m_run, &MeasurementRun::snapshot, this,
            [this](const LiveSnapshot& growth) { onSnapshot(0, growth); });
    connect(m_run, &MeasurementRun::finished, this, &RunPanel::onRunFinished);
    setBusy(true, tr("Starting %1…").arg(m_runLabel));
    m_run->start(); // may finish at once (a missing binary, say); onRunFinished copes
    return true;
}

// Adds what is wrong with the output folder to the form's problems (creating the folder when
// nothing is) and shows them; true when the run may start (the form is then saved).
bool RunPanel::startable(const QString& folder, QStringList problems) {
    if (folder.isEmpty())
        problems << tr("Choose an output folder for the raw logs.");
    else if (const QString problem = OutputFolder::problem(folder); !problem.isEmpty())
        problems << tr("The output folder \"%1\" %2.").arg(folder, problem);
    else if (problems.isEmpty() && !QDir().mkpath(folder))
        problems << tr("The output folder \"%1\" cannot be created.").arg(folder);
    showProblems(problems);
    if (!problems.isEmpty())
        return false;
    saveForm();
    return true;
}

// One step of ping and TCP flows, run as a plan of one step.
bool RunPanel::startLoadStep(const QString& folder) {
    const RunSpec base = m_form->spec();
    const std::vector<StepMember> members = m_form->loadMembers();
    QStringList problems = StepMembers::check(members);
    if (members.size() < 2)
        problems << tr("Give at least one flow up or down.");
    if (!startable(folder, problems))
        return false;
    ExperimentPlan plan;
    plan.name = QStringLiteral("latency-under-load");
    plan.outputDir = folder;
    PlanStep step;
    step.spec.label = base.label.isEmpty() ? RunForm::defaultLoadLabel(base) : base.label;
    step.members = members;
    // Named after the latency member (ping or irtt), the first of the step.
    step.fileStem = QStringLiteral("load-") + fileStem(members.front().spec);
    plan.steps.push_back(step);
    const QString name = plan.name;
    runPlan(std::move(plan), name);
    return true;
}

void RunPanel::cancel() {
    if (m_run)
        m_run->cancel();
    if (m_plan)
        m_plan->cancel();
    if (busy())
        m_status->setText(tr("Cancelling…"));
}

void RunPanel::setBusy(bool busy, const QString& what) {
    m_form->setEnabled(!busy);
    m_startButton->setEnabled(!busy);
    m_planButton->setEnabled(!busy);
    m_cancelButton->setEnabled(busy);
    if (busy) {
        m_progress->setValue(0);
        m_progress->setFormat(m_stepText);
        m_status->setText(what);
    }
    emit busyChanged(busy);
}

void RunPanel::onProgress(double elapsed, double expected) {
    const QString time = expected > 0 ? tr("%1 / %2 s").arg(seconds(elapsed), seconds(expected))
                                      : tr("%1 s").arg(seconds(elapsed));
    m_progress->setValue(expected > 0 ? int(std::min(1.0, elapsed / expected) * 1000) : 0);
    m_progress->setFormat(m_stepText.isEmpty() ? time
                                               : QStringLiteral("%1 · %2").arg(m_stepText, time));
}

// A new run or plan step: the previous one's datasets stay in the store as they are.
void RunPanel::followNewRun() {
    for (LiveDatasets* live : m_live)
        if (live)
            live->deleteWhenCompleted(); // the previous run's final result may be on its way
    m_live.clear();
}

// Each member's datasets follow it by their index in its raw log (LiveDatasets): the first
// snapshot with data adds them, later ones (and the final result) replace their data; labels
// and colours stay.
LiveDatasets* RunPanel::liveFor(int member) {
    const auto at = static_cast<std::size_t>(std::max(member, 0));
    if (m_live.size() <= at)
        m_live.resize(at + 1, nullptr);
    if (!m_live[at]) {
        // A concurrent step's members are named after the step: "load 198.18.0.2 ping".
        QString label = m_runLabel;
        if (m_plan) {
            const std::vector<PlanStep>& steps = m_plan->plan().steps;
            const auto step = static_cast<std::size_t>(m_plan->currentStep());
            if (step < steps.size() && at < steps[step].members.size())
                label += QLatin1Char(' ') + steps[step].members[at].name;
        }
        m_live[at] = new LiveDatasets(m_store, label, this);
    }
    return m_live[at];
}

void RunPanel::onSnapshot(int member, const LiveSnapshot& growth) {
    liveFor(member)->grow(growth);
}

void RunPanel::onFinalResult(const ImportResult& result, MeasurementRun* run) {
    liveFor(0)->complete(result, run);
}

// The panel names the log by its file name (the folder is in the form); the status bar, with
// room to spare, gets the whole path.
QString RunPanel::outcomeLine(const RunOutcome& outcome, bool fullPath) const {
    const QString log = fullPath ? QDir::toNativeSeparators(outcome.logPath)
                                 : QFileInfo(outcome.logPath).fileName();
    if (outcome.status != RunOutcome::Status::Failed)
        return (outcome.completed() ? tr("completed: %1, log saved to %2")
                                    : tr("cancelled: %1, log saved to %2"))
            .arg(measuredText(outcome.result), log);
    QString line = tr("failed: %1").arg(outcome.error);
    if (!outcome.logPath.isEmpty())
        line += tr(" (partial log kept in %1)").arg(log);
    return line;
}

void RunPanel::onRunFinished(const RunOutcome& outcome) {
    // The run is still emitting this signal, and it holds the outcome: the live datasets take
    // it over and delete it once they have read the result.
    MeasurementRun* run = std::exchange(m_run, nullptr);
    setBusy(false, QString());
    onFinalResult(outcome.result, run);
    const QString line = outcomeLine(outcome, true);
    m_progress->setValue(outcome.completed() ? 1000 : m_progress->value());
    m_progress->setFormat(outcomeWord(outcome.status));
    m_status->setText(outcomeLine(outcome, false));
    m_status->setToolTip(line);
    emit finished(line);
}

void RunPanel::choosePlan() {
    if (busy())
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Run an experiment plan"), m_settings->lastFolder(),
                                     tr("Experiment plans (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    m_settings->setLastFolder(QFileInfo(path).absolutePath());
    startPlan(path);
}

bool RunPanel::startPlan(const QString& path) {
    if (busy())
        return false;
    ExperimentPlan plan;
    QStringList errors;
    if (!ExperimentPlan::load(path, &plan, &errors)) {
        emit problem(
            tr("Plan not run"),
            tr("The plan %1 has %n problem(s); nothing was run:", nullptr, int(errors.size()))
                .arg(QFileInfo(path).fileName()),
            errors);
        m_status->setText(tr("The plan %1 was not run.").arg(QFileInfo(path).fileName()));
        return false;
    }
    if (plan.outputDir.isEmpty())
        plan.outputDir = QDir::fromNativeSeparators(m_form->outputFolder());
    if (const QString problem = OutputFolder::problem(plan.outputDir); !problem.isEmpty()) {
        showProblems({tr("The output folder \"%1\" %2.").arg(plan.outputDir, problem)});
        return false;
    }
    QDir().mkpath(plan.outputDir);
    showProblems({});
    const QString name = plan.name.isEmpty() ? QFileInfo(path).completeBaseName() : plan.name;
    runPlan(std::move(plan), name);
    return true;
}

void RunPanel::runPlan(ExperimentPlan plan, const QString& name) {
    m_planCompleted = 0;
    m_planSteps = static_cast<int>(plan.steps.size());
    m_stepText.clear();
    m_plan = new PlanRunner(std::move(plan), this);
    connect(m_plan, &PlanRunner::stepStarted, this, &RunPanel::onStepStarted);
    connect(m_plan, &PlanRunner::status, m_status, &QLabel::setText);
    connect(m_plan, &PlanRunner::progress, this, &RunPanel::onProgress);
    connect(m_plan, &PlanRunner::snapshot, this,
            [this](int, int member, const LiveSnapshot& growth) { onSnapshot(member, growth); });
    connect(m_plan, &PlanRunner::stepFinished, this, &RunPanel::onStepFinished);
    connect(m_plan, &PlanRunner::finished, this, &RunPanel::onPlanFinished);
    setBusy(true, tr("Starting plan %1…").arg(name));
    m_plan->start();
}

void RunPanel::onStepStarted(int index, int count, const QString& label) {
    const std::vector<PlanStep>& steps = m_plan->plan().steps;
    const RunSpec* step = index >= 0 && index < int(steps.size()) ? &steps[index].spec : nullptr;
    m_runLabel = step && !step->label.isEmpty() ? step->label : label;
    if (m_runLabel.isEmpty() && step)
        m_runLabel = RunForm::defaultLabel(*step);
    followNewRun();
    m_stepText = tr("step %1/%2: %3").arg(index + 1).arg(count).arg(m_runLabel);
    m_progress->setValue(0);
    m_progress->setFormat(m_stepText);
}

void RunPanel::onStepFinished(int, const RunOutcome& outcome) {
    if (outcome.members.empty())
        onFinalResult(outcome.result);
    for (std::size_t i = 0; i < outcome.members.size(); ++i)
        liveFor(static_cast<int>(i))->complete(outcome.members[i].result);
    // The TCP state of the step's flows: the views read it beside the flows it matches.
    if (!outcome.samplesLogPath.isEmpty() && QFileInfo(outcome.samplesLogPath).size() > 0)
        emit importRequested({outcome.samplesLogPath});
    if (outcome.completed())
        ++m_planCompleted;
    m_status->setText(QStringLiteral("%1 — %2").arg(m_stepText, outcomeLine(outcome, false)));
}

void RunPanel::onPlanFinished(bool cancelled) {
    const QString folder = m_plan ? QDir::toNativeSeparators(m_plan->plan().outputDir) : QString();
    if (m_plan)
        m_plan->deleteLater();
    m_plan = nullptr;
    m_stepText.clear();
    setBusy(false, QString());
    const QString line = (cancelled ? tr("plan cancelled: %1 of %2 steps completed, logs in %3")
                                    : tr("plan finished: %1 of %2 steps completed, logs in %3"))
                             .arg(m_planCompleted)
                             .arg(m_planSteps)
                             .arg(folder);
    m_progress->setFormat(
        cancelled ? outcomeWord(RunOutcome::Status::Cancelled)
                  : tr("%1 of %2 steps completed").arg(m_planCompleted).arg(m_planSteps));
    m_status->setText(line);
    m_status->setToolTip(line);
    emit finished(line);
}

} // namespace wb
