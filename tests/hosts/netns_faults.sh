#!/usr/bin/env bash
# Network faults between the two "hosts" of netns.sh, made with nftables
# inside host a's namespace (tc netem is not available on these kernels).
# Sourced after netns.sh:
#   fault_loss PERCENT   drop PERCENT % of the packets each way, at random
#   fault_cut            drop every packet to and from host b
#   fault_heal           remove the fault (the table) again
# Only the veth end is filtered: each namespace's loopback keeps working.
# The table goes with the namespace when the test ends.

if ! command -v nft >/dev/null; then
    echo "SKIP: nft is not available (install nftables)" >&2
    exit 77
fi
FAULT_TABLE=mishmem_fault

# fault_apply RULE: RULE in both directions on host a's veth end, replacing any earlier fault.
fault_apply() {
    local dev=$MISHMEM_NS_VETH_A
    fault_heal
    ip netns exec "$MISHMEM_NS_A" nft -f - <<NFT
table inet $FAULT_TABLE {
    chain in { type filter hook input priority 0; policy accept; iifname "$dev" $1; }
    chain out { type filter hook output priority 0; policy accept; oifname "$dev" $1; }
}
NFT
}

fault_loss() { fault_apply "numgen random mod 100 < $1 drop"; }
fault_cut() { fault_apply "drop"; }
fault_heal() { ip netns exec "$MISHMEM_NS_A" nft delete table inet "$FAULT_TABLE" 2>/dev/null || true; }

# The kit must work here, or the tests skip: a kernel without nf_tables.
if ! fault_loss 0; then
    echo "SKIP: nftables rules cannot be set in a network namespace here" >&2
    exit 77
fi
fault_heal
