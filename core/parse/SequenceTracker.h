#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <unordered_set>
#include <vector>

#include <optional>
#include <string_view>

class QString;

namespace wb {

class IssueList;

// A sequence number as printed: a value, or digits too many for 64 bits (`10^23`), which are
// never cut to a smaller number that would then count as a real one.
struct PrintedSequence {
    std::optional<std::int64_t> value;
    bool beyond64Bits = false;

    bool present() const { return value.has_value() || beyond64Bits; }
    // The number at the start of `text` (spaces allowed before it).
    static PrintedSequence read(std::string_view text);
    // The number after `key` in `text`; absent when the key is.
    static PrintedSequence after(std::string_view text, std::string_view key);
};

// The sequence numbers of a log that are odd without making their replies wrong: numbers
// above 65535, which ICMP's 16-bit counter does not print (merged logs, other tools), and
// numbers that cannot be placed (beyond 64 bits, or far off the numbers around them). Their
// replies are kept; one warning each says how many there were and where the first one is.
class OddSequences {
public:
    void wide(std::int64_t line) { note(m_wide, m_firstWideLine, line); }
    void unplaced(std::int64_t line) { note(m_unplaced, m_firstUnplacedLine, line); }
    // Adds the warnings (whose: the target of a multi-host log, or empty).
    void report(IssueList& warnings, const QString& whose) const;

private:
    static void note(std::int64_t& count, std::int64_t& firstLine, std::int64_t line) {
        if (count++ == 0)
            firstLine = line;
    }
    std::int64_t m_wide = 0;
    std::int64_t m_firstWideLine = 0;
    std::int64_t m_unplaced = 0;
    std::int64_t m_firstUnplacedLine = 0;
};

// Ping sequence numbers are 16 bits on the wire and wrap after 65535, so an hour of
// `ping -i 0.001` repeats every number about 55 times. The tracker turns the printed numbers
// into a monotonic sequence and remembers which ones got a reply, so duplicates can be found
// without a (DUP!) marker (BSD prints none) and losses listed at the end.
//
// What it allocates is bounded by the log's lines, not by the numbers printed on them: even at
// 99.9 % loss a log has a line for every thousandth request, so a log of N lines speaks for
// about 1024 N requests. Without that bound a fuzzed fping line "[4000000000]" made the bitmap
// and the loss list ask for 32 GB.
class SequenceTracker {
public:
    explicit SequenceTracker(std::int64_t firstSequence) : m_first(firstSequence) {}

    // These three run for every reply of a log, so they are inline.

    // Maps a printed sequence number to its unwrapped value; call in log order.
    std::int64_t unwrap(std::int64_t printed) {
        if (printed < 0 || printed >= kWrap)
            return m_lastUnwrapped = printed; // not a 16-bit counter: take it as it is
        if (m_lastPrinted >= 0) {
            if (printed < m_lastPrinted - kWrap / 2)
                ++m_epoch; // wrapped forward
            else if (printed > m_lastPrinted + kWrap / 2 && m_epoch > 0)
                return printed + (m_epoch - 1) * kWrap; // a late reply from before the wrap
        }
        m_lastPrinted = printed;
        return m_lastUnwrapped = printed + m_epoch * kWrap;
    }
    // Whether a number above the 16-bit range continues the numbers before it (a tool that
    // counts on past 65535) rather than standing far off them (a damaged or spliced line,
    // which would otherwise make every number up to it a loss).
    bool continues(std::int64_t printed) const {
        return printed >= 0 && (m_lastUnwrapped < 0 || (printed - m_lastUnwrapped <= kWrap / 2 &&
                                                        m_lastUnwrapped - printed <= kWrap / 2));
    }
    // The unwrapped number of a reply's printed one, or nullopt for one that cannot be placed
    // (beyond 64 bits, negative, or above 65535 and far off the numbers before it); odd
    // numbers are noted in `odd` with the line.
    std::optional<std::int64_t> place(const PrintedSequence& printed, OddSequences& odd,
                                      std::int64_t line) {
        if (!printed.value || *printed.value < 0) {
            odd.unplaced(line);
            return std::nullopt;
        }
        if (*printed.value >= kWrap) {
            if (!continues(*printed.value)) {
                odd.unplaced(line);
                return std::nullopt;
            }
            odd.wide(line);
        }
        return unwrap(*printed.value);
    }
    // Notes any sequence number the log mentions (replies, timeouts, errors) for the range.
    void observe(std::int64_t unwrapped) {
        ++m_observations;
        m_highest = std::max(m_highest, unwrapped);
        m_lowest = std::min(m_lowest, unwrapped);
    }
    // Records a reply; returns false when that sequence number had a reply already.
    bool markReplied(std::int64_t unwrapped) {
        observe(unwrapped);
        if (replied(unwrapped))
            return false;
        const auto index = static_cast<std::size_t>(unwrapped);
        if (unwrapped >= 0 && index < m_replied.size())
            m_replied.set(index);
        else
            keepReply(unwrapped);
        ++m_repliedCount;
        return true;
    }

    // The requests of a run from `from` (runStart) to its end (runEnd) that got no reply. Those
    // at the end that the log has too few lines to speak for are neither listed nor guessed: a
    // warning says how many and whose (the target of a multi-host log, or empty).
    std::vector<std::int64_t> losses(std::int64_t from, std::int64_t transmitted,
                                     IssueList& warnings, const QString& whose) const;
    // Where the requests of a run begin, for its losses. An excerpt (no header) starts at its
    // lowest number. A run with a header starts at the first number, unless its numbers
    // start far beyond it (a log beginning at 65530): with the tool's count, when the highest
    // number lies beyond what the count covers from the first; without, when more requests
    // than one line speaks for would have gone unanswered before the first line.
    std::int64_t runStart(bool sawHeader, std::int64_t transmitted) const;
    // The last request of a run starting at `from`: the tool's count says, else the highest
    // number seen.
    std::int64_t runEnd(std::int64_t from, std::int64_t transmitted) const;
    std::int64_t firstSequence() const { return m_first; }
    std::int64_t highestSeen() const { return m_highest; }
    bool anySeen() const { return m_highest >= m_first; }
    std::int64_t lowestSeen() const { return m_lowest <= m_highest ? m_lowest : m_first; }
    // Distinct sequence numbers that got a reply.
    std::int64_t repliedCount() const { return m_repliedCount; }

private:
    // Which sequence numbers got a reply, 64 to a word, so that the unanswered ones of a
    // million-reply log are found a word at a time.
    class ReplyBitmap {
    public:
        std::size_t size() const { return m_bits; }
        bool operator[](std::size_t bit) const { return (m_words[bit / 64] >> (bit % 64)) & 1U; }
        void set(std::size_t bit) { m_words[bit / 64] |= std::uint64_t{1} << (bit % 64); }
        void resize(std::size_t bits) {
            m_words.resize((bits + 63) / 64); // bits past m_bits stay clear
            m_bits = bits;
        }
        // The first clear bit in [from, to), to <= size(); `to` when there is none.
        std::size_t firstClear(std::size_t from, std::size_t to) const;

    private:
        std::vector<std::uint64_t> m_words;
        std::size_t m_bits = 0;
    };

    static constexpr std::int64_t kWrap = 65536;
    static constexpr std::int64_t kTrackedLimit = std::int64_t{1} << 32;
    static constexpr std::int64_t kRequestsPerLine = 1024;

    bool replied(std::int64_t unwrapped) const {
        const auto index = static_cast<std::size_t>(unwrapped);
        if (unwrapped >= 0 && index < m_replied.size() && m_replied[index])
            return true;
        // A reply kept aside while the bitmap was shorter stays there when the bitmap grows.
        return !m_farReplies.empty() && farReplied(unwrapped);
    }
    bool farReplied(std::int64_t unwrapped) const; // out of line: the common path has none
    // markReplied beyond the bitmap's current size: grows it, or keeps a far reply aside.
    void keepReply(std::int64_t unwrapped);
    // Requests the lines seen so far can speak for (see the class comment).
    std::int64_t spokenFor() const { return (m_observations + 1) * kRequestsPerLine; }
    // Replies from 0 up to here go into the bitmap, others into m_farReplies.
    std::int64_t bitmapEnd() const { return std::min(kTrackedLimit, kWrap + spokenFor()); }

    std::int64_t m_first;
    std::int64_t m_highest = -1;
    std::int64_t m_lowest = std::numeric_limits<std::int64_t>::max();
    std::int64_t m_repliedCount = 0;
    std::int64_t m_observations = 0;
    std::int64_t m_lastPrinted = -1;
    std::int64_t m_lastUnwrapped = -1;
    std::int64_t m_epoch = 0;
    ReplyBitmap m_replied;
    std::unordered_set<std::int64_t> m_farReplies; // negative, foreign or far ahead
};

} // namespace wb
