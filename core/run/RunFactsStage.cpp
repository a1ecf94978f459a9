#include "RunFactsStage.h"

namespace wb {

RunFactsStage::RunFactsStage(const RunSpec& spec, const RunCommands& commands, QObject* parent)
    : QObject(parent), m_spec(spec), m_versionCommand(commands.versionCommand),
      m_startsServer(!commands.server.isEmpty()) {}

HostFactsProbe* RunFactsStage::probe(const QString& side, const QStringList& prefix,
                                     const QString& target, const QString& noTargetReason) {
    auto probe = std::make_shared<HostFactsProbe>(prefix, target, m_versionCommand, noTargetReason);
    connect(probe.get(), &HostFactsProbe::finished, this,
            [this, side](const HostFacts& facts) { onProbed(side, facts); });
    m_probes.insert(side, probe);
    ++m_pending;
    return probe.get();
}

void RunFactsStage::start() {
    HostFactsProbe* client = probe(QLatin1String(kClient), m_spec.clientPrefix, m_spec.target);
    if (!m_spec.clientPrefix.isEmpty())
        probe(QLatin1String(kWorkbench), {}, m_spec.target)->start();
    client->start();
}

void RunFactsStage::stop() {
    m_stopped = true;
    for (const auto& probe : std::as_const(m_probes))
        probe->stop();
}

void RunFactsStage::onProbed(const QString& side, const HostFacts& facts) {
    if (m_stopped)
        return;
    m_hosts.insert(side, facts);
    --m_pending;
    if (side == QLatin1String(kClient)) {
        if (m_spec.clientPrefix.isEmpty())
            m_hosts.insert(QLatin1String(kWorkbench), facts);
        if (m_startsServer) {
            // Toward the client as the server sees it: where the client's route leaves from.
            const QString source = facts.value(QStringLiteral("source_address"));
            const QString why = QStringLiteral("the client's source address is unknown (%1)")
                                    .arg(facts.unknown.value(QStringLiteral("source_address")));
            probe(QLatin1String(kServer), m_spec.serverPrefix, source, why)->start();
        }
    }
    // A probe that cannot start reports at once, possibly inside this call.
    if (m_pending == 0 && !m_reported) {
        m_reported = true;
        emit finished(m_hosts);
    }
}

} // namespace wb
