#pragma once

#include "files/HostFacts.h"

#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTimer>

#include <memory>

namespace wb {

// Reads one host's facts (host name, kernel, default and available congestion control, the
// interface toward a target with its qdisc and MTU, the tool's version) through the prefix
// that reaches it, in one process: PREFIX sh -s -- TOOL VERSIONFLAG [TARGET], the script on
// stdin. Over ssh that is one round trip, and only validated words pass through the remote
// shell's re-parsing: the script itself never appears on a command line. Asynchronous; every
// command in the script has its own time limit, the whole probe too. A fact that cannot be
// read is recorded unknown with the reason; nothing here fails a run.
class HostFactsProbe : public QObject {
    Q_OBJECT

public:
    static constexpr int kCommandSeconds = 3;
    static constexpr int kProbeMs = 10000;

    // versionCommand: the tool and its version flag ({"iperf3", "-v"}). An empty target, or
    // one that is not a valid host name or address, leaves the route facts unknown with
    // noTargetReason (or the validation's reason).
    HostFactsProbe(QStringList prefix, QString target, QStringList versionCommand,
                   QString noTargetReason = QString(), QObject* parent = nullptr);
    ~HostFactsProbe() override;

    void start();
    // Kills the probe; finished() is not emitted afterwards.
    void stop();
    const HostFacts& facts() const { return m_facts; }

    // The facts in what the script printed (exported for tests); why explains every fact the
    // output does not give.
    static HostFacts read(const QByteArray& output, HostFacts facts,
                          const QStringList& versionCommand, const QString& why);

signals:
    void finished(const wb::HostFacts& facts);

private:
    void done(const QString& why);
    QString commandText() const;

    HostFacts m_facts;
    QStringList m_versionCommand;
    QString m_noTargetReason;
    std::unique_ptr<QProcess> m_process;
    QTimer m_timeout;
    bool m_done = false;
};

} // namespace wb
