#pragma once

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

// Reply times that step backwards (a -D clock or a time prefix set back by NTP or by hand) put
// replies before earlier ones on a time axis, and every view over time (timeline, bands,
// windows) assumes time grows with the replies. Such a run's times are dropped, so that it is
// drawn and windowed by sequence number, with a warning that says how many steps there were,
// where the first one is and how large the largest was.
void dropTimesSteppingBack(LatencySeries& run, IssueList& warnings);

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
