#!/usr/bin/env bash
# Misuse cases of one test program, each run as its own job through the
# launcher; sourced by tests/misuse/misuse.sh and tests/rma/bad_input.sh.
# The script sets launcher, program, log (a file for each job's output)
# and CASE_TIMEOUT (the launcher's --timeout), and defines `selected CASE`
# (whether CASE runs). The cases run and failed are counted in ran and
# failures.
failures=0 ran=0

# expect_case_failure NPES CASE PATTERN [ENV...]: the job aborts (status
# neither 0 nor the launcher's timeout, 124) with output matching the ERE.
expect_case_failure() {
    local npes=$1 case=$2 pattern=$3
    shift 3
    selected "$case" || return 0
    env "$@" "$launcher" -n "$npes" --timeout "$CASE_TIMEOUT" "$program" "$case" >"$log" 2>&1
    local status=$?
    if [ "$status" -eq 0 ] || [ "$status" -eq 124 ]; then
        echo "FAIL $case: launcher status $status (expected an abort)"; cat "$log"; failures=$((failures + 1))
    elif ! grep -Eq -- "$pattern" "$log"; then
        echo "FAIL $case: status $status, no message matching /$pattern/"; cat "$log"; failures=$((failures + 1))
    else
        echo "ok   $case: $(grep -Eo -- "$pattern" "$log" | head -1)"
    fi
    ran=$((ran + 1))
}

# expect_case_success NPES CASE [ENV...]: the job ends 0.
expect_case_success() {
    local npes=$1 case=$2
    shift 2
    selected "$case" || return 0
    if env "$@" "$launcher" -n "$npes" --timeout "$CASE_TIMEOUT" "$program" "$case" >"$log" 2>&1; then
        echo "ok   $case: passed"
    else
        echo "FAIL $case: launcher status $?"; cat "$log"; failures=$((failures + 1))
    fi
    ran=$((ran + 1))
}
