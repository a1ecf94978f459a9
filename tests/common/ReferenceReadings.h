#pragma once

// Readings that share no code with what the tests check: numpy's percentile written out, and
// a ping log's RTTs and loss read by regular expressions.

#include <QFile>
#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace wb::test {

// numpy.percentile(sorted, p) with its default "linear" method: the virtual index
// (n - 1) p / 100 and numpy's _lerp between its neighbours (from the upper one past the
// middle, as numpy does, so results match to the last bit). NaN for no values.
inline double numpyPercentileOfSorted(const std::vector<double>& sorted, double p) {
    if (sorted.empty())
        return std::nan("");
    const double h = double(sorted.size() - 1) * p / 100;
    const auto below = static_cast<std::size_t>(std::floor(h));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double t = h - double(below);
    const double a = sorted[below];
    const double b = sorted[above];
    return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t;
}

// The same of values in any order.
inline double numpyPercentile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    return numpyPercentileOfSorted(values, p);
}

// Every "time=X ms" of a reply line that is not a duplicate: the RTTs, in log order.
inline std::vector<double> pingRttsOf(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    static const QRegularExpression time(QStringLiteral("time=([0-9.]+) ms"));
    std::vector<double> values;
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (line.contains("DUP!"))
            continue;
        const QRegularExpressionMatch match = time.match(QString::fromLatin1(line));
        if (match.hasMatch())
            values.push_back(match.captured(1).toDouble());
    }
    return values;
}

// 100 · (transmitted − received) / transmitted from ping's summary line; -1 without one.
inline double pingLossPercentOf(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    static const QRegularExpression counts(
        QStringLiteral("([0-9]+) packets transmitted, ([0-9]+) received"));
    const QRegularExpressionMatch match = counts.match(QString::fromLatin1(file.readAll()));
    if (!match.hasMatch())
        return -1;
    const double sent = match.captured(1).toDouble();
    return 100 * (sent - match.captured(2).toDouble()) / sent;
}

// Lost and Total of the "Server Report" of an iperf 2 client's text output (the first
// "N/M (" after the report's heading); {-1, -1} without one.
inline std::pair<std::int64_t, std::int64_t> serverReportCountsOf(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {-1, -1};
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    static const QRegularExpression counts(QStringLiteral("(\\d+)/\\s*(\\d+)\\s+\\("));
    bool inReport = false;
    for (const QString& line : lines) {
        inReport = inReport || line.contains(QLatin1String("Server Report"));
        const QRegularExpressionMatch m = counts.match(line);
        if (inReport && m.hasMatch())
            return {m.captured(1).toLongLong(), m.captured(2).toLongLong()};
    }
    return {-1, -1};
}

} // namespace wb::test
