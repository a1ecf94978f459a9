#pragma once

#include <cstdint>
#include <deque>
#include <future>
#include <memory>
#include <string_view>
#include <vector>

namespace wb {

class LogParser;
struct ScannedLines;

// Feeds a file to a parser in blocks that end at a newline. When the parser's dialect can
// scan lines off its thread (LogParser::scan) and the file is big, one block per core is
// scanned in parallel while the calling thread reads the next blocks and applies finished
// ones in log order; otherwise each block is fed as it arrives. Either way the parser ends
// up exactly as if the same bytes had gone through LogParser::feed.
//
// The reader writes straight into the pipeline's buffer (space(), commit()), so the bytes
// are copied once, by the kernel, and at most a few blocks are in memory at a time.
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

    // Room for the next bytes read: spaceSize() bytes at space().
    char* space();
    std::size_t spaceSize() const { return m_blockSize; }
    // The first `bytes` bytes at space() are the next input.
    void commit(std::size_t bytes);
    // Applies every pending block and feeds a last line that has no newline.
    void flush();

    bool parallel() const { return m_parallel; }

private:
    // Bytes left uninitialised until read() writes them: a zero-filled buffer would be
    // resident memory for nothing.
    struct Buffer {
        std::unique_ptr<char[]> data;
        std::size_t capacity = 0;
        std::size_t used = 0;
        std::string_view text() const { return {data.get(), used}; }
    };
    struct Block {
        Buffer bytes;
        bool wholeLines = true; // false: part of one line longer than a block
        std::future<std::unique_ptr<ScannedLines>> scanned;
    };

    void submit(std::unique_ptr<Block> block);
    void applyOldest();
    // A buffer with room for `capacity` bytes: an applied block's if one is big enough. Fresh
    // memory costs a page fault per 4 KiB when read() first writes it, which on a 300 MB log
    // was a fifth of the reading thread's time.
    Buffer takeBuffer(std::size_t capacity);
    void recycle(Buffer buffer);

    LogParser& m_parser;
    bool m_parallel = false;
    std::size_t m_inFlightLimit = 1;
    std::size_t m_blockSize = kBlockSize;
    Buffer m_current; // bytes read but not submitted: a carried partial line, then new ones
    std::deque<std::unique_ptr<Block>> m_pending;
    std::vector<Buffer> m_spare; // applied blocks' buffers, ready for reuse
    std::vector<std::unique_ptr<ScannedLines>> m_spareScans; // and their scanned facts
};

} // namespace wb
