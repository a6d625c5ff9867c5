#!/usr/bin/env bash
# An ssh-like agent for mishmemrun --hosts over the namespaces of netns.sh
# (or netns_n.sh):
#   ns-agent.sh HOST COMMAND [ARGS...]
# HOST is a or b, or the namespace's address (MISHMEM_NS_ADDR_A/B); with
# netns_n.sh also c, d, ... (MISHMEM_NS_C, ...) and their addresses
# (MISHMEM_NS_ADDR_C, ...). The command runs in that network namespace and
# in its own PID and UTS namespaces, so it shares no memory with the other
# "hosts"; when it ends, everything left in its PID namespace is killed
# with it.
set -u
host=$1
shift
case $host in
a | "${MISHMEM_NS_ADDR_A:-}") ns=${MISHMEM_NS_A:?MISHMEM_NS_A is not set (source netns.sh)} ;;
b | "${MISHMEM_NS_ADDR_B:-}") ns=${MISHMEM_NS_B:?MISHMEM_NS_B is not set (source netns.sh)} ;;
*)
    # The other hosts of netns_n.sh: a letter, or one of the addresses.
    ns=
    if [[ $host =~ ^[c-z]$ ]]; then
        var="MISHMEM_NS_${host^^}"
        ns=${!var:-}
    else
        for var in ${!MISHMEM_NS_ADDR_@}; do
            if [ "${!var}" = "$host" ]; then
                var="MISHMEM_NS_${var#MISHMEM_NS_ADDR_}"
                ns=${!var:-}
                break
            fi
        done
    fi
    if [ -z "$ns" ]; then
        echo "ns-agent.sh: unknown host '$host' (want a, b, ${MISHMEM_NS_ADDR_A:-} or ${MISHMEM_NS_ADDR_B:-}," \
            "or another host of netns_n.sh)" >&2
        exit 255
    fi
    ;;
esac
exec ip netns exec "$ns" unshare --pid --fork --kill-child --uts "$@"
