#include "FormatRegistry.h"

#include "FpingParser.h"
#include "PingDialects.h"
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
        {"ping/busybox", "ping", "busybox", "BusyBox ping", K::Latency,
         &BusyBoxPingParser::sniff, &make<BusyBoxPingParser>},
        {"ping/bsd", "ping", "bsd", "macOS / FreeBSD ping and ping6", K::Latency,
         &BsdPingParser::sniff, &make<BsdPingParser>},
        {"ping/windows", "ping", "windows", "Windows ping (any display language)", K::Latency,
         &WindowsPingParser::sniff, &make<WindowsPingParser>},
        {"fping", "fping", "fping", "fping (per-reply lines, -C, -D)", K::Latency,
         &FpingParser::sniff, &make<FpingParser>},
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
