#include "SequenceTracker.h"

#include <algorithm>

namespace wb {

std::int64_t SequenceTracker::unwrap(std::int64_t printed) {
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

void SequenceTracker::observe(std::int64_t unwrapped) {
    m_highest = std::max(m_highest, unwrapped);
    m_lowest = std::min(m_lowest, unwrapped);
}

bool SequenceTracker::markReplied(std::int64_t unwrapped) {
    observe(unwrapped);
    if (unwrapped < 0 || unwrapped >= kTrackedLimit) {
        ++m_repliedCount;
        return true; // hostile or foreign numbering: do not grow a huge bitmap for it
    }
    const auto index = static_cast<std::size_t>(unwrapped);
    if (index >= m_replied.size())
        m_replied.resize(std::max(index + 1, m_replied.size() * 2));
    if (m_replied[index])
        return false;
    m_replied[index] = true;
    ++m_repliedCount;
    return true;
}

std::vector<std::int64_t> SequenceTracker::unanswered(std::int64_t transmitted,
                                                      std::int64_t from) const {
    // Requests after the last one the log mentions were lost silently; a margin bounds what a
    // corrupt transmitted count can make us list.
    constexpr std::int64_t kSilentTailLimit = 1'000'000;
    std::int64_t last = m_highest;
    if (transmitted > 0)
        last = std::min(m_first + transmitted - 1, std::max(m_highest, m_first) + kSilentTailLimit);
    std::vector<std::int64_t> missing;
    for (std::int64_t seq = std::max<std::int64_t>(from, 0); seq <= last && seq < kTrackedLimit;
         ++seq) {
        const auto index = static_cast<std::size_t>(seq);
        if (index >= m_replied.size() || !m_replied[index])
            missing.push_back(seq);
    }
    return missing;
}

} // namespace wb
