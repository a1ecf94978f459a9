#include "Iperf2CsvParser.h"

#include "IperfRuns.h"
#include "IperfUnits.h"
#include "TextScan.h"

#include <QDateTime>

#include <array>
#include <cmath>

namespace wb {

using namespace scan;

namespace {

constexpr std::size_t kMaxFields = 16;
constexpr std::size_t kTcpFields = 9;
constexpr std::size_t kUdpFields = 14;
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

bool isCsvRow(std::string_view line) {
    std::array<std::string_view, kMaxFields> fields;
    const std::size_t count = split(line, fields);
    return (count == kTcpFields || count == kUdpFields) && fields[Time].size() >= 14 &&
           integer(fields[Time].substr(0, 14)) && integer(fields[Id]) &&
           iperf::parseSpan(fields[Interval]) && number(fields[Bytes]);
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
        if (line.empty() || line.front() < '0' || line.front() > '9')
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
    if (line.front() < '0' || line.front() > '9') {
        ignoreLine(); // a shell prompt or an iperf message around the rows
        return;
    }
    std::array<std::string_view, kMaxFields> fields;
    const std::size_t count = split(line, fields);
    const auto id = count >= kTcpFields ? integer(fields[Id]) : std::nullopt;
    const auto span = count >= kTcpFields ? iperf::parseSpan(fields[Interval]) : std::nullopt;
    const auto bytes = count >= kTcpFields ? number(fields[Bytes]) : std::nullopt;
    const auto rate = count >= kTcpFields ? number(fields[Rate]) : std::nullopt;
    if ((count != kTcpFields && count != kUdpFields) || !id || !span || !bytes || !rate) {
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
    if (count == kUdpFields) {
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
        info.start = QDateTime::fromString(qStringOf(fields[Time].substr(0, 14)),
                                           QStringLiteral("yyyyMMddHHmmss"));
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
