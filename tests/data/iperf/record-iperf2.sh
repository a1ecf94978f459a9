#!/usr/bin/env bash
# record-iperf2.sh - record small iperf2 outputs for the parser tests (tst_iperf2): the
# variants the samples/ recordings do not cover (-d, -r, -e, -y C, -P 4 -i 1, UDP with a
# server report). Runs are short (3 s) so the files stay tiny.
#
# Two network namespaces joined by a veth pair, addresses in 198.18.0.0/15 only:
#   wbip2-a 198.19.2.1/24 (client) --veth-- 198.19.2.2/24 wbip2-b (server)
# The client's egress is shaped with tbf to 50 Mbit/s so the figures look like a real link.
#
# Output: the *.txt / *.csv files next to this script (see SOURCES.md).
# ONLY="name1 name2" re-records just those runs (the tests pin the numbers of the others).
set -euo pipefail

if [[ ${EUID:-$(id -u)} -ne 0 ]]; then
    echo "record-iperf2.sh: must be run as root (network namespaces, tc)" >&2
    exit 1
fi

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT_DIR=${OUT_DIR:-$HERE}
NS_A=wbip2-a; NS_B=wbip2-b
IP_A=198.19.2.1; IP_B=198.19.2.2
SERVER_PID=

teardown() {
    if [[ -n $SERVER_PID ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    ip netns del "$NS_A" 2>/dev/null || true
    ip netns del "$NS_B" 2>/dev/null || true
}
trap teardown EXIT INT TERM

teardown
ip netns add "$NS_A"
ip netns add "$NS_B"
ip link add wbip2-va netns "$NS_A" type veth peer name wbip2-vb netns "$NS_B"
ip -n "$NS_A" addr add "$IP_A/24" dev wbip2-va
ip -n "$NS_B" addr add "$IP_B/24" dev wbip2-vb
for ns in "$NS_A" "$NS_B"; do
    ip -n "$ns" link set lo up
done
ip -n "$NS_A" link set wbip2-va up
ip -n "$NS_B" link set wbip2-vb up
ip netns exec "$NS_A" tc qdisc add dev wbip2-va root tbf rate 50mbit burst 32kb limit 200kb
ip netns exec "$NS_B" tc qdisc add dev wbip2-vb root tbf rate 50mbit burst 32kb limit 200kb

# record NAME "SERVER-ARGS" "CLIENT-ARGS" [csv]: one client run against a fresh server;
# the server's output goes to NAME-server.EXT and the client's to NAME-client.EXT.
record() {
    local name=$1 server_args=$2 client_args=$3 ext=${4:-txt}
    if [[ -n ${ONLY:-} && " $ONLY " != *" $name "* ]]; then return 0; fi
    # shellcheck disable=SC2086
    ip netns exec "$NS_B" iperf -s $server_args >"$OUT_DIR/$name-server.$ext" 2>&1 &
    SERVER_PID=$!
    sleep 1
    # shellcheck disable=SC2086
    ip netns exec "$NS_A" iperf -c "$IP_B" $client_args >"$OUT_DIR/$name-client.$ext" 2>&1 || true
    sleep 2
    kill -INT "$SERVER_PID" 2>/dev/null || true
    sleep 0.5
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=
}

record tcp-P4-i1      "-i 1"          "-t 3 -i 1 -P 4"
record tcp-enhanced   "-e -i 1"       "-t 3 -i 1 -e -Z reno"
record tcp-dualtest   "-i 1"          "-t 3 -i 1 -d"
record tcp-tradeoff   "-i 1"          "-t 3 -i 1 -r"
record udp-report     "-u -i 1"       "-u -b 10M -t 3 -i 1"
record udp-P2         "-u -i 1"       "-u -b 5M -t 3 -i 1 -P 2"
record udp-enhanced   "-u -e -i 1"    "-u -e -b 10M -t 3 -i 1"
record tcp-csv        "-y C -i 1"     "-y C -t 3 -i 1 -P 2" csv
record udp-csv        "-u -y C -i 1"  "-u -y C -b 10M -t 3 -i 1" csv
record tcp-csv-enhanced "-y C -e -i 1" "-y C -e -t 3 -i 1" csv
record tcp-csv-dualtest "-y C -i 1"    "-y C -t 3 -i 1 -d" csv
echo "record-iperf2.sh: done, outputs in $OUT_DIR"
