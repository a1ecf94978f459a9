#include "StepMembers.h"

#include "RunCommands.h"
#include "RunValidation.h"

#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>

namespace wb {

namespace {

bool isTcpFlow(const RunSpec& spec) {
    return spec.isIperf() && !spec.udp;
}

// A member whose server Wirebench starts: that server needs a port of its own.
bool startsServer(const RunSpec& spec) {
    return spec.tool != RunTool::Ping && spec.startServer;
}

QString defaultName(RunTool tool) {
    switch (tool) {
    case RunTool::Ping:
        return QStringLiteral("ping");
    case RunTool::Irtt:
        return QStringLiteral("irtt");
    case RunTool::Iperf2:
    case RunTool::Iperf3:
        break;
    }
    return QStringLiteral("iperf");
}

} // namespace

void StepMembers::pingFor(RunSpec* spec, double seconds) {
    spec->count = std::max(1, static_cast<int>(std::lround(seconds / spec->intervalSeconds)));
}

void StepMembers::complete(std::vector<StepMember>* members) {
    QSet<QString> taken;
    QSet<int> ports;
    for (const StepMember& member : *members) {
        taken.insert(member.name);
        if (member.spec.tool != RunTool::Ping && member.spec.port > 0)
            ports.insert(member.spec.port);
    }
    QMap<QString, int> counts; // per default name: how many were named so far
    for (StepMember& member : *members) {
        RunSpec& spec = member.spec;
        if (member.name.isEmpty()) {
            const QString base = defaultName(spec.tool);
            QString name;
            do {
                const int n = ++counts[base];
                // Flows are numbered from the first; a single ping or irtt is its tool's name.
                name = spec.isIperf() || n > 1 ? QStringLiteral("%1-%2").arg(base).arg(n) : base;
            } while (taken.contains(name));
            member.name = name;
            taken.insert(name);
        }
        if (startsServer(spec) && spec.port == 0) {
            int port = RunCommands::serverPort(spec);
            while (ports.contains(port))
                ++port;
            spec.port = port;
            ports.insert(port);
        }
    }
    endIrttWithItsUntil(members);
}

void StepMembers::endIrttWithItsUntil(std::vector<StepMember>* members) {
    for (StepMember& member : *members) {
        if (member.spec.tool != RunTool::Irtt || member.until.isEmpty())
            continue;
        const auto until = std::find_if(members->begin(), members->end(), [&](const auto& other) {
            return other.name == member.until && &other != &member;
        });
        if (until == members->end())
            continue; // check() names the unknown member
        const double end = until->startSeconds + RunCommands::build(until->spec).expectedSeconds;
        const int seconds = static_cast<int>(std::ceil(end - member.startSeconds - 1e-9));
        member.spec.durationSeconds =
            std::clamp(seconds, 1, std::max(1, member.spec.durationSeconds));
    }
}

bool StepMembers::stopsWithItsUntil(const StepMember& member) {
    return member.spec.tool != RunTool::Irtt;
}

std::vector<StepMember> StepMembers::latencyUnderLoad(const RunSpec& base, int up, int down,
                                                      int loadSeconds, double marginSeconds,
                                                      RunTool latencyTool) {
    std::vector<StepMember> members;
    const double latencySeconds = loadSeconds + 2 * marginSeconds;
    StepMember latency{QString(), RunSpec(), 0, QString()};
    latency.spec.target = base.target;
    latency.spec.intervalSeconds = base.intervalSeconds;
    latency.spec.clientPrefix = base.clientPrefix;
    latency.spec.parameters = base.parameters;
    if (latencyTool == RunTool::Irtt) {
        latency.name = QStringLiteral("irtt");
        latency.spec.tool = RunTool::Irtt;
        latency.spec.packetLength = base.packetLength;
        latency.spec.durationSeconds = static_cast<int>(std::ceil(latencySeconds - 1e-9));
        latency.spec.startServer = true;
        latency.spec.serverPrefix = base.serverPrefix;
    } else {
        latency.name = QStringLiteral("ping");
        latency.spec.tool = RunTool::Ping;
        latency.spec.packetSize = base.packetSize;
        pingFor(&latency.spec, latencySeconds);
    }
    members.push_back(latency);
    for (int direction = 0; direction < 2; ++direction) {
        const bool reverse = direction == 1;
        for (int i = 1; i <= (reverse ? down : up); ++i) {
            StepMember flow{QStringLiteral("%1-%2").arg(reverse ? "down" : "up").arg(i), RunSpec(),
                            marginSeconds, QString()};
            RunSpec& spec = flow.spec;
            spec.tool = RunTool::Iperf3;
            spec.target = base.target;
            spec.durationSeconds = loadSeconds;
            spec.reportIntervalSeconds = base.reportIntervalSeconds;
            spec.streams = base.streams;
            spec.congestionControl = base.congestionControl;
            spec.reverse = reverse;
            spec.startServer = true;
            // A port given is the first flow's; the others count up from it.
            if (base.port > 0)
                spec.port = base.port + static_cast<int>(members.size()) - 1;
            spec.clientPrefix = base.clientPrefix;
            spec.serverPrefix = base.serverPrefix;
            spec.parameters = base.parameters;
            members.push_back(flow);
        }
    }
    complete(&members);
    return members;
}

QStringList StepMembers::check(const std::vector<StepMember>& members) {
    QStringList problems;
    if (members.empty())
        problems << QStringLiteral("a concurrent step needs at least one member");
    if (members.size() > static_cast<std::size_t>(kMaxMembers))
        problems << QStringLiteral("a step has at most %1 members, not %2")
                        .arg(kMaxMembers)
                        .arg(members.size());
    static const QRegularExpression namePattern(QStringLiteral("^[A-Za-z0-9_-]{1,32}$"));
    static const QStringList reserved = {QStringLiteral("run"), QStringLiteral("server"),
                                         QStringLiteral("ss")};
    QSet<QString> names;
    std::map<int, QString> serverPorts;
    for (std::size_t i = 0; i < members.size(); ++i) {
        const StepMember& member = members[i];
        const QString who = member.name.isEmpty()
                                ? QStringLiteral("member %1").arg(i + 1)
                                : QStringLiteral("member \"%1\"").arg(member.name);
        if (!namePattern.match(member.name).hasMatch())
            problems
                << QStringLiteral("%1: a member's name is 1 to 32 of A-Z a-z 0-9 _ -").arg(who);
        else if (reserved.contains(member.name.toLower()))
            problems << QStringLiteral("%1: \"%2\" names a file of the step itself; choose "
                                       "another name")
                            .arg(who, member.name);
        else if (names.contains(member.name.toLower()))
            problems << QStringLiteral("%1: another member has this name").arg(who);
        names.insert(member.name.toLower());
        if (!member.until.isEmpty()) {
            const bool known = std::any_of(members.begin(), members.end(), [&](const auto& other) {
                return other.name == member.until && &other != &member;
            });
            if (!known)
                problems << QStringLiteral("%1: until names no other member of the step (\"%2\")")
                                .arg(who, member.until);
        }
        if (!(member.startSeconds >= 0 && member.startSeconds <= kMaxStartSeconds))
            problems << QStringLiteral("%1: start must be 0 to %2 s after the step's start")
                            .arg(who)
                            .arg(kMaxStartSeconds);
        for (const QString& problem : RunValidation::check(member.spec))
            problems << QStringLiteral("%1: %2").arg(who, problem);
        if (startsServer(member.spec)) {
            const int port = RunCommands::serverPort(member.spec);
            const QString key = member.spec.serverPrefix.join(QLatin1Char(' '));
            const auto [it, fresh] = serverPorts.emplace(port, key);
            if (!fresh && it->second == key)
                problems << QStringLiteral("%1: another member's server already listens on "
                                           "port %2 there; give each its own port")
                                .arg(who)
                                .arg(port);
        }
    }
    return problems;
}

QString StepMembers::checkSampleSeconds(double seconds) {
    if (seconds >= kMinSampleSeconds && seconds <= kMaxSampleSeconds)
        return {};
    return QStringLiteral("the TCP state sampling interval must be %1 to %2 s")
        .arg(kMinSampleSeconds)
        .arg(kMaxSampleSeconds);
}

std::vector<QStringList> StepMembers::tcpSampleCommands(const std::vector<StepMember>& members,
                                                        QStringList* skipped) {
    // Sender prefix -> its filter terms ("dport = :5201"), in the order senders first appear.
    std::vector<std::pair<QStringList, QStringList>> senders;
    for (const StepMember& member : members) {
        const RunSpec& spec = member.spec;
        if (!isTcpFlow(spec))
            continue;
        if (spec.reverse && !spec.startServer) {
            skipped->append(QStringLiteral("%1: its server sends (-R) on a host Wirebench did not "
                                           "start it on, so its TCP state is not sampled")
                                .arg(member.name));
            continue;
        }
        const QStringList& prefix = spec.reverse ? spec.serverPrefix : spec.clientPrefix;
        const QString term =
            QStringLiteral("%1 = :%2")
                .arg(spec.reverse ? QStringLiteral("sport") : QStringLiteral("dport"))
                .arg(RunCommands::serverPort(spec));
        auto it = std::find_if(senders.begin(), senders.end(),
                               [&](const auto& sender) { return sender.first == prefix; });
        if (it == senders.end())
            senders.emplace_back(prefix, QStringList{term});
        else if (!it->second.contains(term))
            it->second << term;
    }
    std::vector<QStringList> commands;
    for (const auto& [prefix, terms] : senders) {
        QStringList command = prefix;
        command << QStringLiteral("ss") << QStringLiteral("-tin");
        if (terms.size() > 1)
            command << QStringLiteral("(");
        for (qsizetype i = 0; i < terms.size(); ++i) {
            if (i > 0)
                command << QStringLiteral("or");
            command << terms[i].split(QLatin1Char(' '));
        }
        if (terms.size() > 1)
            command << QStringLiteral(")");
        commands.push_back(command);
    }
    return commands;
}

} // namespace wb
