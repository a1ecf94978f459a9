#!/usr/bin/env bash
# record-tcp.sh - redo the GENI TCP assignment (seed 004: cubic vs reno, 1 and 30
# parallel flows over a 100 Mbit/s path) inside Linux network namespaces, and
# record iperf2 text and iperf3 text/JSON samples.
#
# Topology (all addresses in 198.18.0.0/15, RFC 2544 benchmark range), named after
# the GENI layout (left = iperf server, right = iperf client, center = router):
#
#   wbrec-left 198.18.1.1/24 --veth-- wbrec-center --veth-- 198.18.2.1/24 wbrec-right
#                          198.18.1.254    (router)    198.18.2.254
#
# Bottleneck: tbf on the router's egress towards left (the data direction):
#   rate BN_RATE (100mbit), burst BN_BURST, limit BN_LIMIT (drop-tail queue).
# No delay or random loss is added (the seed's runs 1 and 3 had none).
#
# Congestion control: iperf2 -Z / iperf3 -C on the client and the server, and the
# namespace default via sysctl net.ipv4.tcp_congestion_control. A non-init network
# namespace may only set a default from net.ipv4.tcp_allowed_congestion_control
# (here "reno bbr"), so for cubic the sysctl is refused (EPERM) and -Z/-C is what
# selects it; this script does not change the global allowed list. The sockets'
# real algorithm is captured with "ss -tin" during each run (tcp-ss/).
#
# Output (next to this script):
#   tcp-<cc>-P<n>-client.txt, tcp-<cc>-P<n>-server.txt   iperf2 -t 60 -i 1 (cc = cubic|reno, n = 1|30)
#   iperf3-<cc>-P4.json, iperf3-<cc>-P4.txt              iperf3 client -P 4 -t 30 -i 1 (-J / text)
#   iperf3-<cc>-P4-server.txt, iperf3-<cc>-P4-json-server.txt  matching iperf3 server text output
#   tcp-ss/<run>.txt                                     ss -tin snapshot of both ends mid-run
#   tcp-ss/params.txt                                    parameters of the recording
set -euo pipefail

if [[ ${EUID:-$(id -u)} -ne 0 ]]; then
    echo "record-tcp.sh: must be run as root (network namespaces, tc)" >&2
    exit 1
fi

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT_DIR=${OUT_DIR:-$HERE}
SS_DIR=$OUT_DIR/tcp-ss

# ---- parameters -----------------------------------------------------------------
BN_RATE=${BN_RATE:-100mbit}
BN_BURST=${BN_BURST:-32kb}
BN_LIMIT=${BN_LIMIT:-300kb}
IPERF2_TIME=${IPERF2_TIME:-60}
IPERF3_TIME=${IPERF3_TIME:-30}
IPERF3_PARALLEL=${IPERF3_PARALLEL:-4}

NS_L=wbrec-left; NS_C=wbrec-center; NS_R=wbrec-right
DEFAULT_CC=
IP_L=198.18.1.1; IP_CL=198.18.1.254
IP_R=198.18.2.1; IP_CR=198.18.2.254
ALL_NS=("$NS_L" "$NS_C" "$NS_R")

log() { echo "[record-tcp] $*"; }
run() { log "+ $*"; "$@"; }

# ---- namespace setup / teardown -------------------------------------------------
teardown() {
    local ns pid
    for ns in "${ALL_NS[@]}"; do
        if [[ -e /var/run/netns/$ns ]]; then
            for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
            log "deleting namespace $ns"
            ip netns del "$ns" || true
        fi
    done
}

setup() {
    teardown
    local ns
    for ns in "${ALL_NS[@]}"; do
        run ip netns add "$ns"
        run ip -n "$ns" link set lo up
    done
    # left <-> center
    run ip link add eth0 netns "$NS_L" type veth peer name to-left netns "$NS_C"
    run ip -n "$NS_L" addr add "$IP_L/24" dev eth0
    run ip -n "$NS_C" addr add "$IP_CL/24" dev to-left
    # right <-> center
    run ip link add eth0 netns "$NS_R" type veth peer name to-right netns "$NS_C"
    run ip -n "$NS_R" addr add "$IP_R/24" dev eth0
    run ip -n "$NS_C" addr add "$IP_CR/24" dev to-right
    run ip -n "$NS_L" link set eth0 up
    run ip -n "$NS_R" link set eth0 up
    run ip -n "$NS_C" link set to-left up
    run ip -n "$NS_C" link set to-right up
    run ip netns exec "$NS_C" sysctl -q -w net.ipv4.ip_forward=1
    # routes only inside 198.18.0.0/15
    run ip -n "$NS_L" route add 198.18.2.0/24 via "$IP_CL"
    run ip -n "$NS_R" route add 198.18.1.0/24 via "$IP_CR"
    # the 100 Mbit/s bottleneck: router egress towards left (client right -> server left)
    run ip netns exec "$NS_C" tc qdisc add dev to-left root tbf \
        rate "$BN_RATE" burst "$BN_BURST" limit "$BN_LIMIT"
    DEFAULT_CC=$(ip netns exec "$NS_L" sysctl -n net.ipv4.tcp_congestion_control)
    log "initial namespace default congestion control: $DEFAULT_CC"
    ip netns exec "$NS_R" ping -q -c 2 -i 0.2 "$IP_L" >/dev/null
    log "path right -> left works"
}

trap 'rc=$?; log "cleaning up"; teardown; exit $rc' EXIT
trap 'exit 130' INT TERM

set_cc() {   # set namespace default congestion control on both ends (may be refused)
    local cc=$1 ns
    for ns in "$NS_L" "$NS_R"; do
        if ip netns exec "$ns" sysctl -q -w net.ipv4.tcp_congestion_control="$cc" 2>/dev/null; then
            log "$ns: net.ipv4.tcp_congestion_control=$cc"
        else
            # keep the namespace's initial default (not the previous run's) for
            # sockets without -Z/-C, e.g. iperf3's control connection
            ip netns exec "$ns" sysctl -q -w net.ipv4.tcp_congestion_control="$DEFAULT_CC"
            log "$ns: sysctl tcp_congestion_control=$cc refused in a non-init namespace" \
                "(allowed: $(ip netns exec "$ns" sysctl -n net.ipv4.tcp_allowed_congestion_control));" \
                "default left at $DEFAULT_CC, relying on iperf -Z/-C $cc on both ends"
        fi
    done
}

snapshot_ss() {   # snapshot_ss FILE: TCP sockets of both ends with their algorithm
    local file=$1
    {
        echo "== right (client, $NS_R): ss -tin dst $IP_L"
        ip netns exec "$NS_R" ss -tin dst "$IP_L"
        echo "== left (server, $NS_L): ss -tin src $IP_L"
        ip netns exec "$NS_L" ss -tin src "$IP_L"
    } > "$file"
}

reset_bottleneck() {
    ip netns exec "$NS_C" tc qdisc del dev to-left root 2>/dev/null || true
    ip netns exec "$NS_C" tc qdisc add dev to-left root tbf \
        rate "$BN_RATE" burst "$BN_BURST" limit "$BN_LIMIT"
}

iperf2_run() {   # iperf2_run CC PARALLEL
    local cc=$1 par=$2 base="tcp-$1-P$2" spid cpid
    log "=== iperf2 $cc -P $par, ${IPERF2_TIME}s"
    set_cc "$cc"
    reset_bottleneck
    log "+ ip netns exec $NS_L iperf -s -i 1 -Z $cc > $base-server.txt"
    ip netns exec "$NS_L" iperf -s -i 1 -Z "$cc" > "$OUT_DIR/$base-server.txt" 2>&1 &
    spid=$!
    sleep 1
    log "+ ip netns exec $NS_R iperf -c $IP_L -t $IPERF2_TIME -i 1 -P $par -Z $cc > $base-client.txt"
    ip netns exec "$NS_R" iperf -c "$IP_L" -t "$IPERF2_TIME" -i 1 -P "$par" -Z "$cc" \
        > "$OUT_DIR/$base-client.txt" 2>&1 &
    cpid=$!
    sleep 10
    snapshot_ss "$SS_DIR/$base.txt"
    wait "$cpid" || log "WARNING: iperf client exited with $?"
    sleep 2                     # let the server print its final lines
    kill -INT "$spid" 2>/dev/null || true
    wait "$spid" 2>/dev/null || true
    ip netns exec "$NS_C" tc -s qdisc show dev to-left | sed 's/^/[record-tcp]   tc: /'
    log "client result: $(grep -E '^\[(SUM| *[0-9]+)\] 0\.0+-[0-9.]+ sec' "$OUT_DIR/$base-client.txt" | tail -1)"
    sleep 2
}

iperf3_run() {   # iperf3_run CC json|text
    local cc=$1 mode=$2 spid
    local base="iperf3-$cc-P$IPERF3_PARALLEL" out sout jflag=()
    if [[ $mode == json ]]; then
        out=$base.json; sout=$base-json-server.txt; jflag=(-J)
    else
        out=$base.txt; sout=$base-server.txt
    fi
    log "=== iperf3 $cc -P $IPERF3_PARALLEL, ${IPERF3_TIME}s, $mode"
    set_cc "$cc"
    reset_bottleneck
    log "+ ip netns exec $NS_L iperf3 -s -1 -i 1 > $sout"
    ip netns exec "$NS_L" iperf3 -s -1 -i 1 > "$OUT_DIR/$sout" 2>&1 &
    spid=$!
    sleep 1
    log "+ ip netns exec $NS_R iperf3 -c $IP_L -P $IPERF3_PARALLEL -t $IPERF3_TIME -i 1 -C $cc ${jflag[*]} > $out"
    ip netns exec "$NS_R" iperf3 -c "$IP_L" -P "$IPERF3_PARALLEL" -t "$IPERF3_TIME" -i 1 \
        -C "$cc" "${jflag[@]}" > "$OUT_DIR/$out" 2>&1 &
    local cpid=$!
    sleep 10
    snapshot_ss "$SS_DIR/$base-$mode.txt"
    wait "$cpid" || log "WARNING: iperf3 client exited with $?"
    wait "$spid" || log "WARNING: iperf3 server exited with $?"
    sleep 2
}

main() {
    log "recording GENI cubic/reno runs into $OUT_DIR"
    mkdir -p "$SS_DIR"
    setup
    {
        echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "kernel: $(uname -r)"
        echo "iperf: $(iperf -v 2>&1)"
        echo "iperf3: $(iperf3 -v | head -1)"
        echo "bottleneck: tbf on $NS_C egress to-left: rate $BN_RATE burst $BN_BURST limit $BN_LIMIT"
        echo "iperf2: -t $IPERF2_TIME -i 1; iperf3: -P $IPERF3_PARALLEL -t $IPERF3_TIME -i 1"
        echo "allowed cc in namespaces: $(ip netns exec "$NS_L" sysctl -n net.ipv4.tcp_allowed_congestion_control); initial default: $DEFAULT_CC"
    } > "$SS_DIR/params.txt"
    iperf2_run cubic 1
    iperf2_run reno 1
    iperf2_run cubic 30
    iperf2_run reno 30
    iperf3_run cubic json
    iperf3_run reno json
    iperf3_run cubic text
    iperf3_run reno text
    log "done"
}

main "$@"
