#!/usr/bin/env bash
# python_seed_scenario_by_hand: the Python seed scenario on 3 PEs started by
# hand (no launcher), each told its rank on the command line, all sharing a
# rendezvous secret as a user would set it.
#   bash by_hand.sh PYTHON SCENARIO
PY=$1 SCENARIO=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
SHMEM_BOOTSTRAP_SECRET=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
export SHMEM_BOOTSTRAP_SECRET
pids=()
for rank in 0 1 2; do
    timeout 90 "$PY" "$SCENARIO" "$rank" 3 >"$work/pe$rank.out" 2>"$work/pe$rank.err" &
    pids+=($!)
done
failed=0 skipped=0
for rank in 0 1 2; do
    rc=0
    wait "${pids[$rank]}" || rc=$?
    if [ "$rc" -eq 77 ]; then
        skipped=1
    elif [ "$rc" -ne 0 ] || ! grep -qx "PE $rank: seed scenario ok" "$work/pe$rank.out"; then
        echo "FAIL: PE $rank exited with status $rc" >&2
        cat "$work/pe$rank.out" "$work/pe$rank.err" >&2
        failed=1
    fi
done
if [ "$failed" -eq 0 ] && [ "$skipped" -eq 1 ]; then
    cat "$work/pe0.out"
    exit 77
fi
[ "$failed" -eq 0 ] || exit 1
cat "$work"/pe?.out
echo "PASS: seed scenario on 3 PEs started by hand"
