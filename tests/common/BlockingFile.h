#pragma once

// A regular file whose read waits for data that never comes, as one of a dead NFS or sshfs
// mount does: the trace_pipe of a tracing instance of the test's own (tracefs; no event is
// enabled in it, so nothing is ever written). /proc/kmsg blocks too, but reading it takes the
// kernel's messages from the system log. tracefs is mounted in a mount namespace of the test
// process's own, which ends with the process; the instances are the kernel's and are removed
// again (a test killed leaves its empty wirebench-test-PID-N instances). Needs root;
// skipReason() says why the file could not be made.

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <cerrno>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wb::test {

class BlockingFile {
public:
    // Construct at the start of main(), before any thread starts: a process with threads
    // cannot enter a mount namespace of its own.
    BlockingFile() {
        if (::geteuid() != 0) {
            m_skipReason = QStringLiteral("needs root to mount tracefs (CI runs as root)");
            return;
        }
        if (::unshare(CLONE_NEWNS) != 0 ||
            ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
            m_skipReason = failure("cannot enter a mount namespace of its own");
            return;
        }
        // Mounted over the usual place, in this namespace only: nothing is left behind in a
        // shared folder when the test is killed.
        m_mountPoint = "/sys/kernel/tracing";
        if (::mount("nodev", m_mountPoint.constData(), "tracefs", 0, nullptr) != 0) {
            m_skipReason = failure("cannot mount tracefs");
            return;
        }
        m_mounted = true;
    }

    // Reads the test gave up on still wait in their threads, with the file open: an instance
    // in use cannot be removed, so a line is written to it until they have all returned.
    ~BlockingFile() {
        for (const QByteArray& instance : m_instances)
            for (int attempt = 0; attempt < 200; ++attempt) {
                if (::rmdir(instance.constData()) == 0 || errno != EBUSY)
                    break;
                release(instance);
                ::usleep(10000);
            }
        if (m_mounted)
            ::umount2(m_mountPoint.constData(), MNT_DETACH);
    }

    BlockingFile(const BlockingFile&) = delete;
    BlockingFile& operator=(const BlockingFile&) = delete;

    // A new regular file (stat says so) whose reads block, or empty when skipReason() is not:
    // one reader at a time may have it open, and a read given up on keeps it open.
    QString path() {
        if (!m_skipReason.isEmpty())
            return {};
        const QByteArray instance = m_mountPoint + "/instances/wirebench-test-" +
                                    QByteArray::number(qint64(::getpid())) + "-" +
                                    QByteArray::number(qsizetype(m_instances.size()));
        if (::mkdir(instance.constData(), 0700) != 0) {
            m_skipReason = failure("cannot make a tracing instance");
            return {};
        }
        m_instances.push_back(instance);
        return QString::fromLocal8Bit(instance + "/trace_pipe");
    }
    const QString& skipReason() const { return m_skipReason; }

private:
    // Lets the reads waiting on an instance's file return: a line for them to read.
    static void release(const QByteArray& instance) {
        const QByteArray marker = instance + "/trace_marker";
        const int fd = ::open(marker.constData(), O_WRONLY | O_CLOEXEC);
        if (fd >= 0) {
            [[maybe_unused]] const ssize_t written = ::write(fd, "release\n", 8);
            ::close(fd);
        }
    }

    static QString failure(const char* what) {
        return QStringLiteral("%1: %2").arg(QLatin1String(what),
                                            QString::fromLocal8Bit(std::strerror(errno)));
    }

    QByteArray m_mountPoint;
    bool m_mounted = false;
    std::vector<QByteArray> m_instances;
    QString m_skipReason;
};

} // namespace wb::test
