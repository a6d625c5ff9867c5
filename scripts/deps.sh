#!/usr/bin/env bash
# Installs what building and testing every part of mishmem needs, from
# Debian's packages, when something is missing: the core (compiler, cmake),
# the libfabric transport between hosts, the PMIx and MPI bootstrap modes,
# and what their tests use (network namespaces, Slurm, munge, nftables).
# Needs root (or run the printed apt-get line). The README's two commands
# and .ci/run call it; a user without root reads the table of parts and
# their packages under the README's "Install".
set -euo pipefail
missing=()
need() { # package, then a test command that succeeds when it is installed
    local package=$1
    shift
    "$@" >/dev/null 2>&1 || missing+=("$package")
}
# Daemons live in /usr/sbin, which is not on every user's PATH.
have() { command -v "$1" || [ -x "/usr/sbin/$1" ]; }
pc() { pkg-config --exists "$1"; }
# The core: a C compiler, cmake, make; pgrep for the tests.
need cmake have cmake
need gcc have cc
need make have make
need procps have pgrep
need libc6-dev test -e /usr/include/stdio.h
need pkg-config have pkg-config
# The libfabric transport (PEs on other hosts) and fi_info for its tests.
need libfabric-dev pc libfabric
need libfabric-bin have fi_info
# The PMIx bootstrap mode (programs started by mpirun or srun --mpi=pmix).
need libpmix-dev pc pmix
# The MPI bootstrap plugin and the tests run by mpirun.
need openmpi-bin have mpirun
need libopenmpi-dev have mpicc
# The --hosts and Slurm tests: network namespaces (ip netns), PID/UTS
# namespaces (unshare), network faults (nft).
need iproute2 have ip
need util-linux have unshare
need nftables have nft
# A two-node Slurm cluster on this machine (tests/slurm).
need slurmctld have slurmctld
need slurmd have slurmd
need slurm-client have srun
need munge have munged
# HMAC-SHA256 for the rendezvous when the kernel has no AF_ALG: libcrypto,
# loaded at run time.
need libssl3 sh -c 'ls /usr/lib/*/libcrypto.so.3 /lib/*/libcrypto.so.3'
# The Python module's tests run Debian's python3 with numpy.
need python3 test -x /usr/bin/python3
need python3-numpy /usr/bin/python3 -c 'import numpy'
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
