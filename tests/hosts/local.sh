#!/usr/bin/env bash
# hosts_local_<scenario>: mishmemrun --hosts without root or namespaces,
# through local-agent.sh (every "host" is this one).
#   bash local.sh LAUNCHER PROBE SCENARIO
LAUNCHER=$1 PROBE=$2 SCENARIO=$3
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../tools/lib.sh"
AGENT=$HERE/local-agent.sh

expect_usage_error() { # message, then launcher arguments
    local message=$1
    shift
    run_launcher "$@"
    expect_rc 2
    grep -qF -- "$message" "$WORK/err" || fail "no message '$message'"
}

case $SCENARIO in
usage)
    expect_usage_error "-n 5 is more than the 4 slots of --hosts" --hosts localhost:2,localhost:2 -n 5 --agent "$AGENT" "$PROBE"
    expect_usage_error "invalid slot count '0' in --hosts" --hosts localhost:0 "$PROBE"
    expect_usage_error "invalid slot count 'x' in --hosts" --hosts localhost:x "$PROBE"
    expect_usage_error "invalid host name '' in --hosts" --hosts localhost,,b "$PROBE"
    expect_usage_error "cannot resolve the first host 'nosuch.invalid'" --hosts nosuch.invalid:2 "$PROBE"
    expect_usage_error "is not an IPv4 address" --hosts a:2 --rdv-addr a.b.c.d "$PROBE"
    expect_usage_error "names no command" --hosts localhost --agent " " "$PROBE"
    expect_usage_error "--agent and --rdv-addr need --hosts" -n 2 --agent ssh "$PROBE"
    run_launcher --hosts localhost --agent /nonexistent/agent "$PROBE"
    expect_rc 127
    expect_stderr_line "mishmemrun: cannot execute the agent '/nonexistent/agent': No such file or directory"
    ELAPSED=-
    ;;
contract)
    # Slots filled in order: -n defaults to their sum; stdout comes back whole.
    mkdir -p "$WORK/reports"
    run_launcher --hosts localhost:1,127.0.0.1:2 --agent "$AGENT" "$PROBE" "$MARK" "*:env=$WORK/reports"
    expect_rc 0
    expect_stderr_count '^mishmemrun:' 0
    [ "$(ls "$WORK/reports" | wc -l)" -eq 3 ] || fail "expected 3 reports: $(ls "$WORK/reports")"
    for pe in 0 1 2; do
        grep -qx "PE=$pe" "$WORK/reports/pe.$pe" || fail "no PE $pe"
        grep -qx "NPES=3" "$WORK/reports/pe.$pe" || fail "PE $pe: NPES"
        grep -q "^RDV=tcp://127\.0\.0\.1:[0-9]*$" "$WORK/reports/pe.$pe" || fail "PE $pe: RDV"
    done
    # Each PE's few lines in one write (PEs sharing a pipe interleave by write).
    run_launcher --hosts localhost:2,localhost:2 --agent "$AGENT" \
        bash -c 'out=$(seq "$MISHMEM_PE"00 "$MISHMEM_PE"99); echo "$out"'
    expect_rc 0
    [ "$(wc -l <"$WORK/out")" -eq 400 ] || fail "PE output lost: $(wc -l <"$WORK/out") lines"
    for pe in 1 2 3; do
        [ "$(grep -c "^$pe[0-9][0-9]$" "$WORK/out")" -eq 100 ] || fail "PE $pe output lost"
    done
    # Much output from one PE comes back exactly, in many "out" messages.
    run_launcher --hosts localhost:1 --agent "$AGENT" seq 200000
    expect_rc 0
    cmp -s "$WORK/out" <(seq 200000) || fail "seq 200000 came back altered"
    ;;
failure)
    run_launcher --hosts localhost:2,localhost:2 --agent "$AGENT" "$PROBE" "$MARK" "3:sleep=0.3,exit=9" "*:sleep=300"
    expect_rc 9
    expect_stderr_line "mishmemrun: PE 3 exited with status 9"
    ;;
*)
    fail "unknown scenario $SCENARIO"
    ;;
esac
expect_no_probe_left
echo "PASS: $SCENARIO (status $RC after ${ELAPSED}s)"
