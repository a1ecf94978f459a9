#!/usr/bin/env bash
# Command-line habits of both programs, against what the help and CMakeLists.txt say (not
# against the table the scripts are generated from):
#   - wirebench-cli --version and wirebench --version print the project's version from
#     CMakeLists.txt, wirebench without a display;
#   - the bash completion parses (bash -n), completes every command the overview lists and,
#     for each command, every option its --help lists, and the words of an option whose value
#     is one of a few (export --format: csv jsonl);
#   - the zsh completion parses (zsh -n) and names every command and option.
#   commandline_habits.sh CLI GUI SOURCE_DIR
set -euo pipefail
cli=$1 gui=$2 source_dir=$3
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

version=$(sed -n 's/^project(Wirebench VERSION \([0-9.]*\) .*/\1/p' "$source_dir/CMakeLists.txt")
[ -n "$version" ] || fail "no project version in CMakeLists.txt"
[ "$("$cli" --version)" = "wirebench-cli $version" ] || fail "wirebench-cli --version: $("$cli" --version)"
gui_version=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$gui" --version 2>&1) ||
    fail "wirebench --version without a display exits $?: $gui_version"
[ "$gui_version" = "Wirebench $version" ] || fail "wirebench --version: $gui_version"

# The commands as the overview lists them: "  NAME  SYNOPSIS" lines under "Commands:".
mapfile -t commands < <("$cli" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit }
    on && /^  [a-z]/ { print $1 }')
[ "${#commands[@]}" -ge 10 ] || fail "the overview lists ${#commands[@]} commands: ${commands[*]}"
# A command's options as its --help lists them: every -x and --name of the Options lines'
# flags (before the two spaces that start the description).
options_of() {
    "$1" "$2" --help | awk '/^Options:/ { on = 1; next } on && /^$/ { exit }
        on && /^  -/ { flags = substr($0, 3); end = index(flags, "  "); if (end) flags = substr(flags, 1, end - 1)
            n = split(flags, w, /[ ,]+/); for (i = 1; i <= n; i++) if (w[i] ~ /^-/) print w[i] }'
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" completion bash > "$work/bash" || fail "completion bash exits $?"
"$cli" completion zsh > "$work/zsh" || fail "completion zsh exits $?"
if "$cli" completion fish > /dev/null 2>&1; then fail "completion fish was accepted"; fi
bash -n "$work/bash" || fail "the bash completion does not parse"
if command -v zsh > /dev/null; then
    zsh -n "$work/zsh" || fail "the zsh completion does not parse"
else
    fail "zsh is not installed (setup.sh installs it)"
fi

# COMPREPLY for the words given, the last being the one completed, as bash's completion
# would call the function.
complete_words() {
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _wirebench_cli
        printf "%s\n" "${COMPREPLY[@]}"' _ "$work/bash" "$@"
}
first=$(complete_words wirebench-cli "")
for command in "${commands[@]}"; do
    grep -qx -- "$command" <<<"$first" || fail "bash does not complete the command $command"
    grep -q -- "^ *'$command:" "$work/zsh" || fail "zsh does not list the command $command"
    offered=$(complete_words wirebench-cli "$command" -)
    mapfile -t options < <(options_of "$cli" "$command")
    [ "${#options[@]}" -ge 1 ] || fail "$command --help lists no options"
    for option in "${options[@]}"; do
        grep -qx -- "$option" <<<"$offered" || fail "bash does not complete $command $option"
        grep -qE -- "[*{,]$option[[,}]" <<<"$(sed -n "/^  $command)/,/;;/p" "$work/zsh")" ||
            fail "zsh does not complete $command $option"
    done
done
for word in "${commands[@]}"; do
    [[ $word == export ]] && found_export=1
done
[ -n "${found_export:-}" ] || fail "the overview does not list export"
[ "$(complete_words wirebench-cli export --format "" | sort | tr '\n' ' ')" = "csv jsonl " ] ||
    fail "export --format completes to: $(complete_words wirebench-cli export --format "")"
[ "$(complete_words wirebench-cli export --what r)" = runs ] ||
    fail "export --what r completes to: $(complete_words wirebench-cli export --what r)"
[ "$(complete_words wirebench-cli completion z)" = zsh ] ||
    fail "completion z completes to: $(complete_words wirebench-cli completion z)"
# A file operand completes to files.
touch "$work/some-log.txt"
[ "$(complete_words wirebench-cli stats "$work/some-l")" = "$work/some-log.txt" ] ||
    fail "stats FILE does not complete files"

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "command-line habits OK: ${#commands[@]} commands"
