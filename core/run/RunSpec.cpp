#include "RunSpec.h"

namespace wb {

QString runToolProgram(RunTool tool) {
    switch (tool) {
    case RunTool::Ping:
        return QStringLiteral("ping");
    case RunTool::Iperf2:
        return QStringLiteral("iperf");
    case RunTool::Iperf3:
        return QStringLiteral("iperf3");
    case RunTool::Irtt:
        return QStringLiteral("irtt");
    }
    return {};
}

std::optional<RunTool> runToolFromName(const QString& name) {
    if (name == QLatin1String("ping"))
        return RunTool::Ping;
    if (name == QLatin1String("iperf") || name == QLatin1String("iperf2"))
        return RunTool::Iperf2;
    if (name == QLatin1String("iperf3"))
        return RunTool::Iperf3;
    if (name == QLatin1String("irtt"))
        return RunTool::Irtt;
    return std::nullopt;
}

QString RunSpec::displayLabel() const {
    if (!label.isEmpty())
        return label;
    QStringList words{runToolProgram(tool), target};
    if (isIperf()) {
        if (udp)
            words << QStringLiteral("UDP") << bandwidth;
        if (!congestionControl.isEmpty())
            words << congestionControl;
        words << QStringLiteral("P%1").arg(streams);
    }
    words.removeAll(QString());
    return words.join(QLatin1Char(' '));
}

} // namespace wb
