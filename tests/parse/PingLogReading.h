#pragma once

// An independent reading of ping logs with regular expressions, for tests that compare every
// sample of an import with the log's text: runs split at their headers, each reply's printed
// sequence number and time, the time prefix of each line read with QDateTime, not with the
// parser's reader.

#include "model/Dataset.h"

#include <QDateTime>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QTest>
#include <QTimeZone>

#include <cmath>
#include <optional>

namespace wb::test {

struct RegexReply {
    std::optional<qint64> sequence; // as printed; absent where the tool prints none
    double rtt = 0;
    double time = std::nan(""); // of the line's prefix (seconds), NaN without one
};

struct RegexRun {
    QString target;
    QString startText; // the time prefix of the header line
    QList<RegexReply> replies;
    std::optional<qint64> transmitted;
    std::optional<qint64> received;
};

// How to read one dialect: each expression applies to a line without its time prefix.
struct PingLogShape {
    QRegularExpression header; // captures `target`
    QRegularExpression reply;  // captures `rtt` and, where printed, `seq`
    QRegularExpression counts; // captures `sent` and `received`
};

// The time of a prefix `text` in seconds: epoch seconds for dated ones (no zone = UTC), a
// year-less `Nov 29 23:08:01` in the year 2000, bare clocks and seconds as they are.
inline double prefixSeconds(const QString& text) {
    const QString trimmed = text.trimmed();
    const auto epoch = [](int year, int month, int day, int hour, int minute, double second) {
        const QDateTime midnight(QDate(year, month, day), QTime(0, 0), QTimeZone::utc());
        return static_cast<double>(midnight.toSecsSinceEpoch()) + hour * 3600.0 + minute * 60.0 +
               second;
    };
    static const QRegularExpression number(QStringLiteral("^\\d+\\.\\d+$"));
    if (number.match(trimmed).hasMatch())
        return trimmed.toDouble();
    static const QRegularExpression clock(QStringLiteral("^(\\d\\d):(\\d\\d):(\\d\\d)$"));
    if (const auto m = clock.match(trimmed); m.hasMatch())
        return m.captured(1).toInt() * 3600.0 + m.captured(2).toInt() * 60.0 +
               m.captured(3).toInt();
    static const QRegularExpression iso(
        QStringLiteral("^(\\d{4})-(\\d\\d)-(\\d\\d)[T "
                       "](\\d\\d):(\\d\\d):(\\d\\d(?:[.,]\\d+)?)(?:Z|([+-])(\\d\\d):?(\\d\\d))?$"));
    if (const auto m = iso.match(trimmed); m.hasMatch()) {
        const double zone = m.capturedLength(7) > 0
                                ? (m.captured(8).toInt() * 3600.0 + m.captured(9).toInt() * 60.0) *
                                      (m.captured(7) == QLatin1String("-") ? -1 : 1)
                                : 0.0;
        return epoch(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt(),
                     m.captured(4).toInt(), m.captured(5).toInt(),
                     m.captured(6).replace(QLatin1Char(','), QLatin1Char('.')).toDouble()) -
               zone;
    }
    static const QRegularExpression us(
        QStringLiteral("^(\\d{1,2})/(\\d{1,2})/(\\d{4}) (\\d{1,2}):(\\d\\d):(\\d\\d) (AM|PM)$"));
    if (const auto m = us.match(trimmed); m.hasMatch()) {
        const int hour =
            m.captured(4).toInt() % 12 + (m.captured(7) == QLatin1String("PM") ? 12 : 0);
        return epoch(m.captured(3).toInt(), m.captured(1).toInt(), m.captured(2).toInt(), hour,
                     m.captured(5).toInt(), m.captured(6).toDouble());
    }
    static const QRegularExpression syslog(
        QStringLiteral("^([A-Z][a-z]{2}) +(\\d{1,2}) (\\d\\d):(\\d\\d):(\\d\\d)$"));
    if (const auto m = syslog.match(trimmed); m.hasMatch()) {
        static const QStringList months = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                           "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
        return epoch(2000, static_cast<int>(months.indexOf(m.captured(1))) + 1,
                     m.captured(2).toInt(), m.captured(3).toInt(), m.captured(4).toInt(),
                     m.captured(5).toDouble());
    }
    return std::nan("");
}

// The runs of a log: `prefix` matches the time prefix of a line (with its separator; one
// that matches nothing is fine), the shape's header starts a run.
inline QList<RegexRun> readRuns(const QByteArray& log, const QRegularExpression& prefix,
                                const PingLogShape& shape) {
    QList<RegexRun> runs;
    for (QString line : QString::fromUtf8(log).split(QLatin1Char('\n'))) {
        line.remove(QLatin1Char('\r'));
        line.replace(QChar(0x00A0), QLatin1Char(' '));
        QString prefixText;
        if (const auto m = prefix.match(line);
            m.hasMatch() && m.capturedStart() == 0 && m.capturedLength() > 0) {
            prefixText = m.captured(QStringLiteral("time"));
            line = line.mid(m.capturedLength());
        }
        if (const auto m = shape.header.match(line); m.hasMatch()) {
            RegexRun run;
            run.target = m.captured(QStringLiteral("target"));
            run.startText = prefixText;
            runs.append(run);
            continue;
        }
        const auto m = shape.reply.match(line);
        const auto c = shape.counts.match(line);
        if (runs.isEmpty() && (m.hasMatch() || c.hasMatch()))
            runs.append(RegexRun{}); // a log without a header
        // ping -D's own stamp, when the line has no prefix.
        static const QRegularExpression stamp(QStringLiteral("^\\[(\\d+\\.\\d+)\\] "));
        if (const auto d = stamp.match(line); d.hasMatch() && prefixText.isEmpty())
            prefixText = d.captured(1);
        if (m.hasMatch()) {
            RegexReply reply;
            if (m.capturedStart(QStringLiteral("seq")) >= 0)
                reply.sequence = m.captured(QStringLiteral("seq")).toLongLong();
            // Windows' `time<1ms` is below the timer's resolution and recorded as 0 ms.
            const bool below = m.capturedLength(QStringLiteral("below")) > 0;
            reply.rtt = below ? 0.0 : m.captured(QStringLiteral("rtt")).toDouble();
            reply.time = prefixText.isEmpty() ? std::nan("") : prefixSeconds(prefixText);
            runs.last().replies.append(reply);
        } else if (c.hasMatch()) {
            runs.last().transmitted = c.captured(QStringLiteral("sent")).toLongLong();
            runs.last().received = c.captured(QStringLiteral("received")).toLongLong();
        }
    }
    return runs;
}

// Every reply of `run` (RTT; printed sequence number when given; prefix time relative to the
// run's first reply when the log has prefixes) is the dataset's.
inline void compareRun(const Dataset& dataset, const RegexRun& run, const QString& where) {
    const LatencySeries& series = dataset.latency;
    QVERIFY2(series.size() == static_cast<std::size_t>(run.replies.size()),
             qPrintable(QStringLiteral("%1: %2 replies, the log shows %3")
                            .arg(where)
                            .arg(series.size())
                            .arg(run.replies.size())));
    const bool timed = !run.replies.isEmpty() && !std::isnan(run.replies.front().time);
    QCOMPARE(series.hasTimestamps(), timed);
    for (qsizetype i = 0; i < run.replies.size(); ++i) {
        const RegexReply& reply = run.replies[i];
        const auto at = static_cast<std::size_t>(i);
        QVERIFY2(series.rttMs[at] == reply.rtt,
                 qPrintable(QStringLiteral("%1 reply %2: %3 ms, the log says %4")
                                .arg(where)
                                .arg(i)
                                .arg(series.rttMs[at])
                                .arg(reply.rtt)));
        if (reply.sequence)
            QVERIFY2(series.sequence[at] % 65536 == *reply.sequence % 65536,
                     qPrintable(QStringLiteral("%1 reply %2").arg(where).arg(i)));
        if (timed) {
            const double expected = reply.time - run.replies.front().time;
            const double actual = series.timestamps[at] - series.timestamps.front();
            QVERIFY2(std::abs(expected - actual) < 1e-6,
                     qPrintable(QStringLiteral("%1 reply %2: at %3 s, the prefix says %4 s")
                                    .arg(where)
                                    .arg(i)
                                    .arg(actual, 0, 'f', 6)
                                    .arg(expected, 0, 'f', 6)));
        }
    }
    if (run.transmitted) {
        QCOMPARE(series.summary.transmitted.value_or(-1), *run.transmitted);
        QCOMPARE(series.summary.received.value_or(-1), *run.received);
    }
    if (!run.target.isEmpty())
        QCOMPARE(dataset.info.target, run.target);
}

// The shapes of the dialects these tests read.
inline PingLogShape unixShape() {
    return {QRegularExpression(QStringLiteral("^PING (?<target>[^ (]+)")),
            QRegularExpression(QStringLiteral(
                "^(?:\\[[\\d.]+\\] )?\\d+ bytes from [^ ]+:? (?:icmp_)?seq=(?<seq>\\d+) "
                ".*time=(?<rtt>[\\d.]+) ms")),
            QRegularExpression(QStringLiteral(
                "^(?<sent>\\d+) packets transmitted, (?<received>\\d+) (?:packets )?received"))};
}

inline PingLogShape windowsShape() {
    return {
        QRegularExpression(QStringLiteral(
            "^(?:Pinging|Ping wird ausgeführt für|Envoi d’une requête 'Ping') +(?<target>\\S+)")),
        QRegularExpression(QStringLiteral("(?:time|Zeit|temps)(?:=|(?<below><))(?<rtt>\\d+) ?ms")),
        QRegularExpression(QStringLiteral(
            "(?:Sent|Gesendet|envoyés) = (?<sent>\\d+), (?:Received|Empfangen|reçus) = "
            "(?<received>\\d+)"))};
}

inline PingLogShape hpingShape() {
    return {QRegularExpression(QStringLiteral("^HPING (?<target>[\\d.]+)")),
            QRegularExpression(QStringLiteral(
                "^(?:DUP! )?len=\\d+ .*(?:icmp_seq|seq)=(?<seq>\\d+) .*rtt=(?<rtt>[\\d.]+) ms")),
            QRegularExpression(QStringLiteral(
                "^(?<sent>\\d+) packets transmitted, (?<received>\\d+) packets received"))};
}

} // namespace wb::test
