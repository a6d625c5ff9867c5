#!/usr/bin/env bash
# Runs each misuse case of test_bad_input through the launcher on 2 PEs:
# the job must fail (not hang) and say what was wrong, naming the call, the
# PE and the address. The legal cases must pass.
# usage: bad_input.sh LAUNCHER PROGRAM [--rma | --other | --instance]
#   --rma: PE, address, NULL and stride cases; --other: contexts, locks,
#   SHMEM_DEBUG and zero-length; --instance: the cases whose outcome
#   depends on the instance (for a run in another instance). Default: all.
set -u
. "$(dirname "$0")/../tools/misuse_cases.sh"
launcher=$1 program=$2 group=${3:-}
CASE_TIMEOUT=30
log=$(mktemp)
trap 'rm -f "$log"' EXIT

selected() {
    case $group:$1 in
    :*) return 0 ;;
    --rma:bad_pe* | --rma:*heap* | --rma:other_instance* | --rma:null_* | --rma:strided_* | --rma:count_*) return 0 ;;
    --other:ctx_* | --other:lock_* | --other:debug_* | --other:zero_*) return 0 ;;
    --instance:bad_pe | --instance:out_of_heap | --instance:other_instance* | --instance:ctx_finalized) return 0 ;;
    --instance:lock_* | --instance:zero_ok) return 0 ;;
    *) return 1 ;;
    esac
}

# Every case runs on 2 PEs.
expect_failure() { expect_case_failure 2 "$@"; } # case pattern [env...]
expect_success() { expect_case_success 2 "$@"; } # case [env...]

addr='0x[0-9a-f]+'
expect_failure bad_pe "shmem_long_p: PE 2 is out of range \[0, 2\) in instance [0-9]+ \(address $addr\)"
expect_failure bad_pe_strided "shmem_int_iget: PE -1 is out of range .*address $addr"
expect_failure bad_pe_ctx "shmem_ctx_double_put: PE 5 is out of range"
expect_failure bad_pe_signal "shmem_put64_signal: PE 2 is out of range"
expect_failure out_of_heap "shmem_putmem: address $addr \(\+8 bytes\) on PE 1 is not in the symmetric heap of instance"
expect_failure past_heap_end "shmem_getmem: address $addr \(\+1099511627776 bytes\) on PE 1 is not in the symmetric heap"
expect_failure other_instance "shmem_long_put: address $addr .* on PE 1 is not in the symmetric heap of instance [0-9]+ .*it lies in the symmetric memory of instance [0-9]+"
expect_failure other_instance_ctx "shmem_ctx_long_g: address $addr .*on PE 1 .*it lies in the symmetric memory of instance"
expect_failure other_instance_strided "shmem_long_iput: 4 elements at stride 2 from address $addr span .* on PE 1, which is not inside the symmetric heap.*it lies in the symmetric memory of instance"
expect_failure count_overflow "shmem_long_get: address $addr \(\+18446744073709551615 bytes\) on PE 1 is not in the symmetric heap"
expect_failure null_local "shmem_getmem: local buffer is NULL with 8 bytes to move \(PE 1, symmetric address $addr\)"
expect_failure null_remote "shmem_long_put: symmetric buffer is NULL with 16 bytes to move \(PE 1, local address $addr\)"
expect_failure null_signal "shmem_long_put_signal: symmetric buffer is NULL"
expect_failure strided_extent "shmem_long_iput: 3 elements at stride 68719476736 from address $addr span \[$addr, $addr\) on PE 1, which is not inside the symmetric heap"
expect_failure strided_overflow "shmem_iget32: 3 elements of 4 bytes at stride [0-9]+ from symmetric address $addr overflow the address space \(PE 1\)"
expect_failure ctx_destroyed "shmem_ctx_long_p: context $addr was destroyed by shmem_ctx_destroy"
expect_failure ctx_double_destroy "shmem_ctx_destroy: context $addr was destroyed by shmem_ctx_destroy"
expect_failure ctx_invalid "shmem_ctx_putmem: the context is SHMEM_CTX_INVALID"
expect_failure ctx_destroy_default "shmem_ctx_destroy: SHMEM_CTX_DEFAULT cannot be destroyed"
expect_failure ctx_team_pe "shmem_ctx_long_p: PE 1 is out of range \[0, 1\) of the team of context $addr"
expect_failure ctx_finalized "shmem_ctx_long_p: context $addr was created in instance [0-9]+, which has been finalized"
expect_failure lock_not_held "shmem_clear_lock: lock $addr is not held"
expect_failure lock_out_of_heap "shmem_set_lock: address $addr \(\+8 bytes\) on PE 0 is not in the symmetric heap"
expect_failure debug_overlap "shmem_putmem: the local buffer $addr and the target bytes of address $addr on PE 0 overlap" SHMEM_DEBUG=1
expect_success zero_ok
expect_success debug_ok SHMEM_DEBUG=1

[ "$failures" -eq 0 ] || { echo "$failures case(s) failed"; exit 1; }
[ "$ran" -gt 0 ] || { echo "no case selected by '$group'"; exit 1; }
echo "bad input: every case reported as expected"
