#pragma once

#include "model/Dataset.h"
#include "model/ParseReport.h"

#include <string>
#include <string_view>
#include <vector>

namespace wb {

// Base of every log parser. Bytes arrive in chunks of any size (a file read in blocks or the
// stdout of a running process); the base cuts them into lines, strips CR of CRLF endings and
// hands each complete line to the dialect. Only a line split across two chunks is copied.
class LogParser {
public:
    virtual ~LogParser() = default;

    void feed(std::string_view chunk);
    // Flushes a last line without newline and lets the dialect complete its datasets.
    void finish();

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

    void ignoreLine() { ++m_report.ignoredLines; }
    void parseError(std::string_view line, const QString& message);
    void rangeError(std::string_view line, const QString& message);
    void warning(std::string_view line, const QString& message);

private:
    void deliver(std::string_view line);

    ParseReport m_report;
    std::vector<Dataset> m_datasets;
    std::string m_partial; // a line whose end has not arrived yet
    bool m_partialTooLong = false;
    bool m_finished = false;
    Input m_input = Input::Lines;
};

} // namespace wb
