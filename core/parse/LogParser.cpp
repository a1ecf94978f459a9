#include "LogParser.h"

namespace wb {

namespace {
QString excerpt(std::string_view line) {
    constexpr std::size_t kShown = 200;
    QString text =
        QString::fromUtf8(line.data(), static_cast<qsizetype>(std::min(line.size(), kShown)));
    if (line.size() > kShown)
        text += QStringLiteral("… (%1 bytes)").arg(line.size());
    return text;
}
} // namespace

LogParser::LogParser() : m_datasets(1) {}

LogParser::LogParser(Input input) : m_datasets(1), m_input(input) {}

void LogParser::feed(std::string_view chunk) {
    if (m_input == Input::Bytes) {
        parseBytes(chunk);
        return;
    }
    while (!chunk.empty()) {
        const std::size_t newline = chunk.find('\n');
        if (newline == std::string_view::npos) {
            const std::size_t room = kMaxLineLength - std::min(m_partial.size(), kMaxLineLength);
            m_partial.append(chunk.substr(0, room));
            m_partialTooLong = m_partialTooLong || chunk.size() > room;
            return;
        }
        std::string_view piece = chunk.substr(0, newline);
        chunk.remove_prefix(newline + 1);
        if (m_partial.empty() && !m_partialTooLong) {
            deliver(piece);
            continue;
        }
        const std::size_t room = kMaxLineLength - std::min(m_partial.size(), kMaxLineLength);
        m_partial.append(piece.substr(0, room));
        deliver(m_partial);
        m_partial.clear();
        m_partialTooLong = false;
    }
}

void LogParser::finish() {
    if (m_finished)
        return;
    m_finished = true;
    if (!m_partial.empty() || m_partialTooLong) {
        deliver(m_partial);
        m_partial.clear();
    }
    finishDatasets();
}

void LogParser::deliver(std::string_view line) {
    ++m_report.linesRead;
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    parseLine(line);
}

void LogParser::parseError(std::string_view line, const QString& message) {
    m_report.parseErrors.add(lineNumber(), message, excerpt(line));
}

void LogParser::rangeError(std::string_view line, const QString& message) {
    m_report.rangeErrors.add(lineNumber(), message, excerpt(line));
}

void LogParser::warning(std::string_view line, const QString& message) {
    m_report.warnings.add(lineNumber(), message, excerpt(line));
}

} // namespace wb
