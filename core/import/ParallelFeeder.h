#pragma once

#include "parse/BlockScanner.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace wb {

class LogParser;

// Feeds a big file to a parser that is also a BlockScanner on every core. A worker of a thread
// pool reads each piece of the file (or takes the bytes the importer read) and scans the whole
// lines after its first newline; in file order on the calling thread, the line the previous
// piece cut, completed by this piece's first line, goes through LogParser::feed() and the
// scan is applied. The parser ends up
// exactly as feed() of the same bytes would leave it. It pays where a file is hundreds of
// megabytes of one kind of line: on two cores, `stats` of 5 million ping replies, an hour of
// iperf2 -P 30 and a long iperf3 -J log are read 2.7, 1.2 and 1.5 times as fast (tests/bench).
class ParallelFeeder {
public:
    ParallelFeeder(LogParser& parser, BlockScanner& scanner, std::int64_t inputSize);
    ~ParallelFeeder(); // waits for the scans still running
    ParallelFeeder(const ParallelFeeder&) = delete;
    ParallelFeeder& operator=(const ParallelFeeder&) = delete;

    // Whether scanning on several cores pays for an input of this size on this machine.
    static bool pays(std::int64_t inputSize);

    // The next piece of the input, kept until it is applied.
    void feed(QByteArray bytes);
    // The next piece is `size` bytes of the open file `fd` from `offset`, read by the worker
    // that scans it: the kernel's copy of a big file is then made on every core too.
    void feedFromFile(int fd, std::int64_t offset, std::int64_t size);
    // Why a piece could not be read (empty: every piece was read).
    const QString& readError() const { return m_readError; }
    // Whether a piece read from the file came back shorter than asked: the file was cut short
    // while it was read.
    bool readShort() const { return m_readShort; }
    // Applies every piece still being scanned and feeds the bytes after the last newline.
    void finish();

private:
    // A piece as a worker leaves it: its bytes, where its whole lines are, and their scan.
    struct Piece {
        QByteArray bytes;
        std::size_t firstNewline = std::string_view::npos;
        std::size_t lastNewline = std::string_view::npos;
        std::unique_ptr<BlockScanner::Scan> scan;
        QString readError;
        bool readShort = false;
    };

    void submit(std::function<Piece()> load);
    Piece scanned(QByteArray bytes);
    void applyOldest();

    LogParser& m_parser;
    BlockScanner& m_scanner;
    std::string m_cutLine; // the bytes after the last newline so far
    std::deque<std::future<Piece>> m_inFlight;
    QString m_readError;
    bool m_readShort = false;
    std::mutex m_spareMutex;
    std::vector<QByteArray> m_spare; // applied pieces' buffers and scans, for the next ones
    std::vector<std::unique_ptr<BlockScanner::Scan>> m_spareScans;
    std::size_t m_inFlightLimit = 1;
};

} // namespace wb
