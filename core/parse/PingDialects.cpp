#include "PingDialects.h"

#include "TextScan.h"

namespace wb {

using scan::contains;

namespace {
bool hasUnixReply(std::string_view head) {
    return contains(head, " bytes from ") && contains(head, "time=");
}
bool hasPingHeaderOrSummary(std::string_view head) {
    return contains(head, "PING ") || contains(head, "PING6(") ||
           contains(head, "packets transmitted");
}
} // namespace

IputilsPingParser::IputilsPingParser() : UnixPingParser({"iputils", 1}) {}

int IputilsPingParser::sniff(std::string_view head) {
    int score = 0;
    if (contains(head, "bytes of data."))
        score += 10;
    if (hasUnixReply(head) && (contains(head, "icmp_seq=") || contains(head, "icmp_req=")))
        score += 5;
    if (contains(head, "no answer yet for icmp_seq="))
        score += 10;
    if (contains(head, "rtt min/avg/max/mdev"))
        score += 10;
    if (contains(head, " received, ") && !contains(head, "packets received"))
        score += 5;
    if (score == 0 && contains(head, "icmp_seq=") && contains(head, "Destination Host Unreachable"))
        score += 4; // "From X icmp_seq=1 Destination Host Unreachable"
    return score;
}

BusyBoxPingParser::BusyBoxPingParser() : UnixPingParser({"busybox", 0}) {}

int BusyBoxPingParser::sniff(std::string_view head) {
    int score = 0;
    if (hasUnixReply(head) && contains(head, ": seq=") && !contains(head, "icmp_seq="))
        score += 12;
    if (contains(head, "round-trip min/avg/max = "))
        score += 12;
    return hasPingHeaderOrSummary(head) || score >= 12 ? score : 0;
}

BsdPingParser::BsdPingParser() : UnixPingParser({"bsd", 0}) {}

int BsdPingParser::sniff(std::string_view head) {
    int score = 0;
    if (contains(head, "round-trip min/avg/max/stddev") ||
        contains(head, "round-trip min/avg/max/std-dev"))
        score += 20;
    if (contains(head, "PING6(") || contains(head, "Request timeout for icmp_seq"))
        score += 15;
    if (contains(head, "packets received") && contains(head, "packets transmitted") &&
        !contains(head, " seq=")) // BusyBox says "packets received" too, with seq=
        score += 8;
    if (hasUnixReply(head) && contains(head, "icmp_seq=") && contains(head, ": 56 data bytes"))
        score += 8;
    if (hasUnixReply(head) && contains(head, " hlim="))
        score += 6;
    return score;
}

} // namespace wb
