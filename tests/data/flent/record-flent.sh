#!/bin/sh
# Records ping-irtt-updown.flent.gz of this folder with the real Flent (run as root, with
# flent, fping, irtt and iptables installed): two network namespaces joined by a veth pair,
# `irtt server` in one, `flent ping` in the other, and random loss on each side's INPUT with
# different probabilities so that irtt's losses upstream and downstream differ. The
# namespaces are removed when the script ends. Output: this folder, or OUT_DIR when set (or
# the first argument).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$here/../netns-pair.sh"
netns_require_root record-flent.sh "network namespaces, iptables"
out=$(cd "${OUT_DIR:-${1:-$here}}" && pwd)
c=wbflent-rec-c
s=wbflent-rec-s
work=$(mktemp -d)
# irtt server ends with its namespace.
cleanup() {
    netns_remove "$c" "$s"
    rm -rf "$work"
}
netns_on_exit cleanup
netns_pair "$c" 198.18.36.1/24 "$s" 198.18.36.2/24 wbflentr-c0 wbflentr-s0
ip netns exec "$s" irtt server -b 198.18.36.2 >/dev/null 2>&1 &
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
