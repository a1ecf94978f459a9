#include "ChildProcess.h"

#include <QProcess>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <ctime>
#include <memory>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace wb {

namespace {

constexpr int kKillWaitMs = 1000;
constexpr int kSweepMs = 1000;
constexpr int kMaxGroups = 4096;

// Everything from here to the watchdog's loop runs in a forked child of a multithreaded
// process (the watchdog, or a program's process before its exec): async-signal-safe calls
// only, no allocation.

void ignoreSignal(int signal) {
    struct sigaction action = {};
    action.sa_handler = SIG_IGN;
    sigemptyset(&action.sa_mask);
    ::sigaction(signal, &action, nullptr);
}

void closeAllBut(int keep) {
    const auto closeRange = [](unsigned first, unsigned last) {
        if (first > last || ::syscall(SYS_close_range, first, last, 0) == 0)
            return;
        struct rlimit limit = {};
        const rlim_t end = ::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 65536
                               ? limit.rlim_cur
                               : 65536;
        for (rlim_t fd = first; fd <= last && fd < end; ++fd)
            ::close(static_cast<int>(fd));
    };
    if (keep > 0)
        closeRange(0, static_cast<unsigned>(keep) - 1);
    closeRange(static_cast<unsigned>(keep) + 1, ~0U);
}

std::int64_t nowMs() {
    struct timespec now = {};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<std::int64_t>(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

bool groupExists(pid_t group) {
    return ::kill(-group, 0) == 0 || errno != ESRCH;
}

// Ends every group still listed: SIGTERM, then SIGKILL to those left after the grace.
[[noreturn]] void endGroups(const pid_t* groups, int count) {
    for (int i = 0; i < count; ++i)
        ::kill(-groups[i], SIGTERM);
    const std::int64_t killAt = nowMs() + ChildProcess::kGraceMs;
    for (;;) {
        bool left = false;
        for (int i = 0; i < count; ++i)
            left = left || groupExists(groups[i]);
        if (!left)
            ::_exit(0);
        if (nowMs() >= killAt)
            break;
        struct timespec pause = {0, 50 * 1000000};
        ::nanosleep(&pause, nullptr);
    }
    for (int i = 0; i < count; ++i)
        ::kill(-groups[i], SIGKILL);
    ::_exit(0);
}

// The watchdog's life: the process groups of Wirebench's programs come in on the pipe as
// they start (pid) and end (-pid); end of file means Wirebench has gone, however it died.
[[noreturn]] void watch(int commands) {
    pid_t groups[kMaxGroups];
    int count = 0;
    std::int64_t sweepAt = nowMs() + kSweepMs;
    for (;;) {
        struct pollfd ready = {commands, POLLIN, 0};
        const int wait = static_cast<int>(sweepAt - nowMs());
        if (::poll(&ready, 1, wait > 0 ? wait : 0) > 0) {
            std::int32_t message[64];
            const ssize_t got = ::read(commands, message, sizeof message);
            if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
                endGroups(groups, count);
            for (ssize_t i = 0; i < got / static_cast<ssize_t>(sizeof(std::int32_t)); ++i) {
                const pid_t group = message[i] > 0 ? message[i] : -message[i];
                int at = 0;
                while (at < count && groups[at] != group)
                    ++at;
                if (message[i] > 0 && at == count && count < kMaxGroups)
                    groups[count++] = group;
                else if (message[i] < 0 && at < count)
                    groups[at] = groups[--count];
            }
        }
        // A group whose end was not reported (a program that failed to start) is let go,
        // long before its number could be given to another process.
        if (nowMs() >= sweepAt) {
            for (int i = 0; i < count;)
                groupExists(groups[i]) ? void(++i) : void(groups[i] = groups[--count]);
            sweepAt = nowMs() + kSweepMs;
        }
    }
}

// The write end of the watchdog's pipe, held by Wirebench alone (close-on-exec, and the
// watchdog closes its copy); -1 when no watchdog could be started.
int watchdogPipe() {
    static const int writeEnd = [] {
        int ends[2];
        if (::pipe2(ends, O_CLOEXEC) != 0)
            return -1;
        const pid_t watchdog = ::fork();
        if (watchdog == 0) {
            // A session of its own: a terminal's signals to Wirebench's group miss it.
            ::setsid();
            for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2})
                ignoreSignal(signal);
            closeAllBut(ends[0]);
            watch(ends[0]);
        }
        ::close(ends[0]);
        if (watchdog < 0) {
            ::close(ends[1]);
            return -1;
        }
        // A full pipe must never stall a start; a group not listed is still stopped by
        // Wirebench itself on every way out it lives through.
        ::fcntl(ends[1], F_SETFL, O_NONBLOCK);
        return ends[1];
    }();
    return writeEnd;
}

void tellWatchdog(int pipe, std::int32_t message) {
    if (pipe >= 0) {
        [[maybe_unused]] const ssize_t written = ::write(pipe, &message, sizeof message);
    }
}

} // namespace

void ChildProcess::prepare(QProcess* process) {
    const int watchdog = watchdogPipe();
    const pid_t parent = ::getpid();
    // Runs in the child between fork and exec: async-signal-safe calls only.
    process->setChildProcessModifier([parent, watchdog] {
        ::setsid();
        // Listed before the exec, so no moment passes in which Wirebench could die unseen.
        tellWatchdog(watchdog, static_cast<std::int32_t>(::getpid()));
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        // Wirebench died before the line above: nobody would ever stop this child.
        if (::getppid() != parent)
            ::_exit(127);
    });
    auto group = std::make_shared<qint64>(0);
    QObject::connect(process, &QProcess::stateChanged, process,
                     [process, watchdog, group](QProcess::ProcessState state) {
                         if (state == QProcess::Running) {
                             *group = process->processId();
                         } else if (state == QProcess::NotRunning && *group > 0) {
                             // What it left running (a server a setup command started in
                             // the background) is the plan's to end, in its teardown.
                             tellWatchdog(watchdog, -static_cast<std::int32_t>(*group));
                             *group = 0;
                         }
                     });
}

void ChildProcess::signal(QProcess* process, int signal) {
    if (!process || process->state() == QProcess::NotRunning)
        return;
    const auto pid = static_cast<pid_t>(process->processId());
    if (pid <= 0)
        return;
    if (::getpgid(pid) != pid || ::kill(-pid, signal) != 0)
        ::kill(pid, signal);
}

void ChildProcess::killNow(QProcess* process, const QObject* listener) {
    if (!process || process->state() == QProcess::NotRunning)
        return;
    process->disconnect(listener);
    signal(process, SIGKILL);
    process->waitForFinished(kKillWaitMs);
}

} // namespace wb
