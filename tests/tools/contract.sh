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

field() { sed -n "s/^$2=//p" "$1"; }

check_reports() {
    local dir=$1 pe file
    [ "$(ls "$dir" | wc -l)" -eq "$N" ] || fail "expected $N reports, got: $(ls "$dir")"
    local rdv secret
    rdv=$(field "$dir/pe.0" RDV)
    secret=$(field "$dir/pe.0" SECRET)
    [[ $rdv =~ ^tcp://127\.0\.0\.1:[0-9]+$ ]] || fail "bad MISHMEM_RDV_ADDR '$rdv'"
    [[ $secret =~ ^[0-9a-f]{64}$ ]] || fail "bad MISHMEM_SECRET '$secret'"
    for ((pe = 0; pe < N; pe++)); do
        file=$dir/pe.$pe
        [ -f "$file" ] || fail "no report from PE $pe"
        [ "$(field "$file" PE)" = "$pe" ] || fail "PE $pe reports MISHMEM_PE=$(field "$file" PE)"
        [ "$(field "$file" NPES)" = "$N" ] || fail "PE $pe sees NPES=$(field "$file" NPES)"
        [ "$(field "$file" RDV)" = "$rdv" ] || fail "PE $pe sees another RDV_ADDR"
        [ "$(field "$file" SECRET)" = "$secret" ] || fail "PE $pe sees another SECRET"
        [ "$(field "$file" HAS_RDV_FD)" = "$((pe == 0))" ] || fail "PE $pe: MISHMEM_RDV_FD presence wrong"
        [ "$(field "$file" PASS)" = "kept value" ] || fail "PE $pe lost an inherited variable"
        [ "$(field "$file" ARGS)" = "*:env=$dir|-n|5|a b" ] ||
            fail "PE $pe got arguments '$(field "$file" ARGS)'"
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
