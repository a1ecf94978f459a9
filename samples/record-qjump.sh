#!/usr/bin/env bash
# record-qjump.sh - re-record the five ping/iperf configurations of QJump
# Table 1 (seed 000) inside Linux network namespaces.
#
# Topology (all addresses in 198.18.0.0/15, RFC 2544 benchmark range):
#
#   wbrec-h1 "201" 198.18.0.201 --veth--+
#   wbrec-h6 "206" 198.18.0.206 --veth--+-- bridge wbrec-br in namespace wbrec-sw
#   wbrec-h8 "208" 198.18.0.208 --veth--+   (the "switch")
#
# Shaping (tbf, netem is not available in this kernel):
#   * every host "NIC" egress (eth0 in wbrec-hN):  HOST_RATE  / HOST_BURST / HOST_LIMIT
#   * switch egress port towards 208 (p208 in wbrec-sw): SW_RATE / SW_BURST / SW_LIMIT
#   * switch egress ports towards 201 and 206: unshaped (veth line rate)
# The port towards 208 is the slower link, so a TCP flow *into* 208 queues in the
# switch (ingress port of 208), while a flow 201->206 queues in 201's own NIC
# egress (shared source host / egress port), as in the five QJump configurations.
#
# The receivers' TCP receive buffer is capped (RMEM_MAX) so the TCP windows fit into
# the switch queue: the queue builds (latency rises) but it never overflows, so
# ping loses nothing and every file has exactly 5000 replies.
#
# Output (next to this script):
#   ping18_np ping18_iperf16_np ping18_iperf68_np ping18_iperf18_np
#   ping18_iperf18_iperf68_np                 - raw "ping -i 0.001 -c 5000" output
#   qjump-iperf/<config>-client-<src>to<dst>.txt - iperf2 client logs
#   qjump-iperf/<config>-server-<dst>.txt        - iperf2 server logs
#   qjump-iperf/<config>-tc.txt                  - tc -s qdisc statistics after the run
#   qjump-iperf/params.txt                       - parameters of the recording
#
# Re-runnable: existing namespaces named wbrec-* of this script are removed first,
# and removed again on exit (trap).
set -euo pipefail

if [[ ${EUID:-$(id -u)} -ne 0 ]]; then
    echo "record-qjump.sh: must be run as root (network namespaces, tc)" >&2
    exit 1
fi

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT_DIR=${OUT_DIR:-$HERE}
IPERF_DIR=$OUT_DIR/qjump-iperf

# ---- parameters (final values; override from the environment for experiments) ----
HOST_RATE=${HOST_RATE:-1gbit}     # host NIC egress rate
HOST_BURST=${HOST_BURST:-128kb}
HOST_LIMIT=${HOST_LIMIT:-1mb}
SW_RATE=${SW_RATE:-500mbit}       # switch egress port towards 208
SW_BURST=${SW_BURST:-64kb}
SW_LIMIT=${SW_LIMIT:-2mb}
RMEM_MAX=${RMEM_MAX:-524288}      # tcp_rmem max in the hosts (caps TCP windows)
PING_COUNT=${PING_COUNT:-5000}
PING_INTERVAL=${PING_INTERVAL:-0.001}
IPERF_WARMUP=${IPERF_WARMUP:-3}   # seconds iperf runs before ping starts
# Congestion control of the iperf clients. cubic was the default of the seed's
# Ubuntu 12.04/14.04 hosts; here the default is bbr, and a non-init namespace may
# only make reno/bbr (tcp_allowed_congestion_control) its default, so cubic is
# selected per socket with iperf -Z (root may use any available algorithm).
CC=${CC:-cubic}

NS_SW=wbrec-sw
declare -A NS=([201]=wbrec-h1 [206]=wbrec-h6 [208]=wbrec-h8)
declare -A IP=([201]=198.18.0.201 [206]=198.18.0.206 [208]=198.18.0.208)
PREFIX_LEN=24
ALL_NS=("$NS_SW" wbrec-h1 wbrec-h6 wbrec-h8)

log() { echo "[record-qjump] $*"; }
run() { log "+ $*"; "$@"; }

# ---- namespace setup / teardown -------------------------------------------------
kill_ns_procs() {   # kill processes still running inside one of our namespaces
    local ns=$1 pid
    for pid in $(ip netns pids "$ns" 2>/dev/null); do
        kill "$pid" 2>/dev/null || true
    done
}

teardown() {
    local ns
    for ns in "${ALL_NS[@]}"; do
        if [[ -e /var/run/netns/$ns ]]; then
            kill_ns_procs "$ns"
            log "deleting namespace $ns"
            ip netns del "$ns" || true
        fi
    done
}

setup() {
    local h ns
    teardown
    log "creating switch namespace $NS_SW with bridge wbrec-br"
    run ip netns add "$NS_SW"
    run ip -n "$NS_SW" link set lo up
    run ip -n "$NS_SW" link add wbrec-br type bridge
    run ip -n "$NS_SW" link set wbrec-br up
    for h in 201 206 208; do
        ns=${NS[$h]}
        log "creating host $h = namespace $ns (${IP[$h]})"
        run ip netns add "$ns"
        run ip -n "$ns" link set lo up
        # veth pair created directly inside the namespaces: eth0 (host) <-> p$h (switch)
        run ip link add eth0 netns "$ns" type veth peer name "p$h" netns "$NS_SW"
        run ip -n "$ns" addr add "${IP[$h]}/$PREFIX_LEN" dev eth0
        run ip -n "$ns" link set eth0 up
        run ip -n "$NS_SW" link set "p$h" master wbrec-br
        run ip -n "$NS_SW" link set "p$h" up
        run ip netns exec "$ns" sysctl -q -w net.ipv4.tcp_rmem="4096 131072 $RMEM_MAX"
        # host NIC egress
        run ip netns exec "$ns" tc qdisc replace dev eth0 root tbf \
            rate "$HOST_RATE" burst "$HOST_BURST" limit "$HOST_LIMIT"
    done
    # switch egress port towards 208 = the bottleneck link
    run ip netns exec "$NS_SW" tc qdisc replace dev p208 root tbf \
        rate "$SW_RATE" burst "$SW_BURST" limit "$SW_LIMIT"
    # static neighbours are not needed; warm up ARP so the first ping is not special
    for h in 206 208; do
        ip netns exec "${NS[201]}" ping -q -c 2 -i 0.2 "${IP[$h]}" >/dev/null
        ip netns exec "${NS[$h]}" ping -q -c 2 -i 0.2 "${IP[201]}" >/dev/null
    done
    ip netns exec "${NS[206]}" ping -q -c 2 -i 0.2 "${IP[208]}" >/dev/null
}

trap 'rc=$?; log "cleaning up"; teardown; exit $rc' EXIT
trap 'exit 130' INT TERM

reset_qdisc_stats() {   # re-create the tbfs so every configuration starts from zero counters
    local h
    for h in 201 206 208; do
        ip netns exec "${NS[$h]}" tc qdisc del dev eth0 root 2>/dev/null || true
        ip netns exec "${NS[$h]}" tc qdisc add dev eth0 root tbf \
            rate "$HOST_RATE" burst "$HOST_BURST" limit "$HOST_LIMIT"
    done
    ip netns exec "$NS_SW" tc qdisc del dev p208 root 2>/dev/null || true
    ip netns exec "$NS_SW" tc qdisc add dev p208 root tbf \
        rate "$SW_RATE" burst "$SW_BURST" limit "$SW_LIMIT"
}

dump_qdisc_stats() {
    local h
    for h in 201 206 208; do
        echo "== host $h (${NS[$h]}) eth0 egress"
        ip netns exec "${NS[$h]}" tc -s qdisc show dev eth0
    done
    echo "== switch ($NS_SW) egress port p208 (towards 208)"
    ip netns exec "$NS_SW" tc -s qdisc show dev p208
}

# run_config NAME [SRC:DST ...]  - iperf flows SRC->DST while 201 pings 208
run_config() {
    local name=$1; shift
    local flows=("$@") f src dst
    local -a cpids=() spids=()
    local -A servers=()
    log "=== configuration $name: ping 201->208 ${flows[*]:+with iperf ${flows[*]}}"
    reset_qdisc_stats
    for f in "${flows[@]}"; do
        dst=${f#*:}
        [[ -n ${servers[$dst]:-} ]] && continue
        log "+ ip netns exec ${NS[$dst]} iperf -s -i 1 > qjump-iperf/$name-server-$dst.txt"
        ip netns exec "${NS[$dst]}" iperf -s -i 1 > "$IPERF_DIR/$name-server-$dst.txt" 2>&1 &
        servers[$dst]=$!
        spids+=("$!")
    done
    [[ ${#flows[@]} -gt 0 ]] && sleep 1
    for f in "${flows[@]}"; do
        src=${f%%:*}; dst=${f#*:}
        log "+ ip netns exec ${NS[$src]} iperf -c ${IP[$dst]} -t 9999 -i 1 -Z $CC > qjump-iperf/$name-client-${src}to${dst}.txt"
        ip netns exec "${NS[$src]}" iperf -c "${IP[$dst]}" -t 9999 -i 1 -Z "$CC" \
            > "$IPERF_DIR/$name-client-${src}to${dst}.txt" 2>&1 &
        cpids+=("$!")
    done
    if [[ ${#flows[@]} -gt 0 ]]; then
        log "letting iperf run ${IPERF_WARMUP}s before the ping"
        sleep "$IPERF_WARMUP"
    fi
    log "+ ip netns exec ${NS[201]} ping ${IP[208]} -i $PING_INTERVAL -c $PING_COUNT > $name"
    ip netns exec "${NS[201]}" ping "${IP[208]}" -i "$PING_INTERVAL" -c "$PING_COUNT" \
        > "$OUT_DIR/$name" || log "WARNING: ping exited non-zero (packet loss?)"
    local pid
    for pid in "${cpids[@]}"; do kill -INT "$pid" 2>/dev/null || true; done
    for pid in "${cpids[@]}"; do wait "$pid" 2>/dev/null || true; done
    sleep 1
    for pid in "${spids[@]}"; do kill -INT "$pid" 2>/dev/null || true; done
    for pid in "${spids[@]}"; do wait "$pid" 2>/dev/null || true; done
    dump_qdisc_stats > "$IPERF_DIR/$name-tc.txt"
    log "replies in $name: $(grep -c 'time=' "$OUT_DIR/$name" || true)"
    sleep 2   # let queues drain
}

summarize() {
    log "=== summary (RTT percentiles in ms; replies)"
    local f
    for f in ping18_np ping18_iperf16_np ping18_iperf68_np ping18_iperf18_np ping18_iperf18_iperf68_np; do
        grep -o 'time=[0-9.]*' "$OUT_DIR/$f" | cut -d= -f2 | sort -g | awk -v name="$f" '
            { v[NR] = $1 }
            END { printf "%-28s n=%d  p50=%.3f  p99=%.3f  max=%.3f\n", name, NR,
                  v[int(NR * 0.50 + 0.5)], v[int(NR * 0.99 + 0.5)], v[NR] }'
    done
}

main() {
    log "recording QJump Table 1 configurations into $OUT_DIR"
    mkdir -p "$IPERF_DIR"
    setup
    {
        echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "kernel: $(uname -r)"
        echo "iperf: $(iperf -v 2>&1)"
        echo "ping: $(ping -V | head -1)"
        echo "host NIC egress tbf: rate $HOST_RATE burst $HOST_BURST limit $HOST_LIMIT"
        echo "switch egress p208 tbf: rate $SW_RATE burst $SW_BURST limit $SW_LIMIT"
        echo "host tcp_rmem max: $RMEM_MAX; iperf client congestion control: -Z $CC"
        echo "ping: -i $PING_INTERVAL -c $PING_COUNT; iperf warm-up ${IPERF_WARMUP}s"
    } > "$IPERF_DIR/params.txt"
    run_config ping18_np
    run_config ping18_iperf16_np 201:206
    run_config ping18_iperf68_np 206:208
    run_config ping18_iperf18_np 201:208
    run_config ping18_iperf18_iperf68_np 201:208 206:208
    summarize
}

main "$@"
