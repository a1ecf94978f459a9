#!/bin/sh
# fresh_home.sh COMMAND [ARG...]: runs one test in a home of its own. HOME, the XDG folders
# and TMPDIR point into a new empty folder that is removed when the test ends, so every test
# starts from no settings (Qt's test-mode folder ~/.qttest included), leaves none behind, and
# passes on a new machine, twice in a row and in any order. CTest runs every test through it
# (wb_add_test_command in the top CMakeLists.txt).
set -u
home=$(mktemp -d "${TMPDIR:-/tmp}/wirebench-test.XXXXXX") || exit 1
# Readable by all, and a temporary folder as open as /tmp: tests that run a tool as another
# user (tests/run) give it folders in TMPDIR.
chmod 755 "$home"
mkdir -p "$home/.config" "$home/.local/share" "$home/.local/state" "$home/.cache" "$home/tmp"
chmod 1777 "$home/tmp"
mkdir -m 700 "$home/runtime"
trap 'rm -rf "$home"' EXIT

HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share \
  XDG_STATE_HOME=$home/.local/state XDG_CACHE_HOME=$home/.cache XDG_RUNTIME_DIR=$home/runtime \
  TMPDIR=$home/tmp "$@" &
test_pid=$!
# CTest's stop (a timeout, Ctrl+C) reaches the test too; the folder goes when it has ended.
trap 'kill -TERM "$test_pid" 2>/dev/null' TERM INT HUP
while :; do
  wait "$test_pid"
  status=$?
  kill -0 "$test_pid" 2>/dev/null || break
done
exit "$status"
