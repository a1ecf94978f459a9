#include "RunCommands.h"

#include <algorithm>

namespace wb {

namespace {

QString number(double value) {
    return QString::number(value, 'g', 10);
}

QStringList pingArguments(const RunSpec& spec) {
    // -D: timestamps, so the timeline has a time axis; -n: no reverse lookups between lines.
    return {QStringLiteral("-D"), QStringLiteral("-n"),
            QStringLiteral("-c"), QString::number(spec.count),
            QStringLiteral("-i"), number(spec.intervalSeconds),
            QStringLiteral("-s"), QString::number(spec.packetSize)};
}

// Options iperf2 and iperf3 spell the same way.
QStringList commonIperfArguments(const RunSpec& spec) {
    QStringList args{QStringLiteral("-c"), spec.target,
                     QStringLiteral("-t"), QString::number(spec.durationSeconds),
                     QStringLiteral("-i"), number(spec.reportIntervalSeconds),
                     QStringLiteral("-P"), QString::number(spec.streams)};
    if (spec.udp)
        args << QStringLiteral("-u");
    if (!spec.bandwidth.isEmpty())
        args << QStringLiteral("-b") << spec.bandwidth;
    if (spec.reverse)
        args << QStringLiteral("-R");
    if (spec.port > 0)
        args << QStringLiteral("-p") << QString::number(spec.port);
    return args;
}

QStringList iperfServerArguments(const RunSpec& spec) {
    QStringList args{QStringLiteral("-s")};
    if (spec.tool == RunTool::Iperf3) {
        // One test, then exit; flush each line so readiness shows at once.
        args << QStringLiteral("-1") << QStringLiteral("--forceflush");
    } else {
        if (spec.udp)
            args << QStringLiteral("-u");
        args << QStringLiteral("-i") << number(spec.reportIntervalSeconds);
    }
    if (spec.port > 0)
        args << QStringLiteral("-p") << QString::number(spec.port);
    return args;
}

} // namespace

RunCommands RunCommands::build(const RunSpec& spec) {
    RunCommands commands;
    const QString program = runToolProgram(spec.tool);
    commands.client = spec.clientPrefix;
    commands.client << program;
    commands.versionCommand << program;
    switch (spec.tool) {
    case RunTool::Ping:
        commands.client << pingArguments(spec) << spec.extraArgs << spec.target;
        commands.versionCommand << QStringLiteral("-V");
        commands.formatId = QStringLiteral("ping/iputils");
        // Below 10 ms, iputils ping sleeps 10 ms whenever a reply is outstanding, so under
        // load (RTTs above the interval) it sends at most about 100 requests a second.
        commands.expectedSeconds = spec.count * std::max(spec.intervalSeconds, 0.01);
        break;
    case RunTool::Iperf2:
        commands.client << commonIperfArguments(spec);
        if (!spec.congestionControl.isEmpty())
            commands.client << QStringLiteral("-Z") << spec.congestionControl;
        commands.versionCommand << QStringLiteral("-v");
        commands.formatId = QStringLiteral("iperf2/text");
        break;
    case RunTool::Iperf3:
        commands.client << commonIperfArguments(spec);
        if (!spec.congestionControl.isEmpty())
            commands.client << QStringLiteral("-C") << spec.congestionControl;
        // Without a terminal iperf3 buffers its text; --forceflush lets the plots grow live.
        commands.client << (spec.json ? QStringLiteral("-J") : QStringLiteral("--forceflush"));
        commands.versionCommand << QStringLiteral("-v");
        commands.formatId =
            spec.json ? QStringLiteral("iperf3/json") : QStringLiteral("iperf3/text");
        break;
    }
    if (spec.isIperf()) {
        commands.client << spec.extraArgs;
        commands.expectedSeconds = spec.durationSeconds;
        if (spec.startServer) {
            commands.server = spec.serverPrefix;
            commands.server << program << iperfServerArguments(spec);
        }
    }
    return commands;
}

QString RunCommands::display(const QStringList& argv) {
    return argv.join(QLatin1Char(' '));
}

QString RunCommands::lastLines(const QByteArray& output, int lines) {
    QStringList kept = QString::fromLocal8Bit(output).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (kept.size() > lines)
        kept = kept.mid(kept.size() - lines);
    for (QString& line : kept)
        line = line.trimmed();
    return kept.join(QStringLiteral(" / "));
}

} // namespace wb
