# Shared by the benchmark scripts (sourced): how a command is timed, how runs are summarised
# and how peak memory is read, so every script measures the same way.

# Wall-clock seconds of one run of a command, its output discarded. Bash's own clock
# (EPOCHREALTIME, bash 5) rather than forking `date`, whose start-up would be counted in every
# run and weigh most on the smallest files.
seconds() { local start end; start=$EPOCHREALTIME; "$@" > /dev/null; end=$EPOCHREALTIME; echo "$end - $start" | bc -l; }
# Times the named commands (shell functions), RUNS rounds, each run's seconds appended to
# $work/NAME. Each round starts one command later, so that none always runs right after the
# same one: a run right after a big process exits (the reference pipeline) can be slowed while
# the system takes that memory back.
alternate() {
    local runs=$1; shift
    local names=("$@") name round i
    for name in "${names[@]}"; do : > "$work/$name"; done
    for round in $(seq 0 $((runs - 1))); do
        for i in "${!names[@]}"; do
            name=${names[$(( (i + round) % ${#names[@]} ))]}
            seconds "$name" >> "$work/$name"
        done
    done
}
# The median of the numbers on standard input, one per line.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# Peak resident set size of one run of a command, in KiB (mapped file pages included).
peak_kb() { /usr/bin/time -f %M "$@" 2>&1 > /dev/null | tail -1; }
# Wirebench doing no work: `wirebench-cli --help` (prints its usage) loads Qt6Core and the libraries behind it
# (ICU, glib, ...) like every run does, so timed in the same alternation it is the floor under
# every time in a table, the part of a small file's time that is no reading or parsing at all.
startup() { "$cli" --help; }
# "start-up" line of the iperf tables: its median and its ratio to wc -l's ($1, $2 seconds).
print_startup() { printf '%-28s %9.4f s   (%.2fx wc -l)\n' "start-up (--help)" "$1" "$(echo "$1 / $2" | bc -l)"; }
