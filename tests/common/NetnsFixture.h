#pragma once

// Two network namespaces joined by a veth pair, for end-to-end runs of ping and iperf.
// Addresses come from the RFC 2544 benchmarking range (198.18.0.0/15) only; everything is
// removed again when the fixture goes away. Needs root (CI runs as root); tests skip
// otherwise with the reason from skipReason().

#include <QCoreApplication>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

#include <unistd.h>

namespace wb::test {

class NetnsPair {
public:
    // tag keeps concurrent test programs apart; subnet picks 198.18.<subnet>.0/24.
    NetnsPair(const QString& tag, int subnet)
        : m_client(QStringLiteral("wb-%1-%2-a").arg(tag).arg(QCoreApplication::applicationPid())),
          m_server(QStringLiteral("wb-%1-%2-b").arg(tag).arg(QCoreApplication::applicationPid())),
          m_clientAddress(QStringLiteral("198.18.%1.1").arg(subnet)),
          m_serverAddress(QStringLiteral("198.18.%1.2").arg(subnet)) {}
    ~NetnsPair() { down(); }
    NetnsPair(const NetnsPair&) = delete;
    NetnsPair& operator=(const NetnsPair&) = delete;

    // Empty when namespaces can be made here, else why not.
    static QString skipReason() {
        if (::geteuid() != 0)
            return QStringLiteral("needs root to create network namespaces (CI runs as root)");
        if (QStandardPaths::findExecutable(QStringLiteral("ip")).isEmpty())
            return QStringLiteral("the ip tool (iproute2) is not installed");
        // Entering a namespace remounts /sys in a private mount namespace, which fails where
        // "/" is not a mount point (a plain chroot): say so instead of failing every test.
        const QString probe = QStringLiteral("wb-probe-%1").arg(QCoreApplication::applicationPid());
        QString why;
        const bool usable = run({"ip", "netns", "add", probe}, &why) &&
                            run({"ip", "netns", "exec", probe, "true"}, &why);
        QString ignored;
        run({"ip", "netns", "del", probe}, &ignored);
        if (!usable)
            return QStringLiteral("network namespaces cannot be used here: %1").arg(why);
        return {};
    }

    bool up(QString* why) {
        // Interface names have at most 15 characters: "va" / "vb", the pid and the subnet.
        const QString suffix = QStringLiteral("%1s%2")
                                   .arg(QCoreApplication::applicationPid() % 1000000)
                                   .arg(m_serverAddress.section(QLatin1Char('.'), 2, 2));
        m_clientIf = QStringLiteral("va") + suffix;
        m_serverIf = QStringLiteral("vb") + suffix;
        const QList<QStringList> steps = {
            {"ip", "netns", "add", m_client},
            {"ip", "netns", "add", m_server},
            {"ip", "link", "add", m_clientIf, "netns", m_client, "type", "veth", "peer", "name",
             m_serverIf, "netns", m_server},
            {"ip", "-n", m_client, "addr", "add", m_clientAddress + "/24", "dev", m_clientIf},
            {"ip", "-n", m_server, "addr", "add", m_serverAddress + "/24", "dev", m_serverIf},
            {"ip", "-n", m_client, "link", "set", m_clientIf, "up"},
            {"ip", "-n", m_server, "link", "set", m_serverIf, "up"},
            {"ip", "-n", m_client, "link", "set", "lo", "up"},
            {"ip", "-n", m_server, "link", "set", "lo", "up"},
        };
        m_created = true;
        for (const QStringList& step : steps)
            if (!run(step, why))
                return false;
        return true;
    }

    // A token bucket on the client's egress: the bottleneck of a TCP comparison.
    bool limitClientEgress(const QString& rate, QString* why) {
        return run({"ip", "netns", "exec", m_client, "tc", "qdisc", "replace", "dev", m_clientIf,
                    "root", "tbf", "rate", rate, "burst", "32kb", "limit", "300kb"},
                   why);
    }

    // The command that runs something inside a namespace: the runs' transport prefix.
    QStringList clientPrefix() const { return {"ip", "netns", "exec", m_client}; }
    QStringList serverPrefix() const { return {"ip", "netns", "exec", m_server}; }
    const QString& clientNamespace() const { return m_client; }
    const QString& serverNamespace() const { return m_server; }
    const QString& serverAddress() const { return m_serverAddress; }
    const QString& clientAddress() const { return m_clientAddress; }

    void down() {
        if (!m_created)
            return;
        m_created = false;
        QString ignored;
        run({"ip", "netns", "del", m_client}, &ignored); // removes the veth pair with it
        run({"ip", "netns", "del", m_server}, &ignored);
    }

    static bool run(const QStringList& argv, QString* why) {
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(argv.front(), argv.mid(1));
        if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit ||
            process.exitCode() != 0) {
            *why = argv.join(QLatin1Char(' ')) + QStringLiteral(": ") +
                   QString::fromLocal8Bit(process.readAll()).trimmed();
            return false;
        }
        return true;
    }

private:
    QString m_client;
    QString m_server;
    QString m_clientAddress;
    QString m_serverAddress;
    QString m_clientIf;
    QString m_serverIf;
    bool m_created = false;
};

} // namespace wb::test
