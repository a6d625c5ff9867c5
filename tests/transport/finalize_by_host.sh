#!/usr/bin/env bash
# finalize_by_host_<layout>: 5 PEs on two MISHMEM_HOST_ID "hosts", either
# interleaved (PE % 2: hosts {0,2,4} and {1,3}) or in runs (0-2 and 3-4);
# one PE enters shmem_finalize late, a host's first PE or another. The
# finalize barrier meets by host (core/sync.c); no PE may leave it before
# the late one entered.
#   bash finalize_by_host.sh LAUNCHER PROGRAM interleaved|runs LATE_PE
set -u
run=$1 prog=$2 layout=$3 late=$4
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
fail() { echo "FAIL (finalize_by_host $layout, late PE $late): $*" >&2; echo "--- stdout:" >&2; cat "$out" >&2; echo "--- stderr:" >&2; cat "$err" >&2; exit 1; }
case $layout in
interleaved) host='$((MISHMEM_PE % 2))' ;;
runs) host='$((MISHMEM_PE < 3 ? 0 : 1))' ;;
*) echo "finalize_by_host: unknown layout $layout" >&2; exit 2 ;;
esac
unset MISHMEM_HOST_ID
"$run" -n 5 --timeout 90 bash -c "export MISHMEM_HOST_ID=h$host; exec \"\$0\" \"\$@\"" "$prog" "$late" >"$out" 2>"$err"
status=$?
[ "$status" -ne 124 ] || fail "the job hung until its timeout"
[ "$status" -eq 0 ] || fail "status $status"
[ "$(grep -c '^PE [0-9]* entered' "$out")" -eq 5 ] || fail "not every PE reported"
# Nobody left before the last PE entered.
awk '/^PE/ { if ($4 > last) last = $4; if (first == "" || $6 < first) { first = $6; who = $2 } }
     END { if (first < last) { printf "PE %s left %.1f ms before the last PE entered\n", who, (last - first) / 1e6; exit 1 } }' \
    "$out" >&2 || fail "shmem_finalize is not a barrier"
exit 0
