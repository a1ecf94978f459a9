#!/bin/sh
# Records ping-irtt-updown.flent.gz of this folder with the real Flent (run as root, with
# flent, fping, irtt and iptables installed): two network namespaces joined by a veth pair,
# `irtt server` in one, `flent ping` in the other, and random loss on each side's INPUT with
# different probabilities so that irtt's losses upstream and downstream differ. The
# namespaces are removed when the script ends.
set -eu
out=$(cd "${1:-.}" && pwd)
c=wbflent-rec-c
s=wbflent-rec-s
work=$(mktemp -d)
cleanup() {
    [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
    ip netns del "$c" 2>/dev/null || true
    ip netns del "$s" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
ip netns add "$c"
ip netns add "$s"
ip link add wbflentr-c0 type veth peer name wbflentr-s0
ip link set wbflentr-c0 netns "$c"
ip link set wbflentr-s0 netns "$s"
ip -n "$c" addr add 198.18.36.1/24 dev wbflentr-c0
ip -n "$s" addr add 198.18.36.2/24 dev wbflentr-s0
for n in "$c" "$s"; do ip -n "$n" link set lo up; done
ip -n "$c" link set wbflentr-c0 up
ip -n "$s" link set wbflentr-s0 up
ip netns exec "$s" irtt server -b 198.18.36.2 >/dev/null 2>&1 &
server=$!
sleep 1
# Upstream loss: the server drops 12 % of what arrives; downstream: the client drops 6 %.
# (Flent's irtt connection check retries its handshake, so it gets through.)
ip netns exec "$s" iptables -A INPUT -p udp --dport 2112 -m statistic --mode random \
    --probability 0.12 -j DROP
ip netns exec "$c" iptables -A INPUT -p udp --sport 2112 -m statistic --mode random \
    --probability 0.06 -j DROP
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "kernel: $(uname -r)"
echo "flent: $(flent --version 2>&1 | sed -n 's/^Flent v//p')"
echo "irtt: $(irtt version | head -1)"
echo "fping: $(fping --version 2>&1 | head -1)"
(cd "$work" && ip netns exec "$c" flent ping -H 198.18.36.2 -l 8 -s 0.05 -t "ping updown" \
    -D "$work" -f summary >/dev/null 2>&1)
mv "$work"/ping-*.flent.gz "$out/ping-irtt-updown.flent.gz"
