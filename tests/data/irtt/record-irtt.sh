#!/bin/sh
# Records the irtt logs of this folder (run as root, with irtt and iptables installed): two
# network namespaces joined by a veth pair, random loss on each side's INPUT with different
# probabilities so that losses upstream and downstream differ. The namespaces are removed
# when the script ends.
set -eu
out=${1:-.}
c=wbirtt-rec-c
s=wbirtt-rec-s
cleanup() {
    [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
    ip netns del "$c" 2>/dev/null || true
    ip netns del "$s" 2>/dev/null || true
}
trap cleanup EXIT
ip netns add "$c"
ip netns add "$s"
ip link add wbirttr-c0 type veth peer name wbirttr-s0
ip link set wbirttr-c0 netns "$c"
ip link set wbirttr-s0 netns "$s"
ip -n "$c" addr add 198.18.36.1/24 dev wbirttr-c0
ip -n "$s" addr add 198.18.36.2/24 dev wbirttr-s0
for n in "$c" "$s"; do ip -n "$n" link set lo up; done
ip -n "$c" link set wbirttr-c0 up
ip -n "$s" link set wbirttr-s0 up
# Upstream loss: the server drops 8 % of what arrives; downstream: the client drops 3 %.
ip netns exec "$s" iptables -A INPUT -p udp --dport 2112 -m statistic --mode random --probability 0.08 -j DROP
ip netns exec "$c" iptables -A INPUT -p udp --sport 2112 -m statistic --mode random --probability 0.03 -j DROP
ip netns exec "$s" irtt server -b 198.18.36.2 >/dev/null 2>&1 &
server=$!
sleep 1
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "kernel: $(uname -r)"
echo "irtt: $(irtt version | head -1)"
ip netns exec "$c" irtt client -i 10ms -d 1.8s -l 64 -o "$out/irtt-loss-updown.json" 198.18.36.2 \
    >"$out/irtt-loss-updown.txt" 2>&1
ip netns exec "$c" irtt client -i 10ms -d 0.5s -l 64 --stats=none -o "$out/irtt-nostats.json" \
    198.18.36.2 >/dev/null 2>&1
