// One fuzz target per log format of the registry: the build defines WIREBENCH_FUZZ_FORMAT as
// the format's id ("ping/iputils", "iperf3/json", ...) and this file does the rest. Every input
// is parsed whole and in two chunks (see FuzzSupport.h).

#include "FuzzSupport.h"

#include "parse/FormatRegistry.h"

#include <cstdio>
#include <cstdlib>

namespace {

const wb::FormatEntry& fuzzedFormat() {
    static const wb::FormatEntry* format = wb::FormatRegistry::find(WIREBENCH_FUZZ_FORMAT);
    if (!format) {
        std::fprintf(stderr, "no format %s in the registry\n", WIREBENCH_FUZZ_FORMAT);
        std::abort();
    }
    return *format;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    wb::fuzz::checkChunking(wb::fuzz::bytesOf(data, size), fuzzedFormat().create);
    return 0;
}
