#!/usr/bin/env bash
# Shared by the tests/slurm scripts (sourced): brings up the two-node
# cluster of scripts/slurm-cluster.sh (exits 77, a skip with the reason,
# where it cannot exist), tears it down on exit whatever happens, and
# gives the tests a bounded way to run client commands and to check that
# a job left nothing behind on the nodes.
set -uo pipefail
export LC_ALL=C
SLURM_TEST_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$SLURM_TEST_DIR/../../scripts/slurm-cluster.sh"

# The job's outputs, apart from the cluster's own folder.
OUT=$(mktemp -d "${TMPDIR:-/tmp}/mishmem-slurm-test.XXXXXX")
trap 'slurm_cluster_down; rm -rf "$OUT"' EXIT
trap 'exit 130' INT TERM

fail() {
    local f
    echo "FAIL: $*" >&2
    # MISHMEM_SLURM_KEEP=DIR: the job's whole outputs are copied there.
    if [ -n "${MISHMEM_SLURM_KEEP:-}" ]; then
        mkdir -p "$MISHMEM_SLURM_KEEP" && cp -r "$OUT"/. "$MISHMEM_SLURM_KEEP"/
    fi
    for f in "$OUT"/*.out "$OUT"/*.err; do
        [ -s "$f" ] || continue
        echo "--- $(basename "$f"):" >&2
        # libfabric's log lines (FI_LOG_*) counted apart, so that they
        # do not push the job's own lines out of view.
        grep -v '^libfabric:' "$f" | tail -n 60 >&2
        if grep -q '^libfabric:' "$f"; then
            echo "--- $(basename "$f"), libfabric's lines (count, pid and text):" >&2
            sed -n 's/^libfabric:\([0-9]*\):[0-9]*::\(.*\)$/\1 \2/p' "$f" | sed 's/0x[0-9a-f]*/0x./g' |
                sort | uniq -c | sort -rn | head -n 40 >&2
        fi
    done
    exit 1
}

slurm_cluster_up
# What runs on each node when no job does (init, slurmd, the tools that
# started them): a job must leave exactly this behind.
for slurm_node in $SLURM_CLUSTER_NODES; do
    printf -v "BASELINE_$slurm_node" %s "$(slurm_host_pids "$slurm_node" | sort -n | tr '\n' ' ')"
done

# run NAME SECONDS COMMAND...: a client command (srun, sbatch) on the
# controller host, ended after SECONDS; stdout in $OUT/NAME.out, stderr in
# $OUT/NAME.err. Sets RC (124: it had to be ended) and ELAPSED (seconds).
run() {
    local name=$1 seconds=$2 start=$EPOCHREALTIME
    shift 2
    RC=0
    slurm_login timeout -k 5 "$seconds" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" || RC=$?
    ELAPSED=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
}

# expect_line NAME LINE: NAME's stdout has exactly this line.
expect_line() {
    grep -qxF -- "$2" "$OUT/$1.out" || fail "$1: no line '$2' in its output"
}

# where NAME: "rank host" per line, from the lines that every task's
# wrapper (task_wrapper) printed, sorted by rank.
where() {
    sed -n 's/^task \([0-9]*\) on \([^ ]*\)$/\1 \2/p' "$OUT/$1.out" | sort -n | tr '\n' ' '
}

# The command a task runs: says where it is, then becomes PROGRAM.
#   srun ... "${task_wrapper[@]}" PROGRAM ARGS...
task_wrapper=(sh -c 'echo "task $SLURM_PROCID on $(hostname)"; exec "$@"' task)

# expect_nodes_clean: within 30 s, every node runs what it ran before the
# job and nothing else.
expect_nodes_clean() {
    local node tries now var left pid
    for node in $SLURM_CLUSTER_NODES; do
        var="BASELINE_$node"
        for tries in $(seq 150); do
            now=$(slurm_host_pids "$node" | sort -n | tr '\n' ' ')
            [ "$now" = "${!var}" ] && break
            sleep 0.2
        done
        if [ "$now" != "${!var}" ]; then
            left=
            for pid in $now; do
                case " ${!var} " in *" $pid "*) continue ;; esac
                left="$left $pid($(cat "/proc/$pid/comm" 2>/dev/null))"
            done
            fail "left on $node after the job:$left"
        fi
    done
}

# The world's instance id (CI runs the suite with SHMEM_WORLD_INSTANCE_ID=7).
WORLD_ID=${SHMEM_WORLD_INSTANCE_ID:-0}
