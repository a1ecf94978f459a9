#pragma once

#include "LinePrefixReader.h"
#include "LogParser.h"
#include "PingRuns.h"
#include "SequenceTracker.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wb {

// The statistics lines that ping-like tools print at the end, into `summary`:
//   iputils: "5 packets transmitted, 5 received, +4 duplicates, +3 errors, 0% packet loss,
//             time 4017ms" and "rtt min/avg/max/mdev = a/b/c/d ms"
//   BSD, BusyBox, hping3: "... 9 packets received, 2 duplicates, 10% packet loss" and
//             "round-trip min/avg/max = a/b/c ms"
// Returns false for any other line.
bool readPingSummary(std::string_view body, PingSummary& summary);

// The slash-separated numbers of `text` ("12.3/12.5/12.8 ms") into `fields`, in order, until
// one is missing or no '/' follows.
void readSlashedValues(std::string_view text, std::initializer_list<std::optional<double>*> fields);

// The base of the ping dialects (Unix, Windows, fping, hping3): the tool's text of a line
// behind its time prefix, how a reply is filed, the runs of a log and their end. A file may
// hold several runs one after another (`ping HOST >> log` again and again, to several
// targets): each becomes a dataset, and the sequence numbers and reply times are the current
// run's.
class PingParser : public LogParser {
protected:
    // protocol: nullptr when the log names it (hping3's mode); firstSequence: where the tool
    // counts from; partialTimes: the warning when only some replies of a run carry a time.
    PingParser(const char* tool, const char* dialect, const char* protocol,
               std::int64_t firstSequence, QString partialTimes);

    // The tool's text of `line` behind its time prefix (LinePrefixReader), trimmed, or nullopt
    // for transcript framing and blank lines; prefixed() is then the whole reading.
    std::optional<std::string_view> toolText(std::string_view line);
    const LinePrefixReader::Line& prefixed() const { return m_prefixed; }
    LatencySeries& series() { return allDatasets().back().latency; }

    // Whether a round-trip time is one a ping can have printed; a range error when not.
    bool rttInRange(std::string_view line, double rtt);
    // The reply's round-trip time, or nullopt with a parse error (none readable) or a range
    // error (out of range).
    std::optional<double> checkedRtt(std::string_view line, std::optional<double> rtt);
    // Files a reply in `run`: under its sequence number the first time that number is answered
    // (a sample, whose time goes to `times`), as a duplicate after that or when the tool marked
    // it so. A reply whose number could not be placed (nullopt) keeps its time, filed beside
    // the reply before it.
    void fileReply(LatencySeries& run, SequenceTracker& sequences, ReplyTimes& times,
                   std::optional<std::int64_t> placed, double rtt, bool markedDuplicate,
                   double time, double elapsedSum);

    // A dataset described like the first (tool, dialect, protocol).
    Dataset& addDataset();
    // Finishes the current run and starts the dataset of the next (addDataset).
    void nextRun();
    // The current line is the header of the current run: its time prefix labels the run.
    void noteRunStart();
    // Completes the current run: reply times that only some replies carry or that step back.
    virtual void finishRun();
    // The losses of the current run from sequence number `from` on, after checking its summary
    // against its replies.
    void listLosses(std::int64_t from);
    void finishDatasets() override;

    SequenceTracker m_sequences;
    LinePrefixReader m_prefix;
    OddSequences m_oddSequences;
    ReplyTimes m_times;

private:
    QString m_partialTimes;
    LinePrefixReader::Line m_prefixed;
    std::string_view m_rawLine;           // the current line, with its time prefix
    std::vector<std::string> m_runStarts; // per run: the time prefix of its header (labels)
};

} // namespace wb
