#!/usr/bin/env bash
# libfabric is loaded on demand: libmishmem does not link it, a crash of a
# mishmem program reports its signal (libinfinipath, which libfabric pulls
# in, would turn it into exit status 1 and a .btr file), and a missing
# libfabric fails a cross-host init with a message naming it.
#   ofi_on_demand.sh CASE MISHMEMRUN CRASH_PROGRAM LIBMISHMEM
#   CASE: not_linked | crash_one_host | crash_alone | crash_cross_host | missing_library
set -u
case=$1 run=$2 prog=$3 lib=$4
work=$(mktemp -d "${TMPDIR:-/tmp}/mishmem-ofi-on-demand.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() {
    echo "FAIL ($case): $*" >&2
    [ -s err ] && { echo "--- stderr:" >&2; cat err >&2; }
    exit 1
}
# A crash leaves the signal's status and no libinfinipath backtrace file.
expect_segv() {
    [ "$1" -eq 139 ] || fail "exit status $1, expected 139 (SIGSEGV)"
    ! ls ./*.btr >/dev/null 2>&1 || fail "a .btr file appeared: $(ls ./*.btr)"
}
unset IPATH_NO_BACKTRACE
# Under ASan the kernel, not ASan's report, must end the crashing PE.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0"
case $case in
not_linked)
    needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    [ -n "$needed" ] || fail "readelf found no NEEDED entries in $lib"
    for so in $needed; do
        case $so in
        libc.so.* | libdl.so.* | libpthread.so.* | libm.so.* | ld-linux*) ;;
        *) fail "libmishmem needs $so at load time (only libc, libdl, libpthread, libm are allowed)" ;;
        esac
    done
    ! ldd "$lib" | grep -q libfabric || fail "ldd shows libfabric: $(ldd "$lib")"
    ;;
crash_one_host)
    timeout -k 2 60 "$run" -n 2 "$prog" >out 2>err
    expect_segv $?
    grep -q "PE 1 was killed by signal SIGSEGV" err || fail "the launcher did not name the signal"
    ;;
crash_alone)
    # Started without the launcher: the one PE's own status.
    (timeout -k 2 60 "$prog" >out 2>err)
    expect_segv $?
    ;;
crash_cross_host)
    # Every PE its own host: the instance loads libfabric before the crash.
    MISHMEM_HOST_ID=h%p SHMEM_LOG_LEVEL=DEBUG timeout -k 2 60 "$run" -n 2 "$prog" >out 2>err
    rc=$?
    grep -q "loaded libfabric" err || fail "libfabric was not loaded, so the case tests nothing"
    expect_segv $rc
    ;;
missing_library)
    MISHMEM_HOST_ID=h%p MISHMEM_OFI_LIBRARY=libmishmem-no-such-fabric.so.1 \
        timeout -k 2 60 "$run" -n 2 "$prog" >out 2>err
    rc=$?
    [ "$rc" -ne 124 ] || fail "the job hung"
    [ "$rc" -ne 0 ] && [ "$rc" -lt 128 ] || fail "exit status $rc: expected a clean failure, not $rc"
    grep -q "cannot load libmishmem-no-such-fabric.so.1, which reaching PEs on other hosts needs" err ||
        fail "no message naming the missing library"
    ;;
*)
    fail "unknown case"
    ;;
esac
echo "ok ($case)"
