#!/usr/bin/env bash
# Locality: which PEs share memory. Usage: locality.sh MISHMEMRUN RING CASE FABRIC
#   host_id_same   MISHMEM_HOST_ID equal on every PE: all local
#   host_id_groups PEs 0,1 on "a", 2,3 on "b": 1 reaches 2 and 3 reaches 0
#                  over the fabric, 0 reaches 1 and 2 reaches 3 in memory
#   host_id_each   MISHMEM_HOST_ID=h%p: every PE its own host
#   pid_namespace  PE 1 alone in its own PID namespace (root only): remote,
#                  not "pid N" of this namespace
# FABRIC is 1 when the build has the libfabric transport: the ring must then
# work across "hosts"; without it, init must fail on time on every PE with a
# message naming a remote peer, never map a wrong process.
set -u
run=$1 ring=$2 case=$3 fabric=$4
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
fail() { echo "FAIL ($case): $*" >&2; echo "--- stdout:" >&2; cat "$out" >&2; echo "--- stderr:" >&2; cat "$err" >&2; exit 1; }
# status, then "PE:next:yes|no" for each link the ring must show, then the
# message a refusal must hold
check() {
    local status=$1 refusal=$2; shift 2
    [ "$status" -ne 124 ] || fail "the job hung until its timeout"
    ! grep -q "No such process\|is smaller than\|not PE .* segment" "$err" || fail "a remote peer was looked up as a local pid"
    if [ "$fabric" = 1 ]; then
        [ "$status" -eq 0 ] || fail "status $status"
        grep -q "ring ok" "$out" || fail "no ring"
        for link in "$@"; do
            IFS=: read -r pe next how <<<"$link"
            grep -qx "PE $pe reaches PE $next by load/store: $how" "$out" || fail "PE $pe -> $next should be '$how'"
        done
    else
        [ "$status" -ne 0 ] || fail "the job succeeded with PEs on different hosts and no fabric"
        grep -qF -- "$refusal" "$err" || fail "stderr lacks: $refusal"
    fi
}
case $case in
host_id_same)
    MISHMEM_HOST_ID=box "$run" -n 4 --timeout 30 "$ring" >"$out" 2>"$err" || fail "status $?"
    for pe in 0 1 2 3; do grep -qx "PE $pe reaches PE $(((pe + 1) % 4)) by load/store: yes" "$out" || fail "PE $pe not local"; done
    ;;
host_id_groups)
    "$run" -n 4 --timeout 60 bash -c 'if [ "$MISHMEM_PE" -lt 2 ]; then export MISHMEM_HOST_ID=a; else export MISHMEM_HOST_ID=b; fi; exec "$0"' "$ring" >"$out" 2>"$err"
    check $? 'PE 2 is on another host than this PE (MISHMEM_HOST_ID "a" here, "b" there)' 0:1:yes 1:2:no 2:3:yes 3:0:no
    ;;
host_id_each)
    MISHMEM_HOST_ID=h%p "$run" -n 3 --timeout 60 "$ring" >"$out" 2>"$err"
    check $? 'PE 1 is on another host than this PE (MISHMEM_HOST_ID "h0" here, "h1" there)' 0:1:no 1:2:no 2:0:no
    ;;
pid_namespace)
    if [ "$(id -u)" -ne 0 ] || ! unshare --pid --fork --kill-child true 2>/dev/null; then
        echo "SKIP: needs root and unshare --pid"; exit 77
    fi
    "$run" -n 2 --timeout 60 bash -c 'if [ "$MISHMEM_PE" = 1 ]; then exec unshare --pid --fork --kill-child "$0"; else exec "$0"; fi' "$ring" >"$out" 2>"$err"
    check $? 'PE 1 is on another host than this PE (another PID namespace)' 0:1:no 1:0:no
    ;;
*) fail "unknown case" ;;
esac
echo "PASS ($case)"
