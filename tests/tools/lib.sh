#!/usr/bin/env bash
# Helpers shared by the launcher tests; sourced by bash scripts.
# Every test gets a private work dir and a unique marker argument, so its
# probe processes can be found (and must be gone) even with ctest -j.

set -u
export LC_ALL=C

WORK=$(mktemp -d "${TMPDIR:-/tmp}/mishmem-launcher-test.XXXXXX")
MARK="mishmem-launcher-test-$$-$RANDOM"

fail() {
    echo "FAIL: $*" >&2
    if [ -s "$WORK/err" ]; then
        echo "--- launcher stderr:" >&2
        cat "$WORK/err" >&2
    fi
    exit 1
}

# Pids of live probe processes of this test (PEs and what they forked).
probe_pids() {
    local pid
    for pid in $(pgrep -f -- "$MARK"); do
        if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = pe_probe ]; then
            echo "$pid"
        fi
    done
}

cleanup() {
    local pid
    for pid in $(probe_pids); do kill -KILL "$pid" 2>/dev/null; done
    rm -rf "$WORK"
}
trap cleanup EXIT

now() { echo "$EPOCHREALTIME"; }
seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }'; }
less_than() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

# run_launcher ARGS...: run it (bounded by a guard timeout, RUN_GUARD
# seconds, 50 by default: just under the tests' 60 s watchdog, far below
# the 300 s the sleeping PEs of the scenarios sleep, so a launcher that
# waits for them ends with 124); sets RC, ELAPSED.
run_launcher() {
    local start
    start=$(now)
    timeout -k 2 "${RUN_GUARD:-50}" "$LAUNCHER" "$@" >"$WORK/out" 2>"$WORK/err"
    RC=$?
    ELAPSED=$(seconds_since "$start")
}

expect_rc() {
    [ "$RC" -eq "$1" ] || fail "launcher exit status $RC, expected $1"
}

# No upper bound on time here: PEs that a launcher must end sleep 300 s,
# longer than any of these tests' watchdog (ctest TIMEOUT), so a launcher
# that waits for them fails by the watchdog, and a loaded machine that is
# only slow does not fail (issue 27's wall-clock audit).
expect_elapsed_above() {
    less_than "$1" "$ELAPSED" || fail "launcher took ${ELAPSED}s, expected over $1 s"
}

# expect_stderr_line TEXT: the launcher printed exactly this line.
expect_stderr_line() {
    grep -qxF -- "$1" "$WORK/err" || fail "launcher stderr lacks the line '$1'"
}

expect_stderr_count() {
    local count
    count=$(grep -c -- "$1" "$WORK/err")
    [ "$count" -eq "$2" ] || fail "launcher stderr has $count lines matching '$1', expected $2"
}

# Nothing of the job may survive the launcher. Processes the PEs forked
# are SIGKILLed at the end; allow the kernel a moment to finish them.
expect_no_probe_left() {
    local tries
    for tries in $(seq 100); do
        [ -z "$(probe_pids)" ] && return 0
        sleep 0.1
    done
    fail "probe processes left behind: $(probe_pids | tr '\n' ' ')"
}

# wait_for_probes N: until N probe processes run (at most 30 s: a loaded
# machine starting PEs in new namespaces).
wait_for_probes() {
    local tries
    for tries in $(seq 300); do
        [ "$(probe_pids | wc -l)" -eq "$1" ] && return 0
        sleep 0.1
    done
    fail "expected $1 probe processes, found $(probe_pids | wc -l)"
}

# signal_launcher PID SIGNAME: sends SIGNAME to the launcher running as
# background job PID and waits for it to end (at most 30 s, then it is
# killed and the test fails); sets RC and ELAPSED (from the signal on).
signal_launcher() {
    local pid=$1 signame=$2 start tries
    start=$(now)
    kill -s "$signame" "$pid"
    for tries in $(seq 300); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        kill -KILL "$pid"
        fail "launcher still running 30 s after SIG$signame"
    fi
    wait "$pid"
    RC=$?
    ELAPSED=$(seconds_since "$start")
}

# field REPORT NAME: the value of NAME in a report pe_probe wrote (env=DIR).
field() { sed -n "s/^$2=//p" "$1"; }

# check_contract_reports DIR N RDV_IP ARGS: the launcher's contract as the
# N PEs reported it in DIR/pe.<rank>: their rank and the PE count, one
# rendezvous address on RDV_IP and one 64-hex-digit secret for all, the
# rendezvous fd for PE 0 alone, and their arguments ARGS ('|' between).
check_contract_reports() {
    local dir=$1 n=$2 ip=$3 args=$4 pe file rdv secret
    [ "$(ls "$dir" | wc -l)" -eq "$n" ] || fail "expected $n reports, got: $(ls "$dir")"
    rdv=$(field "$dir/pe.0" RDV)
    secret=$(field "$dir/pe.0" SECRET)
    [[ $rdv =~ ^tcp://${ip//./\\.}:[0-9]+$ ]] || fail "bad MISHMEM_RDV_ADDR '$rdv'"
    [[ $secret =~ ^[0-9a-f]{64}$ ]] || fail "bad MISHMEM_SECRET '$secret'"
    for ((pe = 0; pe < n; pe++)); do
        file=$dir/pe.$pe
        [ -f "$file" ] || fail "no report from PE $pe"
        [ "$(field "$file" PE)" = "$pe" ] || fail "PE $pe reports MISHMEM_PE=$(field "$file" PE)"
        [ "$(field "$file" NPES)" = "$n" ] || fail "PE $pe sees NPES=$(field "$file" NPES)"
        [ "$(field "$file" RDV)" = "$rdv" ] || fail "PE $pe sees another RDV_ADDR"
        [ "$(field "$file" SECRET)" = "$secret" ] || fail "PE $pe sees another SECRET"
        [ "$(field "$file" HAS_RDV_FD)" = "$((pe == 0))" ] || fail "PE $pe: MISHMEM_RDV_FD presence wrong"
        [ "$(field "$file" ARGS)" = "$args" ] || fail "PE $pe got arguments '$(field "$file" ARGS)'"
    done
}
