// The QJump-compatible reader (stats --compat qjump) is outside the format registry: it takes
// any text. Every input is parsed whole and in two chunks (see FuzzSupport.h).

#include "FuzzSupport.h"

#include "parse/QjumpCompatParser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    wb::fuzz::checkChunking(wb::fuzz::bytesOf(data, size),
                            [] { return std::make_unique<wb::QjumpCompatParser>(); });
    return 0;
}
