#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
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
// (Warming iperf2 intervals in a one-thread import was slower at every quartile: the parser
// faulted on the pages the warmer was mapping. With the lines scanned on the other core it
// pays: the parser's thread had spent half its time faulting, see Iperf2TextParser.)
// (Measured and left out: transparent huge pages here (MADV_HUGEPAGE): a third of the page
// faults and a faster median on a quiet VM, but right after a big process had exited, as the
// benchmark runs it after the reference pipeline, clearing fresh 2 MB pages took 0.34 s
// instead of 0.22 s.)
class PageWarmer {
public:
    PageWarmer() = default;
    ~PageWarmer() { stop(); }
    PageWarmer(const PageWarmer&) = delete;
    PageWarmer& operator=(const PageWarmer&) = delete;

    // Warms [begin, begin + bytes), a step of each range in turn (a writer fills them
    // together from their fronts); the thread starts with the first range. Memory the writer
    // frees meanwhile costs nothing: the kernel refuses it, or maps pages nobody reads.
    void warm(const void* begin, std::size_t bytes);
    // The unwritten capacity of a vector that its owner fills from the back.
    template <typename Vector> void warmCapacity(const Vector& values) {
        warm(values.data() + values.size(),
             (values.capacity() - values.size()) * sizeof(typename Vector::value_type));
    }
    // Stops warming (what is left is not needed) and waits for the thread.
    void stop();

private:
    struct Range {
        std::uintptr_t next;
        std::uintptr_t end;
    };
    void run();

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::vector<Range> m_queued; // added, not yet taken by the thread
    bool m_stopping = false;
    std::thread m_thread;
};

} // namespace wb
