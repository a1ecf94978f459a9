#pragma once

#include "model/Dataset.h"
#include "model/ParseReport.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace wb {

struct FormatEntry;

// Whole lines (each ending in '\n') whose stateless facts a dialect has read off the
// parser's thread; the dialect's subclass holds those facts. See LogParser::scan.
struct ScannedLines {
    virtual ~ScannedLines() = default;
    std::string_view text;
    bool containsNul = false; // such lines take the line path, which reports them
    // The dialect's scan left every line that holds a NUL byte to the line path itself, so
    // the block needs no pass of its own to look for them.
    bool nulLinesLeftToParser = false;
};

// Base of every log parser. Bytes arrive in chunks of any size (a file read in blocks or the
// stdout of a running process); the base cuts them into lines, strips CR of CRLF endings and
// hands each complete line to the dialect. Only a line split across two chunks is copied.
class LogParser {
public:
    virtual ~LogParser() = default;

    void feed(std::string_view chunk);
    // Which registry format this parser reads (set by the importer): a line that a latency
    // dialect ignores but that starts a log of another format (two logs pasted into one file)
    // is then reported, and the rest of the file is not merged into this log's dataset.
    void watchForOtherLogs(const FormatEntry* format) { m_format = format; }
    // Flushes a last line without newline and lets the dialect complete its datasets.
    void finish();
    // A read stopped at an arbitrary byte (a cancel): the line it stopped in is incomplete
    // ("time=0.1" of "time=0.123"), so it is dropped instead of read by finish().
    void abandonPartialLine();

    // Parallel reading of big files (io/LineBlockPipeline). Most of a line's cost is finding
    // and converting its numbers, which needs no parser state; a dialect that separates the
    // two reads blocks of whole lines with scan() on any thread (it must not touch the
    // parser's state) and then applies them in log order with feedScanned(), which gives
    // exactly what feed() of the same text gives. Dialects that cannot return nullptr.
    // feedScanned() needs everything fed before to end with a newline. `reuse`, a block
    // applied earlier, lends its storage: fresh memory costs a page fault per 4 KiB.
    std::unique_ptr<ScannedLines> scanBlock(std::string_view wholeLines,
                                            std::unique_ptr<ScannedLines> reuse = nullptr) const;
    void feedScanned(ScannedLines& lines);
    // The size of the whole input when known (a file), so a dialect can size its storage.
    void expectInputSize(std::int64_t bytes) { m_expectedInputSize = bytes; }

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
    // Applies what scan() read, line by line in order; lines the scan left to the parser go
    // through deliver() as feed() would send them. A dialect that takes bytes reads
    // `lines.text` itself, with what its scan read at hand.
    virtual void applyScanned(ScannedLines& lines) { (void)lines; }
    // The dialect's half of scanBlock(): the facts of each line, in `reuse` when it is one
    // of its own; nullptr when the dialect cannot scan.
    virtual std::unique_ptr<ScannedLines> scan(std::string_view wholeLines,
                                               std::unique_ptr<ScannedLines> reuse) const;
    // A dialect's scanned facts for scan(): `reuse` emptied by its clear() when it is of the
    // same kind (its storage is already faulted in), else a new one.
    template <typename Scanned>
    static std::unique_ptr<Scanned> reuseOrCreate(std::unique_ptr<ScannedLines>& reuse) {
        if (auto* same = dynamic_cast<Scanned*>(reuse.get())) {
            (void)reuse.release();
            same->clear();
            return std::unique_ptr<Scanned>(same);
        }
        return std::make_unique<Scanned>();
    }
    // Counts a line the dialect took from scanned facts instead of parseLine().
    void countScannedLine() { ++m_report.linesRead; }
    // Hands a line to parseLine() as feed() does (counted, CR of CRLF stripped).
    void deliver(std::string_view line);

    std::int64_t lineNumber() const { return m_report.linesRead; }
    std::int64_t expectedInputSize() const { return m_expectedInputSize; }
    ParseReport& mutableReport() { return m_report; }
    void countSample() { ++m_report.samples; }
    Dataset& dataset() { return m_datasets.front(); }
    std::vector<Dataset>& allDatasets() { return m_datasets; }

    void ignoreLine() { ++m_report.ignoredLines; }
    void parseError(std::string_view line, const QString& message);
    void rangeError(std::string_view line, const QString& message);
    void warning(std::string_view line, const QString& message);
    // Another log starts at this line: a parse error says so, and every later line is
    // ignored, so that two runs never end up in one dataset.
    void anotherLogStarts(std::string_view line, const QString& what);
    bool otherLogStarted() const { return m_otherLogStarted; }

private:
    // length: how long the line really was (line itself is cut to kMaxLineLength);
    // mayHoldNul false when the caller already knows the line has no NUL byte.
    void deliverLine(std::string_view line, std::size_t length, bool mayHoldNul);
    void keepPartial(std::string_view piece);
    void checkForOtherLog(std::string_view line);

    ParseReport m_report;
    std::vector<Dataset> m_datasets;
    std::string m_partial;           // a line whose end has not arrived yet (cut as above)
    std::size_t m_partialLength = 0; // its length so far, beyond the cut too
    bool m_finished = false;
    bool m_otherLogStarted = false;
    const FormatEntry* m_format = nullptr;
    std::int64_t m_expectedInputSize = 0;
    Input m_input = Input::Lines;
};

} // namespace wb
