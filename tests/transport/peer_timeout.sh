#!/usr/bin/env bash
# transport_peer_timeout_<case>: a peer on another host (every PE its own
# host) that exits without finalizing, found through the fabric.
#   short  MISHMEM_PEER_TIMEOUT_MS=4000: the others end, naming it, within
#          the timeout plus 30 s of slack from the PE's exit (a loaded
#          machine: 500 ms declared a live PE dead at load 12)
#   bogus  MISHMEM_PEER_TIMEOUT_MS=soon: init fails with a clear message
#   bash peer_timeout.sh LAUNCHER PROGRAM short|bogus
set -u
run=$1 prog=$2 case=$3
err=$(mktemp)
trap 'rm -f "$err"' EXIT
fail() { echo "FAIL (peer_timeout $case): $*" >&2; echo "--- stderr:" >&2; cat "$err" >&2; exit 1; }
export MISHMEM_HOST_ID=h%p
unset MISHMEM_WAIT_SLEEP_US MISHMEM_WAIT_SLEEP_MAX_US # the failure is timed, not the waits
case $case in
short) export MISHMEM_PEER_TIMEOUT_MS=4000 ;;
bogus) export MISHMEM_PEER_TIMEOUT_MS=soon ;;
esac
EARLY_EXIT_STAMP=1 "$run" -n 4 --timeout 60 "$prog" 2>"$err"
status=$?
end=$(date +%s%N)
[ "$status" -ne 124 ] || fail "the job hung until its timeout"
[ "$status" -ne 0 ] || fail "the job succeeded"
case $case in
short)
    # It names PE 3 and its host: the machine's name, the host id and
    # where the fabric reached it.
    named=$(grep -F "PE 3 (host $(uname -n), MISHMEM_HOST_ID h3, fabric address " "$err")
    [ -n "$named" ] || fail "no message naming PE 3 and its host ($(uname -n), MISHMEM_HOST_ID h3)"
    grep -Eq "\) of instance [0-9]+ exited" <<<"$named" || fail "the message does not say that PE 3 exited"
    left=$(sed -n 's/^leaving at \([0-9]*\)$/\1/p' "$err")
    [ -n "$left" ] || fail "PE 3 did not say when it left"
    elapsed_ms=$(( (end - left) / 1000000 ))
    [ "$elapsed_ms" -lt 34000 ] || fail "the job ended $elapsed_ms ms after PE 3 left, with a 4000 ms peer timeout"
    ;;
bogus)
    grep -q 'MISHMEM_PEER_TIMEOUT_MS="soon" must be an integer in 1..3600000' "$err" || fail "no clear message"
    ;;
esac
echo "peer_timeout $case: status $status${elapsed_ms:+, the job ended $elapsed_ms ms after PE 3 left}"
