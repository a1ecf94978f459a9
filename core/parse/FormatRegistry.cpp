#include "FormatRegistry.h"

#include "FlentParser.h"
#include "FpingParser.h"
#include "HpingParser.h"
#include "Iperf2CsvParser.h"
#include "Iperf2TextParser.h"
#include "Iperf3JsonParser.h"
#include "Iperf3TextParser.h"
#include "IrttParser.h"
#include "PingDialects.h"
#include "SsTcpInfoParser.h"
#include "WindowsPingParser.h"

namespace wb {

namespace {
template <typename Parser> std::unique_ptr<LogParser> make() {
    return std::make_unique<Parser>();
}
} // namespace

const std::vector<FormatEntry>& FormatRegistry::formats() {
    using K = Dataset::Kind;
    static const std::vector<FormatEntry> table = {
        {"ping/iputils", "ping", "iputils", "Linux iputils ping", "Linux iputils ping/ping6",
         "PING 198.18.0.208 (198.18.0.208) 56(84) bytes of data.\n"
         "64 bytes from 198.18.0.208: icmp_seq=1 ttl=64 time=0.039 ms",
         K::Latency, &IputilsPingParser::sniff, &make<IputilsPingParser>},
        {"ping/busybox", "ping", "busybox", "BusyBox ping", "BusyBox ping",
         "PING 198.51.100.23 (198.51.100.23): 56 data bytes\n"
         "64 bytes from 198.51.100.23: seq=0 ttl=61 time=4.218 ms",
         K::Latency, &BusyBoxPingParser::sniff, &make<BusyBoxPingParser>},
        {"ping/bsd", "ping", "bsd", "BSD/macOS ping", "macOS / FreeBSD ping and ping6",
         "PING example.net (192.0.2.150): 56 data bytes\n"
         "64 bytes from 192.0.2.150: icmp_seq=0 ttl=55 time=22.871 ms",
         K::Latency, &BsdPingParser::sniff, &make<BsdPingParser>},
        {"ping/windows", "ping", "windows", "Windows ping", "Windows ping (any display language)",
         "Pinging 198.18.20.2 with 32 bytes of data:\n"
         "Reply from 198.18.20.2: bytes=32 time<1ms TTL=128",
         K::Latency, &WindowsPingParser::sniff, &make<WindowsPingParser>},
        {"fping", "fping", "fping", "fping", "fping (per-reply lines, -C, -D)",
         "192.0.2.10 : [0], 64 bytes, 0.412 ms (0.412 avg, 0% loss)\n"
         "192.0.2.10 : [2], timed out (0.400 avg, 33% loss)",
         K::Latency, &FpingParser::sniff, &make<FpingParser>},
        {"hping3", "hping3", "hping3", "hping3", "hping3 (ICMP, TCP or UDP mode)",
         "HPING 198.18.5.2 (wbh0 198.18.5.2): icmp mode set, 28 headers + 0 data bytes\n"
         "len=28 ip=198.18.5.2 ttl=64 id=17265 icmp_seq=0 rtt=3.0 ms",
         K::Latency, &HpingParser::sniff, &make<HpingParser>},
        {"irtt/json", "irtt", "json", "irtt JSON",
         "irtt client -o JSON (RTT, one-way delays, IPDV)",
         "{\n    \"version\": {\n        \"irtt\": \"0.9.0\",\n        \"protocol\": 1,\n"
         "        \"json_format\": 1",
         K::Latency, &IrttJsonParser::sniff, &make<IrttJsonParser>},
        {"irtt/text", "irtt", "text", "irtt text", "irtt client text output",
         "seq=0 rtt=90.3µs rd=36.3µs sd=54µs ipdv=n/a\n"
         "seq=2 rtt=130µs rd=31µs sd=99.2µs ipdv=n/a",
         K::Latency, &IrttTextParser::sniff, &make<IrttTextParser>},
        {"iperf3/text", "iperf3", "text", "iperf3 text", "iperf3 text output (client or server)",
         "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
         "[  5]   0.00-1.00   sec  2.57 MBytes  21.5 Mbits/sec   21   69.3 KBytes",
         K::Throughput, &Iperf3TextParser::sniff, &make<Iperf3TextParser>},
        {"iperf3/json", "iperf3", "json", "iperf3 JSON", "iperf3 -J JSON and --json-stream",
         "{\n\t\"start\":\t{\n\t\t\"connected\":\t[{\n\t\t\t\t\"socket\":\t5,", K::Throughput,
         &Iperf3JsonParser::sniff, &make<Iperf3JsonParser>},
        {"iperf2/text", "iperf", "text", "iperf2 text",
         "iperf 2 text output (2.0.x, 2.1.x, emulab-iperf)",
         "[  3] local 10.10.2.1 port 53755 connected with 10.10.1.1 port 5001\n"
         "[  3]  0.0-60.0 sec    674 MBytes  94.2 Mbits/sec",
         K::Throughput, &Iperf2TextParser::sniff, &make<Iperf2TextParser>},
        {"iperf2/csv", "iperf", "csv", "iperf2 CSV", "iperf 2 -y C reports",
         "20261130001943,198.18.3.1,59052,198.18.3.2,5001,1,0.0-1.0,122010,976080,3.890,38,121,"
         "31.405,0\n20261130001944,198.18.3.1,59052,198.18.3.2,5001,1,1.0-2.0,122010,976080,"
         "3.911,45,128,35.156,0",
         K::Throughput, &Iperf2CsvParser::sniff, &make<Iperf2CsvParser>},
        {"flent", "flent", "flent", "Flent",
         "Flent data files (.flent, .flent.gz; format versions 1 to 4)",
         "{\n  \"metadata\": {\n    \"FLENT_VERSION\": \"2.1.1\",\n    \"NAME\": \"rrul\",",
         K::Latency, &FlentParser::sniff, &make<FlentParser>},
        {"ss/tcp-info", "ss", "tcp-info", "ss", "ss -ti samples: TCP state per connection",
         "ESTAB 28     734136    198.18.2.1:37768   198.18.1.1:5001\n"
         "\t cubic wscale:10,10 rto:228 rtt:24.362/0.09 mss:1448 cwnd:201 bytes_acked:119594725 "
         "send 95574419bps",
         K::Throughput, &SsTcpInfoParser::sniff, &make<SsTcpInfoParser>},
    };
    return table;
}

const FormatEntry* FormatRegistry::detect(std::string_view head) {
    head = head.substr(0, kSniffBytes);
    const FormatEntry* best = nullptr;
    int bestScore = 0;
    for (const FormatEntry& entry : formats()) {
        const int score = entry.sniff(head);
        if (score > bestScore) {
            bestScore = score;
            best = &entry;
        }
    }
    return best;
}

std::string FormatRegistry::names() {
    std::string list;
    const auto& all = formats();
    for (std::size_t i = 0; i < all.size(); ++i)
        list += (i == 0 ? "" : i + 1 == all.size() ? " and " : ", ") + std::string(all[i].name);
    return list;
}

const FormatEntry* FormatRegistry::find(std::string_view id) {
    for (const FormatEntry& entry : formats()) {
        if (id == entry.id)
            return &entry;
    }
    return nullptr;
}

} // namespace wb
