#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace wb {

// Ping sequence numbers are 16 bits on the wire and wrap after 65535, so an hour of
// `ping -i 0.001` repeats every number about 55 times. The tracker turns the printed numbers
// into a monotonic sequence and remembers which ones got a reply, so duplicates can be found
// without a (DUP!) marker (BSD prints none) and losses listed at the end.
class SequenceTracker {
public:
    explicit SequenceTracker(std::int64_t firstSequence) : m_first(firstSequence) {}

    // Maps a printed sequence number to its unwrapped value; call in log order.
    std::int64_t unwrap(std::int64_t printed);
    // Notes any sequence number the log mentions (replies, timeouts, errors) for the range.
    void observe(std::int64_t unwrapped);
    // Records a reply; returns false when that sequence number had a reply already.
    bool markReplied(std::int64_t unwrapped);

    // Sequence numbers in [from, last] without a reply. With the tool's transmitted count
    // the range ends at first + transmitted - 1, otherwise at the highest number seen. `from`
    // is the first sequence unless the log is an excerpt that starts later in a run.
    std::vector<std::int64_t> unanswered(std::int64_t transmitted) const {
        return unanswered(transmitted, m_first);
    }
    std::vector<std::int64_t> unanswered(std::int64_t transmitted, std::int64_t from) const;
    std::int64_t firstSequence() const { return m_first; }
    std::int64_t highestSeen() const { return m_highest; }
    bool anySeen() const { return m_highest >= m_first; }
    std::int64_t lowestSeen() const { return m_lowest <= m_highest ? m_lowest : m_first; }
    // Distinct sequence numbers that got a reply.
    std::int64_t repliedCount() const { return m_repliedCount; }

private:
    static constexpr std::int64_t kWrap = 65536;
    static constexpr std::int64_t kTrackedLimit = std::int64_t{1} << 32;

    std::int64_t m_first;
    std::int64_t m_highest = -1;
    std::int64_t m_lowest = std::numeric_limits<std::int64_t>::max();
    std::int64_t m_repliedCount = 0;
    std::int64_t m_lastPrinted = -1;
    std::int64_t m_epoch = 0;
    std::vector<bool> m_replied;
};

} // namespace wb
