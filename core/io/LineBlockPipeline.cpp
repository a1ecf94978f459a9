#include "LineBlockPipeline.h"

#include "parse/LogParser.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <utility>

namespace wb {

namespace {

// Below a few blocks the threads cost more than they save.
constexpr std::int64_t kParallelFrom =
    16 * static_cast<std::int64_t>(LineBlockPipeline::kMinBlockSize);
constexpr std::size_t kCarrySlack = 64 * 1024;

} // namespace

LineBlockPipeline::LineBlockPipeline(LogParser& parser, std::int64_t inputSize) : m_parser(parser) {
    m_parser.expectInputSize(inputSize);
    const unsigned cores = std::thread::hardware_concurrency();
    m_parallel = inputSize >= kParallelFrom && cores > 1 && m_parser.scanBlock({}) != nullptr;
    m_inFlightLimit = m_parallel ? cores : 1;
    m_blockSize = std::clamp(static_cast<std::size_t>(std::max<std::int64_t>(inputSize, 0) / 16),
                             kMinBlockSize, kBlockSize);
}

LineBlockPipeline::~LineBlockPipeline() {
    // Scans still running read our buffers: wait for them (a future from std::async waits in
    // its destructor) before the blocks go.
    for (auto& block : m_pending) {
        if (block->scanned.valid())
            block->scanned.wait();
    }
}

char* LineBlockPipeline::space() {
    if (m_current.capacity < m_current.used + m_blockSize) {
        Buffer larger = takeBuffer(m_current.used + m_blockSize);
        if (m_current.used > 0)
            std::memcpy(larger.data.get(), m_current.data.get(), m_current.used);
        larger.used = m_current.used;
        recycle(std::exchange(m_current, std::move(larger)));
    }
    return m_current.data.get() + m_current.used;
}

void LineBlockPipeline::commit(std::size_t bytes) {
    m_current.used += bytes;
    const std::size_t lastNewline = m_current.text().rfind('\n');
    if (lastNewline == std::string_view::npos && m_current.used < m_blockSize)
        return; // wait for the rest of the line
    auto block = std::make_unique<Block>();
    // The block takes the buffer; the partial line after its last newline starts the next.
    // Without a newline the buffer is part of one line longer than a block: fed as it comes,
    // the parser keeps the line's start.
    block->wholeLines = lastNewline != std::string_view::npos;
    const std::size_t blockEnd = block->wholeLines ? lastNewline + 1 : m_current.used;
    Buffer next = takeBuffer(m_current.used - blockEnd + m_blockSize);
    next.used = m_current.used - blockEnd;
    std::memcpy(next.data.get(), m_current.data.get() + blockEnd, next.used);
    m_current.used = blockEnd;
    block->bytes = std::exchange(m_current, std::move(next));
    submit(std::move(block));
}

void LineBlockPipeline::submit(std::unique_ptr<Block> block) {
    if (m_parallel && block->wholeLines) {
        const std::string_view text = block->bytes.text();
        const LogParser* parser = &m_parser;
        std::unique_ptr<ScannedLines> reuse;
        if (!m_spareScans.empty()) {
            reuse = std::move(m_spareScans.back());
            m_spareScans.pop_back();
        }
        block->scanned =
            std::async(std::launch::async, [parser, text, lent = std::move(reuse)]() mutable {
                return parser->scanBlock(text, std::move(lent));
            });
    }
    m_pending.push_back(std::move(block));
    while (m_pending.size() > m_inFlightLimit)
        applyOldest();
}

void LineBlockPipeline::applyOldest() {
    std::unique_ptr<Block> block = std::move(m_pending.front());
    m_pending.pop_front();
    std::unique_ptr<ScannedLines> scanned = block->scanned.valid() ? block->scanned.get() : nullptr;
    if (scanned) {
        m_parser.feedScanned(*scanned);
        m_spareScans.push_back(std::move(scanned));
    } else {
        m_parser.feed(block->bytes.text());
    }
    recycle(std::move(block->bytes));
}

LineBlockPipeline::Buffer LineBlockPipeline::takeBuffer(std::size_t capacity) {
    auto fits = std::find_if(m_spare.begin(), m_spare.end(), [capacity](const Buffer& spare) {
        return spare.capacity >= capacity;
    });
    if (fits != m_spare.end()) {
        Buffer reused = std::move(*fits);
        m_spare.erase(fits);
        reused.used = 0;
        return reused;
    }
    // A little over a block, so that a block plus the partial line it carries usually fits
    // a recycled buffer.
    Buffer fresh;
    fresh.capacity = std::max(capacity, m_blockSize + kCarrySlack);
    fresh.data.reset(new char[fresh.capacity]);
    return fresh;
}

void LineBlockPipeline::recycle(Buffer buffer) {
    // Enough for the blocks in flight; more would only hold memory.
    if (buffer.data && m_spare.size() < m_inFlightLimit + 1)
        m_spare.push_back(std::move(buffer));
}

void LineBlockPipeline::flush() {
    while (!m_pending.empty())
        applyOldest();
    m_parser.feed(m_current.text());
    m_current.used = 0;
}

} // namespace wb
