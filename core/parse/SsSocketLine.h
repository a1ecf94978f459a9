#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Reading the lines of `ss -ti` (iproute2): the socket line and the tcp_info line after it.
//   State  Recv-Q Send-Q   Local Address:Port  Peer Address:Port Process
//   ESTAB  0      257744      198.18.2.1:50228   198.18.1.1:5201 users:(("iperf3",pid=7,fd=5))
//   	 cubic wscale:10,10 rto:224 rtt:23.91/0.223 mss:1448 cwnd:25 ssthresh:25 bytes_acked:…
//   	 … send 12112087bps pacing_rate 27.9Mbps delivery_rate 15186528bps … retrans:5/152 …
// A Netid column comes first without -t, the State column is left out under a state filter,
// -e adds fields after the peer, -m a skmem:(…) field before the congestion control, -O puts
// the tcp_info fields on the socket line itself. Older ss versions print rates with a unit
// prefix (Kbps, Mbps, Gbps).
namespace wb::ss {

struct SocketLine {
    std::string state; // "ESTAB", "LISTEN", …; empty when a state filter left the column out
    std::string localAddress; // without IPv6 brackets: "198.18.2.1", "::1"
    std::string localPort;    // as printed: "50228", "*", or a service name without -n
    std::string peerAddress;
    std::string peerPort;
};

// The tcp_info fields Wirebench keeps; absent when the line did not print them.
struct TcpInfo {
    std::string congestionControl;
    std::optional<double> rttMs;
    std::optional<double> rttvarMs;
    std::optional<std::int64_t> mss;
    std::optional<std::int64_t> cwnd;
    std::optional<std::int64_t> ssthresh;
    std::optional<std::int64_t> bytesAcked;
    std::optional<std::int64_t> bytesReceived;
    std::optional<std::int64_t> segsOut;
    std::optional<std::int64_t> retransmitsTotal; // the total after "retrans:now/"
    std::optional<double> deliveryRate;           // bits per second
    std::optional<double> pacingRate;
    bool read = false;      // at least one tcp_info field was read
    std::string unreadable; // the fields Wirebench reads whose values did not read
};

// A socket line: its state, addresses and ports; `rest` gets what follows the peer (process,
// -e fields, the tcp_info fields of -O). nullopt when the line is not one.
std::optional<SocketLine> readSocketLine(std::string_view line, std::string_view* rest);

// ss's column header ("State Recv-Q Send-Q Local Address:Port …", "Netid State …", or
// "Recv-Q Send-Q …" under a state filter).
bool isHeader(std::string_view body);

// A wall-clock line as `date +%s.%N` prints it ("1764633228.123456789"; `date +%s` too), or
// as `date -Ins` and `date --rfc-3339=ns` do ("2026-12-01T21:16:03,123456789+00:00").
struct EpochTime {
    std::int64_t seconds = 0;
    std::int64_t nanoseconds = 0;
    // Seconds from `origin` to this time, exact to the nanosecond before the conversion.
    double secondsSince(const EpochTime& origin) const {
        return double(seconds - origin.seconds) + double(nanoseconds - origin.nanoseconds) * 1e-9;
    }
};
std::optional<EpochTime> readTimeLine(std::string_view body);

// Adds the tcp_info fields of `text` (a whole info line, a part of a wrapped one, or the rest
// of an -O socket line) to `info`.
void readTcpInfo(std::string_view text, TcpInfo& info);

// A rate as ss prints it: "95574419bps", "95.6Mbps", "1.2Kbps"; in bits per second.
std::optional<double> readRate(std::string_view word);

} // namespace wb::ss
