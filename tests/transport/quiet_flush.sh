#!/usr/bin/env bash
# Quiet without per-put acknowledgements (src/transport/ofi/ofi_ops.c),
# every PE its own host: where the provider orders reads after writes
# (atomics as messages on tcp;ofi_rxm, and net) puts go unacknowledged and
# a quiet reads from each peer written; MISHMEM_OFI_PUT_ACKS=1 and the
# provider's own atomics (whose data order tcp;ofi_rxm does not promise)
# keep the acknowledgements. In each case the data must be there after
# the quiet (quiet_flush.c).
# usage: quiet_flush.sh MISHMEMRUN QUIET_FLUSH_PROGRAM
set -u
run=$1 program=$2
fail() { echo "FAIL: $*"; echo "$out"; exit 1; }
export MISHMEM_HOST_ID=h%p SHMEM_DEBUG=1
unset MISHMEM_OFI_PROVIDER MISHMEM_OFI_ATOMICS MISHMEM_OFI_PUT_ACKS

# expect "acknowledged"|"unacknowledged" ENV...: runs the program with ENV
# and checks every PE's provider line.
expect() {
    local want=$1
    shift
    out=$(env "$@" "$run" -n 3 --timeout 200 "$program" 2>&1)
    local rc=$?
    [ $rc -eq 77 ] && { echo "$out"; exit 77; }
    [ $rc -eq 0 ] || fail "$*: exit $rc"
    grep -q "^quiet_flush: 12 rounds" <<<"$out" || fail "$*: no result line"
    local pattern="every put acknowledged"
    [ "$want" = unacknowledged ] && pattern="puts unacknowledged \(a quiet reads from each peer written\)"
    local lines
    lines=$(grep -cE "libfabric: provider .*$pattern" <<<"$out")
    [ "$lines" -eq 3 ] || fail "$*: expected 3 PEs with \"$pattern\", got $lines"
    echo "ok: $* ($want)"
}

expect unacknowledged MISHMEM_OFI_ATOMICS=message
expect unacknowledged MISHMEM_OFI_PROVIDER=net
expect acknowledged MISHMEM_OFI_ATOMICS=message MISHMEM_OFI_PUT_ACKS=1
expect acknowledged MISHMEM_OFI_PROVIDER=tcp\;ofi_rxm MISHMEM_OFI_ATOMICS=fabric
