#pragma once

class QObject;
class QProcess;

namespace wb {

// How Wirebench starts the programs of a run (client, server, version probe, setup and
// teardown commands, ss samples) and stops them again.
//
// Each program gets a session and process group of its own, so a terminal's Ctrl+C (SIGINT
// to the foreground group) reaches only Wirebench, which then stops the run in order, and a
// signal to the group reaches what the program started too (a forking prefix: `timeout`,
// `runuser`).
//
// A watchdog ends the groups when Wirebench dies, even by SIGKILL: a small process forked
// from Wirebench at its first program, in a session of its own, told each group as it starts
// (by the child itself, before its exec) and ends. It reads a pipe whose write end only
// Wirebench holds; when the kernel closes it with Wirebench, the watchdog sends SIGTERM to
// every group still running, SIGKILL after kGraceMs, and exits. A parent-death signal would
// not do: the exec of a program with file capabilities (iputils' ping) clears it, and a
// forking prefix's child never had it.
class ChildProcess {
public:
    // Call before start(); process must not be given another child process modifier.
    static void prepare(QProcess* process);
    // Sends signal to the child's whole process group (what it started too), or to the
    // child alone when it has no group of its own.
    static void signal(QProcess* process, int signal);
    // SIGKILL to the group and a short wait: for destructors, which cannot wait long. The
    // process's signals to listener are cut first: its end calls back nobody.
    static void killNow(QProcess* process, const QObject* listener);

    // How long the groups get between the watchdog's SIGTERM and its SIGKILL.
    static constexpr int kGraceMs = 2000;
};

} // namespace wb
