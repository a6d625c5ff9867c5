#!/usr/bin/env bash
# amo_path_<path>: 4 PEs, two per "host" (MISHMEM_HOST_ID a/b), AMOs from
# all of them on PE 0's words (amo_mixed.c), with MISHMEM_AMO_PATH unset,
# cpu or fabric; SHMEM_INFO says which path is in force.
#   bash amo_path.sh LAUNCHER PROGRAM default|cpu|fabric|bogus
set -u
run=$1 prog=$2 path=$3
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
fail() { echo "FAIL (amo_path $path): $*" >&2; echo "--- stdout:" >&2; cat "$out" >&2; echo "--- stderr:" >&2; cat "$err" >&2; exit 1; }
if [ "$path" = default ]; then unset MISHMEM_AMO_PATH; else export MISHMEM_AMO_PATH=$path; fi
SHMEM_INFO=1 "$run" -n 4 --timeout 90 bash -c \
    'if [ "$MISHMEM_PE" -lt 2 ]; then export MISHMEM_HOST_ID=a; else export MISHMEM_HOST_ID=b; fi; exec "$0"' \
    "$prog" >"$out" 2>"$err"
status=$?
[ "$status" -ne 124 ] || fail "the job hung until its timeout"
case $path in
bogus)
    [ "$status" -ne 0 ] || fail "MISHMEM_AMO_PATH=bogus was accepted"
    grep -q "MISHMEM_AMO_PATH=bogus: expected cpu or fabric" "$err" || fail "no clear message"
    exit 0
    ;;
default | cpu) want="AMOs on local PEs are CPU atomics, on remote PEs through ofi" ;;
fabric) want="AMOs on local PEs through the fabric too, on remote PEs through ofi" ;;
esac
[ "$status" -eq 0 ] || fail "status $status"
grep -q "amo_mixed ok: 4 PEs" "$out" || fail "no result"
grep -q "instance ${SHMEM_WORLD_INSTANCE_ID:-0} spans hosts: $want" "$out" || fail "SHMEM_INFO does not say: $want"
