#!/usr/bin/env bash
# Which family of collectives the world team and the active sets get
# (core/coll/family.c chooses once per team): the job passes its checks
# and every PE's debug log names the expected family, and no other.
#     family_choice.sh LAUNCHER PROGRAM pointer|portable|hierarchical|one_per_host
set -u
launcher=$1 program=$2 case=$3
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The suite also runs with these set; each case sets its own.
unset MISHMEM_COLL_PORTABLE MISHMEM_HOST_ID MISHMEM_PEERS_UNMAPPED
case $case in
pointer) world=pointer sets=pointer ;;
portable) export MISHMEM_COLL_PORTABLE=1 MISHMEM_HOST_ID=h%2p; world=portable sets=portable ;;
hierarchical) export MISHMEM_HOST_ID=h%2p; world=hierarchical sets=hierarchical ;;
# One member per host: nothing for a hierarchy to gain on the world team;
# active sets decide per call, so their table is the hierarchical one.
one_per_host) export MISHMEM_HOST_ID=h%p; world=portable sets=hierarchical ;;
*) echo "unknown case $case"; exit 2 ;;
esac
SHMEM_LOG_LEVEL=DEBUG "$launcher" -n 4 --timeout 100 "$program" >"$log" 2>&1
status=$?
worlds=$(grep -c "team of 4 PEs (start 0, stride 1) gets the $world family" "$log")
others=$(grep "team of 4 PEs (start 0, stride 1) gets the" "$log" | grep -vc "the $world family")
set_lines=$(grep -c "active sets get the $sets family" "$log")
set_others=$(grep "active sets get the" "$log" | grep -vc "the $sets family")
if [ "$status" -ne 0 ] || [ "$worlds" -lt 4 ] || [ "$others" -ne 0 ] || [ "$set_lines" -lt 4 ] ||
   [ "$set_others" -ne 0 ]; then
    echo "FAIL: $case: status $status; world team $world on $worlds PEs, $others other; active sets $sets" \
         "on $set_lines, $set_others other"
    grep -i "family of collectives\|error\|fatal" "$log" | head -40
    tail -20 "$log"
    exit 1
fi
echo "ok: $case: world team $world, active sets $sets on every PE"
