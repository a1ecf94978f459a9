#include "RunValidation.h"

#include <vector>

namespace wb {

namespace {

// One option of a tool as its getopt knows it. A refused option says why by the run option
// that sets the same thing (field), or in its own words (reason).
struct ToolOption {
    char shortName;   // 0 = long only
    QString longName; // empty = short only
    bool takesValue;  // a required value: attached, after "=", or the next word
    const char* field = nullptr;
    const char* reason = nullptr;

    bool refused() const { return field || reason; }
};

constexpr char kTarget[] = "is where Wirebench puts the target";
constexpr char kServerMode[] = "would make the client a server";
constexpr char kPrintsInstead[] = "prints something else instead of measuring";
constexpr char kToFile[] = "sends the output to a file instead of the run's log";
constexpr char kUnits[] = "changes the units of the report Wirebench reads";
constexpr char kByAmount[] = "would end the test by an amount instead of the run's duration";

// The refused options, then the ones passed on as they are, written as getopt spells them:
// "w" a short flag, "window" a long one, "w/window" both names; a trailing ":" takes a value.
std::vector<ToolOption> withPassed(std::vector<ToolOption> options, const QString& passed) {
    for (QString word : passed.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const bool takesValue = word.endsWith(QLatin1Char(':'));
        word.chop(takesValue ? 1 : 0);
        const QString shortName = word.section(QLatin1Char('/'), 0, 0);
        const QString longName = word.section(QLatin1Char('/'), -1);
        options.push_back({shortName.size() == 1 ? shortName[0].toLatin1() : char(0),
                           longName.size() > 1 ? longName : QString(), takesValue});
    }
    return options;
}

// iputils ping has short options only.
const std::vector<ToolOption>& pingOptions() {
    static const std::vector<ToolOption> options = withPassed(
        {
            {'c', {}, true, "count"},
            {'i', {}, true, "interval"},
            {'s', {}, true, "size"},
            {'D', {}, false, nullptr, "is set by Wirebench already (timestamps for the time axis)"},
            {'n', {}, false, nullptr, "is set by Wirebench already (no name lookups)"},
            {'w', {}, true, nullptr, "sets a deadline that would end the run before its count"},
            {'A', {}, false, nullptr, "would adapt the interval instead of the run's interval"},
            {'f', {}, false, nullptr, "(flood) prints dots instead of the replies Wirebench reads"},
            {'q', {}, false, nullptr, "(quiet) prints none of the replies Wirebench reads"},
            {'h', {}, false, nullptr, kPrintsInstead},
            {'V', {}, false, nullptr, kPrintsInstead},
        },
        QStringLiteral("e: F: I: l: m: M: N: p: Q: S: t: T: W: 4 6 a b B C d L O R U v"));
    return options;
}

// Options iperf2 and iperf3 share; two of them have long names of their own in each.
std::vector<ToolOption> iperfCommon(const char* lengthName, const char* mssName) {
    return withPassed({{'c', "client", true, nullptr, kTarget},
                       {'s', "server", false, nullptr, kServerMode},
                       {'D', "daemon", false, nullptr, kServerMode},
                       {'t', "time", true, "duration"},
                       {'i', "interval", true, "report_interval"},
                       {'P', "parallel", true, "streams"},
                       {'p', "port", true, "port"},
                       {'u', "udp", false, "udp"},
                       {'b', "bandwidth", true, "bandwidth"},
                       {'R', "reverse", false, "reverse"},
                       {'f', "format", true, nullptr, kUnits},
                       {'h', "help", false, nullptr, kPrintsInstead},
                       {'v', "version", false, nullptr, kPrintsInstead}},
                      QStringLiteral("B/bind: l/%1: M/%2: S/tos: w/window: fq-rate: 4 6 N")
                          .arg(QLatin1String(lengthName), QLatin1String(mssName)));
}

// A tool's options: the common ones, then its own.
std::vector<ToolOption> iperfOptions(std::vector<ToolOption> common,
                                     const std::vector<ToolOption>& own) {
    common.insert(common.end(), own.begin(), own.end());
    return common;
}

const std::vector<ToolOption>& iperf3Options() {
    static const std::vector<ToolOption> options = iperfOptions(
        iperfCommon("length", "set-mss"),
        withPassed(
            {
                {'1', "one-off", false, nullptr, kServerMode},
                {'J', "json", false, "json"},
                {0, "json-stream", false, nullptr, "changes the output format Wirebench reads"},
                {0, "logfile", true, nullptr, kToFile},
                {'n', "bytes", true, nullptr, kByAmount},
                {'k', "blockcount", true, nullptr, kByAmount},
                {0, "bitrate", true, "bandwidth"},
                {'C', "congestion", true, "congestion"},
                {'T', "title", true, nullptr,
                 "prefixes every output line, which the parser would not read"},
                {0, "timestamps", false, nullptr, "prefixes every output line with a time"},
                {'d', "debug", false, nullptr, "mixes debugging lines into the output"},
                {0, "get-server-output", false, nullptr,
                 "adds the server's report to the output, where it would read as more flows"},
            },
            QStringLiteral("A/affinity: F/file: I/pidfile: L/flowlabel: O/omit: X/xbind: "
                           "bind-dev: cport: connect-timeout: dscp: extra-data: nstreams: "
                           "pacing-timer: rcv-timeout: snd-timeout: username: "
                           "rsa-public-key-path: V/verbose Z/zerocopy bidir forceflush "
                           "no-delay version4 version6")));
    return options;
}

const std::vector<ToolOption>& iperf2Options() {
    static const std::vector<ToolOption> options = iperfOptions(
        iperfCommon("len", "mss"),
        withPassed(
            {
                {'1', "singleclient", false, nullptr, kServerMode},
                {'Z', "tcp-congestion", true, "congestion"},
                {'n', "num", true, nullptr, kByAmount},
                {'o', "output", true, nullptr, kToFile},
                {'y', "reportstyle", true, nullptr, "changes the report format Wirebench reads"},
                {'x', "reportexclude", true, nullptr, "leaves out reports Wirebench reads"},
                {'r', "tradeoff", false, nullptr,
                 "runs a second test after the first, past the run's duration"},
                {0, "sum-only", false, nullptr, "prints only sums, so the flows would be lost"},
            },
            QStringLiteral("F/fileinput: H/ssm-host: L/listenport: T/ttl: connect-retries: ipg: "
                           "isochronous: permit-key-timeout: tcp-rx-window-clamp: "
                           "tcp-write-prefetch: txdelay-time: txstart-time: bounceback-hold: "
                           "bounceback-period: C/compatibility d/dualtest e/enhanced I/stdin "
                           "m/print_mss U/single_udp V/ipv6_domain X/peer-detect z/realtime "
                           "nodelay full-duplex trip-times")));
    return options;
}

// irtt client's options (Go's pflag: short clusters, long options with "=" or the next word).
const std::vector<ToolOption>& irttOptions() {
    static const std::vector<ToolOption> options = withPassed(
        {
            {'d', {}, true, "duration"},
            {'i', {}, true, "interval"},
            {'l', {}, true, "length"},
            {'o',
             {},
             true,
             nullptr,
             "is set by Wirebench already (the JSON on stdout is the run's log)"},
            {'q', {}, false, nullptr, "is set by Wirebench already (no per-packet lines)"},
            {'n', {}, false, nullptr, "(no test) connects and exits without measuring"},
            {0, "loose", false, nullptr,
             "would let the server change the run's duration, interval and length"},
            {'h', {}, false, nullptr, kPrintsInstead},
            {'v', {}, false, nullptr, kPrintsInstead},
        },
        QStringLiteral("stats: tstamp: clock: dscp: df: wait: timer: tcomp: fill: sfill: local: "
                       "hmac: timeouts: ttl: fill-one thread Q 4 6"));
    return options;
}

const std::vector<ToolOption>& optionsOf(RunTool tool) {
    switch (tool) {
    case RunTool::Iperf2:
        return iperf2Options();
    case RunTool::Iperf3:
        return iperf3Options();
    case RunTool::Irtt:
        return irttOptions();
    case RunTool::Ping:
        break;
    }
    return pingOptions();
}

QString refusal(const QString& word, const QString& option, const ToolOption& known) {
    const QString why =
        known.field ? QStringLiteral("sets what the run's \"%1\" option sets; change that instead")
                          .arg(QLatin1String(known.field))
                    : QLatin1String(known.reason);
    return QStringLiteral("extra argument \"%1\": %2 %3").arg(word, option, why);
}

// Reads the words as the tool's getopt would and stops at the first refused one.
class Reader {
public:
    Reader(RunTool tool, const QStringList& words)
        : m_tool(tool), m_options(optionsOf(tool)), m_words(words) {}

    QString problem() {
        for (m_at = 0; m_at < m_words.size(); ++m_at) {
            const QString& word = m_words[m_at];
            QString why;
            if (word == QLatin1String("--"))
                why = QStringLiteral("extra argument \"--\" ends the options, so the words after "
                                     "it would be read as targets");
            else if (word.startsWith(QLatin1String("--")))
                why = longOption(word);
            else if (word.startsWith(QLatin1Char('-')) && word.size() > 1)
                why = shortOptions(word);
            else if (!m_valueMayFollow)
                why = QStringLiteral("extra argument \"%1\" is neither an option nor the value "
                                     "of one: the tool would read it as a second target")
                          .arg(word);
            else
                m_valueMayFollow = false;
            if (!why.isEmpty())
                return why;
        }
        return {};
    }

private:
    // After a required value in the next word, skips it.
    void takeValue() {
        if (m_at + 1 < m_words.size())
            ++m_at;
    }

    QString longOption(const QString& word) {
        m_valueMayFollow = false;
        if (m_tool == RunTool::Ping)
            return QStringLiteral("extra argument \"%1\": ping (iputils) has no long options")
                .arg(word);
        const qsizetype equals = word.indexOf(QLatin1Char('='));
        const QString name = word.mid(2, equals < 0 ? -1 : equals - 2);
        std::vector<const ToolOption*> matches;
        for (const ToolOption& option : m_options) {
            if (option.longName.isEmpty())
                continue;
            const QString& longName = option.longName;
            if (longName == name) {
                matches = {&option};
                break;
            }
            if (longName.startsWith(name))
                matches.push_back(&option); // getopt_long takes unambiguous abbreviations
        }
        for (const ToolOption* option : matches) {
            if (option->refused()) {
                const QString shown = QStringLiteral("--") + option->longName;
                return refusal(
                    word,
                    name == option->longName ? shown : QStringLiteral("(short for %1)").arg(shown),
                    *option);
            }
        }
        if (matches.size() == 1) {
            if (matches.front()->takesValue && equals < 0)
                takeValue();
        } else {
            // Unknown to Wirebench: a plain word after it may be its value.
            m_valueMayFollow = equals < 0;
        }
        return {};
    }

    QString shortOptions(const QString& word) {
        m_valueMayFollow = false;
        for (qsizetype i = 1; i < word.size(); ++i) {
            const QChar letter = word[i];
            const ToolOption* known = nullptr;
            for (const ToolOption& option : m_options)
                if (option.shortName && QLatin1Char(option.shortName) == letter)
                    known = &option;
            if (!known) {
                // Read as a flag: if it takes a value, the letters after it are refused more
                // often, never less. A plain next word may be its value.
                m_valueMayFollow = i + 1 == word.size();
                continue;
            }
            if (known->refused())
                return refusal(word, QStringLiteral("-") + letter, *known);
            if (known->takesValue) {
                if (i + 1 == word.size())
                    takeValue();
                return {};
            }
        }
        return {};
    }

    RunTool m_tool;
    const std::vector<ToolOption>& m_options;
    const QStringList& m_words;
    qsizetype m_at = 0;
    bool m_valueMayFollow = false;
};

} // namespace

QString RunValidation::toolOptionProblem(RunTool tool, const QStringList& words) {
    return Reader(tool, words).problem();
}

} // namespace wb
