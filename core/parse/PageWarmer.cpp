#include "PageWarmer.h"

#include <algorithm>
#include <cstdint>

#include <sys/mman.h>
#include <unistd.h>

namespace wb {

namespace {
// Small enough that the writer, starting at the same front, soon finds warm pages.
constexpr std::size_t kStep = std::size_t{256} << 10;
} // namespace

void PageWarmer::start(std::vector<std::pair<const void*, std::size_t>> ranges) {
    stop();
    m_stopping = false;
    m_thread =
        std::thread([this, ranges = std::move(ranges)]() mutable { warm(std::move(ranges)); });
}

void PageWarmer::stop() {
    m_stopping = true;
    if (m_thread.joinable())
        m_thread.join();
}

void PageWarmer::warm(std::vector<std::pair<const void*, std::size_t>> ranges) {
#ifdef MADV_POPULATE_WRITE
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    // Whole pages only: madvise takes page-aligned ranges, and a page that is partly the
    // writer's already is one fault it takes itself.
    std::vector<std::pair<std::uintptr_t, std::uintptr_t>> left; // [next, end) of each range
    for (const auto& [begin, bytes] : ranges) {
        const auto first = (reinterpret_cast<std::uintptr_t>(begin) + page - 1) / page * page;
        const auto end = (reinterpret_cast<std::uintptr_t>(begin) + bytes) / page * page;
        if (first < end)
            left.emplace_back(first, end);
    }
    for (bool more = true; more && !m_stopping;) {
        more = false;
        for (auto& [next, end] : left) {
            if (next >= end || m_stopping)
                continue;
            const std::uintptr_t to = std::min(end, next + kStep);
            if (madvise(reinterpret_cast<void*>(next), to - next, MADV_POPULATE_WRITE) != 0)
                return; // a kernel before 5.14, or the memory is gone: the writer faults
            next = to;
            more = more || next < end;
        }
    }
#else
    (void)ranges;
#endif
}

} // namespace wb
