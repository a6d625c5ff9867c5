#!/usr/bin/env bash
# launcher_signal_*: a signal sent to the launcher reaches every PE.
#   bash signal.sh LAUNCHER PROBE SIGNAME
LAUNCHER=$1 PROBE=$2 SIGNAME=$3
. "$(dirname "$0")/lib.sh"

# Job control keeps SIGINT deliverable to a background job (bash ignores
# it in background jobs otherwise).
set -m
"$LAUNCHER" -n 3 "$PROBE" "$MARK" "*:sleep=60" 2>"$WORK/err" &
launcher_pid=$!
wait_for_probes 3

start=$(now)
kill -s "$SIGNAME" "$launcher_pid"
for tries in $(seq 300); do
    kill -0 "$launcher_pid" 2>/dev/null || break
    sleep 0.1
done
if kill -0 "$launcher_pid" 2>/dev/null; then
    kill -KILL "$launcher_pid"
    fail "launcher still running 30 s after SIG$SIGNAME"
fi
wait "$launcher_pid"
RC=$?
ELAPSED=$(seconds_since "$start")

expect_rc $((128 + $(kill -l "$SIGNAME")))
expect_no_probe_left
echo "PASS: SIG$SIGNAME (status $RC after ${ELAPSED}s)"
