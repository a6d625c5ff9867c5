#!/usr/bin/env bash
# launcher_contract_*: every PE sees the environment the library relies on.
#   bash contract.sh LAUNCHER PROBE N FORM
# FORM is how N is given: -n, -np, --np (with --), --np= or stdin-closed
# (-n with the launcher's stdin closed, so its own fds start at 0).
LAUNCHER=$1 PROBE=$2 N=$3 FORM=$4
. "$(dirname "$0")/lib.sh"

case $FORM in
-n) launcher_args=(-n "$N") ;;
-np) launcher_args=(-np "$N") ;;
--np) launcher_args=(--np "$N" --) ;;
--np=) launcher_args=("--np=$N" --) ;;
stdin-closed) launcher_args=(-n "$N") ;;
*) fail "unknown form $FORM" ;;
esac

# run_job DIR: one job whose PEs check the contract and report into DIR.
run_job() {
    mkdir -p "$1"
    # Values a launcher started inside a PE would inherit: they must not leak.
    export MISHMEM_RDV_FD=77 MISHMEM_PE=9
    export MISHMEM_TEST_PASSTHROUGH="kept value"
    if [ "$FORM" = stdin-closed ]; then
        run_launcher "${launcher_args[@]}" "$PROBE" "$MARK" "*:env=$1" -n 5 "a b" <&-
    else
        run_launcher "${launcher_args[@]}" "$PROBE" "$MARK" "*:env=$1" -n 5 "a b"
    fi
    expect_rc 0
    expect_stderr_count '^mishmemrun:' 0
}

# The contract on this host, and the variable the PEs inherited.
check_reports() {
    local dir=$1 pe
    check_contract_reports "$dir" "$N" 127.0.0.1 "*:env=$dir|-n|5|a b"
    for ((pe = 0; pe < N; pe++)); do
        [ "$(field "$dir/pe.$pe" PASS)" = "kept value" ] || fail "PE $pe lost an inherited variable"
    done
}

run_job "$WORK/first"
check_reports "$WORK/first"
expect_no_probe_left

# The secret is fresh per job.
run_job "$WORK/second"
check_reports "$WORK/second"
[ "$(field "$WORK/first/pe.0" SECRET)" != "$(field "$WORK/second/pe.0" SECRET)" ] ||
    fail "two jobs got the same secret"
echo "PASS: $N PEs ($FORM)"
