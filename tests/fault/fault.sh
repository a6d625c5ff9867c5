#!/usr/bin/env bash
# fault_<case>: one PE fails, and the failure stays inside its instance.
#   bash fault.sh LAUNCHER PROGRAM CASE
# "hand" cases start the processes directly (a shared secret, ranks on the
# command line); the others go through the launcher. Every run is bounded
# by a timeout; the time limits are generous next to the bad case (a hang
# until the timeout, or the 120 s init timeout).
set -u
launcher=$1 program=$2 case=$3
# These tests time how fast a failure is noticed: the CI run whose waits
# sleep up to 60 s at a time (to catch lost wake-ups) would only delay it.
unset MISHMEM_WAIT_SLEEP_US MISHMEM_WAIT_SLEEP_MAX_US
log=$(mktemp)
out=$(mktemp)
trap 'rm -f "$log" "$out"' EXIT
fail() {
    echo "--- stdout"; cat "$out"; echo "--- stderr"; cat "$log"
    echo "FAIL: $*"
    exit 1
}

# Two free loopback ports for the instances made with aclshmemx_init_attr.
ports=$(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
read -r FAULT_PORT_A FAULT_PORT_B <<<"$ports"
export FAULT_PORT_A FAULT_PORT_B

# by_hand SCENARIO N: N processes, ranks on the command line; sets
# statuses[] and elapsed_ms.
by_hand() {
    local scenario=$1 n=$2 pids=() r
    export SHMEM_BOOTSTRAP_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
    local start=$(date +%s%N)
    for ((r = 0; r < n; r++)); do
        timeout -s KILL $((60 + PEER_TIMEOUT_MS / 1000)) "$program" "$scenario" "$r" "$n" >>"$out" 2>>"$log" &
        pids+=($!)
    done
    statuses=()
    for r in "${!pids[@]}"; do
        wait "${pids[$r]}"
        statuses[$r]=$?
    done
    elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
}

# through SCENARIO N [LAUNCHER OPTIONS...]: sets status and elapsed_ms.
# The time bounds below are "did not hang" bounds, 10x or more what an
# idle machine takes, plus the peer timeout where a dead peer on another
# host (MISHMEM_HOST_ID) can only be found by it; under ctest's 200 s.
# The peer timeout is 10 s here (30 s by default) to keep the tests short:
# the dead peers really are gone.
export MISHMEM_PEER_TIMEOUT_MS=${MISHMEM_PEER_TIMEOUT_MS:-10000}
PEER_TIMEOUT_MS=$MISHMEM_PEER_TIMEOUT_MS
through() {
    local scenario=$1 n=$2
    shift 2
    local start=$(date +%s%N)
    "$launcher" -n "$n" --timeout $((40 + PEER_TIMEOUT_MS / 1000)) "$@" "$program" "$scenario" >"$out" 2>"$log"
    status=$?
    elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
}

survivors_ok() { # N: every rank but the last exited 0, the last was killed
    local n=$1 r
    for ((r = 0; r < n - 1; r++)); do
        [ "${statuses[$r]}" -eq 0 ] || fail "rank $r exited ${statuses[$r]} (statuses: ${statuses[*]})"
    done
}

# How a message names a peer: its pid, or, when it has none here (every
# PE its own host: MISHMEM_HOST_ID=h%p), its host.
WHO='\((pid [0-9]+|host [^,)]+, MISHMEM_HOST_ID h[0-9]+[^)]*)\)'

case $case in
acl_by_hand) # item 7, aclshmem face
    by_hand acl 3
    survivors_ok 3
    [ "${statuses[2]}" -eq 137 ] || fail "rank 2 exited ${statuses[2]}, expected SIGKILL"
    [ "$(grep -c 'B finished' "$out")" -eq 2 ] || fail "B did not finish on both survivors"
    grep -Eq "PE 2 $WHO of instance 11 exited while PE [01] waited in aclshmem_barrier_all" "$log" ||
        fail "no message naming the dead PE, the instance and the call"
    ;;
threads_by_hand) # item 7, OpenSHMEM face, two threads
    by_hand threads 3
    survivors_ok 3
    [ "$(grep -c 'B finished' "$out")" -eq 2 ] || fail "B did not finish on both survivors"
    grep -q "of instance 11 exited while PE [01] waited in shmem_barrier_all" "$log" ||
        fail "no message naming the dead PE, the instance and the call"
    ;;
acl_launcher) # item 7 under the launcher: the default still ends the job
    through acl 3
    [ "$status" -eq 137 ] || fail "launcher exited $status, expected 137 (PE 2 killed)"
    [ "$elapsed_ms" -lt 30000 ] || fail "took $elapsed_ms ms"
    ;;
keep_going) # item 7: --keep-going lets the survivors finish
    through keep 3 --keep-going
    [ "$status" -eq 3 ] || fail "launcher exited $status, expected 3 (the first failure's status)"
    [ "$(grep -c 'finished in B' "$out")" -eq 2 ] || fail "the survivors did not finish"
    grep -q "mishmemrun: PE 2 exited with status 3" "$log" || fail "the failure was not reported"
    ;;
left_launcher) # item 8, the shmem_init world
    through left 3
    [ "$status" -ne 0 ] && [ "$status" -ne 124 ] || fail "launcher exited $status (124: hung until --timeout)"
    [ "$elapsed_ms" -lt 30000 ] || fail "took $elapsed_ms ms"
    grep -Eq "PE 2 $WHO of instance [0-9]* finalized while PE [01] waited in shmem_barrier_all" "$log" ||
        fail "no message naming the PE that left and the call"
    ;;
left_coll_launcher) # item 8, in collectives: staged (3 PEs) and tree-based (17 PEs)
    for n in 3 17; do
        through left_coll $n
        [ "$status" -ne 0 ] && [ "$status" -ne 124 ] || fail "$n PEs: launcher exited $status"
        [ "$elapsed_ms" -lt 30000 ] || fail "$n PEs: took $elapsed_ms ms"
        last=$((n - 1))
        grep -Eq "PE $last $WHO of instance [0-9]+ finalized while PE [0-9]+ waited in shmem_(broadcastmem|long_sum_reduce)" "$log" ||
            fail "$n PEs: no message naming PE $last and the collective"
        echo "$n PEs: ended in $elapsed_ms ms"
    done
    ;;
left_acl_by_hand) # item 8, an instance of the aclshmem face
    by_hand left_acl 3
    survivors_ok 3
    [ "${statuses[2]}" -eq 0 ] || fail "rank 2 exited ${statuses[2]}"
    [ "$elapsed_ms" -lt $((40000 + PEER_TIMEOUT_MS)) ] || fail "took $elapsed_ms ms"
    grep -Eq "PE 2 $WHO of instance 11 finalized while PE [01] waited in aclshmem_barrier_all" "$log" ||
        fail "no message naming the PE that left and the call"
    ;;
early_launcher) # item 9
    SHMEM_INIT_TIMEOUT=30 through early 4 --keep-going
    [ "$status" -ne 0 ] && [ "$status" -ne 124 ] || fail "launcher exited $status"
    [ "$elapsed_ms" -lt 25000 ] || fail "took $elapsed_ms ms (the init timeout is 30 s)"
    grep -q "PE 3 .*exited .*before it connected" "$log" || fail "no message naming PE 3"
    ;;
*)
    echo "unknown case $case"
    exit 2
    ;;
esac
echo "--- stdout"; cat "$out"; echo "--- stderr"; cat "$log"
echo "$case: passed in $elapsed_ms ms"
