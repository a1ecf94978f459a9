#include "SequenceTracker.h"

#include "TextScan.h"
#include "model/ParseReport.h"

#include <QString>

#include <algorithm>
#include <charconv>
#include <utility>

namespace wb {

std::size_t SequenceTracker::ReplyBitmap::firstClear(std::size_t from, std::size_t to) const {
    while (from < to) {
        const std::uint64_t unset = ~m_words[from / 64] >> (from % 64);
        if (unset != 0)
            return std::min(to, from + static_cast<std::size_t>(__builtin_ctzll(unset)));
        from = (from / 64 + 1) * 64;
    }
    return to;
}

bool SequenceTracker::farReplied(std::int64_t unwrapped) const {
    return m_farReplies.count(unwrapped) > 0;
}

void SequenceTracker::keepReply(std::int64_t unwrapped) {
    if (unwrapped >= 0 && unwrapped < bitmapEnd()) {
        const auto index = static_cast<std::size_t>(unwrapped);
        const auto end = static_cast<std::size_t>(bitmapEnd());
        m_replied.resize(std::min(std::max(index + 1, m_replied.size() * 2), end));
        m_replied.set(index);
    } else {
        m_farReplies.insert(unwrapped);
    }
}

PrintedSequence PrintedSequence::read(std::string_view text) {
    text = scan::skipSpaces(text);
    PrintedSequence printed;
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc())
        printed.value = value;
    else if (error == std::errc::result_out_of_range)
        printed.beyond64Bits = true;
    return printed;
}

PrintedSequence PrintedSequence::after(std::string_view text, std::string_view key) {
    const auto rest = scan::after(text, key);
    return rest ? read(*rest) : PrintedSequence{};
}

void OddSequences::report(IssueList& warnings, const QString& whose) const {
    const QString of = whose.isEmpty() ? QString() : QStringLiteral(" of %1").arg(whose);
    if (m_wide > 0)
        warnings.add(m_firstWideLine,
                     QStringLiteral("%1 replies%2 carry sequence numbers above 65535, which "
                                    "ICMP's 16-bit counter does not print (first on this line); "
                                    "they are taken as printed")
                         .arg(m_wide)
                         .arg(of),
                     QString());
    if (m_unplaced > 0)
        warnings.add(m_firstUnplacedLine,
                     QStringLiteral("%1 replies%2 carry sequence numbers beyond 64 bits or far off "
                                    "the numbers around them (first on this line); their "
                                    "round-trip times are kept, but their numbers count for "
                                    "neither losses, duplicates nor order")
                         .arg(m_unplaced)
                         .arg(of),
                     QString());
}

std::int64_t SequenceTracker::runStart(bool sawHeader, std::int64_t transmitted) const {
    transmitted = std::min(transmitted, kTrackedLimit); // a damaged count cannot overflow
    if (!sawHeader)
        return lowestSeen();
    const std::int64_t lowest = lowestSeen();
    const bool beyondCount = transmitted > 0 && m_highest >= m_first + transmitted;
    const bool beyondLines = transmitted <= 0 && lowest - m_first > kRequestsPerLine;
    return beyondCount || beyondLines ? lowest : m_first;
}

std::int64_t SequenceTracker::runEnd(std::int64_t from, std::int64_t transmitted) const {
    // Requests after the last one the log mentions were lost silently; a margin bounds what a
    // corrupt transmitted count can make us list.
    constexpr std::int64_t kSilentTailLimit = 1'000'000;
    if (transmitted <= 0)
        return m_highest;
    transmitted = std::min(transmitted, kTrackedLimit); // a damaged count cannot overflow
    const std::int64_t start = m_highest >= m_first + transmitted ? from : m_first;
    return std::min(start + transmitted - 1, std::max(m_highest, start) + kSilentTailLimit);
}

std::vector<std::int64_t> SequenceTracker::losses(std::int64_t from, std::int64_t transmitted,
                                                  IssueList& warnings, const QString& whose) const {
    const std::int64_t last = runEnd(from, transmitted);
    const std::int64_t begin = std::max<std::int64_t>(from, 0);
    const std::int64_t end = std::min(last + 1, begin + spokenFor());
    std::vector<std::int64_t> missing;
    for (std::int64_t seq = begin; seq < end; ++seq) {
        const auto index = static_cast<std::size_t>(seq);
        if (index < m_replied.size()) {
            // Skip the requests with a reply a word at a time.
            seq = static_cast<std::int64_t>(m_replied.firstClear(
                index, std::min(m_replied.size(), static_cast<std::size_t>(end))));
            if (seq == end)
                break;
        }
        if (!replied(seq))
            missing.push_back(seq);
    }
    const std::int64_t firstNotListed = std::max(begin, end);
    const std::int64_t notListed = std::max<std::int64_t>(0, last + 1 - firstNotListed);
    if (notListed > 0) {
        const QString forWhom = whose.isEmpty() ? QString() : QStringLiteral(" of %1").arg(whose);
        warnings.add(0,
                     QStringLiteral("%1 requests%2 from sequence number %3 on are not listed "
                                    "as lost: the log has too few lines to speak for that many")
                         .arg(notListed)
                         .arg(forWhom)
                         .arg(firstNotListed),
                     QString());
    }
    return missing;
}

} // namespace wb
