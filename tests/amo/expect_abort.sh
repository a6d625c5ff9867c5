#!/usr/bin/env bash
# Runs a program that misuses the OpenSHMEM face through the launcher and
# asserts that the job fails (not by the launcher's timeout) and that the
# output carries the expected message. A dead peer on another host
# (MISHMEM_HOST_ID) is found only after MISHMEM_PEER_TIMEOUT_MS: 10 s here
# (30 s by default) keeps such tests short; the launcher's 100 s timeout
# leaves room for it on a loaded machine.
# usage: expect_abort.sh LAUNCHER NPES PROGRAM MODE EXTENDED_REGEX
set -u
launcher=$1 npes=$2 program=$3 mode=$4 pattern=$5
export MISHMEM_PEER_TIMEOUT_MS=${MISHMEM_PEER_TIMEOUT_MS:-10000}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$launcher" -n "$npes" --timeout 100 "$program" "$mode" >"$log" 2>&1
status=$?
cat "$log"
fail() { echo "FAIL ($mode): $*"; exit 1; }
[ "$status" -ne 0 ] || fail "the job exited 0"
[ "$status" -ne 124 ] || fail "the job hung until the launcher's timeout"
grep -Eq -- "$pattern" "$log" || fail "no message matching: $pattern"
grep -q "UNREACHABLE" "$log" && fail "the misuse was not stopped"
echo "$mode: aborted with status $status and the expected message"
