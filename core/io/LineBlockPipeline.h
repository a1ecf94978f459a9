#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace wb {

class LogParser;
class MappedFileWindow;
struct ScannedLines;

// Reads a big file into a parser on every core. When the parser's dialect can scan lines off
// its thread (LogParser::scan), the file is cut into fixed blocks, and each block is read
// (pread) and its whole lines scanned by one of a core's worth of worker threads, one block
// per core in flight; the calling thread only applies finished blocks in log order and
// joins the line cut at each block edge. The parser ends up exactly as if the same bytes
// had gone through LogParser::feed. A worker maps its block from the page cache
// (MappedFileWindow; pread when the file cannot be mapped), and at most a few blocks are in
// memory at a time. A parser that cannot scan (iperf3 text, iperf2 -y C, the other ping
// dialects) gets each block whole, read ahead by a worker while it parses the one before.
class LineBlockPipeline {
public:
    // Blocks are a sixteenth of the input within these bounds: big enough that a block's
    // scan outweighs its thread, small enough that filling and draining the pipeline (the
    // first and last blocks, which nothing overlaps) stay a small part of the work.
    static constexpr std::size_t kMinBlockSize = std::size_t{1} << 20;
    static constexpr std::size_t kBlockSize = std::size_t{4} << 20;

    LineBlockPipeline(LogParser& parser, std::int64_t inputSize);
    ~LineBlockPipeline();
    LineBlockPipeline(const LineBlockPipeline&) = delete;
    LineBlockPipeline& operator=(const LineBlockPipeline&) = delete;

    // Whether this parser and input size are worth the threads (to scan, or to read ahead).
    bool parallel() const { return m_parallel; }

    struct Outcome {
        std::int64_t bytesRead = 0;
        bool cancelled = false;
        std::string error;             // a read error (what was read before it is applied)
        std::int64_t mappedBlocks = 0; // blocks mapped rather than read
    };
    // Reads the open file `fd` from its start until read finds its end: a file that grows
    // while it is read is read to its new end (the part beyond the size given to the
    // constructor in order, on this thread). `progress(bytesRead)` is asked after each block;
    // false cancels, keeping what was applied. Nothing is flushed: LogParser::finish() feeds
    // a last line without newline.
    Outcome readFile(int fd, const std::function<bool(std::int64_t)>& progress);

    // Bytes left uninitialised until read writes them: a zero-filled buffer would be
    // resident memory for nothing (and a page fault and clearing per 4 KiB the reads of a
    // short file never reach).
    using Buffer = std::unique_ptr<char[]>;
    static Buffer uninitialisedBuffer(std::size_t size);

private:
    // The threads that read and scan blocks, oldest task first, started once per file:
    // starting a thread per block (std::async) took the applying thread off its core each
    // time (3 to 11 ms of a 35 ms import of 0.5M replies on a busy two-core machine).
    class Workers {
    public:
        explicit Workers(unsigned count);
        ~Workers(); // runs what is queued, then joins
        void run(std::packaged_task<void()> task);

    private:
        void work();
        std::mutex m_mutex;
        std::condition_variable m_wake;
        std::deque<std::packaged_task<void()>> m_tasks;
        bool m_closing = false;
        std::vector<std::thread> m_threads;
    };
    struct Block {
        Block();
        ~Block();
        std::int64_t offset = 0;
        std::unique_ptr<MappedFileWindow> window; // the block's bytes when mapped
        Buffer bytes;                             // else read into this
        std::size_t size = 0;                     // bytes read
        int error = 0;                            // errno of a failed read
        std::size_t headEnd = 0;               // after the first newline; 0 when the block has none
        std::size_t tailStart = 0;             // after the last newline
        std::unique_ptr<ScannedLines> scanned; // the whole lines between head and tail
        std::string_view text() const;
        bool cutShort() const; // the file was cut under the mapped block
    };

    void submit(int fd, std::int64_t offset);
    // Reads or maps a block, on a worker.
    static void load(Block& block, int fd, std::size_t size);
    // Waits for the oldest pending block.
    std::unique_ptr<Block> takeOldest();
    void apply(const Block& block);
    void discardPending();
    // Reads on this thread from `offset` until the end (a growing file's new part).
    void readRest(int fd, std::int64_t offset, Outcome& outcome);
    // A buffer of a block's size: an applied block's, else a fresh one. Fresh memory costs a
    // page fault per 4 KiB when first written, a fifth of the reading time on a 300 MB log.
    Buffer takeBuffer();
    // The last of the spare buffers or scans, or an empty pointer.
    template <typename Pointer> static Pointer takeSpare(std::vector<Pointer>& spares) {
        if (spares.empty())
            return nullptr;
        Pointer spare = std::move(spares.back());
        spares.pop_back();
        return spare;
    }
    void recycle(std::unique_ptr<Block> block);

    LogParser& m_parser;
    bool m_parallel = false;
    bool m_scans = false; // the parser scans lines off its thread (LogParser::scanBlock)
    std::int64_t m_inputSize = 0;
    std::size_t m_inFlightLimit = 1;
    std::size_t m_blockSize = kBlockSize;
    std::deque<std::future<std::unique_ptr<Block>>> m_pending;
    std::optional<Workers> m_workers;                        // when parallel
    std::vector<Buffer> m_spare;                             // applied blocks' buffers
    std::vector<std::unique_ptr<ScannedLines>> m_spareScans; // and their scanned facts
};

} // namespace wb
