#!/usr/bin/env bash
# record-loss.sh - record a real iputils ping log with random loss for tst_lossstructure.
#
# Two network namespaces this script creates (wbloss-cli, wbloss-srv) joined by one veth
# pair, with addresses only from the benchmarking range 198.18.0.0/15 (RFC 2544). The
# responder drops about 5 % of the echo requests at random (iptables statistic match), so the
# log has single losses and, now and then, bursts of consecutive ones at unknown places: the
# loss statistics must find them from the log alone. Nothing touches the host's own
# interfaces, routes or firewall.
#
#   wbloss-cli 198.18.3.1 ----veth---- wbloss-srv 198.18.3.2 (drops ~5 % of echo requests)
#
# ping runs with -O so every loss shows up as a "no answer yet" line (an independent record
# the test checks the burst figures against) and with -D so replies carry timestamps.
#
# Output: iputils_random_loss_5pct.txt next to this script (stdout and stderr of ping).
# Usage: sudo tests/data/ping/record-loss.sh   (re-runnable; cleans up via trap)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/../netns-pair.sh
. "$HERE/../netns-pair.sh"
netns_require_root record-loss.sh "network namespaces, iptables"

OUT_DIR=${OUT_DIR:-$HERE}
OUT_FILE=$OUT_DIR/iputils_random_loss_5pct.txt
export LC_ALL=C # ping's number format must not depend on the recording machine

NS_CLI=wbloss-cli
NS_SRV=wbloss-srv

log() { echo "[record-loss] $*" >&2; }
in_ns() { local ns=$1; shift; ip netns exec "$ns" "$@"; }

netns_on_exit netns_remove "$NS_CLI" "$NS_SRV"

setup() {
    netns_pair "$NS_CLI" 198.18.3.1/24 "$NS_SRV" 198.18.3.2/24
    # Warm up ARP before the drop rule exists, so no loss in the log is ARP's doing.
    in_ns "$NS_CLI" ping -c 1 -W 2 198.18.3.2 >/dev/null
    in_ns "$NS_SRV" iptables -A INPUT -p icmp --icmp-type echo-request \
        -m statistic --mode random --probability 0.05 -j DROP
}

main() {
    setup
    # -i 0.01 needs root (it is); -W 1 keeps the wait for a lost last request short.
    # ping exits non-zero when it lost packets, which is the point of this recording.
    log "ping -D -O -i 0.01 -c 2000 -W 1 198.18.3.2 > $OUT_FILE"
    in_ns "$NS_CLI" ping -D -O -i 0.01 -c 2000 -W 1 198.18.3.2 >"$OUT_FILE" 2>&1 || true
    tail -n 4 "$OUT_FILE" >&2
}

main "$@"
