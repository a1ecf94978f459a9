#include "LineBlockPipeline.h"

#include "MappedFileWindow.h"
#include "parse/LogParser.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>
#include <utility>

#include <unistd.h>

namespace wb {

namespace {

// Below a few blocks the threads cost more than they save (measured: equal at 5 MB, 20 %
// faster at 10 MB, 38 % at 15 MB).
constexpr std::int64_t kParallelFrom =
    4 * static_cast<std::int64_t>(LineBlockPipeline::kMinBlockSize);
// A parser that cannot scan has only the reading done ahead: the kernel's copy of the next
// block overlaps its parsing of this one (a seventh of the time on a 219 MB iperf3 -J log,
// 13 % faster). A 6.5 MB iperf2 log, before its dialect scanned, was no faster with those
// threads, so only logs well beyond that are read ahead.
constexpr std::int64_t kReadAheadFrom =
    16 * static_cast<std::int64_t>(LineBlockPipeline::kMinBlockSize);

// Reads up to `size` bytes at `offset`, fewer only at the end of the file; -1 on an error.
std::int64_t readFully(int fd, char* into, std::size_t size, std::int64_t offset, int* error) {
    std::size_t got = 0;
    while (got < size) {
        const ssize_t now = ::pread(fd, into + got, size - got, static_cast<off_t>(offset) + got);
        if (now < 0 && errno == EINTR)
            continue;
        if (now < 0) {
            *error = errno;
            return -1;
        }
        if (now == 0)
            break;
        got += static_cast<std::size_t>(now);
    }
    return static_cast<std::int64_t>(got);
}

} // namespace

LineBlockPipeline::LineBlockPipeline(LogParser& parser, std::int64_t inputSize)
    : m_parser(parser), m_inputSize(inputSize) {
    m_parser.expectInputSize(inputSize);
    const unsigned cores = std::thread::hardware_concurrency();
    m_scans = m_parser.scanBlock({}) != nullptr;
    m_parallel = cores > 1 && inputSize >= (m_scans ? kParallelFrom : kReadAheadFrom);
    m_inFlightLimit = m_parallel ? cores : 1;
    if (m_parallel)
        m_workers.emplace(cores);
    m_blockSize = std::clamp(static_cast<std::size_t>(std::max<std::int64_t>(inputSize, 0) / 16),
                             kMinBlockSize, kBlockSize);
    m_blockSize -= m_blockSize % MappedFileWindow::pageSize(); // blocks are mapped at pages
}

LineBlockPipeline::Block::Block() = default;
LineBlockPipeline::Block::~Block() = default;

std::string_view LineBlockPipeline::Block::text() const {
    return window ? window->text() : std::string_view(bytes.get(), size);
}

bool LineBlockPipeline::Block::cutShort() const {
    return window && window->cutShort();
}

LineBlockPipeline::~LineBlockPipeline() {
    discardPending(); // workers still read our buffers
}

LineBlockPipeline::Outcome
LineBlockPipeline::readFile(int fd, const std::function<bool(std::int64_t)>& progress) {
    Outcome outcome;
    std::int64_t next = 0; // where the next block to submit starts
    auto fill = [&] {
        while (next < m_inputSize && m_pending.size() < m_inFlightLimit) {
            submit(fd, next);
            next += static_cast<std::int64_t>(m_blockSize);
        }
    };
    for (;;) {
        fill();
        if (m_pending.empty())
            break;
        std::unique_ptr<Block> block = takeOldest();
        if (block->cutShort()) {
            // The file was cut under the block before it was applied: what is left of it is
            // read, as a read of the block would have found it.
            discardPending();
            outcome.bytesRead = block->offset;
            break;
        }
        // The worker that read it takes the next block before this one is applied, instead
        // of waiting for that (a fifth of a worker's time with iperf3 -J).
        fill();
        apply(*block);
        const std::int64_t end = block->offset + static_cast<std::int64_t>(block->size);
        outcome.bytesRead = end;
        outcome.mappedBlocks += block->window != nullptr;
        // Cut while it was applied: the parser read zeros from the cut on.
        const bool cut = block->cutShort();
        const bool failed = block->error != 0 || cut;
        if (cut)
            outcome.error = "the file was cut short while it was read";
        else if (failed)
            outcome.error = std::strerror(block->error);
        const bool shortBlock = block->size < m_blockSize;
        recycle(std::move(block));
        if (failed) {
            discardPending();
            return outcome;
        }
        if (progress && !progress(outcome.bytesRead)) {
            outcome.cancelled = true;
            discardPending();
            return outcome;
        }
        if (shortBlock) {
            // The file ended (or shrank) here: later blocks, read before it grew, would leave
            // a gap, so whatever follows is read in order.
            discardPending();
            break;
        }
    }
    readRest(fd, outcome.bytesRead, outcome);
    return outcome;
}

void LineBlockPipeline::load(Block& block, int fd, std::size_t size) {
    block.window = MappedFileWindow::map(fd, block.offset, size);
    if (block.window) {
        block.size = block.window->text().size();
        return;
    }
    if (!block.bytes)
        block.bytes = uninitialisedBuffer(size);
    const std::int64_t got = readFully(fd, block.bytes.get(), size, block.offset, &block.error);
    block.size = got > 0 ? static_cast<std::size_t>(got) : 0;
}

void LineBlockPipeline::submit(int fd, std::int64_t offset) {
    auto block = std::make_unique<Block>();
    block->offset = offset;
    block->bytes = takeSpare(m_spare); // a block that could not be mapped left its buffer
    std::unique_ptr<ScannedLines> reuse = takeSpare(m_spareScans);
    const std::size_t size = m_blockSize;
    const LogParser* parser = m_scans ? &m_parser : nullptr;
    auto work = [parser, fd, size, block = std::move(block), lent = std::move(reuse)]() mutable {
        load(*block, fd, size);
        if (!parser)
            return std::move(block); // read ahead only: the parser takes the block whole
        const std::string_view text = block->text();
        const std::size_t first = text.find('\n');
        if (first == std::string_view::npos)
            return std::move(block); // part of a line longer than a block
        block->headEnd = first + 1;
        block->tailStart = text.rfind('\n') + 1;
        if (block->tailStart > block->headEnd)
            block->scanned = parser->scanBlock(
                text.substr(block->headEnd, block->tailStart - block->headEnd), std::move(lent));
        return std::move(block);
    };
    std::packaged_task<std::unique_ptr<Block>()> task(std::move(work));
    m_pending.push_back(task.get_future());
    m_workers->run(std::packaged_task<void()>(std::move(task)));
}

std::unique_ptr<LineBlockPipeline::Block> LineBlockPipeline::takeOldest() {
    std::unique_ptr<Block> block = m_pending.front().get();
    m_pending.pop_front();
    return block;
}

void LineBlockPipeline::apply(const Block& block) {
    const std::string_view text = block.text();
    if (block.headEnd == 0) {
        m_parser.feed(text);
        return;
    }
    // The head ends the line the previous block started.
    m_parser.feed(text.substr(0, block.headEnd));
    if (block.scanned)
        m_parser.feedScanned(*block.scanned);
    else
        m_parser.feed(text.substr(block.headEnd, block.tailStart - block.headEnd));
    m_parser.feed(text.substr(block.tailStart));
}

void LineBlockPipeline::discardPending() {
    for (auto& pending : m_pending) {
        if (pending.valid())
            pending.wait();
    }
    m_pending.clear();
}

void LineBlockPipeline::readRest(int fd, std::int64_t offset, Outcome& outcome) {
    Buffer buffer = takeBuffer();
    for (;;) {
        int error = 0;
        const std::int64_t got = readFully(fd, buffer.get(), m_blockSize, offset, &error);
        if (got < 0) {
            outcome.error = std::strerror(error);
            break;
        }
        if (got == 0)
            break;
        m_parser.feed({buffer.get(), static_cast<std::size_t>(got)});
        offset += got;
        outcome.bytesRead = offset;
    }
    m_spare.push_back(std::move(buffer));
}

LineBlockPipeline::Buffer LineBlockPipeline::takeBuffer() {
    Buffer reused = takeSpare(m_spare);
    return reused ? std::move(reused) : uninitialisedBuffer(m_blockSize);
}

LineBlockPipeline::Buffer LineBlockPipeline::uninitialisedBuffer(std::size_t size) {
    return Buffer(new char[size]); // not make_unique: that would zero it
}

void LineBlockPipeline::recycle(std::unique_ptr<Block> block) {
    if (block->bytes)
        m_spare.push_back(std::move(block->bytes));
    if (block->scanned)
        m_spareScans.push_back(std::move(block->scanned));
    if (block->window && m_workers) {
        // Unmapping a block took the applying thread 4 % of a 5M-reply import: a worker
        // does it between its blocks.
        m_workers->run(std::packaged_task<void()>(
            [window = std::move(block->window)]() mutable { window.reset(); }));
    }
}

LineBlockPipeline::Workers::Workers(unsigned count) {
    m_threads.reserve(count);
    for (unsigned i = 0; i < count; ++i)
        m_threads.emplace_back([this] { work(); });
}

LineBlockPipeline::Workers::~Workers() {
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_closing = true;
    }
    m_wake.notify_all();
    for (std::thread& thread : m_threads)
        thread.join();
}

void LineBlockPipeline::Workers::run(std::packaged_task<void()> task) {
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_tasks.push_back(std::move(task));
    }
    m_wake.notify_one();
}

void LineBlockPipeline::Workers::work() {
    for (;;) {
        std::packaged_task<void()> task;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [this] { return m_closing || !m_tasks.empty(); });
            if (m_tasks.empty())
                return; // closing, nothing left
            task = std::move(m_tasks.front());
            m_tasks.pop_front();
        }
        task();
    }
}

} // namespace wb
