#pragma once

#include "model/FlowSeries.h"

#include <QString>

#include <optional>
#include <vector>

namespace wb {

// Sorts iperf2 report lines into flows, shared by the text and the CSV reader.
//
// iperf2 prints interval lines and, per stream, a whole-run line whose interval starts at 0;
// both look alike, and the first interval of a `-i` run starts at 0 too. A line starting at 0
// is therefore held back until the next line of the same stream tells what it was: a later
// interval means it was the first interval, a longer line from 0 means the new one is the
// whole run, and the end of the log means it was the whole run. A line from 0 after the
// whole-run line (or a shorter one after a pending line) starts the next test in the log.
class Iperf2FlowBuilder {
public:
    explicit Iperf2FlowBuilder(FlowSeries& series) : m_seriesAt(&series) {}

    // The next test of the log (a dataset of its own) goes into `series`; the lines held back
    // so far must have been settled (finish()).
    void restart(FlowSeries& series);
    // Every connection has printed its whole-run line (or a held-back line that may be it).
    bool allEnded() const;

    // A new connection ("[  3] local … connected with …", or a new CSV address pair).
    // Returns the index of its flow.
    std::size_t openConnection(int stream, const QString& direction, const QString& local,
                               const QString& remote);
    // The flow that currently owns `stream`; a log without connection lines (an excerpt,
    // the emulab output of seed 004) gets one opened on first use.
    std::size_t flowFor(int stream);
    bool hasFlowFor(int stream) const { return active(stream) >= 0; }

    void addLine(std::size_t flow, const FlowInterval& line);
    // Whether addLine() would take `line` for the first line of the stream's next test.
    bool startsNextTest(std::size_t flow, const FlowInterval& line) const;
    void addSumLine(const FlowInterval& line);
    // The UDP "Server Report" of a flow: the receiver's whole-run view becomes Flow::total
    // and the client's own whole-run line moves to Flow::senderTotal.
    void addServerReport(std::size_t flow, const FlowInterval& report);

    // The latest whole-run line of a flow (held back or settled), for facts printed after it
    // ("Sent N datagrams", "N datagrams received out-of-order"); nullptr when there is none.
    FlowInterval* latestWholeRun(std::size_t flow);
    FlowInterval* latestSumWholeRun();

    // Settles every held-back line; called once at the end of the log.
    void finish();

private:
    // Interval lines and whole-run line of one flow or of the SUM, plus the held-back line.
    struct Track {
        std::optional<FlowInterval> pending;
    };
    // Returns false when the line belongs to the next test (the caller opens a new flow).
    static bool place(Track& track, std::vector<FlowInterval>& intervals,
                      std::optional<FlowInterval>& total, const FlowInterval& line);
    static void settle(Track& track, std::optional<FlowInterval>& total);
    int active(int stream) const;
    QString uniqueId(int stream, const QString& direction) const;
    std::size_t newFlow(int stream, const QString& direction);
    FlowSeries& series() const { return *m_seriesAt; }

    FlowSeries* m_seriesAt;
    std::vector<Track> m_tracks; // parallel to m_series.flows
    Track m_sumTrack;
    // stream number -> index of the flow that owns it now: looked up for every report line,
    // so the usual small numbers index a table (index + 1, 0 for none); others are few and
    // sit in a flat vector.
    static constexpr int kDirectStreams = 4096;
    std::vector<int> m_direct;
    std::vector<std::pair<int, std::size_t>> m_active;
};

} // namespace wb
