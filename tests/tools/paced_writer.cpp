// A stand-in for a measurement tool in tests: writes a recorded log to stdout at an even pace,
// in pieces cut anywhere (not at line ends), as a tool's output reaches a pipe.
//
//   paced_writer LOG SECONDS [WORDS...]
//
// The words after SECONDS are the tool's own command line, which a run appends after its
// client prefix; they are ignored, except that a version probe (-V or -v) gets one line back.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include <unistd.h>

namespace {

bool writeAll(const char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t written = ::write(STDOUT_FILENO, data, size);
        if (written <= 0)
            return false;
        data += written;
        size -= static_cast<std::size_t>(written);
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: paced_writer LOG SECONDS [WORDS...]\n");
        return 2;
    }
    for (int i = 3; i < argc; ++i) {
        if (std::strcmp(argv[i], "-V") == 0 || std::strcmp(argv[i], "-v") == 0) {
            std::puts("paced_writer (a test's stand-in tool)");
            return 0;
        }
    }
    std::ifstream in(argv[1], std::ios::binary);
    const std::string log((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
        std::fprintf(stderr, "paced_writer: cannot read %s\n", argv[1]);
        return 2;
    }
    const double seconds = std::atof(argv[2]);
    constexpr auto kSlice = std::chrono::milliseconds(5);
    const auto start = std::chrono::steady_clock::now();
    std::size_t done = 0;
    while (done < log.size()) {
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double share = seconds > 0 ? std::min(1.0, elapsed / seconds) : 1.0;
        const auto due = static_cast<std::size_t>(share * static_cast<double>(log.size()));
        if (due > done) {
            if (!writeAll(log.data() + done, due - done))
                return 1;
            done = due;
        }
        if (done < log.size())
            std::this_thread::sleep_for(kSlice);
    }
    return 0;
}
