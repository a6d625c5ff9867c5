#!/usr/bin/env bash
# Locality: which PEs share memory. Usage: locality.sh MISHMEMRUN RING CASE
#   host_id_same   MISHMEM_HOST_ID equal on every PE: local, the ring works
#   host_id_groups PEs 0,1 on "a", 2,3 on "b": every PE's init fails on
#                  time, naming a PE of the other group and the two names
#   host_id_each   MISHMEM_HOST_ID=h%p: every PE its own host
#   pid_namespace  PE 1 alone in its own PID namespace (root only): it is
#                  remote, not "pid N" of this namespace; init fails clearly
# Until a transport between hosts is built in, a remote peer must fail
# init with NOT_SUPPORTED and a message naming it, never a wrong mapping.
set -u
run=$1 ring=$2 case=$3
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
fail() { echo "FAIL ($case): $*" >&2; echo "--- stdout:" >&2; cat "$out" >&2; echo "--- stderr:" >&2; cat "$err" >&2; exit 1; }
expect_refused() { # status, then grep patterns that stderr must hold
    local status=$1; shift
    [ "$status" -ne 0 ] || fail "the job succeeded with PEs on different hosts"
    [ "$status" -ne 124 ] || fail "the job hung until its timeout"
    for pattern in "$@"; do
        grep -q -- "$pattern" "$err" || fail "stderr lacks: $pattern"
    done
    ! grep -q "No such process\|is smaller than" "$err" || fail "a remote peer was looked up as a local pid"
}
case $case in
host_id_same)
    MISHMEM_HOST_ID=box "$run" -n 4 --timeout 30 "$ring" >"$out" 2>"$err" || fail "status $?"
    grep -q "ring ok" "$out" || fail "no ring"
    ;;
host_id_groups)
    "$run" -n 4 --timeout 30 bash -c 'if [ "$MISHMEM_PE" -lt 2 ]; then export MISHMEM_HOST_ID=a; else export MISHMEM_HOST_ID=b; fi; exec "$0"' "$ring" >"$out" 2>"$err"
    expect_refused $? 'PE 2 is on another host than this PE (MISHMEM_HOST_ID "a" here, "b" there)' \
        'no transport of this build reaches it'
    ;;
host_id_each)
    MISHMEM_HOST_ID=h%p "$run" -n 3 --timeout 30 "$ring" >"$out" 2>"$err"
    expect_refused $? 'PE 1 is on another host than this PE (MISHMEM_HOST_ID "h0" here, "h1" there)'
    ;;
pid_namespace)
    if [ "$(id -u)" -ne 0 ] || ! unshare --pid --fork --kill-child true 2>/dev/null; then
        echo "SKIP: needs root and unshare --pid"; exit 77
    fi
    "$run" -n 2 --timeout 30 bash -c 'if [ "$MISHMEM_PE" = 1 ]; then exec unshare --pid --fork --kill-child "$0"; else exec "$0"; fi' "$ring" >"$out" 2>"$err"
    expect_refused $? 'PE 1 is on another host than this PE (another PID namespace)' \
        'PE 0 is on another host than this PE (another PID namespace)'
    ;;
*) fail "unknown case" ;;
esac
echo "PASS ($case)"
