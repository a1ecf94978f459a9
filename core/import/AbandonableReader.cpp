#include "import/AbandonableReader.h"

#include <QThreadPool>

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <mutex>

#include <fcntl.h>
#include <unistd.h>

namespace wb {

namespace {

// How often a waiting read asks goOn().
constexpr std::chrono::milliseconds kPollInterval{100};

// The reads' own pool, never destroyed: a thread stuck in read(2) on a dead mount stays stuck,
// and destroying the pool (at exit) would wait for it. The bound only matters when that many
// reads are stuck at once; a read queued behind them counts as stalled.
QThreadPool& readPool() {
    static QThreadPool* const pool = [] {
        auto* created = new QThreadPool;
        created->setMaxThreadCount(64);
        return created;
    }();
    return *pool;
}

} // namespace

// What the caller and the pool's thread share; the last of them to let go closes the
// descriptor.
struct AbandonableReader::Shared {
    ~Shared() {
        if (fd >= 0)
            ::close(fd);
    }

    std::mutex mutex;
    std::condition_variable arrived;
    int fd = -1;
    QByteArray buffer; // the thread's while a read runs
    ssize_t got = 0;
    int error = 0;
    bool done = true;
    bool abandoned = false;
};

AbandonableReader::AbandonableReader(int fd) : m(std::make_shared<Shared>()) {
    m->fd = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (m->fd < 0)
        m->error = errno;
}

AbandonableReader::~AbandonableReader() = default;

std::chrono::milliseconds AbandonableReader::stallTimeout() {
    bool ok = false;
    const double seconds = qEnvironmentVariable("WIREBENCH_READ_TIMEOUT").toDouble(&ok);
    if (!ok || !(seconds > 0) || seconds > 1e6)
        return std::chrono::seconds(kDefaultStallSeconds);
    return std::chrono::milliseconds(static_cast<qint64>(seconds * 1000));
}

AbandonableReader::Status AbandonableReader::read(QByteArray& bytes, qint64 size, QString* why,
                                                  const std::function<bool()>& goOn) {
    return readPiece(bytes, -1, size, why, goOn);
}

AbandonableReader::Status AbandonableReader::readAt(QByteArray& bytes, qint64 offset, qint64 size,
                                                    QString* why,
                                                    const std::function<bool()>& goOn) {
    return readPiece(bytes, offset, size, why, goOn);
}

AbandonableReader::Status AbandonableReader::readPiece(QByteArray& bytes, qint64 offset,
                                                       qint64 size, QString* why,
                                                       const std::function<bool()>& goOn) {
    if (m->abandoned) {
        *why = QStringLiteral("the read was abandoned");
        return Status::Failed;
    }
    if (m->fd < 0) {
        *why = QString::fromLocal8Bit(std::strerror(m->error));
        return Status::Failed;
    }
    {
        const std::lock_guard<std::mutex> lock(m->mutex);
        m->buffer = std::exchange(bytes, QByteArray());
        m->buffer.resize(static_cast<qsizetype>(size));
        m->done = false;
    }
    readPool().start([shared = m, offset] {
        // Only this thread touches the buffer until done is set.
        char* const into = shared->buffer.data();
        const auto size = static_cast<std::size_t>(shared->buffer.size());
        ssize_t got = 0;
        do
            got = offset < 0 ? ::read(shared->fd, into, size)
                             : ::pread(shared->fd, into, size, static_cast<off_t>(offset));
        while (got < 0 && errno == EINTR);
        const int error = errno;
        const std::lock_guard<std::mutex> lock(shared->mutex);
        shared->got = got;
        shared->error = error;
        shared->done = true;
        shared->arrived.notify_all();
    });
    const auto timeout = stallTimeout();
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::unique_lock<std::mutex> lock(m->mutex);
    while (!m->arrived.wait_for(lock, kPollInterval, [this] { return m->done; })) {
        lock.unlock();
        const bool cancelled = goOn && !goOn();
        lock.lock();
        if (m->done)
            break;
        if (cancelled || std::chrono::steady_clock::now() >= deadline) {
            m->abandoned = true;
            if (cancelled)
                return Status::Cancelled;
            *why = QStringLiteral("no data for %1 s; the read was abandoned")
                       .arg(double(timeout.count()) / 1000);
            return Status::Stalled;
        }
    }
    bytes = std::exchange(m->buffer, QByteArray());
    if (m->got < 0) {
        bytes.clear();
        *why = QString::fromLocal8Bit(std::strerror(m->error));
        return Status::Failed;
    }
    bytes.truncate(static_cast<qsizetype>(m->got));
    return Status::Read;
}

} // namespace wb
