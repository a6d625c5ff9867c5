#!/usr/bin/env bash
# N "hosts" as network namespaces joined by a Linux bridge that lives in a
# namespace of its own (netns.sh makes two joined by one veth pair; this
# file is for more). Sourced, after setting MISHMEM_NS_HOSTS (2..26,
# default 3):
#   MISHMEM_NS_HOSTS=4 . netns_n.sh
# creates <prefix>-<pid>-a, -b, ... (one per host, named by a letter) and
# <prefix>-<pid>-br (the bridge), one veth pair per host from the host's
# namespace to a port of the bridge, and exports per host letter X (A, B,
# ...) MISHMEM_NS_X (the namespace), MISHMEM_NS_ADDR_X (its IPv4) and
# MISHMEM_NS_VETH_X (its veth end, where netns_faults.sh filters), so
# that ns-agent.sh runs a command "on" any of them, and MISHMEM_NS_NAMES
# (the letters, space-separated). The addresses (10.79.S.1, .2, ... /24, S
# from the pid) exist only inside the namespaces; loopback is up in each.
# MISHMEM_NETNS_PREFIX (default mishmem) starts the namespace names,
# MISHMEM_NETNS_VETH (default mm, 4 characters at most used) the veth
# names. Everything is removed on exit (the EXIT trap already set, e.g.
# tests/tools/lib.sh's, is kept and runs after). Exits 77 (skip) when not
# root, without `ip netns` or unshare, or when the setup fails.

. "$(dirname "${BASH_SOURCE[0]}")/netns_require.sh"

NETNS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
NS_AGENT="$NETNS_DIR/ns-agent.sh"
netns_n_hosts=${MISHMEM_NS_HOSTS:-3}
if ! [[ $netns_n_hosts =~ ^[0-9]+$ ]] || [ "$netns_n_hosts" -lt 2 ] || [ "$netns_n_hosts" -gt 26 ]; then
    echo "netns_n.sh: MISHMEM_NS_HOSTS must be 2..26 (got '$netns_n_hosts')" >&2
    exit 2
fi
netns_n_prefix=${MISHMEM_NETNS_PREFIX:-mishmem}
netns_n_veth=${MISHMEM_NETNS_VETH:-mm}
netns_n_veth=${netns_n_veth:0:4}
netns_n_subnet=$(($$ % 250 + 1))
MISHMEM_NS_BRIDGE="$netns_n_prefix-$$-br"
MISHMEM_NS_NAMES=""
netns_n_letters=(a b c d e f g h i j k l m n o p q r s t u v w x y z)
for ((netns_n_i = 0; netns_n_i < netns_n_hosts; netns_n_i++)); do
    netns_n_x=${netns_n_letters[$netns_n_i]}
    MISHMEM_NS_NAMES+="${MISHMEM_NS_NAMES:+ }$netns_n_x"
    declare -x "MISHMEM_NS_${netns_n_x^^}=$netns_n_prefix-$$-$netns_n_x"
    declare -x "MISHMEM_NS_ADDR_${netns_n_x^^}=10.79.$netns_n_subnet.$((netns_n_i + 1))"
    declare -x "MISHMEM_NS_VETH_${netns_n_x^^}=$netns_n_veth$$h$netns_n_i"
done
export MISHMEM_NS_NAMES MISHMEM_NS_BRIDGE

# netns_n_ns X: the namespace of host letter X.
netns_n_ns() {
    local var="MISHMEM_NS_${1^^}"
    printf '%s\n' "${!var}"
}

netns_n_cleanup() {
    local x ns pid
    for x in $MISHMEM_NS_NAMES br; do
        if [ "$x" = br ]; then ns=$MISHMEM_NS_BRIDGE; else ns=$(netns_n_ns "$x"); fi
        # Whatever a failed run left in a namespace goes with it.
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null; done
        ip netns del "$ns" 2>/dev/null
    done
}

# Chain with an EXIT trap that is already set (lib.sh's cleanup).
netns_n_previous_trap=$(trap -p EXIT | sed -e "s/^trap -- '//" -e "s/' EXIT\$//")
trap 'netns_n_cleanup; '"$netns_n_previous_trap" EXIT

netns_n_setup() {
    local br=$MISHMEM_NS_BRIDGE i=0 x ns addr_var veth_var
    ip netns add "$br" &&
        ip -n "$br" link set lo up &&
        ip -n "$br" link add br0 type bridge forward_delay 0 stp_state 0 &&
        ip -n "$br" link set br0 up || return 1
    for x in $MISHMEM_NS_NAMES; do
        ns=$(netns_n_ns "$x")
        addr_var="MISHMEM_NS_ADDR_${x^^}" veth_var="MISHMEM_NS_VETH_${x^^}"
        ip netns add "$ns" &&
            ip link add "${!veth_var}" netns "$ns" type veth peer name "$netns_n_veth$$p$i" netns "$br" &&
            ip -n "$br" link set "$netns_n_veth$$p$i" master br0 &&
            ip -n "$br" link set "$netns_n_veth$$p$i" up &&
            ip -n "$ns" addr add "${!addr_var}/24" dev "${!veth_var}" &&
            ip -n "$ns" link set lo up &&
            ip -n "$ns" link set "${!veth_var}" up || return 1
        i=$((i + 1))
    done
}

if ! netns_n_setup; then
    echo "SKIP: cannot create $netns_n_hosts network namespaces joined by a bridge here" >&2
    exit 77
fi

# A veth end reports carrier a moment after it is set up; until then
# libfabric's tcp provider does not list it. Wait for every host's end and
# for every host to answer a ping from the first (the bridge learning its
# ports), 30 s at most (a loaded machine).
for netns_n_x in $MISHMEM_NS_NAMES; do
    netns_n_veth_var="MISHMEM_NS_VETH_${netns_n_x^^}"
    for netns_n_try in $(seq 300); do
        ip -n "$(netns_n_ns "$netns_n_x")" -br link show dev "${!netns_n_veth_var}" | grep -qw UP && break
        sleep 0.1
    done
done
if command -v ping >/dev/null; then
    for netns_n_x in $MISHMEM_NS_NAMES; do
        netns_n_addr_var="MISHMEM_NS_ADDR_${netns_n_x^^}"
        ip netns exec "$MISHMEM_NS_A" ping -c 1 -W 30 "${!netns_n_addr_var}" >/dev/null 2>&1 ||
            echo "netns_n.sh: host $netns_n_x (${!netns_n_addr_var}) does not answer a ping from a" >&2
    done
fi

# ns_pids: the pids of every process in any host's namespace.
ns_pids() {
    local x
    for x in $MISHMEM_NS_NAMES; do ip netns pids "$(netns_n_ns "$x")"; done
}

# expect_namespaces_empty [CONTEXT]: nothing of the job is left on any host.
. "$NETNS_DIR/netns_empty.sh"
