#!/usr/bin/env bash
# Golden outputs of wirebench-cli: proves that a change to the engine (a refactor, a speed-up)
# leaves every number the command-line tool prints exactly as it was.
#
# It runs a fixed set of commands (detect, stats in text/json/--compat qjump, table in
# text/csv and --group-by, flows in text/json, compare, sweep, plot of every type to SVG, report to
# HTML) over
#   - every log in samples/ and under tests/data/ (the files wirebench-cli refuses too: their
#     error messages are output),
#   - every log in the folder WIREBENCH_CORPUS_DIR names: logs from public projects, kept
#     outside the repository as for tst_corpus, named corpus/NAME in the outputs wherever the
#     folder is (skipped with a message when the variable is unset),
#   - logs generated here with tests/bench/make_*.py, seeded, big enough (a 600,000-reply ping
#     log, a 1-hour iperf2 -P 30 log, a 4 MB iperf3 -J log) that the engine's big-file path
#     (import/ParallelFeeder: from 4 MiB, on a machine of 2 cores or more) is taken,
# and compares stdout, stderr and the exit status of each, and the SVG/HTML written, with the
# files in tests/golden/expected/ (one per input set and command).
#
#   check_outputs.sh record CLI            write tests/golden/expected/ from CLI's outputs
#   check_outputs.sh check CLI             compare CLI's outputs with tests/golden/expected/;
#                                          exit 1 and print diffs when any differ
#   check_outputs.sh compare OLD_CLI NEW_CLI
#                                          compare two binaries directly (no stored files;
#                                          large outputs are diffed in full, not by hash)
#
# Re-record only when a change is meant to change what the tool prints (a fix, a new field),
# after reading the diff of `check`; say so in the commit message, so that a refactor's commit
# never carries re-recorded expected files.
#
# JSON outputs are kept without their indentation (to stay within a few MB). Outputs of the
# generated logs too large to keep (flows --format json: tens of MB) are stored as their
# sha256; `compare` with the old binary shows their text. The generated logs' own sha256 are
# stored too (generated/logs-sha256.txt), so that a changed generator or Python is told apart
# from a changed engine. Plots are compared as SVG text, which holds the plotted
# coordinates and the font metrics of the installed fonts: record on the machine (image) that
# runs the check.
set -euo pipefail

usage() {
    echo "usage: $0 record CLI | check CLI | compare OLD_CLI NEW_CLI" >&2
    exit 2
}

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
expected_dir=$here/expected
python=${PYTHON:-python3}
# Outputs of the generated set above this size are kept as a sha256 (see above).
hash_above_bytes=65536
# Lines of each differing file's unified diff that are printed.
diff_lines=40

mode=${1:-}
case "$mode" in
record | check) [ $# -eq 2 ] || usage ;;
compare) [ $# -eq 3 ] || usage ;;
*) usage ;;
esac
# The binaries are run from other folders: make their paths absolute.
absolute() { (cd "$(dirname "$1")" && echo "$(pwd)/$(basename "$1")"); }
for cli in "${@:2}"; do
    [ -x "$cli" ] || { echo "golden: $cli is not an executable" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One environment for every run, whatever the caller's: no display, fixed locale and time
# zone, and a private runtime folder (without one Qt prints a QStandardPaths warning to
# stderr that depends on the caller's environment, not on the tool).
export QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 TZ=UTC
export XDG_RUNTIME_DIR=$work/runtime
mkdir -m 700 "$XDG_RUNTIME_DIR"

# Whether a file of an input folder is a log (or meant to be read as one). Documentation,
# scripts, plans, workspaces, the test suites' expected-result sidecars and the corpus
# manifest are not; the refused logs (tc/ss dumps, recording transcripts) stay in.
is_log() {
    case "$1" in
    # A run's sidecar (.run.json) is read with its log, not as a log.
    *.md | *.sh | *.py | *.wbws | *.golden.json | *.run.json | */plans/* | */MANIFEST.tsv) return 1 ;;
    esac
    return 0
}

# The logs under a folder (relative to the working folder, which may be a link), in byte order.
logs_under() {
    local file
    find -H "$1" -type f | LC_ALL=C sort | while read -r file; do
        if is_log "$file"; then echo "$file"; fi
    done
}

corpus_dir=
if [ -n "${WIREBENCH_CORPUS_DIR:-}" ] && [ -d "$WIREBENCH_CORPUS_DIR" ]; then
    corpus_dir=$(cd "$WIREBENCH_CORPUS_DIR" && pwd)
fi
have_corpus() { [ -n "$corpus_dir" ]; }

# The generated logs, written once per invocation and shared by both binaries of `compare`.
generated=$work/generated
make_generated_logs() {
    mkdir "$generated"
    "$python" "$repo/tests/bench/make_ping_log.py" 600000 "$generated/ping-600k.log"
    "$python" "$repo/tests/bench/make_iperf2_log.py" 3600 30 "$generated/iperf2-P30-3600s.log"
    "$python" "$repo/tests/bench/make_iperf3_json.py" 400 "$generated/iperf3-P30-400s.json"
}

# Writes to stdout what is kept of a command's stdout: its text, or for the generated set,
# when large, its sha256, size and line count. JSON is kept without its indentation: every
# key and number is still compared line by line, in a third of the space (samples/' flows
# --format json holds the per-flow intervals of four 30-stream logs).
render_stdout() {
    local file=$1 json=$2
    if [ "$hash_large" = yes ] && [ "$(stat -c %s "$file")" -gt "$hash_above_bytes" ]; then
        echo "(large output, kept as its hash: tests/golden/check_outputs.sh compare OLD NEW shows the text)"
        printf 'sha256 %s, %d bytes, %d lines\n' "$(sha256sum < "$file" | cut -d' ' -f1)" \
            "$(stat -c %s "$file")" "$(wc -l < "$file")"
    elif [ "$json" = yes ]; then
        sed 's/^ *//' "$file"
    else
        cat "$file"
    fi
}

# run_case CLI OUT_DIR NAME [--writes FILE_NAME] [--set-logs] ARGS...
# Runs CLI ARGS in the current folder and writes OUT_DIR/NAME.txt: the command, its exit
# status, stdout, stderr and, for plot and report, the file it wrote. A failing command is
# output like any other; it does not stop the script. With --writes, ARGS may use @OUT@ for
# the path of the written file (in the temporary folder, so that the repository stays clean);
# the temporary folder's path is replaced by $WORK in the outputs. With --set-logs the input
# set's logs (set_logs, listed once in the set's logs.txt) follow ARGS.
run_case() {
    local cli=$1 out_dir=$2 name=$3
    shift 3
    local writes="" shown
    if [ "${1:-}" = --writes ]; then
        writes=$2
        shift 2
    fi
    shown="$*"
    if [ "${1:-}" = --set-logs ]; then
        shift
        shown="$* LOGS (logs.txt)"
        set -- "$@" "${set_logs[@]}"
    fi
    local written=$work/written/${writes:-none} args=() arg status=0
    mkdir -p "$work/written" "$out_dir"
    rm -f "$written" # a file left by the other binary of `compare` must not pass for this one's
    for arg in "$@"; do args+=("${arg//@OUT@/$written}"); done
    local json=no
    case " $* " in *" --format json "*) json=yes ;; esac
    "$cli" "${args[@]}" > "$work/stdout" 2> "$work/stderr" || status=$?
    {
        printf '$ wirebench-cli %s\n' "$shown"
        printf 'exit status: %d\n' "$status"
        echo "--- stdout ---"
        render_stdout "$work/stdout" "$json"
        echo "--- stderr ---"
        cat "$work/stderr"
        if [ -n "$writes" ]; then
            echo "--- $writes ---"
            if [ -f "$written" ]; then
                normalise_written "$written"
            else
                echo "(not written)"
            fi
        fi
    } | sed "s|$work|\$WORK|g" > "$out_dir/$name.txt"
}

# What differs between two runs of the same binary on the same input, and only that: the
# HTML report's "generated <local time>". The SVG plots were byte-identical run to run.
normalise_written() {
    case "$1" in
    *.html)
        sed -E 's/generated [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}/generated <time of the run>/' "$1"
        ;;
    *) cat "$1" ;;
    esac
}

# The commands every input set gets, each over all its logs at once (a file of the wrong kind
# gets the tool's error message, which is output too). The logs are listed in logs.txt.
per_set_commands() {
    local cli=$1 out_dir=$2
    shift 2
    if [ $# -eq 0 ]; then
        echo "golden: no logs found for $out_dir" >&2
        exit 2
    fi
    local set_logs=("$@") # read by run_case --set-logs
    mkdir -p "$out_dir"
    printf '%s\n' "$@" > "$out_dir/logs.txt"
    run_case "$cli" "$out_dir" detect --set-logs detect
    run_case "$cli" "$out_dir" stats --set-logs stats
    run_case "$cli" "$out_dir" stats-json --set-logs stats --format json
    run_case "$cli" "$out_dir" stats-qjump --set-logs stats --compat qjump
    run_case "$cli" "$out_dir" table --set-logs table
    run_case "$cli" "$out_dir" table-csv --set-logs table --format csv
    run_case "$cli" "$out_dir" flows --set-logs flows
    run_case "$cli" "$out_dir" flows-json --set-logs flows --format json
}

# All outputs of one binary, into OUT_ROOT/SET/NAME.txt. HASH_LARGE (yes/no) applies to the
# generated set only: the samples', tests/data's and corpus' outputs are kept as text, so
# that a difference there reads as a diff.
run_all() {
    # hash_large is read by render_stdout (bash's dynamic scope: run_all's callees see it).
    local cli=$1 out_root=$2 hash_large=no
    local files
    cd "$repo"

    mapfile -t files < <(logs_under samples)
    per_set_commands "$cli" "$out_root/samples" "${files[@]}"
    mapfile -t files < <(logs_under tests/data)
    per_set_commands "$cli" "$out_root/tests-data" "${files[@]}"
    if have_corpus; then
        # Through a link in the scratch folder, so that outputs name the logs corpus/NAME.
        ln -sfn "$corpus_dir" "$work/corpus"
        cd "$work"
        mapfile -t files < <(logs_under corpus)
        per_set_commands "$cli" "$out_root/corpus" "${files[@]}"
        cd "$repo"
    fi

    # Meaningful pairs: QJump's idle baseline against iperf load (one log, and three pooled),
    # cubic against reno (iperf2 30 streams by group, iperf3 -J 4 streams).
    local out=$out_root/compare
    local baseline=samples/ping18_np loaded=samples/ping18_iperf16_np
    local all_loaded=samples/ping18_iperf16_np,samples/ping18_iperf18_np,samples/ping18_iperf68_np
    local tcp_p30=(samples/tcp-*-P30-client.txt) iperf3_pair=(samples/iperf3-{cubic,reno}-P4.json)
    run_case "$cli" "$out" ping-baseline-vs-iperf16 compare "$baseline" "$loaded"
    run_case "$cli" "$out" ping-baseline-vs-iperf16-json compare --format json "$baseline" "$loaded"
    run_case "$cli" "$out" ping-baseline-vs-loaded-qjump compare --compat qjump "$baseline" "$all_loaded"
    run_case "$cli" "$out" tcp-P30-by-cc compare --group-by congestion_control "${tcp_p30[@]}"
    run_case "$cli" "$out" tcp-P30-by-cc-json \
        compare --format json --group-by congestion_control "${tcp_p30[@]}"
    run_case "$cli" "$out" iperf3-cubic-vs-reno compare "${iperf3_pair[@]}"
    run_case "$cli" "$out" iperf3-cubic-vs-reno-json compare --format json "${iperf3_pair[@]}"

    # Groups of runs, one row each: at run level (the default) and pooled. Cubic against reno
    # in the bottleneck recordings (iperf 2 and iperf3 runs, each with its ss samples; the
    # server logs do not say); the five QJump runs and the two 30-stream runs by kind.
    out=$out_root/table-group
    local bottleneck=samples/bottleneck by_kind=(samples/ping18_* "${tcp_p30[@]}")
    run_case "$cli" "$out" bottleneck-by-cc table --group-by congestion_control "$bottleneck"
    run_case "$cli" "$out" bottleneck-by-cc-csv \
        table --format csv --group-by congestion_control "$bottleneck"
    run_case "$cli" "$out" bottleneck-by-cc-json \
        table --format json --group-by congestion_control "$bottleneck"
    run_case "$cli" "$out" bottleneck-by-cc-pooled \
        table --pooled --group-by congestion_control "$bottleneck"
    run_case "$cli" "$out" ping-and-tcp-by-kind table --group-by kind "${by_kind[@]}"
    run_case "$cli" "$out" ping-and-tcp-by-kind-markdown \
        table --format markdown --group-by kind "${by_kind[@]}"

    # Configured against measured (the ToMaTo test, seed 002): the loss table from the client
    # logs' Server Reports, the bandwidth table from the server CSVs' first 60 intervals, and
    # a pattern that leaves a server log out.
    out=$out_root/sweep
    local loss=(samples/udp-loss-*-client.txt) bw=(samples/udp-bw-*-server.csv) format
    for format in text csv json markdown latex; do
        run_case "$cli" "$out" "loss-$format" sweep --format "$format" --param loss \
            --names 'udp-loss-{loss}pct-client.txt' --metric udp-loss "${loss[@]}"
        run_case "$cli" "$out" "bandwidth-$format" sweep --format "$format" --param bandwidth \
            --names 'udp-bw-{bandwidth}-server.csv' --metric interval-mean --first 60 "${bw[@]}"
    done
    run_case "$cli" "$out" loss-unmatched sweep --param loss \
        --names 'udp-loss-{loss}pct-client.txt' --metric udp-loss samples/udp-loss-1pct-*

    # Latency plots on two logs at once and on one with lost requests; flow plots on an iperf2
    # text log and on two iperf3 -J logs.
    out=$out_root/plot
    local type
    for type in cdf ccdf hist box timeline bands; do
        run_case "$cli" "$out" "$type-ping18" --writes plot.svg \
            plot --type "$type" -o @OUT@ samples/ping18_np samples/ping18_iperf16_np
        run_case "$cli" "$out" "$type-loss" --writes plot.svg \
            plot --type "$type" -o @OUT@ tests/data/ping/iputils_O_loss.txt
    done
    for type in flows timeseries; do
        run_case "$cli" "$out" "$type-tcp-P30" --writes plot.svg \
            plot --type "$type" -o @OUT@ samples/tcp-cubic-P30-client.txt
        run_case "$cli" "$out" "$type-iperf3" --writes plot.svg \
            plot --type "$type" -o @OUT@ samples/iperf3-cubic-P4.json samples/iperf3-reno-P4.json
    done
    # TCP state per flow over time from iperf3 -J; an iperf2 log without -e has none of it.
    for type in cwnd rtt retransmits; do
        run_case "$cli" "$out" "$type-iperf3" --writes plot.svg \
            plot --type "$type" -o @OUT@ samples/iperf3-cubic-P4.json samples/iperf3-reno-P4.json
    done
    run_case "$cli" "$out" cwnd-tcp-P30 --writes plot.svg \
        plot --type cwnd -o @OUT@ samples/tcp-cubic-P30-client.txt

    # A latency-under-load step on one time axis: its ping, flows and ss samples.
    run_case "$cli" "$out" loadtime-step --writes plot.svg \
        plot --type loadtime -o @OUT@ tests/data/loadtime/*.log

    # Sweeps: configured loss (from the names) against UDP loss on linear axes, configured
    # rate against the mean of the first 60 intervals on log axes.
    run_case "$cli" "$out" sweep-loss --writes plot.svg \
        plot --type sweep --param loss --names 'udp-loss-{loss}pct-client.txt' \
        --metric udp-loss -o @OUT@ samples/udp-loss-*-client.txt
    run_case "$cli" "$out" sweep-bw --writes plot.svg \
        plot --type sweep --param bandwidth --names 'udp-bw-{bandwidth}-server.csv' \
        --metric interval-mean --first 60 -o @OUT@ samples/udp-bw-*-server.csv

    run_case "$cli" "$out_root/report" demo --writes report.html report samples/demo.wbws -o @OUT@

    # The generated logs, named relative to their folder so that outputs name them alike.
    cd "$generated"
    hash_large=yes
    mkdir -p "$out_root/generated"
    sha256sum -- * > "$out_root/generated/logs-sha256.txt"
    per_set_commands "$cli" "$out_root/generated" \
        ping-600k.log iperf2-P30-3600s.log iperf3-P30-400s.json
    cd "$repo"
}

# Compares two output trees; prints the first lines of each differing file's diff and the
# summary line; returns 1 when any differ. The corpus set is not compared when it is absent.
compare_trees() {
    local old=$1 new=$2 old_label=$3 new_label=$4
    local compared=0 differing=0 name set
    local names
    mapfile -t names < <( (cd "$old" && find . -type f; cd "$new" && find . -type f) | LC_ALL=C sort -u)
    for name in "${names[@]}"; do
        set=${name#./}
        set=${set%%/*}
        if [ "$set" = corpus ] && ! have_corpus; then continue; fi
        compared=$((compared + 1))
        if [ ! -f "$old/$name" ] || [ ! -f "$new/$name" ]; then
            differing=$((differing + 1))
            echo "golden: ${name#./}: only in $([ -f "$old/$name" ] && echo "$old_label" || echo "$new_label")"
        elif ! cmp -s "$old/$name" "$new/$name"; then
            differing=$((differing + 1))
            diff -u --label "$old_label/${name#./}" --label "$new_label/${name#./}" \
                "$old/$name" "$new/$name" | head -n "$diff_lines" || true
        fi
    done
    echo "golden: $compared outputs compared, $differing differ"
    [ "$differing" -eq 0 ]
}

skip_corpus_message() {
    have_corpus || echo "golden: no corpus (WIREBENCH_CORPUS_DIR unset or not a folder); its logs are skipped"
}

make_generated_logs
case "$mode" in
record)
    cli=$(absolute "$2")
    skip_corpus_message
    run_all "$cli" "$work/actual"
    # Without the corpus its recorded outputs are kept as they were, not dropped.
    if ! have_corpus && [ -d "$expected_dir/corpus" ]; then
        cp -r "$expected_dir/corpus" "$work/actual/corpus"
    fi
    rm -rf "$expected_dir"
    cp -r "$work/actual" "$expected_dir"
    echo "golden: recorded $(find "$expected_dir" -type f | wc -l) outputs of $cli in $expected_dir ($(du -sh "$expected_dir" | cut -f1))"
    ;;
check)
    cli=$(absolute "$2")
    [ -d "$expected_dir" ] || { echo "golden: no $expected_dir; record it first" >&2; exit 2; }
    skip_corpus_message
    run_all "$cli" "$work/actual"
    compare_trees "$expected_dir" "$work/actual" expected actual
    ;;
compare)
    old_cli=$(absolute "$2")
    new_cli=$(absolute "$3")
    skip_corpus_message
    # No hashes here: a developer comparing two builds wants the text of every difference.
    hash_above_bytes=$((1 << 62))
    run_all "$old_cli" "$work/old"
    run_all "$new_cli" "$work/new"
    compare_trees "$work/old" "$work/new" old new
    ;;
esac
