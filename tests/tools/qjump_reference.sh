#!/bin/sh
# The QJump Table 1 reference pipeline (seed 000), used by tests to check
# `wirebench-cli stats --compat qjump` digit for digit:
#   grep "time=" FILE | cut -d= -f4 | cut -d" " -f1   then numpy percentiles.
# Usage: qjump_reference.sh PYTHON FILE...   (PYTHON must have numpy)
set -eu
python=$1
shift
here=$(dirname "$0")
for file in "$@"; do
    echo "### $file ###"
    grep "time=" "$file" | cut -d= -f4 | cut -d" " -f1 | "$python" "$here/qjump_percentiles.py" -
done
