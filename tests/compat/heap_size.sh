#!/usr/bin/env bash
# compat_heap_size: SHMEM_SYMMETRIC_SIZE (K/M/G, fractions as in Sandia
# OpenSHMEM) sizes the heap of shmem_init's world; a block larger than the
# heap gives NULL and a message with both sizes naming the variable; a
# malformed value stops shmem_init with a message naming it.
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
# The heap is empty: the block is too large for it, the heap is not "full".
grep -q "requested 2097152 bytes (2M), the symmetric heap of instance [0-9]* is 1048576 bytes (1M); set SHMEM_SYMMETRIC_SIZE" "$ERR" ||
    fail "an oversized block does not say the requested and the heap's size"
grep -q "is full" "$ERR" && fail "an empty heap was called full"
expect_run 3M 2M:ok 4M:full
expect_run 2G 1536M:ok 3G:full  # virtual: only the touched pages cost memory
expect_run unset 200M:ok 300M:full  # the default is 256M
# Fractions: 1.5G is 1536M exactly, to the byte; 0.25M is 256K.
expect_run 1.5G 1536M:ok 1610612737:full
grep -q "requested 1610612737 bytes (1.5G), the symmetric heap of instance [0-9]* is 1610612736 bytes (1.5G)" "$ERR" ||
    fail "SHMEM_SYMMETRIC_SIZE=1.5G did not make a heap of 1610612736 bytes"
expect_run 0.25m 256K:ok 262145:full

for bad in 12Q 1.G 1.5.5G .5G 1,5G; do
    SHMEM_SYMMETRIC_SIZE=$bad timeout 30 "$LAUNCHER" -n 2 "$PROGRAM" >/dev/null 2>"$ERR" &&
        fail "SHMEM_SYMMETRIC_SIZE=$bad was accepted"
    grep -qF "SHMEM_SYMMETRIC_SIZE=\"$bad\"" "$ERR" || fail "the malformed size $bad is not named"
done

echo "PASS: heap size"
