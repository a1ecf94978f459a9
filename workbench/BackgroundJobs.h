#pragma once

#include <QMetaObject>
#include <QObject>
#include <QThreadPool>

#include <utility>

namespace wb {

// The one way the workbench works off the GUI thread: jobs run on a pool owned by a QObject
// (the receiver) and hand their results back to it on its thread, so models are only ever
// touched there. A job holds shared data only; whether a result is still wanted (a newer
// choice, a cancel flag) is for the receiver's callback to judge. Declared as the receiver's
// last member, so the receiver's destructor can set its cancel flags before the jobs are
// waited for, and no result arrives at a half-destroyed receiver.
class BackgroundJobs {
public:
    explicit BackgroundJobs(QObject* receiver) : m_receiver(receiver) {}
    ~BackgroundJobs() { m_pool.waitForDone(); }
    BackgroundJobs(const BackgroundJobs&) = delete;
    BackgroundJobs& operator=(const BackgroundJobs&) = delete;

    // Runs job() on the pool, then done(result) on the receiver's thread.
    template <typename Job, typename Done> void run(Job job, Done done) {
        m_pool.start([this, job = std::move(job), done = std::move(done)]() mutable {
            post([done = std::move(done), result = job()]() mutable { done(std::move(result)); });
        });
    }

    // Calls function on the receiver's thread; for progress and partial results from a job.
    template <typename Function> void post(Function function) const {
        QMetaObject::invokeMethod(m_receiver, std::move(function), Qt::QueuedConnection);
    }

private:
    QObject* m_receiver;
    QThreadPool m_pool;
};

} // namespace wb
