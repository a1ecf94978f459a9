#!/usr/bin/env bash
# Times `wirebench-cli flows` on a generated iperf 2.1.8 client log of
# `iperf -c … -P STREAMS -i 1 -t SECONDS` against `wc -l` on the same file, alternating the
# two (warm cache) and with the start-up floor (`wirebench-cli --help`, bench_lib.sh), and
# prints medians, their ratios and wirebench's peak RSS. Checks first
# that the report has every flow and the tool's SUM.
#   tests/bench/bench_iperf2_flows.sh [SECONDS=3600] [STREAMS=30] [RUNS=5]
#                                     [CLI=build/release/app/cli/wirebench-cli]
# ENHANCED=1 generates the `-e` variant of the log.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/bench_lib.sh"
duration=${1:-3600}
streams=${2:-30}
runs=${3:-5}
cli=${4:-$here/../../build/release/app/cli/wirebench-cli}
python=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/iperf2-P$streams-t$duration.txt
"$python" "$here/make_iperf2_log.py" ${ENHANCED:+--enhanced} "$duration" "$streams" "$log"

ours() { "$cli" flows "$log"; }
count() { wc -l < "$log"; }

ours > "$work/report"
reported=$(grep -cE '^[0-9]+ ' "$work/report" || true)
if [ "$reported" -ne "$streams" ] || ! grep -q '^SUM ' "$work/report"; then
    echo "bench_iperf2_flows.sh: expected $streams flows and the tool's SUM, got:" >&2
    cat "$work/report" >&2
    exit 1
fi

alternate "$runs" ours count startup 2> /dev/null # the log's warning was shown above
our=$(median < "$work/ours"); wcl=$(median < "$work/count"); floor=$(median < "$work/startup")
rss=$(peak_kb "$cli" flows "$log")
printf 'log: %d lines, %s bytes (%d streams, %d s); medians of %d alternated runs\n' \
    "$(count)" "$(stat -c %s "$log")" "$streams" "$duration" "$runs"
printf '%-28s %9.4f s   peak RSS %s KiB\n' "wirebench-cli flows" "$our" "$rss"
printf '%-28s %9.4f s\n' "wc -l" "$wcl"
print_startup "$floor" "$wcl"
printf 'wirebench / wc -l = %.2fx\n' "$(echo "$our / $wcl" | bc -l)"
