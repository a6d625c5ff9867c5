#!/usr/bin/env bash
# A PE that exits early: the others abort with a clear message, the
# launcher exits non-zero, no process or shared memory is left. "Does not
# hang" is the launcher's --timeout (and ctest's watchdog above it); how
# soon the others noticed is timed from the PE's own exit stamp, with room
# for a loaded machine (10x what it takes on an idle one).
set -u
launcher=$1 program=$2
# Peers on other hosts (MISHMEM_HOST_ID) find the dead PE only by the peer
# timeout: 10 s here (30 s by default) keeps the test short; the PE really
# is gone, so a shorter timeout cannot mistake a live one for it.
export MISHMEM_PEER_TIMEOUT_MS=${MISHMEM_PEER_TIMEOUT_MS:-10000}
shm_before=$(ls /dev/shm | sort)
log=$(mktemp)
start=$(date +%s%N)
# Tagged, so that the check below counts this job's PEs only (other tests
# run the same program at the same time: transport_peer_timeout_short).
tag="early_exit.$$.$RANDOM"
EARLY_EXIT_TAG=$tag EARLY_EXIT_STAMP=1 "$launcher" -n 4 --timeout 60 "$program" 2>"$log"
status=$?
end=$(date +%s%N)
elapsed_ms=$(( (end - start) / 1000000 ))
cat "$log"
fail() { echo "FAIL: $*"; rm -f "$log"; exit 1; }
[ "$status" -ne 0 ] || fail "launcher exited 0"
[ "$status" -ne 124 ] || fail "the job hung until the launcher's timeout"
grep -Eq "exited while PE .* waited in shmem_barrier_all|exited, or its host is down: .* while PE [0-9]+ was in" "$log" || fail "no clear message naming the dead PE"
# On one host the others notice at once (well under 1 s idle); peers on
# other hosts (MISHMEM_HOST_ID) are found dead only once the fabric has not
# reached them for MISHMEM_PEER_TIMEOUT_MS (set above).
left=$(sed -n 's/^leaving at \([0-9]*\)$/\1/p' "$log")
[ -n "$left" ] || fail "the leaving PE printed no stamp"
after_ms=$(( (end - left) / 1000000 ))
limit_ms=10000
[ -z "${MISHMEM_HOST_ID:-}" ] || limit_ms=$(( MISHMEM_PEER_TIMEOUT_MS + 40000 ))
[ "$after_ms" -lt "$limit_ms" ] || fail "the job ended ${after_ms} ms after the PE left (limit ${limit_ms} ms)"
sleep 0.2
for pid in $(pgrep -f "^$program"); do
    tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "EARLY_EXIT_TAG=$tag" && fail "PE processes left behind"
done
[ "$(ls /dev/shm | sort)" = "$shm_before" ] || fail "/dev/shm changed"
rm -f "$log"
echo "early exit: launcher status $status after ${elapsed_ms} ms (${after_ms} ms after the PE left), nothing left behind"
