#include "JsonDocumentBoundaries.h"

#include "LogParser.h"
#include "TextScan.h"

#include <algorithm>

namespace wb {

namespace {
constexpr std::size_t kMaxLineLength = LogParser::kMaxLineLength;
}

bool JsonDocumentBoundaries::skipToDocument(std::string_view chunk, std::size_t* at) {
    for (std::size_t i = *at; i < chunk.size(); ++i) {
        const char c = chunk[i];
        if (c == '{') {
            // The warning quotes the whole line. Once its rest is being collected up to a
            // line break in a later chunk (m_junkOpen), a later '{' on it collects nothing
            // more: the line is read once however the chunks fall.
            if (m_junkLine && !m_junkOpen)
                collectJunk(chunk, i);
            else if (!m_junkLine)
                m_lineText.clear();
            *at = i;
            return true;
        }
        if (c == '\n') {
            flushJunk();
            ++m_newlines;
            m_lineText.clear();
            continue;
        }
        if (!m_junkOpen && m_lineText.size() < kMaxLineLength)
            m_lineText += c;
        m_junkLine = m_junkLine || !(scan::isSpaceOrTab(c) || c == '\r');
    }
    *at = chunk.size();
    return false;
}

// The rest of a line with text outside a document, up to its end (which may be in a later chunk).
void JsonDocumentBoundaries::collectJunk(std::string_view chunk, std::size_t from) {
    const std::size_t newline = chunk.find('\n', from);
    const std::string_view rest = chunk.substr(from, newline - std::min(newline, from));
    m_junkText.append(rest.substr(0, kMaxLineLength - std::min(kMaxLineLength, m_junkText.size())));
    m_junkOpen = newline == std::string_view::npos;
    if (!m_junkOpen)
        flushJunk();
}

void JsonDocumentBoundaries::flushJunk() {
    if (!m_junkLine)
        return;
    std::string text = m_lineText + m_junkText;
    if (!text.empty() && text.back() == '\r')
        text.pop_back();
    m_listener.textOutsideDocuments(text);
    m_junkLine = m_junkOpen = false;
    m_junkText.clear();
    m_lineText.clear();
}

void JsonDocumentBoundaries::startRecovery(std::size_t depth, bool inString) {
    m_recovering = true;
    m_depth = static_cast<int>(depth);
    m_inString = inString;
    m_escaped = false;
}

bool JsonDocumentBoundaries::recover(std::string_view chunk, std::size_t* at) {
    for (std::size_t i = *at; i < chunk.size(); ++i) {
        const char c = chunk[i];
        if (c == '\n')
            ++m_newlines;
        if (m_inString) {
            if (m_escaped)
                m_escaped = false;
            else if (c == '\\')
                m_escaped = true;
            else if (c == '"')
                m_inString = false;
        } else if (c == '"') {
            m_inString = true;
        } else if (c == '{' || c == '[') {
            ++m_depth;
        } else if ((c == '}' || c == ']') && --m_depth <= 0) {
            m_recovering = false;
            *at = i + 1;
            return true;
        }
    }
    *at = chunk.size();
    return false;
}

} // namespace wb
