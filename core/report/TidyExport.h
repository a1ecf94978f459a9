#pragma once

#include "stats/DatasetGroups.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <vector>

namespace wb {

class OutputSink;

// Wirebench's data as tidy tables, for pandas, R, DuckDB or a spreadsheet: one row per
// observation, one column per variable, with stable column names (README: Tidy export).
//
// Every table starts with
//   run    the run a row belongs to: a concurrent step's name for its members, else the log
//          file (with "#N" for the Nth dataset of a file that holds several)
//   file   the log file
//   label  the dataset's label
// and ends with one column per metadata key any of the datasets has (what its log and sidecar
// say, DatasetGroups::logFields, and the user's values, which take their place), sorted by
// name, the union over all datasets: a dataset without a value leaves its cell empty. A key
// that is also the name of a fixed column is written "metadata.KEY". Tags are the column
// "tag", several joined with ";".
//
// samples    one row per request of a latency log: seq, time_s (Unix time of the reply, when
//            the log has times), rtt_ms, status (ok, lost, dup: a duplicate reply, error: a
//            request answered by an ICMP error), send_delay_ms and receive_delay_ms (the
//            one-way delays, when the log measured them). Rows in the order of the sequence
//            numbers; rtt_ms of the ok rows is what `stats` takes its percentiles of.
// intervals  one row per report interval of each flow of a throughput run: flow,
//            flow_direction (send or receive, where the log says), start_s, end_s (seconds since
//            the test started), bytes, bits_per_second, cwnd_bytes, rtt_ms, rttvar_ms, retransmits,
//            jitter_ms, lost_datagrams, datagrams.
// flows      one row per flow of a throughput run, its whole-run figures as `flows` has them:
//            flow, flow_direction, bytes, seconds, bits_per_second, jitter_ms, lost_datagrams,
//            datagrams, loss_percent.
// runs       one row per figure of each run (RunValues: a concurrent step is one run, an ss log
//            recorded beside a run is that run's TCP state, not a run): statistic (the name
//            tables show, unit included, "p99 (ms)"), value.
//
// A missing figure is an empty cell (CSV) or null (JSON lines). Numbers are written in the
// shortest form that reads back as the same double. CSV is RFC 4180 with LF line ends, its
// text cells through TextEscaping::csvField (a cell that would start a formula gets a leading
// '); JSON lines are one object per line, keys as the CSV header.
class TidyExport {
public:
    enum class Table { Samples, Intervals, Flows, Runs };
    enum class Format { Csv, Jsonl };

    // "samples", "intervals", "flows", "runs"; "csv", "jsonl".
    static bool parseTable(const QString& name, Table* table);
    static bool parseFormat(const QString& name, Format* format);
    static QString tableName(Table table);

    // The header of the table for these datasets.
    static QStringList columns(Table table, const std::vector<GroupMember>& members);
    // How many rows the table will have.
    static std::int64_t rowCount(Table table, const std::vector<GroupMember>& members);

    // Called now and then with the rows written so far; returning false stops the export.
    using Progress = std::function<bool(std::int64_t rowsWritten)>;
    // Writes the table row by row into sink (no table is built in memory); false with *why
    // when the sink failed or progress stopped it.
    static bool write(OutputSink& sink, Table table, Format format,
                      const std::vector<GroupMember>& members, const Progress& progress,
                      QString* why);
};

} // namespace wb
