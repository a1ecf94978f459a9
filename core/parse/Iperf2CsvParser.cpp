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
enum Field { Time, SrcAddr, SrcPort, DstAddr, DstPort, Id, Interval, Bytes, Rate };

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

// The layouts of -y C rows, told apart by their number of fields (the interval counted as one)
// and, where two have as many, by which fields iperf prints with decimals ("%.3f", "%f").
// `columns` are the fields after the rate, named as iperf 2.2's CSV headers name them
// (Locale.c, reportCSV_*_header; 2.1.9 printed no header). Units, from ReportOutputs.c and
// gettcpinfo.c: jitter and the tt/it/bb figures in milliseconds, tcpcwnd in KBytes of 1024
// bytes, tcprtt and tcprttvar in microseconds, pps and rps per second.
struct CsvLayout {
    const char* what;
    std::size_t fields;
    enum class Shape { Any, DecimalAfterRate, DecimalSecondAfterRate, DecimalLast } shape;
    const char* columns;
};

constexpr char kUdpColumns[] = "jitter,errors,datagrams,errpercent,outoforder";
constexpr char kReadBins[] = "readcnt,bin0,bin1,bin2,bin3,bin4,bin5,bin6,bin7";

const std::array<CsvLayout, 12>& csvLayouts() {
    using Shape = CsvLayout::Shape;
    static const std::array<CsvLayout, 12> layouts{{
        {"TCP", kTcpFields, Shape::Any, ""},
        {"UDP", 14, Shape::Any, kUdpColumns},
        {"TCP client -e (2.1.9)", 15, Shape::Any,
         "writecnt,writeerr,tcpretry,tcpcwnd,tcprtt,tcprttvar"},
        {"TCP client -e (2.2)", 16, Shape::Any,
         "writecnt,writeerr,tcpretry,tcpcwnd,tcppcwnd,tcprtt,tcprttvar"},
        {"UDP client -e (2.1.9, 2.2.0)", 17, Shape::Any,
         "jitter,errors,datagrams,errpercent,outoforder,writecnt,writeerr,pps"},
        // 2.2.1's UDP server rows; its UDP client rows name the last four
        // writecnt,writeerr,writetimeo,pps (its header tells which).
        {"UDP -e (2.2.1)", 18, Shape::DecimalAfterRate,
         "jitter,errors,datagrams,errpercent,outoforder,readcnt,readtimeo,readerrlen,pps"},
        {"TCP client --bounceback (2.2.0)", 18, Shape::DecimalSecondAfterRate,
         "bbcnt,bbavg,bbmin,bbmax,bbstdev,tcpretry,tcpcwnd,tcprtt,rps"},
        {"TCP server -e", 18, Shape::Any, kReadBins},
        {"TCP client --bounceback (2.2.1)", 22, Shape::DecimalSecondAfterRate,
         "bbcnt,bbavg,bbmin,bbmax,bbstdev,tcpretry,tcpcwnd,tcppcwnd,tcprtt,tcprttvar,txbytes,"
         "rxbytes,rps"},
        {"UDP server --trip-times (2.2.1)", 24, Shape::DecimalLast,
         "jitter,errors,datagrams,errpercent,outoforder,ttavg,ttmin,ttmax,ttsdev,ttcnt,ttsize,"
         "readcnt,readtimeo,readerrlen,pps"},
        // --isochronous prints the same row with the frames' transit (its header names the
        // first six itavg,itmin,itmax,itsdev,itcnt,itsize).
        {"TCP server --trip-times or --isochronous (2.2.1)", 24, Shape::Any,
         "ttavg,ttmin,ttmax,ttsdev,ttcnt,ttsize,readcnt,bin0,bin1,bin2,bin3,bin4,bin5,bin6,bin7"},
        {"UDP server --isochronous (2.2.1)", 26, Shape::Any,
         "jitter,errors,datagrams,errpercent,outoforder,ttavg,ttmin,ttmax,ttsdev,itavg,itmin,"
         "itmax,itsdev,readcnt,readtimeo,readerrlen,pps"},
    }};
    return layouts;
}

std::vector<std::string_view> columnNamesOf(std::string_view columns) {
    std::vector<std::string_view> names;
    while (!columns.empty()) {
        const std::size_t comma = columns.find(',');
        names.push_back(columns.substr(0, comma));
        columns = comma == std::string_view::npos ? std::string_view{} : columns.substr(comma + 1);
    }
    return names;
}

// Where a layout keeps the fields Wirebench reads (an index into the row, 0: none) and the
// names of those it does not.
struct ReadColumns {
    std::size_t jitter = 0, errors = 0, datagrams = 0, outOfOrder = 0;
    std::size_t retries = 0, cwnd = 0, rtt = 0, rttvar = 0;
    std::vector<std::size_t> unread; // positions in the layout's columns
};

ReadColumns readColumnsOf(const CsvLayout& layout) {
    ReadColumns at;
    const std::vector<std::string_view> names = columnNamesOf(layout.columns);
    const std::array<std::pair<std::string_view, std::size_t*>, 8> read{{
        {"jitter", &at.jitter},
        {"errors", &at.errors},
        {"datagrams", &at.datagrams},
        {"outoforder", &at.outOfOrder},
        {"tcpretry", &at.retries},
        {"tcpcwnd", &at.cwnd},
        {"tcprtt", &at.rtt},
        {"tcprttvar", &at.rttvar},
    }};
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto known = std::find_if(read.begin(), read.end(),
                                        [&](const auto& entry) { return entry.first == names[i]; });
        if (known != read.end())
            *known->second = Rate + 1 + i;
        else if (names[i] != "errpercent") // errors / datagrams, which are read
            at.unread.push_back(i);
    }
    return at;
}

const ReadColumns& readColumnsOf(std::size_t layout) {
    static const auto all = [] {
        std::array<ReadColumns, std::tuple_size_v<std::decay_t<decltype(csvLayouts())>>> columns;
        for (std::size_t i = 0; i < columns.size(); ++i)
            columns[i] = readColumnsOf(csvLayouts()[i]);
        return columns;
    }();
    return all[layout];
}

bool hasDecimals(std::string_view field) {
    return field.find('.') != std::string_view::npos;
}

bool fitsShape(const CsvLayout& layout, const Row& row) {
    switch (layout.shape) {
    case CsvLayout::Shape::Any:
        return true;
    case CsvLayout::Shape::DecimalAfterRate:
        return hasDecimals(row.fields[Rate + 1]);
    case CsvLayout::Shape::DecimalSecondAfterRate:
        return !hasDecimals(row.fields[Rate + 1]) && hasDecimals(row.fields[Rate + 2]);
    case CsvLayout::Shape::DecimalLast:
        return hasDecimals(row.fields[row.count - 1]);
    }
    return false;
}

// The index of the row's layout in csvLayouts(), nullopt when it has none.
std::optional<std::size_t> layoutOf(const Row& row) {
    const auto& layouts = csvLayouts();
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        if (layouts[i].fields == row.count && fitsShape(layouts[i], row))
            return i;
    }
    return std::nullopt;
}

bool isCsvRow(std::string_view line) {
    const Row row = readRow(line);
    return layoutOf(row) && isRowTime(row.fields[Time]) && integer(row.fields[Id]) && row.span &&
           number(row.fields[Bytes]);
}

// The fields of `at` read into `row`: the UDP receiver figures (a client's whole-run row has
// total -1: none), a TCP sender's retries (of the interval, of the run on a whole-run row),
// window and RTT. A SUM row has -1 or 0 for what only a connection has.
// Returns whether the row carried UDP fields.
bool readKnownColumns(const Row& read, const ReadColumns& at, FlowInterval& row,
                      bool& clientUdpTotal) {
    const auto& fields = read.fields;
    if (at.retries) {
        if (const auto retries = integer(fields[at.retries]); retries && *retries >= 0)
            row.retransmits = *retries;
    }
    if (at.cwnd) {
        if (const auto cwnd = number(fields[at.cwnd]); cwnd && *cwnd > 0)
            row.cwndBytes = *cwnd * 1024;
    }
    if (at.rtt) {
        if (const auto rtt = number(fields[at.rtt]); rtt && *rtt > 0) {
            row.rttMs = *rtt / 1000;
            const auto rttvar = number(fields[at.rttvar ? at.rttvar : at.rtt]);
            if (at.rttvar && rttvar && *rttvar >= 0)
                row.rttvarMs = *rttvar / 1000;
        }
    }
    if (!at.datagrams)
        return false;
    const auto total = integer(fields[at.datagrams]);
    if (total && *total >= 0) {
        row.jitterMs = number(fields[at.jitter]);
        row.lostDatagrams = integer(fields[at.errors]);
        row.totalDatagrams = total;
        row.outOfOrder = integer(fields[at.outOfOrder]);
    } else {
        clientUdpTotal = true;
    }
    return true;
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

constexpr std::string_view kHeaderStart = "time,srcaddress,";
constexpr std::size_t kHeaderFixedColumns = 10; // time … transferid, istart, iend, bytes, speed

// What the unread figures of iperf 2.2 are, for the warning that names them.
QString unreadNote(const QStringList& names) {
    QStringList notes;
    const auto has = [&names](const char* prefix) {
        return std::any_of(names.begin(), names.end(), [prefix](const QString& name) {
            return name.startsWith(QLatin1String(prefix));
        });
    };
    if (has("tt"))
        notes << QStringLiteral("tt*: one-way trip times (ms) per interval, which a flow "
                                "interval has no place for");
    if (has("it"))
        notes << QStringLiteral("it*: isochronous frames' one-way transit (ms)");
    if (has("bb"))
        notes << QStringLiteral("bb*: bounceback round-trip count and mean/min/max/stddev (ms) "
                                "per interval, summaries rather than samples");
    return notes.isEmpty()
               ? QString()
               : QStringLiteral(" (") + notes.join(QStringLiteral("; ")) + QLatin1Char(')');
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
        // 2.2's column names before the first row of each kind name the columns not read.
        if (line.substr(0, kHeaderStart.size()) == kHeaderStart) {
            const std::vector<std::string_view> names = columnNamesOf(line);
            m_header.assign(names.begin(), names.end());
        }
        ignoreLine(); // a shell prompt, an iperf message or a header
        return;
    }
    const Row read = readRow(line);
    const auto& fields = read.fields;
    const std::size_t count = read.count;
    const auto id = count >= kTcpFields ? integer(fields[Id]) : std::nullopt;
    const auto& span = read.span;
    const auto bytes = count >= kTcpFields ? number(fields[Bytes]) : std::nullopt;
    const auto rate = count >= kTcpFields ? number(fields[Rate]) : std::nullopt;
    if (!id || !span || !bytes || !rate) {
        parseError(line, QStringLiteral("not an iperf -y C row"));
        return;
    }
    const std::optional<std::size_t> layout = layoutOf(read);
    if (!layout) {
        parseError(line, QStringLiteral("an iperf -y C row of %1 fields (the interval counted as "
                                        "one) in none of the layouts of iperf 2.0 to 2.2.1")
                             .arg(count));
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
    if (readKnownColumns(read, readColumnsOf(*layout), row, m_sawClientUdpTotal))
        m_sawUdp = true;
    noteLayout(*layout);
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

void Iperf2CsvParser::noteLayout(std::size_t layout) {
    for (LayoutSeen& seen : m_layoutsSeen) {
        if (seen.layout == layout) {
            ++seen.rows;
            return;
        }
    }
    const CsvLayout& shape = csvLayouts()[layout];
    std::vector<std::string_view> names = columnNamesOf(shape.columns);
    // The header names them when it has as many columns (its interval is two).
    if (m_header.size() == shape.fields + 1)
        names.assign(m_header.begin() + kHeaderFixedColumns, m_header.end());
    QStringList unread;
    for (const std::size_t at : readColumnsOf(layout).unread)
        unread << qStringOf(names[at]);
    m_layoutsSeen.push_back({layout, 1, unread});
}

void Iperf2CsvParser::finishDatasets() {
    m_flows.finish();
    for (const LayoutSeen& seen : m_layoutsSeen) {
        if (seen.unread.isEmpty())
            continue;
        warning({}, QStringLiteral("%1 rows of iperf's -y C layout %2: columns not read: %3%4")
                        .arg(seen.rows)
                        .arg(QLatin1String(csvLayouts()[seen.layout].what))
                        .arg(seen.unread.join(QStringLiteral(", ")))
                        .arg(unreadNote(seen.unread)));
    }
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
