#!/usr/bin/env bash
# compat_heap_size: SHMEM_SYMMETRIC_SIZE (K/M/G) sizes the heap of
# shmem_init's world; running out gives NULL and a message naming the
# variable; a malformed value stops shmem_init with a message naming it.
#   bash heap_size.sh MISHMEMRUN PROGRAM
set -u
LAUNCHER=$1 PROGRAM=$2
ERR=$(mktemp)
trap 'rm -f "$ERR"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$ERR" >&2; exit 1; }

# expect_run SIZE|unset ARGS...: the job succeeds.
expect_run() {
    local size=$1
    shift
    if [ "$size" = unset ]; then
        env -u SHMEM_SYMMETRIC_SIZE timeout 30 "$LAUNCHER" -n 2 "$PROGRAM" "$@" >/dev/null 2>"$ERR"
    else
        SHMEM_SYMMETRIC_SIZE=$size timeout 30 "$LAUNCHER" -n 2 "$PROGRAM" "$@" >/dev/null 2>"$ERR"
    fi || fail "SHMEM_SYMMETRIC_SIZE=$size $*: the job failed"
}

expect_run 64K 32K:ok 128K:full
expect_run 1M 512K:ok 2M:full
grep -q "SHMEM_SYMMETRIC_SIZE" "$ERR" || fail "a full heap does not name SHMEM_SYMMETRIC_SIZE"
grep -q "shmem_malloc(2097152)" "$ERR" || fail "a full heap does not name the call and size"
expect_run 3M 2M:ok 4M:full
expect_run 2G 1536M:ok 3G:full  # virtual: only the touched pages cost memory
expect_run unset 200M:ok 300M:full  # the default is 256M

SHMEM_SYMMETRIC_SIZE=12Q timeout 30 "$LAUNCHER" -n 2 "$PROGRAM" >/dev/null 2>"$ERR" &&
    fail "SHMEM_SYMMETRIC_SIZE=12Q was accepted"
grep -q 'SHMEM_SYMMETRIC_SIZE="12Q"' "$ERR" || fail "a malformed size is not named"
echo "PASS: heap size"
