#!/usr/bin/env bash
# compat_cxx: <shmem.h> compiles as C++ (mishmemc++, warnings as errors)
# and the program runs through the launcher. Skipped (77) without a C++
# compiler.
#   bash cxx.sh MISHMEMCXX MISHMEMRUN SOURCE_DIR
set -u
MISHMEMCXX=$1 LAUNCHER=$2 SRC=$3
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mishmem-cxx.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$WORK/err" >&2 2>/dev/null; exit 1; }

compiler=${MISHMEM_CXX:-c++}
if ! command -v "${compiler%% *}" >/dev/null 2>&1; then
    echo "SKIP: no C++ compiler ($compiler)"
    exit 77
fi
"$MISHMEMCXX" -std=c++11 -Wall -Wextra -Werror "$SRC/cxx_program.cpp" -o "$WORK/cxx_program" \
    2>"$WORK/err" || fail "<shmem.h> does not compile as C++11"
"$MISHMEMCXX" -std=c++17 -pedantic -Wall -Wextra -Werror -c "$SRC/cxx_program.cpp" -o "$WORK/cxx17.o" \
    2>"$WORK/err" || fail "<shmem.h> does not compile as pedantic C++17"
timeout 20 "$LAUNCHER" -np 2 "$WORK/cxx_program" >"$WORK/out" 2>"$WORK/err" || fail "the C++ program failed"
for pe in 0 1; do
    grep -qx "C++ PE $pe: ok" "$WORK/out" || fail "no success line from PE $pe"
done
echo "PASS: C++"
