#!/usr/bin/env bash
# compat_conventions: a program built with mishmemcc (which links -lm) runs
# with mishmemrun -np 2; shmem_global_exit(99) ends the job with 99 and
# the PEs waiting in a barrier; a PE killed by a signal fails the job; the
# PEs inherit the launcher's environment.
#   bash conventions.sh MISHMEMCC MISHMEMRUN SOURCE_DIR WORLD_INSTANCE_ID|default
set -u
MISHMEMCC=$1 LAUNCHER=$2 SRC=$3 WORLD=$4
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mishmem-compat.XXXXXX")
MARK="mishmem-compat-$$-$RANDOM"
cleanup() {
    local pid
    for pid in $(pgrep -f -- "$MARK"); do kill -KILL "$pid" 2>/dev/null; done
    rm -rf "$WORK"
}
trap cleanup EXIT
fail() { echo "FAIL ($WORLD): $*" >&2; cat "$WORK/err" >&2 2>/dev/null; exit 1; }

if [ "$WORLD" = default ]; then unset SHMEM_WORLD_INSTANCE_ID; expected_id=0
else export SHMEM_WORLD_INSTANCE_ID=$WORLD; expected_id=$WORLD; fi

"$MISHMEMCC" -Wall -Wextra -Werror "$SRC/conventions.c" -o "$WORK/conventions" 2>"$WORK/err" ||
    fail "mishmemcc could not build conventions.c"
prog=$WORK/conventions

# run MODE ARGS...: sets RC and ELAPSED (seconds, one decimal).
run() {
    local start=$EPOCHREALTIME
    timeout -k 2 100 "$LAUNCHER" -np 2 "$prog" "$@" "$MARK" >"$WORK/out" 2>"$WORK/err"
    RC=$?
    ELAPSED=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
}
none_left() {
    for _ in $(seq 20); do
        pgrep -f -- "$MARK" >/dev/null || return 0
        sleep 0.1
    done
    fail "PE processes left behind after '$1'"
}

run run
[ "$RC" -eq 0 ] || fail "run: launcher exit status $RC"
for pe in 0 1; do
    grep -qx "PE $pe of 2: ok" "$WORK/out" || fail "run: no line from PE $pe"
done

run instance "$expected_id"
[ "$RC" -eq 0 ] || fail "instance: the world is not instance $expected_id (status $RC)"

run global_exit
[ "$RC" -eq 99 ] || fail "global_exit: launcher exit status $RC, expected 99"
# A hang shows as the 100 s guard's status (124), not as a time bound.
grep -q "left a barrier" "$WORK/err" && fail "global_exit: a PE left the barrier"
none_left global_exit

run killed
[ "$RC" -ne 0 ] || fail "killed: launcher exited 0"
[ "$RC" -ne 124 ] || fail "killed: the job hung"
none_left killed

export MISHMEM_COMPAT_PROBE="value with spaces=$RANDOM"
run env MISHMEM_COMPAT_PROBE "$MISHMEM_COMPAT_PROBE"
[ "$RC" -eq 0 ] || fail "env: the PEs did not inherit the launcher's environment (status $RC)"

echo "PASS: conventions in instance $expected_id"
