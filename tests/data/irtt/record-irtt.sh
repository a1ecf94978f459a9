#!/bin/sh
# Records the irtt logs of this folder (run as root, with irtt and iptables installed): two
# network namespaces joined by a veth pair, random loss on each side's INPUT with different
# probabilities so that losses upstream and downstream differ. The namespaces are removed
# when the script ends. Output: this folder, or OUT_DIR when set (or the first argument).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$here/../netns-pair.sh"
netns_require_root record-irtt.sh "network namespaces, iptables"
out=${OUT_DIR:-${1:-$here}}
c=wbirtt-rec-c
s=wbirtt-rec-s
# irtt server ends with its namespace.
netns_on_exit netns_remove "$c" "$s"
netns_pair "$c" 198.18.36.1/24 "$s" 198.18.36.2/24 wbirttr-c0 wbirttr-s0
# Upstream loss: the server drops 8 % of what arrives; downstream: the client drops 3 %.
ip netns exec "$s" iptables -A INPUT -p udp --dport 2112 -m statistic --mode random --probability 0.08 -j DROP
ip netns exec "$c" iptables -A INPUT -p udp --sport 2112 -m statistic --mode random --probability 0.03 -j DROP
ip netns exec "$s" irtt server -b 198.18.36.2 >/dev/null 2>&1 &
sleep 1
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "kernel: $(uname -r)"
echo "irtt: $(irtt version | head -1)"
ip netns exec "$c" irtt client -i 10ms -d 1.8s -l 64 -o "$out/irtt-loss-updown.json" 198.18.36.2 \
    >"$out/irtt-loss-updown.txt" 2>&1
ip netns exec "$c" irtt client -i 10ms -d 0.5s -l 64 --stats=none -o "$out/irtt-nostats.json" \
    198.18.36.2 >/dev/null 2>&1
