#!/usr/bin/env bash
# Installs what building and testing mishmem needs, from Debian's packages,
# when something is missing. Needs root (or run the printed apt-get line).
set -euo pipefail
missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v cc >/dev/null || missing+=(gcc)
command -v make >/dev/null || missing+=(make)
command -v pgrep >/dev/null || missing+=(procps)
[ -e /usr/include/stdio.h ] || missing+=(libc6-dev)
# The --hosts tests: network namespaces (ip netns) and PID/UTS namespaces (unshare).
command -v ip >/dev/null || missing+=(iproute2)
command -v unshare >/dev/null || missing+=(util-linux)
# HMAC-SHA256 for the rendezvous when the kernel has no AF_ALG: libcrypto,
# loaded at run time.
ls /usr/lib/*/libcrypto.so.3 /lib/*/libcrypto.so.3 >/dev/null 2>&1 || missing+=(libssl3)
# The Python module's tests run Debian's python3 with numpy.
[ -x /usr/bin/python3 ] || missing+=(python3)
/usr/bin/python3 -c 'import numpy' 2>/dev/null || missing+=(python3-numpy)
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "mishmem needs: ${missing[*]}; run as root: apt-get install -y ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
