#!/usr/bin/env bash
# The latency benchmark. On the same generated iputils log it times, alternately:
#   - the QJump reference pipeline: grep "time=" | cut -d= -f4 | cut -d" " -f1, then numpy
#   - wirebench-cli stats (the dialect parser) and wirebench-cli stats --compat qjump
#   - wc -l, and wirebench-cli --help: the start-up floor under every run (bench_lib.sh)
# checks first that all three reports agree to the printed digit, and prints medians, ratios
# and peak resident memory (/usr/bin/time %M, mapped file pages included) against the bound
# 64 MB + 16 bytes per sample.
#   tests/bench/run_bench.sh [REPLIES=1000000] [RUNS=5] [CLI]
#   tests/bench/run_bench.sh scaling [RUNS=5] [CLI]    time per reply at 0.5M, 5M and 20M
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/bench_lib.sh"
python=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT


make_log() { "$python" "$here/make_ping_log.py" "$1" "$2"; }

if [ "${1:-}" = scaling ]; then
    runs=${2:-5}
    cli=${3:-$here/../../build/release/app/cli/wirebench-cli}
    # Also per reply after the start-up floor (bench_lib.sh), timed in the same alternation:
    # the fixed cost of loading Qt weighs most on the smallest log.
    printf '%10s %12s %14s %14s %24s\n' replies "stats (s)" "start-up (s)" "ns per reply" "ns per reply - start-up"
    declare -A per net
    stats_log() { "$cli" stats "$work/ping.log"; }
    for replies in 500000 5000000 20000000; do
        make_log "$replies" "$work/ping.log"
        alternate "$runs" stats_log startup
        t=$(median < "$work/stats_log"); floor=$(median < "$work/startup")
        per[$replies]=$(echo "$t * 1000000000 / $replies" | bc -l)
        net[$replies]=$(echo "($t - $floor) * 1000000000 / $replies" | bc -l)
        printf '%10d %12.3f %14.4f %14.1f %24.1f\n' "$replies" "$t" "$floor" "${per[$replies]}" "${net[$replies]}"
        rm -f "$work/ping.log"
    done
    for replies in 500000 20000000; do
        printf 'time per reply at %d / at 5000000 = %.2f (after start-up %.2f)\n' "$replies" \
            "$(echo "${per[$replies]} / ${per[5000000]}" | bc -l)" "$(echo "${net[$replies]} / ${net[5000000]}" | bc -l)"
    done
    exit 0
fi

replies=${1:-1000000}
runs=${2:-5}
cli=${3:-$here/../../build/release/app/cli/wirebench-cli}
log=$work/ping-$replies.log
make_log "$replies" "$log"

reference() { sh "$here/../tools/qjump_reference.sh" "$python" "$log"; }
compat() { "$cli" stats --compat qjump "$log"; }
dialect() { "$cli" stats "$log"; }
count() { wc -l < "$log"; }

# The generated log has no duplicates, so the dialect parser's samples are the artifact's.
reference > "$work/reference.txt"
for ours in compat dialect; do
    if ! $ours | diff "$work/reference.txt" - > "$work/diff"; then
        echo "run_bench.sh: wirebench-cli ($ours) and the reference pipeline disagree:" >&2
        cat "$work/diff" >&2
        exit 1
    fi
done

alternate "$runs" reference dialect compat count startup
ref=$(median < "$work/reference"); dia=$(median < "$work/dialect"); com=$(median < "$work/compat")
wcl=$(median < "$work/count"); floor=$(median < "$work/startup")
bound_kb=$(( 64 * 1024 + replies * 16 / 1024 ))
printf 'log: %d replies, %s bytes; medians of %d alternated runs\n' "$replies" "$(stat -c %s "$log")" "$runs"
printf '%-36s %9s %14s %12s %14s\n' "" "time (s)" "reference / x" "x / wc -l" "peak RSS (MB)"
# row LABEL SECONDS RSS [-]: a fourth argument "-" leaves out the speed-up over the reference.
row() {
    local speedup; speedup=$(printf '%.1f' "$(echo "$ref / $2" | bc -l)")
    printf '%-36s %9.3f %14s %12.1f %14s\n' "$1" "$2" "${4:-$speedup}" "$(echo "$2 / $wcl" | bc -l)" "$3"
}
row "reference (grep | cut | numpy)" "$ref" "-"
row "wirebench-cli stats" "$dia" "$(( $(peak_kb "$cli" stats "$log") / 1024 ))"
row "wirebench-cli stats --compat qjump" "$com" "$(( $(peak_kb "$cli" stats --compat qjump "$log") / 1024 ))"
row "wirebench-cli --help (start-up)" "$floor" "-" "-"
row "wc -l" "$wcl" "-"
printf 'memory bound 64 MB + 16 B/sample = %d MB\n' "$(( bound_kb / 1024 ))"
