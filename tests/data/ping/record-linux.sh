#!/usr/bin/env bash
# record-linux.sh - record real Linux iputils ping output for the parser golden tests.
#
# Everything happens inside network namespaces this script creates (all named wbtest-rl-*),
# with addresses only from the benchmarking ranges 198.18.0.0/15 (RFC 2544) and
# 2001:2::/48 (RFC 5180), plus loopback inside a namespace. Nothing touches the host's
# own interfaces, routes or firewall.
#
#   wbtest-rl-cli  198.18.1.1   2001:2::1 --+
#   wbtest-rl-r1   198.18.1.2   2001:2::2 --+-- bridge in wbtest-rl-sw (the "switch")
#   wbtest-rl-r2   198.18.1.3             --+
#   wbtest-rl-rt   198.18.1.254           --+   router, ip_forward=1
#                  198.18.2.1 ----veth---- wbtest-rl-far 198.18.2.2
#
# r1 and r2 answer broadcast pings (icmp_echo_ignore_broadcasts=0), so a ping -b to
# 198.18.1.255 gets two replies per request, one of them a duplicate. iputils 20221126 marks
# duplicates of a broadcast or multicast ping with (DUP!) only under -v, so for a marked
# duplicate the client also clones its unicast echo requests with iptables TEE: r1 gets each
# request twice and answers both. 198.18.1.99 is on the subnet but unused, so ARP fails and
# the client reports Destination Host Unreachable. ping -t 1 to 198.18.2.2 dies at the
# router: Time to live exceeded.
#
# Output (next to this script, stdout and stderr of ping as a terminal shows them):
#   iputils_plain.txt iputils_D.txt iputils_O_loss.txt iputils_dup.txt iputils_broadcast.txt
#   iputils_unreachable.txt iputils_ttl_exceeded.txt iputils_quiet.txt iputils_ipv6.txt
#   iputils_ipv6_loopback.txt iputils_interrupted.txt iputils_truncated.txt
#
# Usage: sudo tests/data/ping/record-linux.sh   (re-runnable; cleans up via trap)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-linux.sh "network namespaces, iptables"

OUT_DIR=${OUT_DIR:-$HERE}
export LC_ALL=C # ping's number format must not depend on the recording machine

NS_CLI=wbtest-rl-cli
NS_R1=wbtest-rl-r1
NS_R2=wbtest-rl-r2
NS_RT=wbtest-rl-rt
NS_FAR=wbtest-rl-far
NS_SW=wbtest-rl-sw
ALL_NS=("$NS_CLI" "$NS_R1" "$NS_R2" "$NS_RT" "$NS_FAR" "$NS_SW")

log() { echo "[record-linux] $*" >&2; }
in_ns() { local ns=$1; shift; ip netns exec "$ns" "$@"; }

netns_on_exit netns_remove "${ALL_NS[@]}"

# Attaches namespace $1 to the switch bridge through a veth pair named eth0 / p-$2.
plug() {
    local ns=$1 port=p-$2
    ip link add name eth0 netns "$ns" type veth peer name "$port" netns "$NS_SW"
    in_ns "$NS_SW" ip link set "$port" master br0 up
    in_ns "$ns" ip link set eth0 up
}

setup() {
    netns_add "${ALL_NS[@]}"
    in_ns "$NS_SW" ip link add br0 type bridge
    in_ns "$NS_SW" ip link set br0 up
    plug "$NS_CLI" cli
    plug "$NS_R1" r1
    plug "$NS_R2" r2
    plug "$NS_RT" rt

    # nodad: the v6 addresses are usable at once instead of after duplicate detection.
    in_ns "$NS_CLI" ip addr add 198.18.1.1/24 dev eth0
    in_ns "$NS_CLI" ip addr add 2001:2::1/64 dev eth0 nodad
    in_ns "$NS_CLI" ip route add 198.18.2.0/24 via 198.18.1.254
    in_ns "$NS_R1" ip addr add 198.18.1.2/24 dev eth0
    in_ns "$NS_R1" ip addr add 2001:2::2/64 dev eth0 nodad
    in_ns "$NS_R2" ip addr add 198.18.1.3/24 dev eth0
    in_ns "$NS_RT" ip addr add 198.18.1.254/24 dev eth0
    local ns
    for ns in "$NS_R1" "$NS_R2"; do
        in_ns "$ns" sysctl -qw net.ipv4.icmp_echo_ignore_broadcasts=0
    done

    netns_veth "$NS_RT" 198.18.2.1/24 "$NS_FAR" 198.18.2.2/24 eth1 eth0
    in_ns "$NS_RT" sysctl -qw net.ipv4.ip_forward=1
    # Every probe with -t 1 must produce its Time-exceeded message, not just a burst.
    in_ns "$NS_RT" sysctl -qw net.ipv4.icmp_ratelimit=0
    in_ns "$NS_FAR" ip route add default via 198.18.2.1

    # Warm up ARP/ND so the first recorded reply is not slower than the rest.
    in_ns "$NS_CLI" ping -c 1 -W 2 198.18.1.2 >/dev/null
    in_ns "$NS_CLI" ping -c 1 -W 2 198.18.1.3 >/dev/null
    in_ns "$NS_CLI" ping -6 -c 1 -W 2 2001:2::2 >/dev/null
    in_ns "$NS_CLI" ping -c 1 -W 2 198.18.2.2 >/dev/null
}

# record FILE NAMESPACE PING-ARGS... : runs ping in the namespace and keeps what it printed.
# ping exits non-zero on loss, which is exactly what some recordings are about.
record() {
    local file=$1 ns=$2
    shift 2
    log "$file: $*"
    in_ns "$ns" "$@" >"$OUT_DIR/$file" 2>&1 || true
}

# A drop rule on r1 that loses about 30 % of the echo requests at random.
DROP_RULE=(INPUT -p icmp --icmp-type echo-request -m statistic --mode random
           --probability 0.3 -j DROP)

record_loss() {
    in_ns "$NS_R1" iptables -A "${DROP_RULE[@]}"
    # Random drops: retry the (rare) run in which nothing was lost.
    local attempt
    for attempt in 1 2 3 4 5; do
        record iputils_O_loss.txt "$NS_CLI" ping -O -c 20 -i 0.2 198.18.1.2
        grep -q 'no answer yet' "$OUT_DIR/iputils_O_loss.txt" && break
        log "attempt $attempt lost nothing; again"
    done
    in_ns "$NS_R1" iptables -D "${DROP_RULE[@]}"
}

# Every echo request to r1 leaves the client twice, so each is answered twice.
TEE_RULE=(POSTROUTING -p icmp --icmp-type echo-request -d 198.18.1.2 -j TEE
          --gateway 198.18.1.2)

record_dup() {
    in_ns "$NS_CLI" iptables -t mangle -A "${TEE_RULE[@]}"
    record iputils_dup.txt "$NS_CLI" ping -c 6 -i 0.2 198.18.1.2
    in_ns "$NS_CLI" iptables -t mangle -D "${TEE_RULE[@]}"
}

main() {
    setup
    record iputils_plain.txt "$NS_CLI" ping -c 10 -i 0.2 198.18.1.2
    record iputils_D.txt "$NS_CLI" ping -D -c 10 -i 0.2 198.18.1.2
    record_loss
    record_dup
    record iputils_broadcast.txt "$NS_CLI" ping -b -c 5 -i 0.2 198.18.1.255
    record iputils_unreachable.txt "$NS_CLI" ping -c 6 -i 0.5 198.18.1.99
    record iputils_ttl_exceeded.txt "$NS_CLI" ping -c 4 -i 0.2 -t 1 198.18.2.2
    record iputils_quiet.txt "$NS_CLI" ping -q -c 10 -i 0.2 198.18.1.2
    record iputils_ipv6.txt "$NS_CLI" ping -6 -c 10 -i 0.2 2001:2::2
    record iputils_ipv6_loopback.txt "$NS_CLI" ping -6 -c 5 -i 0.2 ::1
    # Interrupted like a user's Ctrl-C while ARP for the unused address keeps failing: the
    # summary then has "+N errors" and counts only what was sent before the signal.
    record iputils_interrupted.txt "$NS_CLI" timeout -s INT 5 ping -i 0.2 198.18.1.99
    # A log whose writer died before the summary: header and the first seven replies.
    head -n 8 "$OUT_DIR/iputils_plain.txt" >"$OUT_DIR/iputils_truncated.txt"
    log "done; files are in $OUT_DIR"
}

main "$@"
