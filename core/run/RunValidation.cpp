#include "RunValidation.h"

#include <QRegularExpression>

#include <cstring>

namespace wb {

namespace {

// Characters a shell would act on. Quotes and backslashes are refused too: a word that
// needs quoting is not a host name, an interface or a number.
constexpr char kShellMetacharacters[] = ";|&$`<>(){}[]*?!~#'\"\\";

QString describeCharacter(QChar c) {
    if (c == QLatin1Char('\n'))
        return QStringLiteral("a newline");
    if (c == QLatin1Char('\t'))
        return QStringLiteral("a tab");
    if (c.isSpace())
        return QStringLiteral("whitespace");
    if (c.category() == QChar::Other_Control || c.unicode() == 0)
        return QStringLiteral("a control character (U+%1)")
            .arg(c.unicode(), 4, 16, QLatin1Char('0'));
    return QStringLiteral("the shell metacharacter '%1'").arg(c);
}

bool isShellSafe(QChar c) {
    if (c.unicode() > 0x7e || c.unicode() < 0x21)
        return false;
    return !std::strchr(kShellMetacharacters, c.toLatin1());
}

QString shown(const QString& value) {
    constexpr int kShown = 40;
    QString text = value.left(kShown);
    text.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    return value.size() > kShown ? text + QStringLiteral("…") : text;
}

QString firstUnsafe(const QString& what, const QString& value) {
    for (QChar c : value) {
        if (!isShellSafe(c))
            return QStringLiteral("%1 \"%2\" contains %3")
                .arg(what, shown(value), describeCharacter(c));
    }
    return {};
}

bool isHostCharacter(QChar c) {
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
           (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) ||
           (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('.') ||
           c == QLatin1Char('-') || c == QLatin1Char(':') || c == QLatin1Char('_') ||
           c == QLatin1Char('%');
}

bool isNameCharacter(QChar c) {
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
           (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('_');
}

void add(QStringList* problems, const QString& problem) {
    if (!problem.isEmpty())
        problems->append(problem);
}

// irtt's own ranges. An irtt server closes a connection that sent nothing for its timeout (60 s
// by default) and so refuses intervals above a quarter of it.
template <typename Range> void checkIrtt(const RunSpec& spec, const Range& range) {
    range(spec.intervalSeconds >= 0.001 && spec.intervalSeconds <= 15,
          QStringLiteral("irtt's interval must be 0.001 to 15 s (an irtt server refuses longer "
                         "ones)"));
    range(spec.packetLength >= 0 && spec.packetLength <= 65507,
          QStringLiteral("packet length must be 0 to 65507 bytes"));
    // irtt reads "HOST:PORT": an IPv6 address would need brackets, which a shell (ssh) would
    // take for a pattern; the port has its own option.
    range(!spec.target.contains(QLatin1Char(':')),
          QStringLiteral("irtt's target \"%1\" contains ':': give the port with the port option "
                         "and an IPv6 host by a name that resolves to it")
              .arg(shown(spec.target)));
}

} // namespace

QString RunValidation::checkTarget(const QString& target) {
    if (target.isEmpty())
        return QStringLiteral("the target is empty: give a host name or an address");
    if (target.size() > kMaxValueLength)
        return QStringLiteral("the target is %1 characters long; at most %2 are accepted")
            .arg(target.size())
            .arg(kMaxValueLength);
    // A leading '-' would be read by the tool as an option ("-f" floods).
    if (target.startsWith(QLatin1Char('-')))
        return QStringLiteral("target \"%1\" starts with '-': the tool would read it as an "
                              "option, so it is refused")
            .arg(shown(target));
    const QString unsafe = firstUnsafe(QStringLiteral("target"), target);
    if (!unsafe.isEmpty())
        return unsafe + QStringLiteral(", which no host name or address has");
    for (QChar c : target) {
        if (!isHostCharacter(c))
            return QStringLiteral("target \"%1\" contains '%2': a host name or address has only "
                                  "letters, digits and . - : _ %%")
                .arg(shown(target), c);
    }
    return {};
}

QString RunValidation::checkWord(const QString& what, const QString& word) {
    if (word.isEmpty())
        return QStringLiteral("%1 has an empty argument").arg(what);
    if (word.size() > kMaxValueLength)
        return QStringLiteral("%1: argument \"%2\" is %3 characters long; at most %4 are "
                              "accepted")
            .arg(what, shown(word))
            .arg(word.size())
            .arg(kMaxValueLength);
    const QString unsafe = firstUnsafe(QStringLiteral("argument"), word);
    return unsafe.isEmpty() ? QString() : QStringLiteral("%1: %2").arg(what, unsafe);
}

QString RunValidation::checkCommand(const QString& what, const QStringList& argv, bool mayBeEmpty) {
    if (argv.isEmpty())
        return mayBeEmpty ? QString() : QStringLiteral("%1 is an empty command").arg(what);
    if (argv.front().startsWith(QLatin1Char('-')))
        return QStringLiteral("%1 starts with \"%2\", an option, not a program")
            .arg(what, shown(argv.front()));
    for (const QString& word : argv) {
        const QString problem = checkWord(what, word);
        if (!problem.isEmpty())
            return problem;
    }
    return {};
}

QString RunValidation::checkExtraArguments(const RunSpec& spec) {
    for (const QString& word : spec.extraArgs) {
        const QString problem = checkWord(QStringLiteral("the extra arguments"), word);
        if (!problem.isEmpty())
            return problem;
    }
    return toolOptionProblem(spec.tool, spec.extraArgs);
}

QStringList RunValidation::check(const RunSpec& spec) {
    QStringList problems;
    add(&problems, checkTarget(spec.target));
    const auto range = [&](bool ok, const QString& problem) {
        if (!ok)
            problems.append(problem);
    };
    if (spec.tool == RunTool::Ping) {
        range(spec.count >= 1 && spec.count <= 10000000,
              QStringLiteral("count must be 1 to 10000000 requests"));
        range(spec.intervalSeconds > 0 && spec.intervalSeconds <= 3600,
              QStringLiteral("interval must be above 0 and at most 3600 s"));
        range(spec.packetSize >= 0 && spec.packetSize <= 65507,
              QStringLiteral("packet size must be 0 to 65507 bytes"));
    } else {
        // iperf and irtt: how long they run, and their server's port.
        range(spec.durationSeconds >= 1 && spec.durationSeconds <= 86400,
              QStringLiteral("duration must be 1 to 86400 s"));
        range(spec.port >= 0 && spec.port <= 65535, QStringLiteral("port must be 1 to 65535"));
    }
    if (spec.tool == RunTool::Irtt) {
        checkIrtt(spec, range);
    } else if (spec.isIperf()) {
        range(spec.reportIntervalSeconds > 0 && spec.reportIntervalSeconds <= 3600,
              QStringLiteral("report interval must be above 0 and at most 3600 s"));
        range(spec.streams >= 1 && spec.streams <= 128,
              QStringLiteral("streams (-P) must be 1 to 128"));
        static const QRegularExpression bandwidth(
            QStringLiteral("^[0-9]{1,12}(\\.[0-9]{1,6})?[kKmMgGtT]?$"));
        range(spec.bandwidth.isEmpty() || bandwidth.match(spec.bandwidth).hasMatch(),
              QStringLiteral("bandwidth \"%1\" is not a rate like 10M, 500K or 1.5G")
                  .arg(shown(spec.bandwidth)));
        bool nameOk = spec.congestionControl.size() <= 16;
        for (QChar c : spec.congestionControl)
            nameOk = nameOk && isNameCharacter(c);
        range(nameOk, QStringLiteral("congestion control \"%1\" is not an algorithm name like "
                                     "cubic, reno or bbr")
                          .arg(shown(spec.congestionControl)));
    }
    add(&problems, checkExtraArguments(spec));
    add(&problems, checkCommand(QStringLiteral("the client prefix"), spec.clientPrefix, true));
    add(&problems, checkCommand(QStringLiteral("the server prefix"), spec.serverPrefix, true));
    return problems;
}

} // namespace wb
