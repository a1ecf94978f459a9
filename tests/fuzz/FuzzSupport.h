#pragma once

// What the fuzz targets share: the byte view of an input, a split point the input chooses,
// and the check that a parser fed in two chunks reads exactly what it reads in one. A target
// that finds a broken promise prints both descriptions and aborts, so libFuzzer (or the
// replay test) reports it like a crash.

#include "../common/ParserDescription.h"
#include "parse/BlockScanner.h"
#include "parse/LineEnds.h"
#include "parse/LogParser.h"

#include <QByteArray>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string_view>

namespace wb::fuzz {

inline std::string_view bytesOf(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A position in [0, input.size()] that follows from the input's content (FNV-1a), so every
// mutation tries another split and a saved crash input reproduces with the same one.
inline std::size_t splitPoint(std::string_view input) {
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : input)
        hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return static_cast<std::size_t>(hash % (input.size() + 1));
}

[[noreturn]] inline void fail(const char* promise, const QByteArray& expected,
                              const QByteArray& actual) {
    constexpr qsizetype kShown = 4000;
    std::fprintf(stderr, "broken promise: %s\n--- expected\n%s\n--- actual\n%s\n", promise,
                 expected.left(kShown).constData(), actual.left(kShown).constData());
    std::abort();
}

// A dialect that also scans blocks (BlockScanner, for big files: import/ParallelFeeder) reads the
// whole lines from the line after `split` to the last newline as one scanned block between a
// head and a tail fed as usual, as the feeder does with each piece (a block with a line that
// ends at a lone CR is fed, as the feeder does); `expected` is the whole parse.
template <typename MakeParser>
void checkScannedBlock(std::string_view input, std::size_t split, MakeParser makeParser,
                       const QByteArray& expected) {
    const std::unique_ptr<LogParser> scanned = makeParser();
    auto* const scanner = dynamic_cast<BlockScanner*>(scanned.get());
    if (!scanner)
        return;
    const std::size_t newline = input.find('\n', split);
    const std::size_t blockStart = newline == std::string_view::npos ? input.size() : newline + 1;
    const std::size_t lastNewline = input.rfind('\n');
    const std::size_t blockEnd = lastNewline == std::string_view::npos
                                     ? input.size()
                                     : std::max(blockStart, lastNewline + 1);
    scanner->expectInput(static_cast<std::int64_t>(input.size()));
    scanned->feed(input.substr(0, blockStart));
    if (blockEnd > blockStart) {
        const std::string_view block = input.substr(blockStart, blockEnd - blockStart);
        if (LineEnds::hasLoneCarriageReturn(block)) {
            scanned->feed(block); // as the feeder hands over lines that end at a lone CR
        } else {
            const std::unique_ptr<BlockScanner::Scan> facts = scanner->scan(block, nullptr);
            scanner->apply(block, *facts);
        }
    }
    scanned->feed(input.substr(blockEnd));
    scanned->finish();
    const QByteArray viaScan = test::describeParser(*scanned);
    if (expected != viaScan)
        fail("a scanned block parses like the whole input", expected, viaScan);
}

// Parses the input whole and split in two at splitPoint(); the parsers promise the same result.
template <typename MakeParser> void checkChunking(std::string_view input, MakeParser makeParser) {
    const std::unique_ptr<LogParser> whole = makeParser();
    whole->feed(input);
    whole->finish();

    const std::size_t split = splitPoint(input);
    const std::unique_ptr<LogParser> chunked = makeParser();
    chunked->feed(input.substr(0, split));
    chunked->feed(input.substr(split));
    chunked->finish();

    const QByteArray expected = test::describeParser(*whole);
    const QByteArray actual = test::describeParser(*chunked);
    if (expected != actual)
        fail("two chunks parse like the whole input", expected, actual);
    checkScannedBlock(input, split, makeParser, expected);
}

} // namespace wb::fuzz
