#include "ParseReport.h"

namespace wb {

void IssueList::add(std::int64_t line, QString message, QString text) {
    ++m_count;
    if (m_kept.size() < kKeptIssues)
        m_kept.push_back({line, std::move(message), std::move(text)});
}

} // namespace wb
