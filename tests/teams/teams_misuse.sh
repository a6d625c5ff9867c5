#!/usr/bin/env bash
# Every misuse case of test_team_misuse: the job ends non-zero (not by the
# launcher's timeout) and the log carries the expected message.
set -u
launcher=$1 program=$2
log=$(mktemp)
failures=0
expect() { # mode, pattern
    "$launcher" -n 2 --timeout 30 "$program" "$1" >"$log" 2>&1
    local status=$?
    if [ "$status" -eq 0 ] || [ "$status" -eq 124 ] || ! grep -q -- "$2" "$log"; then
        echo "FAIL: $1 (status $status, expected /$2/):"
        cat "$log"
        failures=$((failures + 1))
    else
        echo "ok: $1: $(grep -m1 -o -- "$2.*" "$log" | cut -c1-110)"
    fi
}
expect destroyed "shmem_team_sync: the team was destroyed"
expect foreign "the team belongs to instance"
expect invalid_team "shmem_long_sum_reduce: the team is SHMEM_TEAM_INVALID"
expect overlap_reduce "shmem_long_sum_reduce: dest .* overlap; they must be the same buffer or disjoint"
expect overlap_fcollect "shmem_long_fcollect: dest .* overlap"
expect root "shmem_long_broadcast: root 2 is not a member"
expect not_symmetric "shmem_long_max_reduce: source .* is not symmetric: not in the symmetric heap"
SHMEM_DEBUG=1 expect not_in_set "shmem_barrier: PE 1 is not in the active set" # else it returns at once
expect set_range "shmem_long_sum_to_all: active set .* is not within the 2 PEs"
expect destroy_world "shmem_team_destroy: the predefined world team cannot be destroyed"
expect strides "shmem_long_alltoalls: strides dst 0 and sst 1 must be at least 1"
expect null_handle "shmem_team_split_strided: new_team (the handle to fill) is NULL"
rm -f "$log"
[ "$failures" -eq 0 ] || { echo "$failures misuse cases failed"; exit 1; }
echo "all misuse cases end the job with a clear message"
