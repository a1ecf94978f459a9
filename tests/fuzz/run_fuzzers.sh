#!/usr/bin/env bash
# Runs every libFuzzer target of the fuzz preset for a bounded time, one per core at a time
# (FUZZ_JOBS=N to change that), and prints a table: target, executions, exec/s, seconds, corpus
# size, findings. Exits non-zero when any target found something (crash, leak, undefined
# behaviour, timeout, out of memory or a broken promise); the inputs that did it are named at
# the end.
#
#   cmake --preset fuzz && cmake --build --preset fuzz
#   tests/fuzz/run_fuzzers.sh [SECONDS_PER_TARGET [TARGET...]]     (default 20 s, all targets)
#
# Each run starts from samples/, tests/data/ and tests/fuzz/regressions/<target>/. New inputs
# go to build/fuzz/fuzz-work/corpus/<target> (kept between runs; delete it to start over),
# findings to build/fuzz/fuzz-work/findings/<target>, libFuzzer's output to .../logs/<target>.log.
set -uo pipefail

root=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
build=${WIREBENCH_FUZZ_BUILD:-$root/build/fuzz}
bin=$build/tests/fuzz
work=$build/fuzz-work
seconds=${1:-20}
shift $(($# > 0 ? 1 : 0))

if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(find "$bin" -maxdepth 1 -name 'fuzz_*' -type f -perm -u+x -printf '%f\n' 2>/dev/null | sort)
fi
if [ ${#targets[@]} -eq 0 ]; then
  echo "run_fuzzers.sh: no fuzz targets in $bin; build them: cmake --preset fuzz && cmake --build --preset fuzz" >&2
  exit 2
fi

# A number from libFuzzer's final statistics ("stat::NAME: VALUE") in a log.
stat() { sed -n "s/^stat::$1: *//p" "$2" | tail -n 1; }

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

mkdir -p "$work/logs" "$work/results"

# Fuzzes one target; leaves its table row in results/<target>.row and one line per finding in
# results/<target>.found.
fuzz_target() {
  local target=$1
  local corpus=$work/corpus/$target findings=$work/findings/$target log=$work/logs/$target.log
  local result=$work/results/$target
  rm -rf "$findings" "$result".row "$result".found
  mkdir -p "$corpus" "$findings"
  local seeds=("$root/samples" "$root/tests/data")
  [ -d "$root/tests/fuzz/regressions/$target" ] && seeds+=("$root/tests/fuzz/regressions/$target")

  echo "run_fuzzers.sh: $target for ${seconds} s" >&2
  local start status elapsed
  start=$(date +%s.%N)
  # -max_len: longer than the longest line a parser keeps whole (64 KiB), so cut lines are
  # fuzzed too; seeds longer than this are read truncated, which is a good input as well
  # (replay_main.cpp replays them so: kMaxLength).
  "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=80000 \
    -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" "${seeds[@]}" >"$log" 2>&1
  status=$?
  elapsed=$(echo "$(date +%s.%N) - $start" | bc)

  # Slow inputs are only reported (slow-unit-*); everything else libFuzzer saves is a finding.
  local artifacts
  mapfile -t artifacts < <(find "$findings" -type f ! -name 'slow-unit-*' | sort)
  if [ "$status" -ne 0 ] && [ ${#artifacts[@]} -eq 0 ]; then
    # it failed without saving an input (e.g. a crash while reading the seeds)
    artifacts=("(no input saved; exit status $status)")
  fi
  : >"$result".found
  local artifact
  for artifact in "${artifacts[@]}"; do echo "$target: $artifact (log: $log)" >>"$result".found; done

  local executions rate corpus_size
  executions=$(stat number_of_executed_units "$log")
  rate=$(stat average_exec_per_sec "$log")
  corpus_size=$(grep -o 'corp: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
  printf '%-20s %12s %8s %8.1f %8s %9s\n' "$target" "${executions:-?}" "${rate:-?}" "$elapsed" \
    "${corpus_size:-?}" ${#artifacts[@]} >"$result".row
}

# One target per core at a time: each libFuzzer process is single-threaded, and the time per
# target stays what was asked.
parallel=${FUZZ_JOBS:-$(nproc)}
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n; done
  fuzz_target "$target" &
done
wait

rows=()
found=()
for target in "${targets[@]}"; do
  if [ -f "$work/results/$target.row" ]; then
    rows+=("$(cat "$work/results/$target.row")")
  else
    rows+=("$(printf '%-20s (no result)' "$target")")
    found+=("$target: the run left no result")
  fi
  [ -f "$work/results/$target.found" ] && mapfile -t -O ${#found[@]} found <"$work/results/$target.found"
done
total_findings=${#found[@]}

printf '\n%-20s %12s %8s %8s %8s %9s\n' target executions exec/s seconds corpus findings
printf '%s\n' "${rows[@]}"
if [ "$total_findings" -gt 0 ]; then
  echo
  echo "run_fuzzers.sh: $total_findings finding(s); reproduce with the target and the input, e.g. $bin/<target> <input>:"
  printf '  %s\n' "${found[@]}"
  exit 1
fi
echo "run_fuzzers.sh: no findings"
