#pragma once

// The processes of a run as /proc shows them: what a run started (its descendants) and
// whether they still run, for tests that end a run from outside.

#include "TestSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QList>
#include <QStringList>
#include <QTest>

#include <algorithm>
#include <optional>

#include <signal.h>

namespace wb::test {

// A process as /proc tells it: its pid and start time (so a later process with the same pid
// is not taken for it) and its command name.
struct ProcessEntry {
    qint64 pid = 0;
    QByteArray startTime;
    QByteArray name;
    qint64 parent = 0;
};

inline std::optional<ProcessEntry> processEntry(qint64 pid) {
    const QByteArray stat = readAll(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype open = stat.indexOf('(');
    const qsizetype close = stat.lastIndexOf(')');
    if (open < 0 || close < open)
        return std::nullopt;
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    if (fields.size() < 20 || fields[0] == "Z") // a zombie has ended
        return std::nullopt;
    return ProcessEntry{pid, fields[19], stat.mid(open + 1, close - open - 1),
                        fields[1].toLongLong()};
}

// Every process descended from root, root excepted.
inline QList<ProcessEntry> descendantsOf(qint64 root) {
    QList<ProcessEntry> all;
    for (const QString& entry : QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (numeric)
            if (const auto process = processEntry(pid))
                all << *process;
    }
    QList<ProcessEntry> found;
    QList<qint64> parents{root};
    while (!parents.isEmpty()) {
        const qint64 parent = parents.takeFirst();
        for (const ProcessEntry& process : all)
            if (process.parent == parent) {
                found << process;
                parents << process.pid;
            }
    }
    return found;
}

inline bool stillRuns(const ProcessEntry& process) {
    const auto now = processEntry(process.pid);
    return now && now->startTime == process.startTime;
}

// The names of those of processes that still run after up to timeoutMs for them to end;
// those are then killed, so a failing test leaves nothing behind.
inline QStringList leftAfter(const QList<ProcessEntry>& processes, int timeoutMs) {
    QStringList left;
    QElapsedTimer timer;
    timer.start();
    for (;;) {
        left.clear();
        for (const ProcessEntry& process : processes)
            if (stillRuns(process))
                left << QStringLiteral("%1 (%2)")
                            .arg(QString::fromUtf8(process.name))
                            .arg(process.pid);
        if (left.isEmpty() || timer.elapsed() > timeoutMs)
            break;
        QTest::qWait(50);
    }
    for (const ProcessEntry& process : processes)
        if (stillRuns(process))
            ::kill(static_cast<pid_t>(process.pid), SIGKILL);
    return left;
}

// The processes named name whose command line holds word (say, a test's own address).
inline QList<ProcessEntry> processesWith(const QByteArray& name, const QByteArray& word) {
    QList<ProcessEntry> found;
    for (const QString& entry : QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        const auto process = numeric ? processEntry(pid) : std::nullopt;
        if (process && process->name == name &&
            readAll("/proc/" + entry + "/cmdline").split('\0').contains(word))
            found << *process;
    }
    return found;
}

inline bool hasProcessNamed(const QList<ProcessEntry>& processes, const QByteArray& name) {
    return std::any_of(processes.begin(), processes.end(),
                       [&](const ProcessEntry& process) { return process.name == name; });
}

} // namespace wb::test
