#pragma once

#include "UnixPingParser.h"

#include <string_view>

namespace wb {

// Linux iputils ping and ping6 (icmp_seq= or the older icmp_req=, -D, -O, (DUP!), -q).
class IputilsPingParser : public UnixPingParser {
public:
    IputilsPingParser();
    static int sniff(std::string_view head);
};

// BusyBox ping (seq=, "round-trip min/avg/max", counting from 0).
class BusyBoxPingParser : public UnixPingParser {
public:
    BusyBoxPingParser();
    static int sniff(std::string_view head);
};

// macOS and FreeBSD ping/ping6 ("round-trip min/avg/max/stddev", duplicates unmarked).
class BsdPingParser : public UnixPingParser {
public:
    BsdPingParser();
    static int sniff(std::string_view head);
};

} // namespace wb
