#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <utility>

namespace wb {

// An optional capability of a parser that can read the facts of its lines without its own
// state: a big file is then cut into blocks of whole lines, each scanned on a worker thread,
// and the scans are applied in file order on the parser's thread (import/ParallelFeeder). The
// result is exactly that of LogParser::feed() with the same bytes; tests and the fuzz targets
// compare the two. Only the formats whose logs run to hundreds of megabytes implement it
// (ping, --compat qjump, iperf2 text, iperf3 -J); a new format does not need it.
class BlockScanner {
public:
    // What a scan read of one block: the dialect's own subclass.
    struct Scan {
        virtual ~Scan() = default;
    };

    virtual ~BlockScanner() = default;
    // The size of the whole input, told before the first block is applied, so that the dialect
    // can size its storage once instead of growing it block by block (firstBlockReservation).
    void expectInput(std::int64_t bytes) { m_inputBytes = bytes; }
    // The facts of `wholeLines` (each line ending in '\n'), in `spare` (an applied block's
    // scan, or null) where it is one of this dialect's. Runs on any thread, so it must not
    // touch the parser's state.
    virtual std::unique_ptr<Scan> scan(std::string_view wholeLines,
                                       std::unique_ptr<Scan> spare) const = 0;
    // On the parser's thread, block after block in file order: what feed(wholeLines) does.
    virtual void apply(std::string_view wholeLines, Scan& scan) = 0;

protected:
    // `spare` emptied for another block when it is a `Scanned` (its storage is already the
    // process's; fresh memory costs a page fault per 4 KiB when first written), else a new one.
    template <typename Scanned> static std::unique_ptr<Scanned> reuse(std::unique_ptr<Scan> spare) {
        auto* same = dynamic_cast<Scanned*>(spare.get());
        if (!same)
            return std::make_unique<Scanned>();
        (void)spare.release();
        same->clear();
        return std::unique_ptr<Scanned>(same);
    }

    // For the first block applied after expectInput(), and 0 for every other: how many items
    // the whole input holds when a block of `blockBytes` holds `count` of them, with some
    // slack. Storage reserved for that is never copied while it grows, and pages reserved but
    // never written cost nothing.
    std::size_t firstBlockReservation(std::size_t count, std::size_t blockBytes) {
        const std::int64_t inputBytes = std::exchange(m_inputBytes, 0);
        if (blockBytes == 0 || inputBytes <= 0)
            return 0;
        return static_cast<std::size_t>(static_cast<double>(count) *
                                        static_cast<double>(inputBytes) /
                                        static_cast<double>(blockBytes) * 1.1) +
               64;
    }

private:
    std::int64_t m_inputBytes = 0; // told by expectInput(), until the first block is applied
};

} // namespace wb
