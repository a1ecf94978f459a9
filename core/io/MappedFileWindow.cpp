#include "MappedFileWindow.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <csignal>
#include <mutex>

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wb {

namespace {

// A registered window, read by the SIGBUS handler: only lock-free atomics, which a signal
// handler may touch. `begin` is written last when a window registers and cleared first when
// it goes, so the handler never sees a half-registered slot.
struct GuardSlot {
    std::atomic<bool> taken{false};
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::uintptr_t> end{0};
    std::atomic<bool> cut{false};
};

// A pipeline has a block per core and one being applied in flight; the GUI may import a few
// files at once. A window that finds no free slot is read instead.
constexpr std::size_t kGuardSlots = 64;
std::array<GuardSlot, kGuardSlots> g_slots;
struct sigaction g_previousBusHandler;
std::uintptr_t g_pageMask = 0; // set before the handler is installed (sysconf is not signal-safe)

void onBusError(int signal, siginfo_t* info, void* context) {
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (GuardSlot& slot : g_slots) {
        const std::uintptr_t begin = slot.begin.load();
        if (begin == 0 || address < begin || address >= slot.end.load())
            continue;
        // Zero pages from the faulting page to the window's end, so the read that faulted and
        // every later one return; the window is unmapped whole as before.
        const std::uintptr_t page = address & g_pageMask;
        ::mmap(reinterpret_cast<void*>(page), slot.end.load() - page, PROT_READ,
               MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        slot.cut.store(true);
        return;
    }
    // Not a window's: what would have happened without us. A handler of its own is called;
    // the default action (or an ignored SIGBUS, which the kernel does not ignore for a fault)
    // is restored, and the faulting read runs again into it.
    if ((g_previousBusHandler.sa_flags & SA_SIGINFO) && g_previousBusHandler.sa_sigaction) {
        g_previousBusHandler.sa_sigaction(signal, info, context);
        return;
    }
    if (g_previousBusHandler.sa_handler != SIG_DFL && g_previousBusHandler.sa_handler != SIG_IGN) {
        g_previousBusHandler.sa_handler(signal);
        return;
    }
    ::sigaction(SIGBUS, &g_previousBusHandler, nullptr);
}

bool installBusHandler() {
    static std::once_flag once;
    static bool installed = false;
    std::call_once(once, [] {
        g_pageMask = ~(static_cast<std::uintptr_t>(MappedFileWindow::pageSize()) - 1);
        struct sigaction action = {};
        action.sa_sigaction = onBusError;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        installed = ::sigaction(SIGBUS, &action, &g_previousBusHandler) == 0;
    });
    return installed;
}

int takeSlot() {
    for (std::size_t i = 0; i < kGuardSlots; ++i) {
        bool expected = false;
        if (g_slots[i].taken.compare_exchange_strong(expected, true))
            return static_cast<int>(i);
    }
    return -1;
}

} // namespace

std::size_t MappedFileWindow::pageSize() {
    static const auto size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    return size;
}

std::unique_ptr<MappedFileWindow> MappedFileWindow::map(int fd, std::int64_t offset,
                                                        std::size_t size) {
    struct stat status = {};
    if (size == 0 || offset % static_cast<std::int64_t>(pageSize()) != 0 ||
        ::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) || !installBusHandler())
        return nullptr;
    const int slot = takeSlot();
    if (slot < 0)
        return nullptr;
    const std::size_t mapped = (size + pageSize() - 1) / pageSize() * pageSize();
    // MAP_POPULATE: the pages are mapped now, on the thread that maps, as pread would have
    // copied them there; the reads that follow take no page faults.
    void* const at = ::mmap(nullptr, mapped, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd,
                            static_cast<off_t>(offset));
    if (at == MAP_FAILED) {
        g_slots[static_cast<std::size_t>(slot)].taken.store(false);
        return nullptr;
    }
    GuardSlot& guard = g_slots[static_cast<std::size_t>(slot)];
    guard.cut.store(false);
    guard.end.store(reinterpret_cast<std::uintptr_t>(at) + mapped);
    guard.begin.store(reinterpret_cast<std::uintptr_t>(at));
    // The size after mapping: a file that grew since is seen to its new end (as a read would
    // see it), one that shrank since to its new end; one cut after this is the handler's.
    std::size_t inFile = 0;
    if (::fstat(fd, &status) == 0 && status.st_size > offset)
        inFile = std::min(size, static_cast<std::size_t>(status.st_size - offset));
    return std::unique_ptr<MappedFileWindow>(
        new MappedFileWindow(static_cast<char*>(at), mapped, inFile, slot));
}

MappedFileWindow::~MappedFileWindow() {
    GuardSlot& guard = g_slots[static_cast<std::size_t>(m_slot)];
    guard.begin.store(0);
    ::munmap(m_begin, m_mapped);
    guard.end.store(0);
    guard.taken.store(false);
}

bool MappedFileWindow::cutShort() const {
    return g_slots[static_cast<std::size_t>(m_slot)].cut.load();
}

} // namespace wb
