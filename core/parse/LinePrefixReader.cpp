#include "LinePrefixReader.h"

#include "TextScan.h"
#include "model/ParseReport.h"

#include <QString>
#include <QTimeZone>

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

namespace wb {

using scan::startsWith;

namespace {

constexpr double kDay = 86400;

// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (H. Hinnant's
// days_from_civil), so that a prefix converts without a time-zone database or an allocation.
std::int64_t daysFromCivil(std::int64_t year, std::int64_t month, std::int64_t day) {
    year -= month <= 2 ? 1 : 0;
    const std::int64_t era = (year >= 0 ? year : year - 399) / 400;
    const std::int64_t yearOfEra = year - era * 400;
    const std::int64_t dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    const std::int64_t dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146097 + dayOfEra - 719468;
}

double epochOf(std::int64_t year, std::int64_t month, std::int64_t day, double secondsOfDay) {
    return static_cast<double>(daysFromCivil(year, month, day)) * kDay + secondsOfDay;
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// Reads the fields of a prefix left to right; every take* fails without moving on a mismatch.
class Cursor {
public:
    explicit Cursor(std::string_view text) : m_text(text) {}

    std::size_t at() const { return m_at; }
    bool atEnd() const { return m_at >= m_text.size(); }
    char peek(std::size_t ahead = 0) const {
        return m_at + ahead < m_text.size() ? m_text[m_at + ahead] : '\0';
    }

    bool take(char c) {
        if (peek() != c)
            return false;
        ++m_at;
        return true;
    }
    bool take(std::string_view literal) {
        if (m_text.substr(m_at, literal.size()) != literal)
            return false;
        m_at += literal.size();
        return true;
    }
    // Between min and max digits; their count in *count when asked.
    bool takeNumber(int minDigits, int maxDigits, std::int64_t* value, int* count = nullptr) {
        int digits = 0;
        std::int64_t number = 0;
        while (digits < maxDigits && isDigit(peek(digits))) {
            number = number * 10 + (peek(digits) - '0');
            ++digits;
        }
        if (digits < minDigits || isDigit(peek(digits)))
            return false;
        m_at += static_cast<std::size_t>(digits);
        *value = number;
        if (count)
            *count = digits;
        return true;
    }
    // `.123456` or `,123456789` (date -Ins): the fraction of a second, correctly rounded as
    // std::from_chars reads it; 0 without one.
    double takeFraction(int* digits = nullptr) {
        if ((peek() != '.' && peek() != ',') || !isDigit(peek(1)))
            return 0;
        ++m_at;
        char buffer[24] = {'0', '.'};
        std::size_t length = 2;
        int count = 0;
        while (isDigit(peek())) {
            if (length < sizeof buffer)
                buffer[length++] = peek();
            ++m_at;
            ++count;
        }
        if (digits)
            *digits = count;
        double fraction = 0;
        std::from_chars(buffer, buffer + length, fraction);
        return fraction;
    }
    std::string_view taken(std::size_t from) const { return m_text.substr(from, m_at - from); }
    // HH:MM:SS[.frac]: seconds of the day.
    bool takeClock(double* seconds, int hourDigits = 2) {
        const std::size_t start = m_at;
        std::int64_t hour = 0;
        std::int64_t minute = 0;
        std::int64_t second = 0;
        if (!takeNumber(hourDigits == 2 ? 2 : 1, 2, &hour) || !take(':') ||
            !takeNumber(2, 2, &minute) || !take(':') || !takeNumber(2, 2, &second) || hour > 23 ||
            minute > 59 || second > 60) {
            m_at = start;
            return false;
        }
        *seconds = static_cast<double>(hour * 3600 + minute * 60 + second) + takeFraction();
        return true;
    }

private:
    std::string_view m_text;
    std::size_t m_at = 0;
};

bool isLetter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// What may follow a prefix: the end, one of the separators scripts put there, or the tool's
// text right away: iperf3 --timestamps=FORMAT prints FORMAT as given, so `%s` gives
// "1733500000[  5] …" and "1733500000Connecting to host …", and "- - -" follows directly.
bool takeSeparator(Cursor& cursor) {
    if (cursor.atEnd())
        return true;
    for (std::string_view separator : {" - ", " | ", ": ", " ", "\t"}) {
        if (cursor.take(separator))
            return true;
    }
    const char next = cursor.peek();
    return next == '[' || isLetter(next) || (next == '-' && cursor.peek(1) == ' ');
}

// A zone after a time: Z, +01:00, +0100, +01; returns the offset in seconds east of UTC.
double takeZone(Cursor& cursor) {
    if (cursor.take('Z'))
        return 0;
    const char sign = cursor.peek();
    if (sign != '+' && sign != '-')
        return 0;
    Cursor probe = cursor;
    probe.take(sign);
    std::int64_t hours = 0;
    std::int64_t minutes = 0;
    std::int64_t both = 0;
    if (probe.takeNumber(4, 4, &both)) { // +0100
        hours = both / 100;
        minutes = both % 100;
    } else if (!probe.takeNumber(2, 2, &hours)) { // +01, +01:00
        return 0;
    } else if (probe.take(':') && !probe.takeNumber(2, 2, &minutes)) {
        return 0;
    }
    cursor = probe;
    const auto offset = static_cast<double>(hours * 3600 + minutes * 60);
    return sign == '-' ? -offset : offset;
}

constexpr std::array<std::string_view, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::array<std::string_view, 7> kWeekdays = {"Mon", "Tue", "Wed", "Thu",
                                                       "Fri", "Sat", "Sun"};

// "Sun " before a month: strftime's %c in the C locale and date's default output.
bool takeWeekday(Cursor& cursor) {
    for (std::string_view day : kWeekdays) {
        Cursor probe = cursor;
        if (probe.take(day) && probe.take(' ')) {
            cursor = probe;
            return true;
        }
    }
    return false;
}

// The year after the clock of a %c or `date` stamp: " 2026", or " UTC 2026" where date names
// its zone. The abbreviation is not resolved (it may name any zone): the time reads as UTC.
bool takeYearAfterClock(Cursor& cursor, std::int64_t* year) {
    Cursor probe = cursor;
    if (!probe.take(' '))
        return false;
    std::size_t letters = 0;
    while (probe.peek(letters) >= 'A' && probe.peek(letters) <= 'Z')
        ++letters;
    if (letters > 0 && letters <= 5 && probe.peek(letters) == ' ') {
        for (std::size_t i = 0; i <= letters; ++i)
            probe.take(probe.peek());
    }
    if (!probe.takeNumber(4, 4, year))
        return false;
    cursor = probe;
    return true;
}

bool isTranscriptRule(std::string_view line) {
    return line.size() >= 10 && line.find_first_not_of('*') == std::string_view::npos;
}

// `PS C:\Users\me> ping -n 4 host`, `PS /home/me> `: the prompt of a PowerShell session.
bool isPowerShellPrompt(std::string_view line) {
    return startsWith(line, "PS ") && line.size() > 3 && line[3] != ' ' &&
           (line.find("> ") != std::string_view::npos || line.back() == '>');
}

// Lines that are framing wherever they stand: a `****` rule, Start-/Stop-Transcript's own
// line, a prompt. (Inside a transcript's header block every line is framing.)
bool isFramingLine(std::string_view line) {
    return isTranscriptRule(line) || startsWith(line, "Transcript started, output file is ") ||
           startsWith(line, "Transcript stopped, output file is ") || isPowerShellPrompt(line);
}

// U+00A0 (no-break space), U+2009 (thin space), U+202F (narrow no-break space) begin with
// these bytes in UTF-8.
bool mayHoldSpecialSpaces(std::string_view line) {
    return line.find('\xC2') != std::string_view::npos ||
           line.find("\xE2\x80") != std::string_view::npos;
}

} // namespace

LinePrefixReader::Prefix LinePrefixReader::parse(std::string_view line) {
    Prefix prefix;
    if (line.empty())
        return prefix;
    // A bracketed stamp is the tool's own (ping -D, fping -D and --timestamp-format), read by
    // its dialect.
    const char first = line.front();
    if (!isDigit(first) && !(first >= 'A' && first <= 'W'))
        return prefix;
    Cursor cursor(line);
    const auto finish = [&](Kind kind) {
        if (!takeSeparator(cursor))
            return;
        prefix.kind = kind;
        prefix.length = cursor.at();
        prefix.dated = kind == Kind::Epoch;
    };
    std::int64_t a = 0;
    std::int64_t b = 0;
    std::int64_t c = 0;
    int digits = 0;
    double clock = 0;
    // 2023-11-29T23:08:01+01:00, 2023-11-29 23:08:01[.123]
    if (cursor.takeNumber(4, 4, &a) && cursor.take('-') && cursor.takeNumber(2, 2, &b) &&
        cursor.take('-') && cursor.takeNumber(2, 2, &c) && (cursor.take('T') || cursor.take(' ')) &&
        cursor.takeClock(&clock) && b >= 1 && b <= 12 && c >= 1 && c <= 31) {
        const double zone = takeZone(cursor);
        prefix.seconds = epochOf(a, b, c, clock) - zone;
        finish(Kind::Epoch);
        return prefix;
    }
    cursor = Cursor(line);
    // 11/29/2023 11:08:01 PM, 29/11/2023 23:08:01, 29.11.2023 23:08:01, 2023/11/29 23:08:01
    if (cursor.takeNumber(1, 4, &a, &digits) && (cursor.peek() == '/' || cursor.peek() == '.')) {
        const char mark = cursor.peek();
        const bool yearFirst = digits == 4;
        if (cursor.take(mark) && cursor.takeNumber(1, 2, &b) && cursor.take(mark) &&
            cursor.takeNumber(yearFirst ? 1 : 4, yearFirst ? 2 : 4, &c) && cursor.take(' ') &&
            cursor.takeClock(&clock, 1)) {
            const bool pm = cursor.take(" PM") || cursor.take(" pm");
            const bool am = !pm && (cursor.take(" AM") || cursor.take(" am"));
            if ((am || pm) && clock >= 12 * 3600.0)
                clock -= 12 * 3600.0;
            if (pm)
                clock += 12 * 3600.0;
            std::int64_t year = c;
            std::int64_t month = b;
            std::int64_t day = a;
            if (yearFirst) {
                year = a;
                day = c;
            } else if (mark == '/' && (am || pm || b > 12)) {
                month = a; // US order: the day cannot be a month, or the clock has AM/PM
                day = b;
            }
            if (month >= 1 && month <= 12 && day >= 1 && day <= 31) {
                prefix.seconds = epochOf(year, month, day, clock);
                finish(Kind::Epoch);
                return prefix;
            }
        }
    }
    cursor = Cursor(line);
    // Nov 29 23:08:01 (ts, syslog): no year. Sun Nov 29 23:08:01 2026 (iperf3 --timestamps,
    // strftime %c) and Sun Nov 29 23:08:01 UTC 2026 (date): with one.
    const bool weekday = takeWeekday(cursor);
    for (std::size_t month = 0; month < kMonths.size(); ++month) {
        if (!cursor.take(kMonths[month]))
            continue;
        const bool spaced = cursor.take(' ');
        cursor.take(' '); // "Nov  1" (%e) as well as "Nov 01" (%d)
        if (!spaced || !cursor.takeNumber(1, 2, &a) || !cursor.take(' ') ||
            !cursor.takeClock(&clock) || a < 1 || a > 31)
            return prefix;
        if (weekday) {
            if (takeYearAfterClock(cursor, &b)) {
                prefix.seconds = epochOf(b, std::int64_t(month) + 1, a, clock);
                finish(Kind::Epoch);
            }
            return prefix;
        }
        prefix.month = static_cast<int>(month) + 1;
        prefix.day = static_cast<int>(a);
        prefix.seconds = clock;
        finish(Kind::MonthDay);
        return prefix;
    }
    if (weekday)
        return prefix;
    cursor = Cursor(line);
    // 00:00:01 (ts -s, ts -i, a time of day)
    if (cursor.takeClock(&clock)) {
        prefix.seconds = clock;
        finish(Kind::Clock);
        return prefix;
    }
    // 1701299281.123456 (ts '%.s', date +%s.%N) and 12.345678 (ts -s '%.s', ts -i '%.s')
    if (!cursor.takeNumber(1, 10, &a, &digits))
        return prefix;
    int fractionDigits = 0;
    cursor.takeFraction(&fractionDigits);
    const bool epoch = digits >= 9;
    if (!epoch && fractionDigits != 6)
        return prefix; // a number at the start of a line (`64 bytes from`) is no time
    const std::string_view number = cursor.taken(0);
    std::from_chars(number.data(), number.data() + number.size(), prefix.seconds);
    finish(epoch ? Kind::Epoch : Kind::Clock);
    return prefix;
}

bool LinePrefixReader::hasTimePrefix(std::string_view line) {
    return parse(line).kind != Kind::None;
}

std::string LinePrefixReader::prefixText(std::string_view line) {
    const Prefix prefix = parse(line);
    if (prefix.kind == Kind::None)
        return {};
    std::string_view text = line.substr(0, prefix.length);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '-' ||
                             text.back() == '|' || text.back() == ':'))
        text.remove_suffix(1);
    return std::string(text);
}

// The framing of a PowerShell transcript:
//   **********************
//   Windows PowerShell transcript start
//   Start time: 20231129230801
//   ... (user, machine, versions)
//   **********************
//   Transcript started, output file is C:\ping.txt
//   PS C:\> ping -n 4 host
//   ... the tool's output ...
//   PS C:\> Stop-Transcript
//   **********************
//   Windows PowerShell transcript end
//   End time: 20231129230815
//   **********************
bool LinePrefixReader::readFraming(std::string_view line) {
    if (isTranscriptRule(line)) {
        m_afterStars = !m_inTranscriptBlock;
        m_inTranscriptBlock = false;
        return true;
    }
    if (std::exchange(m_afterStars, false) && (startsWith(line, "Windows PowerShell transcript") ||
                                               startsWith(line, "PowerShell transcript"))) {
        m_inTranscriptBlock = true;
        return true;
    }
    if (m_inTranscriptBlock) {
        // "Start time: 20231129230801": the year for prefixes that do not print one.
        constexpr std::string_view kStart = "Start time: ";
        const std::string_view year = line.substr(std::min(line.size(), kStart.size()), 4);
        if (m_year == 0 && startsWith(line, kStart) && year.size() == 4 &&
            std::all_of(year.begin(), year.end(), isDigit))
            m_year = (year[0] - '0') * 1000 + (year[1] - '0') * 100 + (year[2] - '0') * 10 +
                     (year[3] - '0');
        return true;
    }
    return isFramingLine(line);
}

std::string_view LinePrefixReader::withPlainSpaces(std::string_view line) {
    if (!mayHoldSpecialSpaces(line))
        return line;
    m_buffer.clear();
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line.compare(i, 2, "\xC2\xA0") == 0) {
            m_buffer += ' ';
            i += 1;
        } else if (line.compare(i, 3, "\xE2\x80\xAF") == 0 ||
                   line.compare(i, 3, "\xE2\x80\x89") == 0) {
            m_buffer += ' ';
            i += 2;
        } else {
            m_buffer += line[i];
        }
    }
    return m_buffer;
}

bool LinePrefixReader::readsAsItIs(std::string_view line) const {
    return !m_afterStars && !m_inTranscriptBlock && !mayHoldSpecialSpaces(line) &&
           !isFramingLine(scan::trimmed(line));
}

LinePrefixReader::Line LinePrefixReader::read(std::string_view line) {
    Line out;
    line = withPlainSpaces(line);
    out.text = line;
    const std::string_view body = scan::trimmed(line);
    if (readFraming(body)) {
        out.framing = true;
        return out;
    }
    const Prefix prefix = parse(scan::skipSpaces(line));
    if (prefix.kind == Kind::None)
        return out;
    out.text = scan::skipSpaces(line).substr(prefix.length);
    out.dated = prefix.dated;
    switch (prefix.kind) {
    case Kind::Epoch:
        out.time = prefix.seconds;
        break;
    case Kind::MonthDay:
        if (m_year == 0)
            m_year = 2000; // no year in the log: any will do for times relative to the first
        if (prefix.month < m_lastMonth)
            ++m_year; // December to January
        m_lastMonth = prefix.month;
        out.time = epochOf(m_year, prefix.month, prefix.day, prefix.seconds);
        break;
    case Kind::Clock:
        if (m_lastClock >= 0 && prefix.seconds < m_lastClock) {
            if (m_lastClock - prefix.seconds > kDay / 2)
                m_clockDays += 1; // a time of day past midnight
            else
                m_clockSteppedBack = true;
        }
        if (m_firstClock < 0)
            m_firstClock = prefix.seconds;
        m_lastClock = prefix.seconds;
        m_clockSum += prefix.seconds;
        // Once the column is known to hold increments, lines are timed by their sum; the
        // lines before that keep their clock (resolveIncrements and elapsedSum fix them).
        out.time = incremental() ? m_clockSum : prefix.seconds + m_clockDays * kDay;
        out.elapsedSum = m_clockSum;
        break;
    case Kind::None:
        break;
    }
    return out;
}

QDateTime LinePrefixReader::dateOf(const Line& line) {
    if (!line.dated || !std::isfinite(line.time) || std::abs(line.time) > 253402300800.0)
        return {};
    return QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(std::llround(line.time * 1000)),
                                          QTimeZone::utc());
}

void LinePrefixReader::resolveIncrements(std::vector<double>& timestamps,
                                         const std::vector<double>& elapsedSums,
                                         IssueList& warnings) const {
    if (!incremental() || timestamps.empty() || elapsedSums.size() != timestamps.size())
        return;
    if (std::any_of(elapsedSums.begin(), elapsedSums.end(), [](double t) { return std::isnan(t); }))
        return;
    timestamps = elapsedSums;
    warnings.add(0,
                 QStringLiteral("the clocks in front of the lines fall back, so they are the "
                                "time since the line before (ts -i): each reply's time is their "
                                "sum up to its line"),
                 QString());
}

} // namespace wb
