#pragma once

#include <QJsonObject>
#include <QString>

namespace wb {

// A process told apart from any later one with the same pid: its pid, the boot it runs in
// (/proc/sys/kernel/random/boot_id) and its start time in clock ticks after boot
// (/proc/PID/stat). A run's sidecar records the Wirebench process writing it, so that a
// later reader can tell a run still going from one whose Wirebench was killed.
struct ProcessIdentity {
    qint64 pid = 0;
    QString bootId;
    qint64 startTicks = -1;

    static ProcessIdentity current();
    bool known() const { return pid > 0 && !bootId.isEmpty() && startTicks >= 0; }
    // False once the process has ended (the machine rebooted, the pid is gone or taken by
    // another process); true while it runs, and when that cannot be told here.
    bool alive() const;

    // {"pid", "boot_id", "start_ticks"}, as run sidecars and step records keep it.
    QJsonObject toJson() const;
    static ProcessIdentity fromJson(const QJsonObject& object);
};

} // namespace wb
