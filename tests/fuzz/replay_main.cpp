// The main of a fuzz target in ordinary builds (gcc, release and asan): runs the target once
// over every file of the folders given (the seed corpora and tests/fuzz/regressions/<target>),
// so each input that ever crashed stays a test. A crash, sanitizer report or broken promise
// ends the process like it ends a fuzzing run.

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// The most of an input a fuzzing run reads (run_fuzzers.sh: -max_len): a seed is replayed as
// the fuzzer sees it. The whole samples are parsed by the tests of their formats.
constexpr std::size_t kMaxLength = 80000;

std::vector<std::uint8_t> readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<std::uint8_t> bytes(kMaxLength);
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return bytes;
}

void replay(const std::filesystem::path& file) {
    // Named first: when the target crashes, the last name printed is the input that did it.
    std::printf("%s\n", file.c_str());
    std::fflush(stdout);
    const std::vector<std::uint8_t> input = readFile(file);
    LLVMFuzzerTestOneInput(input.data(), input.size());
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FOLDER|FILE...\n", argv[0]);
        return 2;
    }
    long replayed = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path root(argv[i]);
        if (std::filesystem::is_regular_file(root)) {
            replay(root);
            ++replayed;
            continue;
        }
        if (!std::filesystem::is_directory(root)) {
            std::fprintf(stderr, "%s: no such file or folder\n", argv[i]);
            return 2;
        }
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
            if (!entry.is_regular_file())
                continue;
            replay(entry.path());
            ++replayed;
        }
    }
    std::printf("replayed %ld inputs\n", replayed);
    return 0;
}
