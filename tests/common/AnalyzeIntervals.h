#pragma once

#include "TestSupport.h"

#include <QByteArray>
#include <QProcess>
#include <QString>

#include <vector>

namespace wb::test {

// The numbers seed 002's analyze.pl (tests/tools/analyze_intervals.pl, Math::NumberCruncher)
// prints for the given lines: mean, median and standard deviation, as three doubles; empty
// when perl or Math::NumberCruncher is missing.
inline std::vector<double> analyzeIntervals(const QByteArray& lines) {
    QProcess perl;
    perl.start(QStringLiteral("perl"), {toolPath(QStringLiteral("analyze_intervals.pl"))});
    if (!perl.waitForStarted(10000))
        return {};
    perl.write(lines);
    perl.closeWriteChannel();
    if (!perl.waitForFinished(60000) || perl.exitCode() != 0)
        return {};
    const QString out = QString::fromUtf8(perl.readAllStandardOutput());
    std::vector<double> values;
    for (const QString& part : out.trimmed().split(QLatin1Char('\t')))
        values.push_back(part.section(QLatin1Char(' '), 1).toDouble());
    return values;
}

} // namespace wb::test
