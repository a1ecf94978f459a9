#pragma once

#include <QDateTime>

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wb {

class IssueList;

// What surrounds a ping tool's own text when its output was captured through something else,
// shared by the ping dialects:
//  - a time in front of every line: moreutils `ts` ("Nov 29 23:08:01 ", `ts -s`/`ts -i`
//    "00:00:01 ", `ts '%.s'` "1701299281.123456 ", "%Y-%m-%d %H:%M:%S ",
//    "%Y-%m-%dT%H:%M:%.S "), a `date -Is` loop ("2023-11-29T23:08:01+01:00 "), iperf3
//    --timestamps (strftime %c "Sun Nov 29 23:08:01 2026 ", or the user's FORMAT as given:
//    "1701299281[  5] …" for %s), date's default output ("Sun Nov 29 23:08:01 UTC 2026"),
//    PowerShell's Get-Date ("11/29/2023 11:08:01 PM - ", "29.11.2023 23:08:01 "); a bracketed
//    stamp is the tool's own (-D), which its dialect reads;
//  - the header and footer of a PowerShell transcript (the `****` blocks, "Transcript
//    started, ..." and the `PS C:\> ` prompt lines), which are not the tool's output;
//  - non-breaking and thin spaces of localized output (Windows ping's `Mittelwert = 5ms`
//    with U+00A0), which read as spaces.
// One reader per parser, fed every line in order: years without a date, days of a clock that
// passes midnight and `ts -i` increments need what came before. A line that is nothing but a
// time (a `date` line between samples) reads as a prefix with an empty text.
//
// `ts` with -i or -s prints durations, in its default "%H:%M:%S" or in "%.S", "%.T", "%.s"
// ("00:00:01", "01.000123", "00:00:01.000123", "1.000123"); without them "%.s" is epoch
// seconds. Which one a column holds:
//  - a number of 9 digits or more before its point is epoch seconds (dated; ~1.7e9 today);
//  - a clock or a shorter number with six decimals is a duration or a time of day (not
//    dated: its times are relative, the log names no date). It is `ts -i`'s time since the
//    line before when the values ever fall back by less than half a day and began under a
//    minute (incremental()): each line's time is then the sum of the values up to it. Values
//    that never fall and began under a minute are `ts -s`'s seconds since ts started; a
//    clock that begins later is a time of day (falling back by more than half a day: the
//    next day).
// -s and absolute times only grow, increments do not: a -i column whose values happen to
// grow until the log ends (a log of two lines) reads as -s.
class LinePrefixReader {
public:
    struct Line {
        std::string_view text; // the tool's line: prefix removed, special spaces as ' '
        // Seconds of the prefix: epoch seconds when it holds a date (a zone it does not name
        // is taken as UTC), else seconds of a clock (`ts -s`, a bare time of day). NaN
        // without a prefix.
        double time = std::nan("");
        // For a bare clock, the sum of the prefixes up to this line: the time of the line if
        // the column turns out to hold increments (`ts -i`, see incremental()).
        double elapsedSum = std::nan("");
        // The prefix names its year (or is epoch seconds): `time` is a point in time, not
        // seconds on a clock or a day of a year the log does not name.
        bool dated = false;
        bool framing = false; // transcript framing or prompt: not the tool's output
    };

    // `line` without its newline; the result's text is valid until the next call.
    Line read(std::string_view line);
    // The point in time a dated prefix names (UTC), for a run's start; invalid otherwise.
    static QDateTime dateOf(const Line& line);

    // True when the bare clocks read so far fell back by less than half a day at least once
    // (`ts -i` prints the time since the previous line, which no clock does) and began near
    // zero, as `ts -i` and `ts -s` do: each line's time is then its elapsedSum, which read()
    // gives as the time from the line where this became known on. A time of day that steps
    // back stays a clock (and the dialect drops times that step back).
    bool incremental() const { return m_clockSteppedBack && m_firstClock < kIncrementStart; }
    // True when bare clocks were read and began under a minute: durations (`ts -s`, `ts -i`)
    // rather than a time of day, so their times are relative, naming no date.
    bool durations() const { return m_firstClock >= 0 && m_firstClock < kIncrementStart; }
    // `timestamps` replaced by `elapsedSums` when the column holds increments (and both cover
    // the same replies), with a warning that says so: a log cut before the first fall of the
    // clock reads its prefixes as a clock.
    void resolveIncrements(std::vector<double>& timestamps, const std::vector<double>& elapsedSums,
                           IssueList& warnings) const;
    // Whether read(line) would give an unprefixed line back as it is, as the tool's output,
    // and change nothing: what a block scan, which sees no earlier lines, may read itself.
    bool readsAsItIs(std::string_view line) const;
    // Whether a line starts with a time prefix, without state: for block scans and sniffers.
    static bool hasTimePrefix(std::string_view line);
    // The time a prefix holds as text ("2023-11-29 23:08:01"), for labels; empty without one.
    static std::string prefixText(std::string_view line);

private:
    enum class Kind { None, Epoch, MonthDay, Clock };
    struct Prefix {
        Kind kind = Kind::None;
        std::size_t length = 0; // prefix and separator
        double seconds = 0;     // Epoch: epoch seconds; MonthDay and Clock: seconds of the day
        int month = 0;          // MonthDay
        int day = 0;
        bool dated = false; // Epoch
    };
    static Prefix parse(std::string_view line);
    bool readFraming(std::string_view line);
    std::string_view withPlainSpaces(std::string_view line);

    std::string m_buffer; // a line whose special spaces were replaced
    int m_year = 0;       // year of MonthDay prefixes (a transcript's start, else 2000)
    int m_lastMonth = 0;
    static constexpr double kIncrementStart = 60; // seconds
    double m_firstClock = -1;
    double m_lastClock = -1;
    double m_clockDays = 0; // midnights a bare clock passed
    double m_clockSum = 0;
    bool m_clockSteppedBack = false;
    bool m_afterStars = false; // the previous line was a transcript's `****` line
    bool m_inTranscriptBlock = false;
};

} // namespace wb
