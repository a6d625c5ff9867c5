#!/usr/bin/env bash
# launcher_<scenario>: how the launcher ends a job.
#   bash failure.sh LAUNCHER PROBE SCENARIO
# Sleeping PEs sleep 300 s, past the 60 s watchdog (ctest TIMEOUT), so a
# launcher that does not kill them is caught by the watchdog (and by the
# leftover-process check), the only upper bound on time (lib.sh).
LAUNCHER=$1 PROBE=$2 SCENARIO=$3
. "$(dirname "$0")/lib.sh"

case $SCENARIO in
exit_code)
    run_launcher -n 4 "$PROBE" "$MARK" "2:sleep=0.3,exit=7" "*:sleep=300"
    expect_rc 7
    expect_stderr_line "mishmemrun: PE 2 exited with status 7"
    expect_stderr_count '^mishmemrun:' 1
    ;;
killed_by_signal)
    run_launcher -n 3 "$PROBE" "$MARK" "1:sleep=0.3,kill=9" "*:sleep=300"
    expect_rc 137
    expect_stderr_line "mishmemrun: PE 1 was killed by signal SIGKILL (9)"
    expect_stderr_count '^mishmemrun:' 1
    ;;
global_exit_99)
    # The PE keeps sleeping after writing: only the status can end the job.
    run_launcher -n 3 "$PROBE" "$MARK" "1:sleep=0.3,ctrl=99,sleep=300" "*:sleep=300"
    expect_rc 99
    ;;
global_exit_0)
    run_launcher -n 3 "$PROBE" "$MARK" "1:sleep=0.3,ctrl=0,sleep=300" "*:sleep=300"
    expect_rc 0
    ;;
global_exit_then_exit)
    # What shmem_global_exit really does: write the status, then exit with it.
    run_launcher -n 4 "$PROBE" "$MARK" "3:sleep=0.3,ctrl=42,exit=42" "*:sleep=300"
    expect_rc 42
    ;;
timeout)
    run_launcher --timeout 2 -n 3 "$PROBE" "$MARK" "*:sleep=300"
    expect_rc 124
    expect_elapsed_above 1.8
    expect_stderr_line "mishmemrun: timeout after 2 s; killing 3 PEs"
    ;;
sigterm_ignored)
    # PEs that ignore SIGTERM get SIGKILL after the grace period.
    run_launcher -n 3 "$PROBE" "$MARK" "0:sleep=0.5,exit=5" "*:ignore-term,sleep=300"
    expect_rc 5
    expect_elapsed_above 1
    ;;
grandchild)
    # What a PE forked dies with the job.
    run_launcher -n 2 "$PROBE" "$MARK" "0:sleep=0.5,exit=3" "*:spawn,sleep=300"
    expect_rc 3
    ;;
orphan_killed)
    # A PE that ends normally leaves a child behind; it must not outlive the job.
    run_launcher -n 2 "$PROBE" "$MARK" "1:spawn,exit=0" "*:sleep=1,exit=0"
    expect_rc 0
    ;;
early_exit_ok)
    run_launcher -n 3 "$PROBE" "$MARK" "0:exit=0" "*:sleep=1,exit=0"
    expect_rc 0
    expect_elapsed_above 0.9
    expect_stderr_count '^mishmemrun:' 0
    ;;
*)
    fail "unknown scenario $SCENARIO"
    ;;
esac
expect_no_probe_left
echo "PASS: $SCENARIO (status $RC after ${ELAPSED}s)"
