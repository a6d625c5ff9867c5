#!/usr/bin/env bash
# Which libfabric provider an instance across hosts uses, and why
# (src/transport/ofi/ofi_provider.c): chosen when MISHMEM_OFI_PROVIDER is
# unset, forced when set, and refused when the PEs of one instance do not
# agree. Every PE is its own host (MISHMEM_HOST_ID=h%p).
# usage: ofi_provider.sh MISHMEMRUN RING_PROGRAM AMO_FORMS_PROGRAM
set -u
run=$1 ring=$2 amo=$3
fail() { echo "FAIL: $*"; echo "$out"; exit 1; }
export MISHMEM_HOST_ID=h%p
unset MISHMEM_OFI_PROVIDER MISHMEM_OFI_ATOMICS

# Unset: this machine has no NIC provider, so the fastest over sockets:
# net where the PEs have a CPU each (2 PEs here, when there are 2 CPUs),
# tcp;ofi_rxm where they outnumber the CPUs (both PEs held to CPU 0).
# expect_chosen PROVIDER WHY [taskset -c CPUS]
expect_chosen() {
    local provider=$1 why=$2
    shift 2
    out=$(SHMEM_DEBUG=1 "$@" "$run" -n 2 --timeout 60 "$ring" 2>&1) || fail "the chosen provider's run failed ($*)"
    [ "$(grep -c 'ring ok' <<<"$out")" -ge 1 ] || fail "no ring ($*)"
    for pe in 0 1; do
        grep -qE "instance [0-9]+ PE $pe: libfabric provider ($provider \(no NIC provider here; the fastest over the kernel's sockets measured $why|[^ ]+ \(a NIC's own provider)" <<<"$out" ||
            fail "PE $pe did not say $provider and why ($*)"
    done
}
if [ "$(nproc)" -ge 2 ]; then
    expect_chosen net "with a CPU per PE on every host" env
fi
expect_chosen 'tcp;ofi_rxm' "with more PEs than CPUs on a host" taskset -c 0

# Forced: udp;ofi_rxd has no atomics with automatic progress, and its own
# (offered with manual progress) crashed in libfabric 1.17, so AMOs go as
# messages whatever the progress (before, the missing atomics made init
# fail). Both progress modes are run.
for progress in auto manual; do
    out=$(SHMEM_DEBUG=1 MISHMEM_OFI_PROGRESS=$progress MISHMEM_OFI_PROVIDER='udp;ofi_rxd' "$run" -n 2 --timeout 60 "$ring" 2>&1) ||
        fail "udp;ofi_rxd with messages, $progress progress, failed"
    grep -qE "instance [0-9]+ PE 1: libfabric provider udp;ofi_rxd \(set by MISHMEM_OFI_PROVIDER\), atomics as messages" <<<"$out" ||
        fail "no line for the forced provider ($progress progress)"
    grep -q '\[ERROR\]' <<<"$out" && fail "an error printed on the way to messages ($progress progress)"
    # Every fetching AMO of every form (they crashed with rxd's own atomics).
    out=$(MISHMEM_OFI_PROGRESS=$progress MISHMEM_OFI_PROVIDER='udp;ofi_rxd' "$run" -n 2 --timeout 60 "$amo" 2>&1) ||
        fail "udp;ofi_rxd, $progress progress: the AMO forms failed"
done

# Its own atomics forced: refused at init with a message, under either
# progress (with manual progress they crashed in fi_cq_read, SIGSEGV).
for progress in auto manual; do
    out=$(MISHMEM_OFI_ATOMICS=fabric MISHMEM_OFI_PROGRESS=$progress MISHMEM_OFI_PROVIDER='udp;ofi_rxd' "$run" -n 2 --timeout 60 "$amo" 2>&1) &&
        fail "MISHMEM_OFI_ATOMICS=fabric on udp;ofi_rxd accepted ($progress progress)"
    grep -q "MISHMEM_OFI_ATOMICS=fabric: the atomics of udp;ofi_rxd crash inside libfabric" <<<"$out" ||
        fail "MISHMEM_OFI_ATOMICS=fabric on udp;ofi_rxd: no message saying why ($progress progress)"
    grep -qiE "segmentation|signal 11|SIGSEGV" <<<"$out" && fail "a crash ($progress progress)"
done

# PEs that disagree (one host set otherwise) are refused at init, naming
# both (with 2 PEs on 2 CPUs or more, auto takes messages: fabric differs).
if [ "$(nproc)" -ge 2 ]; then other_atomics=MISHMEM_OFI_ATOMICS=fabric; else other_atomics=MISHMEM_OFI_ATOMICS=message; fi
for setting in "$other_atomics" "MISHMEM_OFI_PROVIDER=udp;ofi_rxd"; do
    out=$("$run" -n 2 --timeout 60 bash -c "[ \"\$MISHMEM_PE\" = 1 ] && export '$setting'; exec '$ring'" 2>&1) &&
        fail "$setting on PE 1 only was accepted"
    grep -qE "PE [01] uses libfabric provider .* PE [01] uses .*every PE of an instance needs the same" <<<"$out" ||
        fail "$setting on PE 1 only: no message naming both"
    grep -q "ring ok" <<<"$out" && fail "$setting on PE 1 only: the ring ran"
done
echo ok
