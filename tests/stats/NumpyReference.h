#pragma once

#include "TestSupport.h"

#include <QStringList>

#include <vector>

namespace wb::test {

// Runs tests/tools/numpy_stats.py on values and returns its output lines, or an empty list
// when no python with numpy is installed (the caller skips then).
inline QStringList numpyAnswer(const std::vector<double>& values, const QStringList& arguments) {
    const QString python = pythonWithNumpy();
    if (python.isEmpty())
        return {};
    QByteArray input;
    for (double value : values)
        input += QByteArray::number(value, 'g', 17) + '\n';
    QProcess process;
    process.start(python, QStringList{toolPath(QStringLiteral("numpy_stats.py"))} + arguments);
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return {QStringLiteral("numpy_stats.py failed: ") +
                QString::fromUtf8(process.readAllStandardError())};
    return QString::fromUtf8(process.readAllStandardOutput())
        .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace wb::test
