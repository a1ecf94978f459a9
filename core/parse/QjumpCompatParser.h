#pragma once

#include "LogParser.h"
#include "SampleReservation.h"

namespace wb {

// Reads a ping log exactly as the QJump artifact does:
//   grep "time=" | cut -d= -f4 | cut -d" " -f1   then Python float() per line,
// so `stats --compat qjump` reproduces its report digit for digit. Every line containing
// "time=" is a sample (duplicates included); a field float() refuses is a parse error and a
// value below 0 or above 1e9 a range error. Use the dialect parsers for anything else.
// Big logs are scanned on every core (LogParser::scan) with the same result.
class QjumpCompatParser : public LogParser {
public:
    QjumpCompatParser();

protected:
    void parseLine(std::string_view line) override;
    std::unique_ptr<ScannedLines> scan(std::string_view wholeLines,
                                       std::unique_ptr<ScannedLines> reuse) const override;
    void applyScanned(ScannedLines& lines) override;
    void finishDatasets() override { m_samples.stopWarming(); }

private:
    SampleReservation m_samples; // rttMs, for the whole file
};

} // namespace wb
