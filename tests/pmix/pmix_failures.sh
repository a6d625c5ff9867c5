#!/bin/sh
# PMIx mode fails clearly, and in bounded time, when PMIx cannot serve:
#  1. PMIX_RANK / PMIX_NAMESPACE set by hand, no server anywhere;
#  2. the variables of a real mpirun child, after that mpirun has ended
#     (the server is gone);
#  3. under mpirun, rank 1 never calls shmem_init: rank 0's fence ends at
#     SHMEM_INIT_TIMEOUT (3 s) with a timeout error, and the job fails.
# Usage: pmix_failures.sh MPIRUN PROGRAM
set -u
mpirun=$1
prog=$2
out=$(mktemp /tmp/mishmem-pmix-fail.XXXXXX)
trap 'rm -f "$out" "$out.env"' EXIT
fail() { echo "FAIL: $*"; echo "--- output:"; cat "$out"; exit 1; }

# Runs "$@" with a 60 s cap; sets rc and secs.
run() {
    start=$(date +%s)
    timeout 60 "$@" >"$out" 2>&1
    rc=$?
    secs=$(( $(date +%s) - start ))
}

expect_failure() { # what, text the output must contain, longest run in seconds
    [ "$rc" -ne 0 ] || fail "$1: exit status 0"
    [ "$rc" -ne 124 ] || fail "$1: still running after 60 s (a hang)"
    grep -q "$2" "$out" || fail "$1: no line says \"$2\""
    [ "$secs" -le "$3" ] || fail "$1: took $secs s, more than $3 s"
    echo "$1: exit status $rc after ${secs} s, says \"$2\": ok"
}

run env PMIX_RANK=0 PMIX_NAMESPACE=bogus-namespace SHMEM_INIT_TIMEOUT=3 "$prog"
expect_failure "bogus PMIX_* variables" "PMIx_Init failed" 40

"$mpirun" -np 1 env >"$out.env" 2>&1 || fail "mpirun -np 1 env: $(cat "$out.env")"
vars=$(grep '^PMIX_' "$out.env" | tr '\n' ' ')
[ -n "$vars" ] || fail "mpirun gave its child no PMIX_* variables"
# shellcheck disable=SC2086 # one word per variable
run env $vars SHMEM_INIT_TIMEOUT=3 "$prog"
expect_failure "server gone (a finished mpirun's variables)" "PMIx_Init failed" 40

run env SHMEM_INIT_TIMEOUT=3 "$mpirun" -np 2 sh -c \
    'if [ "$PMIX_RANK" = 1 ]; then exec sleep 30; fi; exec "$0"' "$prog"
expect_failure "rank 1 never calls shmem_init" "PMIx_Fence over the 2 processes" 25
grep -q "TIMEOUT" "$out" || fail "the fence's failure is not a timeout"
echo "all PMIx failure cases: ok"
