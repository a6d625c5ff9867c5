#!/usr/bin/env bash
# Two "hosts" as network namespaces joined by a veth pair. Sourced by the
# --hosts tests (after tests/tools/lib.sh, whose EXIT trap it extends):
#   . netns.sh        creates mishmem-<pid>-a and -b, exports
#                     MISHMEM_NS_A/B (names) and MISHMEM_NS_ADDR_A/B (IPv4)
# The addresses exist only inside the namespaces (10.77.X.1/24 and
# 10.77.X.2/24, X from the pid); loopback is up in both. Everything is
# removed on exit. Exits 77 (skip) when not root or without `ip netns`.
# ns-agent.sh (next to this file) runs a command "on" a or b.

. "$(dirname "${BASH_SOURCE[0]}")/netns_require.sh"

NETNS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# MISHMEM_NETNS_PREFIX (default mishmem) starts the names of the
# namespaces and veth ends, so that concurrent users can tell theirs apart.
netns_prefix=${MISHMEM_NETNS_PREFIX:-mishmem}
netns_veth=${MISHMEM_NETNS_PREFIX:-mm}
MISHMEM_NS_A="$netns_prefix-$$-a"
MISHMEM_NS_B="$netns_prefix-$$-b"
MISHMEM_NS_VETH_A="${netns_veth:0:8}$$a"
MISHMEM_NS_VETH_B="${netns_veth:0:8}$$b"
netns_subnet=$(($$ % 250 + 1))
MISHMEM_NS_ADDR_A="10.77.$netns_subnet.1"
MISHMEM_NS_ADDR_B="10.77.$netns_subnet.2"
export MISHMEM_NS_A MISHMEM_NS_B MISHMEM_NS_ADDR_A MISHMEM_NS_ADDR_B
NS_AGENT="$NETNS_DIR/ns-agent.sh"

netns_cleanup() {
    local ns pid
    for ns in "$MISHMEM_NS_A" "$MISHMEM_NS_B"; do
        # Whatever a failed test left in a namespace goes with it.
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null; done
        ip netns del "$ns" 2>/dev/null
    done
}

# Chain with an EXIT trap that is already set (lib.sh's cleanup).
netns_previous_trap=$(trap -p EXIT | sed -e "s/^trap -- '//" -e "s/' EXIT\$//")
trap 'netns_cleanup; '"$netns_previous_trap" EXIT

netns_setup() {
    local veth_a=$MISHMEM_NS_VETH_A veth_b=$MISHMEM_NS_VETH_B
    ip netns add "$MISHMEM_NS_A" &&
        ip netns add "$MISHMEM_NS_B" &&
        ip link add "$veth_a" netns "$MISHMEM_NS_A" type veth peer name "$veth_b" netns "$MISHMEM_NS_B" &&
        ip -n "$MISHMEM_NS_A" addr add "$MISHMEM_NS_ADDR_A/24" dev "$veth_a" &&
        ip -n "$MISHMEM_NS_B" addr add "$MISHMEM_NS_ADDR_B/24" dev "$veth_b" &&
        ip -n "$MISHMEM_NS_A" link set lo up &&
        ip -n "$MISHMEM_NS_B" link set lo up &&
        ip -n "$MISHMEM_NS_A" link set "$veth_a" up &&
        ip -n "$MISHMEM_NS_B" link set "$veth_b" up
}

if ! netns_setup; then
    echo "SKIP: cannot create network namespaces with a veth pair here" >&2
    exit 77
fi
# A veth end reports carrier a moment after it is set up; until then it is
# DOWN and libfabric's tcp provider does not list it (a PE starting that
# early would pick the loopback). Wait for both ends, 30 s at most (a
# loaded machine).
for netns_try in $(seq 300); do
    ip -n "$MISHMEM_NS_A" -br link show dev "$MISHMEM_NS_VETH_A" | grep -qw UP &&
        ip -n "$MISHMEM_NS_B" -br link show dev "$MISHMEM_NS_VETH_B" | grep -qw UP && break
    sleep 0.1
done

# ns_pids: the pids of every process in either namespace.
ns_pids() {
    ip netns pids "$MISHMEM_NS_A"
    ip netns pids "$MISHMEM_NS_B"
}

# expect_namespaces_empty [CONTEXT]: nothing of the job is left on either host.
. "$NETNS_DIR/netns_empty.sh"
