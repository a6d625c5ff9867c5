#!/usr/bin/env bash
# slurm_pmi2: Slurm's other MPI plugin. mishmem speaks PMIx, not PMI-2;
#   srun --mpi=pmi2 -N 2 -n 4 RING
# gives each task PMI_RANK, PMI_SIZE and PMI_FD only. shmem_init must refuse
# on every task with a message that names the way that works, never make
# each task a world of one (4 unrelated single-PE programs that "pass").
#   bash slurm_pmi2.sh RING
. "$(dirname "$0")/slurm_lib.sh"
RING=$1

run pmi2 120 srun --mpi=pmi2 -N 2 -n 4 "$RING"
[ "$RC" -ne 0 ] || fail "srun --mpi=pmi2 -N 2 -n 4 ring exited 0"
refusals=$(grep -c 'started by a PMI-2 (or PMI-1) launcher as rank [0-3] of 4 .*start the program with srun --mpi=pmix' "$OUT/pmi2.err")
[ "$refusals" -eq 4 ] || fail "$refusals of 4 tasks refused PMI-2 with mishmem's message"
grep -q 'CHECK FAILED\|PMIx world' "$OUT/pmi2.out" "$OUT/pmi2.err" && fail "a task ran the program past shmem_init"
expect_nodes_clean
echo "PASS: srun --mpi=pmi2 refused by every task, pointing to --mpi=pmix, in ${ELAPSED}s"
