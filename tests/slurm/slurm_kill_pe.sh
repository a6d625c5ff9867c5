#!/usr/bin/env bash
# slurm_kill_pe: a PE killed on node2 in the middle of a step. HOLD
# (slurm_hold.c) runs on 4 PEs over both nodes; once all are ready, PE 3
# (on node2) gets SIGKILL while PEs 0..2 wait for it in a barrier. The
# step must end (PEs 0..2 abort with mishmem's message naming the dead
# peer, or Slurm aborts the step; srun reports task 3 killed and fails),
# no PE may pass the barrier, and nothing of the job may be left on
# either node.
#   bash slurm_kill_pe.sh HOLD
. "$(dirname "$0")/slurm_lib.sh"
HOLD=$1
# PEs 0 and 1 (node1) find PE 3 dead only by the peer timeout: 10 s here
# (30 s by default) keeps the test short; PE 3 really is gone.
export MISHMEM_PEER_TIMEOUT_MS=${MISHMEM_PEER_TIMEOUT_MS:-10000}

run_start=$EPOCHREALTIME
slurm_login timeout -k 5 120 srun --mpi=pmix -N 2 -n 4 "$HOLD" >"$OUT/hold.out" 2>"$OUT/hold.err" &
srun_pid=$!
for tries in $(seq 300); do
    [ "$(grep -c ' ready$' "$OUT/hold.out")" -eq 4 ] && break
    kill -0 "$srun_pid" 2>/dev/null || break
    sleep 0.2
done
[ "$(grep -c ' ready$' "$OUT/hold.out")" -eq 4 ] || fail "the 4 PEs did not all start"
grep -qx 'PE 3 of 4 on node2 pid [0-9]* ready' "$OUT/hold.out" || fail "PE 3 is not on node2"

# PE 3 as this script sees it: HOLD's process on node2 whose task is 3.
victim=
for pid in $(slurm_host_pids node2); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$(basename "$HOLD" | cut -c1-15)" ] || continue
    tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx 'SLURM_PROCID=3' && victim=$pid
done
[ -n "$victim" ] || fail "cannot find PE 3's process on node2"
kill -KILL "$victim"
echo "killed PE 3 (pid $victim here) on node2"

RC=0
wait "$srun_pid" || RC=$?
ELAPSED=$(awk -v a="$run_start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
# srun's own status after a killed task can be 137 as well: timeout's
# 124 or 137 count only when the whole 120 s had passed.
awk -v t="$ELAPSED" 'BEGIN { exit !(t < 115) }' || fail "the step did not end after PE 3 died (srun status $RC after ${ELAPSED}s)"
[ "$RC" -ne 0 ] || fail "srun exited 0 though PE 3 was killed"
grep -q 'barrier passed' "$OUT/hold.out" && fail "a PE passed the barrier without PE 3"
grep -q 'node2: task 3: Killed' "$OUT/hold.err" || fail "srun did not report task 3 killed"
# Each of PEs 0..2 ends one of two ways, whichever comes first: mishmem
# notices the dead peer (at once on the same node, within
# MISHMEM_PEER_TIMEOUT_MS across the fabric) and aborts naming it, or
# Slurm's PMIx plugin loses PE 3's connection and aborts the step.
slurm_aborted=0
grep -q 'Job step aborted' "$OUT/hold.err" && slurm_aborted=1
for pe in 0 1 2; do
    grep -q "^mishmem \[FATAL\] instance $WORLD_ID PE $pe/4 .* of instance $WORLD_ID exited while PE $pe waited in shmem_barrier_all" \
        "$OUT/hold.err" || [ "$slurm_aborted" -eq 1 ] || fail "PE $pe neither aborted naming a dead peer nor was ended by Slurm"
done
expect_nodes_clean
how="PEs 0..2 aborted by mishmem"
[ "$slurm_aborted" -eq 1 ] && how="step aborted by Slurm ($(grep -c '^mishmem \[FATAL\]' "$OUT/hold.err") PEs aborted by mishmem first)"
echo "PASS: PE 3 killed on node2: the step ended (srun status $RC, $how), nothing left, ${ELAPSED}s"
