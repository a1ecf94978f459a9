#!/usr/bin/env bash
# The tidy export's speed: `wirebench-cli export` of a ping log of REPLIES replies to a CSV
# file, timed against `cat` copying that CSV into another file and `sync`ing it (the same
# bytes through the same file system to the disk, as OutputFile writes them: disk speed),
# alternating the two (bench_lib.sh). Prints the medians, the
# ratio and the peak memory, and fails when export takes more than BOUND times cat's time or
# holds the rows in memory (peak RSS above 64 MB + 40 bytes per reply: the parsed series, no
# table).
#   tests/bench/bench_export.sh [REPLIES=5000000] [RUNS=5] [CLI] [BOUND=3]
# BOUND 0 checks the rows and the memory but not the time (the smoke test's small log, whose
# time is mostly the program's start-up).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/bench_lib.sh"
replies=${1:-5000000}
runs=${2:-5}
cli=${3:-$here/../../build/release/app/cli/wirebench-cli}
bound=${4:-3}
python=/usr/bin/python3
work=$(mktemp -d "${BENCH_DIR:-${TMPDIR:-/tmp}}/bench-export.XXXXXX")
trap 'rm -rf "$work"' EXIT

log=$work/ping.log
"$python" "$here/make_ping_log.py" "$replies" "$log"
ours() { "$cli" export -o "$work/out.csv" "$log"; }
copy() { cat "$work/out.csv" > "$work/copy.csv" && sync "$work/copy.csv"; }
ours
rows=$(($(wc -l < "$work/out.csv") - 1))
# Every reply and every lost request is a row.
lost=$(awk -F, 'NR > 1 && $7 == "lost"' "$work/out.csv" | wc -l)
[ $((rows - lost)) -eq "$replies" ] || { echo "bench_export.sh: $rows rows, $lost lost, not $replies replies" >&2; exit 1; }

alternate "$runs" ours copy
exp=$(median < "$work/ours"); cat_s=$(median < "$work/copy")
rss_kb=$(peak_kb "$cli" export -o "$work/out.csv" "$log")
bound_kb=$(( 64 * 1024 + replies * 40 / 1024 ))
ratio=$(echo "$exp / $cat_s" | bc -l)
printf 'export of %d replies: %s rows, %s bytes of CSV; medians of %d alternated runs\n' \
    "$replies" "$rows" "$(stat -c %s "$work/out.csv")" "$runs"
printf '%-34s %9.3f s   peak RSS %d MB (bound %d MB)\n' "wirebench-cli export -o FILE" "$exp" \
    $((rss_kb / 1024)) $((bound_kb / 1024))
printf '%-34s %9.3f s\n' "cat FILE > COPY; sync COPY" "$cat_s"
printf 'export / cat = %.2fx (bound %sx)\n' "$ratio" "$bound"
[ "$rss_kb" -le "$bound_kb" ] || { echo "bench_export.sh: peak RSS above the bound" >&2; exit 1; }
[ "$bound" = 0 ] || [ "$(echo "$ratio <= $bound" | bc -l)" -eq 1 ] || { echo "bench_export.sh: export is ${ratio}x cat" >&2; exit 1; }
