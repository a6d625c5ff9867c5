#!/usr/bin/env bash
# compat_static_mismatch: PEs whose executables have different global data
# are refused at shmem_init with a clear message.
#   bash static_mismatch.sh MISHMEMRUN PROGRAM PROGRAM_WITH_MORE_DATA
set -u
LAUNCHER=$1 SMALL=$2 LARGE=$3
ERR=$(mktemp)
trap 'rm -f "$ERR"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$ERR" >&2; exit 1; }
timeout 30 "$LAUNCHER" -n 2 bash -c 'if [ "$MISHMEM_PE" = 0 ]; then exec "$0"; else exec "$1"; fi' \
    "$SMALL" "$LARGE" >/dev/null 2>"$ERR"
status=$?
[ "$status" -ne 0 ] || fail "PEs with different executables were accepted"
[ "$status" -ne 124 ] || fail "the job hung"
grep -q "must run the same executable" "$ERR" || fail "no clear message"
echo "PASS: static data mismatch refused (status $status)"
