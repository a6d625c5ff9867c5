#!/usr/bin/env bash
# mishmem_info_installed: the installed mishmem-info runs from bin/ and
# uses the installed libmishmem (found through its RPATH, no
# LD_LIBRARY_PATH), also when the prefix is chosen at install time.
#   bash installed.sh CMAKE BUILD_DIR
set -u
cmake=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL (mishmem-info installed): $*" >&2; exit 1; }
"$cmake" --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log" >&2; fail "cmake --install failed"; }
tool=$work/prefix/bin/mishmem-info
[ -x "$tool" ] || fail "mishmem-info was not installed in bin/"
lib=$(env -u LD_LIBRARY_PATH ldd "$tool" | sed -n 's/^\s*libmishmem\.so[^ ]* => \([^ ]*\).*/\1/p')
case $lib in
"$work"/prefix/*) ;;
*) fail "the installed mishmem-info uses libmishmem from '${lib:-nowhere}'" ;;
esac
env -u LD_LIBRARY_PATH "$tool" --version | grep -q '^mishmem-info (mishmem) ' || fail "--version"
env -u LD_LIBRARY_PATH "$tool" --param SHMEM_SYMMETRIC_SIZE | grep -q 'default 256M' || fail "--param"
echo "PASS: installed mishmem-info uses $lib"
