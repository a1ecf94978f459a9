#!/usr/bin/env bash
# record-udp.sh - redo the ToMaTo emulation test (seed 002) inside Linux network
# namespaces: (a) UDP loss table, (b) UDP bandwidth table, recorded with iperf2.
#
# Topology (all addresses in 198.18.0.0/15, RFC 2544 benchmark range):
#
#   wbrec-udp-tx 198.18.3.1/24 (iperf client) --veth-- 198.18.3.2/24 wbrec-udp-rx (iperf server)
#
# (a) Loss: random loss on the receiver, iptables in wbrec-udp-rx:
#       INPUT -p udp --dport 5001 -m u32 ! --u32 <payload starts with a negative id>
#             -m statistic --mode random --probability P -j DROP
#     The u32 exception keeps iperf2's final datagram(s) (negative sequence number,
#     the end-of-test handshake) from being dropped, so the client always gets the
#     Server Report even at 80 % loss; data datagrams are dropped with probability P.
#     Client: iperf -u -c 198.18.3.2 -i 1 -t LOSS_TIME -b 50M
#     Server: nice -n SERVER_NICE iperf -u -s -w SERVER_BUF -i 1   (see SERVER_BUF below)
# (b) Bandwidth: tbf on the sender's egress (eth0 in wbrec-udp-tx):
#       tbf rate R burst max(1600 B, R * 2 ms) latency 50ms  (limit = R*50ms + burst:
#       a short drop-tail queue, so the excess offered load is dropped, not queued)
#     Client: iperf -u -c 198.18.3.2 -i 1 -t 60 -b (1.5 * R)
#     Server: nice -n SERVER_NICE iperf -u -s -w SERVER_BUF -i 1 -y c
#             (CSV; a second run with text output for 100M, 1M, 10K)
#
# Output (next to this script):
#   udp-loss-<p>pct-client.txt, udp-loss-<p>pct-server.txt   (a)
#   udp-bw-<rate>-server.csv, udp-bw-<rate>-client.txt       (b) (CSV = server stdout only)
#   udp-bw-<rate>-server.txt, udp-bw-<rate>-text-client.txt  (b) text run, rates 100M 1M 10K
#   udp-check.txt  the checks below, with the iptables drop counters and tbf statistics
#
# Checks: (a) measured loss (Lost/Total of the Server Report) against the configured
# probability, |measured - p| <= 4 binomial standard deviations; (b) mean of CSV
# column 9 (bits/sec) over the first 60 interval lines / configured rate within
# 90 %..101 %.
set -euo pipefail

if [[ ${EUID:-$(id -u)} -ne 0 ]]; then
    echo "record-udp.sh: must be run as root (network namespaces, tc, iptables)" >&2
    exit 1
fi

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT_DIR=${OUT_DIR:-$HERE}
CHECK=$OUT_DIR/udp-check.txt

# ---- parameters -----------------------------------------------------------------
LOSS_TIME=${LOSS_TIME:-60}          # seconds per loss run (seed: 60)
LOSS_RATE=${LOSS_RATE:-50M}         # offered load for the loss table (seed: -b 50M)
LOSS_PCTS=${LOSS_PCTS-"0 0.125 0.25 0.5 1 2 5 10 20 40 80"}
BW_TIME=${BW_TIME:-60}
BW_RATES=${BW_RATES-"100M 50M 20M 10M 5M 2M 1M 500K 200K 100K 50K 20K 10K"}
BW_TEXT_RATES=${BW_TEXT_RATES-"100M 1M 10K"}
BW_OFFER_FACTOR=${BW_OFFER_FACTOR:-1.5}   # client offers this multiple of the tbf rate
TBF_LATENCY=${TBF_LATENCY:-50ms}
TBF_BURST_MS=${TBF_BURST_MS:-2}           # burst = rate * this many ms, at least TBF_BURST_MIN
TBF_BURST_MIN=${TBF_BURST_MIN:-1600}      # bytes: one full-size frame
# Server socket receive buffer (iperf -w) and scheduling priority. This 2-core machine
# is shared with other jobs; with the default 208 KB buffer the iperf server was
# occasionally descheduled long enough for the UDP receive buffer to overflow
# (UdpRcvbufErrors), which shows up as extra "lost" datagrams at 0 % configured loss.
SERVER_BUF=${SERVER_BUF:-4M}
SERVER_NICE=${SERVER_NICE:--10}

NS_TX=wbrec-udp-tx; NS_RX=wbrec-udp-rx
IP_TX=198.18.3.1;   IP_RX=198.18.3.2
ALL_NS=("$NS_TX" "$NS_RX")
# iperf2 final datagram: first 32-bit word of the UDP payload is negative
FIN_U32='0>>22&0x3C@8>>31=1'

log() { echo "[record-udp] $*"; }
run() { log "+ $*"; "$@"; }

# ---- namespace setup / teardown -------------------------------------------------
teardown() {
    local ns pid
    for ns in "${ALL_NS[@]}"; do
        if [[ -e /var/run/netns/$ns ]]; then
            for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
            log "deleting namespace $ns"
            ip netns del "$ns" || true
        fi
    done
}

setup() {
    teardown
    run ip netns add "$NS_TX"
    run ip netns add "$NS_RX"
    run ip -n "$NS_TX" link set lo up
    run ip -n "$NS_RX" link set lo up
    run ip link add eth0 netns "$NS_TX" type veth peer name eth0 netns "$NS_RX"
    run ip -n "$NS_TX" addr add "$IP_TX/24" dev eth0
    run ip -n "$NS_RX" addr add "$IP_RX/24" dev eth0
    run ip -n "$NS_TX" link set eth0 up
    run ip -n "$NS_RX" link set eth0 up
    ip netns exec "$NS_TX" ping -q -c 2 -i 0.2 "$IP_RX" >/dev/null
    log "link $IP_TX -> $IP_RX works"
}

trap 'rc=$?; log "cleaning up"; teardown; exit $rc' EXIT
trap 'exit 130' INT TERM

to_bps() {   # 100M -> 100000000, 500K -> 500000
    local v=$1
    case $v in
        *M) echo $(( ${v%M} * 1000000 )) ;;
        *K) echo $(( ${v%K} * 1000 )) ;;
        *)  echo "$v" ;;
    esac
}

# run one UDP test: udp_test CLIENT_OUT SERVER_OUT SERVER_OPTS... -- CLIENT_OPTS...
udp_test() {
    local cout=$1 sout=$2; shift 2
    local -a sopts=() copts=()
    while [[ $1 != -- ]]; do sopts+=("$1"); shift; done
    shift
    copts=("$@")
    local spid cpid
    log "+ ip netns exec $NS_RX nice -n $SERVER_NICE iperf -u -s -w $SERVER_BUF ${sopts[*]} > $(basename "$sout")"
    if [[ $sout == *.csv ]]; then
        # CSV: stdout only, as in the seed ("iperf -u -s -i 1 -y c > data"); iperf's
        # stderr warnings (e.g. "ack of last datagram failed") go to this log instead
        ip netns exec "$NS_RX" nice -n "$SERVER_NICE" iperf -u -s -w "$SERVER_BUF" "${sopts[@]}" > "$sout" \
            2> >(sed -u 's/^/[record-udp]   iperf server stderr: /' >&2) &
    else
        ip netns exec "$NS_RX" nice -n "$SERVER_NICE" iperf -u -s -w "$SERVER_BUF" "${sopts[@]}" > "$sout" 2>&1 &
    fi
    spid=$!
    sleep 1
    log "+ ip netns exec $NS_TX iperf -u -c $IP_RX ${copts[*]} > $(basename "$cout")"
    ip netns exec "$NS_TX" iperf -u -c "$IP_RX" "${copts[@]}" > "$cout" 2>&1 &
    cpid=$!
    wait "$cpid" || log "WARNING: iperf client exited with $?"
    sleep 2       # let late datagrams and the final server line arrive
    kill -INT "$spid" 2>/dev/null || true
    wait "$spid" 2>/dev/null || true
}

rcvbuf_errors() {   # UDP receive-buffer overflows in the receiver namespace so far
    ip netns exec "$NS_RX" nstat -az UdpRcvbufErrors 2>/dev/null | awk '$1 == "UdpRcvbufErrors" { print $2 }'
}

# ---- (a) loss table -------------------------------------------------------------
loss_table() {
    local p prob cout sout
    echo "== (a) loss table: iperf -u -b $LOSS_RATE -t $LOSS_TIME, iptables statistic drop on the receiver" >> "$CHECK"
    printf '%-10s %-12s %-10s %-10s %-10s %-12s %-10s %-8s %s\n' configured measured lost total sigma iptables_drop rcvbuf_err z_score verdict >> "$CHECK"
    for p in $LOSS_PCTS; do
        prob=$(awk -v p="$p" 'BEGIN { printf "%.6f", p / 100 }')
        cout=$OUT_DIR/udp-loss-${p}pct-client.txt
        sout=$OUT_DIR/udp-loss-${p}pct-server.txt
        log "=== loss ${p}% (probability $prob)"
        ip netns exec "$NS_RX" iptables -F INPUT
        if [[ $p != 0 ]]; then
            run ip netns exec "$NS_RX" iptables -A INPUT -p udp --dport 5001 \
                -m u32 ! --u32 "$FIN_U32" -m statistic --mode random --probability "$prob" -j DROP
        fi
        local rb0 rb1
        rb0=$(rcvbuf_errors)
        udp_test "$cout" "$sout" -i 1 -- -i 1 -t "$LOSS_TIME" -b "$LOSS_RATE"
        rb1=$(rcvbuf_errors)
        local drops=0
        if [[ $p != 0 ]]; then
            drops=$(ip netns exec "$NS_RX" iptables -L INPUT -v -x -n | awk '$3 == "DROP" { print $1 }')
        fi
        # Server Report line: "... <lost>/<total> (<pct>%)"
        grep -A2 'Server Report' "$cout" | grep -oE '[0-9]+/ *[0-9]+ +\(' | tr -d ' (' | tail -1 |
            awk -F/ -v p="$p" -v drops="$drops" -v rb=$(( rb1 - rb0 )) '
                { lost = $1; total = $2; q = p / 100
                  sd = sqrt(total * q * (1 - q)); meas = 100 * lost / total
                  z = (sd > 0) ? (lost - total * q) / sd : (lost == 0 ? 0 : 99)
                  ok = (z < 4 && z > -4) ? "OK" : "FAIL"
                  printf "%-10s %-12s %-10d %-10d %-10.1f %-12s %-10s %-8.2f %s\n", p "%", sprintf("%.4f%%", meas), lost, total, sd, drops, rb, z, ok }' \
            | tee -a "$CHECK"
    done
    ip netns exec "$NS_RX" iptables -F INPUT
    echo >> "$CHECK"
}

# ---- (b) bandwidth table --------------------------------------------------------
set_tbf() {   # set_tbf BPS
    local bps=$1 burst
    burst=$(( bps / 8 * TBF_BURST_MS / 1000 ))
    (( burst < TBF_BURST_MIN )) && burst=$TBF_BURST_MIN
    ip netns exec "$NS_TX" tc qdisc del dev eth0 root 2>/dev/null || true
    run ip netns exec "$NS_TX" tc qdisc add dev eth0 root tbf \
        rate "${bps}bit" burst "$burst" latency "$TBF_LATENCY"
}

bw_check() {   # bw_check RATE CSV RCVBUF_ERRORS -> one line into the check file
    local rate=$1 csv=$2 rb=$3 bps
    bps=$(to_bps "$rate")
    head -n 60 "$csv" | cut -d, -f9 | awk -v r="$rate" -v bps="$bps" -v rb="$rb" -v lines="$(wc -l < "$csv")" '
        { s += $1; ss += $1 * $1; n++ }
        END { m = s / n; sd = sqrt(ss / n - m * m); pct = 100 * m / bps
              ok = (pct >= 90 && pct <= 101) ? "OK" : "FAIL"
              printf "%-6s %-14.0f %-8.2f %-12.0f %-6d %-9d %-10s %s\n", r, m, pct, sd, n, lines, rb, ok }' | tee -a "$CHECK"
}

bw_table() {
    local rate bps offer
    echo "== (b) bandwidth table: tbf on sender egress, offered ${BW_OFFER_FACTOR}x, -t $BW_TIME; mean/stddev of CSV column 9 over the first 60 lines" >> "$CHECK"
    printf '%-6s %-14s %-8s %-12s %-6s %-9s %-10s %s\n' rate mean_bps pct stddev_bps n csv_lines rcvbuf_err verdict >> "$CHECK"
    for rate in $BW_RATES; do
        bps=$(to_bps "$rate")
        offer=$(awk -v b="$bps" -v f="$BW_OFFER_FACTOR" 'BEGIN { printf "%d", b * f }')
        log "=== bandwidth $rate ($bps bit/s), offered $offer bit/s"
        set_tbf "$bps"
        local rb0 rb1
        rb0=$(rcvbuf_errors)
        udp_test "$OUT_DIR/udp-bw-$rate-client.txt" "$OUT_DIR/udp-bw-$rate-server.csv" -i 1 -y c -- \
            -i 1 -t "$BW_TIME" -b "$offer"
        ip netns exec "$NS_TX" tc -s qdisc show dev eth0 | sed 's/^/[record-udp]   tc: /'
        rb1=$(rcvbuf_errors)
        bw_check "$rate" "$OUT_DIR/udp-bw-$rate-server.csv" $(( rb1 - rb0 ))
    done
    echo >> "$CHECK"
    echo "== (b') text-output runs (same settings, server without -y c)" >> "$CHECK"
    for rate in $BW_TEXT_RATES; do
        bps=$(to_bps "$rate")
        offer=$(awk -v b="$bps" -v f="$BW_OFFER_FACTOR" 'BEGIN { printf "%d", b * f }')
        log "=== bandwidth $rate text run"
        set_tbf "$bps"
        udp_test "$OUT_DIR/udp-bw-$rate-text-client.txt" "$OUT_DIR/udp-bw-$rate-server.txt" -i 1 -- \
            -i 1 -t "$BW_TIME" -b "$offer"
        echo "$rate: $(grep -E '^\[ *[0-9]+\] 0\.0+-[0-9.]+ sec .* ms +[0-9]+/ *[0-9]+' "$OUT_DIR/udp-bw-$rate-server.txt" | tail -1)" | tee -a "$CHECK"
    done
    ip netns exec "$NS_TX" tc qdisc del dev eth0 root 2>/dev/null || true
}

main() {
    log "recording ToMaTo UDP loss/bandwidth tables into $OUT_DIR"
    setup
    {
        echo "# record-udp.sh checks, $(date -u +%Y-%m-%dT%H:%M:%SZ), kernel $(uname -r), $(iperf -v 2>&1)"
        echo "# server: nice -n $SERVER_NICE iperf -u -s -w $SERVER_BUF; rcvbuf_err = UdpRcvbufErrors in $NS_RX during the run"
        echo "# loss: iptables statistic on $NS_RX INPUT (final iperf datagrams exempt); bandwidth: tbf on $NS_TX eth0, burst max(${TBF_BURST_MIN}B, rate*${TBF_BURST_MS}ms), latency $TBF_LATENCY"
        echo
    } > "$CHECK"
    [[ ${SKIP_LOSS:-0} == 1 ]] || loss_table
    [[ ${SKIP_BW:-0} == 1 ]] || bw_table
    log "checks written to $CHECK"
    cat "$CHECK"
}

main "$@"
