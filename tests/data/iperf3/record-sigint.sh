#!/usr/bin/env bash
# record-sigint.sh - record iperf3 uploads stopped by SIGINT after about 3 s of a -t 20 test
# (text, -P 2, -J): the client's receiver summary is then 0 bytes over 0 s (text) or missing or
# zero (-J), while its sender lines hold what was sent (tests/parse/tst_iperf3.cpp).
#
# Two network namespaces joined by a veth pair with a tbf of RATE on both ends, as
# record-iperf3.sh makes them; only addresses in 198.18.0.0/15 (RFC 2544):
#   wbsig-srv 198.19.31.1/24 --veth-- 198.19.31.2/24 wbsig-cli
set -euo pipefail

if [[ ${EUID:-$(id -u)} -ne 0 ]]; then
    echo "record-sigint.sh: must be run as root (network namespaces, tc)" >&2
    exit 1
fi

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT_DIR=${OUT_DIR:-$HERE}
RATE=${RATE:-50mbit}
NS_S=wbsig-srv; NS_C=wbsig-cli
IP_S=198.19.31.1; IP_C=198.19.31.2
PORT=5201

teardown() {
    local ns pid
    for ns in "$NS_S" "$NS_C"; do
        if [[ -e /var/run/netns/$ns ]]; then
            for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
            ip netns del "$ns" || true
        fi
    done
}
trap teardown EXIT INT TERM

teardown
ip netns add "$NS_S"
ip netns add "$NS_C"
ip -n "$NS_S" link set lo up
ip -n "$NS_C" link set lo up
ip link add eth0 netns "$NS_S" type veth peer name eth0 netns "$NS_C"
ip -n "$NS_S" addr add "$IP_S/24" dev eth0
ip -n "$NS_C" addr add "$IP_C/24" dev eth0
ip -n "$NS_S" link set eth0 up
ip -n "$NS_C" link set eth0 up
for ns in "$NS_S" "$NS_C"; do
    ip netns exec "$ns" tc qdisc add dev eth0 root tbf rate "$RATE" burst 32kb limit 200kb
done

# interrupted NAME CLIENT-ARGS...: a -t 20 upload, SIGINT to the client after 3 s.
interrupted() {
    local name=$1; shift
    local ext=txt
    [[ " $* " == *" -J "* ]] && ext=json
    ip netns exec "$NS_S" iperf3 -s -1 -B "$IP_S" -p "$PORT" >/dev/null 2>&1 &
    local server_pid=$!
    sleep 0.5
    echo "[record-sigint] $name: iperf3 -c $IP_S -p $PORT -t 20 -i 1 $*"
    ip netns exec "$NS_C" iperf3 -c "$IP_S" -p "$PORT" -t 20 -i 1 "$@" \
        >"$OUT_DIR/$name.$ext" 2>&1 &
    local client_pid=$!
    sleep 3.3
    kill -INT "$client_pid"
    wait "$client_pid" || echo "[record-sigint] $name: client exit status $?"
    wait "$server_pid" || echo "[record-sigint] $name: server exit status $?"
}

interrupted sigint-client
interrupted sigint-P2-client -P 2
interrupted sigint-json-client -J
interrupted sigint-json-P2-client -J -P 2
