#!/usr/bin/env bash
# slurm_multi_instance: the seed's multi-instance scenario
# (examples/multi_instance.c, unchanged) under srun --mpi=pmix: the world
# of 4 PEs from PMIx, instances 1..5 over subsets of it in the default tcp
# mode. The example gives every instance ip_port "tcp://127.0.0.1:0", so
# its 4 PEs must share a host: one node, 4 tasks on its 2 CPUs
# (--overcommit). The example picks its own free port range.
#   bash slurm_multi_instance.sh PROGRAM
. "$(dirname "$0")/slurm_lib.sh"
PROGRAM=$1

run multi 120 srun --mpi=pmix -N 1 -n 4 --overcommit -w node2 "${task_wrapper[@]}" "$PROGRAM"
[ "$RC" -eq 0 ] || fail "srun --mpi=pmix -N 1 -n 4 multi_instance exited with $RC"
expect_line multi "step 1: instance 1 on PEs {0,1,2,3}: create, allgather, finalize"
expect_line multi "step 6: finalize instances 2, 4 and 5"
expect_line multi "multi_instance: all checks passed"
[ "$(where multi)" = "0 node2 1 node2 2 node2 3 node2 " ] || fail "ranks ran on: $(where multi)"
expect_nodes_clean
echo "PASS: srun --mpi=pmix -N 1 -n 4 multi_instance on node2 in ${ELAPSED}s"
