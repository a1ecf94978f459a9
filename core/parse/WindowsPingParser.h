#pragma once

#include "PingParser.h"

#include <string_view>

namespace wb {

// Windows ping.exe in any display language. The words change with the language, but the
// shape does not: a reply has exactly one round-trip token (`time=12ms`, `Zeit=11ms`,
// `temps=6 ms`, `時間 =7ms`, `время=37мс`, `time<1ms`), the summary has three (minimum,
// maximum, average), the packet line has three counts (sent, received, lost). Everything
// else is read from where it stands: the header before the first request, one line per
// request until the statistics; a request line without a time is an ICMP error when it names
// the router that sent it, else a timeout. So no table of translations is needed, and a
// language nobody tested still parses. Requests are numbered 1..N in the order printed.
class WindowsPingParser : public PingParser {
public:
    WindowsPingParser();
    static int sniff(std::string_view head);

protected:
    void parseLine(std::string_view line) override;
    void finishDatasets() override;

private:
    enum class Section { Preamble, Requests, Statistics };

    bool readByShape(std::string_view line, std::string_view body);
    void readRequestLine(std::string_view line, std::string_view body, std::size_t indent);
    std::int64_t countRequest(std::string_view line);
    void readReply(std::string_view line, double printedMs, bool belowResolution);
    void unreadableReply(std::string_view line);
    void readUnanswered(std::string_view body);
    bool readPacketCounts(std::string_view body);
    void takeTarget(std::string_view body, bool preferName);
    // A header after a run's requests or statistics: the next run of an appended log.
    void startRun(std::string_view body, std::size_t indent);
    void finishRun() override;

    Section m_section = Section::Preamble;
    std::size_t m_requestIndent = 0; // request lines start here; deeper lines are continuations
    std::int64_t m_requests = 0;     // Windows prints no sequence numbers: requests are counted
    std::int64_t m_belowResolution = 0;
    std::int64_t m_firstBelowResolutionLine = 0;
    double m_resolutionMs = 1; // the bound of the first `time<Nms` reply
};

} // namespace wb
