#pragma once

#include "Iperf2FlowBuilder.h"
#include "LogParser.h"

#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace wb {

// iperf 2 `-y C` reports: one row per interval and stream,
//   timestamp,src_addr,src_port,dst_addr,dst_port,id,interval,bytes,bits_per_second
// plus jitter_ms,lost,total,lost_percent,out_of_order for UDP. -P adds SUM rows (id -1,
// port 0). Byte counts are exact here, unlike the text output. A 2.0.x UDP client's server
// reports (the same id, addresses swapped) are the receiver's view of the client's flows.
// With -e, iperf 2.1.9 and later put the offset from UTC in front of the time
// ("+0000:20261206142408.123") and add columns after the rate; iperf 2.2 prints the interval of
// these rows as two columns and a header line before the first row of each kind. Read from
// them: a TCP sender's retries, window and RTT (also on a --bounceback client's rows) and the
// UDP receiver figures (also on --trip-times and --isochronous servers' rows). The rest (read
// and write counts, the read-size histogram, packets per second, and the one-way trip times,
// isochronous frame transit and bounceback round trips that 2.2 prints as per-interval
// mean/min/max/stddev in ms) has no place in a flow's intervals: one warning per layout names
// those columns. A row in none of the layouts is refused, saying how many fields it has.
class Iperf2CsvParser : public LogParser {
public:
    Iperf2CsvParser();
    static int sniff(std::string_view head);

protected:
    void parseLine(std::string_view line) override;
    void finishDatasets() override;

private:
    std::size_t flowOf(int id, std::string_view endpoints);
    std::optional<std::size_t> connectionOf(int id, std::string_view endpoints) const;

    void noteLayout(std::size_t layout);

    Iperf2FlowBuilder m_flows;
    // A connection is its id plus the address fields: ids repeat across tests in one file.
    struct Connection {
        int id;
        std::string endpoints;
        std::size_t flow;
    };
    std::vector<Connection> m_connections;
    // The column names of the latest header line (2.2 prints one before each kind of row).
    std::vector<std::string> m_header;
    struct LayoutSeen {
        std::size_t layout; // index into the parser's layout table
        std::int64_t rows;
        QStringList unread; // the columns of those rows that nothing reads
    };
    std::vector<LayoutSeen> m_layoutsSeen;
    bool m_sawUdp = false;
    bool m_sawClientUdpTotal = false;
};

} // namespace wb
