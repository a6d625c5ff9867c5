#!/usr/bin/env bash
# docs_man_pages: every man page (man/ and the .so links the build makes)
# renders with `man -l --warnings` and no warning; every aclshmemx_* call
# of include/ has a page; every option that `mishmemcc --showme:help` and
# `mishmem-info --help` (when built) list is in the tool's page. (The
# launcher's options: launcher_man_page.)
#   bash man_pages.sh SOURCE_DIR BUILD_DIR
SRC=$1 BUILD=$2
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v man >/dev/null || { echo "SKIPPED: no man command (apt-get install man-db)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One tree of every page, as installed: .so links resolve from its top.
for section in 1 3 7; do
    mkdir -p "$work/man$section"
    cp "$SRC/man/man$section"/*."$section" "$work/man$section/"
done
cp "$BUILD/man/man3"/*.3 "$work/man3/" || fail "the build made no alias pages in $BUILD/man/man3"

count=0
for page in "$work"/man*/*.[137]; do
    rel=${page#"$work"/}
    (cd "$work" && MANWIDTH=80 man -l --warnings "$rel" >"$work/text" 2>"$work/warnings") ||
        fail "man -l $rel failed: $(cat "$work/warnings")"
    [ ! -s "$work/warnings" ] || fail "man -l --warnings $rel: $(cat "$work/warnings")"
    grep -q '^NAME' "$work/text" || fail "$rel renders without a NAME section"
    count=$((count + 1))
done

# Every aclshmemx_ function of the public headers has a page of its name.
for call in $(grep -rhoE '\baclshmemx_[a-z0-9_]+\(' "$SRC/include" | tr -d '(' | sort -u); do
    [ -f "$work/man3/$call.3" ] || fail "no man page for $call (man/man3 or an alias in man/CMakeLists.txt)"
done

# option_in_page PAGE OPTION: the page (as text) names the option.
option_in_page() {
    sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$1" | grep -qE -- "(^|[^-a-z])$2([^-a-z:]|\$)"
}
for option in $("$BUILD/bin/mishmemcc" --showme:help | grep -oE -- '--showme(:[a-z]+)?' | sort -u); do
    option_in_page "$SRC/man/man1/mishmemcc.1" "$option" || fail "mishmemcc.1 does not name $option"
done
if [ -x "$BUILD/bin/mishmem-info" ]; then
    options=$("$BUILD/bin/mishmem-info" --help | grep -E '^  -' | grep -oE -- '--?[a-z][-a-z]*' | sort -u)
    [ -n "$options" ] || fail "mishmem-info --help lists no option"
    for option in $options; do
        option_in_page "$SRC/man/man1/mishmem-info.1" "$option" || fail "mishmem-info.1 does not name $option"
    done
else
    echo "note: $BUILD/bin/mishmem-info is not built; its options were not compared"
fi
echo "PASS: $count man pages render without warnings; every aclshmemx_ call has one; the wrappers' options are in their pages"
