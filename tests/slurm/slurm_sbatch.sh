#!/usr/bin/env bash
# slurm_sbatch: a batch job of two steps, as users submit them:
#   #SBATCH -N 2 -n 4
#   srun --mpi=pmix RING            step 0: 4 PEs on both nodes
#   srun --mpi=pmix -n 2 RING       step 1: 2 PEs, one per node
# sbatch --wait returns the job's status; the job's output file must hold
# both steps' results, each step on the nodes it asked for.
#   bash slurm_sbatch.sh RING
. "$(dirname "$0")/slurm_lib.sh"
RING=$1

cat >"$OUT/job.sh" <<JOB
#!/bin/sh
#SBATCH -N 2 -n 4
#SBATCH --output=$OUT/job.out
#SBATCH --time=5
set -e
echo "job \$SLURM_JOB_ID on \$SLURM_JOB_NODELIST"
# ofi_rxm's connection events into job.out (printed when the test fails).
# A PE's first put across nodes was once not there after the barrier that
# followed it (issue 25): the PMIx barrier after static data is registered
# did not wait for the other node, tcp refused the put ("unknown key") and
# dropped it. SBATCH_FI_LOG_PROV / SBATCH_FI_LOG_SUBSYS widen the log
# (e.g. ofi_rxm,tcp and ep_ctrl,ep_data,mr).
export FI_LOG_LEVEL=info FI_LOG_PROV=\${SBATCH_FI_LOG_PROV:-ofi_rxm}
export FI_LOG_SUBSYS=\${SBATCH_FI_LOG_SUBSYS:-ep_ctrl}
srun --mpi=pmix ${task_wrapper[*]@Q} "$RING"
srun --mpi=pmix -n 2 --ntasks-per-node=1 ${task_wrapper[*]@Q} "$RING"
echo "both steps done"
JOB

run sbatch 150 sbatch --wait "$OUT/job.sh"
[ "$RC" -eq 0 ] || fail "sbatch --wait exited with $RC"
grep -q '^Submitted batch job [0-9]*$' "$OUT/sbatch.out" || fail "sbatch did not say which job it submitted"
grep -qx 'job [0-9]* on node\[1-2\]' "$OUT/job.out" || fail "the job did not get node1 and node2"
for n in 4 2; do
    grep -qxF "PMIx world of $n PEs in instance $WORLD_ID: ring, reductions, broadcast, atomics: ok" "$OUT/job.out" ||
        fail "no result of the step with $n PEs in the job's output"
done
# The two steps' tasks: 0..3 on node1,node1,node2,node2, then 0 and 1 on one node each.
tasks=$(sed -n 's/^task \([0-9]*\) on \([^ ]*\)$/\1 \2/p' "$OUT/job.out" | sort | tr '\n' ' ')
[ "$tasks" = "0 node1 0 node1 1 node1 1 node2 2 node2 3 node2 " ] || fail "the steps' tasks ran on: $tasks"
grep -qx "both steps done" "$OUT/job.out" || fail "the batch script did not finish"
expect_nodes_clean
echo "PASS: sbatch job of two srun --mpi=pmix steps (4 PEs on 2 nodes, then 2 PEs on 2 nodes) in ${ELAPSED}s"
