#pragma once

#include "LinePrefixReader.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace wb {

class IssueList;
struct LatencySeries;

// What the ping dialects check of a finished run (PingParser); each check adds warnings, none
// changes or drops data.

// The times of one run's replies (ping -D stamps or line prefixes), kept index-aligned with
// its rttMs: a run keeps them only if every reply has one.
class ReplyTimes {
public:
    // After a reply was added to `run`: its time (NaN: none) and, for a bare-clock prefix, the
    // sum of the prefixes up to its line (LinePrefixReader::Line::elapsedSum).
    void add(LatencySeries& run, double time, double elapsedSum);
    // After the last reply was taken out of `run` (a damaged reply, found on the line after
    // it): its time goes too, so that the times stay index-aligned with rttMs.
    void dropLast(LatencySeries& run);
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

// The tool's summary against what the log shows, which holds between fewestShown and
// mostShown received replies (Windows counts an ICMP error from a router received, one from the
// local stack not): a loss percent its own counts do not give (the counts are used), and a
// count of replies received outside that (replies missing from the log, whose loss is then
// taken from the counts, not from the gaps between numbers).
void checkSummary(const LatencySeries& run, std::int64_t fewestShown, std::int64_t mostShown,
                  IssueList& warnings);

// Whether a printed loss percent agrees with the counts beside it, up to how tools round it
// (iputils `%g`, BSD `%.1f`, BusyBox and Windows whole numbers).
bool lossPercentAgrees(double printed, std::int64_t transmitted, std::int64_t received);

} // namespace wb
