#!/usr/bin/env bash
# slurm_multi_instance: the seed's multi-instance scenario
# (examples/multi_instance.c) under srun --mpi=pmix across both nodes: the
# world of 4 PEs from PMIx (PEs 0,1 on node1, 2,3 on node2), instances 1..5
# over subsets of it in the default tcp mode, each instance's rendezvous
# served by its first PE on that PE's node (MULTI_INSTANCE_HOST, set per
# task to the node's name, which /etc/hosts of the cluster resolves).
# Instances 2, 3 and 5 span the nodes, instance 4 lies on node2 only. The
# example picks its own free port range.
#   bash slurm_multi_instance.sh PROGRAM
. "$(dirname "$0")/slurm_lib.sh"
PROGRAM=$1

wrapper=(sh -c 'echo "task $SLURM_PROCID on $(hostname)"; MULTI_INSTANCE_HOST=$(hostname) exec "$@"' task)
run multi 150 srun --mpi=pmix -N 2 -n 4 --overcommit "${wrapper[@]}" "$PROGRAM"
[ "$RC" -eq 0 ] || fail "srun --mpi=pmix -N 2 -n 4 multi_instance exited with $RC"
expect_line multi "step 1: instance 1 on PEs {0,1,2,3}: create, allgather, finalize"
expect_line multi "step 6: finalize instances 2, 4 and 5"
expect_line multi "multi_instance: all checks passed"
[ "$(where multi)" = "0 node1 1 node1 2 node2 3 node2 " ] || fail "ranks ran on: $(where multi)"
expect_nodes_clean
echo "PASS: srun --mpi=pmix -N 2 -n 4 multi_instance across node1 and node2 in ${ELAPSED}s"
