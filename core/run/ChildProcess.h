#pragma once

class QProcess;

namespace wb {

// How Wirebench starts the programs of a run (client, server, version probe, setup and
// teardown commands) and stops them again.
class ChildProcess {
public:
    // Call before start(). The child gets a session and process group of its own, so a
    // terminal's Ctrl+C (SIGINT to the foreground group) reaches only Wirebench, which then
    // stops the run in order: SIGINT for the tool's summary, then the teardown. And the
    // kernel kills the child when Wirebench dies (PR_SET_PDEATHSIG), so a killed Wirebench
    // leaves no iperf server listening.
    static void prepare(QProcess* process);
    // Sends signal to the child's whole process group (what it started too), or to the
    // child alone when it has no group of its own.
    static void signal(QProcess* process, int signal);
    // SIGKILL to the group and a short wait: for destructors, which cannot wait long.
    static void killNow(QProcess* process);
};

} // namespace wb
