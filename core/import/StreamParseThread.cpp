#include "import/StreamParseThread.h"

#include <time.h>

namespace wb {

namespace {

// Adds the CPU time of the calling thread while it lives to a sum of seconds.
class ThreadCpuTimer {
public:
    explicit ThreadCpuTimer(double& sum) : m_sum(sum), m_start(now()) {}
    ~ThreadCpuTimer() { m_sum += now() - m_start; }
    ThreadCpuTimer(const ThreadCpuTimer&) = delete;
    ThreadCpuTimer& operator=(const ThreadCpuTimer&) = delete;

private:
    static double now() {
        timespec time{};
        ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
        return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_nsec) * 1e-9;
    }
    double& m_sum;
    double m_start;
};

} // namespace

StreamParseThread::StreamParseThread(QString name, ImportOptions options)
    : m_import(std::move(name), std::move(options)), m_thread([this] { readQueue(); }) {}

StreamParseThread::~StreamParseThread() {
    {
        const std::lock_guard lock(m_queueMutex);
        m_stop = true;
        m_queue.clear();
    }
    m_wake.notify_one();
    if (m_thread.joinable())
        m_thread.join();
}

void StreamParseThread::append(QByteArray bytes) {
    if (bytes.isEmpty())
        return;
    m_appended += bytes.size();
    {
        const std::lock_guard lock(m_queueMutex);
        m_queue.push_back(std::move(bytes));
    }
    m_wake.notify_one();
}

void StreamParseThread::readQueue() {
    for (;;) {
        QByteArray bytes;
        {
            std::unique_lock lock(m_queueMutex);
            m_wake.wait(lock, [this] { return m_stop || !m_queue.empty(); });
            if (m_queue.empty() || (m_stop && !m_drain))
                return;
            bytes = std::move(m_queue.front());
            m_queue.pop_front();
        }
        const std::lock_guard parsing(m_parserMutex);
        const ThreadCpuTimer timer(m_cpuSeconds);
        m_import.append(
            std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    }
}

std::optional<LiveSnapshot> StreamParseThread::trySnapshot() {
    const std::unique_lock parsing(m_parserMutex, std::try_to_lock);
    if (!parsing.owns_lock())
        return std::nullopt;
    const ThreadCpuTimer timer(m_cpuSeconds);
    return m_import.snapshot();
}

ImportResult StreamParseThread::finish() {
    {
        const std::lock_guard lock(m_queueMutex);
        m_stop = true;
        m_drain = true;
    }
    m_wake.notify_one();
    if (m_thread.joinable())
        m_thread.join();
    const ThreadCpuTimer timer(m_cpuSeconds);
    return m_import.finish();
}

double StreamParseThread::cpuSeconds() {
    const std::lock_guard parsing(m_parserMutex);
    return m_cpuSeconds;
}

} // namespace wb
