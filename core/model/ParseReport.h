#pragma once

#include <QString>

#include <cstdint>
#include <utility>
#include <vector>

namespace wb {

// One problem found in a log, tied to the line it came from so a user can look it up.
struct ParseIssue {
    std::int64_t line = 0; // 1-based line number in the file
    QString message;       // what is wrong, in plain words
    QString text;          // the offending line (shortened when very long)
};

// A bounded list of issues: the count is exact, but only the first few are kept so that a
// hostile log with millions of bad lines cannot exhaust memory.
class IssueList {
public:
    static constexpr std::size_t kKeptIssues = 1000;

    void add(std::int64_t line, QString message, QString text) {
        ++m_count;
        if (m_kept.size() < kKeptIssues)
            m_kept.push_back({line, std::move(message), std::move(text)});
    }
    std::int64_t count() const { return m_count; }
    bool empty() const { return m_count == 0; }
    const std::vector<ParseIssue>& kept() const { return m_kept; }

private:
    std::int64_t m_count = 0;
    std::vector<ParseIssue> m_kept;
};

// What a parser saw while reading one file.
struct ParseReport {
    std::int64_t linesRead = 0;
    std::int64_t samples = 0;      // measurement values taken (replies, interval lines)
    std::int64_t ignoredLines = 0; // lines that are neither data nor a known header/summary
    IssueList parseErrors;         // data lines that could not be read
    IssueList rangeErrors;         // values read but impossible (negative, NaN, huge)
    IssueList warnings;            // readable, but worth a look (e.g. derived values)

    bool hasProblems() const { return !parseErrors.empty() || !rangeErrors.empty(); }
};

} // namespace wb
