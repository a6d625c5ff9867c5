#!/usr/bin/env bash
# transport_write_killed_<provider>: a write in flight to a PE that is
# killed fails in the initiator's completion queue; a later read from a
# live PE must still complete, and the job must name the killed PE, not
# a live one (write_killed.c). tcp;ofi_rxm with its progress thread
# reported the cancelled write only in the queue: left at its head, it
# held back the read's completion, and the live PE read was named as
# exited.
#   bash write_killed.sh LAUNCHER PROGRAM rxm|net
set -u
run=$1 prog=$2 provider=$3
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
fail() { echo "FAIL (write_killed $provider): $*" >&2; echo "--- stdout:" >&2; cat "$out" >&2; echo "--- stderr:" >&2; cat "$err" >&2; exit 1; }
export MISHMEM_HOST_ID=h%p MISHMEM_PEER_TIMEOUT_MS=4000
unset MISHMEM_WAIT_SLEEP_US MISHMEM_WAIT_SLEEP_MAX_US MISHMEM_OFI_ATOMICS
case $provider in
rxm) export MISHMEM_OFI_PROVIDER='tcp;ofi_rxm' MISHMEM_OFI_PROGRESS=auto ;;
net) export MISHMEM_OFI_PROVIDER=net MISHMEM_OFI_PROGRESS=manual ;;
*) echo "usage: write_killed.sh LAUNCHER PROGRAM rxm|net" >&2; exit 2 ;;
esac
"$run" -n 3 --keep-going --timeout 90 "$prog" >"$out" 2>"$err"
status=$?
[ "$status" -ne 124 ] || fail "the job hung until its timeout"
[ "$status" -ne 0 ] || fail "the job succeeded"
grep -q "^PE 1 read 42 from PE 0 after the write to the killed PE failed$" "$out" ||
    fail "PE 1's read from PE 0, a live PE, did not complete"
first=$(grep -m1 "FATAL" "$err")
grep -Eq "PE 2 \(host [^)]*MISHMEM_HOST_ID h2[^)]*\) of instance [0-9]+ exited" <<<"$first" ||
    fail "the first message does not name PE 2"
# PE 0 or PE 1 may be named once it has ended (after its own message).
for pe in 0 1; do
    named=$(grep -nE "PE $pe \(host [^)]*\) of instance [0-9]+ exited" "$err" | head -1 | cut -d: -f1)
    own=$(grep -nE "instance [0-9]+ PE $pe/3 " "$err" | head -1 | cut -d: -f1)
    if [ -n "$named" ] && { [ -z "$own" ] || [ "$named" -lt "$own" ]; }; then
        fail "PE $pe was named as exited while it ran"
    fi
done
echo "write_killed $provider: PE 1 read from PE 0, PE 2 named (status $status)"
