#!/usr/bin/env bash
# Wirebench's one setup script: installs what the project needs on Debian 12, builds, and
# then either opens the workbench on the samples or runs the whole test suite.
#
#   ./setup.sh demo    build and open the workbench with the logs in samples/ loaded
#   ./setup.sh test    what CI runs (.ci/run): the formatting check (.clang-format), the
#                      release build and its tests, the asan build
#                      (ASan + UBSan) and its tests, then the fuzz targets for a bounded time
#                      (tests/fuzz/run_fuzzers.sh, FUZZ_SECONDS per target, default 3);
#                      prints each phase's time at the end
#   ./setup.sh test format|release|asan|fuzz   only that phase
#   ./setup.sh deps    only install the Debian packages
#   ./setup.sh build [PRESET]   only build (presets: release, debug, asan, fuzz)
set -euo pipefail

cd "$(dirname "$(readlink -f "$0")")"

# Build tools (lld: the linker CMakeLists.txt prefers), Qt 6 + QCustomPlot + Boost, the
# measurement tools the samples and end-to-end tests run, numpy/pandas/Perl for the reference
# pipelines, what the GUI and package checks need, and clang with its libFuzzer/sanitizer
# runtimes (llvm-symbolizer for readable findings); file, groff and shared-mime-info are what
# CPack and the package test use; git lists the files the format check reads.
PACKAGES=(
  build-essential cmake ninja-build pkg-config lld
  qt6-base-dev qt6-svg-dev libqcustomplot-dev libboost-dev libgl-dev
  iputils-ping iperf iperf3 iproute2 iptables procps util-linux
  python3 python3-numpy python3-pandas libmath-numbercruncher-perl time zsh
  xvfb xauth imagemagick poppler-utils bc desktop-file-utils appstream
  clang libclang-rt-14-dev llvm clang-format file groff-base shared-mime-info git
)

install_dependencies() {
  local missing=()
  for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "setup.sh: installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup.sh: run as root or install sudo to install: ${missing[*]}" >&2; exit 2; }
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
}

# build PRESET [TARGET...]: the preset's default targets (everything, tests included) or only
# the TARGETs named.
build() {
  local preset=${1:-release}
  shift || true
  configure "$preset"
  cmake --build --preset "$preset" ${1:+--target "$@"}
}

# configure PRESET: a build from scratch compiles each target's files in batches (CMake's unity
# build), about 40 % less compile time; a name defined in two files of one target clashes
# there (CONTRIBUTING: Building). An existing build directory keeps what it was configured with.
configure() {
  if [ -f "build/$1/CMakeCache.txt" ]; then
    cmake --preset "$1" >/dev/null
  else
    cmake --preset "$1" -DCMAKE_UNITY_BUILD=ON >/dev/null
  fi
}

demo() {
  # the workbench and the CLI only: the tests are built by ./setup.sh test
  build release wirebench wirebench-cli
  if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    echo "setup.sh: no display; showing the reports instead (run under a desktop or xvfb-run for the window)"
    build/release/app/cli/wirebench-cli table samples/ping18_* samples/geni-*-P30.txt samples/tcp-*-P30-client.txt
    exit 0
  fi
  # samples/demo.wbws lists every recorded log in samples/, with the seed configurations shown.
  exec build/release/app/gui/wirebench samples/demo.wbws
}

# Each phase's time, printed when the script ends; a phase cut short by a failure is marked.
PHASE_TIMES=()
CURRENT_PHASE=
timed() {
  CURRENT_PHASE=$1
  PHASE_START=$SECONDS
  shift
  "$@"
  PHASE_TIMES+=("$(printf '%-16s %5d s' "$CURRENT_PHASE" $((SECONDS - PHASE_START)))")
  CURRENT_PHASE=
}
print_phase_times() {
  if [ -n "$CURRENT_PHASE" ]; then
    PHASE_TIMES+=("$(printf '%-16s %5d s  FAILED' "$CURRENT_PHASE" $((SECONDS - PHASE_START)))")
  fi
  echo "setup.sh: phase times"
  printf '  %s\n' "${PHASE_TIMES[@]}" "$(printf '%-16s %5d s' total "$SECONDS")"
}

run_tests() {
  local preset=$1
  timed "build $preset" build "$preset"
  timed "ctest $preset" ctest --preset "$preset" -j"$(nproc)"
}

# The C++ files of the project: those tracked by git, or in a copy without git's data
# (an unpacked release) every one outside build/.
cpp_files() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z '*.cpp' '*.h'
  else
    find . -path ./build -prune -o -type f \( -name '*.cpp' -o -name '*.h' \) -print0
  fi
}

# Code and docs cite only files in the repository (CONTRIBUTING: Where things are): no design
# notes or shared folders beside a clone, which a clone does not have. CI's own scripts are
# exempt. The patterns are written so that they do not match this file.
check_citations() {
  git rev-parse --is-inside-work-tree >/dev/null 2>&1 || return 0
  local cited
  if cited=$(git grep -n -I -e 'DESIGN[.]md' -e '[.][.]/shared' -e '/work/[s]hared' -- ':!.ci/'); then
    echo "setup.sh: these cite files outside the repository (cite docs/ARCHITECTURE.md instead):" >&2
    sed 's/^/  /' <<<"$cited" >&2
    return 1
  fi
}

# Every C++ file must be as the root .clang-format lays it out, and nothing may cite a file
# outside the repository.
check_format() {
  check_citations || return 1
  local unformatted files
  mapfile -d '' files < <(cpp_files)
  [ ${#files[@]} -gt 0 ] || { echo "setup.sh: no C++ files found to check" >&2; return 1; }
  # on every core: one clang-format per file is most of this phase
  unformatted=$(printf '%s\0' "${files[@]}" | xargs -0 -n 16 -P "$(nproc)" sh -c \
    'for f; do clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || echo "$f"; done' _)
  if [ -n "$unformatted" ]; then
    echo "setup.sh: not formatted as .clang-format says (run clang-format -i on them):" >&2
    sed 's/^/  /' <<<"$unformatted" >&2
    return 1
  fi
}

run_fuzzers() {
  timed "build fuzz" build fuzz
  timed "fuzz" tests/fuzz/run_fuzzers.sh "${FUZZ_SECONDS:-3}"
}

# The tests that time the event loop; they run on quiet cores.
TIMING_TESTS='^(tst_scaling|tst_runpanel)$'

# The whole suite. The release tests wait on the network and on timers much of the time and
# leave the cores idle, as the asan tests do: the next build (asan, then the fuzz targets) runs
# meanwhile at the lowest priority, and its phase times what was left of it.
all_phases() {
  timed format check_format
  timed "build release" build release
  timed "ctest timing" ctest --preset release -j"$(nproc)" -R "$TIMING_TESTS"
  start_background_build asan
  timed "ctest release" ctest --preset release -j"$(nproc)" -E "$TIMING_TESTS"
  timed "build asan" wait_for_background_build
  start_background_build fuzz
  timed "ctest asan" ctest --preset asan -j"$(nproc)"
  timed "build fuzz" wait_for_background_build
  timed "fuzz" tests/fuzz/run_fuzzers.sh "${FUZZ_SECONDS:-3}"
}

# start_background_build PRESET: builds the preset at the lowest priority, its output in
# build/PRESET-build.log; wait_for_background_build waits for it.
BACKGROUND_BUILD=
BACKGROUND_LOG=
start_background_build() {
  mkdir -p build
  BACKGROUND_LOG=build/$1-build.log
  (configure "$1" && nice -n 19 cmake --build --preset "$1") >"$BACKGROUND_LOG" 2>&1 &
  BACKGROUND_BUILD=$!
}

# The background build's status; its log's end when it failed.
wait_for_background_build() {
  wait "$BACKGROUND_BUILD" && return 0
  tail -n 50 "$BACKGROUND_LOG" >&2
  return 1
}

test_phases() {
  case "${1:-all}" in
    all) all_phases ;;
    format) timed format check_format ;;
    release | debug | asan) run_tests "$1" ;;
    fuzz) run_fuzzers ;;
    *) echo "setup.sh: unknown test phase $1 (format, release, asan, fuzz)" >&2; exit 2 ;;
  esac
}

case "${1:-}" in
  deps) install_dependencies ;;
  build) install_dependencies; build "${2:-release}" ;;
  demo) install_dependencies; demo ;;
  test)
    trap print_phase_times EXIT
    timed deps install_dependencies
    test_phases "${2:-all}"
    ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
