#include "ChildProcess.h"

#include <QProcess>

#include <csignal>

#include <sys/prctl.h>
#include <unistd.h>

namespace wb {

namespace {
constexpr int kKillWaitMs = 1000;
}

void ChildProcess::prepare(QProcess* process) {
    const pid_t parent = ::getpid();
    // Runs in the child between fork and exec: async-signal-safe calls only.
    process->setChildProcessModifier([parent] {
        ::setsid();
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        // Wirebench died before the line above: nobody would ever stop this child.
        if (::getppid() != parent)
            ::_exit(127);
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

void ChildProcess::killNow(QProcess* process) {
    if (!process || process->state() == QProcess::NotRunning)
        return;
    signal(process, SIGKILL);
    process->waitForFinished(kKillWaitMs);
}

} // namespace wb
