#pragma once

#include "parse/BlockScanner.h"

#include <QByteArray>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <future>
#include <memory>
#include <string>
#include <string_view>

namespace wb {

class LogParser;
class MappedFileWindow;

// Feeds a big file to a parser that is also a BlockScanner on every core. Each piece of the
// file that the importer reads (a mapped window, or bytes read) is split into the line that
// the previous piece cut, completed by this piece's first line, and the whole lines after it,
// which are scanned on a worker of a thread pool; in file order on the calling thread, the
// completed line goes through LogParser::feed() and the scan is applied. The parser ends up
// exactly as feed() of the same bytes would leave it. It pays where a file is hundreds of
// megabytes of one kind of line: `stats` of 5 million ping replies takes 1.7 times as long on
// one core (tests/bench/run_bench.sh).
class ParallelFeeder {
public:
    ParallelFeeder(LogParser& parser, BlockScanner& scanner, std::int64_t inputSize);
    ~ParallelFeeder(); // waits for the scans still running
    ParallelFeeder(const ParallelFeeder&) = delete;
    ParallelFeeder& operator=(const ParallelFeeder&) = delete;

    // Whether scanning on several cores pays for an input of this size on this machine.
    static bool pays(std::int64_t inputSize);

    // The next piece of the input, kept until it is applied. Returns false once a mapped
    // piece turned out to be cut short under the read: nothing after it is applied.
    bool feed(std::shared_ptr<MappedFileWindow> window);
    bool feed(QByteArray bytes);
    // Applies every piece still being scanned and feeds the bytes after the last newline.
    void finish();
    // A mapped piece was cut short while it was read (the file shrank).
    bool cutShort() const { return m_cutShort; }

private:
    struct Piece {
        std::shared_ptr<MappedFileWindow> window; // the bytes, when mapped
        QByteArray bytes;                         // else these
        std::string completedLine;                // the previous piece's cut line, completed
        std::string_view wholeLines;              // within the bytes, scanned
        std::future<std::unique_ptr<BlockScanner::Scan>> scan;
        std::string_view text() const;
    };

    bool submit(Piece piece);
    void applyOldest();

    LogParser& m_parser;
    BlockScanner& m_scanner;
    std::string m_cutLine; // the bytes after the last newline so far
    std::deque<Piece> m_inFlight;
    std::size_t m_inFlightLimit = 1;
    bool m_cutShort = false;
};

} // namespace wb
