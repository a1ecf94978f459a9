#include "SsTcpInfoParser.h"

#include "TextScan.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace wb {

using namespace scan;

namespace {

// As the iperf parsers name a connection's end: "198.18.2.1 port 50228".
QString endpointText(const std::string& address, const std::string& port) {
    return qStringOf(address) + QStringLiteral(" port ") + qStringOf(port);
}

// "198.18.2.1:50228", "[::1]:5201" as ss prints them.
std::string endpointKey(const std::string& address, const std::string& port) {
    const bool v6 = address.find(':') != std::string::npos;
    return (v6 ? "[" + address + "]" : address) + ":" + port;
}

// "198.18.2.1:50228-198.18.1.1:5201": the connection's local and peer ends as ss prints them.
std::string keyOf(const ss::SocketLine& line) {
    return endpointKey(line.localAddress, line.localPort) + '-' +
           endpointKey(line.peerAddress, line.peerPort);
}

// States whose sockets have no tcp_info, so no info line follows theirs.
bool hasNoInfo(const std::string& state) {
    return state == "TIME-WAIT" || state == "SYN-RECV";
}

// A prefix's time (seconds as a double, to the microsecond that `ts` prints) as ss's clock.
ss::EpochTime epochTimeOf(double seconds) {
    ss::EpochTime time;
    time.seconds = static_cast<std::int64_t>(std::floor(seconds));
    const auto micro =
        static_cast<std::int64_t>(std::llround((seconds - double(time.seconds)) * 1e6));
    time.seconds += micro / 1000000;
    time.nanoseconds = (micro % 1000000) * 1000;
    return time;
}

template <typename T> CompactOptional<T> compact(const std::optional<T>& value) {
    return CompactOptional<T>(value);
}

// The counters that only grow while a connection lives: one that shrinks is a new connection
// on the same addresses and ports.
bool countersShrank(const ss::TcpInfo& before, const ss::TcpInfo& now) {
    const auto shrank = [](const std::optional<std::int64_t>& a,
                           const std::optional<std::int64_t>& b) { return a && b && *b < *a; };
    return shrank(before.bytesAcked, now.bytesAcked) ||
           shrank(before.bytesReceived, now.bytesReceived) || shrank(before.segsOut, now.segsOut);
}

} // namespace

SsTcpInfoParser::SsTcpInfoParser() {
    dataset().kind = Dataset::Kind::Throughput;
    dataset().info.tool = QStringLiteral("ss");
    dataset().info.dialect = QStringLiteral("tcp-info");
    dataset().info.protocol = QStringLiteral("tcp");
}

int SsTcpInfoParser::sniff(std::string_view head) {
    int score = 0;
    if (contains(head, "Local Address:Port") && contains(head, "Peer Address:Port") &&
        contains(head, "Recv-Q"))
        score += 30;
    if (contains(head, " rtt:") && contains(head, " cwnd:") && contains(head, " mss:") &&
        (contains(head, "ESTAB ") || contains(head, "\n\t")))
        score += 40;
    return score;
}

void SsTcpInfoParser::parseLine(std::string_view rawLine) {
    if (trimmed(rawLine).empty())
        return;
    // A `date +%s.%N` line, read to the nanosecond.
    if (!isSpaceOrTab(rawLine.front())) {
        if (const auto time = ss::readTimeLine(trimmed(rawLine))) {
            flushPending();
            m_lastCommitted.reset();
            m_lineElapsedSum = std::nan(""); // a time line, no prefix
            startSample(time, rawLine);
            return;
        }
    }
    // Any other time in front of the line (`ss -tin | ts '%.s'`) or on a line of its own (a
    // `date` line in another format) dates the sample the line begins.
    const LinePrefixReader::Line prefixed = m_prefix.read(rawLine);
    const std::string_view line = prefixed.text;
    const std::string_view body = trimmed(line);
    std::optional<ss::EpochTime> prefixTime;
    if (!std::isnan(prefixed.time)) {
        prefixTime = epochTimeOf(prefixed.time);
        m_prefixedTimes = m_prefixedTimes || !body.empty();
    }
    m_lineElapsedSum = prefixed.elapsedSum;
    if (prefixed.framing) {
        ignoreLine();
        return;
    }
    if (body.empty()) {
        m_otherTimeLines = true;
        flushPending();
        m_lastCommitted.reset();
        startSample(prefixTime, rawLine, prefixed.dated);
        return;
    }
    if (isSpaceOrTab(line.front())) {
        readInfoLine(rawLine, body);
        return;
    }
    flushPending();
    m_lastCommitted.reset();
    if (ss::isHeader(body)) {
        if (m_sampleX.empty() || m_sampleClosed || m_sampleHasHeader || m_sampleHasSockets)
            startSample(prefixTime, rawLine, prefixed.dated);
        m_sampleHasHeader = true;
        return;
    }
    if (startsWith(body, "==") || startsWith(body, "#")) { // a comment between samples
        m_sampleClosed = true;
        return;
    }
    std::string_view rest;
    if (const auto socket = ss::readSocketLine(body, &rest)) {
        const std::string key = keyOf(*socket);
        if (m_sampleX.empty() || m_sampleClosed) {
            startSample(prefixTime, rawLine, prefixed.dated);
        } else if (m_sampleKeys.count(key)) {
            // One host has one socket of these addresses and ports at a time: the next
            // sample began without a time or header line (ss -H).
            startSample(prefixTime, rawLine, prefixed.dated);
            warning(rawLine, QStringLiteral("a socket seen twice without a time or header line "
                                            "between: a new sample begins here"));
        }
        m_sampleKeys.insert(key);
        m_sampleHasSockets = true;
        readSocketLine(rawLine, *socket, rest);
        return;
    }
    ignoreLine();
}

void SsTcpInfoParser::startSample(std::optional<ss::EpochTime> time, std::string_view line,
                                  bool dated) {
    if (m_clock == Clock::Unknown) {
        m_clock = time ? Clock::Dated : Clock::Numbered;
        if (time) {
            m_origin = *time;
            // A prefix without a year (ts's "Dec 06 14:24:08") or a bare clock still times
            // the samples, but names no date.
            if (dated)
                dataset().info.start = QDateTime::fromMSecsSinceEpoch(
                    time->seconds * 1000 + time->nanoseconds / 1000000, Qt::UTC);
        } else {
            warning(line, QStringLiteral("no time line (date +%s.%N) before the first sample: "
                                         "samples are numbered, times and throughput unknown"));
        }
    }
    const double previous = m_sampleX.empty() ? 0 : m_sampleX.back();
    double x = double(m_sampleX.size());
    if (m_clock == Clock::Dated) {
        if (time) {
            x = time->secondsSince(m_origin);
            if (x < previous)
                warning(line, QStringLiteral("the time steps back %1 s from the sample before")
                                  .arg(previous - x));
        } else {
            x = previous;
            warning(line, QStringLiteral("a sample without its time line: placed at the time "
                                         "of the sample before"));
        }
    } else if (time) {
        warning(line, QStringLiteral("a time line in a log whose first sample had none: the "
                                     "samples stay numbered"));
    }
    m_sampleX.push_back(x);
    m_sampleElapsedSums.push_back(std::exchange(m_lineElapsedSum, std::nan("")));
    m_sampleHasHeader = false;
    m_sampleHasSockets = false;
    m_sampleClosed = false;
    m_sampleKeys.clear();
}

void SsTcpInfoParser::readSocketLine(std::string_view line, const ss::SocketLine& socket,
                                     std::string_view rest) {
    ss::TcpInfo info;
    ss::readTcpInfo(rest, info); // ss -O prints the tcp_info fields on the socket line
    Pending at{socket, std::string(line), lineNumber()};
    if (info.read || hasNoInfo(socket.state)) {
        commit(at, std::move(info), line);
        return;
    }
    m_pending = std::move(at);
}

void SsTcpInfoParser::readInfoLine(std::string_view line, std::string_view body) {
    if (m_pending) {
        ss::TcpInfo info;
        ss::readTcpInfo(body, info);
        const Pending at = std::move(*m_pending);
        m_pending.reset();
        commit(at, std::move(info), line);
        return;
    }
    if (!m_lastCommitted) {
        ignoreLine();
        return;
    }
    // The rest of an info line wrapped onto this one.
    Socket& socket = m_sockets[*m_lastCommitted];
    const std::string unreadableBefore = socket.latest.unreadable;
    ss::readTcpInfo(body, socket.latest);
    if (socket.latest.unreadable != unreadableBefore)
        parseError(line, QStringLiteral("unreadable ss fields: %1")
                             .arg(qStringOf(socket.latest.unreadable.substr(std::min(
                                 unreadableBefore.size(), socket.latest.unreadable.size())))));
    applyLatest(socket);
}

void SsTcpInfoParser::flushPending() {
    if (!m_pending)
        return;
    const Pending pending = std::move(*m_pending);
    m_pending.reset();
    commit(pending, ss::TcpInfo(), pending.line);
}

void SsTcpInfoParser::commit(const Pending& at, ss::TcpInfo info, std::string_view current) {
    const ss::SocketLine& line = at.socket;
    countSample();
    if (!info.unreadable.empty())
        parseError(current,
                   QStringLiteral("unreadable ss fields: %1").arg(qStringOf(info.unreadable)));
    // ss prints retrans only once there were some.
    if (info.read && !info.retransmitsTotal)
        info.retransmitsTotal = 0;
    Socket& socket = seriesFor(line, info);
    if (socket.flow.intervals.empty()) {
        socket.firstLine = at.lineNumber;
        socket.firstText = at.line;
    }
    socket.flow.tcp.state = qStringOf(line.state);
    socket.listening = socket.listening || line.state == "LISTEN" || line.peerPort == "*";
    socket.flow.intervals.emplace_back();
    socket.flow.tcp.samples.emplace_back();
    if (socket.lastSample >= 0)
        socket.before = socket.latest;
    socket.latest = std::move(info);
    socket.lastSample = std::int64_t(m_sampleX.size()) - 1;
    m_lastCommitted = std::size_t(&socket - m_sockets.data());
    applyLatest(socket);
}

SsTcpInfoParser::Socket& SsTcpInfoParser::seriesFor(const ss::SocketLine& line,
                                                    const ss::TcpInfo& info) {
    const std::string key = keyOf(line);
    const std::int64_t sample = std::int64_t(m_sampleX.size()) - 1;
    if (const auto it = m_latestSeries.find(key); it != m_latestSeries.end()) {
        Socket& known = m_sockets[it->second];
        const bool closed =
            known.flow.tcp.state == QLatin1String("TIME-WAIT") && line.state != "TIME-WAIT";
        if (!closed && !countersShrank(known.latest, info))
            return known;
    }
    const int number = ++m_seriesCount[key];
    Socket socket;
    socket.key = key;
    socket.flow.id = qStringOf(key) + (number > 1 ? QStringLiteral("#%1").arg(number) : QString());
    socket.flow.localAddress = endpointText(line.localAddress, line.localPort);
    socket.flow.remoteAddress = endpointText(line.peerAddress, line.peerPort);
    socket.firstInLog = sample == 0;
    m_latestSeries[key] = m_sockets.size();
    m_sockets.push_back(std::move(socket));
    return m_sockets.back();
}

// `ts -i` prefixes (LinePrefixReader::incremental) are the time since the line before: each
// sample's time is their sum up to its first line. The reader knows it only once the values
// fell back, so the samples before are timed again here, with their intervals' rates.
void SsTcpInfoParser::resolveIncrementalTimes() {
    if (!m_prefix.incremental() || m_clock != Clock::Dated ||
        m_sampleElapsedSums.size() != m_sampleX.size() ||
        std::any_of(m_sampleElapsedSums.begin(), m_sampleElapsedSums.end(),
                    [](double sum) { return std::isnan(sum); }))
        return;
    for (std::size_t i = 0; i < m_sampleX.size(); ++i)
        m_sampleX[i] = m_sampleElapsedSums[i] - m_sampleElapsedSums.front();
    for (Socket& socket : m_sockets) {
        const auto& samples = socket.flow.tcp.samples;
        for (std::size_t i = 0; i < socket.flow.intervals.size() && i < samples.size(); ++i) {
            FlowInterval& interval = socket.flow.intervals[i];
            const auto sample = std::size_t(samples[i].sample);
            const std::size_t previous =
                i == 0 ? (sample > 0 ? sample - 1 : 0) : std::size_t(samples[i - 1].sample);
            interval.start = m_sampleX[previous];
            interval.end = m_sampleX[sample];
            interval.bitsPerSecond = interval.end > interval.start
                                         ? interval.bytes * 8 / (interval.end - interval.start)
                                         : 0;
        }
    }
    warning({}, QStringLiteral("the times in front of the lines fall back, so they are the time "
                               "since the line before (ts -i): each sample's time is their sum "
                               "up to its first line, in seconds since the first sample (the "
                               "log names no date)"));
}

void SsTcpInfoParser::applyLatest(Socket& socket) {
    const ss::TcpInfo& now = socket.latest;
    const std::int64_t sample = socket.lastSample;
    FlowInterval& interval = socket.flow.intervals.back();
    const bool first = socket.flow.intervals.size() == 1;
    const std::size_t previousSample =
        first ? std::size_t(std::max<std::int64_t>(0, sample - 1))
              : std::size_t(socket.flow.tcp.samples[socket.flow.tcp.samples.size() - 2].sample);
    interval.start = m_sampleX[previousSample];
    interval.end = m_sampleX[std::size_t(sample)];
    interval.bytesExact = true;
    // A connection first seen after the log's first sample began after the sample before:
    // everything it counts happened in between. One seen in the first sample began earlier.
    const bool knownStart = !(first && socket.firstInLog);
    const std::optional<ss::TcpInfo> none;
    const std::optional<ss::TcpInfo>& before = first ? none : socket.before;
    const auto delta =
        [&](std::optional<std::int64_t> ss::TcpInfo::*field) -> std::optional<std::int64_t> {
        if (!(now.*field) || !knownStart)
            return std::nullopt;
        const std::int64_t base = before && (*before.*field) ? *(*before.*field) : 0;
        return *(now.*field) - base;
    };
    interval.bytes = double(delta(&ss::TcpInfo::bytesAcked).value_or(0));
    interval.retransmits = compact(delta(&ss::TcpInfo::retransmitsTotal));
    interval.bitsPerSecond = m_clock == Clock::Dated && interval.end > interval.start
                                 ? interval.bytes * 8 / (interval.end - interval.start)
                                 : 0;
    interval.cwndBytes = now.cwnd && now.mss
                             ? CompactOptional<double>(double(*now.cwnd) * double(*now.mss))
                             : CompactOptional<double>();
    interval.rttMs = compact(now.rttMs);

    TcpSocketSample& out = socket.flow.tcp.samples.back();
    out.sample = sample;
    out.cwndSegments = compact(now.cwnd);
    out.ssthreshSegments = compact(now.ssthresh);
    out.mssBytes = compact(now.mss);
    out.rttvarMs = compact(now.rttvarMs);
    out.retransmitsTotal = compact(now.retransmitsTotal);
    out.bytesAcked = compact(now.bytesAcked);
    out.bytesReceived = compact(now.bytesReceived);
    out.deliveryRateBitsPerSecond = compact(now.deliveryRate);
    out.pacingRateBitsPerSecond = compact(now.pacingRate);
    if (!now.congestionControl.empty())
        socket.flow.tcp.congestionControl = qStringOf(now.congestionControl);
    socket.mostBytes =
        std::max({socket.mostBytes, now.bytesAcked.value_or(0), now.bytesReceived.value_or(0)});
}

void SsTcpInfoParser::finishDatasets() {
    if (m_pending) {
        warningAt(m_pending->lineNumber, m_pending->line,
                  QStringLiteral("the log ends before this socket's tcp_info line: the socket "
                                 "line is not taken as a sample"));
        m_pending.reset();
    }
    resolveIncrementalTimes();
    Dataset& data = dataset();
    std::set<QString> controls;
    std::set<QString> targets;
    for (Socket& socket : m_sockets) {
        Flow& flow = socket.flow;
        const std::int64_t acked = socket.latest.bytesAcked.value_or(0);
        const std::int64_t received = socket.latest.bytesReceived.value_or(0);
        flow.direction = acked > received   ? QStringLiteral("send")
                         : received > acked ? QStringLiteral("receive")
                                            : QString();
        if (socket.listening || socket.mostBytes < kLittleData) {
            flow.tcp.note = socket.listening
                                ? QStringLiteral("listening")
                                : QStringLiteral("little data: under %1 bytes acknowledged and "
                                                 "received (an iperf3 control connection or an "
                                                 "idle one)")
                                      .arg(kLittleData);
            warningAt(socket.firstLine, socket.firstText,
                      flow.id + QStringLiteral(" is kept beside the flows, not counted: ") +
                          flow.tcp.note);
            data.flows.otherSockets.push_back(std::move(flow));
            continue;
        }
        if (m_clock != Clock::Dated) {
            // Without times a rate cannot be known: the bytes, over no known time.
            FlowInterval total;
            total.bytesExact = true;
            for (const FlowInterval& interval : flow.intervals)
                total.bytes += interval.bytes;
            flow.total = total;
        }
        if (!flow.tcp.congestionControl.isEmpty())
            controls.insert(flow.tcp.congestionControl);
        targets.insert(flow.remoteAddress.section(QLatin1Char(' '), 0, 0));
        data.flows.flows.push_back(std::move(flow));
    }
    m_sockets.clear();
    m_latestSeries.clear();
    RunInfo& info = data.info;
    info.streams = int(data.flows.flows.size());
    info.congestionControl = QStringList(controls.begin(), controls.end()).join(QLatin1Char(','));
    if (targets.size() == 1)
        info.target = *targets.begin();
    info.extra.insert(QStringLiteral("samples"), QString::number(m_sampleX.size()));
    info.extra.insert(QStringLiteral("clock"),
                      m_clock != Clock::Dated ? QStringLiteral("sample numbers")
                      : m_prefixedTimes && m_prefix.incremental()
                          ? QStringLiteral("time prefixes of the lines, summed (ts -i)")
                      : m_prefixedTimes && m_prefix.durations()
                          ? QStringLiteral("time prefixes of the lines, relative (no date)")
                      : m_prefixedTimes  ? QStringLiteral("time prefixes of the lines")
                      : m_otherTimeLines ? QStringLiteral("date lines")
                                         : QStringLiteral("date +%s.%N lines"));
}

} // namespace wb
