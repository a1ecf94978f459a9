#include "LogParser.h"

#include "FormatRegistry.h"

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
    // One pass over the whole chunk for NUL bytes instead of one per line (a call each, on
    // lines of some 60 bytes): the lines of a chunk without any need no look of their own.
    const bool chunkHasNul = chunk.find('\0') != std::string_view::npos;
    while (!chunk.empty()) {
        const std::size_t newline = chunk.find('\n');
        const std::string_view piece = chunk.substr(0, newline);
        if (newline == std::string_view::npos) {
            keepPartial(piece);
            return;
        }
        chunk.remove_prefix(newline + 1);
        if (m_partialLength == 0) {
            // Cut here too, so that a long line reads the same whatever the chunk size.
            deliverLine(piece.substr(0, kMaxLineLength), piece.size(), chunkHasNul);
            continue;
        }
        keepPartial(piece);
        deliverLine(m_partial, m_partialLength, true);
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
        deliverLine(m_partial, m_partialLength, true);
        m_partial.clear();
        m_partialLength = 0;
    }
    finishDatasets();
}

void LogParser::abandonPartialLine() {
    m_partial.clear();
    m_partialLength = 0;
}

std::unique_ptr<ScannedLines> LogParser::scan(std::string_view wholeLines,
                                              std::unique_ptr<ScannedLines> reuse) const {
    (void)wholeLines;
    (void)reuse;
    return nullptr;
}

std::unique_ptr<ScannedLines> LogParser::scanBlock(std::string_view wholeLines,
                                                   std::unique_ptr<ScannedLines> reuse) const {
    std::unique_ptr<ScannedLines> scanned = scan(wholeLines, std::move(reuse));
    if (scanned) {
        scanned->text = wholeLines;
        // Looked for here, on the scanning thread, not by feedScanned() on the parser's; a
        // dialect that takes bytes reads NUL bytes as any other.
        scanned->containsNul = m_input == Input::Lines && !scanned->nulLinesLeftToParser &&
                               wholeLines.find('\0') != std::string_view::npos;
    }
    return scanned;
}

void LogParser::feedScanned(ScannedLines& lines) {
    // A dialect that takes bytes (iperf3 -J) applies its scan as it reads them.
    if (m_input == Input::Bytes) {
        applyScanned(lines);
        return;
    }
    // Lines with NUL bytes, and everything after another log started, take the line path,
    // which reports them; so does a block that does not start at a line's start.
    if (m_partialLength > 0 || m_otherLogStarted || lines.containsNul) {
        feed(lines.text);
        return;
    }
    applyScanned(lines);
}

void LogParser::deliver(std::string_view line) {
    deliverLine(line.substr(0, kMaxLineLength), line.size(), true);
}

void LogParser::deliverLine(std::string_view line, std::size_t length, bool mayHoldNul) {
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
    if (mayHoldNul && line.find('\0') != std::string_view::npos) {
        parseError(line, QStringLiteral("NUL bytes in the line: a damaged or binary part of "
                                        "the file"));
        return;
    }
    const std::int64_t ignoredBefore = m_report.ignoredLines;
    parseLine(line);
    if (m_report.ignoredLines != ignoredBefore)
        checkForOtherLog(line);
}

void LogParser::checkForOtherLog(std::string_view line) {
    // Throughput logs hold several sections (client and server, -d, --bidir) whose lines
    // look like other iperf flavours; a ping log has no such lines, so only its ignored
    // lines are asked whether they start another log.
    if (!m_format || m_format->kind != Dataset::Kind::Latency)
        return;
    const FormatEntry* other = FormatRegistry::detect(line);
    if (other && other != m_format)
        anotherLogStarts(line, QStringLiteral("a log of another format (%1) starts here")
                                   .arg(QString::fromLatin1(other->description)));
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
    m_report.warnings.add(lineNumber(), message, excerpt(line));
}

} // namespace wb
