#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <unordered_set>
#include <vector>

class QString;

namespace wb {

class IssueList;

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
            return printed; // not a 16-bit counter: take it as it is
        if (m_lastPrinted >= 0) {
            if (printed < m_lastPrinted - kWrap / 2)
                ++m_epoch; // wrapped forward
            else if (printed > m_lastPrinted + kWrap / 2 && m_epoch > 0)
                return printed + (m_epoch - 1) * kWrap; // a late reply from before the wrap
        }
        m_lastPrinted = printed;
        return printed + m_epoch * kWrap;
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

    struct Unanswered {
        std::vector<std::int64_t> sequences;
        // Requests at the end of the range that the log has too few lines to speak for;
        // they are neither listed nor guessed.
        std::int64_t notListed = 0;
        std::int64_t firstNotListed = 0;
    };
    // Sequence numbers in [from, last] without a reply. With the tool's transmitted count
    // the range ends at first + transmitted - 1, otherwise at the highest number seen. `from`
    // is the first sequence unless the log is an excerpt that starts later in a run.
    Unanswered unanswered(std::int64_t transmitted) const {
        return unanswered(transmitted, m_first);
    }
    Unanswered unanswered(std::int64_t transmitted, std::int64_t from) const;
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
    std::int64_t m_epoch = 0;
    ReplyBitmap m_replied;
    std::unordered_set<std::int64_t> m_farReplies; // negative, foreign or far ahead
};

// The listed losses of `unanswered`; when some requests were not listed, a warning says how
// many and whose (empty for a single-host log).
std::vector<std::int64_t> listedLosses(SequenceTracker::Unanswered unanswered, IssueList& warnings,
                                       const QString& whose);

} // namespace wb
