#!/usr/bin/env bash
# record-sigint.sh - record iperf3 uploads stopped by SIGINT after about 3 s of a -t 20 test
# (text, -P 2, -J): the client's receiver summary is then 0 bytes over 0 s (text) or missing or
# zero (-J), while its sender lines hold what was sent (tests/parse/tst_iperf3.cpp).
#
# Two network namespaces joined by a veth pair with a tbf of RATE on both ends, as
# record-iperf3.sh makes them; only addresses in 198.18.0.0/15 (RFC 2544):
#   wbsig-srv 198.19.31.1/24 --veth-- 198.19.31.2/24 wbsig-cli
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-sigint.sh "network namespaces, tc"

OUT_DIR=${OUT_DIR:-$HERE}
RATE=${RATE:-50mbit}
NS_S=wbsig-srv; NS_C=wbsig-cli
IP_S=198.19.31.1; IP_C=198.19.31.2
PORT=5201

netns_on_exit netns_remove "$NS_S" "$NS_C"

netns_pair "$NS_S" "$IP_S/24" "$NS_C" "$IP_C/24"
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
