#pragma once

#include <atomic>
#include <cstddef>
#include <thread>
#include <utility>
#include <vector>

namespace wb {

// Faults in memory that is reserved but not written yet, on a thread of its own, ahead of
// the thread that will write it. A first write to a fresh page costs a page fault that
// clears it; on the development VM that was 3 to 6 µs a page, and the 80 MB of samples of a
// 5M-reply log took the parsing thread, the one every other thread waits for, about a sixth
// of its time. MADV_POPULATE_WRITE maps the pages without writing them, so the warming and
// the writer's own writes may meet on a page in any order; the contents stay as they are.
class PageWarmer {
public:
    PageWarmer() = default;
    ~PageWarmer() { stop(); }
    PageWarmer(const PageWarmer&) = delete;
    PageWarmer& operator=(const PageWarmer&) = delete;

    // Warms [begin, begin + bytes) of each range, a step of each in turn (a writer fills them
    // together from their fronts). Nothing happens where the kernel cannot do it.
    void start(std::vector<std::pair<const void*, std::size_t>> ranges);
    // Stops warming (what is left is not needed) and waits for the thread.
    void stop();

private:
    void warm(std::vector<std::pair<const void*, std::size_t>> ranges);

    std::thread m_thread;
    std::atomic<bool> m_stopping{false};
};

} // namespace wb
