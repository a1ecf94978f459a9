#!/usr/bin/env bash
# record-ss-prefixed.sh - record `ss -tin` samples whose times are not Wirebench's own
# `date +%s.%N` lines, for the ss/tcp-info parser tests (tests/parse/tst_ss.cpp): each line
# prefixed by moreutils `ts` in three formats, and `date`'s default output between samples.
#
# Two network namespaces joined by a veth pair; only addresses in 198.18.0.0/15 (RFC 2544):
#   wbssts-srv 198.19.123.1/24 --veth-- 198.19.123.2/24 wbssts-cli
# The sender's egress is a tbf bottleneck (RATE). Each run samples the sender's sockets every
# 0.1 s (plus the time `ss` takes) while `iperf3 -c` sends for TIME seconds.
#
# Output (next to this script): NAME.ss.log and NAME-client.txt per run below; the facts of
# the recording on stdout (SOURCES.md quotes them). Needs moreutils (ts) and iperf3.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-ss-prefixed.sh "network namespaces, tc"

OUT_DIR=${OUT_DIR:-$HERE}
RATE=${RATE:-20mbit}
TIME=${TIME:-2}
NS_S=wbssts-srv; NS_C=wbssts-cli
IP_S=198.19.123.1; IP_C=198.19.123.2

log() { echo "[record-ss-prefixed] $*"; }

netns_on_exit netns_remove "$NS_S" "$NS_C"

setup() {
    netns_pair "$NS_S" "$IP_S/24" "$NS_C" "$IP_C/24"
    ip netns exec "$NS_C" tc qdisc add dev eth0 root tbf rate "$RATE" burst 32kb limit 100kb
}

# sample STYLE: ss samples every 0.1 s until killed, timed as STYLE says.
sample() {
    while sleep 0.1; do
        case "$1" in
        ts-epoch) ip netns exec "$NS_C" ss -tin dst "$IP_S" | ts '%.s' ;;
        ts-default) ip netns exec "$NS_C" ss -tin dst "$IP_S" | ts ;;
        ts-iso) ip netns exec "$NS_C" ss -tin dst "$IP_S" | ts '%Y-%m-%dT%H:%M:%.S' ;;
        date-default)
            date
            ip netns exec "$NS_C" ss -tin dst "$IP_S"
            ;;
        esac
    done
}

# record STYLE: one iperf3 test sampled in STYLE; NAME is prefixed-STYLE.
record() {
    local name=prefixed-$1
    log "$name"
    ip netns exec "$NS_S" iperf3 -s -1 >/dev/null &
    local server=$!
    sleep 0.5
    sample "$1" >"$OUT_DIR/$name.ss.log" &
    local sampler=$!
    sleep 0.15
    ip netns exec "$NS_C" iperf3 -c "$IP_S" -t "$TIME" -C cubic >"$OUT_DIR/$name-client.txt"
    sleep 0.25
    kill "$sampler"
    wait "$sampler" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
}

setup
for style in ts-epoch ts-default ts-iso date-default; do
    record "$style"
done
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "kernel: $(uname -r)"
echo "ss: $(ss -V)"
echo "ts: moreutils $(dpkg-query -W -f '${Version}' moreutils 2>/dev/null || echo unknown)"
echo "iperf3: $(iperf3 --version | head -1)"
echo "bottleneck: tbf on $NS_C eth0 egress: rate $RATE burst 32kb limit 100kb"
log "done"
