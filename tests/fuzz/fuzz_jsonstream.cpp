// JsonStream's flat-object replay (an object read by comparing its bytes with the previous
// flat object's) must be invisible: for any input, fed whole, line by line or in pieces, the
// handler sees the same events at the same line and depth, and feed() and the errors stop at
// the same bytes, with the replay on and off, and a handler taking replayed objects whole
// gets the same members. The input's first byte chooses the feeding.

#include "../common/JsonStreamReading.h"
#include "FuzzSupport.h"

#include <cstdint>
#include <random>

namespace {

// Cuts every 1 to maxPiece bytes, the lengths drawn from a seed the input gives, so that a
// saved input reproduces with the same pieces.
wb::test::Feeding cutsOf(std::string_view input, std::size_t maxPiece) {
    wb::test::Feeding feeding;
    std::mt19937_64 random(wb::fuzz::splitPoint(input));
    std::uniform_int_distribution<std::size_t> length(1, maxPiece);
    for (std::size_t at = length(random); at < input.size(); at += length(random))
        feeding.cuts.push_back(at);
    return feeding;
}

wb::test::Feeding feedingFor(std::uint8_t choice, std::string_view input) {
    switch (choice % 5) {
    case 0:
        return {}; // whole
    case 1:
        return {{}, true}; // line by line, as a reader of lines would
    case 2:
        return cutsOf(input, 1);
    case 3:
        return cutsOf(input, 7);
    default:
        return cutsOf(input, 97);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1)
        return 0;
    const std::string_view input = wb::fuzz::bytesOf(data + 1, size - 1);
    const wb::test::Feeding feeding = feedingFor(data[0], input);
    wb::test::Reading replayed;
    if (const auto differs = wb::test::compareReaders(input, feeding, &replayed))
        wb::fuzz::fail(differs->reader, QByteArray::fromStdString(differs->general),
                       QByteArray::fromStdString(differs->replayed));
    return 0;
}
