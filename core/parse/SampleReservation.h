#pragma once

#include "LogParser.h"
#include "PageWarmer.h"

#include <cstddef>
#include <cstdint>

namespace wb {

// Sample storage sized once for a whole file, from how densely the first scanned block holds
// samples, and faulted in (PageWarmer) off the thread that fills it. Reserved but untouched
// pages cost no memory, so a generous estimate is free; it saves copying tens of megabytes
// each time a vector doubles.
class SampleReservation {
public:
    // The first time with a known input size: reserves every vector for the whole file and
    // starts warming their capacity. Later calls do nothing.
    template <typename... Vectors>
    void reserveOnce(const ScannedLines& firstBlock, std::size_t samplesInBlock,
                     std::int64_t inputSize, Vectors&... vectors) {
        if (m_reserved || firstBlock.text.empty() || inputSize <= 0)
            return;
        m_reserved = true;
        const double perByte =
            static_cast<double>(samplesInBlock) / static_cast<double>(firstBlock.text.size());
        const auto expected =
            static_cast<std::size_t>(perByte * static_cast<double>(inputSize) * 1.1) + 1024;
        (vectors.reserve(expected), ...);
        (m_pages.warmCapacity(vectors), ...);
    }

    // The file is read: what is not warmed yet is not needed.
    void stopWarming() { m_pages.stop(); }

private:
    bool m_reserved = false;
    PageWarmer m_pages;
};

} // namespace wb
