#!/usr/bin/env bash
# Times `wirebench-cli stats --compat qjump` against the QJump reference pipeline
# (grep "time=" | cut -d= -f4 | cut -d" " -f1, then numpy percentiles) and `wc -l` on the
# same generated log, alternating the three, and prints medians and ratios. Checks that both
# reports agree to the printed digit first.
#   tests/bench/run_bench.sh [REPLIES=1000000] [RUNS=5] [CLI=build/release/app/cli/wirebench-cli]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
replies=${1:-1000000}
runs=${2:-5}
cli=${3:-$here/../../build/release/app/cli/wirebench-cli}
python=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/ping-$replies.log
"$python" "$here/make_ping_log.py" "$replies" "$log"

reference() { sh "$here/../tools/qjump_reference.sh" "$python" "$log"; }
ours() { "$cli" stats --compat qjump "$log"; }
count() { wc -l < "$log"; }

if ! diff <(reference) <(ours) > "$work/diff"; then
    echo "run_bench.sh: wirebench and the reference pipeline disagree:" >&2
    cat "$work/diff" >&2
    exit 1
fi

seconds() { local start end; start=$(date +%s.%N); "$@" > /dev/null; end=$(date +%s.%N); echo "$end - $start" | bc -l; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
: > "$work/ref"; : > "$work/ours"; : > "$work/wc"
for _ in $(seq "$runs"); do
    seconds reference >> "$work/ref"
    seconds ours >> "$work/ours"
    seconds count >> "$work/wc"
done
ref=$(median < "$work/ref"); our=$(median < "$work/ours"); wcl=$(median < "$work/wc")
printf 'log: %d replies, %s bytes; medians of %d alternated runs\n' "$replies" "$(stat -c %s "$log")" "$runs"
printf '%-34s %9.3f s\n' "reference (grep | cut | numpy)" "$ref" "wirebench-cli stats --compat qjump" "$our" "wc -l" "$wcl"
printf 'reference / wirebench = %.1fx    wirebench / wc -l = %.1fx\n' "$(echo "$ref / $our" | bc -l)" "$(echo "$our / $wcl" | bc -l)"
