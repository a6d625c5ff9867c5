#!/usr/bin/env bash
# compat_static_refused: in an instance made by aclshmemx_init_attr, a
# global variable is not symmetric; shmem_long_p on it ends the job with a
# message naming the call, instead of writing anywhere.
#   bash static_refused.sh MISHMEMRUN TEST_STATIC_DATA
set -u
LAUNCHER=$1 PROGRAM=$2
ERR=$(mktemp)
trap 'rm -f "$ERR"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$ERR" >&2; exit 1; }
timeout 30 "$LAUNCHER" -n 2 "$PROGRAM" refuse >/dev/null 2>"$ERR"
status=$?
[ "$status" -ne 0 ] || fail "the job succeeded"
[ "$status" -ne 124 ] || fail "the job hung"
grep -q "no abort" "$ERR" && fail "shmem_long_p on a global returned in an aclshmemx instance"
grep -q "shmem_long_p: address .* is not in the symmetric heap of instance" "$ERR" ||
    fail "no message naming the call"
echo "PASS: static address refused outside the shmem_init world"
