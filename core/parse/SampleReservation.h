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
        if (!startOnce(firstBlock, inputSize))
            return;
        (reserveAndWarm(vectors, samplesInBlock), ...);
    }

    // As reserveOnce for storage whose vectors the dialect knows only once the first block is
    // applied: true the first time with a known input size, then reserveAndWarm each of them.
    bool startOnce(const ScannedLines& firstBlock, std::int64_t inputSize) {
        if (m_reserved || firstBlock.text.empty() || inputSize <= 0)
            return false;
        m_reserved = true;
        m_scale = static_cast<double>(inputSize) / static_cast<double>(firstBlock.text.size());
        return true;
    }
    // Reserves `values` for the whole file, `inFirstBlock` of them in the first block's text,
    // and starts warming its capacity.
    template <typename Vector> void reserveAndWarm(Vector& values, std::size_t inFirstBlock) {
        values.reserve(static_cast<std::size_t>(static_cast<double>(inFirstBlock) * m_scale * 1.1) +
                       64);
        m_pages.warmCapacity(values);
    }

    // The file is read: what is not warmed yet is not needed.
    void stopWarming() { m_pages.stop(); }

private:
    bool m_reserved = false;
    double m_scale = 1; // the input's size over the first block's
    PageWarmer m_pages;
};

} // namespace wb
