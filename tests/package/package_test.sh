#!/usr/bin/env bash
# Builds the Debian package of a build directory with CPack, unpacks it into a scratch root
# with dpkg -x and checks that what was installed works there, away from the build tree:
# the files are where the freedesktop and Debian conventions want them, the CLI runs (its
# plot module found relative to the executable), the control fields are sane.
#
#   package_test.sh BUILD_DIR SAMPLES_DIR
set -euo pipefail

build_dir=$(readlink -f "$1")
samples=$(readlink -f "$2")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# --- build ---------------------------------------------------------------------------------
(cd "$scratch" && cpack -G DEB -B "$scratch/out" --config "$build_dir/CPackConfig.cmake") \
    >"$scratch/cpack.log" 2>&1 || { cat "$scratch/cpack.log" >&2; echo "FAIL: cpack" >&2; exit 1; }
debs=("$scratch"/out/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { echo "FAIL: cpack made no single .deb: ${debs[*]}" >&2; exit 1; }
deb=${debs[0]}
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"

# --- control fields --------------------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = wirebench ] || fail "Package is '$(field Package)'"
[ "$(field Section)" = net ] || fail "Section is '$(field Section)'"
[[ "$(field Maintainer)" =~ ^[^\<]+\ \<[^@\>]+@[^\>]+\>$ ]] || fail "Maintainer '$(field Maintainer)' is not 'Name <address>'"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] || fail "Architecture is '$(field Architecture)'"
# A synopsis line and a long description, each line fitting a terminal.
description=$(field Description)
[ "$(printf '%s\n' "$description" | wc -l)" -ge 3 ] || fail "Description has no long description: $description"
[ "$(printf '%s\n' "$description" | awk 'length > 80' | wc -l)" -eq 0 ] || fail "Description lines over 80 columns"
# The libraries the programs link, found by dpkg-shlibdeps, each with a minimum version.
depends=$(field Depends)
echo "Depends: $depends"
IFS=',' read -r -a entries <<<"$depends"
for package in libc6 libstdc++6 libqt6core6 libqt6gui6 libqt6widgets6 libqcustomplot; do
    found=no
    for entry in "${entries[@]}"; do
        entry=${entry# }
        [[ "$entry" == "$package"*" (>= "*")" ]] && found=yes
    done
    [ $found = yes ] || fail "Depends lacks a versioned $package"
done
[[ "$depends" != *wirebench* ]] || fail "Depends names the package itself"

# --- files -----------------------------------------------------------------------------------
root=$scratch/root
dpkg -x "$deb" "$root"
usr=$root/usr
module=$(find "$usr/lib" -name libwirebench-cli-plot.so -print -quit)
expected=(
    "$usr/bin/wirebench"
    "$usr/bin/wirebench-cli"
    "$usr/share/applications/wirebench.desktop"
    "$usr/share/metainfo/io.github.wirebench.Wirebench.metainfo.xml"
    "$usr/share/mime/packages/wirebench-workspace.xml"
    "$usr/share/icons/hicolor/scalable/apps/wirebench.svg"
    "$usr/share/man/man1/wirebench-cli.1.gz"
    "$usr/share/bash-completion/completions/wirebench-cli"
    "$usr/share/zsh/vendor-completions/_wirebench-cli"
)
for file in "${expected[@]}"; do
    [ -f "$file" ] || fail "not in the package: ${file#"$root"}"
done
# LIBDIR/wirebench: lib, or lib/TRIPLET when configured with the /usr prefix.
[[ -n "$module" && "$(basename "$(dirname "$module")")" == wirebench ]] ||
    fail "the plot module is not in /usr/LIBDIR/wirebench: '${module#"$root"}'"
# The launcher, the metainfo and the MIME type refer to each other by name.
grep -qx 'Icon=wirebench' "$usr/share/applications/wirebench.desktop" || fail ".desktop Icon= is not the installed icon"
grep -q '<launchable type="desktop-id">wirebench.desktop</launchable>' \
    "$usr/share/metainfo/io.github.wirebench.Wirebench.metainfo.xml" || fail "metainfo does not launch wirebench.desktop"
grep -q 'MimeType=application/x-wirebench-workspace;' "$usr/share/applications/wirebench.desktop" ||
    fail ".desktop does not open workspaces"

# Programs are stripped, and nothing points back into the build tree.
for binary in "$usr/bin/wirebench" "$usr/bin/wirebench-cli" "$module"; do
    [ -f "$binary" ] || continue
    readelf -S "$binary" | grep -q '\.debug_info' && fail "${binary#"$root"} is not stripped"
    if readelf -d "$binary" | grep -E 'R(UN)?PATH' | grep -v '\$ORIGIN' | grep -q .; then
        fail "${binary#"$root"} has a RUNPATH outside \$ORIGIN: $(readelf -d "$binary" | grep -E 'R(UN)?PATH')"
    fi
    if env -u LD_LIBRARY_PATH ldd "$binary" | grep -q 'not found'; then
        fail "${binary#"$root"} needs libraries that are not installed: $(ldd "$binary" | grep 'not found')"
    fi
done

# Man page: gzip -9n as Debian installs them, and it renders without warnings.
manpage=$usr/share/man/man1/wirebench-cli.1.gz
if gzip -t "$manpage" 2>/dev/null; then
    roff=$(zcat "$manpage")
    grep -q '^\.TH WIREBENCH\\-CLI 1' <<<"$roff" || fail "the man page has no .TH line"
    if command -v groff >/dev/null; then
        warnings=$(groff -man -ww -z -Tutf8 <<<"$roff" 2>&1)
        [ -z "$warnings" ] || fail "groff warns about the man page: $warnings"
    fi
else
    fail "the man page is not gzipped"
fi

# Desktop files as installed, by the same validators as the sources (when installed).
if command -v desktop-file-validate >/dev/null; then
    out=$(desktop-file-validate "$usr/share/applications/wirebench.desktop" 2>&1) ||
        fail "desktop-file-validate: $out"
fi
if command -v appstreamcli >/dev/null; then
    out=$(appstreamcli validate --no-net "$usr/share/metainfo/io.github.wirebench.Wirebench.metainfo.xml" 2>&1) ||
        fail "appstreamcli validate: $out"
fi
# The MIME database compiles the type (what the dpkg trigger of shared-mime-info runs).
if command -v update-mime-database >/dev/null; then
    cp -r "$usr/share/mime" "$scratch/mime"
    out=$(update-mime-database "$scratch/mime" 2>&1) || fail "update-mime-database: $out"
    [ -f "$scratch/mime/application/x-wirebench-workspace.xml" ] ||
        fail "update-mime-database did not register application/x-wirebench-workspace"
fi

# --- the installed CLI runs from the scratch root --------------------------------------------
cli=$usr/bin/wirebench-cli
export QT_QPA_PLATFORM=offscreen
unset LD_LIBRARY_PATH
help=$("$cli" --help) || fail "installed wirebench-cli --help exits $?"
[[ "$help" == "Usage: wirebench-cli COMMAND"* ]] || fail "installed wirebench-cli --help: $help"
help=$("$cli" stats --help) || fail "installed wirebench-cli stats --help exits $?"
[[ "$help" == "Usage: wirebench-cli stats "* ]] || fail "installed wirebench-cli stats --help: $help"
sample=$samples/ping18_np
installed_stats=$("$cli" stats "$sample") || fail "installed wirebench-cli stats exits $?"
built_stats=$("$build_dir/app/cli/wirebench-cli" stats "$sample")
[ "$installed_stats" = "$built_stats" ] || fail "installed and built stats differ"
grep -q '^ 99% - ' <<<"$installed_stats" || fail "installed stats printed no p99: $installed_stats"

# The workbench starts (its libraries load) and is the packaged version.
version=$(field Version)
gui_version=$("$usr/bin/wirebench" --version 2>/dev/null) || fail "installed wirebench --version exits $?"
[ "$gui_version" = "Wirebench ${version%-*}" ] || fail "wirebench --version says '$gui_version', the package $version"
cli_version=$("$cli" --version) || fail "installed wirebench-cli --version exits $?"
[ "$cli_version" = "wirebench-cli ${version%-*}" ] || fail "wirebench-cli --version says '$cli_version', the package $version"
# The installed completion is the installed program's own.
completion=$usr/share/bash-completion/completions/wirebench-cli
bash -n "$completion" || fail "the bash completion does not parse"
[ "$(cat "$completion")" = "$("$cli" completion bash)" ] || fail "the installed bash completion is not wirebench-cli completion bash"

png=$scratch/cdf.png
"$cli" plot --type cdf -o "$png" "$sample" || fail "installed wirebench-cli plot exits $?"
[ "$(head -c 8 "$png" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
    fail "installed plot wrote no PNG"
# Without the packaged module plot must fail: it was the scratch root's copy that drew.
mv "$module" "$module.away"
if "$cli" plot --type cdf -o "$scratch/none.png" "$sample" 2>"$scratch/plot.err"; then
    fail "plot worked without the packaged module; it loaded another copy"
fi
grep -q 'plot is not available' "$scratch/plot.err" || fail "plot without module: $(cat "$scratch/plot.err")"
mv "$module.away" "$module"

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "package OK: $(dpkg-deb -c "$deb" | wc -l) entries"
