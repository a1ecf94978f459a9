#include "FormatRegistry.h"

#include "FpingParser.h"
#include "HpingParser.h"
#include "Iperf2CsvParser.h"
#include "Iperf2TextParser.h"
#include "Iperf3JsonParser.h"
#include "Iperf3TextParser.h"
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
        {"ping/iputils", "ping", "iputils", "Linux iputils ping/ping6", K::Latency,
         &IputilsPingParser::sniff, &make<IputilsPingParser>},
        {"ping/busybox", "ping", "busybox", "BusyBox ping", K::Latency, &BusyBoxPingParser::sniff,
         &make<BusyBoxPingParser>},
        {"ping/bsd", "ping", "bsd", "macOS / FreeBSD ping and ping6", K::Latency,
         &BsdPingParser::sniff, &make<BsdPingParser>},
        {"ping/windows", "ping", "windows", "Windows ping (any display language)", K::Latency,
         &WindowsPingParser::sniff, &make<WindowsPingParser>},
        {"fping", "fping", "fping", "fping (per-reply lines, -C, -D)", K::Latency,
         &FpingParser::sniff, &make<FpingParser>},
        {"hping3", "hping3", "hping3", "hping3 (ICMP, TCP or UDP mode)", K::Latency,
         &HpingParser::sniff, &make<HpingParser>},
        {"iperf3/text", "iperf3", "text", "iperf3 text output (client or server)", K::Throughput,
         &Iperf3TextParser::sniff, &make<Iperf3TextParser>},
        {"iperf3/json", "iperf3", "json", "iperf3 -J JSON and --json-stream", K::Throughput,
         &Iperf3JsonParser::sniff, &make<Iperf3JsonParser>},
        {"iperf2/text", "iperf", "text", "iperf 2 text output (2.0.x, 2.1.x, emulab-iperf)",
         K::Throughput, &Iperf2TextParser::sniff, &make<Iperf2TextParser>},
        {"iperf2/csv", "iperf", "csv", "iperf 2 -y C reports", K::Throughput,
         &Iperf2CsvParser::sniff, &make<Iperf2CsvParser>},
        {"ss/tcp-info", "ss", "tcp-info", "ss -ti samples: TCP state per connection", K::Throughput,
         &SsTcpInfoParser::sniff, &make<SsTcpInfoParser>},
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

const FormatEntry* FormatRegistry::find(std::string_view id) {
    for (const FormatEntry& entry : formats()) {
        if (id == entry.id)
            return &entry;
    }
    return nullptr;
}

} // namespace wb
