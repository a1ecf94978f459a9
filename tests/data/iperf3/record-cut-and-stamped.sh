#!/usr/bin/env bash
# record-cut-and-stamped.sh - record iperf runs whose output carries a time in front of every
# line, and iperf3 -J runs whose receiver never reported, for tests/parse/tst_iperf3.cpp and
# tests/parse/tst_iperf2.cpp:
#   timestamps-*-client.txt     iperf3 --timestamps (strftime %c), --timestamps=%s (no
#                               separator), --timestamps='%F %T ' (a FORMAT of the user's)
#   json-server-terminated-client.json
#                               iperf3 -J client whose server got SIGTERM after TERM_AFTER
#                               seconds ("the server has terminated": zero receiver figures)
#   json-server-killed-client.json
#                               the same with SIGKILL ("control socket has closed
#                               unexpectedly": an empty end section)
#   ../iperf/prefixed-ts-epoch-client.txt
#                               iperf 2 client text through `ts '%.s'`
#
# Two network namespaces joined by a veth pair; only addresses in 198.18.0.0/15 (RFC 2544):
#   wbcut-srv 198.19.124.1/24 --veth-- 198.19.124.2/24 wbcut-cli
# with a tbf bottleneck of RATE on the client's egress. Facts of the recording on stdout.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-cut-and-stamped.sh "network namespaces, tc"

# OUT_DIR, when set, takes the iperf 2 file too (unless IPERF2_DIR says otherwise).
IPERF2_DIR=${IPERF2_DIR:-${OUT_DIR:-$HERE/../iperf}}
OUT_DIR=${OUT_DIR:-$HERE}
RATE=${RATE:-160mbit}
TERM_AFTER=${TERM_AFTER:-2.5}
NS_S=wbcut-srv; NS_C=wbcut-cli
IP_S=198.19.124.1; IP_C=198.19.124.2

log() { echo "[record-cut-and-stamped] $*"; }

netns_on_exit netns_remove "$NS_S" "$NS_C"

setup() {
    netns_pair "$NS_S" "$IP_S/24" "$NS_C" "$IP_C/24"
    ip netns exec "$NS_C" tc qdisc add dev eth0 root tbf rate "$RATE" burst 64kb latency 20ms
}

# stamped NAME ARGS...: one iperf3 client run with its server, output to NAME.
stamped() {
    local name=$1; shift
    log "$name: iperf3 -c $IP_S $*"
    ip netns exec "$NS_S" iperf3 -s -1 >/dev/null &
    local server=$!
    sleep 0.5
    ip netns exec "$NS_C" iperf3 -c "$IP_S" "$@" >"$OUT_DIR/$name"
    wait "$server" 2>/dev/null || true
}

# cut NAME SIGNAL: an iperf3 -J client whose server gets SIGNAL TERM_AFTER seconds in.
cut() {
    local name=$1 signal=$2
    log "$name: server gets SIG$signal after $TERM_AFTER s"
    ip netns exec "$NS_S" iperf3 -s -1 >/dev/null 2>&1 &
    local server=$!
    sleep 0.5
    ip netns exec "$NS_C" iperf3 -c "$IP_S" -t 6 -i 1 -J >"$OUT_DIR/$name" &
    local client=$!
    sleep "$TERM_AFTER"
    kill "-$signal" "$server"
    wait "$client" || true
    wait "$server" 2>/dev/null || true
}

setup
stamped timestamps-default-client.txt -t 2 -i 0.5 --timestamps
stamped timestamps-epoch-client.txt -t 2 -i 0.5 --timestamps=%s
stamped timestamps-iso-client.txt -t 2 -i 0.5 '--timestamps=%F %T '
cut json-server-terminated-client.json TERM
cut json-server-killed-client.json KILL
log "prefixed-ts-epoch-client.txt: iperf -c $IP_S -t 2 -i 0.5 | ts '%.s'"
ip netns exec "$NS_S" iperf -s >/dev/null 2>&1 &
iperf2_server=$!
sleep 0.5
ip netns exec "$NS_C" iperf -c "$IP_S" -t 2 -i 0.5 | ts '%.s' >"$IPERF2_DIR/prefixed-ts-epoch-client.txt"
kill "$iperf2_server" 2>/dev/null || true
wait "$iperf2_server" 2>/dev/null || true
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "kernel: $(uname -r)"
echo "iperf3: $(iperf3 --version | head -1)"
echo "iperf: $(iperf --version 2>&1 | head -1)"
echo "ts: moreutils $(dpkg-query -W -f '${Version}' moreutils 2>/dev/null || echo unknown)"
echo "bottleneck: tbf on $NS_C eth0 egress: rate $RATE burst 64kb latency 20ms"
log "done"
