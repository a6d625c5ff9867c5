#!/usr/bin/env bash
# launcher_usage and launcher_exec_failure: bad command lines and programs
# that cannot run.
#   bash usage.sh LAUNCHER PROBE usage|exec_failure
LAUNCHER=$1 PROBE=$2 WHAT=$3
. "$(dirname "$0")/lib.sh"

# expect_usage_error ARGS...: exit 2 with a message, and nothing started.
expect_usage_error() {
    run_launcher "$@"
    [ "$RC" -eq 2 ] || fail "'mishmemrun $*' exited $RC, expected 2"
    grep -q '^mishmemrun: ' "$WORK/err" || fail "'mishmemrun $*' printed no message"
}

check_usage() {
    expect_usage_error
    expect_usage_error "$PROBE" "$MARK"
    expect_usage_error -n
    expect_usage_error -n 0 "$PROBE" "$MARK"
    expect_usage_error -n -1 "$PROBE" "$MARK"
    expect_usage_error -n abc "$PROBE" "$MARK"
    expect_usage_error -n 3x "$PROBE" "$MARK"
    expect_usage_error -n 16385 "$PROBE" "$MARK"
    expect_usage_error -n 99999999999999999999 "$PROBE" "$MARK"
    expect_usage_error -n 2
    expect_usage_error -n 2 --
    expect_usage_error -np
    expect_usage_error --bogus -n 2 "$PROBE" "$MARK"
    expect_usage_error --timeout 0 -n 2 "$PROBE" "$MARK"
    expect_usage_error --timeout -3 -n 2 "$PROBE" "$MARK"
    expect_usage_error --timeout soon -n 2 "$PROBE" "$MARK"
    expect_usage_error -n 2 --timeout
    expect_no_probe_left

    local help
    for help in -h --help; do
        run_launcher "$help"
        expect_rc 0
        grep -q '^Usage: mishmemrun' "$WORK/out" || fail "$help printed no usage on stdout"
    done
}

# expect_exec_failure PROG: exit 127 and a message that names PROG.
expect_exec_failure() {
    run_launcher -n 4 "$1" "$MARK"
    expect_rc 127
    grep -qF "'$1'" "$WORK/err" || fail "the message does not name '$1'"
    expect_stderr_count '^mishmemrun:' 1
}

check_exec_failure() {
    expect_exec_failure /nonexistent/mishmem-no-such-program
    expect_exec_failure mishmem-no-such-program-in-path
    printf 'not a program\n' >"$WORK/not-executable"
    chmod 644 "$WORK/not-executable"
    expect_exec_failure "$WORK/not-executable"
    expect_exec_failure "$WORK"
}

case $WHAT in
usage) check_usage ;;
exec_failure) check_exec_failure ;;
*) fail "unknown check $WHAT" ;;
esac
echo "PASS: $WHAT"
