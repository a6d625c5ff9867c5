#!/usr/bin/env bash
# hosts_faults_partition_three_hosts (issue 27, item 3): a cut that
# isolates one host of three while an instance that does not span the cut
# keeps working.
#   bash partition.sh LAUNCHER PROGRAM
# PROGRAM (hosts_partition) runs K=2 PEs on each of the namespace hosts a,
# b, c (netns_n.sh) with checked traffic in instance 2 (all 6 PEs) and in
# instance 1 (the 4 PEs of a and b). Once every PE runs, host c is cut off
# from the others for good (nftables in c's namespace, netns_faults.sh).
# Then:
#   - instance 2 fails: a PE on a or b says so, naming a PE on c (its host
#     and address), within MISHMEM_PEER_TIMEOUT_MS (3 s) plus 60 s (no
#     bound tighter than ctest's watchdog allows, as in faults.sh);
#   - instance 1 goes on: every PE on a and b passes at least 50 more
#     checked rounds in it after its instance 2 failed, and no message
#     speaks of instance 1;
#   - no process ends: once the cut is healed the world (which spans c,
#     and left alone meanwhile) finalizes and the job ends 0.
# Skips (77) without root, ip netns or nftables.
LAUNCHER=$1 PROGRAM=$2
unset MISHMEM_HOST_ID # the namespaces are the hosts (as in hosts.sh)
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../tools/lib.sh"
MISHMEM_NS_HOSTS=3 . "$HERE/netns_n.sh"
. "$HERE/netns_faults.sh"
fault_on_host c

export MISHMEM_PEER_TIMEOUT_MS=3000
K=2
MIN_ROUNDS_AFTER=50
A=$MISHMEM_NS_ADDR_A C=$MISHMEM_NS_ADDR_C
PES_AB="[0-$((2 * K - 1))]"                     # PEs 0..2K-1 on a and b
PES_C="($(seq -s '|' $((2 * K)) $((3 * K - 1))))" # PEs 2K..3K-1 on c

timeout -k 2 200 "$LAUNCHER" --timeout 180 --hosts "a:$K,b:$K,c:$K" --rdv-addr "$A" --agent "$NS_AGENT" \
    "$PROGRAM" "$A" "$WORK/resume" >"$WORK/out" 2>"$WORK/err" &
JOB=$!

# wait_lines COUNT REGEX SECONDS: until COUNT lines of the job's stdout
# match REGEX (extended), the job still running, SECONDS at most.
wait_lines() {
    local start
    start=$(now)
    until [ "$(grep -cE "$2" "$WORK/out")" -ge "$1" ]; do
        kill -0 "$JOB" 2>/dev/null || fail "the job ended without $1 lines '$2': $(cat "$WORK/out")"
        less_than "$(seconds_since "$start")" "$3" || fail "no $1 lines '$2' within $3 s: $(cat "$WORK/out")"
        sleep 0.1
    done
}

wait_lines $((3 * K)) '^PE [0-9]+ running$' 60
sleep 1
fault_cut
cut=$(now)

# A PE on a or b names a PE on c: that host (the machine's name, shared by
# the namespaces, what sets it apart, and its address), instance 2 and
# the call it was in.
node=$(uname -n)
on_c="host ${node//./\\.}, another PID namespace, fabric address [^)]*${C//./\\.}:[0-9]+"
report="PE $PES_C \($on_c\) of instance 2 .* while PE $PES_AB (was|waited) in"
bound=$((MISHMEM_PEER_TIMEOUT_MS / 1000 + 60))
until grep -qE "$report" "$WORK/err"; do
    kill -0 "$JOB" 2>/dev/null || fail "the job ended before instance 2 failed naming a PE on c"
    less_than "$(seconds_since "$cut")" "$bound" ||
        fail "no message naming a PE on c within ${bound}s of the cut (MISHMEM_PEER_TIMEOUT_MS $MISHMEM_PEER_TIMEOUT_MS)"
    sleep 0.1
done
DETECTED=$(seconds_since "$cut")
grep -m1 -E "$report" "$WORK/err"

# Instance 1 on a and b: checked rounds after instance 2 failed there.
wait_lines $((2 * K)) "^PE $PES_AB: ab ok [0-9]+ rounds after cut" 120
for pe in $(seq 0 $((2 * K - 1))); do
    rounds=$(sed -nE "s/^PE $pe: ab ok ([0-9]+) rounds after cut.*/\\1/p" "$WORK/out")
    [ -n "$rounds" ] && [ "$rounds" -ge "$MIN_ROUNDS_AFTER" ] ||
        fail "PE $pe passed '${rounds:-no}' rounds in instance 1 after the cut, not $MIN_ROUNDS_AFTER: $(cat "$WORK/out")"
done
grep -E "^PE $PES_AB: ab ok" "$WORK/out"
! grep -qE "instance 1[^0-9]" "$WORK/err" || fail "a message speaks of instance 1"

# Every PE saw instance 2 fail; none ended: the world finalizes once healed.
fault_heal
touch "$WORK/resume"
wait "$JOB"
RC=$?
ELAPSED=$(seconds_since "$cut")
expect_rc 0
for pe in $(seq 0 $((3 * K - 1))); do
    grep -qE "^PE $pe: instance 2 failed after [0-9]+ rounds$" "$WORK/out" ||
        fail "PE $pe did not see instance 2 fail: $(cat "$WORK/out")"
done
grep -qx "partition ok" "$WORK/out" || fail "no 'partition ok': $(cat "$WORK/out")"
grep -E "^PE [0-9]+: instance 2 failed" "$WORK/out"
# What each PE said, up to the library's common tail.
grep -E "of instance 2 " "$WORK/err" | sed 's/; instance 2 has failed: .*//'
expect_namespaces_empty
echo "PASS: partition: instance 2 failed ${DETECTED}s after the cut (bound ${bound}s), instance 1 went on;" \
    "job ended 0 ${ELAPSED}s after the cut"
