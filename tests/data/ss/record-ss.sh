#!/usr/bin/env bash
# record-ss.sh - record `ss -tin` samples of real TCP flows for the ss/tcp-info parser tests
# (tests/parse/tst_ss.cpp), each beside the log of the iperf client whose flows it sampled.
#
# Two network namespaces joined by a veth pair; only addresses in 198.18.0.0/15 (RFC 2544):
#   wbss-srv 198.19.121.1/24 --veth-- 198.19.121.2/24 wbss-cli
# The sender's egress is a tbf bottleneck with a deep queue (RATE, LIMIT): the RTT grows with
# the queue, as under bufferbloat (this kernel has no netem for a base delay). Each run samples the
# sender's sockets every 0.1 s for a few seconds, as Wirebench's sampler writes STEM.ss.log
# (a `date +%s.%N` line before each `ss` output) or without the time lines.
#
# Output (next to this script): NAME.ss.log and NAME-client.txt per run below; the facts of
# the recording on stdout (SOURCES.md quotes them).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-ss.sh "network namespaces, tc"

OUT_DIR=${OUT_DIR:-$HERE}
RATE=${RATE:-10mbit}
LIMIT=${LIMIT:-150kb}
TIME=${TIME:-3}
NS_S=wbss-srv; NS_C=wbss-cli
IP_S=198.19.121.1; IP_C=198.19.121.2

log() { echo "[record-ss] $*"; }

netns_on_exit netns_remove "$NS_S" "$NS_C"

setup() {
    netns_pair "$NS_S" "$IP_S/24" "$NS_C" "$IP_C/24"
    ip netns exec "$NS_C" tc qdisc add dev eth0 root tbf rate "$RATE" burst 32kb limit "$LIMIT"
}

# sample DATED SS-ARGS... : print ss samples every 0.1 s until killed, each preceded by the
# time line when DATED is 1.
sample() {
    local dated=$1; shift
    while sleep 0.1; do
        if [[ $dated == 1 ]]; then date +%s.%N; fi
        ip netns exec "$NS_C" ss "$@"
    done
}

# record NAME DATED SERVER -- SS-ARGS -- CLIENT-ARGS: one test; the client's output goes to
# NAME-client.txt, the samples to NAME.ss.log.
record() {
    local name=$1 dated=$2 server=$3; shift 3
    local ss_args=() client_args=()
    [[ $1 == -- ]] && shift
    while [[ $1 != -- ]]; do ss_args+=("$1"); shift; done
    shift
    client_args=("$@")
    log "$name: ss ${ss_args[*]}; ${client_args[*]}"
    case "$server" in
    iperf3) ip netns exec "$NS_S" iperf3 -s -1 >/dev/null & ;;
    iperf) ip netns exec "$NS_S" iperf -s >/dev/null 2>&1 & ;;
    esac
    local server_pid=$!
    sleep 0.5
    sample "$dated" "${ss_args[@]}" >"$OUT_DIR/$name.ss.log" &
    local sampler=$!
    sleep 0.15
    ip netns exec "$NS_C" "${client_args[@]}" >"$OUT_DIR/$name-client.txt"
    sleep 0.25
    kill "$sampler"; wait "$sampler" 2>/dev/null || true
    kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true
}

setup
cd "$OUT_DIR"
# iperf3, two cubic flows; the samples as Wirebench's sampler writes them (time lines).
record iperf3-cubic-P2 1 iperf3 -- -tin dst "$IP_S" -- \
    iperf3 -c "$IP_S" -P 2 -t "$TIME" -C cubic
# iperf3, two reno flows; ss without the time lines.
record iperf3-reno-P2-undated 0 iperf3 -- -tin dst "$IP_S" -- \
    iperf3 -c "$IP_S" -P 2 -t "$TIME" -C reno
# iperf3, one bbr flow; ss -e -m (socket details and memory) with time lines.
record iperf3-bbr-em 1 iperf3 -- -tinem dst "$IP_S" -- \
    iperf3 -c "$IP_S" -t "$TIME" -C bbr
# iperf 2, two reno flows; ss -p (the Process column), filtered by port, with time lines.
record iperf2-reno-P2-process 1 iperf -- -tinp dport = :5001 -- \
    iperf -c "$IP_S" -P 2 -t "$TIME" -i 1 -Z reno
# iperf3 over IPv6 loopback inside the client namespace (no bottleneck), cubic, time lines.
ip netns exec "$NS_C" iperf3 -s -1 -B ::1 >/dev/null &
v6_server=$!
sleep 0.5
sample 1 -tin dst "[::1]" >"$OUT_DIR/iperf3-ipv6-loopback.ss.log" &
v6_sampler=$!
sleep 0.15
log "iperf3-ipv6-loopback"
ip netns exec "$NS_C" iperf3 -c ::1 -t 1 -C cubic -b 200M >"$OUT_DIR/iperf3-ipv6-loopback-client.txt"
sleep 0.25
kill "$v6_sampler"; wait "$v6_sampler" 2>/dev/null || true
wait "$v6_server" 2>/dev/null || true
# The recording's facts, for SOURCES.md.
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "kernel: $(uname -r)"
echo "ss: $(ss -V)"
echo "iperf3: $(iperf3 --version | head -1)"
echo "iperf: $(iperf --version 2>&1 | head -1)"
echo "bottleneck: tbf on $NS_C eth0 egress: rate $RATE burst 32kb limit $LIMIT"
log "done"
