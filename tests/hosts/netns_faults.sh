#!/usr/bin/env bash
# Network faults between the "hosts" of netns.sh (or netns_n.sh), made
# with nftables inside one host's namespace (tc netem is not available on
# these kernels): host a's, unless fault_on_host picks another. Sourced
# after netns.sh or netns_n.sh:
#   fault_on_host X      make the faults on host X (a, b, c, ...) from now on
#   fault_loss PERCENT   drop PERCENT % of the packets each way, at random
#   fault_cut            drop every packet to and from the other hosts
#   fault_heal           remove the fault (the table) again
# Only the host's veth end is filtered: each namespace's loopback keeps
# working. The table goes with the namespace when the test ends.

if ! command -v nft >/dev/null; then
    echo "SKIP: nft is not available (install nftables)" >&2
    exit 77
fi
FAULT_TABLE=mishmem_fault
FAULT_NS=

# fault_apply RULE: RULE in both directions on the host's veth end, replacing any earlier fault.
fault_apply() {
    local dev=$FAULT_DEV
    fault_heal
    ip netns exec "$FAULT_NS" nft -f - <<NFT
table inet $FAULT_TABLE {
    chain in { type filter hook input priority 0; policy accept; iifname "$dev" $1; }
    chain out { type filter hook output priority 0; policy accept; oifname "$dev" $1; }
}
NFT
}

fault_loss() { fault_apply "numgen random mod 100 < $1 drop"; }
fault_cut() { fault_apply "drop"; }
fault_heal() { ip netns exec "$FAULT_NS" nft delete table inet "$FAULT_TABLE" 2>/dev/null || true; }

# fault_on_host X: the namespace and veth end of host X (MISHMEM_NS_X,
# MISHMEM_NS_VETH_X); a fault left on the previous host is healed first.
fault_on_host() {
    local ns_var="MISHMEM_NS_${1^^}" dev_var="MISHMEM_NS_VETH_${1^^}"
    [ -n "${!ns_var:-}" ] && [ -n "${!dev_var:-}" ] || fail "fault_on_host: no host '$1'"
    [ -z "${FAULT_NS:-}" ] || fault_heal
    FAULT_NS=${!ns_var} FAULT_DEV=${!dev_var}
}
fault_on_host a

# The kit must work here, or the tests skip: a kernel without nf_tables.
if ! fault_loss 0; then
    echo "SKIP: nftables rules cannot be set in a network namespace here" >&2
    exit 77
fi
fault_heal
