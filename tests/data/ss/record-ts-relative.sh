#!/usr/bin/env bash
# record-ts-relative.sh - record logs whose lines moreutils `ts` prefixed with relative times
# (`ts -i`: the time since the line before; `ts -s`: since ts started), for the ss/tcp-info
# and iperf parser tests (tests/parse/tst_ss.cpp, tst_iperf2.cpp, tst_iperf3.cpp).
#
# Two network namespaces joined by a veth pair; only addresses in 198.18.0.0/15 (RFC 2544):
#   wbi22-srv 198.18.122.1/24 --veth-- 198.18.122.2/24 wbi22-cli
# The client's egress is a tbf bottleneck (RATE). One `ts` reads a whole sampling loop, so its
# -i and -s times run on across samples.
#
# Output: ../ss/ts-*.ss.log with ../ss/ts-*-client.txt (iperf3 beside the ss samples),
# ../iperf/ts-*-client.txt (iperf 2 text), ../iperf3/ts-*-client.txt (iperf3 text); with
# OUT_DIR set, in its subfolders ss, iperf and iperf3 instead (the names repeat across them).
# Needs moreutils (ts), iperf 2 and iperf3.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-ts-relative.sh "network namespaces, tc"

DATA=${OUT_DIR:-$(dirname "$HERE")}
mkdir -p "$DATA/ss" "$DATA/iperf" "$DATA/iperf3"
RATE=${RATE:-20mbit}
NS_S=wbi22-srv; NS_C=wbi22-cli
IP_S=198.18.122.1; IP_C=198.18.122.2

log() { echo "[record-ts-relative] $*"; }

netns_on_exit netns_remove "$NS_S" "$NS_C"

setup() {
    netns_pair "$NS_S" "$IP_S/24" "$NS_C" "$IP_C/24"
    ip netns exec "$NS_C" tc qdisc add dev eth0 root tbf rate "$RATE" burst 32kb limit 100kb
}

# ss_run NAME TS-ARGS...: ss -tin every 0.2 s through one `ts TS-ARGS` while iperf3 sends 2 s.
ss_run() {
    local name=$1
    shift
    log "ss/$name: ts $*"
    ip netns exec "$NS_S" iperf3 -s -1 >/dev/null &
    local server=$!
    sleep 0.5
    (while sleep 0.2; do ip netns exec "$NS_C" ss -tin dst "$IP_S"; done) |
        ts "$@" >"$DATA/ss/$name.ss.log" &
    local sampler=$!
    sleep 0.3
    ip netns exec "$NS_C" iperf3 -c "$IP_S" -t 2 -C cubic >"$DATA/ss/$name-client.txt"
    sleep 0.3
    kill -- -"$(ps -o pgid= "$sampler" | tr -d ' ')" 2>/dev/null || kill "$sampler" 2>/dev/null || true
    wait "$sampler" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
}

# iperf2_run NAME TS-ARGS...: an iperf 2 client's -i 1 text through `ts TS-ARGS`.
iperf2_run() {
    local name=$1
    shift
    log "iperf/$name: ts $*"
    ip netns exec "$NS_S" iperf -s >/dev/null 2>&1 &
    local server=$!
    sleep 0.5
    ip netns exec "$NS_C" iperf -c "$IP_S" -t 3 -i 1 | ts "$@" >"$DATA/iperf/$name-client.txt"
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
}

# iperf3_run NAME TS-ARGS...: an iperf3 client's text through `ts TS-ARGS`.
iperf3_run() {
    local name=$1
    shift
    log "iperf3/$name: ts $*"
    ip netns exec "$NS_S" iperf3 -s -1 >/dev/null &
    local server=$!
    sleep 0.5
    ip netns exec "$NS_C" iperf3 -c "$IP_S" -t 3 | ts "$@" >"$DATA/iperf3/$name-client.txt"
    wait "$server" 2>/dev/null || true
}

setup
set -m # each background job its own process group, so the sampling loop ends with its ts
ss_run ts-i-frac -i '%.s'
ss_run ts-s-frac -s '%.s'
ss_run ts-i-clock -i '%.T'
iperf2_run ts-i-frac -i '%.s'
iperf2_run ts-s-default -s
iperf3_run ts-i-frac -i '%.s'
iperf3_run ts-s-frac -s '%.s'
log "ts: $(dpkg-query -W -f='moreutils ${Version}' moreutils 2>/dev/null || echo unknown)," \
    "$(iperf -v 2>&1 | head -1), $(iperf3 -v | head -1), kernel $(uname -r)"
