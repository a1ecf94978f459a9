#!/usr/bin/env bash
# record-appended.sh - record iperf2 and iperf3 logs that hold several tests one after the
# other (tst_iperf2, tst_iperf3): a server that stays up while clients connect test after
# test, and client runs appended to one file with `>>`. Runs are short (-t 2 -i 0.5).
#
# Two network namespaces joined by a veth pair, addresses in 198.18.0.0/15 only:
#   wbapp-a 198.18.77.1/24 and 198.18.77.3/24 (clients) --veth-- 198.18.77.2/24 wbapp-b (servers)
# The client's egress is shaped with tbf to 40 Mbit/s so the figures look like a real link.
#
# Output: appended-*.txt here and in ../iperf3 (see SOURCES.md in both folders).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-appended.sh "network namespaces, tc"

OUT2=${OUT_DIR:-$HERE}
OUT3=${OUT_DIR:-$HERE/../iperf3}
NS_A=wbapp-a; NS_B=wbapp-b
IP_A=198.18.77.1; IP_A2=198.18.77.3; IP_B=198.18.77.2
SERVER_PID=

stop_server() {
    if [[ -n $SERVER_PID ]]; then
        kill -INT "$SERVER_PID" 2>/dev/null || true
        sleep 0.5
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=
}

teardown() {
    stop_server
    netns_remove "$NS_A" "$NS_B"
}
netns_on_exit teardown

netns_pair "$NS_A" "$IP_A/24" "$NS_B" "$IP_B/24" wbapp-va wbapp-vb
ip -n "$NS_A" addr add "$IP_A2/24" dev wbapp-va
ip netns exec "$NS_A" tc qdisc add dev wbapp-va root tbf rate 40mbit burst 32kb limit 200kb
ip netns exec "$NS_B" tc qdisc add dev wbapp-vb root tbf rate 40mbit burst 32kb limit 200kb

client() { ip netns exec "$NS_A" "$@" >/dev/null 2>&1 || true; sleep 1; }

# server NAME DIR TOOL ARGS...: start a server whose output goes to DIR/NAME
server() {
    local name=$1 dir=$2
    shift 2
    ip netns exec "$NS_B" "$@" >"$dir/$name" 2>&1 &
    SERVER_PID=$!
    sleep 1
}

# quiet_server ARGS...: a server whose output is not kept
quiet_server() {
    ip netns exec "$NS_B" "$@" >/dev/null 2>&1 &
    SERVER_PID=$!
    sleep 1
}

# iperf2 TCP server (-e: connection times), three tests from two addresses, one of them -P 2.
server appended-2.1-tcp-server.txt "$OUT2" iperf -s -e -i 0.5
client iperf -c "$IP_B" -t 2 -i 0.5
client iperf -c "$IP_B" -B "$IP_A2" -t 2 -i 0.5 -P 2
client iperf -c "$IP_B" -t 1
stop_server

# iperf2 UDP server without -e, two tests, the second -P 2.
server appended-2.1-udp-server.txt "$OUT2" iperf -s -u -i 0.5
client iperf -c "$IP_B" -u -b 5M -t 2 -i 0.5
client iperf -c "$IP_B" -u -b 5M -t 2 -i 0.5 -P 2
stop_server

# iperf2 clients appended to one file.
quiet_server iperf -s
rm -f "$OUT2/appended-2.1-tcp-client.txt"
client sh -c "iperf -c $IP_B -t 2 -i 0.5 >> '$OUT2/appended-2.1-tcp-client.txt' 2>&1"
client sh -c "iperf -c $IP_B -t 2 -i 0.5 -P 2 >> '$OUT2/appended-2.1-tcp-client.txt' 2>&1"
client sh -c "iperf -c $IP_B -t 1 >> '$OUT2/appended-2.1-tcp-client.txt' 2>&1"
stop_server

# iperf3 server, three tests: TCP, UDP -P 2, TCP from the second address.
server appended-server.txt "$OUT3" iperf3 -s -i 0.5
client iperf3 -c "$IP_B" -t 2 -i 0.5
client iperf3 -c "$IP_B" -u -b 5M -t 2 -i 0.5 -P 2
client iperf3 -c "$IP_B" -B "$IP_A2" -t 2 -i 0.5
stop_server

# iperf3 --bidir text, client and server (the repeated last interval).
server bidir-P2-i05-server.txt "$OUT3" iperf3 -s -1 -i 0.5
client sh -c "iperf3 -c $IP_B --bidir -P 2 -t 2 -i 0.5 > '$OUT3/bidir-P2-i05-client.txt' 2>&1"
stop_server


# iperf3 UDP server -J with -P 2 (json-udp-P2-server.json; hand-3.7-udp-server-zero-end.json
# is this file with the end block of iperf 3.7's UDP server, see SOURCES.md).
server json-udp-P2-server.json "$OUT3" iperf3 -s -1 -J -i 0.5
client iperf3 -c "$IP_B" -u -b 5M -t 2 -i 0.5 -P 2
stop_server
