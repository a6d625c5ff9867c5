#!/usr/bin/env bash
# What netns.sh and netns_n.sh need before they make namespaces: root,
# `ip netns` and unshare. Sourced; exits 77 (skip) without them.
if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP: network namespaces need root" >&2
    exit 77
fi
if ! command -v ip >/dev/null || ! ip netns list >/dev/null 2>&1; then
    echo "SKIP: 'ip netns' is not available (install iproute2)" >&2
    exit 77
fi
if ! command -v unshare >/dev/null; then
    echo "SKIP: unshare is not available (install util-linux)" >&2
    exit 77
fi
