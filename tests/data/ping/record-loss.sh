#!/usr/bin/env bash
# record-loss.sh - record a real iputils ping log with random loss for tst_lossstructure.
#
# Two network namespaces this script creates (wbloss-cli, wbloss-srv) joined by one veth
# pair, with addresses only from the benchmarking range 198.18.0.0/15 (RFC 2544). The
# responder drops about 5 % of the echo requests at random (iptables statistic match), so the
# log has single losses and, now and then, bursts of consecutive ones at unknown places: the
# loss statistics must find them from the log alone. Nothing touches the host's own
# interfaces, routes or firewall.
#
#   wbloss-cli 198.18.3.1 ----veth---- wbloss-srv 198.18.3.2 (drops ~5 % of echo requests)
#
# ping runs with -O so every loss shows up as a "no answer yet" line (an independent record
# the test checks the burst figures against) and with -D so replies carry timestamps.
#
# Output: iputils_random_loss_5pct.txt next to this script (stdout and stderr of ping).
# Usage: sudo tests/data/ping/record-loss.sh   (re-runnable; cleans up via trap)
set -euo pipefail

if [[ ${EUID:-$(id -u)} -ne 0 ]]; then
    echo "record-loss.sh: must be run as root (network namespaces, iptables)" >&2
    exit 1
fi

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT_DIR=${OUT_DIR:-$HERE}
OUT_FILE=$OUT_DIR/iputils_random_loss_5pct.txt
export LC_ALL=C # ping's number format must not depend on the recording machine

NS_CLI=wbloss-cli
NS_SRV=wbloss-srv
ALL_NS=("$NS_CLI" "$NS_SRV")

log() { echo "[record-loss] $*" >&2; }
in_ns() { local ns=$1; shift; ip netns exec "$ns" "$@"; }

teardown() {
    local ns pid
    for ns in "${ALL_NS[@]}"; do
        if [[ -e /run/netns/$ns ]]; then
            for pid in $(ip netns pids "$ns" 2>/dev/null); do
                kill "$pid" 2>/dev/null || true
            done
            # Deleting a namespace also deletes its end of the veth, its rules and the peer.
            ip netns del "$ns" 2>/dev/null || true
        fi
    done
}
trap teardown EXIT INT TERM

setup() {
    teardown # leftovers of an interrupted earlier run of this script
    local ns
    for ns in "${ALL_NS[@]}"; do
        ip netns add "$ns"
        in_ns "$ns" ip link set lo up
    done
    ip link add name eth0 netns "$NS_CLI" type veth peer name eth0 netns "$NS_SRV"
    in_ns "$NS_CLI" ip addr add 198.18.3.1/24 dev eth0
    in_ns "$NS_SRV" ip addr add 198.18.3.2/24 dev eth0
    in_ns "$NS_CLI" ip link set eth0 up
    in_ns "$NS_SRV" ip link set eth0 up
    # Warm up ARP before the drop rule exists, so no loss in the log is ARP's doing.
    in_ns "$NS_CLI" ping -c 1 -W 2 198.18.3.2 >/dev/null
    in_ns "$NS_SRV" iptables -A INPUT -p icmp --icmp-type echo-request \
        -m statistic --mode random --probability 0.05 -j DROP
}

main() {
    setup
    # -i 0.01 needs root (it is); -W 1 keeps the wait for a lost last request short.
    # ping exits non-zero when it lost packets, which is the point of this recording.
    log "ping -D -O -i 0.01 -c 2000 -W 1 198.18.3.2 > $OUT_FILE"
    in_ns "$NS_CLI" ping -D -O -i 0.01 -c 2000 -W 1 198.18.3.2 >"$OUT_FILE" 2>&1 || true
    tail -n 4 "$OUT_FILE" >&2
}

main "$@"
