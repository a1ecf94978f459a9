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

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-iperf2.sh "network namespaces, tc"

OUT_DIR=${OUT_DIR:-$HERE}
NS_A=wbip2-a; NS_B=wbip2-b
IP_A=198.19.2.1; IP_B=198.19.2.2

# The server of an interrupted run is ended with its namespace.
netns_on_exit netns_remove "$NS_A" "$NS_B"

netns_pair "$NS_A" "$IP_A/24" "$NS_B" "$IP_B/24" wbip2-va wbip2-vb
ip netns exec "$NS_A" tc qdisc add dev wbip2-va root tbf rate 50mbit burst 32kb limit 200kb
ip netns exec "$NS_B" tc qdisc add dev wbip2-vb root tbf rate 50mbit burst 32kb limit 200kb

# record NAME "SERVER-ARGS" "CLIENT-ARGS" [csv]: one client run against a fresh server;
# the server's output goes to NAME-server.EXT and the client's to NAME-client.EXT.
record() {
    local name=$1 server_args=$2 client_args=$3 ext=${4:-txt}
    if [[ -n ${ONLY:-} && " $ONLY " != *" $name "* ]]; then return 0; fi
    # shellcheck disable=SC2086
    ip netns exec "$NS_B" iperf -s $server_args >"$OUT_DIR/$name-server.$ext" 2>&1 &
    local server_pid=$!
    sleep 1
    # shellcheck disable=SC2086
    ip netns exec "$NS_A" iperf -c "$IP_B" $client_args >"$OUT_DIR/$name-client.$ext" 2>&1 || true
    sleep 2
    kill -INT "$server_pid" 2>/dev/null || true
    sleep 0.5
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
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
