#!/usr/bin/env bash
# Times `wirebench-cli flows` on a long iperf3 -J log (30 streams, -i 1) against `wc -l` on the
# same file, alternating the two and the start-up floor (`wirebench-cli --help`, bench_lib.sh),
# and prints medians, the ratios and peak memory. First checks
# on a 120 s run that `flows --format json` equals what Python's json module reads from the log.
#   tests/bench/bench_iperf3_flows.sh [SECONDS=20000 (about 210 MB)] [RUNS=5]
#                                     [CLI=build/release/app/cli/wirebench-cli]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/bench_lib.sh"
duration=${1:-20000}
runs=${2:-5}
cli=${3:-$here/../../build/release/app/cli/wirebench-cli}
python=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

check_seconds=$(( duration < 120 ? duration : 120 ))
"$python" "$here/make_iperf3_json.py" "$check_seconds" "$work/check.json" --seed 7
"$cli" flows --format json "$work/check.json" > "$work/check.out"
"$python" "$here/check_iperf3_flows.py" "$work/check.json" "$work/check.out"

log=$work/iperf3-P30-$duration.json
"$python" "$here/make_iperf3_json.py" "$duration" "$log"
ours() { "$cli" flows "$log"; }
count() { wc -l < "$log"; }
ours > "$work/report.txt" # fails the script when the log cannot be read
cat "$log" > /dev/null    # warm the page cache

alternate "$runs" ours count startup
rss=$(peak_kb "$cli" flows "$log")
our=$(median < "$work/ours"); wcl=$(median < "$work/count"); floor=$(median < "$work/startup")
printf 'log: %d s x 30 streams, %s bytes, %s lines; medians of %d alternated runs\n' \
    "$duration" "$(stat -c %s "$log")" "$(count)" "$runs"
printf '%-28s %9.3f s   peak RSS %s KiB\n' "wirebench-cli flows" "$our" "$rss"
printf '%-28s %9.3f s\n' "wc -l" "$wcl"
print_startup "$floor" "$wcl"
printf 'wirebench / wc -l = %.1fx\n' "$(echo "$our / $wcl" | bc -l)"
