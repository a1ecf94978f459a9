#include "files/ProcessIdentity.h"

#include <QCoreApplication>
#include <QFile>
#include <QList>

namespace wb {

namespace {

QString readBootId() {
    QFile file(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).trimmed()
                                          : QString();
}

// Field 22 of /proc/PID/stat; -1 when the process does not exist. The command name (field
// 2) is in parentheses and may hold spaces and parentheses itself, so fields are counted
// after the last ')'.
qint64 startTicksOf(qint64 pid) {
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = file.readAll();
    const qsizetype end = stat.lastIndexOf(')');
    if (end < 0)
        return -1;
    const QList<QByteArray> fields = stat.mid(end + 1).simplified().split(' ');
    constexpr int kStartTimeAfterName = 22 - 3; // field 3 (state) is the first after ')'
    bool ok = false;
    const qint64 ticks =
        fields.size() > kStartTimeAfterName ? fields[kStartTimeAfterName].toLongLong(&ok) : -1;
    return ok ? ticks : -1;
}

} // namespace

ProcessIdentity ProcessIdentity::current() {
    ProcessIdentity identity;
    identity.pid = QCoreApplication::applicationPid();
    identity.bootId = readBootId();
    identity.startTicks = startTicksOf(identity.pid);
    return identity;
}

QJsonObject ProcessIdentity::toJson() const {
    return QJsonObject{{"pid", pid}, {"boot_id", bootId}, {"start_ticks", startTicks}};
}

ProcessIdentity ProcessIdentity::fromJson(const QJsonObject& object) {
    ProcessIdentity identity;
    identity.pid = object.value(QLatin1String("pid")).toInteger();
    identity.bootId = object.value(QLatin1String("boot_id")).toString();
    identity.startTicks = object.value(QLatin1String("start_ticks")).toInteger(-1);
    return identity;
}

bool ProcessIdentity::alive() const {
    const QString now = readBootId();
    if (!known() || now.isEmpty())
        return true;
    return now == bootId && startTicksOf(pid) == startTicks;
}

} // namespace wb
