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

signal_launcher "$launcher_pid" "$SIGNAME"

expect_rc $((128 + $(kill -l "$SIGNAME")))
expect_no_probe_left
echo "PASS: SIG$SIGNAME (status $RC after ${ELAPSED}s)"
