#include "PageWarmer.h"

#include <algorithm>

#include <sys/mman.h>
#include <unistd.h>

namespace wb {

namespace {
// Small enough that the writer, starting at the same front, soon finds warm pages.
constexpr std::uintptr_t kStep = std::uintptr_t{256} << 10;
} // namespace

void PageWarmer::warm(const void* begin, std::size_t bytes) {
#ifdef MADV_POPULATE_WRITE
    // Whole pages only: madvise takes page-aligned ranges, and a page that is partly the
    // writer's already is one fault it takes itself.
    static const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const auto first = (reinterpret_cast<std::uintptr_t>(begin) + page - 1) / page * page;
    const auto end = (reinterpret_cast<std::uintptr_t>(begin) + bytes) / page * page;
    if (first >= end)
        return;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_queued.push_back({first, end});
        m_stopping = false;
    }
    if (!m_thread.joinable())
        m_thread = std::thread([this] { run(); });
    m_wake.notify_one();
#else
    (void)begin;
    (void)bytes;
#endif
}

void PageWarmer::stop() {
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
        m_queued.clear();
    }
    m_wake.notify_one();
    if (m_thread.joinable())
        m_thread.join();
}

void PageWarmer::run() {
#ifdef MADV_POPULATE_WRITE
    std::vector<Range> warming;
    for (;;) {
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stopping || !m_queued.empty() || !warming.empty(); });
            if (m_stopping)
                return;
            warming.insert(warming.end(), m_queued.begin(), m_queued.end());
            m_queued.clear();
        }
        for (Range& range : warming) {
            const std::uintptr_t to = std::min(range.end, range.next + kStep);
            // An error (a kernel before 5.14, memory the writer freed) leaves the range to
            // the writer's own faults.
            const bool warmed = madvise(reinterpret_cast<void*>(range.next), to - range.next,
                                        MADV_POPULATE_WRITE) == 0;
            range.next = warmed ? to : range.end;
        }
        warming.erase(std::remove_if(warming.begin(), warming.end(),
                                     [](const Range& range) { return range.next >= range.end; }),
                      warming.end());
    }
#endif
}

} // namespace wb
