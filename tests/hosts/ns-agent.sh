#!/usr/bin/env bash
# An ssh-like agent for mishmemrun --hosts over the namespaces of netns.sh:
#   ns-agent.sh HOST COMMAND [ARGS...]
# HOST is a or b, or the namespace's address (MISHMEM_NS_ADDR_A/B). The
# command runs in that network namespace and in its own PID and UTS
# namespaces, so it shares no memory with the other "host"; when it ends,
# everything left in its PID namespace is killed with it.
set -u
host=$1
shift
case $host in
a | "${MISHMEM_NS_ADDR_A:-}") ns=${MISHMEM_NS_A:?MISHMEM_NS_A is not set (source netns.sh)} ;;
b | "${MISHMEM_NS_ADDR_B:-}") ns=${MISHMEM_NS_B:?MISHMEM_NS_B is not set (source netns.sh)} ;;
*)
    echo "ns-agent.sh: unknown host '$host' (want a, b, $MISHMEM_NS_ADDR_A or $MISHMEM_NS_ADDR_B)" >&2
    exit 255
    ;;
esac
exec ip netns exec "$ns" unshare --pid --fork --kill-child --uts "$@"
