#!/usr/bin/env bash
# Which progress an instance across hosts asks libfabric for, and why
# (src/transport/ofi/ofi_progress_choice.h): by default manual while the
# instance's PEs on this kernel are no more than the CPUs the process may
# use, else automatic; MISHMEM_OFI_PROGRESS=manual|auto forces. Every PE
# is its own host (MISHMEM_HOST_ID=h%p) yet they share this kernel, which
# is what counts. The CPUs are narrowed with taskset.
# usage: ofi_progress.sh MISHMEMRUN RING_PROGRAM
set -u
run=$1 ring=$2
out=
fail() { echo "FAIL: $*"; echo "$out"; exit 1; }
export MISHMEM_HOST_ID=h%p
unset MISHMEM_OFI_PROGRESS MISHMEM_OFI_PROVIDER MISHMEM_OFI_ATOMICS
command -v taskset >/dev/null || { echo "SKIP: no taskset"; exit 77; }
cpus=$(nproc)
first_cpu=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*\([0-9]*\).*/\1/p' /proc/self/status)

# expect WHAT WHY [ENV...] -- [TASKSET CPUS]: a 2-PE ring whose every PE
# says "<WHAT> progress (<WHY>)" (WHY an extended regex).
expect() {
    local what=$1 why=$2 pe
    shift 2
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    out=$(env "${envs[@]}" SHMEM_DEBUG=1 "$@" "$run" -n 2 --timeout 60 "$ring" 2>&1) ||
        fail "the run (${envs[*]} $*) failed"
    grep -q 'ring ok' <<<"$out" || fail "no ring (${envs[*]} $*)"
    for pe in 0 1; do
        grep -qE "instance [0-9]+ PE $pe: libfabric provider .*, $what progress \($why\)\$" <<<"$out" ||
            fail "PE $pe did not say '$what progress ($why)' (${envs[*]} $*)"
    done
}

# One CPU for two PEs: the provider's thread.
expect automatic "2 PEs of the instance on this kernel, more than the 1 CPU this process may use" \
    -- taskset -c "$first_cpu"
# As many CPUs as PEs (or more): ours.
if [ "$cpus" -ge 2 ]; then
    expect manual "2 PEs of the instance on this kernel, no more than the $cpus CPUs this process may use" --
fi
# Forced either way, whatever the CPUs.
expect manual "set by MISHMEM_OFI_PROGRESS" MISHMEM_OFI_PROGRESS=manual -- taskset -c "$first_cpu"
expect automatic "set by MISHMEM_OFI_PROGRESS" MISHMEM_OFI_PROGRESS=auto --
# Atomics as messages need our threads, whatever was chosen.
expect manual "atomics as messages: our threads serve them" MISHMEM_OFI_ATOMICS=message -- taskset -c "$first_cpu"

out=$(MISHMEM_OFI_PROGRESS=bogus "$run" -n 2 --timeout 60 "$ring" 2>&1) && fail "MISHMEM_OFI_PROGRESS=bogus accepted"
grep -q 'MISHMEM_OFI_PROGRESS=bogus: expected choose, manual or auto' <<<"$out" || fail "no message for bogus"
echo ok
