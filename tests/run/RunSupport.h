#pragma once

// Runs a MeasurementRun to its end inside a test, recording what it showed on the way.

#include "run/ConcurrentStep.h"
#include "run/MeasurementRun.h"

#include <QEventLoop>
#include <QTimer>

#include <functional>
#include <vector>

namespace wb::test {

struct WatchedRun {
    RunOutcome outcome;
    bool ended = false;
    std::vector<std::int64_t> snapshotSamples; // samples of each live snapshot, in order
    QStringList statuses;
};

// during(run) is called once, afterMs after the start (e.g. to cancel); the run is given
// timeoutMs to end.
inline WatchedRun watchRun(const RunSpec& spec, const QString& outputDir, const QString& stem,
                           int timeoutMs = 60000, int afterMs = -1,
                           const std::function<void(MeasurementRun&)>& during = {}) {
    WatchedRun watched;
    MeasurementRun run(spec, outputDir, stem);
    QEventLoop loop;
    QObject::connect(&run, &MeasurementRun::snapshot, [&](const LiveSnapshot& soFar) {
        watched.snapshotSamples.push_back(soFar.report.samples);
    });
    QObject::connect(&run, &MeasurementRun::status,
                     [&](const QString& text) { watched.statuses << text; });
    QObject::connect(&run, &MeasurementRun::finished, [&](const RunOutcome& outcome) {
        watched.outcome = outcome;
        watched.ended = true;
        loop.quit();
    });
    if (during && afterMs >= 0)
        QTimer::singleShot(afterMs, &run, [&] { during(run); });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    run.start();
    if (!watched.ended)
        loop.exec();
    return watched;
}

struct WatchedStep {
    RunOutcome outcome;
    bool ended = false;
    QString recordPath;
    QStringList statuses;
};

// The same for a step of several members.
inline WatchedStep watchStep(const QString& label, const std::vector<StepMember>& members,
                             const QString& outputDir, const QString& stem, double sampleSeconds,
                             int timeoutMs = 60000, int afterMs = -1,
                             const std::function<void(ConcurrentStep&)>& during = {}) {
    WatchedStep watched;
    ConcurrentStep step(label, members, outputDir, stem, sampleSeconds);
    QEventLoop loop;
    QObject::connect(&step, &ConcurrentStep::status,
                     [&](const QString& text) { watched.statuses << text; });
    QObject::connect(&step, &ConcurrentStep::finished, [&](const RunOutcome& outcome) {
        watched.outcome = outcome;
        watched.ended = true;
        loop.quit();
    });
    if (during && afterMs >= 0)
        QTimer::singleShot(afterMs, &step, [&] { during(step); });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    step.start();
    if (!watched.ended)
        loop.exec();
    watched.recordPath = step.recordPath();
    return watched;
}

// Distinct growing values among the snapshot sample counts: proof the data arrived live.
inline int growthSteps(const std::vector<std::int64_t>& samples) {
    int steps = 0;
    std::int64_t last = 0;
    for (std::int64_t n : samples) {
        if (n > last)
            ++steps;
        last = std::max(last, n);
    }
    return steps;
}

} // namespace wb::test
