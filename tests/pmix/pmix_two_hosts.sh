#!/usr/bin/env bash
# pmix_ring_two_hosts, pmix_groups_two_hosts: a PMIx test program
# (test_pmix_ring, test_pmix_groups) under Open MPI's
# mpirun across the two network-namespace "hosts" of tests/hosts/netns.sh:
# mpirun runs on host a (in its network namespace, with its own PID and UTS
# namespaces) and starts host b's orted through an rsh agent that enters
# b's namespaces. Hosts are named by their veth addresses, so nothing needs
# to resolve. Ranks 0,1 on a, 2,3 on b: PEs on b are reached only over
# libfabric. Skips (77) without root or `ip netns`.
#   bash pmix_two_hosts.sh MPIRUN PROGRAM LINE    (LINE: what PE 0 must print)
set -euo pipefail
# The namespaces are the hosts here: a MISHMEM_HOST_ID from the caller (CI
# runs the suite once with h%p) would split them further.
unset MISHMEM_HOST_ID
MPIRUN=$1 PROGRAM=$2 LINE=$3
# The world is built in SHMEM_WORLD_INSTANCE_ID (CI runs the suite in 7 too).
LINE=${LINE/in instance 0:/in instance ${SHMEM_WORLD_INSTANCE_ID:-0}:}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../tools/lib.sh"
. "$HERE/../hosts/netns.sh"
A=$MISHMEM_NS_ADDR_A B=$MISHMEM_NS_ADDR_B

# The agent mpirun runs as `AGENT HOST orted ARGS...` (an ssh-like remote
# shell line: its words are joined and run by sh on the "host").
agent=$WORK/agent.sh
cat >"$agent" <<EOF
#!/bin/sh
host=\$1
shift
case \$host in
$B) exec ip netns exec $MISHMEM_NS_B unshare --pid --fork --kill-child --uts sh -c "\$*" ;;
*) echo "agent: no host '\$host' (only $B is remote)" >&2; exit 255 ;;
esac
EOF
chmod +x "$agent"

# Open MPI names its session directory (and PMIx its server's store) by
# host name and mpirun's PID: in fresh PID and UTS namespaces both are the
# same for every run (/tmp/ompi.vm.0/pid.1), and two of these tests at once
# tore down each other's PMIx store. A directory of this test's own:
export TMPDIR=$WORK

start=$(now)
RC=0
timeout -k 2 60 ip netns exec "$MISHMEM_NS_A" unshare --pid --fork --kill-child --uts \
    "$MPIRUN" --mca plm_rsh_agent "$agent" --host "$A:2,$B:2" -np 4 \
    sh -c 'readlink /proc/self/ns/net >"$0.$PMIX_RANK"; exec "$1"' "$WORK/netns" "$PROGRAM" \
    >"$WORK/out" 2>"$WORK/err" || RC=$?
ELAPSED=$(seconds_since "$start")
expect_rc 0
grep -qxF -- "$LINE" "$WORK/out" || fail "no line '$LINE' from PE 0: $(cat "$WORK/out")"
netns_a="net:[$(stat -L -c %i "/run/netns/$MISHMEM_NS_A")]"
netns_b="net:[$(stat -L -c %i "/run/netns/$MISHMEM_NS_B")]"
for rank in 0 1 2 3; do
    if [ "$rank" -lt 2 ]; then want=$netns_a host=a; else want=$netns_b host=b; fi
    [ "$(cat "$WORK/netns.$rank" 2>/dev/null)" = "$want" ] || fail "rank $rank did not run on host $host"
done
for tries in $(seq 30); do
    if [ -z "$(ns_pids)" ]; then break; fi
    sleep 0.1
done
[ -z "$(ns_pids)" ] || fail "processes left in the namespaces: $(ns_pids | tr '\n' ' ')"
echo "PASS: $(basename "$PROGRAM") (ranks 0,1 on a, 2,3 on b; ${ELAPSED}s)"
