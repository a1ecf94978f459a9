#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

namespace wb {

// A read-only view of part of a file, mapped from the page cache instead of copied out of it:
// FileImporter reads every piece after the first one this way where the file allows it
// (read() elsewhere). It pays 10 to 17 % on every benchmark (tests/bench), which is the
// kernel's copy of the bytes that read() makes.
//
// Signals: the first map() installs a process-wide SIGBUS handler (SA_SIGINFO, chained to the
// handler that was there before). A mapped file that is cut short (a log rotated with
// copytruncate, a test restarted with `> log`) would kill the process with SIGBUS on the first
// read past its new end. The handler lays zero pages over the part of a registered window
// that is gone and marks the window cut short; the reader checks cutShort() and stops there.
// It is safe in a GUI process: it touches only lock-free atomics and calls mmap, which is
// async-signal-safe in practice on Linux, and a fault outside every window goes to the
// previous handler or the default action, exactly as without it.
class MappedFileWindow {
public:
    // Maps `size` bytes of the open file `fd` from `offset`, a multiple of pageSize(); the
    // view ends at the file's end if that comes first. nullptr when the file cannot be mapped
    // (not a regular file, a file system without mmap, every guard slot taken): read it then.
    static std::unique_ptr<MappedFileWindow> map(int fd, std::int64_t offset, std::size_t size);
    ~MappedFileWindow();
    MappedFileWindow(const MappedFileWindow&) = delete;
    MappedFileWindow& operator=(const MappedFileWindow&) = delete;

    std::string_view text() const { return {m_begin, m_size}; }
    // Whether the file was cut short under the window after it was mapped: the bytes from the
    // cut on have read as zeros since.
    bool cutShort() const;

    static std::size_t pageSize();

private:
    MappedFileWindow(char* begin, std::size_t mapped, std::size_t size, int slot)
        : m_begin(begin), m_mapped(mapped), m_size(size), m_slot(slot) {}

    char* m_begin;
    std::size_t m_mapped; // bytes mapped (the view's size rounded up to pages)
    std::size_t m_size;   // bytes of the file in the view
    int m_slot;           // the guard slot that registers the window with the SIGBUS handler
};

} // namespace wb
