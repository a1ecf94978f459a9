#!/usr/bin/env bash
# record-iperf3.sh - record small iperf3 outputs for the parser tests (tests/parse/tst_iperf3.cpp):
# the variants the samples/ recordings do not cover (-R, --bidir, UDP, -P 3, -O, -J TCP/UDP,
# server side, repeated -J runs in one file, and the error when no server listens).
#
# Two network namespaces joined by a veth pair; only addresses in 198.18.0.0/15 (RFC 2544):
#   wbip3-srv 198.19.30.1/24 --veth-- 198.19.30.2/24 wbip3-cli
# A tbf on both ends caps the rate at RATE so the figures look like a real link, not memcpy.
# Runs are short (-t 3) and the server runs with -1 (one test, then exit) so that its whole
# output belongs to the test next to it.
#
# Output (next to this script): see SOURCES.md for the list of files and the exact commands.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-iperf3.sh "network namespaces, tc"

OUT_DIR=${OUT_DIR:-$HERE}
RATE=${RATE:-50mbit}
TIME=${TIME:-3}
NS_S=wbip3-srv; NS_C=wbip3-cli
IP_S=198.19.30.1; IP_C=198.19.30.2
PORT=5201

log() { echo "[record-iperf3] $*"; }

netns_on_exit netns_remove "$NS_S" "$NS_C"

setup() {
    netns_pair "$NS_S" "$IP_S/24" "$NS_C" "$IP_C/24"
    for ns in "$NS_S" "$NS_C"; do
        ip netns exec "$ns" tc qdisc add dev eth0 root tbf rate "$RATE" burst 32kb limit 200kb
    done
}

# record NAME SERVER-ARGS -- CLIENT-ARGS: one test, client output to NAME-client.*, server to
# NAME-server.txt (skipped when SERVER-ARGS is "none").
record() {
    local name=$1; shift
    local server_args=() client_args=()
    while [[ $# -gt 0 && $1 != -- ]]; do server_args+=("$1"); shift; done
    shift
    client_args=("$@")
    local ext=txt
    [[ " ${client_args[*]} " == *" -J "* ]] && ext=json
    local server_pid=
    if [[ ${server_args[0]} != none ]]; then
        ip netns exec "$NS_S" iperf3 -s -1 -B "$IP_S" -p "$PORT" "${server_args[@]}" \
            >"$OUT_DIR/$name-server.txt" 2>&1 &
        server_pid=$!
        sleep 0.5
    fi
    log "$name: iperf3 -c $IP_S -p $PORT ${client_args[*]}"
    ip netns exec "$NS_C" iperf3 -c "$IP_S" -p "$PORT" "${client_args[@]}" \
        >"$OUT_DIR/$name-client.$ext" 2>&1 || log "$name: client exit status $?"
    if [[ -n $server_pid ]]; then
        wait "$server_pid" || log "$name: server exit status $?"
    fi
}

setup
record tcp         -i 1 -- -t "$TIME" -i 1
record tcp-P3      -i 1 -- -t "$TIME" -i 1 -P 3
record tcp-R       -i 1 -- -t "$TIME" -i 1 -R
record tcp-bidir   -i 1 -- -t "$TIME" -i 1 --bidir
record tcp-bidir-P2 -i 1 -- -t "$TIME" -i 1 --bidir -P 2
record tcp-V-reno -i 1 -- -t "$TIME" -i 1 -V -C reno
record tcp-omit    -i 1 -- -t "$TIME" -i 1 -O 1
record udp         -i 1 -- -t "$TIME" -i 1 -u -b 10M
record udp-P2-R    -i 1 -- -t "$TIME" -i 1 -u -b 5M -P 2 -R
record json-tcp-P2 -i 1 -- -t "$TIME" -i 1 -P 2 -C reno -J
record json-udp    -i 1 -- -t "$TIME" -i 1 -u -b 10M -J
record json-bidir  -i 1 -- -t "$TIME" -i 1 --bidir -J
record json-omit   -i 1 -- -t "$TIME" -i 1 -O 1 -J
# Two -J runs appended to one file, as a loop of `iperf3 -J ... >> file` leaves them.
ip netns exec "$NS_S" iperf3 -s -1 -B "$IP_S" -p "$PORT" >/dev/null 2>&1 &
sleep 0.5
ip netns exec "$NS_C" iperf3 -c "$IP_S" -p "$PORT" -t 1 -i 1 -J >"$OUT_DIR/json-repeated.json"
wait
ip netns exec "$NS_S" iperf3 -s -1 -B "$IP_S" -p "$PORT" >/dev/null 2>&1 &
sleep 0.5
ip netns exec "$NS_C" iperf3 -c "$IP_S" -p "$PORT" -t 1 -i 1 -J -u -b 1M >>"$OUT_DIR/json-repeated.json"
wait
# Nobody listens on this port: iperf3 prints its connect error.
record error-refused none -- -t 1 -p 5299
record json-error-refused none -- -t 1 -p 5299 -J
log "done"
