#include "Iperf2CsvParser.h"

#include "IperfRuns.h"
#include "IperfUnits.h"
#include "TextScan.h"

#include <QDateTime>
#include <QTimeZone>

#include <algorithm>
#include <array>
#include <cmath>

namespace wb {

using namespace scan;

namespace {

constexpr std::size_t kMaxFields = 32;
constexpr std::size_t kTcpFields = 9;
constexpr std::size_t kUdpFields = 14;
// The rows of -e (iperf 2.1.9 and later; Locale.c's reportCSV_*_enhanced_format), counted
// with the interval as one field. After the rate:
//   TCP client:  writecnt,writeerr,tcpretry,tcpcwnd,tcprtt,tcprttvar             (2.1.9)
//                writecnt,writeerr,tcpretry,tcpcwnd,tcppcwnd,tcprtt,tcprttvar    (2.2)
//   UDP client:  the 5 UDP fields,writecnt,writeerr,pps                         (2.1.9)
//   TCP server:  readcnt,bin0,…,bin7; 2.2's UDP rows: the 5 UDP fields and 4 more
// cwnd in KBytes of 1024 bytes, RTT and its variation in microseconds; -1 or 0 where a row
// (a SUM row) has none.
constexpr std::size_t kTcpWriteFields = 15;
constexpr std::size_t kTcpWritePacketsFields = 16;
constexpr std::size_t kUdpPpsFields = 17;
constexpr std::size_t kEighteenFields = 18;
enum Field {
    Time,
    SrcAddr,
    SrcPort,
    DstAddr,
    DstPort,
    Id,
    Interval,
    Bytes,
    Rate,
    Jitter,
    Lost,
    Total,
    LostPercent,
    OutOfOrder
};

// Splits a row into at most kMaxFields views; returns how many fields it has.
std::size_t split(std::string_view line, std::array<std::string_view, kMaxFields>& fields) {
    std::size_t count = 0;
    while (count < kMaxFields) {
        const std::size_t comma = line.find(',');
        fields[count++] = line.substr(0, comma);
        if (comma == std::string_view::npos)
            return count;
        line.remove_prefix(comma + 1);
    }
    return count + 1; // more than we read: not an iperf row
}

std::optional<double> number(std::string_view field) {
    auto value = takeDouble(field);
    return value && field.empty() ? value : std::nullopt;
}

std::optional<std::int64_t> integer(std::string_view field) {
    auto value = takeInt(field);
    return value && field.empty() ? value : std::nullopt;
}

// iperf 2.1.9 and later with -e print the time with its offset from UTC in front:
// "+0000:20261206142408.123" (2.1.9, milliseconds) or "-0500:20261206092408.123456" (2.2,
// microseconds). Returns the offset in seconds and leaves the rest in `time`.
std::optional<int> takeUtcOffset(std::string_view& time) {
    if (time.size() < 6 || (time[0] != '+' && time[0] != '-') || time[5] != ':')
        return std::nullopt;
    const auto hhmm = integer(time.substr(1, 4));
    if (!hhmm)
        return std::nullopt;
    const int offset = int(*hhmm / 100) * 3600 + int(*hhmm % 100) * 60;
    const bool west = time[0] == '-';
    time.remove_prefix(6);
    return west ? -offset : offset;
}

// A row's first field: yyyyMMddHHmmss, with milliseconds or microseconds after -e.
bool isRowTime(std::string_view time) {
    takeUtcOffset(time);
    return time.size() >= 14 && integer(time.substr(0, 14));
}

bool startsLikeRow(std::string_view line) {
    return !line.empty() &&
           ((line.front() >= '0' && line.front() <= '9') ||
            ((line.front() == '+' || line.front() == '-') && isRowTime(line.substr(0, 6 + 14))));
}

// A row's fields with the interval as one field: iperf 2.2's -e rows print it as two
// ("0.0,1.0" where the others print "0.0-1.0"); the span is then read from those two.
struct Row {
    std::array<std::string_view, kMaxFields> fields;
    std::size_t count = 0;
    std::optional<iperf::Span> span;
};

Row readRow(std::string_view line) {
    Row row;
    row.count = split(line, row.fields);
    if (row.count <= Interval + 1)
        return row;
    row.span = iperf::parseSpan(row.fields[Interval]);
    if (row.span || row.count > kMaxFields)
        return row;
    const auto start = number(row.fields[Interval]);
    const auto end = number(row.fields[Interval + 1]);
    if (!start || !end)
        return row;
    row.span = iperf::Span{*start, *end, 1};
    std::copy(row.fields.begin() + Interval + 2, row.fields.begin() + row.count,
              row.fields.begin() + Interval + 1);
    --row.count;
    return row;
}

// The layouts read: the plain ones, and -e's (see kTcpWriteFields).
bool isKnownCount(std::size_t count) {
    return count == kTcpFields || count == kUdpFields || count == kTcpWriteFields ||
           count == kTcpWritePacketsFields || count == kUdpPpsFields || count == kEighteenFields;
}

// Whether a row carries the UDP fields after the rate: jitter is printed with decimals
// ("%.3f"), a TCP server's read count and a TCP client's write count are whole numbers.
bool hasUdpFields(const Row& row) {
    if (row.count == kUdpFields || row.count == kUdpPpsFields)
        return true;
    return row.count == kEighteenFields && row.fields[Jitter].find('.') != std::string_view::npos;
}

bool isCsvRow(std::string_view line) {
    const Row row = readRow(line);
    return isKnownCount(row.count) && isRowTime(row.fields[Time]) && integer(row.fields[Id]) &&
           row.span && number(row.fields[Bytes]);
}

// -e's TCP client fields after the rate (`after`: writecnt, writeerr, tcpretry, tcpcwnd, [2.2:
// tcppcwnd,] tcprtt, tcprttvar): the retries of the interval (of the run on a whole-run row),
// the window in KBytes of 1024 bytes, RTT and its variation in microseconds. A SUM row has -1 or
// 0 for what only a connection has.
void readTcpWriteFields(const std::string_view* after, bool withPackets, FlowInterval& row) {
    if (const auto retries = integer(after[2]); retries && *retries >= 0)
        row.retransmits = *retries;
    if (const auto cwnd = number(after[3]); cwnd && *cwnd > 0)
        row.cwndBytes = *cwnd * 1024;
    const std::size_t rttAt = withPackets ? 5 : 4;
    const auto rtt = number(after[rttAt]);
    const auto rttvar = number(after[rttAt + 1]);
    if (rtt && *rtt > 0) {
        row.rttMs = *rtt / 1000;
        if (rttvar && *rttvar >= 0)
            row.rttvarMs = *rttvar / 1000;
    }
}

// The start of the run from the first row's time: local time without an offset (as iperf
// printed it), else the time in that offset from UTC.
QDateTime startOf(std::string_view time) {
    const std::optional<int> offset = takeUtcOffset(time);
    QDateTime start =
        QDateTime::fromString(qStringOf(time.substr(0, 14)), QStringLiteral("yyyyMMddHHmmss"));
    if (offset && start.isValid())
        start = QDateTime(start.date(), start.time(), QTimeZone(*offset));
    return start;
}

} // namespace

Iperf2CsvParser::Iperf2CsvParser() : m_flows(dataset().flows) {
    dataset().kind = Dataset::Kind::Throughput;
    dataset().info.tool = QStringLiteral("iperf");
    dataset().info.dialect = QStringLiteral("csv");
}

int Iperf2CsvParser::sniff(std::string_view head) {
    int rows = 0;
    while (!head.empty() && rows < 3) {
        const std::size_t newline = head.find('\n');
        std::string_view line = trimmed(head.substr(0, newline));
        head = newline == std::string_view::npos ? std::string_view{} : head.substr(newline + 1);
        // The reverse connection of -d/-r prints its text banner even with -y C.
        if (!startsLikeRow(line))
            continue;
        if (!isCsvRow(line))
            return 0;
        ++rows;
    }
    // Rows of this shape are unambiguous; they win over the text banner a -d run adds.
    return rows > 0 ? 60 : 0;
}

std::optional<std::size_t> Iperf2CsvParser::connectionOf(int id, std::string_view endpoints) const {
    for (auto it = m_connections.rbegin(); it != m_connections.rend(); ++it) {
        if (it->id == id && it->endpoints == endpoints)
            return it->flow;
    }
    return std::nullopt;
}

std::size_t Iperf2CsvParser::flowOf(int id, std::string_view endpoints) {
    if (const auto known = connectionOf(id, endpoints))
        return *known;
    const std::size_t flow = m_flows.openConnection(id, QString(), QString(), QString());
    m_connections.push_back({id, std::string(endpoints), flow});
    return flow;
}

void Iperf2CsvParser::parseLine(std::string_view line) {
    line = trimmed(line);
    if (line.empty())
        return;
    if (!startsLikeRow(line)) {
        ignoreLine(); // a shell prompt, an iperf message or 2.2's column names around the rows
        return;
    }
    const Row read = readRow(line);
    const auto& fields = read.fields;
    const std::size_t count = read.count;
    const auto id = count >= kTcpFields ? integer(fields[Id]) : std::nullopt;
    const auto& span = read.span;
    const auto bytes = count >= kTcpFields ? number(fields[Bytes]) : std::nullopt;
    const auto rate = count >= kTcpFields ? number(fields[Rate]) : std::nullopt;
    if (!isKnownCount(count) || !id || !span || !bytes || !rate) {
        parseError(line, QStringLiteral("not an iperf -y C row"));
        return;
    }
    if (span->end < span->start || *bytes < 0 || *rate < 0 || !std::isfinite(*rate)) {
        rangeError(line, QStringLiteral("impossible interval, byte count or rate"));
        return;
    }
    FlowInterval row;
    row.start = span->start;
    row.end = span->end;
    row.bytes = *bytes;
    row.bitsPerSecond = *rate;
    row.bytesExact = true;
    if (count == kTcpWriteFields || count == kTcpWritePacketsFields)
        readTcpWriteFields(fields.data() + Rate + 1, count == kTcpWritePacketsFields, row);
    if (hasUdpFields(read)) {
        m_sawUdp = true;
        const auto total = integer(fields[Total]);
        // The client's whole-run row carries no receiver figures (total -1).
        if (total && *total >= 0) {
            row.jitterMs = number(fields[Jitter]);
            row.lostDatagrams = integer(fields[Lost]);
            row.totalDatagrams = total;
            row.outOfOrder = integer(fields[OutOfOrder]);
        } else {
            m_sawClientUdpTotal = true;
        }
    }
    countSample();
    RunInfo& info = dataset().info;
    if (!info.start.isValid())
        info.start = startOf(fields[Time]);
    // SUM rows: id -1 and port 0 (2.0.x); per-stream ids are never negative.
    if (*id < 0 || fields[SrcPort] == "0") {
        m_flows.addSumLine(row);
        return;
    }
    if (info.target.isEmpty())
        info.target = qStringOf(fields[DstAddr]);
    const std::string_view endpoints(fields[SrcAddr].data(),
                                     static_cast<std::size_t>(fields[DstPort].data() +
                                                              fields[DstPort].size() -
                                                              fields[SrcAddr].data()));
    const auto endpoint = [](std::string_view address, std::string_view port) {
        return std::string(address) + " port " + std::string(port);
    };
    // iperf 2.0.x's UDP client prints each stream's server report as a row of the server's
    // view: the same id with the addresses swapped. It is the receiver's figure of that flow.
    if (row.totalDatagrams) {
        const std::string swapped =
            std::string(fields[DstAddr]) + ',' + std::string(fields[DstPort]) + ',' +
            std::string(fields[SrcAddr]) + ',' + std::string(fields[SrcPort]);
        if (const auto reported = connectionOf(static_cast<int>(*id), swapped);
            reported && !connectionOf(static_cast<int>(*id), endpoints)) {
            m_flows.addServerReport(*reported, row);
            return;
        }
    }
    const std::size_t flow = flowOf(static_cast<int>(*id), endpoints);
    Flow& target = dataset().flows.flows[flow];
    if (target.localAddress.isEmpty()) { // only a new connection pays for these strings
        target.localAddress = QString::fromStdString(endpoint(fields[SrcAddr], fields[SrcPort]));
        target.remoteAddress = QString::fromStdString(endpoint(fields[DstAddr], fields[DstPort]));
    }
    m_flows.addLine(flow, row);
}

void Iperf2CsvParser::finishDatasets() {
    m_flows.finish();
    for (const QString& found : IperfIntervalOrder::apply(dataset().flows).warnings())
        warning({}, found);
    RunInfo& info = dataset().info;
    if (!dataset().flows.empty())
        info.protocol = m_sawUdp ? QStringLiteral("udp") : QStringLiteral("tcp");
    if (m_sawClientUdpTotal)
        info.role = QStringLiteral("client");
    info.streams = static_cast<int>(m_connections.size());
}

} // namespace wb
