#pragma once

#include "MeasurementRun.h"
#include "StepMembers.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace wb {

class TcpStateSampler;

// Runs several tools at once on one clock: one MeasurementRun per member, each started at
// its offset after the step's start (one monotonic clock), and the TCP state of its TCP flows
// sampled with ss while the step runs. Files, all created new (an existing name moves the
// whole step on to STEM-2, ...):
//   STEM.run.json         the step: every member's command line, log and wall-clock start
//   STEM.NAME.log         each member's raw output (NAME: ping, iperf-1, ...), with its own
//                         STEM.NAME.run.json (and STEM.NAME.server.log) as a single run has
//   STEM.ss.log           ss -tin samples (TcpStateSampler), when the step has TCP flows,
//                         with STEM.ss.run.json (member "ss"), so it is imported into the group
// Each member's datasets carry the parameters "step" (STEM) and "member" (NAME), so importing
// the files again groups a step's members. The step ends when every member has ended; a
// member that fails stops the others; cancel() stops all (SIGINT first, so each prints its
// summary). Every log is kept. Needs an event loop.
class ConcurrentStep : public QObject {
    Q_OBJECT

public:
    static constexpr int kRecordVersion = 1;

    ConcurrentStep(QString label, std::vector<StepMember> members, QString outputDir,
                   QString fileStem, double sampleSeconds = StepMembers::kDefaultSampleSeconds,
                   QObject* parent = nullptr);
    ~ConcurrentStep() override;

    void start();
    void cancel(const QString& why = QString());

    bool running() const { return m_started && !m_done; }
    const std::vector<StepMember>& members() const { return m_members; }
    QString recordPath() const { return m_recordPath; }

signals:
    void status(const QString& text);
    void progress(double elapsedSeconds, double expectedSeconds);
    // What member `member` (index in members()) gained since its previous snapshot.
    void snapshot(int member, const wb::LiveSnapshot& growth);
    void finished(const wb::RunOutcome& outcome);

private:
    struct Member {
        std::unique_ptr<MeasurementRun> run;
        std::optional<RunOutcome> outcome;
        bool started = false;
        bool stoppedByDesign = false; // stopped because the member it runs until ended
    };

    bool reserveStem(QString* why);
    void startMember(std::size_t index);
    void markStoppedByDesignCompleted(RunOutcome& outcome);
    void onMemberFinished(std::size_t index, const RunOutcome& outcome);
    void stopAll(const QString& why);
    void finishIfDone();
    // False, with the reason in *problem, when the record could not be replaced.
    bool writeRecord(const QString& state, QString* problem);
    // The record while the step runs; a failure to write it fails the step.
    void writeRunningRecord();
    // A file of the step cannot be written (a full disk): the step stops, failed with why.
    void failSoon(const QString& why);
    void fail(const QString& why);
    void openSampler(std::vector<QStringList> commands);
    void writeSamplerRecord(const QString& state);

    QString m_label;
    std::vector<StepMember> m_members;
    std::vector<Member> m_runs;
    QString m_outputDir;
    QString m_fileStem;
    QString m_stem; // the one chosen, m_fileStem or m_fileStem-N
    QString m_recordPath;
    double m_sampleSeconds;
    std::unique_ptr<TcpStateSampler> m_sampler;
    QString m_samplerRecordPath; // STEM.ss.run.json: the samples' label and step parameters
    QStringList m_notes;         // what the sampler said
    QElapsedTimer m_clock;
    std::chrono::system_clock::time_point m_wallStart;
    std::vector<std::unique_ptr<QTimer>> m_startTimers;
    QTimer m_tick;
    double m_expectedSeconds = 0;
    bool m_started = false;
    bool m_stopping = false;
    bool m_done = false;
    QString m_error;
    RunOutcome::Status m_status = RunOutcome::Status::Completed;
};

} // namespace wb
