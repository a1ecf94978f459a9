#pragma once

#include <string>
#include <string_view>

namespace wb {

// Where a line of a log ends: at LF, at CRLF, and at a CR alone, which serial consoles and
// terminal captures write (a whole ping log in one "line" would lose every reply but the
// first). LogParser::feed() cuts lines so; what reads a log without it (a sniffer, a block
// scanner) hands over to it when lone CRs are present.
struct LineEnds {
    // Whether `text` holds a CR that is not followed by LF within it. A CR at the very end
    // counts: the LF that would make it CRLF has not been seen.
    static bool hasLoneCarriageReturn(std::string_view text) {
        for (std::size_t at = text.find('\r'); at != std::string_view::npos;
             at = text.find('\r', at + 1))
            if (at + 1 == text.size() || text[at + 1] != '\n')
                return true;
        return false;
    }

    // `text` with every lone CR made an LF: the lines a sniffer that splits at LF should see.
    static std::string withLineFeeds(std::string_view text) {
        std::string out(text);
        for (std::size_t at = 0; at < out.size(); ++at)
            if (out[at] == '\r' && (at + 1 == out.size() || out[at + 1] != '\n'))
                out[at] = '\n';
        return out;
    }
};

} // namespace wb
