#pragma once

#include "HostFactsProbe.h"
#include "RunCommands.h"
#include "RunSpec.h"

#include <QMap>
#include <QObject>

#include <memory>

namespace wb {

// The facts stage of a run: the client's host through the client prefix, toward the target;
// then, when the run starts a server, the server's host through the server prefix, toward
// the address the client's route leaves from; and the machine Wirebench runs on (the same
// probe as the client's when the client runs here). Reported once all have answered.
class RunFactsStage : public QObject {
    Q_OBJECT

public:
    // The sides' names in RunRecord::hosts and the sidecar's "hosts".
    static constexpr char kClient[] = "client";
    static constexpr char kServer[] = "server";
    static constexpr char kWorkbench[] = "workbench";

    RunFactsStage(const RunSpec& spec, const RunCommands& commands, QObject* parent = nullptr);

    void start();
    // Kills the probes still running; finished() is not emitted afterwards.
    void stop();

signals:
    void finished(const QMap<QString, wb::HostFacts>& hosts);

private:
    HostFactsProbe* probe(const QString& side, const QStringList& prefix, const QString& target,
                          const QString& noTargetReason = QString());
    void onProbed(const QString& side, const HostFacts& facts);

    RunSpec m_spec;
    QStringList m_versionCommand;
    bool m_startsServer = false;
    QMap<QString, std::shared_ptr<HostFactsProbe>> m_probes;
    QMap<QString, HostFacts> m_hosts;
    int m_pending = 0;
    bool m_stopped = false;
    bool m_reported = false;
};

} // namespace wb
