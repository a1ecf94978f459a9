#include "IperfRuns.h"

namespace wb {

QString IperfRuns::labelOf(const RunInfo& info, int run) {
    QString time;
    if (info.start.isValid()) {
        const bool local = info.start.timeSpec() == Qt::LocalTime;
        time = (local ? info.start : info.start.toUTC())
                   .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) +
               (local ? QString() : QStringLiteral(" UTC"));
    }
    const QString number = QStringLiteral("run %1").arg(run);
    if (info.target.isEmpty())
        return time.isEmpty() ? number : number + QLatin1Char(' ') + time;
    return info.target + QLatin1Char(' ') +
           (time.isEmpty() ? QStringLiteral("(%1)").arg(number) : time);
}

void IperfRuns::label(std::vector<Dataset>& tests) {
    if (tests.size() < 2)
        return;
    for (std::size_t i = 0; i < tests.size(); ++i)
        tests[i].label = labelOf(tests[i].info, static_cast<int>(i) + 1);
}

} // namespace wb
