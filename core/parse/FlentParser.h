#pragma once

#include "LogParser.h"

#include <QJsonObject>

#include <string>
#include <string_view>

namespace wb {

// Flent's data files (`*.flent`, `*.flent.gz` through the importer's decompression, or the
// JSON they hold): one test run of several measurements taken side by side. Every format
// version Flent has written is read, as Flent's own resultset.py reads them:
//   1  no "version"; raw values, where kept, inside SERIES_META as RAW_VALUES
//   2, 3  "raw_values" beside "results", netperf UDP_RR samples still in transactions/s
//   4  "raw_values" in the units of their series (ms, Mbits/s)
//
// Each series Flent measured becomes one dataset: a latency series ("Ping (ms) ICMP", the
// irtt "Ping (ms) UDP ...", units ms) its round trips, a throughput series (units Mbits/s:
// "TCP upload BE") one flow of intervals. Series Flent computed from others (avg, sum,
// totals, fairness) are left out: Wirebench computes its own. A series' samples are its raw
// values where the file has them (their own times, irtt's sequence numbers and lost
// packets), else its "results" on the file's x_values axis from T0. An irtt series' raw values
// also hold what Flent's IrttRunner kept of each round trip: the one-way delays (owd_up,
// owd_down), the IPDV (ipdv, ipdv_up, ipdv_down; none for the first reply or one after a loss)
// and the direction of a loss (lost_dir "up", "down", or irtt's "true": unknown); they fill
// the series' send and receive delays and IPDV beside the RTTs, NaN where a reply has none,
// and its losses up and down. TCP cwnd and RTT that
// Flent's socket sampler recorded beside a TCP series (raw tcp_cwnd/tcp_rtt, or the results
// "NAME::tcp_cwnd") go on the flow's intervals.
//
// The datasets of one file are the members of one concurrent step (parameters "step", the
// test name and its start, and "member", the series name), each starting when its first
// sample was taken, so tables, comparisons and the load timeline treat the file as one run.
// The whole document is read at the end: Flent writes a file once, when the test is over.
class FlentParser : public LogParser {
public:
    FlentParser();
    static int sniff(std::string_view head);

    // Larger files are refused rather than held in memory; Flent's run to a few MB.
    static constexpr std::size_t kMaxBytes = std::size_t(512) << 20;

protected:
    void parseLine(std::string_view line) override;
    void parseBytes(std::string_view chunk) override;
    void finishDatasets() override;

private:
    void read(const QJsonObject& root);

    std::string m_bytes;
    std::int64_t m_newlines = 0;
    bool m_tooBig = false;
};

} // namespace wb
