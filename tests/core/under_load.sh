#!/usr/bin/env bash
# Waits under foreign load: 4 busy loops (other programs holding the CPUs)
# while 4 PEs run test_coll_stress's 1000 iterations. Before waits slept
# at once on contended CPUs, every wait's yields gave a busy loop its whole
# time slice and the run took over 120 s on 2 CPUs (0.1 s unloaded); now a
# few seconds. Not a timing test: the bound (60 s) only catches that
# collapse. The busy loops are killed on every exit, and each also ends by
# itself after 90 s should this script be killed without its trap.
set -u
launcher=$1 program=$2 loops=${3:-4}
if [ -n "${MISHMEM_HOST_ID:-}" ]; then
  echo "skipped: MISHMEM_HOST_ID is set (PEs on other hosts: writes ring no doorbell)"
  exit 77
fi
pids=()
stop_loops() { [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; }
trap stop_loops EXIT
trap 'exit 1' INT TERM HUP
for ((i = 0; i < loops; i++)); do
  ( end=$((SECONDS + 90)); while [ $SECONDS -lt $end ]; do :; done ) &
  pids+=($!)
done
start=$(date +%s%N)
"$launcher" -n 4 --timeout 60 "$program" 1000
status=$?
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$status" -eq 0 ] || { echo "FAIL: status $status after ${elapsed_ms} ms under $loops busy loops"; exit 1; }
echo "coll_stress under $loops busy loops: ${elapsed_ms} ms"
