#pragma once

#include "model/Dataset.h"
#include "model/ParseReport.h"

#include <QString>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace wb {

// A piece of a log line as text for the dataset (targets, labels, messages).
inline QString qStringOf(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// Base of every log parser; a dialect derives from it and implements parseLine() (and, if it
// has something to complete at the end, finishDatasets()). Bytes arrive in chunks of any size
// (a file read in pieces or the stdout of a running process); the base cuts them into lines
// at LF, CRLF or a lone CR (LineEnds), cuts lines longer than kMaxLineLength (with a warning),
// reports lines holding NUL bytes, and hands every other line to parseLine() in order. Only a
// line split across two chunks is copied. core/parse/README.md shows how to add a format.
class LogParser {
public:
    virtual ~LogParser() = default;

    void feed(std::string_view chunk);
    // Flushes a last line without newline and lets the dialect complete its datasets.
    void finish();
    // A read stopped at an arbitrary byte (a cancel): the line it stopped in is incomplete
    // ("time=0.1" of "time=0.123"), so it is dropped instead of read by finish().
    void abandonPartialLine();

    // Asked about each line the dialect ignored; a non-empty answer says that another log
    // starts at that line (two logs pasted into one file), which is then reported, and the
    // rest of the input is not merged into this log's datasets. Set by the caller, which
    // knows the other formats (FileImporter).
    using OtherLogCheck = std::function<QString(std::string_view line)>;
    void setOtherLogCheck(OtherLogCheck check) { m_otherLogCheck = std::move(check); }

    const ParseReport& report() const { return m_report; }
    // Datasets found so far; a parser of a multi-target log (fping) yields one per target.
    const std::vector<Dataset>& datasets() const { return m_datasets; }
    std::vector<Dataset> takeDatasets() { return std::move(m_datasets); }

    // The longest line kept whole; longer lines are still counted but cut to this length.
    static constexpr std::size_t kMaxLineLength = 64 * 1024;

protected:
    // How a dialect takes its input: cut into lines (the default), or the bytes as they come,
    // for a reader whose tokens do not follow lines (iperf3 -J JSON); it then counts lines
    // itself (mutableReport().linesRead) so that issues still name their line.
    enum class Input { Lines, Bytes };

    LogParser();
    explicit LogParser(Input input);

    virtual void parseLine(std::string_view line) = 0;
    virtual void parseBytes(std::string_view chunk) { (void)chunk; }
    virtual void finishDatasets() {}

    std::int64_t lineNumber() const { return m_report.linesRead; }
    ParseReport& mutableReport() { return m_report; }
    void countSample() { ++m_report.samples; }
    Dataset& dataset() { return m_datasets.front(); }
    std::vector<Dataset>& allDatasets() { return m_datasets; }

    // For a dialect that applies scanned blocks (BlockScanner::apply): a line it read from its
    // scan is counted with countScannedLine(); any other goes through the line path with
    // deliver(), as feed() would hand it over (counted, cut, CR stripped, checked for NUL).
    void countScannedLine() { ++m_report.linesRead; }
    void deliver(std::string_view line) {
        deliverLine(line.substr(0, kMaxLineLength), line.size());
    }
    bool otherLogStarted() const { return m_otherLogStarted; }

    void ignoreLine() { ++m_report.ignoredLines; }
    void parseError(std::string_view line, const QString& message);
    void rangeError(std::string_view line, const QString& message);
    void warning(std::string_view line, const QString& message);
    // A warning about an earlier line, known only later (a line whose sequel never came).
    void warningAt(std::int64_t lineNumber, std::string_view line, const QString& message);
    // Another log starts at this line: a parse error says so, and every later line is
    // ignored, so that two runs never end up in one dataset.
    void anotherLogStarts(std::string_view line, const QString& what);

private:
    // length: how long the line really was (line itself is cut to kMaxLineLength).
    void deliverLine(std::string_view line, std::size_t length);
    void keepPartial(std::string_view piece);

    ParseReport m_report;
    std::vector<Dataset> m_datasets;
    std::string m_partial;            // a line whose end has not arrived yet (cut as above)
    std::size_t m_partialLength = 0;  // its length so far, beyond the cut too
    bool m_lineEndedAtReturn = false; // the last chunk ended in CR: an LF next belongs to it
    bool m_finished = false;
    bool m_otherLogStarted = false;
    OtherLogCheck m_otherLogCheck;
    Input m_input = Input::Lines;
};

} // namespace wb
