#include "HostFactsProbe.h"

#include "ChildProcess.h"
#include "RunCommands.h"
#include "RunValidation.h"

namespace wb {

namespace {

// Read by `sh -s -- TOOL VERSIONFLAG [TARGET]`. Each command's output goes out as lines
// "wbfact KEY = TEXT" (read) or "wbfact KEY !STATUS TEXT" (failed with that exit status);
// anything else on the output (an echo of this script by a terminal, ssh's warnings) is not
// a fact. Globbing is off, so the words of a command's output split without expanding. The
// last line exits: behind "ssh -tt" the far side's terminal may never pass on the end of input.
constexpr char kScript[] = R"sh(set -f
if command -v timeout >/dev/null 2>&1; then T="timeout %1"; else T=; fi
emit() { printf '%s\n' "$3" | while IFS= read -r line; do printf 'wbfact %s %s %s\n' "$1" "$2" "$line"; done; }
fact() {
  key=$1; mode=$2; shift 2
  out=$($T "$@" 2>&1); status=$?
  if [ -n "$out" ] && { [ "$status" -eq 0 ] || { [ "$mode" = any ] && [ "$status" -lt 124 ]; }; }; then
    emit "$key" = "$out"
  else
    emit "$key" "!$status" "$out"; status=1
  fi
}
fact host_name ok uname -n
fact kernel ok uname -r
fact congestion_control ok cat /proc/sys/net/ipv4/tcp_congestion_control
fact available_congestion_control ok cat /proc/sys/net/ipv4/tcp_available_congestion_control
fact tool_version any "$1" "$2"
[ $# -ge 3 ] || exit 0
target=$3
case $target in
  *:*) addr=$target; emit target_address = "$addr" ;;
  *[!0-9.]*) fact target_address ok getent ahosts "$target"; [ "$status" -eq 0 ] || exit 0
     set -- $out; addr=$1 ;;
  *) addr=$target; emit target_address = "$addr" ;;
esac
fact route ok ip route get "$addr"
[ "$status" -eq 0 ] || exit 0
dev=; prev=
for word in $out; do [ -z "$dev" ] && [ "$prev" = dev ] && dev=$word; prev=$word; done
[ -n "$dev" ] || exit 0
fact qdisc ok tc qdisc show dev "$dev"
fact link ok ip -o link show dev "$dev"
exit 0
)sh";

constexpr char kMarker[] = "wbfact ";

// What one command of the script printed and how it ended.
struct Printed {
    bool ok = false;
    int status = 0;
    QStringList lines;

    QString firstLine() const {
        for (const QString& line : lines)
            if (!line.trimmed().isEmpty())
                return line.trimmed();
        return {};
    }
    QString text() const { return lines.join(QLatin1Char('\n')).trimmed(); }
};

QMap<QString, Printed> printedBy(const QByteArray& output) {
    QMap<QString, Printed> printed;
    for (QByteArray raw : output.split('\n')) {
        if (!raw.startsWith(kMarker))
            continue;
        if (raw.endsWith('\r')) // a terminal's line ends
            raw.chop(1);
        const QString line = QString::fromLocal8Bit(raw.mid(int(sizeof kMarker) - 1));
        const qsizetype keyEnd = line.indexOf(QLatin1Char(' '));
        if (keyEnd <= 0)
            continue;
        const qsizetype markEnd = line.indexOf(QLatin1Char(' '), keyEnd + 1);
        const QString mark = line.mid(keyEnd + 1, markEnd < 0 ? -1 : markEnd - keyEnd - 1);
        Printed& entry = printed[line.left(keyEnd)];
        entry.ok = mark == QLatin1String("=");
        entry.status = entry.ok ? 0 : mark.mid(1).toInt();
        entry.lines << (markEnd < 0 ? QString() : line.mid(markEnd + 1));
    }
    return printed;
}

// Why a command of the script gave no fact, in a sentence naming the command.
QString failure(const QString& command, const Printed& printed) {
    const QString said = RunCommands::lastLines(printed.text().toLocal8Bit());
    const QString quoted = QStringLiteral("\"%1\"").arg(command);
    if (printed.status == 124)
        return QStringLiteral("%1 gave no answer within %2 s")
            .arg(quoted)
            .arg(HostFactsProbe::kCommandSeconds);
    if (printed.status == 127)
        return QStringLiteral("%1: command not found (%2)").arg(quoted, said);
    if (printed.status == 0)
        return QStringLiteral("%1 printed nothing").arg(quoted);
    return QStringLiteral("%1 failed with exit status %2%3")
        .arg(quoted)
        .arg(printed.status)
        .arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said);
}

// The word after `key` in a line such as "198.18.0.2 dev veth0 src 198.18.0.1 uid 0".
QString wordAfter(const QString& line, const QString& key) {
    const QStringList words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const qsizetype at = words.indexOf(key);
    return at >= 0 && at + 1 < words.size() ? words[at + 1] : QString();
}

// Facts printed as they are: fact = the first line of the command's output.
void takeFirstLine(HostFacts& facts, const QMap<QString, Printed>& printed, const QString& fact,
                   const QString& command) {
    if (!printed.contains(fact))
        return;
    const Printed& entry = printed[fact];
    if (entry.ok)
        facts.set(fact, entry.firstLine());
    else
        facts.setUnknown(fact, failure(command, entry));
}

void takeRouteFacts(HostFacts& facts, const QMap<QString, Printed>& printed) {
    const QString target = facts.target;
    if (printed.contains(QStringLiteral("target_address"))) {
        const Printed& entry = printed[QStringLiteral("target_address")];
        if (entry.ok) {
            facts.set(QStringLiteral("target_address"),
                      entry.firstLine().section(QLatin1Char(' '), 0, 0));
        } else {
            const QString why = failure(QStringLiteral("getent ahosts ") + target, entry);
            for (const char* fact :
                 {"target_address", "interface", "source_address", "qdisc", "mtu"})
                facts.setUnknown(QLatin1String(fact),
                                 QStringLiteral("cannot resolve %1: %2").arg(target, why));
            return;
        }
    }
    const QString address = facts.value(QStringLiteral("target_address"));
    if (!printed.contains(QStringLiteral("route")))
        return;
    const Printed& route = printed[QStringLiteral("route")];
    const QString routeCommand = QStringLiteral("ip route get ") + address;
    if (!route.ok) {
        const QString why =
            QStringLiteral("no route toward %1: %2").arg(address, failure(routeCommand, route));
        for (const char* fact : {"interface", "source_address", "qdisc", "mtu"})
            facts.setUnknown(QLatin1String(fact), why);
        return;
    }
    const QString line = route.firstLine();
    const QString device = wordAfter(line, QStringLiteral("dev"));
    const QString source = wordAfter(line, QStringLiteral("src"));
    const QString unnamed = QStringLiteral("\"%1\" named no %2 (it said: %3)");
    if (!source.isEmpty())
        facts.set(QStringLiteral("source_address"), source);
    else
        facts.setUnknown(QStringLiteral("source_address"),
                         unnamed.arg(routeCommand, QStringLiteral("source address"), line));
    if (device.isEmpty()) {
        const QString why = unnamed.arg(routeCommand, QStringLiteral("interface"), line);
        for (const char* fact : {"interface", "qdisc", "mtu"})
            facts.setUnknown(QLatin1String(fact), why);
        return;
    }
    facts.set(QStringLiteral("interface"), device);
    takeFirstLine(facts, printed, QStringLiteral("qdisc"),
                  QStringLiteral("tc qdisc show dev ") + device);
    if (printed.value(QStringLiteral("qdisc")).ok)
        facts.set(QStringLiteral("qdisc"), printed[QStringLiteral("qdisc")].text());
    const QString linkCommand = QStringLiteral("ip -o link show dev ") + device;
    if (printed.contains(QStringLiteral("link"))) {
        const Printed& link = printed[QStringLiteral("link")];
        const QString mtu = wordAfter(link.firstLine(), QStringLiteral("mtu"));
        if (link.ok && !mtu.isEmpty())
            facts.set(QStringLiteral("mtu"), mtu);
        else
            facts.setUnknown(QStringLiteral("mtu"),
                             link.ok
                                 ? unnamed.arg(linkCommand, QStringLiteral("MTU"), link.firstLine())
                                 : failure(linkCommand, link));
    }
}

} // namespace

HostFactsProbe::HostFactsProbe(QStringList prefix, QString target, QStringList versionCommand,
                               QString noTargetReason, QObject* parent)
    : QObject(parent), m_versionCommand(std::move(versionCommand)),
      m_noTargetReason(std::move(noTargetReason)) {
    m_facts.prefix = std::move(prefix);
    m_facts.target = std::move(target);
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        done(QStringLiteral("no answer from \"%1\" within %2 s")
                 .arg(commandText())
                 .arg(kProbeMs / 1000));
    });
}

HostFactsProbe::~HostFactsProbe() {
    stop();
}

QString HostFactsProbe::commandText() const {
    QStringList argv = m_facts.prefix;
    argv << QStringLiteral("sh") << QStringLiteral("-s");
    return RunCommands::display(argv);
}

void HostFactsProbe::start() {
    QStringList arguments{QStringLiteral("-s"), QStringLiteral("--")};
    arguments << m_versionCommand;
    const QString targetProblem =
        m_facts.target.isEmpty() ? m_noTargetReason : RunValidation::checkTarget(m_facts.target);
    if (targetProblem.isEmpty()) {
        arguments << m_facts.target;
    } else {
        for (const char* fact : {"target_address", "interface", "source_address", "qdisc", "mtu"})
            m_facts.setUnknown(QLatin1String(fact), targetProblem);
    }
    QStringList argv = m_facts.prefix;
    argv << QStringLiteral("sh") << arguments;
    m_process = std::make_unique<QProcess>();
    ChildProcess::prepare(m_process.get());
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(
        m_process.get(), &QProcess::finished, this,
        [this](int exitCode, QProcess::ExitStatus exitStatus) {
            done(exitStatus == QProcess::NormalExit
                     ? QStringLiteral("\"%1\" ended (exit status %2) before printing it")
                           .arg(commandText())
                           .arg(exitCode)
                     : QStringLiteral("\"%1\" was killed before printing it").arg(commandText()));
        });
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            done(QStringLiteral("cannot start \"%1\": %2")
                     .arg(commandText(), m_process->errorString()));
    });
    m_timeout.start(kProbeMs);
    m_process->start(argv.front(), argv.mid(1));
    if (m_done)
        return; // could not start, and said so
    m_process->write(QByteArray(kScript).replace("%1", QByteArray::number(kCommandSeconds)));
    m_process->closeWriteChannel();
}

void HostFactsProbe::stop() {
    m_done = true;
    m_timeout.stop();
    ChildProcess::killNow(m_process.get(), this);
}

HostFacts HostFactsProbe::read(const QByteArray& output, HostFacts facts,
                               const QStringList& versionCommand, const QString& why) {
    const QMap<QString, Printed> printed = printedBy(output);
    takeFirstLine(facts, printed, QStringLiteral("tool_version"),
                  RunCommands::display(versionCommand));
    takeFirstLine(facts, printed, QStringLiteral("host_name"), QStringLiteral("uname -n"));
    takeFirstLine(facts, printed, QStringLiteral("kernel"), QStringLiteral("uname -r"));
    takeFirstLine(facts, printed, QStringLiteral("congestion_control"),
                  QStringLiteral("cat /proc/sys/net/ipv4/tcp_congestion_control"));
    takeFirstLine(facts, printed, QStringLiteral("available_congestion_control"),
                  QStringLiteral("cat /proc/sys/net/ipv4/tcp_available_congestion_control"));
    takeRouteFacts(facts, printed);
    // The reasons for what the output lacks: the probe's end, with what it printed besides.
    QStringList other;
    for (const QByteArray& raw : output.split('\n'))
        if (!raw.startsWith(kMarker) && !raw.trimmed().isEmpty())
            other << QString::fromLocal8Bit(raw).trimmed();
    const QString said = RunCommands::lastLines(other.join(QLatin1Char('\n')).toLocal8Bit());
    facts.explainMissing(said.isEmpty() ? why : why + QStringLiteral(": ") + said);
    return facts;
}

void HostFactsProbe::done(const QString& why) {
    if (m_done)
        return;
    m_done = true;
    m_timeout.stop();
    const QByteArray output = m_process->readAll();
    ChildProcess::killNow(m_process.get(), this);
    m_facts = read(output, m_facts, m_versionCommand, why);
    emit finished(m_facts);
}

} // namespace wb
