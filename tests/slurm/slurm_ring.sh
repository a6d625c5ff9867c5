#!/usr/bin/env bash
# slurm_ring: an unmodified OpenSHMEM program (tests/pmix/test_pmix_ring.c:
# shmem_init() with no arguments; a ring of puts, reductions, a broadcast,
# atomics, all checked on every PE) started by
#   srun --mpi=pmix -N 2 -n 4 RING
# on the two-node cluster: ranks 0,1 on node1 and 2,3 on node2, which
# share no memory and reach each other only over the veth network. Also:
# srun --mpi=list offers pmix, and the step leaves nothing on the nodes.
#   bash slurm_ring.sh RING
. "$(dirname "$0")/slurm_lib.sh"
RING=$1

run mpi_list 60 srun --mpi=list
[ "$RC" -eq 0 ] || fail "srun --mpi=list exited with $RC"
grep -qw pmix "$OUT/mpi_list.out" "$OUT/mpi_list.err" || fail "srun --mpi=list does not offer pmix"

run ring 120 srun --mpi=pmix -N 2 -n 4 "${task_wrapper[@]}" "$RING"
[ "$RC" -eq 0 ] || fail "srun --mpi=pmix -N 2 -n 4 ring exited with $RC"
expect_line ring "PMIx world of 4 PEs in instance $WORLD_ID: ring, reductions, broadcast, atomics: ok"
[ "$(where ring)" = "0 node1 1 node1 2 node2 3 node2 " ] || fail "ranks ran on: $(where ring)"
expect_nodes_clean
echo "PASS: srun --mpi=pmix -N 2 -n 4 ring on node1 (0,1) and node2 (2,3) in ${ELAPSED}s"
