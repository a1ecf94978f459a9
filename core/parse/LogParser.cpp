#include "LogParser.h"

#include "RunFacts.h"

namespace wb {

namespace {
// The offending line as a message can quote it: at most 200 bytes, control characters
// (NUL, escape sequences of a binary part) shown as U+FFFD so that a terminal or a report
// stays readable; invalid UTF-8 becomes U+FFFD when decoded.
QString excerpt(std::string_view line) {
    constexpr std::size_t kShown = 200;
    QString text =
        QString::fromUtf8(line.data(), static_cast<qsizetype>(std::min(line.size(), kShown)));
    for (QChar& c : text)
        if (c.unicode() < 0x20 && c != QLatin1Char('\t'))
            c = QChar::ReplacementCharacter;
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
    if (m_lineEndedAtReturn && !chunk.empty()) {
        m_lineEndedAtReturn = false;
        if (chunk.front() == '\n')
            chunk.remove_prefix(1); // the LF of a CRLF cut between two chunks
    }
    // Lines end at LF, CRLF or a lone CR (LineEnds). A log without CRs costs one search for
    // them per chunk; a CRLF log one per line.
    std::size_t nextReturn = chunk.find('\r');
    for (std::size_t at = 0; at < chunk.size();) {
        std::size_t end = chunk.find('\n', at);
        if (nextReturn < at)
            nextReturn = chunk.find('\r', at);
        const bool endsAtReturn = nextReturn < end;
        if (endsAtReturn)
            end = nextReturn;
        if (end == std::string_view::npos) {
            keepPartial(chunk.substr(at));
            return;
        }
        const std::string_view piece = chunk.substr(at, end - at);
        at = end + 1;
        if (endsAtReturn) {
            if (at == chunk.size())
                m_lineEndedAtReturn = true;
            else if (chunk[at] == '\n')
                ++at;
        }
        if (m_partialLength == 0) {
            // Cut here too, so that a long line reads the same whatever the chunk size.
            deliverLine(piece.substr(0, kMaxLineLength), piece.size());
            continue;
        }
        keepPartial(piece);
        deliverLine(m_partial, m_partialLength);
        m_partial.clear();
        m_partialLength = 0;
    }
}

void LogParser::keepPartial(std::string_view piece) {
    const std::size_t room = kMaxLineLength - std::min(m_partial.size(), kMaxLineLength);
    m_partial.append(piece.substr(0, room));
    m_partialLength += piece.size();
}

void LogParser::finish() {
    if (m_finished)
        return;
    m_finished = true;
    if (m_partialLength > 0) {
        deliverLine(m_partial, m_partialLength);
        m_partial.clear();
        m_partialLength = 0;
    }
    finishDatasets();
    for (Dataset& dataset : m_datasets)
        RunFacts::complete(dataset);
}

void LogParser::abandonPartialLine() {
    m_partial.clear();
    m_partialLength = 0;
}

void LogParser::deliverLine(std::string_view line, std::size_t length) {
    ++m_report.linesRead;
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    if (m_otherLogStarted) {
        ignoreLine();
        return;
    }
    if (length > kMaxLineLength)
        warning(line, QStringLiteral("the line is %1 bytes long; only its first %2 bytes are read")
                          .arg(length)
                          .arg(kMaxLineLength));
    if (line.find('\0') != std::string_view::npos) {
        parseError(line, QStringLiteral("NUL bytes in the line: a damaged or binary part of "
                                        "the file"));
        return;
    }
    const std::int64_t ignoredBefore = m_report.ignoredLines;
    parseLine(line);
    if (m_report.ignoredLines == ignoredBefore || !m_otherLogCheck)
        return;
    const QString otherLog = m_otherLogCheck(line);
    if (!otherLog.isEmpty())
        anotherLogStarts(line, otherLog);
}

void LogParser::anotherLogStarts(std::string_view line, const QString& what) {
    parseError(line, what + QStringLiteral("; it is not merged with the lines above, and the "
                                           "rest of the file is not read (split the file)"));
    m_otherLogStarted = true;
}

void LogParser::parseError(std::string_view line, const QString& message) {
    m_report.parseErrors.add(lineNumber(), message, excerpt(line));
}

void LogParser::rangeError(std::string_view line, const QString& message) {
    m_report.rangeErrors.add(lineNumber(), message, excerpt(line));
}

void LogParser::warning(std::string_view line, const QString& message) {
    warningAt(lineNumber(), line, message);
}

void LogParser::warningAt(std::int64_t lineNumber, std::string_view line, const QString& message) {
    m_report.warnings.add(lineNumber, message, excerpt(line));
}

} // namespace wb
