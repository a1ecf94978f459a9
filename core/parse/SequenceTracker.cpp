#include "SequenceTracker.h"

#include "model/ParseReport.h"

#include <algorithm>
#include <utility>

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
    ++m_observations;
    m_highest = std::max(m_highest, unwrapped);
    m_lowest = std::min(m_lowest, unwrapped);
}

bool SequenceTracker::farReplied(std::int64_t unwrapped) const {
    return m_farReplies.count(unwrapped) > 0;
}

bool SequenceTracker::markReplied(std::int64_t unwrapped) {
    observe(unwrapped);
    if (replied(unwrapped))
        return false;
    if (unwrapped >= 0 && unwrapped < bitmapEnd()) {
        const auto index = static_cast<std::size_t>(unwrapped);
        if (index >= m_replied.size()) {
            const auto end = static_cast<std::size_t>(bitmapEnd());
            m_replied.resize(std::min(std::max(index + 1, m_replied.size() * 2), end));
        }
        m_replied[index] = true;
    } else {
        m_farReplies.insert(unwrapped);
    }
    ++m_repliedCount;
    return true;
}

SequenceTracker::Unanswered SequenceTracker::unanswered(std::int64_t transmitted,
                                                        std::int64_t from) const {
    // Requests after the last one the log mentions were lost silently; a margin bounds what a
    // corrupt transmitted count can make us list.
    constexpr std::int64_t kSilentTailLimit = 1'000'000;
    std::int64_t last = m_highest;
    if (transmitted > 0)
        last = std::min(m_first + transmitted - 1, std::max(m_highest, m_first) + kSilentTailLimit);
    const std::int64_t begin = std::max<std::int64_t>(from, 0);
    const std::int64_t end = std::min(last + 1, begin + spokenFor());
    Unanswered missing;
    for (std::int64_t seq = begin; seq < end; ++seq) {
        if (!replied(seq))
            missing.sequences.push_back(seq);
    }
    missing.firstNotListed = std::max(begin, end);
    missing.notListed = std::max<std::int64_t>(0, last + 1 - missing.firstNotListed);
    return missing;
}

std::vector<std::int64_t> listedLosses(SequenceTracker::Unanswered unanswered, IssueList& warnings,
                                       const QString& whose) {
    if (unanswered.notListed > 0) {
        const QString forWhom = whose.isEmpty() ? QString() : QStringLiteral(" of %1").arg(whose);
        warnings.add(0,
                     QStringLiteral("%1 requests%2 from sequence number %3 on are not listed "
                                    "as lost: the log has too few lines to speak for that many")
                         .arg(unanswered.notListed)
                         .arg(forWhom)
                         .arg(unanswered.firstNotListed),
                     QString());
    }
    return std::move(unanswered.sequences);
}

} // namespace wb
