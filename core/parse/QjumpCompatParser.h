#pragma once

#include "BlockScanner.h"
#include "LogParser.h"

namespace wb {

// Reads a ping log exactly as the QJump artifact does:
//   grep "time=" | cut -d= -f4 | cut -d" " -f1   then Python float() per line,
// so `stats --compat qjump` reproduces its report digit for digit. Every line containing
// "time=" is a sample (duplicates included); a field float() refuses is a parse error and a
// value below 0 or above 1e9 a range error. Use the dialect parsers for anything else.
class QjumpCompatParser : public LogParser, public BlockScanner {
public:
    QjumpCompatParser();

    std::unique_ptr<Scan> scan(std::string_view wholeLines,
                               std::unique_ptr<Scan> spare) const override;
    void apply(std::string_view wholeLines, Scan& scan) override;

protected:
    void parseLine(std::string_view line) override;
};

} // namespace wb
