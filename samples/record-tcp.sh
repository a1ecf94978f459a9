#!/usr/bin/env bash
# record-tcp.sh - record TCP samples inside Linux network namespaces.
#
#   record-tcp.sh [geni]     redo the GENI TCP assignment (seed 004: cubic vs reno, 1 and 30
#                            parallel flows over a 100 Mbit/s path): iperf2 text and iperf3
#                            text/JSON samples (the default; what this script always recorded)
#   record-tcp.sh bottleneck cubic and reno through a slow bottleneck with a deep queue, run
#                            through wirebench-cli as steps with ss -tin sampling: the TCP
#                            state over time (cwnd sawtooth, RTT growing with the queue)
#   record-tcp.sh load       a latency-under-load step of samples/plans/rrul-lite.json,
#                            shortened (ping -D and iperf3 flows up and down, ss sampling)
#   record-tcp.sh plan       samples/plans/cubic-vs-reno.json (cubic and reno, 1 and 30
#                            streams, 3 repetitions of PLAN_TIME s; the plan says 60) through
#                            the geni bottleneck: a study with repetitions, for run-level
#                            comparisons
#
# Topology of geni and bottleneck (all addresses in 198.18.0.0/15, RFC 2544 benchmark range),
# named after the GENI layout (left = iperf server, right = iperf client, center = router):
#
#   wbrec-left 198.18.1.1/24 --veth-- wbrec-center --veth-- 198.18.2.1/24 wbrec-right
#                          198.18.1.254    (router)    198.18.2.254
#
# Bottleneck: tbf on the router's egress towards left (the data direction):
#   geni:       rate BN_RATE (100mbit), burst BN_BURST, limit BN_LIMIT (drop-tail queue).
#   bottleneck: rate DEEP_RATE (20mbit), burst BN_BURST, limit DEEP_LIMIT (300kb: 120 ms of
#               queue at 20 Mbit/s, far above the path's own RTT of well under 1 ms).
# No delay or random loss is added (the seed's runs 1 and 3 had none).
#
# Congestion control: iperf2 -Z / iperf3 -C on the client and the server, and the
# namespace default via sysctl net.ipv4.tcp_congestion_control. A non-init network
# namespace may only set a default from net.ipv4.tcp_allowed_congestion_control
# (here "reno bbr"), so for cubic the sysctl is refused (EPERM) and -Z/-C is what
# selects it; this script does not change the global allowed list. The sockets'
# real algorithm is captured with "ss -tin" during each run (tcp-ss/, and the ss logs of the
# bottleneck and load steps).
#
# Output (next to this script):
#   geni:
#   tcp-<cc>-P<n>-client.txt, tcp-<cc>-P<n>-server.txt   iperf2 -t 60 -i 1 (cc = cubic|reno, n = 1|30)
#   iperf3-<cc>-P4.json, iperf3-<cc>-P4.txt              iperf3 client -P 4 -t 30 -i 1 (-J / text)
#   iperf3-<cc>-P4-server.txt, iperf3-<cc>-P4-json-server.txt  matching iperf3 server text output
#   tcp-ss/<run>.txt                                     ss -tin snapshot of both ends mid-run
#   tcp-ss/params.txt                                    parameters of the recording
#   bottleneck (one wirebench-cli step per folder: step-TIME.run.json, step-TIME.NAME.log,
#   step-TIME.NAME.server.log, step-TIME.ss.log; NAME is the folder's name):
#   bottleneck/iperf3-<cc>/   iperf3 -J -P DEEP_STREAMS -t DEEP_TIME, ss -tin every 0.1 s
#   bottleneck/iperf2-<cc>/   iperf 2 -e -P DEEP_STREAMS -t DEEP_TIME -i 1, ss -tin every 1 s
#   bottleneck/params.txt     parameters of the recording
#   load (the plan's output folder: the plan's and the step's sidecars, logs, ss log):
#   latency-under-load/       rrul-lite.json's step, LOAD_TIME s of load with ping from
#                             5 s before to 5 s after, LOAD_UP flows up and LOAD_DOWN down
#   plan (the plan's output folder):
#   cubic-vs-reno/            cubic-vs-reno.json's 12 runs, client right, server left
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
# bottleneck: a slow link with a deep drop-tail queue, so that each flow's window is limited
# by losses at the queue (reno halves it, cubic backs off by 30 % and grows back along its
# cubic curve) and the RTT grows with the queue (bufferbloat)
DEEP_RATE=${DEEP_RATE:-20mbit}
DEEP_LIMIT=${DEEP_LIMIT:-300kb}
DEEP_TIME=${DEEP_TIME:-60}
DEEP_STREAMS=${DEEP_STREAMS:-2}
DEEP_SS_INTERVAL=${DEEP_SS_INTERVAL:-0.1}
# load: seconds of load (ping runs LOAD_IDLE s longer on each side) and flows each way
LOAD_TIME=${LOAD_TIME:-20}
LOAD_IDLE=${LOAD_IDLE:-5}
LOAD_UP=${LOAD_UP:-2}
LOAD_DOWN=${LOAD_DOWN:-2}
LOAD_CC=${LOAD_CC:-cubic}
# plan: each run's seconds (the samples keep 20 s runs small; the plan itself says 60)
PLAN_TIME=${PLAN_TIME:-20}
# wirebench-cli for the bottleneck and load recordings: the release build, else PATH's
WIREBENCH_CLI=${WIREBENCH_CLI:-$HERE/../build/release/app/cli/wirebench-cli}
[[ -x $WIREBENCH_CLI ]] || WIREBENCH_CLI=$(command -v wirebench-cli || true)

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
    # the bottleneck: router egress towards left (client right -> server left)
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

# The facts every recording's params.txt starts with.
recording_facts() {
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "kernel: $(uname -r)"
    echo "iperf: $(iperf -v 2>&1)"
    echo "iperf3: $(iperf3 -v | head -1)"
    echo "bottleneck: tbf on $NS_C egress to-left: rate $BN_RATE burst $BN_BURST limit $BN_LIMIT"
}

record_geni() {
    log "recording GENI cubic/reno runs into $OUT_DIR"
    mkdir -p "$SS_DIR"
    setup
    {
        recording_facts
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

need_cli() {
    if [[ -z $WIREBENCH_CLI ]]; then
        echo "record-tcp.sh: wirebench-cli not found (build it, or set WIREBENCH_CLI)" >&2
        exit 1
    fi
    log "wirebench-cli: $WIREBENCH_CLI"
}

# deep_step TOOL CC SS_INTERVAL [MEMBER OPTIONS...]: one wirebench-cli step of one member
# (TOOL's client in right sending to its server in left, DEEP_STREAMS flows for DEEP_TIME s)
# into bottleneck/TOOL-CC/, its senders sampled with ss -tin every SS_INTERVAL s.
deep_step() {
    local tool=$1 cc=$2 interval=$3 dir
    shift 3
    dir=$OUT_DIR/bottleneck/$tool-$cc
    log "=== $tool $cc -P $DEEP_STREAMS, ${DEEP_TIME}s through $DEEP_RATE limit $DEEP_LIMIT"
    set_cc "$cc"
    reset_bottleneck
    rm -rf "$dir"
    run "$WIREBENCH_CLI" run -o "$dir" --ss-interval "$interval" \
        --client-prefix "ip netns exec $NS_R" --server-prefix "ip netns exec $NS_L" \
        --member "$tool $IP_L --duration $DEEP_TIME --streams $DEEP_STREAMS --congestion $cc --start-server --name $tool-$cc $*"
    ip netns exec "$NS_C" tc -s qdisc show dev to-left | sed 's/^/[record-tcp]   tc: /'
    sleep 2
}

record_bottleneck() {
    need_cli
    log "recording cubic/reno through a deep queue into $OUT_DIR/bottleneck"
    BN_RATE=$DEEP_RATE
    BN_LIMIT=$DEEP_LIMIT
    mkdir -p "$OUT_DIR/bottleneck"
    setup
    {
        recording_facts
        echo "flows: -P $DEEP_STREAMS -t $DEEP_TIME from $NS_R ($IP_R) to $NS_L ($IP_L)"
        echo "ss -tin of the sender: every $DEEP_SS_INTERVAL s (iperf3), every 1 s (iperf 2)"
        echo "allowed cc in namespaces: $(ip netns exec "$NS_L" sysctl -n net.ipv4.tcp_allowed_congestion_control); initial default: $DEFAULT_CC"
    } > "$OUT_DIR/bottleneck/params.txt"
    local cc
    for cc in cubic reno; do
        deep_step iperf3 "$cc" "$DEEP_SS_INTERVAL" --json
    done
    for cc in cubic reno; do
        deep_step iperf "$cc" 1 --extra-args -e
    done
    log "done"
}

# The plan samples/plans/rrul-lite.json, one step of it: congestion LOAD_CC, one repetition,
# LOAD_UP flows up and LOAD_DOWN down for LOAD_TIME s, ping (-D, every 0.1 s) LOAD_IDLE s
# longer on each side. Its own namespaces (renamed wbrec-ll-*), setup and teardown.
record_load() {
    need_cli
    local plan dir=$OUT_DIR/latency-under-load
    plan=$(mktemp --suffix=.json)
    LOAD_TIME=$LOAD_TIME LOAD_IDLE=$LOAD_IDLE LOAD_UP=$LOAD_UP LOAD_DOWN=$LOAD_DOWN LOAD_CC=$LOAD_CC \
        python3 - "$HERE/plans/rrul-lite.json" "$plan" <<'PY'
import json, os, sys
source, target = sys.argv[1:3]
text = open(source, encoding="utf-8").read().replace('"wbr-', '"wbrec-ll-')
plan = json.loads(text)
step = plan["runs"][0]
load, idle = float(os.environ["LOAD_TIME"]), float(os.environ["LOAD_IDLE"])
ping = next(m for m in step["members"] if m["tool"] == "ping")
ping["duration"] = load + 2 * idle
ups = [m for m in step["members"] if m["tool"] != "ping" and not m.get("reverse")]
downs = [m for m in step["members"] if m["tool"] != "ping" and m.get("reverse")]
flows = ups[:int(os.environ["LOAD_UP"])] + downs[:int(os.environ["LOAD_DOWN"])]
for member in flows:
    member["duration"], member["start"] = load, idle
step["members"] = [ping] + flows
step["matrix"] = {"congestion": [os.environ["LOAD_CC"]]}
step["repetitions"] = 1
json.dump(plan, open(target, "w", encoding="utf-8"), indent=4)
PY
    log "latency under load: $plan (from plans/rrul-lite.json):"
    sed 's/^/[record-tcp]   /' "$plan"
    rm -rf "$dir"
    run "$WIREBENCH_CLI" run --plan "$plan" -o "$dir"
    rm -f "$plan"
    log "done"
}

# ---- the cubic-vs-reno plan ----------------------------------------------------------
record_plan() {
    [[ -x $WIREBENCH_CLI ]] || { echo "record-tcp.sh: wirebench-cli not found" >&2; exit 1; }
    setup
    local dir=$OUT_DIR/cubic-vs-reno plan
    plan=$(mktemp --suffix=.json)
    # The plan names the README's two namespaces; here they are this topology's ends.
    sed -e "s/\"wb-a\"/\"$NS_R\"/" -e "s/\"wb-b\"/\"$NS_L\"/" -e "s/198\.18\.0\.2/$IP_L/" \
        -e "s/\"duration\": [0-9]*/\"duration\": $PLAN_TIME/" \
        "$HERE/plans/cubic-vs-reno.json" >"$plan"
    log "cubic vs reno: $plan (plans/cubic-vs-reno.json, namespaces and target of this topology)"
    rm -rf "$dir"
    run "$WIREBENCH_CLI" run --plan "$plan" -o "$dir"
    rm -f "$plan"
    log "done"
}

main() {
    case ${1:-geni} in
    geni) record_geni ;;
    bottleneck) record_bottleneck ;;
    load) record_load ;;
    plan) record_plan ;;
    *)
        echo "usage: record-tcp.sh [geni|bottleneck|load|plan]" >&2
        exit 2
        ;;
    esac
}

main "$@"
