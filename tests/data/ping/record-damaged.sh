#!/usr/bin/env bash
# record-damaged.sh - record real iputils ping logs with damaged echo replies (issue 36).
#
# Two network namespaces this script creates (wbdmg-cli, wbdmg-srv) joined by one veth pair,
# with addresses only from the benchmarking range 198.18.0.0/15 (RFC 2544). nftables rewrites
# bytes of a random fraction of the echo replies on their way back, in two ways:
#
#   wbdmg-cli 198.18.36.1 ----veth---- wbdmg-srv 198.18.36.2 (and 198.18.36.3)
#     ingress of eth0 (netdev):           output (ip):
#       1 in 10: data byte #44 := 0xee       1 in 10: data bytes #40 and #42 := 0x29 (one
#       at the link layer, checksum          up, one down: the one's-complement sum and so
#       left as it was (now wrong)           the checksum stay right)
#                                            1 in 10: source address := 198.18.36.3
#
# A reply whose data changed with its checksum still right is a "wrong data byte" reply to
# every iputils; one whose checksum is now wrong is a "(BAD CHECKSUM!)" reply only to iputils
# versions that check IPv4 checksums (s20180629 and 20240905 on; from 2019 to 20240117 the
# result of the check was not passed on, and such a reply reads as "wrong data byte" too);
# a reply from 198.18.36.3 is "(DIFFERENT ADDRESS!)". Which reply is damaged is random, so
# the logs have ok and damaged replies at unknown places.
#
# Output, next to this script (stdout and stderr of ping):
#   iputils_damaged.txt        the system's ping (iputils 20221126 on Debian 12)
#   iputils_bad_checksum.txt   $PING_CHECKSUM, an iputils >= 20240905 ping (built from its
#                              source: meson setup b -DUSE_CAP=false -DUSE_IDN=false
#                              -DUSE_GETTEXT=false -DBUILD_MANS=false; ninja -C b ping/ping);
#                              skipped when unset
# Usage: sudo PING_CHECKSUM=/path/to/ping tests/data/ping/record-damaged.sh
# (re-runnable; cleans up via trap; nothing touches the host's interfaces, routes or firewall)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-damaged.sh "network namespaces, nftables"

OUT_DIR=${OUT_DIR:-$HERE}
export LC_ALL=C # ping's number format must not depend on the recording machine

NS_CLI=wbdmg-cli
NS_SRV=wbdmg-srv

log() { echo "[record-damaged] $*" >&2; }
in_ns() { local ns=$1; shift; ip netns exec "$ns" "$@"; }

netns_on_exit netns_remove "$NS_CLI" "$NS_SRV"

setup() {
    netns_pair "$NS_CLI" 198.18.36.1/24 "$NS_SRV" 198.18.36.2/24
    in_ns "$NS_SRV" ip addr add 198.18.36.3/24 dev eth0
    # Warm up ARP before the rules exist, so that every reply can be damaged only by them.
    in_ns "$NS_CLI" ping -c 1 -W 2 198.18.36.2 >/dev/null
    # The responder's output. Data bytes #40 and #42 hold 0x28 and 0x2a (ping's pattern is
    # byte N = N) and are the high bytes of two 16-bit words: one up by one and one down by one
    # leave the ICMP checksum right. The address rewrite fixes up the IP header's checksum.
    # The offsets count from the ICMP header: 8 bytes of header, 16 of send time, then the
    # pattern (data byte #N is at byte 8 + N, bit 64 + 8 N).
    in_ns "$NS_SRV" nft -f - <<'EOF'
table ip wbdmg {
    chain out {
        type filter hook output priority 0; policy accept;
        icmp type echo-reply meta mark set numgen random mod 10
        icmp type echo-reply meta mark 0 @th,384,8 set 0x29 @th,400,8 set 0x29
        icmp type echo-reply meta mark 1 ip saddr set 198.18.36.3
    }
}
EOF
    # The client's ingress, before IP: a raw write at the link layer (14 bytes of Ethernet,
    # 20 of IP header) names no protocol, so nothing fixes up the ICMP checksum. The reply is
    # matched by raw bytes too (EtherType IPv4, protocol ICMP, type echo reply).
    in_ns "$NS_CLI" nft -f - <<'EOF'
table netdev wbdmg {
    chain in {
        type filter hook ingress device "eth0" priority 0; policy accept;
        @ll,96,16 0x0800 @ll,184,8 1 @ll,272,8 0 numgen random mod 10 0 @ll,688,8 set 0xee
    }
}
EOF
}

record() {
    local ping=$1 out=$2
    log "$ping -c 100 -i 0.02 -W 1 198.18.36.2 > $out"
    # ping exits non-zero when replies went missing, as damaged ones may count.
    in_ns "$NS_CLI" "$ping" -c 100 -i 0.02 -W 1 198.18.36.2 >"$out" 2>&1 || true
    tail -n 3 "$out" >&2
}

main() {
    setup
    record ping "$OUT_DIR/iputils_damaged.txt"
    if [[ -n ${PING_CHECKSUM:-} ]]; then
        "$PING_CHECKSUM" -V >&2
        record "$PING_CHECKSUM" "$OUT_DIR/iputils_bad_checksum.txt"
    fi
}

main "$@"
