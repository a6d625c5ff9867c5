#!/usr/bin/env bash
# The retransmission floor on libfabric's TCP connections
# (src/transport/ofi/ofi_tcp_tune.h), every PE its own host: the default
# sets it on the endpoint's connections and on nothing else, 0 leaves the
# kernel's, a value out of range fails init naming the variable.
# usage: ofi_tcp_floor.sh MISHMEMRUN TCP_FLOOR_PROGRAM
set -u
run=$1 program=$2
fail() { echo "FAIL: $*"; echo "$out"; exit 1; }
export MISHMEM_HOST_ID=h%p
unset MISHMEM_OFI_TCP_RTO_MIN_US MISHMEM_OFI_PROVIDER

out=$("$run" -n 2 --timeout 120 "$program" 2>&1)
rc=$?
[ $rc -eq 77 ] && { echo "$out"; exit 77; }
[ $rc -eq 0 ] || fail "the default floor: exit $rc"
for pe in 0 1; do
    grep -qE "^PE $pe: [1-9][0-9]* of its [0-9]+ established TCP sockets with the floor \([0-9]+ us\), 3 of its own at the kernel's" <<<"$out" ||
        fail "PE $pe: no socket with the floor, or its own sockets changed"
done

out=$(MISHMEM_OFI_TCP_RTO_MIN_US=20000 "$run" -n 2 --timeout 120 "$program" 2>&1) || fail "a floor of 20 ms"
grep -qE "^PE 1: [1-9][0-9]* of its .* with the floor \((2[0-9]{4}) us\)" <<<"$out" || fail "no socket with a 20 ms floor"

out=$(MISHMEM_OFI_TCP_RTO_MIN_US=0 "$run" -n 2 --timeout 120 "$program" expect-none 2>&1) || fail "0: a floor was set"

# A value in range that this kernel refuses (Linux 6.15 takes 5 ms and
# up): a warning, the kernel's floor kept, the job runs.
if ! /usr/bin/python3 -c 'import socket; socket.socket().setsockopt(socket.IPPROTO_TCP, 45, 3000)' 2>/dev/null; then
    out=$(MISHMEM_OFI_TCP_RTO_MIN_US=3000 "$run" -n 2 --timeout 120 "$program" expect-none 2>&1) || fail "3000: the job failed"
    grep -q "MISHMEM_OFI_TCP_RTO_MIN_US=3000: this kernel refuses it" <<<"$out" || fail "3000: no warning"
fi

for bad in 300000 -5 soon; do
    out=$(MISHMEM_OFI_TCP_RTO_MIN_US=$bad "$run" -n 2 --timeout 60 "$program" 2>&1) && fail "$bad accepted"
    grep -q "MISHMEM_OFI_TCP_RTO_MIN_US" <<<"$out" || fail "$bad: no message naming the variable"
done
echo ok
