#pragma once

#include "LinePrefixReader.h"

#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace wb {

class IssueList;
struct Dataset;
struct LatencySeries;

// What every ping dialect does with the runs of a log. A file may hold several runs one after
// another (`ping HOST >> log` again and again, to several targets): each becomes a dataset.

// Starts the dataset of the next run, described like the first (tool, dialect, protocol).
Dataset& startNextRun(std::vector<Dataset>& runs);

// The labels of a log's runs when it holds more than one (FileImporter puts the file's name in
// front): the target and when the run started (the time prefix of its header, else its first
// reply's epoch time), or "run N".
void labelRuns(std::vector<Dataset>& runs, const std::vector<std::string>& startTexts);

// Checks of a finished run; each adds warnings, none changes or drops data.

// The times of one run's replies (ping -D stamps or line prefixes), kept index-aligned with
// its rttMs: a run keeps them only if every reply has one.
class ReplyTimes {
public:
    // After a reply was added to `run`: its time (NaN: none) and, for a bare-clock prefix, the
    // sum of the prefixes up to its line (LinePrefixReader::Line::elapsedSum).
    void add(LatencySeries& run, double time, double elapsedSum);
    // At the end of the run: times that only some replies carry are dropped (`partial` says
    // so), `ts -i` increments become times (LinePrefixReader::resolveIncrements), and times
    // that step backwards are dropped. Reply times stepping back (a -D clock or a prefix set
    // back by NTP or by hand) put replies before earlier ones, and every view over time
    // (timeline, bands, windows) assumes time grows with the replies: such a run is drawn and
    // windowed by sequence number, with a warning saying how many steps there were, where the
    // first one is and how large the largest was.
    void finish(LatencySeries& run, const LinePrefixReader& prefix, const QString& partial,
                IssueList& warnings);
    void clear() {
        m_elapsedSums.clear();
        m_sawTime = false;
    }

private:
    std::vector<double> m_elapsedSums; // per reply timed by a bare clock prefix
    bool m_sawTime = false;
};

// The tool's summary against what the log shows: a loss percent its own counts do not give
// (the counts are used), and fewer replies shown than it counts received (replies missing from
// the log, whose loss is then taken from the counts, not from the gaps between numbers).
void checkSummary(const LatencySeries& run, std::int64_t shownReplies, IssueList& warnings);
// As above for a tool that counts some replies the log shows as errors received, others not
// (Windows): the log shows between fewestShown and mostShown received replies.
void checkSummary(const LatencySeries& run, std::int64_t fewestShown, std::int64_t mostShown,
                  IssueList& warnings);

// Whether a printed loss percent agrees with the counts beside it, up to how tools round it
// (iputils `%g`, BSD `%.1f`, BusyBox and Windows whole numbers).
bool lossPercentAgrees(double printed, std::int64_t transmitted, std::int64_t received);

} // namespace wb
