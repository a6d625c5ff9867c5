#!/usr/bin/env bash
# The pointer-based and the portable collectives on the same data must
# give the same bytes. Usage: families.sh MISHMEMRUN PROGRAM NPES
set -u
run=$1 prog=$2 npes=$3
a=$(mktemp) b=$(mktemp)
trap 'rm -f "$a" "$b"' EXIT
"$run" -n "$npes" --timeout 100 "$prog" >"$a" || { echo "FAIL: pointer-based run, status $?"; exit 1; }
MISHMEM_COLL_PORTABLE=1 "$run" -n "$npes" --timeout 100 "$prog" >"$b" || { echo "FAIL: portable run, status $?"; exit 1; }
[ "$(grep -c '^digest PE' "$a")" -eq "$npes" ] || { echo "FAIL: expected $npes digests"; cat "$a"; exit 1; }
if ! diff "$a" "$b"; then
    echo "FAIL: the two families gave different results (left: pointer-based, right: portable)"
    exit 1
fi
echo "PASS: $npes PEs, same digests in both families"
