#!/usr/bin/env bash
# A PE that exits early: the others abort with a clear message within the
# timeout, the launcher exits non-zero, no process or shared memory is left.
set -u
launcher=$1 program=$2
shm_before=$(ls /dev/shm | sort)
log=$(mktemp)
start=$(date +%s%N)
"$launcher" -n 4 --timeout 60 "$program" 2>"$log"
status=$?
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
cat "$log"
fail() { echo "FAIL: $*"; rm -f "$log"; exit 1; }
[ "$status" -ne 0 ] || fail "launcher exited 0"
[ "$status" -ne 124 ] || fail "the job hung until the launcher's timeout"
grep -Eq "exited while PE .* waited in shmem_barrier_all|exited, or its host is down: .* while PE [0-9]+ was in" "$log" || fail "no clear message naming the dead PE"
# Peers on other hosts (MISHMEM_HOST_ID) are found dead only once the
# fabric has not reached them for MISHMEM_PEER_TIMEOUT_MS (5 s).
limit_ms=10000
[ -z "${MISHMEM_HOST_ID:-}" ] || limit_ms=20000
[ "$elapsed_ms" -lt "$limit_ms" ] || fail "took ${elapsed_ms} ms"
sleep 0.2
pgrep -f "^$program" >/dev/null && fail "PE processes left behind"
[ "$(ls /dev/shm | sort)" = "$shm_before" ] || fail "/dev/shm changed"
rm -f "$log"
echo "early exit: launcher status $status after ${elapsed_ms} ms, nothing left behind"
