#include "QjumpCompatParser.h"

#include "PlainPingReply.h"
#include "TextScan.h"

#include <vector>

namespace wb {

namespace {

// cut -d= -f4: the fourth '='-separated field, empty when the line has fewer.
std::string_view fourthField(std::string_view line) {
    for (int skipped = 0; skipped < 3; ++skipped) {
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos)
            return {};
        line.remove_prefix(eq + 1);
    }
    return line.substr(0, line.find('='));
}

bool isPythonSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// Python's float(): surrounding whitespace and a leading '+' are allowed, nothing else.
std::optional<double> pythonFloat(std::string_view text) {
    while (!text.empty() && isPythonSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isPythonSpace(text.back()))
        text.remove_suffix(1);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    if (text.empty() || text.front() == '+')
        return std::nullopt;
    auto value = scan::takeDouble(text);
    if (!value || !text.empty())
        return std::nullopt;
    return value;
}

// What the artifact makes of one line.
struct ArtifactReading {
    enum Kind { NotASample, Unreadable, OutOfRange, Sample } kind = NotASample;
    double value = 0;
    std::string_view field; // what float() was given
};

ArtifactReading readAsArtifact(std::string_view line) {
    ArtifactReading reading;
    if (!scan::contains(line, "time="))
        return reading;
    std::string_view field = fourthField(line);
    reading.field = field.substr(0, field.find(' ')); // cut -d" " -f1
    const auto value = pythonFloat(reading.field);
    if (!value) {
        reading.kind = ArtifactReading::Unreadable;
        return reading;
    }
    reading.value = *value;
    // Written as the artifact's test (num < 0 or num > 1e9), so NaN passes as it does there.
    reading.kind =
        *value < 0 || *value > 1e9 ? ArtifactReading::OutOfRange : ArtifactReading::Sample;
    return reading;
}

// A sample, or where a line that the line path reads lies in the block.
struct ScannedCompatLine {
    double value;
    std::uint32_t offset;
    std::uint32_t length;
    bool sample;
};

struct ScannedCompatLines : BlockScanner::Scan {
    std::vector<ScannedCompatLine> lines;
    void clear() { lines.clear(); }
};

} // namespace

QjumpCompatParser::QjumpCompatParser() {
    dataset().info.tool = QStringLiteral("ping");
    dataset().info.dialect = QStringLiteral("qjump-compat");
}

void QjumpCompatParser::parseLine(std::string_view line) {
    const ArtifactReading reading = readAsArtifact(line);
    switch (reading.kind) {
    case ArtifactReading::NotASample:
        ignoreLine();
        return;
    case ArtifactReading::Unreadable:
        parseError(line, QStringLiteral("cannot read \"%1\" as a number")
                             .arg(QString::fromUtf8(reading.field.data(),
                                                    static_cast<qsizetype>(reading.field.size()))));
        return;
    case ArtifactReading::OutOfRange:
        rangeError(line, QStringLiteral("value %1 is outside [0, 1e9]").arg(reading.value));
        return;
    case ArtifactReading::Sample:
        dataset().latency.rttMs.push_back(reading.value);
        countSample();
        return;
    }
}

std::unique_ptr<BlockScanner::Scan> QjumpCompatParser::scan(std::string_view wholeLines,
                                                            std::unique_ptr<Scan> spare) const {
    std::unique_ptr<ScannedCompatLines> block = reuse<ScannedCompatLines>(std::move(spare));
    block->lines.reserve(wholeLines.size() / 48);
    forEachPingLine(
        wholeLines,
        // A plain reply's fourth '='-field is its time, which the one-pass reader has read.
        [&block](double rtt, std::int32_t) {
            block->lines.push_back({rtt, 0, 0, true});
        },
        [&block, wholeLines](std::size_t at, std::size_t end, bool readable) {
            std::string_view line = wholeLines.substr(at, end - at);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1); // as LogParser delivers it
            ArtifactReading reading;
            if (readable && line.size() <= kMaxLineLength)
                reading = readAsArtifact(line);
            const bool sample = reading.kind == ArtifactReading::Sample;
            block->lines.push_back({reading.value, static_cast<std::uint32_t>(at),
                                    static_cast<std::uint32_t>(end - at), sample});
        });
    return block;
}

void QjumpCompatParser::apply(std::string_view wholeLines, Scan& scan) {
    const auto& lines = static_cast<ScannedCompatLines&>(scan).lines;
    std::vector<double>& samples = dataset().latency.rttMs;
    if (const std::size_t all = firstBlockReservation(lines.size(), wholeLines.size()))
        samples.reserve(all);
    for (const ScannedCompatLine& line : lines) {
        if (!line.sample || otherLogStarted()) {
            deliver(wholeLines.substr(line.offset, line.length));
            continue;
        }
        countScannedLine();
        samples.push_back(line.value);
        countSample();
    }
}

} // namespace wb
