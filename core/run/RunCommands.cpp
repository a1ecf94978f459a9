#include "RunCommands.h"

#include <algorithm>
#include <cmath>

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

// irtt's JSON goes to stdout (-o -), so the log is the same through any prefix, ssh
// included; -q leaves only its events, summary and errors on stderr. Without a port the
// target is the host alone and irtt connects to 2112.
QStringList irttClientArguments(const RunSpec& spec) {
    QStringList args{QStringLiteral("client"), QStringLiteral("-o"),
                     QStringLiteral("-"),      QStringLiteral("-q"),
                     QStringLiteral("-d"),     RunCommands::goDuration(spec.durationSeconds),
                     QStringLiteral("-i"),     RunCommands::goDuration(spec.intervalSeconds),
                     QStringLiteral("-l"),     QString::number(spec.packetLength)};
    args << spec.extraArgs;
    args << (spec.port > 0 ? QStringLiteral("%1:%2").arg(spec.target).arg(spec.port) : spec.target);
    return args;
}

// Every address of the host on the port; "-i 0" lets the client choose any interval (the
// server's default minimum of 10 ms would refuse a faster client).
QStringList irttServerArguments(const RunSpec& spec) {
    return {QStringLiteral("server"), QStringLiteral("-b"),
            QStringLiteral(":%1").arg(RunCommands::serverPort(spec)), QStringLiteral("-i"),
            QStringLiteral("0")};
}

} // namespace

int RunCommands::serverPort(const RunSpec& spec) {
    if (spec.port > 0)
        return spec.port;
    switch (spec.tool) {
    case RunTool::Iperf3:
        return 5201;
    case RunTool::Irtt:
        return 2112;
    case RunTool::Ping:
    case RunTool::Iperf2:
        break;
    }
    return 5001;
}

QString RunCommands::goDuration(double seconds) {
    const bool whole = seconds >= 1 && std::fabs(seconds - std::round(seconds)) < 1e-9;
    QString text = whole ? QString::number(static_cast<qint64>(std::llround(seconds)))
                         : QString::number(seconds * 1000, 'f', 3);
    if (!whole) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text + (whole ? QStringLiteral("s") : QStringLiteral("ms"));
}

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
    case RunTool::Irtt:
        commands.client << irttClientArguments(spec);
        commands.versionCommand << QStringLiteral("version");
        commands.formatId = QStringLiteral("irtt/json");
        commands.expectedSeconds = spec.durationSeconds;
        if (spec.startServer) {
            commands.server = spec.serverPrefix;
            commands.server << program << irttServerArguments(spec);
            commands.serverReady = "[ListenerStart]";
        }
        break;
    }
    if (spec.isIperf()) {
        commands.client << spec.extraArgs;
        commands.expectedSeconds = spec.durationSeconds;
        if (spec.startServer) {
            commands.server = spec.serverPrefix;
            commands.server << program << iperfServerArguments(spec);
            // Both iperf2 and iperf3 flush this line once the socket listens.
            commands.serverReady = "listening";
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
